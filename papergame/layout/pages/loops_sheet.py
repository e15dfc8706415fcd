"""Single-loop clue squares: the puzzle sheets, their keys (or the tile version's boards and tiles), the rules and
the teacher's guide, each a page kind over one PageContext whose document is a LoopSet, laid out by the plan of
`layout/loops_layout.py`."""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.loops_layout import layout_of
from papergame.layout.paper import Sheet


def labelled(sheets: list[Sheet], label: str) -> list[Sheet]:
    for sheet in sheets:
        sheet.label = label
    return sheets


def sheet_pages(ctx: PageContext) -> list[Sheet]:
    """A page a sheet of the class set, or in the tile version each puzzle's board and its tiles to cut, each
    named in its footer by the sheet's number."""
    layout, texts = layout_of(ctx), ctx.texts
    pages: list[Sheet] = []
    for number, seed, puzzles in ctx.loops.sheets:
        label = texts.get("worksheet.sheet", number=number)
        if ctx.loops.tiles:
            for puzzle in puzzles:
                pages += labelled([layout.tile_board(number, seed, puzzle)] + layout.tile_sheets(number, puzzle), label)
        else:
            pages += labelled([layout.page(number, seed, list(puzzles), key=False)], label)
    return pages


def key_pages(ctx: PageContext) -> list[Sheet]:
    """A key page a sheet: its puzzles where the sheet has them, with the loop drawn."""
    layout, texts = layout_of(ctx), ctx.texts
    return [labelled([layout.page(number, seed, list(puzzles), key=True)], texts.get("worksheet.sheet", number=number))[0]
            for number, seed, puzzles in ctx.loops.sheets]


def rules_pages(ctx: PageContext) -> list[Sheet]:
    """How to play, once a file after the sheets (one page, but in a larger profile its words may go on)."""
    return labelled(layout_of(ctx).rules_pages(), ctx.texts.get("loops.rules_label"))


def guide_pages(ctx: PageContext) -> list[Sheet]:
    """The teacher's guide, after the keys in the host's file."""
    return labelled(layout_of(ctx).guide_pages(), ctx.texts.get("loops.guide_label"))
