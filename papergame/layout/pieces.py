"""The printed tiles of a kit, and what every tile sheet's packing shares: marks, cut lines, the tiles' ids; and
a cutter sheet's pieces alone (the print-then-cut image the build writes)."""

from __future__ import annotations

from typing import Protocol

from papergame.records import NamedTuple
from papergame.layout.primitives import Group, Item, Page, cut_paths

from papergame.model.definition import GameDefinition, TileType

MARK_GAP = 1.5  # between the tile edge and its crop mark
MARK_LEN = 4.5
MARK_BAND = MARK_GAP + MARK_LEN + 0.5
CUT_LINE = 0.2


class DrawTile(Protocol):
    """One printed tile's art, its box's bottom-left at (0, 0), with or without its outline."""

    def __call__(self, printed: "PrintedTile", outline: bool) -> list[Item]: ...


class DrawEdges(Protocol):
    """What one printed tile draws past the sides named (those with no tile across them on its sheet), in its frame."""

    def __call__(self, printed: "PrintedTile", sides: set[str]) -> list[Item]: ...


class PrintedTile(NamedTuple):
    tile: TileType
    copy: int  # 1-based
    kit: str = ""  # the kit's number in a class set, printed in the id ("" for a single kit)


def tile_list(definition: GameDefinition) -> list[PrintedTile]:
    return [PrintedTile(t, k) for t in definition.tiles for k in range(1, t.copies + 1)]


def kit_id(texts, printed: PrintedTile) -> str:
    """A tile's printed id, with its kit's number in a class set (`K7 · 3·4`)."""
    label = texts.get("tiles.id", type=printed.tile.id, copy=printed.copy)
    return texts.get("tiles.kit_id", kit=printed.kit, id=label) if printed.kit else label


def pieces_of(page: Page) -> Page:
    """Only the pieces of a cutter's sheet (each a group holding its outline to cut): a print-then-cut image."""
    kept: list[Item] = [item for item in page.items if isinstance(item, Group) and cut_paths(item.items)]
    return Page(page.name, page.width, page.height, kept)
