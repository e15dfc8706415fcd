"""The printed tiles of a kit, and what every tile sheet's packing shares: marks, cut lines, one tile's art."""

from __future__ import annotations

from typing import NamedTuple

from papergame.layout.context import PageContext
from papergame.layout.primitives import Item
from papergame.layout.tile_art import tile_art
from papergame.model.definition import GameDefinition, TileType

MARK_GAP = 1.5  # between the tile edge and its crop mark
MARK_LEN = 4.5
MARK_BAND = MARK_GAP + MARK_LEN + 0.5
CUT_LINE = 0.2


class PrintedTile(NamedTuple):
    tile: TileType
    copy: int  # 1-based
    kit: str = ""  # the kit's number in a class set, printed in the id ("" for a single kit)


def tile_list(definition: GameDefinition) -> list[PrintedTile]:
    return [PrintedTile(t, k) for t in definition.tiles for k in range(1, t.copies + 1)]


def art(ctx: PageContext, printed: PrintedTile, outline: bool) -> list[Item]:
    texts = ctx.texts
    return tile_art(ctx.game.shape, printed.tile, ctx.tile,
                    type_label=texts.get("tiles.type", type=printed.tile.id),
                    id_label=kit_id(texts, printed), outline=outline)


def kit_id(texts, printed: PrintedTile) -> str:
    """A tile's printed id, with its kit's number in a class set (`K7 · 3·4`)."""
    label = texts.get("tiles.id", type=printed.tile.id, copy=printed.copy)
    return texts.get("tiles.kit_id", kit=printed.kit, id=label) if printed.kit else label
