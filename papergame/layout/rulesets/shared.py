"""The pages of the shared-path game: its rules, record sheet, host key (the solver's answer) and guide.

Their modules (and the solver) are imported when a shared-path kit first asks for its pages, so a build of
another rule set does not pay for them.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.text import Texts


class SharedPathPages:
    name = "shared"

    def worksheet_title(self, texts: Texts, level: str) -> str:
        from papergame.activities.win_in import LEVEL_MOVES

        moves = LEVEL_MOVES[level]
        return texts.get("win_sheet.title_1" if moves == 1 else "win_sheet.title", moves=moves)

    def puzzles_per_sheet(self, ctx: PageContext, asked: int | None) -> int:
        from papergame.layout.win_layout import puzzles_per_sheet

        return puzzles_per_sheet(ctx, asked)

    def rules(self, ctx: PageContext) -> list[Sheet]:
        from papergame.layout.pages.shared_rules_sheet import shared_rules_pages

        return shared_rules_pages(ctx)

    def record(self, ctx: PageContext) -> list[Sheet]:
        from papergame.layout.pages.shared_record_sheet import shared_record_pages

        return shared_record_pages(ctx)

    def host_key(self, ctx: PageContext) -> list[Sheet]:
        from papergame.layout.pages.shared_host_key import shared_host_key_pages

        return shared_host_key_pages(ctx)

    def guide(self, ctx: PageContext) -> list[Sheet]:
        from papergame.layout.pages.shared_guide import shared_guide_pages

        return shared_guide_pages(ctx)


PAGES = SharedPathPages()
