"""The host key of a shared-path game: who wins with perfect play, and a strategy to explain.

The answer comes from the solver and the strategy from `model.strategy`, which checks it
with the engine before it is printed; nothing on this page is typed in.
"""

from __future__ import annotations

from papergame.errors import SolveError
from papergame.layout.paper import BODY_SIZE, SMALL_SIZE, Sheet
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line
from papergame.model.board import Cell
from papergame.model.definition import GameDefinition
from papergame.model.solver import solve
from papergame.model.strategy import DominoStrategy, domino_strategy
from papergame.text import Texts

KEY_SIZE = BODY_SIZE - 0.2
CELL = 14.0  # mm, a cell of the domino diagram
LABEL = 4.0


def domino_diagram(definition: GameDefinition, strategy: DominoStrategy, texts: Texts) -> tuple[list[Item], float, float]:
    """The board drawn small, every domino outlined thick, the cell left alone shaded.

    Square boards only (the diagram is a grid); returns items with the bottom-left at the
    origin, and the width and height.
    """
    board = definition.board
    cols, rows = len(board.columns), len(board.rows)
    x0, y0 = LABEL, LABEL
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
        items.append(Text(x0 + (c + 0.5) * CELL, y0 + rows * CELL + 1.2, name, SMALL_SIZE, anchor="middle"))
    for r, name in enumerate(board.rows):
        items.append(Text(x0 - 1.2, y0 + (r + 0.5) * CELL - SMALL_SIZE / 3, name, SMALL_SIZE, anchor="end"))
    return items, x0 + cols * CELL, y0 + rows * CELL + LABEL


def shared_host_key_page(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> Sheet:
    sheet = Sheet("host-key", paper, metrics, continued=lambda more: more.title(
        texts.get("kit.continued", title=texts.get("path_key.title"))))
    board = definition.board
    start = definition.tokens[0].start
    sheet.title(texts.get("path_key.title"))
    keep = texts.get("path_key.keep_away")
    fit_line(keep, sheet.width - 6, BODY_SIZE + 0.4, metrics, True, "path_key.keep_away")
    bottom = sheet.take(9, "the banner")
    sheet.add(Rect(sheet.x, bottom + 0.5, sheet.width, 8, width=0.8, stroke=0.0, fill=None, dash=(2.0, 1.2)))
    sheet.add(Text(sheet.x + 3, bottom + 3.2, keep, BODY_SIZE + 0.4, bold=True))

    sheet.heading(texts.get("path_key.answer_heading"))
    sheet.paragraph(texts.get("path_key.board_line", columns=len(board.columns), rows=len(board.rows),
                              start=texts.position(board, start)), size=KEY_SIZE, what="path_key.board_line")
    try:
        solution = solve(definition)
    except SolveError:
        solution = None  # not solvable here (kit supply, or too large): the page says only what it knows
    strategy = None
    if solution is not None:
        verdict = {"first": "wins_first", "second": "wins_second"}.get(solution.winner, "draw")
        sheet.paragraph(texts.get(f"path_key.{verdict}"), size=KEY_SIZE, bold=True, what=f"path_key.{verdict}")
        cell = board.cell_name(start.cell)
        if solution.winning_moves:
            moves = ", ".join(m.partition(":")[2] for m in solution.winning_moves)
            sheet.paragraph(texts.get("path_key.winning_moves", cell=cell, moves=moves), size=KEY_SIZE,
                            indent=3, bullet="•", what="path_key.winning_moves")
        else:
            sheet.paragraph(texts.get("path_key.no_winning_move", cell=cell), size=KEY_SIZE, indent=3, bullet="•",
                            what="path_key.no_winning_move")
        sheet.paragraph(texts.get("path_key.positions", count=texts.whole(solution.positions)), size=KEY_SIZE, indent=3,
                        bullet="•", what="path_key.positions")
        strategy = domino_strategy(definition)

    sheet.heading(texts.get("path_key.strategy_heading"))
    if strategy is None:
        sheet.paragraph(texts.get("path_key.strategy_none"), size=KEY_SIZE, what="path_key.strategy_none")
        return sheet
    if strategy.alone is None:
        sheet.paragraph(texts.get("path_key.strategy_even"), size=KEY_SIZE, what="path_key.strategy_even")
    else:
        sheet.paragraph(texts.get("path_key.strategy_odd", cell=board.cell_name(strategy.alone)), size=KEY_SIZE,
                        what="path_key.strategy_odd")
    sheet.gap(1)
    sheet.paragraph(texts.get("path_key.why"), size=KEY_SIZE, what="path_key.why")
    sheet.paragraph(texts.get("path_key.strategy_checked"), size=KEY_SIZE, bold=True, what="path_key.strategy_checked")
    if len(definition.shape.sides) == 4:
        items, w, h = domino_diagram(definition, strategy, texts)
        sheet.gap(3)
        bottom = sheet.take(h + 6, "the domino diagram")
        x = sheet.x + (sheet.width - w) / 2
        sheet.add(Text(sheet.x + sheet.width / 2, bottom + h + 2, texts.get("path_key.diagram"), BODY_SIZE,
                       bold=True, anchor="middle"))
        sheet.add(Group(x, bottom, 0, tuple(items)))
    return sheet
