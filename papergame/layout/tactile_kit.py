"""What a tactile kit settles before any of its sheets is laid out: the braille code its words are written in, the
size of its tiles (as large as their braille type numbers need), and the key to its raised marks.

The swell-paper sheets (`layout/pages/tactile_sheets.py`), the kit (its tile size) and the build (the BRF files'
code and the key's sentences) read them here.
"""

from __future__ import annotations

from papergame.braille import CODES, BrailleCode
from papergame.errors import DefinitionError, OptionError
from papergame.layout.context import PageContext
from papergame.layout.tactile import APART, LARGEST, LINE_TYPES, MAX_LINES, tactile_size, token_shape
from papergame.model.definition import GameDefinition
from papergame.model.geometry import TileShape
from papergame.text import Texts


def braille_code(ctx: PageContext) -> BrailleCode:
    """The braille code the text file names (`[tactile] braille`)."""
    return code_of(ctx.texts)


def code_of(texts: Texts) -> BrailleCode:
    name = texts.get("tactile.braille")
    if name not in CODES:
        raise DefinitionError(f'{texts.source}: tactile.braille: "{name}" is not a braille code papergame '
                              f'writes; codes are {", ".join(CODES)}')
    return CODES[name]


def check_shape(shape: TileShape) -> None:
    """Tactile kits are made for squares (one or two ports a side) and hexagons with one port a side."""
    lines = len(shape.sides) * shape.ports_per_side // 2
    if lines > MAX_LINES:
        raise OptionError("tactile", f"tells a tile's lines apart by line type, and a tactile graphic may use at most "
                                     f"five (BANA): the tiles' thin edges take one, leaving {MAX_LINES} ("
                                     f"{', '.join(t.replace('dashdot', 'dash-dot') for t in LINE_TYPES)}); this game's {shape.kind}s with "
                                     f"{shape.ports_per_side} ports a side have {lines} lines a tile, more than "
                                     f"{MAX_LINES} line types can tell apart: a tactile kit needs tiles of at most "
                                     f"{MAX_LINES} lines (squares with one or two ports a side, hexagons with one)")


def kit_tile(ctx: PageContext, given: float | None = None) -> float:
    """The tactile tiles' size: the one `given` (at least `TACTILE_TILE`), refused if the tiles' braille type
    numbers need more; or, none given, as large as they need to stand `APART` clear of their lines, from
    `TACTILE_TILE` (found by trying whole sizes)."""
    from papergame.options import TACTILE_TILE

    check_shape(ctx.shape)
    if any(len(t.pairs) > MAX_LINES for t in ctx.game.tiles):
        raise OptionError("tactile", f"draws at most {MAX_LINES} lines a tile")
    least = TACTILE_TILE if given is None else given
    size = tactile_size(ctx.shape, ctx.game.tiles, least, braille_code(ctx))
    if size is None:
        raise OptionError("tactile", f"finds no tile size up to {LARGEST:g} mm with room for every tile's braille "
                                     f"type number {APART:g} mm clear of its lines")
    if given is not None and size > given:
        raise OptionError("tile-size", f"{given:g} mm is too small for this game's tactile tiles: their braille "
                                       f"type numbers need {size:g} mm to stand {APART:g} mm clear of the lines: "
                                       f"leave tile-size out and the kit takes {size:g} mm")
    return size


def key_entries(game: GameDefinition, texts: Texts) -> list[tuple[str, str]]:
    """(what is drawn, its words) for every raised mark the kit has, in the key's order."""
    lines = max(len(t.pairs) for t in game.tiles)
    entries = [(kind, texts.get(f"tactile.key_{kind}")) for kind in LINE_TYPES[:lines]]
    entries.append(("edge", texts.get("tactile.key_edge")))
    for i, token in enumerate(game.tokens):
        shape = token_shape(i)
        entries.append((f"token-{shape}", texts.get("tactile.key_token", token=texts.get(f"token.{token.name}"),
                                                    shape=texts.get(f"tactile.shape_{shape}"))))
    entries.append(("braille", texts.get("tactile.key_braille")))
    return entries


def key_words(game: GameDefinition, texts: Texts) -> list[str]:
    """The key as sentences (`a: A tile's first line: solid.`), for the BRF rules."""
    return [f"{chr(ord('a') + i)}: {words}" for i, (_, words) in enumerate(key_entries(game, texts))]
