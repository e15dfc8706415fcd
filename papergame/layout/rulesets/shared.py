"""The pages of the shared-path game: its rules, record sheet, host key (the solver's answer) and guide."""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.pages.shared_guide import shared_guide_pages
from papergame.layout.pages.shared_host_key import shared_host_key_pages
from papergame.layout.pages.shared_record_sheet import shared_record_pages
from papergame.layout.pages.shared_rules_sheet import shared_rules_pages
from papergame.layout.paper import Sheet


class SharedPathPages:
    name = "shared"

    def rules(self, ctx: PageContext) -> list[Sheet]:
        return shared_rules_pages(ctx)

    def record(self, ctx: PageContext) -> list[Sheet]:
        return shared_record_pages(ctx)

    def host_key(self, ctx: PageContext) -> list[Sheet]:
        return shared_host_key_pages(ctx)

    def guide(self, ctx: PageContext) -> list[Sheet]:
        return shared_guide_pages(ctx)


PAGES = SharedPathPages()
