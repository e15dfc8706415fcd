"""The board: named columns and rows of cells, and the ports where tokens stand.

Columns run west to east and rows south to north, so `Cell(0, 0)` is the south-west
corner. A token always stands at an entry port: the port through which it is about to
enter a cell, written `CELL/PORT` (`A2/S`).

>>> from papergame.model.geometry import Point, TileShape
>>> board = Board(tuple("ABCDE"), tuple("12345"), TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W")))
>>> board.parse_cell("b3"), board.cell_name(Cell(4, 4))
(Cell(col=1, row=2), 'E5')
>>> board.position_name(board.step_out(Cell(0, 0), "N")), board.step_out(Cell(0, 0), "W")
('A2/S', None)
>>> board.is_edge_entry(Position(Cell(0, 0), "S")), board.is_edge_entry(Position(Cell(1, 1), "S"))
(True, False)
"""

from __future__ import annotations

from functools import cached_property

from papergame.records import NamedTuple, dataclass
from papergame.model.geometry import Point, TileShape


class Cell(NamedTuple):
    col: int
    row: int


class Position(NamedTuple):
    """A token about to enter `cell` through its `port`."""

    cell: Cell
    port: str


@dataclass(frozen=True)
class Board:
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    shape: TileShape

    def __contains__(self, cell: Cell) -> bool:
        return 0 <= cell.col < len(self.columns) and 0 <= cell.row < len(self.rows)

    @property
    def cells(self) -> list[Cell]:
        """Every cell, row by row from the south-west corner."""
        return [Cell(c, r) for r in range(len(self.rows)) for c in range(len(self.columns))]

    def cell_name(self, cell: Cell) -> str:
        return self.columns[cell.col] + self.rows[cell.row]

    def position_name(self, position: Position | None) -> str:
        return "out" if position is None else f"{self.cell_name(position.cell)}/{position.port}"

    def parse_cell(self, text: str) -> Cell | None:
        """The cell called `text`, or None if the board has no such cell.

        Names are matched case-insensitively: `a1` is `A1`.
        """
        wanted = text.strip().upper()
        for c, col in enumerate(self.columns):
            if wanted.startswith(col.upper()):
                rest = wanted[len(col.upper()):]  # "ß".upper() is "SS": longer than the name
                for r, row in enumerate(self.rows):
                    if rest == row.upper():
                        return Cell(c, r)
        return None

    def parse_position(self, text: str) -> Position | None:
        cell_text, sep, port = text.partition("/")
        cell = self.parse_cell(cell_text)
        port = port.strip().upper()
        ports = {p.upper(): p for p in self.shape.ports}
        if not sep or cell is None or port not in ports:
            return None
        return Position(cell, ports[port])

    def neighbour(self, cell: Cell, side_or_port: str) -> Cell:
        """The cell across the side that a port sits on (it may lie off the board).

        Squares: N is row + 1, E column + 1. Flat-top hexagons stand in vertical columns,
        odd columns (B, D, ...) half a cell higher, so NE and SE of a cell depend on its column.

        >>> from papergame.model.geometry import Point, TileShape
        >>> hexes = Board(tuple("ABC"), tuple("123"), TileShape(("N", "NE", "SE", "S", "SW", "NW"),
        ...                                                     ("N", "NE", "SE", "S", "SW", "NW")))
        >>> hexes.neighbour(Cell(0, 0), "NE"), hexes.neighbour(Cell(1, 0), "NE"), hexes.neighbour(Cell(1, 0), "SW")
        (Cell(col=1, row=0), Cell(col=2, row=1), Cell(col=0, row=0))
        """
        key = (cell, side_or_port)
        known = self._neighbours.get(key)
        if known is None:
            dc, dr = self.shape.form.neighbour_step(cell.col, self.shape.side_index(side_or_port))
            known = self._neighbours[key] = Cell(cell.col + dc, cell.row + dr)
        return known

    # What the board's geometry worked out once, by what was asked (a build asks thousands of times).
    @cached_property
    def _neighbours(self) -> dict[tuple[Cell, str], Cell]:
        return {}

    @cached_property
    def _origins(self) -> dict[Cell, Point]:
        return {}

    @cached_property
    def _port_points(self) -> dict[Position, Point]:
        return {}

    @cached_property
    def _corners(self) -> dict[Cell, tuple[Point, ...]]:
        return {}

    # --- where cells lie, in tile units (a cell is 1 high; (0, 0) is the board's south-west) ---

    def cell_origin(self, cell: Cell) -> Point:
        """The bottom-left corner of a cell's bounding box.

        Hexagon columns are 3/4 of a tile's width apart, and odd columns sit half a cell higher.
        """
        known = self._origins.get(cell)
        if known is None:
            known = self._origins[cell] = self.shape.form.cell_origin(cell.col, cell.row, self.shape.width)
        return known

    def port_point(self, position: Position) -> Point:
        """Where a cell's port lies on the board."""
        known = self._port_points.get(position)
        if known is None:
            o, p = self.cell_origin(position.cell), self.shape.port_point(position.port)
            known = self._port_points[position] = Point(o.x + p.x, o.y + p.y)
        return known

    def cell_corners(self, cell: Cell) -> tuple[Point, ...]:
        known = self._corners.get(cell)
        if known is None:
            o = self.cell_origin(cell)
            known = self._corners[cell] = tuple(Point(o.x + c.x, o.y + c.y) for c in self.shape.corners())
        return known

    def cell_centre(self, cell: Cell) -> Point:
        o, c = self.cell_origin(cell), self.shape.centre
        return Point(o.x + c.x, o.y + c.y)

    def extent(self, cells=None) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the cells given (every cell by default), corners included."""
        xs, ys = [], []
        for cell in self.cells if cells is None else cells:
            for p in self.cell_corners(cell):
                xs.append(p.x)
                ys.append(p.y)
        return min(xs), min(ys), max(xs), max(ys)

    def step_out(self, cell: Cell, port: str) -> Position | None:
        """Leave `cell` through `port`: the entry port of the next cell, or None if off the board."""
        nxt = self.neighbour(cell, port)
        if nxt not in self:
            return None
        return Position(nxt, self.shape.facing(port))

    def is_edge_entry(self, position: Position) -> bool:
        """True if the port faces off the board, so a token there enters from outside."""
        return position.cell in self and self.neighbour(position.cell, position.port) not in self
