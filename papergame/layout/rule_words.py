"""The sentences the rules pages, host keys and guides share, filled in from the definition: pure helpers."""

from __future__ import annotations

from papergame.layout.tile_art import STYLE_NAMES
from papergame.layout.tile_paths import drawing
from papergame.model.answers import FirstMove
from papergame.model.definition import GameDefinition
from papergame.model.geometry import TileShape
from papergame.model.rules import tile_notation
from papergame.text import Texts


def tile_name(type_id: int, rotation: int) -> str:
    """`TYPE@DEG` as printed on the kit, with `@0` left out."""
    return tile_notation(type_id, rotation, short=True)


def pairs_text(pairs, texts: Texts) -> str:
    return ", ".join(f"{texts.letters(a)}–{texts.letters(b)}" for a, b in pairs)


def facts(definition: GameDefinition, texts: Texts) -> dict[str, str]:
    """The numbers and names the setup texts are filled with, from the definition."""
    board = definition.board
    white, black = definition.tokens[0], definition.tokens[-1]
    shape = definition.shape
    return {
        "copies": str(definition.total_tiles),
        "per_type": per_type(definition, texts),
        "hand": str(definition.hand),
        "pile": str(definition.pile),
        "white": texts.get(f"token.{white.name}"),
        "black": texts.get(f"token.{black.name}"),
        "white_start": texts.position(board, white.start),
        "black_start": texts.position(board, black.start),
        "first": texts.get(f"token.{white.name}"),
        "columns": str(len(board.columns)),
        "rows": str(len(board.rows)),
        "players": str(len(definition.tokens)),
        "token_list": ", ".join(texts.get(f"token.{t.name}") for t in definition.tokens),
        "shape": texts.get(f"rules.shape_{shape.kind}"),
        "sides": str(len(shape.sides)),
        "per_side": str(shape.ports_per_side),
        "step": str(shape.step_degrees),
        "ways": str(len(shape.rotations)),
    }


def per_type(definition: GameDefinition, texts: Texts) -> str:
    """`6 of type 1, 6 of type 2, ...`, or `1 of each type, 1 to 35` when every type has as many copies."""
    tiles = definition.tiles
    if len(tiles) > 4 and len({t.copies for t in tiles}) == 1:
        return texts.get("rules.per_type_each", copies=tiles[0].copies, first=tiles[0].id, last=tiles[-1].id)
    return ", ".join(texts.get("kit.per_type", copies=t.copies, type=t.id) for t in tiles)


def port_names(shape: TileShape, texts: Texts) -> str:
    """The ports named in the rules: all of them for one a side, else the first two sides' worth."""
    if shape.ports_per_side == 1:
        return ", ".join(map(texts.letters, shape.ports))
    return ", ".join(map(texts.letters, shape.ports[: 2 * shape.ports_per_side]))


def step_moves(shape: TileShape, texts: Texts) -> str:
    """What one turning step does, port by port, as far as one round of sides: `N to E, E to S, and so on`."""
    ports = shape.ports[:: shape.ports_per_side] if shape.ports_per_side == 1 else shape.ports[: 2 * shape.ports_per_side]
    shown = [texts.get("rules.move_to", **{"from": texts.letters(p)}, to=texts.letters(shape.rotate(p, shape.step_degrees)))
             for p in ports]
    if shape.ports_per_side == 1 and len(shown) == len(shape.sides):
        return ", ".join(shown)
    return ", ".join(shown + [texts.get("rules.and_so_on")])


def port_meetings(shape: TileShape, texts: Texts) -> str:
    """How numbered ports meet across a shared side (port i meets k-1-i): `N1 touches S2 of the tile above, ...`.

    Said for the top side (N) and, on a square, the right-hand one (E), each for its first port.
    """
    where = {"N": "rules.where_above", "E": "rules.where_right"}
    sides = [side for side in shape.sides if side in where]
    parts = []
    for side in sides:
        port = shape.ports[shape.side_index(side) * shape.ports_per_side]
        parts.append(texts.get("rules.port_touch", port=texts.letters(port), other=texts.letters(shape.facing(port)),
                               where=texts.get(where[side])))
    return ", ".join(parts)


def types_text(definition: GameDefinition, types: list[int], texts: Texts) -> str:
    """`type 3`, `type 3, 4, 5`, `every type`, or `every type except 1, 2, 9` when that is shorter."""
    every = [t.id for t in definition.tiles]
    if types == every:
        return texts.get("rules.types_all")
    others = [t for t in every if t not in types]
    if len(others) < len(types) and len(types) > 3:
        return texts.get("rules.types_except", list=", ".join(map(str, others)))
    return texts.get("rules.types_listed" if len(types) == 1 else "rules.types_listed_many",
                     list=", ".join(map(str, types)))


def styles_text(definition: GameDefinition, texts: Texts) -> str:
    """The line styles the set's tiles are drawn in, other than solid: `hollow, dashed or dotted`."""
    used = {s for t in definition.tiles for s in drawing(definition.shape, tuple(t.pairs)).styles}
    names = [texts.get(f"rules.style_{STYLE_NAMES[s]}") for s in sorted(used) if STYLE_NAMES[s] != "solid"]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " " + texts.get("rules.or") + " " + names[-1]


def example_sentence(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    board = definition.board
    t = move.trace
    token = definition.tokens[0].name
    common = dict(tile=tile_name(move.tile, move.rotation), cell=board.cell_name(move.turn.cell),
                  token=texts.get(f"token.{token}"))
    if t.end is None:
        winner = move.turn.result.winner
        return texts.get("rules.example_out", side=texts.letters(definition.shape.side_of(t.exit_port or "")),
                         winner=texts.get(f"token.{winner}") if winner in {x.name for x in definition.tokens} else winner,
                         **common)
    return texts.get("rules.example_stop", **{"from": texts.position(board, t.start)},
                     to=texts.position(board, t.end), **common)
