"""Small board diagrams: a window of the board with tiles in their turns and tokens on ports.

Drawn with the same tile art as the cut-out tiles. Used by the rules, the host key and the
practice sheets; the positions shown always come from the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from papergame.model.board import Board, Cell, Position
from papergame.model.definition import GameDefinition, TileType
from papergame.layout.pages.board_sheet import heading_into
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.tile_art import tile_art, token_art, turned

LABEL_SIZE = 2.8
LABEL_BAND = 4.0
SHADE = 0.86  # grey of a shaded cell
NOTE_SIZE = 2.3


@lru_cache(maxsize=512)
def drawn_tile(shape, tile: TileType, size: float, type_label: bool, ports: bool) -> tuple[Item, ...]:
    """A tile's art for a diagram, made once per look (the items are frozen, so they can be shared)."""
    return tuple(tile_art(shape, tile, size, type_label=str(tile.id) if type_label else None,
                          outline=False, ports=ports))


@dataclass
class Marker:
    """A token drawn on a diagram: at an entry port, or just outside the edge it left by."""

    kind: str  # token name: "white" or "black"
    position: Position | None = None  # standing here
    left_from: tuple[Cell, str] | None = None  # or: left the board from this cell through this port
    outline: bool = False  # an outline marks where a token was, a full token where it is

    @property
    def departure(self) -> tuple[Cell, str]:
        """The cell and port a marker that is not at an entry port left the board by."""
        assert self.left_from is not None, "a marker stands at a port or beside the edge it left by"
        return self.left_from


@dataclass
class Diagram:
    definition: GameDefinition
    cols: tuple[int, int]  # first and last column shown
    rows: tuple[int, int]  # first and last row shown
    cell: float
    tiles: dict[Cell, tuple[TileType, int]] = field(default_factory=dict)
    markers: list[Marker] = field(default_factory=list)
    port_names: bool = True  # the tiles' own port names (N, E, ...) inside each tile
    type_labels: bool = True  # each tile's type number, in the corner it has turned to
    shaded: tuple[Cell, ...] = ()  # cells with a light grey ground, under their tiles
    notes: dict[Cell, str] = field(default_factory=dict)  # a short text in the corner its tile leaves free

    @property
    def board(self) -> Board:
        return self.definition.board

    @property
    def grid_w(self) -> float:
        return (self.cols[1] - self.cols[0] + 1) * self.cell

    @property
    def grid_h(self) -> float:
        return (self.rows[1] - self.rows[0] + 1) * self.cell

    @property
    def token_r(self) -> float:
        return max(2.2, self.cell * 0.14)

    def marker_sides(self) -> set[tuple[float, float]]:
        """Inward directions of the edges that a marker stands outside."""
        sides = set()
        for m in self.markers:
            port = m.position.port if m.position is not None else m.departure[1]
            if m.position is None or self.board.is_edge_entry(m.position):
                n = self.board.shape.inward(port)
                sides.add((n.x, n.y))
        return sides

    def margins(self) -> tuple[float, float, float, float]:
        """Room outside the grid (left, bottom, right, top): labels on top and left, tokens where they stand."""
        outside = self.marker_sides()
        token = 2 * self.token_r + 1.5
        left = LABEL_BAND + (token if (1, 0) in outside else 0)
        right = 1 + (token if (-1, 0) in outside else 0)
        bottom = 1 + (token if (0, 1) in outside else 0)
        top = LABEL_BAND + (token if (0, -1) in outside else 0)
        return left, bottom, right, top

    @property
    def width(self) -> float:
        left, _, right, _ = self.margins()
        return self.grid_w + left + right

    @property
    def height(self) -> float:
        _, bottom, _, top = self.margins()
        return self.grid_h + bottom + top

    def local(self, cell: Cell) -> tuple[float, float]:
        return ((cell.col - self.cols[0]) * self.cell, (cell.row - self.rows[0]) * self.cell)

    def port_xy(self, cell: Cell, port: str) -> tuple[float, float]:
        p = self.board.shape.port_point(port)
        x, y = self.local(cell)
        return x + p.x * self.cell, y + p.y * self.cell

    def items(self, x: float, y: float) -> Item:
        """The diagram with the bottom-left corner of its margin at (x, y)."""
        out: list[Item] = []
        board = self.board
        for cell in self.shaded:
            lx, ly = self.local(cell)
            out.append(Rect(lx, ly, self.cell, self.cell, width=0, stroke=None, fill=SHADE))
        for (c, r), (tile, rotation) in self.tiles.items():
            lx, ly = self.local(Cell(c, r))
            art = drawn_tile(board.shape, tile, self.cell, self.type_labels, self.port_names)
            out.append(turned(list(art), self.cell, rotation, lx, ly))
        out += self.grid()
        for cell, text in self.notes.items():
            out.append(self.note(cell, text))
        for marker in self.markers:
            out += self.marker_items(marker)
        left, bottom, _, _ = self.margins()
        return Group(x + left, y + bottom, 0, tuple(out))

    def grid(self) -> list[Item]:
        """Cell lines; a thick line where the real board ends, a thin one where it goes on."""
        board = self.board
        out: list[Item] = []
        w, h = self.grid_w, self.grid_h
        ncols, nrows = len(board.columns), len(board.rows)
        for i in range(self.cols[1] - self.cols[0] + 2):
            col = self.cols[0] + i
            edge = col in (0, ncols)
            out.append(Line(i * self.cell, 0, i * self.cell, h, width=0.6 if edge else 0.2))
        for j in range(self.rows[1] - self.rows[0] + 2):
            row = self.rows[0] + j
            edge = row in (0, nrows)
            out.append(Line(0, j * self.cell, w, j * self.cell, width=0.6 if edge else 0.2))
        for i, col in enumerate(range(self.cols[0], self.cols[1] + 1)):
            out.append(Text((i + 0.5) * self.cell, h + 1.2, board.columns[col], LABEL_SIZE, bold=True, anchor="middle"))
        for j, row in enumerate(range(self.rows[0], self.rows[1] + 1)):
            out.append(Text(-1.4, (j + 0.5) * self.cell - LABEL_SIZE * 0.36, board.rows[row], LABEL_SIZE, bold=True, anchor="end"))
        return out

    def free_corner(self, cell: Cell) -> int:
        """A corner of the cell (0 top-left, clockwise) that no line of its tile curves round,
        and that the type number, when drawn, does not sit in."""
        corners = self.board.shape.corners()
        if cell not in self.tiles:
            return 0
        tile, rotation = self.tiles[cell]
        shape = self.board.shape
        taken = set()
        for a, b in tile.pairs:
            corner = shape.shared_corner(shape.rotate(a, rotation), shape.rotate(b, rotation))
            if corner is not None:
                taken.add(corners.index(corner))
        if self.type_labels:  # the number sits top-left as printed and turns with the tile
            taken.add((rotation // shape.step_degrees) % len(corners))
        return next((i for i in (0, 1, 3, 2) if i not in taken), 0)

    def note(self, cell: Cell, text: str) -> Group:
        """`text` in a corner of the cell that its tile leaves free; words stacked one above the other."""
        lx, ly = self.local(cell)
        corner = self.free_corner(cell)
        pad = 0.8
        right = corner in (1, 2)
        top = corner in (0, 1)
        x = lx + (self.cell - pad if right else pad)
        step = NOTE_SIZE * 1.05
        words = text.split()
        items = []
        for i, word in enumerate(words):
            k = i if top else len(words) - 1 - i
            y = ly + self.cell - pad - NOTE_SIZE * 0.75 - k * step if top else ly + pad + k * step
            items.append(Text(x, y, word, NOTE_SIZE, bold=True, anchor="end" if right else "start"))
        return Group(0, 0, 0, tuple(items))

    def outside(self, port: str, r: float) -> float:
        """How far outside the grid a token's centre sits, clear of the labels (top and left)."""
        n = self.board.shape.inward(port)
        return r + 0.75 + (LABEL_BAND if n.y < 0 or n.x > 0 else 0.0)

    def marker_items(self, marker: Marker) -> list[Item]:
        r = self.token_r
        if marker.position is not None:
            cx, cy = self.port_xy(marker.position.cell, marker.position.port)
            heading = heading_into(self.board, marker.position.port)
            if self.board.is_edge_entry(marker.position):
                # a token entering from outside the board waits just outside it
                n = self.board.shape.inward(marker.position.port)
                d = self.outside(marker.position.port, r)
                cx, cy = cx - n.x * d, cy - n.y * d
        else:
            cell, port = marker.departure
            px, py = self.port_xy(cell, port)
            n = self.board.shape.inward(port)
            d = self.outside(port, r)
            cx, cy = px - n.x * d, py - n.y * d
            heading = (heading_into(self.board, port) + 180) % 360
        return token_art(marker.kind, cx, cy, r, heading, outline_only=marker.outline)
