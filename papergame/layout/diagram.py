"""Small board diagrams: a window of the board with tiles in their turns and tokens on ports.

Drawn with the same tile art as the cut-out tiles. Used by the rules, the host key and the
practice sheets; the positions shown always come from the rules engine.
"""

from __future__ import annotations

import math
from typing import Any
from dataclasses import field
from papergame.records import dataclass
from functools import lru_cache

from papergame.model.board import Board, Cell, Position
from papergame.model.definition import GameDefinition, TileType
from papergame.layout.board_grid import heading_into
from papergame.layout.blocks import SMALLEST_READ
from papergame.model.geometry import Point
from papergame.layout.primitives import Group, Item, Text
from papergame.layout.shapes import shape_layout
from papergame.layout.textflow import Metrics
from papergame.layout.tile_art import TYPE_DROP, TYPE_RISE, free_box, labels, on_ground, tile_art, token_art, turned

LABEL_SIZE = SMALLEST_READ  # the row and column names pupils copy into their answers: 10 pt
LABEL_BAND = 4.2
SHADE = 0.86  # grey of a shaded cell
NOTE_SIZE = 2.5  # 7.1 pt: nothing printed under 7 pt
MARKER_GAP = 1.0  # mm between two tokens of a diagram that would stand side by side (a way out beside the start)


@lru_cache(maxsize=512)
def drawn_tile(shape, tile: TileType, size: float, metrics: Any, least: float = 0.0) -> tuple[Item, ...]:
    """A tile's art for a diagram, made once per look (the items are frozen, so they can be shared); with its type
    number measured by `metrics`, the page's (they key the cache as the object they are; None: no number)."""
    return tuple(tile_art(shape, tile, size, type_label=str(tile.id) if metrics else None, outline=False,
                          least=least, metrics=metrics))


def label_band(least: float = 0.0) -> float:
    """The room a diagram keeps for its column letters and row numbers, wider for a profile's larger ones."""
    return LABEL_BAND + (max(LABEL_SIZE, least) - LABEL_SIZE) * 1.3


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


@lru_cache(maxsize=256)
def window_extent(board: Board, cols: tuple[int, int], rows: tuple[int, int]) -> tuple[float, float, float, float]:
    """`Board.extent` of the window: every cell, port and marker of a diagram is placed from
    it, so it is worked out once for each window of each board, not at every use."""
    return board.extent([Cell(c, r) for c in range(cols[0], cols[1] + 1) for r in range(rows[0], rows[1] + 1)])


@dataclass
class Diagram:
    """A window of the board, columns `cols` and rows `rows` (first and last index), cells `cell` mm high.

    Works for every shape: cells lie where `Board.cell_origin` puts them, so a hexagon board
    shows a honeycomb window.
    """

    definition: GameDefinition
    cols: tuple[int, int]  # first and last column shown
    rows: tuple[int, int]  # first and last row shown
    cell: float
    tiles: dict[Cell, tuple[TileType, int]] = field(default_factory=dict)
    markers: list[Marker] = field(default_factory=list)
    type_labels: bool = True  # each tile's type number, turned with its tile
    shaded: tuple[Cell, ...] = ()  # cells with a light grey ground, under their tiles
    notes: dict[Cell, str] = field(default_factory=dict)  # a short text where its tile leaves room
    least: float = 0.0  # no word smaller than this (a type profile's least size, paper.TypeProfile)
    metrics: Metrics | None = None  # the page's, that measure the type numbers and notes (a diagram with either)

    @property
    def label_size(self) -> float:
        """The column and row names' size, and the notes' (`note_size`): the standard ones, or the profile's least."""
        return max(LABEL_SIZE, self.least)

    @property
    def measure(self) -> Metrics:
        """The metrics its type numbers and notes are measured by."""
        if self.metrics is None:
            raise TypeError("a diagram with type numbers or notes needs the page's metrics to measure them")
        return self.metrics

    @property
    def note_size(self) -> float:
        return max(NOTE_SIZE, self.least)

    @property
    def label_band(self) -> float:
        return label_band(self.least)

    @property
    def board(self) -> Board:
        return self.definition.board

    @property
    def window(self) -> list[Cell]:
        return [Cell(c, r) for c in range(self.cols[0], self.cols[1] + 1) for r in range(self.rows[0], self.rows[1] + 1)]

    @property
    def _extent(self) -> tuple[float, float, float, float]:
        return window_extent(self.board, tuple(self.cols), tuple(self.rows))

    @property
    def grid_w(self) -> float:
        left, _, right, _ = self._extent
        return (right - left) * self.cell

    @property
    def grid_h(self) -> float:
        _, bottom, _, top = self._extent
        return (top - bottom) * self.cell

    @property
    def token_r(self) -> float:
        return max(2.2, self.cell * 0.14)

    def marker_centres(self) -> list[tuple[float, float, float]]:
        """Each marker's centre (grid frame) and heading."""
        return [self.marker_place(m) for m in self.markers]

    @property
    def staggered(self) -> int | None:
        """The first column of the window that is not level with the window's first column (a hexagon board's
        columns sit half a cell up and down), or None when every column is level."""
        _, y0 = self.local(Cell(self.cols[0], self.rows[0]))
        for col in range(self.cols[0] + 1, self.cols[1] + 1):
            if abs(self.local(Cell(col, self.rows[0]))[1] - y0) > 1e-6:
                return col
        return None

    def margins(self) -> tuple[float, float, float, float]:
        """Room outside the grid (left, bottom, right, top): labels on top and left (and right, for staggered
        columns), tokens where they stand."""
        right = self.label_band if self.staggered is not None else 1.0
        left, bottom, top = self.label_band, 1.0, self.label_band
        r = self.token_r + 0.75
        for cx, cy, _ in self.marker_centres():
            left = max(left, r - cx)
            bottom = max(bottom, r - cy)
            right = max(right, cx + r - self.grid_w)
            top = max(top, cy + r - self.grid_h)
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
        """The bottom-left corner of a cell's bounding box, in the grid's frame (mm)."""
        left, bottom, _, _ = self._extent
        o = self.board.cell_origin(cell)
        return (o.x - left) * self.cell, (o.y - bottom) * self.cell

    def port_xy(self, cell: Cell, port: str) -> tuple[float, float]:
        p = self.board.shape.port_point(port)
        x, y = self.local(cell)
        return x + p.x * self.cell, y + p.y * self.cell

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        x, y = self.local(cell)
        return [(x + p.x * self.cell, y + p.y * self.cell) for p in self.board.shape.corners()]

    def items(self, x: float, y: float) -> Item:
        """The diagram with the bottom-left corner of its margin at (x, y)."""
        out: list[Item] = []
        board = self.board
        drawing = shape_layout(board.shape)
        for cell in self.shaded:
            lx, ly = self.local(cell)
            out.append(drawing.cell_fill(self.corners(cell), lx, ly, self.cell, SHADE))
        width = board.shape.width * self.cell
        numbered: Any = self.measure if self.type_labels and self.tiles else None  # hashable: it keys drawn_tile
        for (c, r), (tile, rotation) in self.tiles.items():
            lx, ly = self.local(Cell(c, r))
            art = list(drawn_tile(board.shape, tile, self.cell, numbered, self.least))
            if Cell(c, r) in self.shaded:
                art = on_ground(art, SHADE)
            out.append(turned(art, self.cell, rotation, lx, ly, width))
        out += drawing.diagram_lines(self) + self.axis_labels()
        for cell, text in self.notes.items():
            out.append(self.note(cell, text))
        for marker in self.markers:
            out += self.marker_items(marker)
        left, bottom, _, _ = self.margins()
        return Group(x + left, y + bottom, 0, tuple(out))

    def axis_labels(self) -> list[Item]:
        board = self.board
        out: list[Item] = []
        half_w = board.shape.width * self.cell / 2
        for col in range(self.cols[0], self.cols[1] + 1):
            x, _ = self.local(Cell(col, self.rows[0]))
            out.append(Text(x + half_w, self.grid_h + 1.2, board.columns[col], self.label_size, bold=True,
                            anchor="middle"))
        for row in range(self.rows[0], self.rows[1] + 1):
            _, y = self.local(Cell(self.cols[0], row))
            out.append(Text(-1.4, y + 0.5 * self.cell - self.label_size * 0.36, board.rows[row], self.label_size, bold=True,
                            anchor="end"))
        other = self.staggered
        if other is not None:  # the rows of the columns half a cell up or down, named level with them at the right
            for row in range(self.rows[0], self.rows[1] + 1):
                _, y = self.local(Cell(other, row))
                out.append(Text(self.grid_w + 1.4, y + 0.5 * self.cell - self.label_size * 0.36, board.rows[row],
                                self.label_size, bold=True))
        return out

    def note(self, cell: Cell, text: str) -> Group:
        """`text` where the cell's tile leaves room (top left if it can); words stacked one above the other."""
        lx, ly = self.local(cell)
        shape = self.board.shape
        words = text.split()
        size = self.note_size
        step = size * 1.05
        w = max(self.measure.width(word, size, True) for word in words)
        h = step * (len(words) - 1) + size * 0.76
        pad = 0.8
        spot = None
        if cell in self.tiles:
            tile, rotation = self.tiles[cell]
            pairs = tuple((shape.rotate(a, rotation), shape.rotate(b, rotation)) for a, b in tile.pairs)
            taken = tuple(self.type_box(tile, rotation)) if self.type_labels else ()
            spot = free_box(shape, pairs, self.cell, w, h, Point(0.25 * shape.width, 0.8), taken)
        if spot is None:  # an empty cell, or no room: the top-left of the cell's box
            spot = (pad + shape_layout(shape).label_inset(shape) * self.cell,
                    self.cell - pad - h)
        x, y = lx + spot[0], ly + spot[1]
        items = [Text(x, y + h - size * 0.74 - i * step, word, size, bold=True)
                 for i, word in enumerate(words)]
        return Group(0, 0, 0, tuple(items))

    def type_box(self, tile: TileType, rotation: int) -> list[tuple[float, float, float, float]]:
        """The bounding box (mm, cell frame) of a tile's type number once the tile is turned."""
        shape = self.board.shape
        found = [lb for lb in labels(shape, tuple(tile.pairs), self.cell, str(tile.id), None, self.measure)]
        if not found:
            return []
        lb = found[0]
        cx, cy = shape.width * self.cell / 2, self.cell / 2
        t = math.radians(-rotation)  # clockwise turn
        xs, ys = [], []
        for px in (lb.x, lb.x + lb.w):
            for py in (lb.y - TYPE_DROP * lb.size, lb.y + TYPE_RISE * lb.size):
                dx, dy = px - cx, py - cy
                xs.append(cx + dx * math.cos(t) - dy * math.sin(t))
                ys.append(cy + dx * math.sin(t) + dy * math.cos(t))
        return [(min(xs), min(ys), max(xs), max(ys))]

    def outside(self, port: str, r: float) -> float:
        """How far outside the grid a token's centre sits, clear of the labels (top and left, and right when the
        columns are staggered)."""
        n = self.board.shape.inward(port)
        labelled = n.y < 0 or n.x > 0 or (n.x < 0 and self.staggered is not None)
        return r + 0.75 + (self.label_band if labelled else 0.0)

    def marker_place(self, marker: Marker) -> tuple[float, float, float]:
        """A marker's centre in the grid's frame and its heading (degrees clockwise from north)."""
        r = self.token_r
        if marker.position is not None:
            cx, cy = self.port_xy(marker.position.cell, marker.position.port)
            heading = heading_into(self.board, marker.position.port)
            if self.board.is_edge_entry(marker.position):
                # a token entering from outside the board waits just outside it
                n = self.board.shape.inward(marker.position.port)
                d = self.outside(marker.position.port, r)
                cx, cy = cx - n.x * d, cy - n.y * d
            return cx, cy, heading
        cell, port = marker.departure
        px, py = self.port_xy(cell, port)
        n = self.board.shape.inward(port)
        d = self.outside(port, r)
        # a token that left by a port beside another token's place (the eight-port game's start at A1/S1, gone out
        # by S2) stands further out, a clear gap beyond it, so the two never overlap
        others = [self.marker_place(m) for m in self.markers if m.position is not None]
        clear = 2 * r + MARKER_GAP
        for _ in range(64):
            if all(math.hypot(px - n.x * d - ox, py - n.y * d - oy) >= clear for ox, oy, _ in others):
                break
            d += r / 8
        return px - n.x * d, py - n.y * d, (heading_into(self.board, port) + 180) % 360

    def marker_items(self, marker: Marker) -> list[Item]:
        cx, cy, heading = self.marker_place(marker)
        return token_art(marker.kind, cx, cy, self.token_r, heading, outline_only=marker.outline)
