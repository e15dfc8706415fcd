"""What every board drawing shares, whatever its shape: a part of the board, line weights, its outline."""

from __future__ import annotations

import math

from papergame.records import NamedTuple
from papergame.layout.grid import XY, Side, chains
from papergame.layout.primitives import Item, Polygon
from papergame.model.board import Board, Cell, Position

GRID_LINE = 0.25
BORDER = 0.6


def heading_into(board: Board, port: str) -> float:
    """Degrees clockwise from north of the direction from `port` into its cell."""
    n = board.shape.inward(port)
    return math.degrees(math.atan2(n.x, n.y)) % 360


class Part(NamedTuple):
    """A block of the board's columns and rows that goes on one sheet."""

    number: int
    cols: range
    rows: range  # rows of the board, south to north
    neighbours: dict  # edge -> number of the part across that edge

    def holds_cell(self, cell: Cell) -> bool:
        return cell.col in self.cols and cell.row in self.rows

    def holds(self, position: Position) -> bool:
        return self.holds_cell(position.cell)

    def cells(self, board: Board) -> list[Cell]:
        return [c for c in board.cells if self.holds_cell(c)]

    def seam(self, board: Board, side: Side) -> str | None:
        """Which seam a side lies on (left, right, top, bottom), or None: inside the part or on the board's edge.

        A side whose cell across is in another column belongs to a left or right seam, so a
        hexagon column's zigzag stays one seam.
        """
        if side.across not in board or self.holds_cell(side.across):
            return None
        if side.across.col not in self.cols:
            return "left" if side.across.col < self.cols.start else "right"
        return "bottom" if side.across.row < self.rows.start else "top"


def outline_items(board: Board, sides: list[Side], seams: list[Side], join: float) -> list[Item]:
    """The seams between parts `join` wide, and the board's edge, as paths of cell sides."""
    items: list[Item] = []
    edges = [s for s in sides if s.across not in board]
    for path in chains(seams):
        items.append(Polygon(tuple(path), width=join, stroke=0.0, fill=None, closed=False))
    for path in chains(edges):
        closed = len(path) > 2 and _same(path[0], path[-1])
        items.append(Polygon(tuple(path[:-1] if closed else path), width=BORDER, stroke=0.0, fill=None,
                             closed=closed))
    return items


def _same(a: XY, b: XY) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6
