""""Win in N": the players' rules page and the teacher's guide, as the single-loop puzzles have.

The rules page goes after the sheets, once a file: the shared path's rule in short, what
"win in N" counts, a worked win in 1 (the position as a sheet prints it, and beside it the
same board with the winning tile laid and shaded), and how to check an answer with the
kit's tiles. The example is made for the game being printed, by the solver (`activities.win_in`),
so it is true of that game's tiles and board. The guide goes after the keys, in the host's
file: what to print for whom, the levels, class sets and reprints, marking against the key.
"""

from __future__ import annotations

from papergame.activities.win_in import WinPuzzle
from papergame.layout.context import PageContext
from papergame.layout.win_layout import WinLayout, layout_of, rules_example, short
from papergame.layout.paper import Sheet
from papergame.layout.textflow import wrap

EXAMPLE_CELL = 12.0  # mm: the example boards, two side by side
MIN_EXAMPLE_CELL = 7.0


def titled(layout: WinLayout, name: str, key: str) -> Sheet:
    """A page with its title, going on to a second sheet where a profile's larger type needs one (large and clear
    print together)."""
    title = layout.texts.get(key)
    sheet = Sheet(name, layout.paper, layout.metrics,
                  continued=lambda more: more.title(layout.texts.get("kit.continued", title=title)))
    sheet.title(layout.texts.get(key))  # at the sheets' type profile's title size; wrapped only in a larger profile
    sheet.gap(2.0)
    return sheet


def rules_page(layout: WinLayout, example: WinPuzzle) -> Sheet:
    """How to play, for the players, with `example` (a win in 1 on this game's board) worked: on one sheet, the
    example's boards shrunk (to 7 mm cells) to leave the tip room below them; where it still has none (large and
    clear print together), the tip goes on to a second sheet and the boards take the first one's room."""
    first = laid_rules(layout, example, tip_below=True)
    return first if first.next is None else laid_rules(layout, example, tip_below=False)


def laid_rules(layout: WinLayout, example: WinPuzzle, tip_below: bool) -> Sheet:
    texts = layout.texts
    sheet = titled(layout, "win-rules", "win_sheet.rules_title")
    for key in ("win_sheet.rules_game", "win_sheet.rules_goal"):
        sheet.paragraph(texts.get(key), size=layout.t.body, what=key)
        sheet.gap(1.5)
    cell, first = short(example.tree.move)
    sheet.paragraph(texts.get("win_sheet.rules_example", tile=first, cell=cell), size=layout.t.body, bold=True,
                    what="win_sheet.rules_example")
    sheet.gap(2.0)
    half = sheet.width / 2
    tip = wrap(texts.get("win_sheet.rules_tip"), sheet.width, layout.t.body, layout.metrics, what="win_sheet.rules_tip")
    room = sheet.room - (len(tip) * layout.t.body * sheet.type.leading + 8.0 if tip_below else 4.0)
    size = EXAMPLE_CELL
    while size > MIN_EXAMPLE_CELL and (layout.diagram(example, size).width > half - 4.0
                                       or layout.diagram(example, size).height + 2.0 > room):
        size -= 0.5
    puzzle = layout.diagram(example, size)
    answer = layout.diagram(example, size)
    tile, _, turn = first.partition("@")
    answer.tiles[example.path.cell] = (layout.definition.tile_type(int(tile)), int(turn or 0))
    bottom = sheet.take(puzzle.height + 2.0, "the example")
    for k, d in enumerate((puzzle, answer)):
        sheet.add(d.items(sheet.x + k * half + (half - d.width) / 2, bottom + 1.0))
    sheet.gap(4.0)
    sheet.paragraph(texts.get("win_sheet.rules_tip"), size=layout.t.body, what="win_sheet.rules_tip")
    return sheet


def guide_page(layout: WinLayout) -> Sheet:
    """The teacher's guide, with the keys."""
    sheet = titled(layout, "win-guide", "win_sheet.guide_title")
    for key in ("win_sheet.guide_print", "win_sheet.guide_levels", "win_sheet.guide_class", "win_sheet.guide_check"):
        sheet.paragraph(layout.texts.get(key), size=layout.t.body, what=key)
        sheet.gap(2.0)
    return sheet


# --- the page kinds: pages(ctx) over the win sheets' PageContext (its document a SheetSet) ----------


def rules_pages(ctx: PageContext) -> list[Sheet]:
    """How to play, once after the sheets, named in its footer."""
    rules = rules_page(layout_of(ctx), rules_example(ctx.game)).chain()  # one sheet; two in large and clear print
    for sheet in rules:
        sheet.label = ctx.texts.get("win_sheet.rules_label")
    return rules


def guide_pages(ctx: PageContext) -> list[Sheet]:
    """The teacher's guide, once after the keys in the host's file, named in its footer."""
    guide = guide_page(layout_of(ctx)).chain()
    for sheet in guide:
        sheet.label = ctx.texts.get("win_sheet.guide_label")
    return guide
