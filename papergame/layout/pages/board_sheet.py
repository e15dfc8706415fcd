"""The board: a grid of cells exactly the tile size, labels, port ticks and the starts.

A board too big for one page is split into parts, each on its own sheet. A part with a
neighbour to its right or below carries a grey overlap strip there; the neighbour is cut
along its board edge and laid over the strip, its edge on the strip's line, with the
alignment marks on both parts meeting. Cells are exactly the tile size on every part.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from papergame.model.board import Board, Position
from papergame.model.definition import GameDefinition
from papergame.errors import OptionError
from papergame.layout.paper import (
    BODY_SIZE,
    CONTENT_H,
    CONTENT_W,
    SCALE_CHECK_H,
    TITLE_SIZE,
    Box,
    Sheet,
)
from papergame.layout.primitives import Item, Line, Polygon, Rect, Text
from papergame.layout.textflow import Metrics, wrap
from papergame.layout.tile_art import arrow, token_art, token_radius
from papergame.text import Texts

LABEL_BAND = 5.5  # room for the column letters and row numbers on each side
LABEL_SIZE = 3.6
TICK = 2.4
GRID_LINE = 0.25
BORDER = 0.6
OVERLAP = 7.5  # the strip a neighbouring part is laid over
MARK = 3.0  # alignment marks beside a seam


def top_band(notes: list[str], metrics: Metrics) -> float:
    """Height above the grid: title, gap, the notes as wrapped on the page, gap."""
    lines = sum(len(wrap(n, CONTENT_W, BODY_SIZE, metrics)) for n in notes)
    return TITLE_SIZE * 1.3 + 2 + BODY_SIZE * 1.3 * lines + 3
EDGES = ("left", "right", "top", "bottom")


def heading_into(board: Board, port: str) -> float:
    """Degrees clockwise from north of the direction from `port` into its cell."""
    n = board.shape.inward(port)
    return math.degrees(math.atan2(n.x, n.y)) % 360


def edge_of(board: Board, port: str) -> str:
    """The page edge (left, right, top, bottom) that a port's side faces."""
    n = board.shape.inward(port)
    return {(1, 0): "left", (-1, 0): "right", (0, -1): "top", (0, 1): "bottom"}[(round(n.x), round(n.y))]


class Part(NamedTuple):
    """A rectangle of the board's cells that goes on one sheet."""

    number: int
    cols: range
    rows: range  # rows of the board, south to north
    neighbours: dict  # edge -> number of the part across that edge

    def margin(self, edge: str, definition: GameDefinition, tile: float) -> float:
        """Room outside the grid on one side: labels on board edges, a strip or marks on seams."""
        if edge in self.neighbours:
            return OVERLAP + 0.5 if edge in ("right", "bottom") else MARK + 1.0
        band = LABEL_BAND
        for token in definition.tokens:
            if self.holds(token.start) and edge_of(definition.board, token.start.port) == edge:
                band = LABEL_BAND + 2 * token_radius(tile) + 2.5
        return band

    def holds(self, position: Position) -> bool:
        return position.cell.col in self.cols and position.cell.row in self.rows

    def size(self, definition: GameDefinition, tile: float) -> tuple[float, float]:
        m = {e: self.margin(e, definition, tile) for e in EDGES}
        return (len(self.cols) * tile + m["left"] + m["right"], len(self.rows) * tile + m["top"] + m["bottom"])


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


def plan_parts(definition: GameDefinition, tile: float, nx: int, ny: int) -> list[Part]:
    """Parts numbered left to right, top (north) to bottom."""
    board = definition.board
    col_spans = spans(len(board.columns), nx)
    row_spans = list(reversed(spans(len(board.rows), ny)))  # north first
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


def fits(definition: GameDefinition, tile: float, parts: list[Part], notes) -> bool:
    """Whether every part, with the notes above it (`notes(part, parts)`), fits its page."""
    for part in parts:
        w, h = part.size(definition, tile)
        room_h = CONTENT_H - SCALE_CHECK_H - notes(part, parts)
        if w > CONTENT_W + 1e-9 or h > room_h + 1e-9:
            return False
    return True


def split_board(definition: GameDefinition, tile: float, notes) -> list[Part]:
    """The fewest parts (one if it fits) whose sheets each hold their cells at full size."""
    board = definition.board
    options = sorted(((nx * ny, nx, ny) for nx in range(1, len(board.columns) + 1)
                      for ny in range(1, len(board.rows) + 1)))
    for _, nx, ny in options:
        parts = plan_parts(definition, tile, nx, ny)
        if fits(definition, tile, parts, notes):
            return parts
    raise OptionError("tile-size", f"a {tile:g} mm cell with its labels does not fit on a page")


def port_point_mm(board: Board, origin: tuple[float, float], tile: float, position: Position) -> tuple[float, float]:
    """Where a port lies on the page, with `origin` the south-west corner of cell (0, 0)."""
    p = board.shape.port_point(position.port)
    return (origin[0] + (position.cell.col + p.x) * tile, origin[1] + (position.cell.row + p.y) * tile)


def grid_items(board: Board, part: Part, origin: tuple[float, float], tile: float) -> list[Item]:
    """Cell lines, the border of the part and a tick across the middle of every cell edge."""
    ox, oy = origin
    x0, x1 = ox + part.cols.start * tile, ox + part.cols.stop * tile
    y0, y1 = oy + part.rows.start * tile, oy + part.rows.stop * tile
    items: list[Item] = []
    for c in range(part.cols.start + 1, part.cols.stop):
        items.append(Line(ox + c * tile, y0, ox + c * tile, y1, width=GRID_LINE))
    for r in range(part.rows.start + 1, part.rows.stop):
        items.append(Line(x0, oy + r * tile, x1, oy + r * tile, width=GRID_LINE))
    items.append(Rect(x0, y0, x1 - x0, y1 - y0, width=BORDER))
    seen = set()
    for cell in board.cells:
        if cell.col not in part.cols or cell.row not in part.rows:
            continue
        for port in board.shape.ports:
            px, py = port_point_mm(board, origin, tile, Position(cell, port))
            key = (round(px, 3), round(py, 3))
            if key in seen:
                continue
            seen.add(key)
            n = board.shape.inward(port)
            h = TICK / 2
            items.append(Line(px - n.x * h, py - n.y * h, px + n.x * h, py + n.y * h, width=0.35))
    return items


def label_items(board: Board, part: Part, origin: tuple[float, float], tile: float) -> list[Item]:
    """Column letters and row numbers on every side that is an edge of the whole board."""
    ox, oy = origin
    x0, x1 = ox + part.cols.start * tile, ox + part.cols.stop * tile
    y0, y1 = oy + part.rows.start * tile, oy + part.rows.stop * tile
    mid = LABEL_BAND / 2 + 0.6  # a little beyond the middle of the band, clear of the port ticks
    lift = LABEL_SIZE * 0.36
    items: list[Item] = []
    for c in part.cols:
        x = ox + (c + 0.5) * tile
        if "top" not in part.neighbours:
            items.append(Text(x, y1 + mid - lift, board.columns[c], LABEL_SIZE, bold=True, anchor="middle"))
        if "bottom" not in part.neighbours:
            items.append(Text(x, y0 - mid - lift, board.columns[c], LABEL_SIZE, bold=True, anchor="middle"))
    for r in part.rows:
        y = oy + (r + 0.5) * tile - lift
        if "left" not in part.neighbours:
            items.append(Text(x0 - mid, y, board.rows[r], LABEL_SIZE, bold=True, anchor="middle"))
        if "right" not in part.neighbours:
            items.append(Text(x1 + mid, y, board.rows[r], LABEL_SIZE, bold=True, anchor="middle"))
    return items


def seam_items(part: Part, origin: tuple[float, float], tile: float) -> list[Item]:
    """Overlap strips on the right and bottom seams; alignment marks beside every seam.

    A strip continues the grid lines across it, so the part laid over it can be lined up
    along its whole length; the triangles beyond the grid's ends point at the seam line on
    both parts.
    """
    ox, oy = origin
    x0, x1 = ox + part.cols.start * tile, ox + part.cols.stop * tile
    y0, y1 = oy + part.rows.start * tile, oy + part.rows.stop * tile
    items: list[Item] = []
    if "right" in part.neighbours:
        items.append(Rect(x1, y0, OVERLAP, y1 - y0, width=0.2, stroke=0.6, fill=0.88))
        for r in range(part.rows.start, part.rows.stop + 1):
            items.append(Line(x1, oy + r * tile, x1 + OVERLAP, oy + r * tile, width=GRID_LINE))
    if "bottom" in part.neighbours:
        items.append(Rect(x0, y0 - OVERLAP, x1 - x0, OVERLAP, width=0.2, stroke=0.6, fill=0.88))
        for c in range(part.cols.start, part.cols.stop + 1):
            items.append(Line(ox + c * tile, y0 - OVERLAP, ox + c * tile, y0, width=GRID_LINE))
    for edge in part.neighbours:
        if edge in ("left", "right"):
            x = x0 if edge == "left" else x1
            items.append(seam_mark(x, y1, "down"))
            items.append(seam_mark(x, y0, "up"))
        else:
            y = y1 if edge == "top" else y0
            items.append(seam_mark(x0, y, "right"))
            items.append(seam_mark(x1, y, "left"))
    return items


def seam_mark(x: float, y: float, pointing: str) -> Polygon:
    """A small solid triangle just outside the grid, its tip on the seam line's end."""
    dx, dy = {"down": (0, -1), "up": (0, 1), "right": (1, 0), "left": (-1, 0)}[pointing]
    tip = (x, y)
    base = (x - dx * MARK, y - dy * MARK)
    half = MARK * 0.45
    return Polygon((tip, (base[0] - dy * half, base[1] - dx * half), (base[0] + dy * half, base[1] + dx * half)),
                   width=0.1, stroke=None, fill=0.0)


def start_items(definition: GameDefinition, texts: Texts, part: Part, origin: tuple[float, float], tile: float,
                metrics: Metrics, right_limit: float) -> list[Item]:
    """Each token's start on this part: a token outline just outside the labels, its arrow pointing in."""
    board = definition.board
    r = token_radius(tile)
    items: list[Item] = []
    for token in definition.tokens:
        if not part.holds(token.start):
            continue
        px, py = port_point_mm(board, origin, tile, token.start)
        n = board.shape.inward(token.start.port)
        d = LABEL_BAND + r + 1.0
        cx, cy = px - n.x * d, py - n.y * d
        items += token_art(token.name, cx, cy, r, heading_into(board, token.start.port), outline_only=True)
        caption = texts.get("board.start", token=texts.get(f"token.{token.name}"))
        width = metrics.width(caption, BODY_SIZE)
        # the caption goes on whichever side of the token has room
        if cx + r + 2 + width <= right_limit:
            items.append(Text(cx + r + 2, cy - BODY_SIZE * 0.36, caption, BODY_SIZE))
        else:
            items.append(Text(cx - r - 2, cy - BODY_SIZE * 0.36, caption, BODY_SIZE, anchor="end"))
    return items


def part_notes(board: Board, texts: Texts, part: Part, count: int) -> list[str]:
    """What a part holds and how it joins its neighbours; part 1 also says how to put them together."""
    notes = [texts.get("board.part_cells", first_col=board.columns[part.cols.start],
                       last_col=board.columns[part.cols.stop - 1], first_row=board.rows[part.rows.start],
                       last_row=board.rows[part.rows.stop - 1])]
    joins = []
    for edge in EDGES:
        if edge not in part.neighbours:
            continue
        key = "board.join_strip" if edge in ("right", "bottom") else "board.join_cut"
        joins.append(texts.get(key, edge=texts.get(f"board.edge_{edge}"), other=part.neighbours[edge]))
    return [" ".join(notes + joins)] + ([texts.get("board.assemble")] if part.number == 1 else [])


def board_pages(definition: GameDefinition, texts: Texts, paper: str, tile: float, metrics: Metrics) -> list[Sheet]:
    """The board on one sheet, or split into parts with overlap strips when it is too big."""
    board = definition.board

    def notes(part: Part, parts: list[Part]) -> list[str]:
        first = texts.get("board.note", size=f"{tile:g}")
        return [first] if len(parts) == 1 else [first] + part_notes(board, texts, part, len(parts))

    parts = split_board(definition, tile, lambda part, parts: top_band(notes(part, parts), metrics))
    sheets = []
    for part in parts:
        single = len(parts) == 1
        sheet = Sheet("board" if single else f"board-{part.number}", paper, metrics)
        sheet.title(texts.get("board.title") if single else
                    texts.get("board.part_title", part=part.number, parts=len(parts)))
        sheet.add(*north_mark(sheet.box, sheet.cursor + TITLE_SIZE * 1.3, texts.get("board.north")))
        sheet.gap(2)
        for note in notes(part, parts):
            sheet.paragraph(note, what="board notes")
        sheet.gap(3)
        w, h = part.size(definition, tile)
        bottom = sheet.take(h, "the board")
        left = sheet.box.cx - w / 2 + part.margin("left", definition, tile)
        base = bottom + part.margin("bottom", definition, tile)
        origin = (left - part.cols.start * tile, base - part.rows.start * tile)
        sheet.add(*seam_items(part, origin, tile))
        sheet.add(*grid_items(board, part, origin, tile))
        sheet.add(*label_items(board, part, origin, tile))
        sheet.add(*start_items(definition, texts, part, origin, tile, metrics, sheet.box.right))
        sheets.append(sheet)
    return sheets


def north_mark(box: Box, band_top: float, letter: str) -> list[Item]:
    """An arrow pointing up the page with the letter for north, at the right of the title band."""
    cx = box.right - 4
    cy = band_top - 4.5
    return [
        arrow(cx, cy, 6.0, 0.0, fill=0.0, stroke=None),
        Text(cx - 5.5, cy - 1.4, letter, 4.0, bold=True, anchor="end"),
    ]
