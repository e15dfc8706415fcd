"""Flat-top hexagon tiles and boards on the page: a honeycomb, every side drawn, zigzag cuts always lined."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from papergame.layout.board_grid import GRID_LINE, Part, outline_items
from papergame.layout.context import PageContext
from papergame.layout.grid import Grid, XY, chains
from papergame.layout.pieces import CUT_LINE, MARK_BAND, MARK_GAP, MARK_LEN, DrawEdges, DrawTile, PrintedTile
from papergame.layout.primitives import Group, Item, Line, Polygon
from papergame.model.board import Board, Cell
from papergame.model.geometry import TileShape

if TYPE_CHECKING:
    from papergame.layout.diagram import Diagram


class HexBlock:
    """Hexagon tiles in a honeycomb `cols` columns wide, read row by row from the top-left.

    The block is a small board of the game's shape: odd columns stand half a tile higher,
    so neighbouring tiles share whole sides.
    """

    def __init__(self, ctx: PageContext, draw: DrawTile, edges: DrawEdges | None = None):
        self.ctx = ctx
        self.draw = draw
        self.edges = edges  # what a tile draws past its open sides (its lines' bleed), if anything
        self.w = ctx.game.shape.width  # a tile's width in tile units

    def width(self, cols: int) -> float:
        return self.ctx.tile * self.w * (1 + 0.75 * (cols - 1))

    def columns(self, width: float) -> int:
        usable = (width - 2 * MARK_BAND) / self.ctx.tile
        return max(0, math.floor((usable / self.w - 1) / 0.75 + 1)) if usable >= self.w else 0

    def rows(self, height: float, cols: int) -> int:
        lift = 0.5 if cols > 1 else 0.0
        return math.floor((height - 2 * MARK_BAND) / self.ctx.tile - lift)

    def height(self, count: int, cols: int) -> float:
        rows = math.ceil(count / cols)
        lift = 0.5 if min(cols, count) > 1 else 0.0
        return (rows + lift) * self.ctx.tile

    def grid(self, count: int, cols: int, x0: float, top: float) -> tuple[Grid, list[Cell]]:
        rows = math.ceil(count / cols)
        board = Board(tuple(str(c) for c in range(cols)), tuple(str(r) for r in range(rows)), self.ctx.game.shape)
        grid = Grid(board, self.ctx.tile, x0, top - self.height(count, cols))
        slots = [Cell(i % cols, rows - 1 - i // cols) for i in range(count)]
        return grid, slots

    def items(self, tiles: list[PrintedTile], cols: int, x0: float, top: float) -> list[Item]:
        guides = self.ctx.cut_guides
        grid, slots = self.grid(len(tiles), cols, x0, top)
        items: list[Item] = []
        taken = set(slots)
        shape = self.ctx.game.shape
        for printed, cell in zip(tiles, slots):
            ox, oy = grid.at(grid.board.cell_origin(cell))
            # the sides with no tile across them: their lines bleed past the edge
            open_sides = {side for side in shape.sides if grid.board.neighbour(cell, side) not in taken}
            items.append(Group(ox, oy, 0, tuple((self.edges(printed, open_sides) if self.edges else [])
                                                + self.draw(printed, outline=False))))
        # always: a zigzag between two columns cannot be cut from marks alone
        items += [Line(*s.start, *s.end, width=CUT_LINE, role="cut", cut="cut") for s in grid.sides(slots)]
        if guides in ("marks", "both"):
            items += self.marks(grid, slots)
        return items

    def marks(self, grid: Grid, slots: list[Cell]) -> list[Item]:
        """A mark beyond both ends of every zigzag cut between two columns (and round the outside)."""
        items: list[Item] = []
        cols = max(c.col for c in slots) + 1
        sides = grid.sides(slots)
        for c in range(-1, cols):
            seam = [s for s in sides if {s.cell.col, s.across.col} == {c, c + 1}]
            for path in chains(seam):
                low, high = path[0], path[-1]
                items.append(Line(low[0], low[1] - MARK_GAP, low[0], low[1] - MARK_GAP - MARK_LEN, width=0.25))
                items.append(Line(high[0], high[1] + MARK_GAP, high[0], high[1] + MARK_GAP + MARK_LEN, width=0.25))
        return items

    def cuts(self, count: int, cols: int, x0: float, top: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """No cut runs on to the paper's edge: each zigzag is cut with scissors from mark to mark."""
        return (), ()

    def free_beside_last_row(self, count: int, cols: int, x0: float, top: float,
                             floor: float | None = None) -> tuple[float, float, float, float] | None:
        """The room (left, bottom, right, top) beside a short last row: right of its last tile's east corner
        and clear of the marks there, under the lowest tiles of the columns it leaves empty and clear of the
        marks below their zigzags, down to `floor` (the sheet's foot; else the block's). No straight cut runs
        through it: every zigzag is cut with scissors from mark to mark."""
        used = count % cols
        if used == 0:
            return None
        t, rows = self.ctx.tile, math.ceil(count / cols)
        bottom = top - self.height(count, cols)
        lowest = [bottom + (1.5 if c % 2 else 1.0) * t for c in range(used, cols)] if rows > 1 else [top]
        left = x0 + t * self.w * (0.75 * (used - 1) + 1) + MARK_BAND
        return (left, min(bottom, floor) if floor is not None else bottom, x0 + self.width(cols),
                min(lowest) - MARK_BAND)


class HexagonLayout:
    """What a hexagon tile shape draws its own way."""

    name = "hexagon"
    cell_names = True  # a hexagon's row zigzags, so each cell carries its name, faintly
    strip_grid_lines = False
    side_key = True  # a worksheet shows a small hexagon with its sides named
    domino_grid = False  # the shared path's host key lists its dominoes and draws them on a small board

    def port_names(self, per_side: int) -> bool:
        return True

    def tile_block(self, ctx: PageContext, draw: DrawTile, edges: DrawEdges | None = None) -> HexBlock:
        return HexBlock(ctx, draw, edges)

    def outline(self, shape: TileShape, size: float, ink: float) -> Item:
        return Polygon(tuple((p.x * size, p.y * size) for p in shape.corners()), width=0.2, stroke=ink, fill=None,
                       role="cut", cut="cut")

    def cell_fill(self, corners: list[XY], x: float, y: float, size: float, fill: float) -> Item:
        return Polygon(tuple(corners), width=0, stroke=None, fill=fill)

    def label_inset(self, shape: TileShape) -> float:
        """A label in a cell's top-left starts a quarter of the way across, clear of the slanting side."""
        return 0.25 * shape.width

    def diagram_lines(self, d: Diagram) -> list[Item]:
        """A diagram's cells side by side: each side once, thick where the real board ends."""
        board = d.board
        shape = board.shape
        inside = set(d.window)
        out: list[Item] = []
        for cell in d.window:
            corners = d.corners(cell)
            for i, side in enumerate(shape.sides):
                across = board.neighbour(cell, side)
                if across in inside and (across.col, across.row) < (cell.col, cell.row):
                    continue  # drawn with the other cell
                (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % len(corners)]
                out.append(Line(x1, y1, x2, y2, width=0.2 if across in board else 0.6, cap="round"))
        return out

    def grid_items(self, board: Board, part: Part, grid: Grid, join: float) -> list[Item]:
        """Every side inside the part thin, its seams `join` wide, the board's edge thick."""
        sides = grid.sides(part.cells(board))
        items: list[Item] = [Line(*s.start, *s.end, width=GRID_LINE) for s in sides if part.holds_cell(s.across)]
        seams = [s for s in sides if not part.holds_cell(s.across) and s.across in board]
        return items + outline_items(board, sides, seams, join)


LAYOUT = HexagonLayout()
