"""Where a board's cells lie on a page, in millimetres, for every shape (GEOMETRY.md).

The model gives cell corners and ports in tile units (a cell is 1 high, (0, 0) is the
board's south-west corner). A `Grid` places that board on a page: a tile size in mm and
the page position of the board's (0, 0). Pages ask it for a cell's outline, its ports and
the sides it shares, so none of them assumes square cells.

>>> from papergame.model.board import Board, Cell
>>> from papergame.model.geometry import TileShape, standard_ports
>>> hexes = Grid(Board(tuple("AB"), tuple("12"), TileShape(*standard_ports("hexagon", 1))), 30.0, 10.0, 20.0)
>>> [round(v, 3) for v in hexes.centre(Cell(1, 0))]
[53.301, 50.0]
>>> len(hexes.sides(hexes.board.cells))  # 4 cells x 6 sides, less the 5 they share
19
"""

from __future__ import annotations

from typing import Sequence

from papergame.records import NamedTuple
from papergame.model.board import Board, Cell, Position
from papergame.model.geometry import Point

XY = tuple[float, float]


class Side(NamedTuple):
    """One side of a cell on the page, drawn once even where two cells share it."""

    start: XY
    end: XY
    cell: Cell
    name: str  # the side's name in `cell` (N, NE, ...)
    across: Cell  # the cell on the other side; it may lie off the board


class Grid(NamedTuple):
    board: Board
    tile: float  # mm: a square's side, a hexagon's distance between its flat sides
    x: float  # page position of the board's south-west corner (tile units (0, 0)), mm
    y: float

    def at(self, p: Point) -> XY:
        return (self.x + p.x * self.tile, self.y + p.y * self.tile)

    def moved(self, dx: float, dy: float) -> "Grid":
        return self._replace(x=self.x + dx, y=self.y + dy)

    def outline(self, cell: Cell) -> tuple[XY, ...]:
        """The cell's corners clockwise from the top-left one."""
        return tuple(self.at(p) for p in self.board.cell_corners(cell))

    def centre(self, cell: Cell) -> XY:
        return self.at(self.board.cell_centre(cell))

    def port(self, position: Position) -> XY:
        return self.at(self.board.port_point(position))

    def inward(self, port: str) -> Point:
        """Unit vector from a port into its cell (the same on the page: north is up)."""
        return self.board.shape.inward(port)

    def cell_sides(self, cell: Cell) -> list[Side]:
        corners = self.outline(cell)
        n = len(corners)
        return [Side(corners[i], corners[(i + 1) % n], cell, name, self.board.neighbour(cell, name))
                for i, name in enumerate(self.board.shape.sides)]

    def sides(self, cells: Sequence[Cell]) -> list[Side]:
        """Every side of the cells given, a side two of them share only once."""
        chosen = set(cells)
        out = []
        for cell in cells:
            for side in self.cell_sides(cell):
                if side.across in chosen and side.across < cell:
                    continue  # drawn with the other cell
                out.append(side)
        return out

    def extent(self, cells: Sequence[Cell]) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) in mm of the cells' outlines."""
        left, bottom, right, top = self.board.extent(cells)
        return (self.x + left * self.tile, self.y + bottom * self.tile,
                self.x + right * self.tile, self.y + top * self.tile)


def chains(sides: Sequence[Side]) -> list[list[XY]]:
    """Sides joined end to end into paths (a seam between two parts of a board, say).

    >>> s = [Side((1, 0), (1, 1), Cell(0, 0), "E", Cell(1, 0)), Side((1, 2), (1, 1), Cell(0, 1), "E", Cell(1, 1))]
    >>> chains(s)
    [[(1, 0), (1, 1), (1, 2)]]
    """
    def key(p: XY) -> XY:
        return (round(p[0], 6), round(p[1], 6))

    left = [(s.start, s.end) for s in sides]
    paths: list[list[XY]] = []
    while left:
        a, b = left.pop()
        path = [a, b]
        grown = True
        while grown:
            grown = False
            for i, (p, q) in enumerate(left):
                for u, v in ((p, q), (q, p)):
                    if key(u) == key(path[-1]):
                        path.append(v)
                    elif key(v) == key(path[0]):
                        path.insert(0, u)
                    else:
                        continue
                    left.pop(i)
                    grown = True
                    break
                if grown:
                    break
        # a path runs south to north, or west to east when it is wider than tall
        dx, dy = path[-1][0] - path[0][0], path[-1][1] - path[0][1]
        if (dy < 0) if abs(dy) > abs(dx) else (dx < 0):
            path.reverse()
        paths.append(path)
    return sorted(paths)
