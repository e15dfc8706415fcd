"""The host key of a shared-path game: who wins with perfect play, and a strategy to explain.

The answer and the strategy come from the solver: proved by dominoes (`model.matching`)
when they apply, else searched; where neither answers, the page says why. Nothing on this
page is typed in.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.errors import SolveError
from papergame.layout.blocks import BODY, CAPTION
from papergame.layout.paper import STANDARD, Sheet, profile_of
from papergame.layout.shapes import shape_layout
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.model.board import Cell
from papergame.model.definition import GameDefinition
from papergame.model.matching import DominoStrategy, Gap, domino_verdict
from papergame.model.solver import solve
from papergame.text import Texts

KEY_SIZE = BODY  # the type scale of every page of the kit (blocks.py): body 11 pt, headings 13, title 19.8
# (each page sets them by its type profile: `profile_of(metrics).body` and so on)
CELL = 14.0  # mm, a cell of the domino diagram
LABEL = 4.0


def domino_diagram(definition: GameDefinition, strategy: DominoStrategy, texts: Texts,
                   label: float = CAPTION) -> tuple[list[Item], float, float]:
    """The board drawn small, every domino outlined thick, the cell left alone shaded.

    Square boards only (the diagram is a grid); returns items with the bottom-left at the
    origin, and the width and height.
    """
    board = definition.board
    cols, rows = len(board.columns), len(board.rows)
    x0 = y0 = margin = max(LABEL, 1.2 + 0.8 * label)  # the letters' room: more for a profile's larger type
    items: list[Item] = []
    if strategy.alone is not None:
        a = strategy.alone
        items.append(Rect(x0 + a.col * CELL, y0 + a.row * CELL, CELL, CELL, width=0, stroke=None, fill=0.85))
    for c in range(cols + 1):
        items.append(Line(x0 + c * CELL, y0, x0 + c * CELL, y0 + rows * CELL, width=0.2, stroke=0.55))
    for r in range(rows + 1):
        items.append(Line(x0, y0 + r * CELL, x0 + cols * CELL, y0 + r * CELL, width=0.2, stroke=0.55))
    inset = 1.2
    for a, b in strategy.dominoes:
        lo = Cell(min(a.col, b.col), min(a.row, b.row))
        w = (abs(a.col - b.col) + 1) * CELL
        h = (abs(a.row - b.row) + 1) * CELL
        items.append(Rect(x0 + lo.col * CELL + inset, y0 + lo.row * CELL + inset, w - 2 * inset, h - 2 * inset,
                          width=0.9))
    for c, name in enumerate(board.columns):
        items.append(Text(x0 + (c + 0.5) * CELL, y0 + rows * CELL + 1.2, name, label, anchor="middle"))
    for r, name in enumerate(board.rows):
        items.append(Text(x0 - 1.2, y0 + (r + 0.5) * CELL - label / 3, name, label, anchor="end"))
    return items, x0 + cols * CELL, y0 + rows * CELL + margin


def shared_host_key_pages(ctx: PageContext) -> list[Sheet]:
    return shared_host_key_page(ctx.game, ctx.texts, ctx.paper, ctx.metrics).chain()


def shared_host_key_page(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> Sheet:
    t = profile_of(metrics)
    sheet = Sheet("host-key", paper, metrics, continued=lambda more: more.title(
        texts.get("kit.continued", title=texts.get("path_key.title"))))
    board = definition.board
    start = definition.tokens[0].start
    sheet.title(texts.get("path_key.title"))
    keep = texts.get("path_key.keep_away")
    if t is STANDARD:
        fit_line(keep, sheet.width - 6, t.body, metrics, True, "path_key.keep_away")
        bottom = sheet.take(9, "the banner")
        sheet.add(Rect(sheet.x, bottom + 0.5, sheet.width, 8, width=0.8, stroke=0.0, fill=None, dash=(2.0, 1.2)))
        sheet.add(Text(sheet.x + 3, bottom + 3.0, keep, t.body, bold=True))
    else:  # a profile's larger type: the banner as tall as its lines
        lines = wrap(keep, sheet.width - 6, t.body, metrics, True, "path_key.keep_away")
        high = len(lines) * t.body * 1.3 + 2.5
        bottom = sheet.take(high + 1, "the banner")
        sheet.add(Rect(sheet.x, bottom + 0.5, sheet.width, high, width=0.8, stroke=0.0, fill=None, dash=(2.0, 1.2)))
        for i, line in enumerate(lines):
            sheet.add(Text(sheet.x + 3, bottom + 0.5 + high - (i + 1) * t.body * 1.3 + 0.6, line, t.body, bold=True))

    sheet.heading(texts.get("path_key.answer_heading"), t.heading)
    line = "path_key.board_line" if definition.rules.supply == "unlimited" else "path_key.board_line_kit"
    sheet.paragraph(texts.get(line, columns=len(board.columns), rows=len(board.rows),
                              start=texts.position(board, start)), size=t.body, what=line)
    try:
        solution = solve(definition)
    except SolveError:
        solution = None  # not answered here (kit supply, or too large): the page says only what it knows
    strategy = solution.strategy if solution else None
    gap = solution.gap if solution else domino_verdict(definition).gap
    if solution is None:
        unsolved = "path_key.unsolved_supply" if gap is not None and gap.reason == "supply" else "path_key.unsolved_large"
        sheet.paragraph(texts.get(unsolved, cells=texts.whole(len(board.cells))), size=t.body, bold=True, what=unsolved)
    else:
        verdict = {"first": "wins_first", "second": "wins_second"}.get(solution.winner, "draw")
        sheet.paragraph(texts.get(f"path_key.{verdict}"), size=t.body, bold=True, what=f"path_key.{verdict}")
        cell = board.cell_name(start.cell)
        if solution.winning_moves:
            moves = ", ".join(m.partition(":")[2] for m in solution.winning_moves)
            sheet.paragraph(texts.get("path_key.winning_moves", cell=cell, moves=moves), size=t.body,
                            indent=t.body * 1.3, bullet="•", what="path_key.winning_moves")
        elif not solution.undecided:
            sheet.paragraph(texts.get("path_key.no_winning_move", cell=cell), size=t.body, indent=t.body * 1.3, bullet="•",
                            what="path_key.no_winning_move")
        if solution.undecided:
            moves = ", ".join(m.partition(":")[2] for m in solution.undecided)
            sheet.paragraph(texts.get("path_key.undecided", moves=moves), size=t.body, indent=t.body * 1.3, bullet="•",
                            what="path_key.undecided")
        if solution.method == "matching":
            sheet.paragraph(texts.get("path_key.proved"), size=t.body, indent=t.body * 1.3, bullet="•", what="path_key.proved")
        if solution.positions:
            sheet.paragraph(texts.get("path_key.positions", count=texts.whole(solution.positions)), size=t.body,
                            indent=t.body * 1.3, bullet="•", what="path_key.positions")

    sheet.heading(texts.get("path_key.strategy_heading"), t.heading)
    if strategy is None:
        why_not = gap_sentence(definition, gap, texts)
        if why_not:
            sheet.paragraph(why_not, size=t.body, what="path_key.none")
        return sheet
    if strategy.alone is None:
        sheet.paragraph(texts.get("path_key.strategy_even"), size=t.body, what="path_key.strategy_even")
    else:
        sheet.paragraph(texts.get("path_key.strategy_odd", cell=board.cell_name(strategy.alone)), size=t.body,
                        what="path_key.strategy_odd")
    sheet.gap(1)
    sheet.paragraph(texts.get("path_key.why"), size=t.body, what="path_key.why")
    sheet.paragraph(texts.get("path_key.strategy_checked"), size=t.body, bold=True, what="path_key.strategy_checked")
    if shape_layout(definition.shape).domino_grid:  # a grid of squares: the dominoes on it
        items, w, h = domino_diagram(definition, strategy, texts, t.caption)
        bottom = captioned(sheet, texts.get("path_key.diagram"), h)
        sheet.add(Group(sheet.x + (sheet.width - w) / 2, bottom, 0, tuple(items)))
    else:
        pairs = ", ".join(f"{board.cell_name(a)}–{board.cell_name(b)}" for a, b in strategy.dominoes)
        sheet.paragraph(texts.get("path_key.domino_list", pairs=pairs), size=t.body, what="path_key.domino_list")
        diagram, w, h = honeycomb_dominoes(definition, strategy, sheet.width, t.least)
        bottom = captioned(sheet, texts.get("path_key.diagram"), h)
        sheet.add(diagram(sheet.x + (sheet.width - w) / 2, bottom))
    return sheet


def captioned(sheet: Sheet, caption: str, high: float) -> float:
    """Room for a diagram `high` mm tall under its bold caption, centred and wrapped to the sheet's width; the
    caption is set; returns the diagram's bottom. The last line's baseline stands `drop` over the diagram, so its
    descenders clear the column letters at any size; a line of standard body has the 6 mm it always had."""
    body = sheet.type.body
    lines = wrap(caption, sheet.width, body, sheet.metrics, True, "path_key.diagram")
    drop = max(2.0, 0.23 * body + 1.0)
    step = body * sheet.type.leading
    sheet.gap(3)
    bottom = sheet.take(high + drop + max(4.0, 0.95 * body) + (len(lines) - 1) * step, "the domino diagram")
    for i, line in enumerate(lines):
        sheet.add(Text(sheet.x + sheet.width / 2, bottom + high + drop + (len(lines) - 1 - i) * step, line, body,
                       bold=True, anchor="middle"))
    return bottom


def honeycomb_dominoes(definition: GameDefinition, strategy: DominoStrategy, room: float, least: float = 0.0):
    """Any shape's board drawn small, each domino a thick bar joining its two cells' centres, the cell left alone
    shaded: (a function placing it at a bottom-left corner, its width, its height)."""
    from papergame.layout.diagram import Diagram

    board = definition.board
    probe = Diagram(definition, (0, len(board.columns) - 1), (0, len(board.rows) - 1), 1.0)
    cell = min(CELL, (room - 12) / probe.grid_w, 120 / probe.grid_h)
    d = Diagram(definition, probe.cols, probe.rows, cell, type_labels=False,
                shaded=(strategy.alone,) if strategy.alone is not None else (), least=least)
    left, bottom, _, _ = d.margins()
    centre = definition.shape.centre

    def at(c: Cell) -> tuple[float, float]:
        x, y = d.local(c)
        return x + centre.x * cell, y + centre.y * cell

    def place(x: float, y: float) -> Item:
        bars: list[Item] = []
        for a, b in strategy.dominoes:
            (x1, y1), (x2, y2) = at(a), at(b)
            bars.append(Line(x1, y1, x2, y2, width=cell * 0.22, cap="round"))
        return Group(0, 0, 0, (d.items(x, y), Group(x + left, y + bottom, 0, tuple(bars))))

    return place, d.width, d.height


def gap_sentence(definition: GameDefinition, gap: Gap | None, texts: Texts) -> str | None:
    """Why no domino strategy is printed, in the page's language."""
    if gap is None or gap.reason == "rules":
        return None
    if gap.reason == "tiles" and gap.tiles is not None:
        return texts.get("path_key.none_tiles", port=gap.tiles.port, side=gap.tiles.side)
    if gap.reason == "supply":
        return texts.get("path_key.none_supply")
    board = definition.board
    return texts.get("path_key.none_covering", cells=texts.whole(len(board.cells)),
                     cell=board.cell_name(definition.tokens[0].start.cell))
