"""The board: cells exactly the tile size, labels, port ticks and the starts, for every shape.

Square boards are a grid of lines; hexagon boards a honeycomb of flat-top cells whose odd
columns (B, D, ...) stand half a cell higher (GEOMETRY.md). Column letters go above and
below the columns and row numbers beside the first and last cell of each row; a hexagon
cell also carries its own name, faintly, since its row zigzags. A tick crosses every side
at each port, and where the sides have several ports, or six sides, each port's name
sits just inside its cell.

A board too big for one page is split into parts, each on its own sheet. A part with a
neighbour to its right or below carries an overlap strip along that seam (grey, with a
dashed outer line); the neighbour is cut along its board edge and laid over the strip, its
edge on the strip's inner line. At both ends of a seam each part has half a black
triangle, on its own side of the seam line: laid right, the halves make whole triangles.
Cells are exactly the tile size on every part.
"""

from __future__ import annotations

import math
import re

from papergame.records import NamedTuple
from papergame.errors import LayoutError, OptionError
from papergame.layout.context import PageContext
from papergame.layout.extent import Extent, items_extent
from papergame.layout.board_room import BoardSheet
from papergame.layout.board_grid import GRID_LINE, Part, heading_into
from papergame.layout.grid import XY, Grid, Side, chains
from papergame.layout.paper import CONTENT_H, CONTENT_W, STANDARD, Box, footer_height, text_lines, title_height
from papergame.layout.primitives import Item, Line, Polygon, Text
from papergame.layout.shapes import shape_layout
from papergame.layout.textflow import fit_line, wrap
from papergame.layout.tile_art import arrow, token_art
from papergame.model.board import Board, Cell, Position
from papergame.layout.blocks import SMALLEST_READ, wrap_widths
from papergame.layout.tokens import token_radius

LABEL_BAND = 5.5  # room for the column letters and row numbers on each side
LABEL_SIZE = 3.6
PORT_NAME_SIZE = SMALLEST_READ  # mm (10.06 pt): port names inside the cells, which the players read
PORT_NAME_LEAST = 2.5  # mm (7.1 pt): the smallest they go, on cells too small for them at PORT_NAME_SIZE
PORT_NAME_GREY = 0.35
EDGE_NAMES_BELOW = 25.0  # mm: on smaller cells port names stand only round the board's edge
CELL_NAME_SIZE = SMALLEST_READ  # a hexagon cell's own name
CELL_NAME_LEAST = 3.0  # mm (8.5 pt): the smallest it goes, beside port names set smaller than 10 pt
CELL_NAME_GREY = 0.6
TICK = 2.4
TICK_WIDTH = 0.35
OVERLAP = 7.5  # the strip a neighbouring part is laid over
STRIP_GREY = 0.88
MARK = 5.0  # alignment half-triangles beside a seam
JOIN_LOW = 0.85  # a seam with low ink (which draws it at 0.6 of this: 0.51 mm)
STRIP_TEXT = SMALLEST_READ  # the part's number and its neighbour's in each overlap strip
STRIP_CAP = 0.75  # ems: how high the strip's bold words stand (their capitals and figures)
STRIP_CLEAR = 0.8  # mm at least between the strip's words and either of its edges (the seam, the line it is cut on)
LABEL_GAP_EM = 1.5  # the least gap between a part's number and a column letter on its line, in ems of the number
EDGES = ("left", "right", "top", "bottom")
COVERED = ("right", "bottom")  # seams where this part carries the strip


# the one-line header of a part whose sheet has no room for the full one is set at the profile's body size
SIDE_MIN = 45.0  # the narrowest column beside a part that the notes may go in


def top_band(notes: list[str], ctx: PageContext, title: str = "") -> float:
    """Height above the grid: title, gap, the notes as wrapped on the page, gap."""
    t = ctx.type
    size = top_size(ctx)
    lines = sum(len(wrap(n, CONTENT_W, size, ctx.metrics)) for n in notes)
    return title_height(t, title, ctx.metrics) + 2 + size * t.leading * lines + 3


def top_size(ctx: PageContext) -> float:
    """The size of the notes over the board: the body's, or a step tighter (`ctx.tight`) the captions' (the
    size they have below or beside it)."""
    return ctx.type.caption if ctx.tight else ctx.type.body


def compact_band(ctx: PageContext, single: bool = False, title: str = "") -> float:
    """Height above the grid of a part's one-line header (of a whole board's title alone, if `single`); a
    profile's larger type leaves room for the header on two lines."""
    if single:
        return title_height(ctx.type, title, ctx.metrics) + 1.5
    lines = 1 if ctx.type is STANDARD else 2
    return ctx.type.body * 1.3 * lines + 1.5


def header_lines(ctx: PageContext, line: str) -> list[str]:
    """A part's one-line header: one line, or two in a profile's larger type."""
    width = CONTENT_W - 14
    if ctx.type is STANDARD or ctx.metrics.width(line, ctx.type.body, True) <= width:
        return [fit_line(line, width, ctx.type.body, ctx.metrics, True, "board.part_compact")]
    lines = wrap(line, width, ctx.type.body, ctx.metrics, True, "board.part_compact")
    if len(lines) > 2:
        raise LayoutError(f'board.part_compact: "{line}" takes {len(lines)} lines; shorten it to two')
    return lines


# notes moved below or beside the board, under a one-line header, are set at the profile's caption size (the
# cell size and how to join the parts: for the adult who prints and assembles, as the tile sheets' cut order)
NOTES_GAP = 2.5  # between the board and the notes below it


def notes_height(notes: list[str], width: float, ctx: PageContext) -> float:
    """The notes' height in a column `width` wide; inf where a word of theirs is wider than it (large type in a
    narrow column beside the board: they go elsewhere)."""
    size = ctx.type.caption
    try:
        lines = sum(len(wrap(n, width, size, ctx.metrics)) for n in notes)
    except LayoutError:
        return math.inf
    return lines * size * ctx.type.leading + 2 * (len(notes) - 1)


def spans(count: int, pieces: int) -> list[range]:
    """`count` cells cut into `pieces` runs as even as can be, larger ones first.

    >>> spans(5, 2)
    [range(0, 3), range(3, 5)]
    """
    base, extra = divmod(count, pieces)
    out, start = [], 0
    for i in range(pieces):
        n = base + (1 if i < extra else 0)
        out.append(range(start, start + n))
        start += n
    return out


def plan_parts(board: Board, nx: int, ny: int, wide_last: bool = False, tall_north: bool = False) -> list[Part]:
    """Parts numbered left to right, top (north) to bottom.

    Uneven splits give the extra column to the west parts (or, `wide_last`, the east ones)
    and the extra row to the south parts (or, `tall_north`, the north ones).
    """
    col_spans = spans(len(board.columns), nx)
    if wide_last:
        col_spans = [range(len(board.columns) - r.stop, len(board.columns) - r.start) for r in reversed(col_spans)]
    row_spans = list(reversed(spans(len(board.rows), ny)))  # north first
    if tall_north:
        row_spans = [range(len(board.rows) - r.stop, len(board.rows) - r.start) for r in reversed(row_spans)]
    parts = []
    for j, rows in enumerate(row_spans):
        for i, cols in enumerate(col_spans):
            number = j * nx + i + 1
            neighbours = {}
            if i > 0:
                neighbours["left"] = number - 1
            if i < nx - 1:
                neighbours["right"] = number + 1
            if j > 0:
                neighbours["top"] = number - nx
            if j < ny - 1:
                neighbours["bottom"] = number + nx
            parts.append(Part(number, cols, rows, neighbours))
    return parts


class PartDrawing(NamedTuple):
    items: list[Item]
    extent: Extent

    @property
    def width(self) -> float:
        return self.extent[2] - self.extent[0]

    @property
    def height(self) -> float:
        return self.extent[3] - self.extent[1]


def draw_part(ctx: PageContext, part: Part, grid: Grid) -> list[Item]:
    """Everything of one part, its board at `grid`."""
    board = ctx.game.board
    items: list[Item] = []
    items += strip_items(board, part, grid)
    items += strip_labels(ctx, part, grid)
    items += grid_items(board, part, grid, JOIN_LOW if ctx.low_ink else GRID_LINE)
    items += port_items(ctx, part, grid)
    items += label_items(board, part, grid, *label_size(ctx))
    items += seam_marks(board, part, grid)
    items += start_items(ctx, part, grid)
    return items


MEASURED_PARTS = 256  # part drawings kept, the oldest dropped first
_measured: dict[tuple, tuple[tuple, PartDrawing]] = {}


def measure_part(ctx: PageContext, part: Part) -> PartDrawing:
    """The part drawn at the origin, and its extent.

    `split_board` measures the same part again for each way of splitting the board that has it, and
    `kit.add_own_parts` lays the board out once more a step tighter (`ctx.tight`, which moves only the
    notes), so about half the measures of a kit were repeats. The drawing is kept, keyed by everything
    of the context `draw_part` reads: the game, texts and metrics as the objects they are (kept alive
    with the drawing, so an id is never another object's), the paper, cell size, ink, cut guides,
    tactile options, and the part itself. Nothing changes a drawing once made (its items are only
    measured; `board_pages` draws the part anew where it goes)."""
    objects = (ctx.game, ctx.texts, ctx.metrics)
    key = (*map(id, objects), ctx.paper, ctx.tile, ctx.ink, ctx.cut_guides, repr(ctx.tactile), repr(part))
    hit = _measured.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], objects)):
        return hit[1]
    items = draw_part(ctx, part, Grid(ctx.game.board, ctx.tile, 0.0, 0.0))
    drawing = PartDrawing(items, items_extent(items, ctx.metrics))
    if len(_measured) >= MEASURED_PARTS:
        del _measured[next(iter(_measured))]
    _measured[key] = (objects, drawing)
    return drawing


def room_h(ctx: PageContext) -> float:
    """The height a board's sheet has above its footer."""
    return CONTENT_H - footer_height(ctx.type)


class Placed(NamedTuple):
    """A part, its drawing, its notes and where they go: "top" (under the title), or under the
    title alone (a whole board) or a one-line header (-line) "below", "beside" or "around" the board."""

    part: Part
    drawing: PartDrawing
    where: str
    notes: list[str]
    around: Around | None = None  # where "around": the note's lines in the drawing's corner and under it


def place_notes(ctx: PageContext, part: Part, parts: list[Part], shared: bool,
                drawing: PartDrawing | None = None) -> Placed | None:
    """The first way the part fits its sheet with its notes (and, if `shared`, the board's own notes):
    above it, else below it or beside it under a one-line header; None if none does."""
    drawing = drawing or measure_part(ctx, part)
    if drawing.width > CONTENT_W + 1e-9:
        return None
    common = board_notes(ctx, len(parts)) if shared else []
    said = common + part_notes(ctx, part, parts, compact=False)
    room = room_h(ctx)
    title = board_title(ctx, part, parts)
    if drawing.height + top_band(said, ctx, title) <= room + 1e-9:
        return Placed(part, drawing, "top", said)
    said = part_notes(ctx, part, parts, compact=True) + common
    # a whole board keeps its title at full size if it can, a part takes a one-line header
    for single in ((True, False) if len(parts) == 1 else (False,)):
        band = compact_band(ctx, single, title)
        left = room - band - drawing.height
        if left < 0:
            continue
        line = "" if single else "-line"
        if notes_height(said, CONTENT_W, ctx) <= left - NOTES_GAP:
            return Placed(part, drawing, "below" + line, said)
        side = CONTENT_W - drawing.width - 4
        if side >= SIDE_MIN and notes_height(said, side, ctx) <= room - band:
            return Placed(part, drawing, "beside" + line, said)
        around = notes_around(ctx, drawing, said, left)  # round the drawing's foot
        if around is not None:
            return Placed(part, drawing, "around" + line, said, around)
    return None


AROUND_GAP = 12.0  # between a start marker's caption and a note beside it, a thin rule in the middle
AROUND_RULE = 0.3
AROUND_RULE_GREY = 0.45


class Around(NamedTuple):
    """A note set in the corner a board's drawing leaves free at its bottom right (beside a start marker's caption,
    under the column letters), `x` mm from the drawing's left and `width` wide, its first line's top `top` mm over
    the drawing's foot, a thin rule at its left: its lines there (`narrow`), then the rest (`rest`) under the drawing
    at one line spacing, in the same column (`column`), or, where that is too long, across the sheet."""

    x: float
    width: float
    top: float
    narrow: list[str]
    rest: list[str]
    column: bool


def notes_around(ctx: PageContext, drawing: PartDrawing, said: list[str], left: float) -> Around | None:
    """The note (one) set in the drawing's free corner, if its lines under the drawing fit the `left` mm the sheet
    has there; else None. It keeps to one column where it can (one block, read as one), else its lines past the
    corner go across the sheet, as words go round a picture; the fewest lines under the drawing first.

    A large-print whole board (the shared path's, 208 mm tall) leaves 16 mm under it: room for two lines of its
    note, which takes three in French and German. Beside the start marker's caption the drawing leaves a corner
    free, about 90 mm wide and two lines high, where the note can start."""
    if len(said) != 1:
        return None
    size, leading = ctx.type.caption, ctx.type.leading
    line_h = size * leading
    x0, y0, _, y1 = drawing.extent
    boxes = [items_extent([item], ctx.metrics) for item in drawing.items]
    found: list[tuple[bool, int, Around]] = []
    for edge in sorted({b[2] for b in boxes if b[1] < y0 + 2 * line_h}):
        over = min((b[1] for b in boxes if b[2] > edge + AROUND_GAP), default=y1)  # the lowest thing beyond the corner
        count = int((over - 1.0 - y0 + NOTES_GAP + 1e-6) // line_h)  # lines in the corner, 1 mm under that
        x = edge - x0 + AROUND_GAP
        width = CONTENT_W - x - max(0.0, (CONTENT_W - drawing.width) / 2)
        if count < 1 or width < SIDE_MIN:
            continue
        for column in (True, False):
            try:
                lines = wrap_widths(said[0], lambda i: width if column or i < count else CONTENT_W, size,
                                    ctx.metrics, "board notes")
            except LayoutError:
                continue
            rest = lines[count:]
            if NOTES_GAP + len(rest) * line_h <= left + 1e-9:
                found.append((not column, len(rest), Around(x, width, count * line_h - NOTES_GAP, lines[:count], rest,
                                                            column)))
    return min(found, key=lambda f: f[:2])[2] if found else None


def place_all(ctx: PageContext, parts: list[Part]) -> list[Placed] | None:
    """Every part placed, the board's own notes (its cell size, how to join the parts) on the
    first part that has room for them; None if the parts do not fit so.

    A part whose cells alone are wider than the sheet or taller than its room cannot fit whatever goes round
    them: such a split is refused before any part is drawn (most of the splits a board at 45-60 mm tries)."""
    board, room = ctx.game.board, room_h(ctx)
    grid = Grid(board, ctx.tile, 0.0, 0.0)
    for part in parts:
        left, bottom, right, top = grid.extent(part.cells(board))
        if right - left > CONTENT_W + 1e-9 or top - bottom > room + 1e-9:
            return None
    drawings = [measure_part(ctx, part) for part in parts]
    placed = [place_notes(ctx, part, parts, False, d) for part, d in zip(parts, drawings)]
    if any(p is None for p in placed):
        return None
    for i, (part, drawing) in enumerate(zip(parts, drawings)):
        holder = place_notes(ctx, part, parts, True, drawing)
        if holder is not None:
            placed[i] = holder
            return [p for p in placed if p is not None]
    return None


def split_board(ctx: PageContext) -> list[Placed]:
    """The fewest parts (one if it fits) whose sheets each hold their cells at full size.

    Fewer sheets come first: a part whose notes leave no room for it above the board gets
    a one-line header, its notes going below or beside the board; the board's own notes go
    on whichever part has room for them. Uneven splits are tried both ways round.
    """
    board = ctx.game.board
    options = sorted(((nx * ny, nx, ny) for nx in range(1, len(board.columns) + 1)
                      for ny in range(1, len(board.rows) + 1)))
    for _, nx, ny in options:
        tried = []
        for wide_last in (False, True):
            for tall_north in (False, True):
                parts = plan_parts(board, nx, ny, wide_last, tall_north)
                if parts in tried:
                    continue
                tried.append(parts)
                placed = place_all(ctx, parts)
                if placed is not None:
                    return placed
    raise OptionError("tile-size", f"a {ctx.tile:g} mm cell with its labels does not fit on a page")


# --- the grid -----------------------------------------------------------------------------------


def grid_items(board: Board, part: Part, grid: Grid, join: float = GRID_LINE) -> list[Item]:
    """Cell sides: thin inside the part, thick along the board's edge, `join` wide along the seams.

    In normal ink a seam is drawn as thin as the grid, so the assembled board shows no
    false edges; with low ink it is a little heavier, so the cut edge can be found. How the
    inside is drawn is the shape's own (`layout/shapes`).
    """
    return shape_layout(board.shape).grid_items(board, part, grid, join)


def port_items(ctx: PageContext, part: Part, grid: Grid) -> list[Item]:
    """A tick across every side at each port; in each cell the names of its ports, when they help and fit.

    Names are printed where the sides carry more than N E S W (hexagons, two or three ports
    a side), at 10 pt where every name of a cell stands clear of the others (35 mm cells of the
    shipped games), else as large as they then stand clear, and not under 7 pt: on
    small cells with many ports the ticks alone are drawn. Below 25 mm they stand only
    round the board's edge, so a small board is not a wall of letters. A hexagon cell also carries its
    own name, faintly, since its row zigzags.
    """
    board = ctx.game.board
    shape = board.shape
    k = shape.ports_per_side
    items: list[Item] = []
    for side in grid.sides(part.cells(board)):
        for port in shape.ports[shape.sides.index(side.name) * k:(shape.sides.index(side.name) + 1) * k]:
            px, py = grid.port(Position(side.cell, port))
            n = shape.inward(port)
            h = TICK / 2
            items.append(Line(px - n.x * h, py - n.y * h, px + n.x * h, py + n.y * h, width=TICK_WIDTH))
    size = port_name_size(ctx) if shape_layout(shape).port_names(k) else None
    for cell in part.cells(board):
        items += cell_labels(ctx, grid, cell, size is not None, edge_only=ctx.tile < EDGE_NAMES_BELOW,
                             port_size=size)
    return items


def port_name_size(ctx: PageContext) -> float | None:
    """The size the port names are set at: PORT_NAME_SIZE (10 pt), or on cells too small for it the largest
    size down to PORT_NAME_LEAST at which every name of a cell stands clear of the others; None: none fits."""
    most, least = ctx.type.at_least(PORT_NAME_SIZE), ctx.type.at_least(PORT_NAME_LEAST)
    steps = max(0, math.ceil((most - least) / 0.1 - 1e-9))
    sizes = [round(most - i * 0.1, 2) for i in range(steps)] + [least]
    return next((size for size in sizes if names_fit(ctx, size)), None)


def cell_labels(ctx: PageContext, grid: Grid, cell: Cell, ports: bool, edge_only: bool = False,
                port_size: float | None = None) -> list[Item]:
    """The port names of one cell (when `ports`; `edge_only`: just those on the board's edge) and,
    in a hexagon, the cell's own name."""
    board = ctx.game.board
    shape = board.shape
    k = shape.ports_per_side
    items: list[Item] = []
    port_size = ctx.type.at_least(PORT_NAME_SIZE) if port_size is None else port_size
    # a cell's own name as large as its port names, never under CELL_NAME_LEAST (10 pt when they are)
    cell_size = ctx.type.at_least(max(CELL_NAME_LEAST, min(CELL_NAME_SIZE, port_size)) if ports else CELL_NAME_SIZE)
    if ports:
        cap = 0.73 * port_size
        for i, port in enumerate(shape.ports):
            if edge_only and board.neighbour(cell, shape.sides[i // k]) in board:
                continue
            px, py = grid.port(Position(cell, port))
            n = shape.inward(port)
            name = ctx.texts.letters(port)  # as the page's language writes it
            # far enough in that the name's box clears the side and the end of the tick
            reach = abs(n.x) * ctx.metrics.width(name, port_size, True) / 2 + abs(n.y) * cap / 2
            inside = reach + TICK / 2 + 0.35
            x, y = px + n.x * inside, py + n.y * inside
            items.append(Text(x, y - port_size * 0.36, name, port_size, bold=True, anchor="middle",
                              fill=PORT_NAME_GREY))
    if shape_layout(shape).cell_names:
        cx, cy = grid.centre(cell)
        items.append(Text(cx, cy - cell_size * 0.36, board.cell_name(cell), cell_size,
                          anchor="middle", fill=CELL_NAME_GREY))
    return items


def names_fit(ctx: PageContext, size: float | None = None) -> bool:
    """Whether a cell's port names (at `size`, else PORT_NAME_SIZE) and a hexagon's cell name stand clear of each
    other."""
    board = ctx.game.board
    probe = Cell(len(board.columns) - 1, len(board.rows) - 1)  # the widest name
    boxes = [items_extent([t], ctx.metrics)
             for t in cell_labels(ctx, Grid(board, ctx.tile, 0.0, 0.0), probe, True, port_size=size)]
    gap = 0.3
    padded = [(a - gap, b - gap, c + gap, d + gap) for a, b, c, d in boxes]
    return not any(overlap(p, q) for i, p in enumerate(padded) for q in padded[i + 1:])


def label_size(ctx: PageContext) -> tuple[float, float]:
    """The column letters' and row numbers' size and the band they stand in (wider for a profile's larger type)."""
    size = ctx.type.at_least(LABEL_SIZE)
    return size, LABEL_BAND + (size - LABEL_SIZE) * 1.5


def label_items(board: Board, part: Part, grid: Grid, size: float = LABEL_SIZE, band: float = LABEL_BAND) -> list[Item]:
    """Column letters above and below each column, row numbers beside each row's first and last cell.

    Only on sides of the part that are edges of the whole board.
    """
    mid = band / 2 + 0.6  # a little beyond the middle of the band, clear of the port ticks
    lift = size * 0.36
    items: list[Item] = []
    for c in part.cols:
        top_cell, bottom_cell = Cell(c, part.rows.stop - 1), Cell(c, part.rows.start)
        x = grid.centre(top_cell)[0]
        if "top" not in part.neighbours:
            items.append(Text(x, grid.extent([top_cell])[3] + mid - lift, board.columns[c], size, bold=True,
                              anchor="middle"))
        if "bottom" not in part.neighbours:
            items.append(Text(x, grid.extent([bottom_cell])[1] - mid - lift, board.columns[c], size,
                              bold=True, anchor="middle"))
    for r in part.rows:
        first, last = Cell(part.cols.start, r), Cell(part.cols.stop - 1, r)
        if "left" not in part.neighbours:
            items.append(Text(grid.extent([first])[0] - mid, grid.centre(first)[1] - lift, board.rows[r],
                              size, bold=True, anchor="middle"))
        if "right" not in part.neighbours:
            items.append(Text(grid.extent([last])[2] + mid, grid.centre(last)[1] - lift, board.rows[r],
                              size, bold=True, anchor="middle"))
    return items


# --- seams between parts --------------------------------------------------------------------------


def seam_paths(board: Board, part: Part, grid: Grid) -> dict[str, list[list[XY]]]:
    """Each seam of the part as paths of cell sides, south to north or west to east."""
    by_edge: dict[str, list[Side]] = {}
    for side in grid.sides(part.cells(board)):
        edge = part.seam(board, side)
        if edge is not None:
            by_edge.setdefault(edge, []).append(side)
    return {edge: chains(sides) for edge, sides in by_edge.items()}


def away(edge: str) -> tuple[float, float]:
    """The unit vector from a part out across one of its seams."""
    return {"left": (-1.0, 0.0), "right": (1.0, 0.0), "top": (0.0, 1.0), "bottom": (0.0, -1.0)}[edge]


def strip_items(board: Board, part: Part, grid: Grid) -> list[Item]:
    """Overlap strips beyond the right and bottom seams: grey, with a dashed outer line.

    On square boards the grid lines run on across the strip, so the part laid over it can
    be lined up along its whole length.
    """
    items: list[Item] = []
    for edge, paths in seam_paths(board, part, grid).items():
        if edge not in COVERED:
            continue
        for path in paths:
            outer = strip_edge(path, away(edge))
            # white edge: with low ink the fill goes and nothing is left of the polygon
            items.append(Polygon(tuple(path + outer[::-1]), width=0.01, stroke=1.0, fill=STRIP_GREY))
            ends = [(path[0], outer[0]), (path[-1], outer[-1])]
            for a, b in zip(outer, outer[1:]):
                items.append(Line(*a, *b, width=0.3, dash=(1.2, 0.9), cut="cut"))
            for a, b in ends:
                items.append(Line(*a, *b, width=0.3, dash=(1.2, 0.9), cut="cut"))
            if shape_layout(board.shape).strip_grid_lines:
                for a, b in zip(path, outer):
                    items.append(Line(*a, *b, width=GRID_LINE))
    return items


def strip_labels(ctx: PageContext, part: Part, grid: Grid) -> list[Item]:
    """In each overlap strip, along it: this part's number and the part laid over the strip, so the
    parts still say where they go once their headers are cut off. A part with no strip has its
    number just outside its bottom-right corner."""
    board, texts = ctx.game.board, ctx.texts
    strip = ctx.type.at_least(STRIP_TEXT)
    items: list[Item] = []
    lined = shape_layout(board.shape).strip_grid_lines
    for edge, paths in seam_paths(board, part, grid).items():
        if edge not in COVERED:
            continue
        label = texts.get("board.strip_label", part=part.number, other=part.neighbours[edge])
        short = texts.get("board.part_label", part=part.number)
        ax, ay = away(edge)
        for path in paths:
            # the longest straight run across which the strip is wide enough for the words and room either side
            # of them (a slanting run's strip is narrower across it: on a hexagon board's 60 degree side, half)
            runs = [(run, share) for run in straight_runs(path)
                    if (share := across(run, (ax, ay))) * OVERLAP >= STRIP_CAP * strip + 2 * STRIP_CLEAR]
            if not runs:
                continue
            ((x0, y0), (x1, y1)), share = max(runs, key=lambda r: (round(math.dist(*r[0]), 1), r[1]))
            length = math.dist((x0, y0), (x1, y1))
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
            if angle > 90.0 + 1e-6 or angle <= -90.0 + 1e-6:
                angle -= 180.0 if angle > 0 else -180.0
            t = math.radians(angle)
            backwards = math.cos(t) * (x1 - x0) + math.sin(t) * (y1 - y0) < 0  # the words read from (x1, y1)
            # along the run, the stretch of the strip the words' band lies in whole (where a slanting run joins it,
            # the strip's corner cuts in), and on a lined board the pieces of it between the grid lines
            depth = share * OVERLAP / 2
            inside = inside_stretch(path + strip_edge(path, (ax, ay))[::-1], (x0, y0), (x1, y1), (ax, ay),
                                    (depth - STRIP_CAP * strip / 2, depth + STRIP_CAP * strip / 2))
            spans = line_spans(path, (x0, y0), (x1, y1)) if lined else [inside]
            spans = [(max(a, inside[0]), min(b, inside[1])) for a, b in spans if min(b, inside[1]) > max(a, inside[0])]
            down = (math.sin(t) * strip * 0.36, -math.cos(t) * strip * 0.36)
            for at, words in strip_words(label, short, spans, strip, ctx.metrics, backwards, str(part.number)):
                # the middle of the strip's width across this run, the words' middle `at` along it
                cx = x0 + (x1 - x0) * at / length + ax * OVERLAP / 2
                cy = y0 + (y1 - y0) * at / length + ay * OVERLAP / 2
                items.append(Text(cx + down[0], cy + down[1], words, strip, bold=True, anchor="middle", angle=angle))
    if not any(edge in COVERED for edge in part.neighbours) and part.neighbours:
        items.append(part_label(ctx, part, grid, strip))
    return items


def strip_edge(path: list[XY], away_from: tuple[float, float]) -> list[XY]:
    """The outer edge of the strip laid out `away_from` a seam's path: the line it is cut along."""
    ax, ay = away_from
    return [(x + ax * OVERLAP, y + ay * OVERLAP) for x, y in path]


def across(run: tuple[XY, XY], away_from: tuple[float, float]) -> float:
    """How square a strip laid out `away_from` a straight run of its seam stands to it: the strip's width across the
    run is this share of its width (1 where the run is square to the way the strip is laid out).

    >>> across(((0.0, 0.0), (10.0, 0.0)), (0.0, -1.0)), round(across(((0.0, 0.0), (5.0, 8.66)), (0.0, -1.0)), 3)
    (1.0, 0.5)
    """
    (x0, y0), (x1, y1) = run
    ax, ay = away_from
    return abs(ax * (y1 - y0) - ay * (x1 - x0)) / math.dist((x0, y0), (x1, y1))


def inside_stretch(polygon: list[XY], start: XY, end: XY, away_from: tuple[float, float],
                   depths: tuple[float, float]) -> tuple[float, float]:
    """Along the run from `start` to `end`, the stretch (distances along it) where every line parallel to it between
    the two `depths` (mm from it, towards `away_from`) lies inside `polygon`, round the run's middle (beyond the run's
    ends where the polygon goes on: into the corner where the strip turns).

    >>> square = [(0.0, 0.0), (10.0, 0.0), (10.0, -5.0), (0.0, -5.0)]
    >>> inside_stretch(square, (0.0, 0.0), (10.0, 0.0), (0.0, -1.0), (1.0, 4.0))
    (0.0, 10.0)
    >>> cut = [(0.0, 0.0), (10.0, 0.0), (8.0, -4.0), (0.0, -4.0)]  # the right end slants in
    >>> tuple(round(v, 3) for v in inside_stretch(cut, (0.0, 0.0), (10.0, 0.0), (0.0, -1.0), (1.0, 3.0)))
    (0.0, 8.5)
    """
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    nx, ny = (-uy, ux) if -uy * away_from[0] + ux * away_from[1] > 0 else (uy, -ux)
    low, high = -math.inf, math.inf
    for depth in (depths[0], (depths[0] + depths[1]) / 2, depths[1]):
        ox, oy = start[0] + nx * depth, start[1] + ny * depth
        hits = []
        for (px, py), (qx, qy) in zip(polygon, polygon[1:] + polygon[:1]):
            # where the line o + s u meets the side p-q
            dx, dy = qx - px, qy - py
            den = ux * dy - uy * dx
            if abs(den) < 1e-12:
                continue
            s = ((px - ox) * dy - (py - oy) * dx) / den
            r = ((px - ox) * uy - (py - oy) * ux) / den
            if -1e-9 <= r <= 1 + 1e-9:
                hits.append(s)
        hits.sort()
        hits = [h for k, h in enumerate(hits) if k == 0 or h - hits[k - 1] > 1e-6]  # a corner once
        middle = length / 2
        around = [(a, b) for a, b in zip(hits[::2], hits[1::2]) if a - 1e-9 <= middle <= b + 1e-9]
        if not around:
            return (middle, middle)
        low, high = max(low, around[0][0]), min(high, around[0][1])
    return (low, high)


def line_spans(path: list[XY], start: XY, end: XY) -> list[tuple[float, float]]:
    """The stretches of the run from `start` to `end` between the grid lines that cross its strip (one at each of the
    path's corners on it), as distances along the run."""
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    stops = sorted({0.0, length} | {round((x - start[0]) * ux + (y - start[1]) * uy, 6) for x, y in path
                                     if abs((x - start[0]) * uy - (y - start[1]) * ux) < 1e-6
                                     and -1e-6 <= (x - start[0]) * ux + (y - start[1]) * uy <= length + 1e-6})
    return [(a, b) for a, b in zip(stops, stops[1:]) if b - a > 1e-6]


def strip_words(label: str, short: str, spans: list[tuple[float, float]], size: float, metrics,
                backwards: bool = False, number: str = "") -> list[tuple[float, str]]:
    """Where a strip's words go along its run, each piece between two of the grid lines crossing the strip
    (`spans`), never over one: the whole label in the stretch nearest the middle where it fits, else the label
    broken at its spaces (each sentence on pieces of its own where there are stretches enough) into one piece a
    stretch, in stretches side by side round the middle (a line between two words reads as a space), each piece
    STRIP_CLEAR off the stretch's ends; else (a word wider than a stretch, or more pieces than stretches) the whole
    label over the middle of the run, its lines under it, so that the strip still says which part goes over it;
    else the part's name (`short`), or its `number` alone where the name is wider than the strip (large print's
    "Частина 1" on a hexagon board's 20 mm side). (distance along the run of each piece's middle, its words), in reading order.

    >>> from papergame.layout.textflow import Metrics
    >>> class Fixed:
    ...     def width(self, text, size, bold=False): return len(text) * size * 0.5
    >>> strip_words("Part 1. Part 2 goes over.", "Part 1", [(0, 30), (30, 60), (60, 90)], 4, Fixed())
    [(15.0, 'Part 1.'), (45.0, 'Part 2 goes'), (75.0, 'over.')]
    >>> strip_words("Part 1. Part 2.", "Part 1", [(0, 40), (40, 80)], 4, Fixed())
    [(20.0, 'Part 1. Part 2.')]
    >>> strip_words("Part 1. Part 2.", "Part 1", [(0, 12)], 4, Fixed(), number="1")
    [(6.0, '1')]
    """
    room = [b - a - 2 * STRIP_CLEAR for a, b in spans]
    middle = (spans[0][0] + spans[-1][1]) / 2
    centre = [(a + b) / 2 for a, b in spans]
    order = sorted(range(len(spans)), key=lambda i: abs(centre[i] - middle))
    whole = metrics.width(label, size, True)
    for i in order:
        if whole <= room[i]:
            return [(centre[i], label)]
    least = min(room) if len(spans) > 1 else 0.0
    for sentences in (re.split(r"(?<=[.!?])\s+", label), [label]):  # each sentence on pieces of its own, else not
        try:
            pieces = [piece for sentence in sentences if least > 0
                      for piece in wrap(sentence, least, size, metrics, True, "board.strip_label")]
        except LayoutError:  # a word wider than a stretch
            break
        if pieces and len(pieces) <= len(spans) and all(metrics.width(p, size, True) <= least for p in pieces):
            first = (len(spans) - len(pieces)) // 2
            chosen = centre[first:first + len(pieces)]
            return list(zip(chosen[::-1] if backwards else chosen, pieces))
    if whole + 2 <= spans[-1][1] - spans[0][0]:  # the message whole, over the lines, rather than half of it
        return [(middle, label)]
    for last in (short, number) if number else (short,):
        for i in order:
            if metrics.width(last, size, True) <= room[i]:
                return [(centre[i], last)]
    return [(middle, short)]


def part_label(ctx: PageContext, part: Part, grid: Grid, size: float) -> Text:
    """The number of a part with no strip, on the row of column letters at least an em clear of the last one:
    its end under the row numbers' band, or, a longer word, as far beyond the band as the band is wide; else
    (a longer word still, a profile's larger type) on a line of its own under that row."""
    board = ctx.game.board
    _, y, x, _ = grid.extent(part.cells(board))
    # chosen where the part is measured, its corner at the origin, so that it is chosen the same where it is drawn
    local = Grid(board, ctx.tile, 0.0, 0.0)
    _, bottom, right, _ = local.extent(part.cells(board))
    band = label_size(ctx)[1]
    text = ctx.texts.get("board.part_label", part=part.number)
    beside = Text(right + band, bottom - band + 0.6, text, size, bold=True, anchor="end")
    chosen = beside._replace(y=beside.y - band)
    letters = label_items(board, part, local, *label_size(ctx))
    if ctx.type is STANDARD:
        if not crowds(ctx, beside, letters):
            chosen = beside
        else:
            start = max(items_extent([t], ctx.metrics)[2] for t in letters if crowds(ctx, beside, [t]))
            start += size * LABEL_GAP_EM
            further = beside._replace(x=start, anchor="start")
            if start + ctx.metrics.width(text, size, True) <= right + 2 * band and not crowds(ctx, further, letters):
                chosen = further
    return chosen._replace(x=chosen.x + x - right, y=chosen.y + y - bottom)


def crowds(ctx: PageContext, text: Text, labels: list[Item]) -> bool:
    """Whether `text` stands less than an em (of its size) beside any of `labels` on its line, or touches one."""
    x0, y0, x1, y1 = items_extent([text], ctx.metrics)
    for a0, b0, a1, b1 in (items_extent([label], ctx.metrics) for label in labels):
        if b0 < y1 and y0 < b1 and max(a0 - x1, x0 - a1) < text.size * LABEL_GAP_EM - 1e-6:
            return True
    return False


def straight_runs(path: list[XY]) -> list[tuple[XY, XY]]:
    """The path's straight stretches, each from its first point to its last."""
    runs: list[tuple[XY, XY]] = []
    start = path[0]
    for i in range(1, len(path) - 1):
        a, b, c = path[i - 1], path[i], path[i + 1]
        if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) > 1e-6:
            runs.append((start, b))
            start = b
    runs.append((start, path[-1]))
    return runs


def seam_marks(board: Board, part: Part, grid: Grid) -> list[Item]:
    """Half a triangle beyond both ends of every seam, on this part's side of the seam line, its tip on the end."""
    items: list[Item] = []
    for edge, paths in seam_paths(board, part, grid).items():
        for path in paths:
            ends = ((path[0], path[1]), (path[-1], path[-2]))
            for end, inner in ends:
                # points along the seam, from beyond its end towards it
                if edge in ("left", "right"):
                    direction = (0.0, 1.0 if inner[1] > end[1] else -1.0)
                else:
                    direction = (1.0 if inner[0] > end[0] else -1.0, 0.0)
                # this part's side of the seam: the strip's side for right/bottom, else the cells'
                ax, ay = away(edge)
                own = (ax, ay) if edge in COVERED else (-ax, -ay)
                items.append(half_triangle(end, direction, own))
    return items


def half_triangle(tip: XY, direction: tuple[float, float], own: tuple[float, float]) -> Polygon:
    """The half on side `own` of a triangle whose tip is on `tip`, pointing along `direction`."""
    bx, by = tip[0] - direction[0] * MARK, tip[1] - direction[1] * MARK
    half = MARK * 0.45
    return Polygon((tip, (bx, by), (bx + own[0] * half, by + own[1] * half)), width=0.1, stroke=None, fill=0.0,
                   role="mark")


# --- starts -------------------------------------------------------------------------------------


def start_items(ctx: PageContext, part: Part, grid: Grid) -> list[Item]:
    """Each token's start on this part: a token outline beyond the labels, its arrow pointing into the port.

    The caption goes beside the token, on the side towards the middle of the board, unless
    a label or a cell is there (a hexagon column standing higher); then it goes beyond the token.
    """
    board = ctx.game.board
    r = token_radius(ctx.tile)
    left, _, right, _ = grid.extent(part.cells(board))
    taken = [items_extent([t], ctx.metrics) for t in label_items(board, part, grid, *label_size(ctx))]
    taken += [grid.extent([cell]) for cell in part.cells(board)]
    size = ctx.type.body  # "White starts here": the players read it
    items: list[Item] = []
    for token in ctx.game.tokens:
        if not part.holds(token.start):
            continue
        px, py = grid.port(token.start)
        n = board.shape.inward(token.start.port)
        d = label_size(ctx)[1] + r + 1.0
        cx, cy = px - n.x * d, py - n.y * d
        items += token_art(token.name, cx, cy, r, heading_into(board, token.start.port), outline_only=True)
        caption = ctx.texts.get("board.start", token=ctx.texts.get(f"token.{token.name}"))
        if cx <= (left + right) / 2:
            beside = Text(cx + r + 2, cy - size * 0.36, caption, size)
        else:
            beside = Text(cx - r - 2, cy - size * 0.36, caption, size, anchor="end")
        if not any(overlap(items_extent([beside], ctx.metrics), box) for box in taken):
            items.append(beside)
            continue
        out = r + 1.5 + size * 0.6
        items.append(Text(cx - n.x * out, cy - n.y * out - size * 0.36, caption, size, anchor="middle"))
    return items


def overlap(a: Extent, b: Extent) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- the pages ----------------------------------------------------------------------------------


def span_words(ctx: PageContext, part: Part) -> dict[str, str]:
    """The part's columns and rows in words: "columns A to C", "row 5"."""
    board, texts = ctx.game.board, ctx.texts
    cols = [board.columns[c] for c in part.cols]
    rows = [board.rows[r] for r in part.rows]
    return {
        "cols": (texts.get("board.col_one", col=cols[0]) if len(cols) == 1 else
                 texts.get("board.cols_span", first=cols[0], last=cols[-1])),
        "rows": (texts.get("board.row_one", row=rows[0]) if len(rows) == 1 else
                 texts.get("board.rows_span", first=rows[0], last=rows[-1])),
    }


def part_notes(ctx: PageContext, part: Part, parts: list[Part], compact: bool) -> list[str]:
    """What a part holds (unless its `compact` header says so) and how it joins its neighbours."""
    if len(parts) == 1:
        return []
    texts = ctx.texts
    notes = [] if compact else [texts.get("board.part_cells", **span_words(ctx, part))]
    low = "_low" if ctx.low_ink else ""
    for edge in EDGES:
        if edge not in part.neighbours:
            continue
        key = f"board.join_strip{low}" if edge in COVERED else "board.join_cut"
        notes.append(texts.get(key, edge=texts.get(f"board.edge_{edge}"), other=part.neighbours[edge]))
    return [" ".join(notes)]


def board_title(ctx: PageContext, part: Part, parts: list[Part]) -> str:
    """The title over a board on one sheet, or over a part of it (wrapped as every page's title where it is long)."""
    if len(parts) == 1:
        return ctx.texts.get("board.title")
    return ctx.texts.get("board.part_title", part=part.number, parts=len(parts))


def board_notes(ctx: PageContext, parts: int) -> list[str]:
    """The cell size and, for a board in parts, how to join them: said once, on one of the sheets."""
    suffix = ctx.game.shape.form.text_suffix
    notes = [ctx.texts.get(f"board.note{suffix}", size=ctx.texts.number(ctx.tile))]
    if parts > 1:
        low = "_low" if ctx.low_ink else ""
        notes.append(ctx.texts.get(f"board.assemble{suffix}{low}"))
    return notes


def board_pages(ctx: PageContext) -> list[BoardSheet]:
    """The board on one sheet, or split into parts with overlap strips when it is too big."""
    texts, tile, t = ctx.texts, ctx.tile, ctx.type
    placed = split_board(ctx)
    parts = [p.part for p in placed]
    sheets = []
    for part, drawing, where, said, around in placed:
        single = len(parts) == 1
        sheet = BoardSheet("board" if single else f"board-{part.number}", ctx.paper, ctx.metrics)
        title = board_title(ctx, part, parts)
        if where == "top":
            sheet.title(title)  # within 0.8 of the width: the north mark keeps the rest of its line
            sheet.add(*north_mark(sheet.box, sheet.box.top, texts.get("board.north"), least=t.least))
            sheet.gap(2)
            for note in said:
                sheet.paragraph(note, size=top_size(ctx), what="board notes")
            sheet.gap(3)
        elif not where.endswith("-line"):  # a whole board's title alone above it
            sheet.title(title)
            sheet.add(*north_mark(sheet.box, sheet.box.top, texts.get("board.north"), least=t.least))
            sheet.gap(1.5)
        else:
            line = title if single else texts.get("board.part_compact", title=title, **span_words(ctx, part))
            sheet.add(*north_mark(sheet.box, sheet.cursor, texts.get("board.north"), small=True, least=t.least))
            for text in header_lines(ctx, line):
                bottom = sheet.take(t.body * 1.3, "the part's header")
                sheet.add(Text(sheet.x, bottom + t.body * 0.3, text, t.body, bold=True))
            sheet.gap(1.5)
        top = sheet.cursor
        bottom = sheet.take(drawing.height, "the board")
        where = where.removesuffix("-line")
        if where == "beside":
            left = sheet.box.x
        else:
            left = sheet.box.cx - drawing.width / 2
        grid = Grid(ctx.game.board, tile, left - drawing.extent[0], bottom - drawing.extent[1])
        sheet.add(*draw_part(ctx, part, grid))
        sheet.drawing = (left, bottom, left + drawing.width, bottom + drawing.height)
        sheet.seams = tuple(part.neighbours)
        sheet.cuts_x, sheet.cuts_y = cut_lines(ctx.game.board, part, grid)
        if where == "below":
            sheet.gap(NOTES_GAP)
            for i, note in enumerate(said):
                sheet.gap(2 if i else 0)
                sheet.paragraph(note, size=t.caption, what="board notes")
        elif where == "around" and around is not None:
            size, line_h = t.caption, t.caption * t.leading
            x, top = left + around.x, bottom + around.top
            sheet.add(*text_lines(around.narrow, x, top, size, leading=t.leading))
            sheet.take(NOTES_GAP + len(around.rest) * line_h, "board notes")
            sheet.add(*text_lines(around.rest, x if around.column else sheet.x, top - len(around.narrow) * line_h, size,
                                  leading=t.leading))
            ruled = len(around.narrow) + (len(around.rest) if around.column else 0)
            rule_x = x - AROUND_GAP / 2  # the note's rule at its left, from its first line's top to its last's foot
            sheet.add(Line(rule_x, top - size * (t.leading - 1.0), rule_x, top - ruled * line_h + size * 0.1,
                           width=AROUND_RULE, stroke=AROUND_RULE_GREY))
        elif where == "beside":
            column = sheet.column(left + drawing.width + 4, CONTENT_W - drawing.width - 4, continues=False)
            column.cursor = top
            for note in said:
                column.paragraph(note, size=t.caption, what="board notes")
                column.gap(2)
            sheet.notes_beside = (column.x, column.cursor, column.x + column.width, top)
        sheets.append(sheet)
    return sheets


def cut_lines(board: Board, part: Part, grid: Grid) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Where the cuts along a part's seams run on to the paper's edge: the x of the vertical ones and
    the y of the horizontal ones (a seam line and, beyond a strip, the strip's outer line)."""
    xs: set[float] = set()
    ys: set[float] = set()
    for edge, paths in seam_paths(board, part, grid).items():
        ax, ay = away(edge)
        reach = OVERLAP if edge in COVERED else 0.0
        for path in paths:
            for x, y in (path[0], path[-1]):
                if edge in ("left", "right"):
                    xs |= {x, x + ax * reach}
                else:
                    ys |= {y, y + ay * reach}
    return tuple(sorted(xs)), tuple(sorted(ys))


def north_mark(box: Box, band_top: float, letter: str, small: bool = False, least: float = 0.0) -> list[Item]:
    """An arrow pointing up the page with the letter for north, at the right of the title band
    (`small`: of a one-line header; `least`: the letter no smaller, a type profile's least size)."""
    k = 0.75 if small else 1.0
    cx = box.right - 4 * k
    cy = band_top - 4.5 * k
    return [
        arrow(cx, cy, 6.0 * k, 0.0, fill=0.0, stroke=None),
        Text(cx - 5.5 * k, cy - 1.4 * k, letter, max(4.0 * k, least, SMALLEST_READ), bold=True, anchor="end"),
    ]
