"""Ports, rotation and facing (geometry.py), the board's names and neighbours (board.py).

The layering of the package (which modules may import what) is in tests/test_architecture.py."""

from __future__ import annotations

import doctest

import pytest

import papergame.model.board
import papergame.model.geometry
from papergame.model.board import Board, Cell, Position
from papergame.model.geometry import Point, TileShape

SQUARE = TileShape(sides=("N", "E", "S", "W"), ports=("N", "E", "S", "W"))
EIGHT = TileShape(sides=("N", "E", "S", "W"), ports=("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"))
BOARD = Board(columns=("A", "B", "C", "D", "E"), rows=("1", "2", "3", "4", "5"), shape=SQUARE)


# --- doctests -------------------------------------------------------------------------


def test_geometry_doctests_pass():
    result = doctest.testmod(papergame.model.geometry)
    assert result.failed == 0
    # the module docstring and the 8-port examples in side_of, facing, port_point
    assert result.attempted >= 7


def test_board_doctests_pass():
    # board.py has no examples in its docstrings yet; this keeps any added later honest
    assert doctest.testmod(papergame.model.board).failed == 0


# --- rotation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "port, degrees, expected",
    [
        ("N", 0, "N"), ("E", 0, "E"), ("S", 0, "S"), ("W", 0, "W"),
        ("N", 90, "E"), ("E", 90, "S"), ("S", 90, "W"), ("W", 90, "N"),
        ("N", 180, "S"), ("E", 180, "W"), ("S", 180, "N"), ("W", 180, "E"),
        ("N", 270, "W"), ("E", 270, "N"), ("S", 270, "E"), ("W", 270, "S"),
    ],
)
def test_square_rotation_moves_each_port_clockwise(port, degrees, expected):
    assert SQUARE.rotate(port, degrees) == expected


def test_square_rotation_composes_and_four_quarter_turns_are_none():
    for port in SQUARE.ports:
        assert SQUARE.rotate(SQUARE.rotate(port, 90), 90) == SQUARE.rotate(port, 180)
        assert SQUARE.rotate(SQUARE.rotate(port, 90), 180) == SQUARE.rotate(port, 270)
        p = port
        for _ in range(4):
            p = SQUARE.rotate(p, 90)
        assert p == port


def test_square_shape_numbers():
    assert SQUARE.rotations == (0, 90, 180, 270)
    assert SQUARE.step_degrees == 90
    assert SQUARE.ports_per_side == 1
    assert [SQUARE.side_of(p) for p in SQUARE.ports] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(
    "port, degrees, expected",
    [
        ("N1", 90, "E1"), ("N2", 90, "E2"), ("E1", 90, "S1"), ("W2", 90, "N2"),
        ("N1", 180, "S1"), ("N2", 180, "S2"), ("N1", 270, "W1"), ("S2", 270, "E2"),
    ],
)
def test_eight_port_rotation_keeps_a_port_s_place_along_its_side(port, degrees, expected):
    assert EIGHT.rotate(port, degrees) == expected


def test_eight_port_shape_numbers():
    assert EIGHT.ports_per_side == 2
    assert EIGHT.rotations == (0, 90, 180, 270)
    assert [EIGHT.side_of(p) for p in EIGHT.ports] == ["N", "N", "E", "E", "S", "S", "W", "W"]


# --- facing ports and steps to the neighbour --------------------------------------------


def test_square_facing_ports():
    assert {p: SQUARE.facing(p) for p in SQUARE.ports} == {"N": "S", "E": "W", "S": "N", "W": "E"}


def test_eight_port_facing_ports_cross_over_along_the_shared_side():
    # Na is the western port of the top side; the cell above sees that spot as the
    # western port of its bottom side, which is Sb (S runs east to west, clockwise).
    assert {p: EIGHT.facing(p) for p in EIGHT.ports} == {
        "N1": "S2", "N2": "S1", "E1": "W2", "E2": "W1",
        "S1": "N2", "S2": "N1", "W1": "E2", "W2": "E1",
    }


@pytest.mark.parametrize("shape", [SQUARE, EIGHT], ids=["square", "eight-port"])
def test_facing_is_its_own_inverse(shape):
    for port in shape.ports:
        assert shape.facing(shape.facing(port)) == port
        assert shape.facing(port) != port


def test_neighbours_across_sides_point_north_east_south_west():
    mid = Cell(2, 2)
    assert [BOARD.neighbour(mid, s) for s in "NESW"] == [Cell(2, 3), Cell(3, 2), Cell(2, 1), Cell(1, 2)]
    eight = Board(BOARD.columns, BOARD.rows, EIGHT)
    assert [eight.neighbour(mid, p) for p in ("N2", "E1", "S1", "W2")] == [Cell(2, 3), Cell(3, 2), Cell(2, 1), Cell(1, 2)]


@pytest.mark.parametrize("shape", [SQUARE, EIGHT], ids=["square", "eight-port"])
def test_facing_ports_touch_at_the_same_point(shape):
    """A port and its facing port are the same spot on the shared side, seen from each cell."""
    board = Board(BOARD.columns, BOARD.rows, shape)
    for port in shape.ports:
        here = board.port_point(Position(Cell(2, 2), port))
        there = board.step_out(Cell(2, 2), port)
        assert board.port_point(there) == pytest.approx(here)


@pytest.mark.parametrize("shape", [SQUARE, EIGHT], ids=["square", "eight-port"])
def test_rotate_by_90_matches_turning_the_drawn_tile_clockwise(shape):
    """Turning the unit tile a quarter clockwise about its centre carries a port's point
    onto the point of the port `rotate` names."""
    for port in shape.ports:
        p = shape.port_point(port)
        turned = Point(0.5 + (p.y - 0.5), 0.5 - (p.x - 0.5))
        assert shape.port_point(shape.rotate(port, 90)) == pytest.approx(turned)


def test_square_port_points_are_the_middles_of_the_sides():
    assert [SQUARE.port_point(p) for p in SQUARE.ports] == [
        Point(0.5, 1.0), Point(1.0, 0.5), Point(0.5, 0.0), Point(0.0, 0.5),
    ]


# --- the board --------------------------------------------------------------------------


def test_board_names_run_from_the_south_west_corner():
    assert BOARD.cell_name(Cell(0, 0)) == "A1"
    assert BOARD.cell_name(Cell(4, 0)) == "E1"
    assert BOARD.cell_name(Cell(0, 4)) == "A5"
    assert BOARD.cell_name(Cell(4, 4)) == "E5"
    assert len(BOARD.cells) == 25
    assert BOARD.cells[:6] == [Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(3, 0), Cell(4, 0), Cell(0, 1)]


def test_neighbours_north_is_the_next_row_east_the_next_column():
    a1 = Cell(0, 0)
    assert BOARD.neighbour(a1, "N") == Cell(0, 1)  # A2
    assert BOARD.neighbour(a1, "E") == Cell(1, 0)  # B1
    assert BOARD.neighbour(a1, "S") == Cell(0, -1)  # off the board
    assert Cell(0, -1) not in BOARD
    assert Cell(5, 0) not in BOARD
    assert Cell(4, 4) in BOARD


def test_step_out_lands_on_the_facing_entry_port_or_off_the_board():
    assert BOARD.step_out(Cell(0, 0), "N") == Position(Cell(0, 1), "S")  # A2/S
    assert BOARD.step_out(Cell(0, 0), "E") == Position(Cell(1, 0), "W")  # B1/W
    assert BOARD.step_out(Cell(0, 0), "W") is None
    assert BOARD.step_out(Cell(4, 4), "N") is None
    assert BOARD.step_out(Cell(4, 4), "W") == Position(Cell(3, 4), "E")  # D5/E


def test_edge_entries():
    assert BOARD.is_edge_entry(Position(Cell(0, 0), "S"))
    assert BOARD.is_edge_entry(Position(Cell(0, 0), "W"))
    assert BOARD.is_edge_entry(Position(Cell(4, 4), "N"))
    assert not BOARD.is_edge_entry(Position(Cell(0, 0), "N"))
    assert not BOARD.is_edge_entry(Position(Cell(2, 2), "S"))


def test_position_names_and_parsing():
    assert BOARD.position_name(Position(Cell(0, 1), "S")) == "A2/S"
    assert BOARD.position_name(None) == "out"
    assert BOARD.parse_cell("c4") == Cell(2, 3)
    assert BOARD.parse_cell(" E5 ") == Cell(4, 4)
    assert BOARD.parse_cell("F1") is None
    assert BOARD.parse_cell("A6") is None
    assert BOARD.parse_cell("A") is None
    assert BOARD.parse_cell("") is None
    assert BOARD.parse_position("b1/w") == Position(Cell(1, 0), "W")
    assert BOARD.parse_position("B1") is None
    assert BOARD.parse_position("B1/Q") is None


def test_board_with_two_digit_rows():
    board = Board(tuple("ABCDEFGHIJKL"), tuple(str(r) for r in range(1, 13)), SQUARE)
    assert board.parse_cell("L12") == Cell(11, 11)
    assert board.parse_cell("A1") == Cell(0, 0)
    assert board.parse_cell("A10") == Cell(0, 9)
    assert board.cell_name(Cell(11, 11)) == "L12"
