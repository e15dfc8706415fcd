"""A starting point for designers: a definition file holding every different tile a shape allows.

The file is written as commented TOML, ready to edit, and loads as it is.
"""

from __future__ import annotations

import json

from papergame.records import NamedTuple
from papergame.errors import DefinitionError
from papergame.model.geometry import SHAPES, TileShape, standard_ports


class TilesetRequest(NamedTuple):
    kind: str  # a shape's name in model.geometry.SHAPES
    ports_per_side: int
    copies: int = 1
    columns: int | None = None
    rows: int | None = None
    hand: int | None = None  # tiles dealt to each player; 3, or fewer when the set is small


def check_request(request: TilesetRequest) -> TilesetRequest:
    """The request with the board size and the hand filled in.

    The options themselves (shape, ports a side, copies, board size) are checked where they
    are declared, `papergame.options.TilesetOptions`; the hand is this module's own choice.
    """
    size = SHAPES[request.kind].default_boards[request.ports_per_side]
    columns = size if request.columns is None else request.columns
    rows = size if request.rows is None else request.rows
    total = TileShape(*standard_ports(request.kind, request.ports_per_side)).count_all_tiles() * request.copies
    hand = min(3, total // 2) if request.hand is None else request.hand
    if hand < 1 or 2 * hand > total:
        raise DefinitionError(f"hand: {hand} tiles each need {2 * hand} tiles; the set has {total}")
    return request._replace(columns=columns, rows=rows, hand=hand)


def column_names(n: int) -> list[str]:
    return [chr(ord("A") + i) for i in range(n)]


def tileset_toml(request: TilesetRequest) -> str:
    """The definition file's text: every different tile once (or `copies` times), with comments."""
    request = check_request(request)
    assert request.columns is not None and request.rows is not None
    kind, k = request.kind, request.ports_per_side
    sides, ports = standard_ports(kind, k)
    shape = TileShape(sides, ports)
    tiles = shape.all_tiles()
    columns, rows = column_names(request.columns), [str(r) for r in range(1, request.rows + 1)]
    first_south = ports[len(ports) // 2]  # the first port of the bottom side
    white = f"A1/{first_south}"
    black = f"{columns[-1]}{rows[-1]}/{shape.rotate(first_south, 180)}"
    q = json.dumps  # TOML strings and lists of strings are written as JSON writes them
    step = shape.step_degrees
    lines = [
        f"# Every different {kind} tile with {k} port{'s' if k > 1 else ''} a side: {len(tiles)} tiles",
        "# (tiles that are the same turned count once), each "
        + ("once." if request.copies == 1 else f"{request.copies} times."),
        "",
        "[shape]",
        "# The sides, clockwise from the top."
        + "".join(f"\n# {k.description[0].upper()}{k.description[1:]} has {len(k.side_names)}: {' '.join(k.side_names)}."
                  for k in SHAPES.values()),
        f"sides = {q(list(sides))}",
        f"# The ports, clockwise from the top side's first: {k} on each side"
        + ("." if k == 1 else " (N1 is the first of N going clockwise)."),
        f"# A tile may be turned in steps of {step} degrees.",
        f"ports = {q(list(ports))}",
        "",
        "[board]",
        "# Columns run west to east, rows south to north: A1 is the south-west cell. 2 to 12 of each.",
        f"columns = {q(columns)}",
        f"rows = {q(rows)}",
        "",
        "# Each player's token starts at an entry port on the board's edge, written CELL/PORT.",
        "[[tokens]]",
        'name = "white"',
        f"start = {q(white)}",
        "",
        "[[tokens]]",
        'name = "black"',
        f"start = {q(black)}",
        "",
        "[deal]",
        "# Tiles dealt to each player at the start; the rest are the draw pile.",
        f"hand = {request.hand}",
        "",
        "# Each tile type: a number (1 to 99), its lines as pairs of ports (every port in exactly",
        "# one pair), and how many copies the set has. Delete types you do not want.",
    ]
    for number, pairs in enumerate(tiles, start=1):
        lines += ["", "[[tiles]]", f"type = {number}",
                  "pairs = [" + ", ".join(f"[{q(a)}, {q(b)}]" for a, b in pairs) + "]",
                  f"copies = {request.copies}"]
    return "\n".join(lines) + "\n"
