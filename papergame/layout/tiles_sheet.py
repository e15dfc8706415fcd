"""The tile sheets: every tile butted edge to edge, crop marks in the margin, and the tokens."""

from __future__ import annotations

import math
from dataclasses import dataclass

from papergame.definition import GameDefinition, TileType
from papergame.errors import LayoutError
from papergame.layout.paper import BODY_SIZE, SMALL_SIZE, Sheet
from papergame.layout.primitives import Group, Item, Line, Text
from papergame.layout.textflow import Metrics
from papergame.layout.tile_art import tile_art, token_art, token_radius
from papergame.text import Texts

MARK_GAP = 1.5  # between the tile edge and its crop mark
MARK_LEN = 5.0
MARK_BAND = MARK_GAP + MARK_LEN + 1.0


@dataclass(frozen=True)
class PrintedTile:
    tile: TileType
    copy: int  # 1-based


def tile_list(definition: GameDefinition) -> list[PrintedTile]:
    return [PrintedTile(t, k) for t in definition.tiles for k in range(1, t.copies + 1)]


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


def tile_grid_items(definition: GameDefinition, texts: Texts, tiles: list[PrintedTile], cols: int,
                    x0: float, top: float, size: float) -> list[Item]:
    items: list[Item] = []
    occupied = set()
    for i, printed in enumerate(tiles):
        c, r = i % cols, i // cols
        occupied.add((c, r))
        art = tile_art(
            definition.shape, printed.tile, size,
            type_label=texts.get("tiles.type", type=printed.tile.id),
            id_label=texts.get("tiles.id", type=printed.tile.id, copy=printed.copy),
        )
        items.append(Group(x0 + c * size, top - (r + 1) * size, 0, tuple(art)))
    items += crop_marks(occupied, x0, top, size)
    return items


def token_row(definition: GameDefinition, texts: Texts, sheet: Sheet, tile: float) -> None:
    r = token_radius(tile)
    sheet.paragraph(texts.get("tiles.tokens"), size=BODY_SIZE, what="tiles.tokens")
    sheet.gap(2)
    bottom = sheet.take(2 * r + 6, "the tokens")
    x = sheet.box.x + MARK_BAND + r
    cy = bottom + 2 + r + SMALL_SIZE
    for token in definition.tokens:
        sheet.add(*token_art(token.name, x, cy, r, 0.0))
        sheet.add(Text(x, cy - r - SMALL_SIZE - 0.8, texts.get(f"token.{token.name}"), SMALL_SIZE, anchor="middle"))
        x += 2 * r + 8


def tile_pages(definition: GameDefinition, texts: Texts, paper: str, tile: float, metrics: Metrics) -> list[Sheet]:
    """As many sheets as the tiles need; the tokens go after the last tile."""
    remaining = tile_list(definition)
    sheets: list[Sheet] = []
    r = token_radius(tile)
    token_band = 2 * r + 6 + 2 + BODY_SIZE * 1.3 * 2 + 4
    while True:
        sheet = Sheet(f"tiles-{len(sheets) + 1}", paper, metrics)
        sheet.title(texts.get("tiles.title") if not sheets else texts.get("tiles.continued"))
        sheet.paragraph(texts.get("tiles.cut"), what="tiles.cut")
        sheet.gap(3 + MARK_BAND)
        cols = math.floor((sheet.box.w - 2 * MARK_BAND) / tile)
        rows_room = sheet.room - MARK_BAND
        rows = math.floor(rows_room / tile)
        if cols < 1 or rows < 1:
            raise LayoutError(f"--tile-size: a {tile:g} mm tile does not fit on a tile sheet")
        needed_rows = math.ceil(len(remaining) / cols)
        if needed_rows <= rows and rows_room - needed_rows * tile >= token_band:
            rows = needed_rows
        chunk, remaining = remaining[: rows * cols], remaining[rows * cols:]
        used_rows = math.ceil(len(chunk) / cols)
        block_w = min(cols, len(chunk)) * tile
        x0 = sheet.box.cx - block_w / 2
        top = sheet.cursor
        sheet.take(used_rows * tile + MARK_BAND, "the tiles")
        sheet.add(*tile_grid_items(definition, texts, chunk, cols, x0, top, tile))
        sheets.append(sheet)
        if not remaining:
            break
    last = sheets[-1]
    if last.room < token_band:
        last = Sheet(f"tiles-{len(sheets) + 1}", paper, metrics)
        last.title(texts.get("tiles.continued"))
        sheets.append(last)
    last.gap(3)
    token_row(definition, texts, last, tile)
    return sheets
