"""The board page: a grid of cells exactly the tile size, labels, port ticks, and the starts."""

from __future__ import annotations

import math
from dataclasses import dataclass

from papergame.board import Board, Position
from papergame.definition import GameDefinition
from papergame.errors import LayoutError
from papergame.layout.paper import BODY_SIZE, CONTENT_H, CONTENT_W, SCALE_CHECK_H, TITLE_SIZE, Box, Sheet
from papergame.layout.primitives import Item, Line, Rect, Text
from papergame.layout.textflow import Metrics
from papergame.layout.tile_art import arrow, token_art, token_radius
from papergame.text import Texts

LABEL_BAND = 5.5  # room for the column letters and row numbers on each side
LABEL_SIZE = 3.6
TICK = 2.4
GRID_LINE = 0.25
BORDER = 0.6
TOP_BANDS = TITLE_SIZE * 1.3 + 2 + BODY_SIZE * 1.3 * 2 + 3  # title, gap, two-line note, gap


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid goes and how much room it takes, for a tile size."""

    tile: float
    margins: dict[str, float]  # side -> mm outside the grid (labels, start tokens)

    def width(self, board: Board) -> float:
        return len(board.columns) * self.tile + self.margins["W"] + self.margins["E"]

    def height(self, board: Board) -> float:
        return len(board.rows) * self.tile + self.margins["N"] + self.margins["S"]


def start_sides(definition: GameDefinition) -> set[str]:
    return {definition.shape.side_of(t.start.port) for t in definition.tokens}


def board_geometry(definition: GameDefinition, tile: float) -> BoardGeometry:
    token_band = 2 * token_radius(tile) + 2.5
    used = start_sides(definition)
    margins = {s: LABEL_BAND + (token_band if s in used else 0.0) for s in definition.shape.sides}
    return BoardGeometry(tile, margins)


def largest_tile(definition: GameDefinition) -> float:
    """The largest tile size (to 0.1 mm) whose board fits one page."""
    board = definition.board
    room_w = CONTENT_W
    room_h = CONTENT_H - SCALE_CHECK_H - TOP_BANDS
    best = 0.0
    size = 5.0
    while size < 200:
        g = board_geometry(definition, size)
        if g.width(board) <= room_w and g.height(board) <= room_h:
            best = size
        size = round(size + 0.1, 1)
    return best


def check_fits(definition: GameDefinition, tile: float) -> None:
    board = definition.board
    g = board_geometry(definition, tile)
    room_h = CONTENT_H - SCALE_CHECK_H - TOP_BANDS
    if g.width(board) > CONTENT_W or g.height(board) > room_h:
        biggest = largest_tile(definition)
        raise LayoutError(
            f"--tile-size: a {len(board.columns)} × {len(board.rows)} board of {tile:g} mm tiles needs "
            f"{g.width(board):.1f} × {g.height(board):.1f} mm with its labels, but a page leaves "
            f"{CONTENT_W:.0f} × {room_h:.0f} mm; the largest tile that fits is {biggest:g} mm"
        )


def port_point_mm(board: Board, origin: tuple[float, float], tile: float, position: Position) -> tuple[float, float]:
    p = board.shape.port_point(position.port)
    return (origin[0] + (position.cell.col + p.x) * tile, origin[1] + (position.cell.row + p.y) * tile)


def heading_into(board: Board, port: str) -> float:
    """Degrees clockwise from north of the direction from `port` into its cell."""
    n = board.shape.inward(port)
    return math.degrees(math.atan2(n.x, n.y)) % 360


def grid_items(board: Board, x0: float, y0: float, tile: float) -> list[Item]:
    """Cell lines, the outer border and a tick across the middle of every cell edge."""
    cols, rows = len(board.columns), len(board.rows)
    items: list[Item] = []
    for c in range(1, cols):
        items.append(Line(x0 + c * tile, y0, x0 + c * tile, y0 + rows * tile, width=GRID_LINE))
    for r in range(1, rows):
        items.append(Line(x0, y0 + r * tile, x0 + cols * tile, y0 + r * tile, width=GRID_LINE))
    items.append(Rect(x0, y0, cols * tile, rows * tile, width=BORDER))
    seen = set()
    for cell in board.cells:
        for port in board.shape.ports:
            px, py = port_point_mm(board, (x0, y0), tile, Position(cell, port))
            key = (round(px, 3), round(py, 3))
            if key in seen:
                continue
            seen.add(key)
            n = board.shape.inward(port)
            h = TICK / 2
            items.append(Line(px - n.x * h, py - n.y * h, px + n.x * h, py + n.y * h, width=0.35))
    return items


def label_items(board: Board, x0: float, y0: float, tile: float) -> list[Item]:
    cols, rows = len(board.columns), len(board.rows)
    items: list[Item] = []
    mid = LABEL_BAND / 2
    for c, name in enumerate(board.columns):
        x = x0 + (c + 0.5) * tile
        items.append(Text(x, y0 + rows * tile + mid - LABEL_SIZE * 0.36, name, LABEL_SIZE, bold=True, anchor="middle"))
        items.append(Text(x, y0 - mid - LABEL_SIZE * 0.36, name, LABEL_SIZE, bold=True, anchor="middle"))
    for r, name in enumerate(board.rows):
        y = y0 + (r + 0.5) * tile - LABEL_SIZE * 0.36
        items.append(Text(x0 - mid, y, name, LABEL_SIZE, bold=True, anchor="middle"))
        items.append(Text(x0 + cols * tile + mid, y, name, LABEL_SIZE, bold=True, anchor="middle"))
    return items


def start_items(definition: GameDefinition, texts: Texts, x0: float, y0: float, tile: float,
                metrics: Metrics) -> list[Item]:
    """Each token's start: a token outline just outside the labels, its arrow pointing in."""
    board = definition.board
    r = token_radius(tile)
    items: list[Item] = []
    for token in definition.tokens:
        px, py = port_point_mm(board, (x0, y0), tile, token.start)
        n = board.shape.inward(token.start.port)
        d = LABEL_BAND + r + 1.0
        cx, cy = px - n.x * d, py - n.y * d
        items += token_art(token.name, cx, cy, r, heading_into(board, token.start.port), outline_only=True)
        caption = texts.get("board.start", token=texts.get(f"token.{token.name}"))
        width = metrics.width(caption, BODY_SIZE)
        # the caption goes on whichever side of the token has room inside the board's span
        if cx + r + 2 + width <= x0 + len(board.columns) * tile + LABEL_BAND:
            items.append(Text(cx + r + 2, cy - BODY_SIZE * 0.36, caption, BODY_SIZE))
        else:
            items.append(Text(cx - r - 2, cy - BODY_SIZE * 0.36, caption, BODY_SIZE, anchor="end"))
    return items


def board_page(definition: GameDefinition, texts: Texts, paper: str, tile: float, metrics: Metrics, name="board") -> Sheet:
    check_fits(definition, tile)
    board = definition.board
    sheet = Sheet(name, paper, metrics)
    sheet.title(texts.get("board.title"))
    north = north_mark(sheet.box, sheet.cursor + TITLE_SIZE * 1.3, texts.get("board.north"))
    sheet.add(*north)
    sheet.gap(2)
    sheet.paragraph(texts.get("board.note", size=f"{tile:g}"), what="board.note")
    sheet.gap(3)
    g = board_geometry(definition, tile)
    bottom = sheet.take(g.height(board), "the board")
    x0 = sheet.box.cx - g.width(board) / 2 + g.margins["W"]
    y0 = bottom + g.margins["S"]
    sheet.add(*grid_items(board, x0, y0, tile))
    sheet.add(*label_items(board, x0, y0, tile))
    sheet.add(*start_items(definition, texts, x0, y0, tile, metrics))
    return sheet


def north_mark(box: Box, band_top: float, letter: str) -> list[Item]:
    """An arrow pointing up the page with the letter for north, at the right of the title band."""
    cx = box.right - 4
    cy = band_top - 4.5
    return [
        arrow(cx, cy, 6.0, 0.0, fill=0.0, stroke=None),
        Text(cx - 5.5, cy - 1.4, letter, 4.0, bold=True, anchor="end"),
    ]
