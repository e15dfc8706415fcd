"""Every shape GEOMETRY.md describes: squares with 1-3 ports a side and flat-top hexagons with
1-2, checked against the worked examples there and against geometry measured independently."""

from __future__ import annotations

import math

import pytest

from papergame.model.board import Board, Cell, Position
from papergame.model.definition import parse_definition
from papergame.model.geometry import TileShape, standard_ports
from papergame.model.rules import Game, PlacedTile, trace

HEX_SIDES = ("N", "NE", "SE", "S", "SW", "NW")
SHAPES = [("square", 1), ("square", 2), ("square", 3), ("hexagon", 1), ("hexagon", 2)]


def shape_of(kind: str, k: int) -> TileShape:
    return TileShape(*standard_ports(kind, k))


def game(kind: str, k: int, pairs, start: str, columns="ABCDE", rows="12345"):
    sides, ports = standard_ports(kind, k)
    rest = [p for p in ports if p not in {q for pair in pairs for q in pair}]
    filler = [[rest[i], rest[i + 1]] for i in range(0, len(rest), 2)]
    data = {
        "shape": {"sides": list(sides), "ports": list(ports)},
        "board": {"columns": list(columns), "rows": list(rows)},
        "tokens": [{"name": "white", "start": start}, {"name": "black", "start": f"{columns[-1]}{rows[-1]}/{ports[len(ports) // 2 - 1]}"}],
        "deal": {"hand": 1},
        "tiles": [{"type": 1, "copies": 4, "pairs": [list(p) for p in pairs] + filler}],
    }
    return parse_definition(data, "g.toml")


def first_stop(definition):
    g = Game(definition)
    turn = g.place(definition.tokens[0].start.cell, 1, 0)
    return definition.board.position_name(turn.positions["white"])


# --- GEOMETRY.md's worked checks, through the rules engine ------------------------------------


def test_square_one_port_s_to_e_stands_at_b1_w():
    assert first_stop(game("square", 1, [("S", "E")], "A1/S")) == "B1/W"


def test_square_two_ports_s1_to_n2_stands_at_a2_s1():
    assert first_stop(game("square", 2, [("S1", "N2")], "A1/S1")) == "A2/S1"


def test_hexagon_a_is_even_its_ne_neighbour_is_the_same_row():
    assert first_stop(game("hexagon", 1, [("S", "NE")], "A1/S")) == "B1/SW"


def test_hexagon_b_is_odd_its_ne_neighbour_is_one_row_up():
    d = game("hexagon", 1, [("SW", "NE")], "A1/S")
    # a token standing at B1/SW, a tile joining SW-NE laid in B1
    tiles = {Cell(1, 0): PlacedTile.make(d, d.tiles[0], 0)}
    assert d.board.position_name(trace(d.board, tiles, Position(Cell(1, 0), "SW")).end) == "C2/SW"


def test_hexagon_two_ports_ne1_meets_sw2_and_s2_meets_n1():
    shape = shape_of("hexagon", 2)
    assert shape.facing("NE1") == "SW2"
    assert shape.facing("S2") == "N1"


@pytest.mark.parametrize("col_parity, table", [
    (0, {"N": (0, 1), "NE": (1, 0), "SE": (1, -1), "S": (0, -1), "SW": (-1, -1), "NW": (-1, 0)}),
    (1, {"N": (0, 1), "NE": (1, 1), "SE": (1, 0), "S": (0, -1), "SW": (-1, 0), "NW": (-1, 1)}),
])
def test_hexagon_neighbour_table(col_parity, table):
    board = Board(tuple("ABCD"), tuple("1234"), shape_of("hexagon", 1))
    cell = Cell(col_parity + 2 * (col_parity == 0), 1)  # C2 (even) or B2 (odd)
    for side, (dc, dr) in table.items():
        assert board.neighbour(cell, side) == Cell(cell.col + dc, cell.row + dr)


# --- geometry measured, for every shape ---------------------------------------------------------


@pytest.mark.parametrize("kind, k", SHAPES)
def test_ports_sit_at_their_fraction_of_the_side_clockwise(kind, k):
    shape = shape_of(kind, k)
    corners = shape.corners()
    for port in shape.ports:
        side, i = divmod(shape.index(port), k)
        a, b = corners[side], corners[(side + 1) % len(corners)]
        p = shape.port_point(port)
        t = (i + 1) / (k + 1)
        assert p.x == pytest.approx(a.x + (b.x - a.x) * t, abs=1e-9)
        assert p.y == pytest.approx(a.y + (b.y - a.y) * t, abs=1e-9)


@pytest.mark.parametrize("kind, k", SHAPES)
def test_tile_is_one_high_across_its_flats_and_regular(kind, k):
    shape = shape_of(kind, k)
    corners = shape.corners()
    ys = [c.y for c in corners]
    assert max(ys) - min(ys) == pytest.approx(1.0)
    sides = {round(math.dist(corners[i], corners[(i + 1) % len(corners)]), 9) for i in range(len(corners))}
    assert sides == {round(shape.side_length, 9)}
    if kind == "hexagon":
        assert shape.side_length == pytest.approx(1 / math.sqrt(3))
    # the top side is flat and corners go clockwise
    assert corners[0].y == pytest.approx(1.0) and corners[1].y == pytest.approx(1.0)
    assert corners[0].x < corners[1].x


@pytest.mark.parametrize("kind, k", SHAPES)
def test_neighbouring_cells_share_sides_and_facing_ports_meet(kind, k):
    shape = shape_of(kind, k)
    board = Board(tuple("ABCDEF"), tuple("123456"), shape)
    for cell in board.cells:
        for port in shape.ports:
            nxt = board.step_out(cell, port)
            if nxt is None:
                continue
            assert board.port_point(nxt) == pytest.approx(board.port_point(Position(cell, port)), abs=1e-9)
            centre, other = board.cell_centre(cell), board.cell_centre(nxt.cell)
            assert math.dist(centre, other) == pytest.approx(1.0)  # flat to flat across the shared side


@pytest.mark.parametrize("kind, k", SHAPES)
def test_turning_one_step_carries_each_port_point_onto_the_rotated_port(kind, k):
    shape = shape_of(kind, k)
    c = shape.centre
    step = math.radians(shape.step_degrees)
    for port in shape.ports:
        p = shape.port_point(port)
        dx, dy = p.x - c.x, p.y - c.y  # turn clockwise about the centre
        turned = (c.x + dx * math.cos(step) + dy * math.sin(step), c.y - dx * math.sin(step) + dy * math.cos(step))
        assert shape.port_point(shape.rotate(port, shape.step_degrees)) == pytest.approx(turned, abs=1e-9)


@pytest.mark.parametrize("kind, k, count", [("square", 1, 2), ("square", 2, 35), ("hexagon", 1, 5)])
def test_different_tiles_a_shape_allows(kind, k, count):
    assert shape_of(kind, k).count_all_tiles() == count


def test_every_different_tile_is_one_pairing_of_every_port_and_none_is_another_turned():
    shape = shape_of("square", 2)
    tiles = shape.all_tiles()
    for pairs in tiles:
        assert sorted(p for pair in pairs for p in pair) == sorted(shape.ports)
    assert len({shape.canonical(pairs) for pairs in tiles}) == len(tiles)


@pytest.mark.parametrize("kind, k", SHAPES)
def test_counting_by_burnside_agrees_with_listing_every_tile(kind, k):
    shape = shape_of(kind, k)
    assert shape.count_all_tiles() == len(shape.all_tiles())
