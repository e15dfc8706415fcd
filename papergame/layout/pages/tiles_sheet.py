"""The tile sheets: every tile butted edge to edge, crop marks in the margin, and the tokens."""

from __future__ import annotations

import math
from typing import NamedTuple

from papergame.model.definition import GameDefinition, TileType
from papergame.errors import OptionError
from papergame.layout.paper import BODY_SIZE, CONTENT_W, SMALL_SIZE, TITLE_SIZE, Sheet
from papergame.layout.primitives import Group, Item, Line, Text
from papergame.layout.textflow import Metrics
from papergame.layout.tile_art import tile_art, token_art, token_radius
from papergame.text import Texts

MARK_GAP = 1.5  # between the tile edge and its crop mark
MARK_LEN = 4.5
MARK_BAND = MARK_GAP + MARK_LEN + 0.5


class PrintedTile(NamedTuple):
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
                    x0: float, top: float, size: float, guides: str = "both") -> list[Item]:
    """Tiles butted edge to edge, `cols` to a row; `guides` is lines, marks or both."""
    items: list[Item] = []
    occupied = set()
    for i, printed in enumerate(tiles):
        c, r = i % cols, i // cols
        occupied.add((c, r))
        art = tile_art(
            definition.shape, printed.tile, size,
            type_label=texts.get("tiles.type", type=printed.tile.id),
            id_label=texts.get("tiles.id", type=printed.tile.id, copy=printed.copy),
            outline=guides in ("lines", "both"),
        )
        items.append(Group(x0 + c * size, top - (r + 1) * size, 0, tuple(art)))
    if guides in ("marks", "both"):
        items += crop_marks(occupied, x0, top, size)
    return items


def token_band(tile: float) -> float:
    """Height of a row of tokens below the tiles, with their names."""
    return 2 * token_radius(tile) + 6 + 3


def token_width(definition: GameDefinition, tile: float) -> float:
    return len(definition.tokens) * (2 * token_radius(tile) + 8)


def token_items(definition: GameDefinition, texts: Texts, x: float, cy: float, tile: float) -> list[Item]:
    """The tokens in a row from x, centred on height cy, each with its name below."""
    r = token_radius(tile)
    items: list[Item] = []
    x += r
    for token in definition.tokens:
        items += token_art(token.name, x, cy, r, 0.0)
        items.append(Text(x, cy - r - SMALL_SIZE - 0.6, texts.get(f"token.{token.name}"), SMALL_SIZE, anchor="middle"))
        x += 2 * r + 8
    return items


def block_height(count: int, cols: int, tile: float) -> float:
    return math.ceil(count / cols) * tile + 2 * MARK_BAND


def free_in_last_row(count: int, cols: int, tile: float) -> float:
    """Width left beside the last row of tiles (0 when the row is full)."""
    used = count % cols
    return 0.0 if used == 0 else (cols - used) * tile - MARK_BAND


def tile_pages(definition: GameDefinition, texts: Texts, paper: str, tile: float, metrics: Metrics,
               tiles: list[PrintedTile] | None = None, tokens: bool = True, guides: str = "both",
               start: Sheet | None = None) -> list[Sheet]:
    """The tiles (all, or those named) and the tokens, on as few sheets as they need.

    The tokens go beside the last row of tiles when it has room, else below the tiles.
    When `start` (the board's sheet) has room for every tile and the tokens, they go there
    and no new sheet is made. Returns the new sheets.
    """
    remaining = tile_list(definition) if tiles is None else list(tiles)
    cols = math.floor((CONTENT_W - 2 * MARK_BAND) / tile)
    if cols < 1:
        raise OptionError("tile-size", f"a {tile:g} mm tile does not fit on a tile sheet")
    lines = 1 + (1 if tokens else 0) + (1 if remaining else 0)  # title, token note, cut note (one line each)
    head = TITLE_SIZE * 1.3 + BODY_SIZE * 1.3 * (lines - 1) + 1
    beside = tokens and remaining and free_in_last_row(len(remaining), cols, tile) >= token_width(definition, tile)
    band = token_band(tile) if tokens and not beside else 0.0
    sheets: list[Sheet] = []
    current: Sheet | None = None
    if start is not None and remaining and start.room >= 3 + head + block_height(len(remaining), cols, tile) + band:
        start.gap(3)
        current = start
    first = True
    while first or remaining:
        if current is None:
            current = Sheet(f"tiles-{len(sheets) + 1}", paper, metrics)
            sheets.append(current)
        current.title(texts.get("tiles.title") if first else texts.get("tiles.continued"))
        if first and remaining:
            current.paragraph(texts.get("tiles.cut"), what="tiles.cut")
        if first and tokens:
            current.paragraph(texts.get("tiles.tokens"), what="tiles.tokens")
        current.gap(1)
        first = False
        if not remaining:
            break
        rows = math.floor((current.room - 2 * MARK_BAND) / tile)
        if rows < 1:
            raise OptionError("tile-size", f"a {tile:g} mm tile does not fit on a tile sheet")
        chunk, remaining = remaining[: rows * cols], remaining[rows * cols:]
        x0 = current.box.cx - min(cols, len(chunk)) * tile / 2
        current.gap(MARK_BAND)
        top = current.cursor
        current.take(math.ceil(len(chunk) / cols) * tile + MARK_BAND, "the tiles")
        current.add(*tile_grid_items(definition, texts, chunk, cols, x0, top, tile, guides))
        if not remaining and beside:
            used = len(chunk) % cols
            row_bottom = top - math.ceil(len(chunk) / cols) * tile
            x = x0 + used * tile + MARK_BAND + 2
            current.add(*token_items(definition, texts, x, row_bottom + tile / 2 + SMALL_SIZE * 0.6, tile))
            return sheets
        if remaining:
            current = None
    if tokens:
        assert current is not None  # the loop ends on a sheet with the last tiles (or the title alone)
        if current.room < band:
            current = Sheet(f"tiles-{len(sheets) + 1}", paper, metrics)
            current.title(texts.get("tiles.continued"))
            sheets.append(current)
        bottom = current.take(band, "the tokens")
        current.add(*token_items(definition, texts, current.x + MARK_BAND, bottom + band - 2 - token_radius(tile), tile))
    return sheets
