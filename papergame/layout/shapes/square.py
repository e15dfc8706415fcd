"""Square tiles and boards on the page: rows and columns, whole grid lines, straight cuts served by crop marks."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from papergame.layout.board_grid import BORDER, GRID_LINE, Part, outline_items
from papergame.layout.context import PageContext
from papergame.layout.grid import Grid, XY
from papergame.layout.pieces import MARK_BAND, MARK_GAP, MARK_LEN, DrawEdges, DrawTile, PrintedTile
from papergame.layout.primitives import Group, Item, Line, Rect
from papergame.model.board import Board, Cell
from papergame.model.geometry import TileShape

if TYPE_CHECKING:
    from papergame.layout.diagram import Diagram


def crop_marks(occupied: set[tuple[int, int]], x0: float, top: float, tile: float) -> list[Item]:
    """Marks at both ends of every cut line of a block of tiles, just outside the block.

    `occupied` holds (column, row) slots counted from the top-left. A cut line runs along a
    grid line as far as tiles touch it; its marks continue it beyond both ends, so a ruler
    laid on the two marks cuts exactly along the line, and cutting one row off still leaves
    the marks of the next.
    """
    items: list[Item] = []
    if not occupied:
        return items
    cols = max(c for c, _ in occupied) + 1
    rows = max(r for _, r in occupied) + 1

    def mark(x1, y1, x2, y2):
        items.append(Line(x1, y1, x2, y2, width=0.25))

    for gx in range(cols + 1):
        touching = [r for (c, r) in occupied if c in (gx - 1, gx)]
        if not touching:
            continue
        y_top, y_bottom = top - min(touching) * tile, top - (max(touching) + 1) * tile
        x = x0 + gx * tile
        mark(x, y_top + MARK_GAP, x, y_top + MARK_GAP + MARK_LEN)
        mark(x, y_bottom - MARK_GAP, x, y_bottom - MARK_GAP - MARK_LEN)
    for gy in range(rows + 1):
        touching = [c for (c, r) in occupied if r in (gy - 1, gy)]
        if not touching:
            continue
        x_left, x_right = x0 + min(touching) * tile, x0 + (max(touching) + 1) * tile
        y = top - gy * tile
        mark(x_left - MARK_GAP, y, x_left - MARK_GAP - MARK_LEN, y)
        mark(x_right + MARK_GAP, y, x_right + MARK_GAP + MARK_LEN, y)
    return items


class SquareBlock:
    """Square tiles in rows, `cols` to a row, read from the top-left."""

    def __init__(self, ctx: PageContext, draw: DrawTile, edges: DrawEdges | None = None):
        self.ctx = ctx
        self.draw = draw
        self.edges = edges  # what a tile draws past its open sides (its lines' bleed), if anything

    def columns(self, width: float) -> int:
        return math.floor((width - 2 * MARK_BAND) / self.ctx.tile)

    def rows(self, height: float, cols: int) -> int:
        return math.floor((height - 2 * MARK_BAND) / self.ctx.tile)

    def width(self, cols: int) -> float:
        return cols * self.ctx.tile

    def height(self, count: int, cols: int) -> float:
        return math.ceil(count / cols) * self.ctx.tile

    def items(self, tiles: list[PrintedTile], cols: int, x0: float, top: float) -> list[Item]:
        size, guides = self.ctx.tile, self.ctx.cut_guides
        items: list[Item] = []
        occupied = {(i % cols, i // cols) for i in range(len(tiles))}
        for i, printed in enumerate(tiles):
            c, r = i % cols, i // cols
            # the sides with no tile across them: their lines bleed past the edge
            open_sides = {side for side, across in (("N", (c, r - 1)), ("E", (c + 1, r)), ("S", (c, r + 1)),
                                                      ("W", (c - 1, r))) if across not in occupied}
            items.append(Group(x0 + c * size, top - (r + 1) * size, 0,
                               tuple((self.edges(printed, open_sides) if self.edges else [])
                                     + self.draw(printed, guides in ("lines", "both")))))
        if guides in ("marks", "both"):
            items += crop_marks(occupied, x0, top, size)
        return items

    def cuts(self, count: int, cols: int, x0: float, top: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The x of every vertical cut and the y of every horizontal one: each runs on to the paper's edges,
        as a ruler laid on its marks (or a guillotine) cuts it, so nothing else may stand on its line.

        >>> from types import SimpleNamespace
        >>> SquareBlock(SimpleNamespace(tile=35.0), None).cuts(7, 5, 10.0, 100.0)
        ((10.0, 45.0, 80.0, 115.0, 150.0, 185.0), (100.0, 65.0, 30.0))
        """
        used, rows = min(cols, count), math.ceil(count / cols)
        size = self.ctx.tile
        return (tuple(x0 + i * size for i in range(used + 1)), tuple(top - j * size for j in range(rows + 1)))

    def free_beside_last_row(self, count: int, cols: int, x0: float, top: float,
                             floor: float | None = None) -> tuple[float, float, float, float] | None:
        """The room (left, bottom, right, top) beside a short last row, clear of the marks above it (as tall as
        the row whatever the `floor`: the crop marks below the block continue its column cuts)."""
        used = count % cols
        if used == 0:
            return None
        rows = math.ceil(count / cols)
        bottom = top - rows * self.ctx.tile
        return (x0 + used * self.ctx.tile + MARK_BAND, bottom, x0 + cols * self.ctx.tile,
                bottom + self.ctx.tile - MARK_BAND)


class SquareLayout:
    """What a square tile shape draws its own way."""

    name = "square"
    cell_names = False  # a cell's name is plain from its row and column
    strip_grid_lines = True  # the grid lines run on across an overlap strip, to line the next part up
    side_key = False  # N E S W need no key on a worksheet
    domino_grid = True  # the shared path's host key draws its dominoes on the board's grid of squares

    def port_names(self, per_side: int) -> bool:
        """One port a side is named by its side: no names on the board."""
        return per_side > 1

    def tile_block(self, ctx: PageContext, draw: DrawTile, edges: DrawEdges | None = None) -> SquareBlock:
        return SquareBlock(ctx, draw, edges)

    def outline(self, shape: TileShape, size: float, ink: float) -> Item:
        return Rect(0, 0, size, size, width=0.2, stroke=ink, fill=None, role="cut", cut="cut")

    def cell_fill(self, corners: list[XY], x: float, y: float, size: float, fill: float) -> Item:
        return Rect(x, y, size, size, width=0, stroke=None, fill=fill)

    def label_inset(self, shape: TileShape) -> float:
        """Where, across a cell's box, a label in its top-left corner may start (tile units)."""
        return 0.0

    def diagram_lines(self, d: Diagram) -> list[Item]:
        """A diagram's cell lines; a thick line where the real board ends, a thin one where it goes on."""
        board = d.board
        out: list[Item] = []
        w, h = d.grid_w, d.grid_h
        ncols, nrows = len(board.columns), len(board.rows)
        for i in range(d.cols[1] - d.cols[0] + 2):
            col = d.cols[0] + i
            edge = col in (0, ncols)
            out.append(Line(i * d.cell, 0, i * d.cell, h, width=0.6 if edge else 0.2))
        for j in range(d.rows[1] - d.rows[0] + 2):
            row = d.rows[0] + j
            edge = row in (0, nrows)
            out.append(Line(0, j * d.cell, w, j * d.cell, width=0.6 if edge else 0.2))
        return out

    def grid_items(self, board: Board, part: Part, grid: Grid, join: float) -> list[Item]:
        """Whole grid lines, as a ruler would draw them, in the part's outline."""
        cells = part.cells(board)
        items: list[Item] = []
        left, bottom, right, top = grid.extent(cells)
        for c in range(part.cols.start + 1, part.cols.stop):
            x = grid.at(board.cell_origin(Cell(c, 0)))[0]
            items.append(Line(x, bottom, x, top, width=GRID_LINE))
        for r in range(part.rows.start + 1, part.rows.stop):
            y = grid.at(board.cell_origin(Cell(0, r)))[1]
            items.append(Line(left, y, right, y, width=GRID_LINE))
        if not part.neighbours:
            items.append(Rect(left, bottom, right - left, top - bottom, width=BORDER))
            return items
        # the part's outline as one rectangle at the seams' weight (`check` measures the grid in
        # it), the board's edges drawn over it
        items.append(Rect(left, bottom, right - left, top - bottom, width=join))
        return items + outline_items(board, grid.sides(cells), [], join)


LAYOUT = SquareLayout()
