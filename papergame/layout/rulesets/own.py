"""The pages of the own-token game (GAME.md): its rules, record sheet, host key and teacher's guide."""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.pages.guide import guide_pages
from papergame.layout.pages.host_key import host_key_pages
from papergame.layout.pages.record_sheet import record_pages
from papergame.layout.pages.rules_sheet import rules_pages
from papergame.layout.paper import Sheet
from papergame.text import Texts


class OwnPathPages:
    name = "own"
    def worksheet_title(self, texts: Texts, level: str) -> str:
        return texts.get("worksheet.title")

    def puzzles_per_sheet(self, ctx: PageContext, asked: int | None) -> int:
        from papergame.layout.worksheet_layout import puzzles_per_sheet

        return puzzles_per_sheet(ctx, asked)

    def rules(self, ctx: PageContext) -> list[Sheet]:
        return rules_pages(ctx)

    def record(self, ctx: PageContext) -> list[Sheet]:
        return record_pages(ctx)

    def host_key(self, ctx: PageContext) -> list[Sheet]:
        return host_key_pages(ctx)

    def guide(self, ctx: PageContext) -> list[Sheet]:
        return guide_pages(ctx)


PAGES = OwnPathPages()
