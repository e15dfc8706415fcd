"""Properties of every legal game, checked over many random ones (hypothesis).

Each game is checked against the rules from the outside: where the tokens may stand,
that each route can be walked back to where the token entered the board, that no loop
happens, and that the result after every turn is what the rules say it should be.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from papergame.model.board import Board, Cell, Position
from papergame.data.games import load_definition
from papergame.model.definition import GameDefinition, parse_definition
from papergame.model.rules import Game, PlacedTile, play_random_game

from conftest import EXAMPLES

EIGHT_PORTS = ["Na", "Nb", "Ea", "Eb", "Sa", "Sb", "Wa", "Wb"]


def eight_port_game() -> GameDefinition:
    """Tiles with two ports a side on a 4 x 4 board: the engine is not tied to four ports."""
    data = {
        "shape": {"sides": ["N", "E", "S", "W"], "ports": EIGHT_PORTS},
        "board": {"columns": ["A", "B", "C", "D"], "rows": ["1", "2", "3", "4"]},
        "tokens": [{"name": "white", "start": "A1/Sb"}, {"name": "black", "start": "D4/Nb"}],
        "deal": {"hand": 3},
        "tiles": [
            {"type": 1, "copies": 5, "pairs": [["Na", "Sb"], ["Nb", "Sa"], ["Ea", "Wb"], ["Eb", "Wa"]]},
            {"type": 2, "copies": 5, "pairs": [["Na", "Wb"], ["Nb", "Ea"], ["Eb", "Sa"], ["Sb", "Wa"]]},
            {"type": 3, "copies": 5, "pairs": [["Na", "Nb"], ["Ea", "Eb"], ["Sa", "Sb"], ["Wa", "Wb"]]},
            {"type": 4, "copies": 5, "pairs": [["Na", "Eb"], ["Nb", "Wa"], ["Ea", "Sb"], ["Sa", "Wb"]]},
        ],
    }
    return parse_definition(data, "eight-port.toml")


DEFINITIONS = {
    "default": load_definition(),
    "six-by-six": load_definition(EXAMPLES / "six-by-six.toml"),
    "uneven-copies": load_definition(EXAMPLES / "uneven-copies.toml"),
    "eight-port": eight_port_game(),
}


# --- an independent walk backwards ------------------------------------------------------


def walk_back(board: Board, tiles: dict[Cell, PlacedTile], position: Position) -> tuple[Position, list]:
    """From an entry port, step back the way a token must have come, to the board's edge.

    A token at `cell/port` came out of the neighbouring cell across that port, through the
    facing port; inside that cell its line joins the facing port to the port it came in by.
    Returns the edge entry port it came from and the crossings (cell, in port, out port)
    in the order the token made them.
    """
    crossings = []
    for _ in range(len(tiles) * len(board.shape.ports) + 1):
        before = board.neighbour(position.cell, position.port)
        if before not in board:
            return position, crossings[::-1]
        out_port = board.shape.facing(position.port)
        assert before in tiles, f"{board.position_name(position)} cannot be reached: {board.cell_name(before)} is empty"
        in_port = tiles[before].links[out_port]
        crossings.append((before, in_port, out_port))
        position = Position(before, in_port)
    raise AssertionError("walking back went round in a circle")


def expected_result(names: list[str], positions: dict, placed: int, total: int) -> tuple:
    """The result the rules give after a placement with no loop (GAME.md, "End")."""
    out = [n for n in names if positions[n] is None]
    if len(out) == 2:
        return ("draw", "both exited")
    if len(out) == 1:
        (winner,) = [n for n in names if n not in out]
        return (winner, f"{out[0]} exited")
    if placed == total:
        return ("draw", "tiles exhausted")
    return (None, "in progress")


def check_game(definition: GameDefinition, game: Game) -> None:
    board = definition.board
    names = [t.name for t in definition.tokens]
    start = {t.name: t.start for t in definition.tokens}
    tiles: dict[Cell, PlacedTile] = {}
    before = dict(start)
    crossings = {n: [] for n in names}
    used: dict[int, int] = {}
    assert game.over, "a whole game ends"

    for k, turn in enumerate(game.turns, start=1):
        # a legal move: the mover's turn, its own entry cell, a tile still in the box
        assert turn.number == k
        assert turn.player == names[(k - 1) % 2]
        assert before[turn.player] is not None
        assert turn.cell == before[turn.player].cell
        assert turn.cell not in tiles
        used[turn.tile] = used.get(turn.tile, 0) + 1
        assert used[turn.tile] <= definition.tile(turn.tile).copies
        tiles[turn.cell] = game.tiles[turn.cell]
        assert tiles[turn.cell].rotation == turn.rotation

        # exactly the tokens standing at the new tile are traced; the others stay put
        at_new_tile = {n for n in names if before[n] is not None and before[n].cell == turn.cell}
        assert set(turn.traces) == at_new_tile
        for n in names:
            if n not in turn.traces:
                assert turn.positions[n] == before[n]

        for n, t in turn.traces.items():
            assert not t.loop, "no loop from edge starts with pairings that join each port once"
            assert t.start == before[n]
            assert t.end == turn.positions[n]
            crossings[n] += [(c, i, o) for c, (i, o) in zip(t.route, t.crossings)]

        # every token stands at an entry port of an empty cell on the board, or is out
        for n in names:
            p = turn.positions[n]
            if p is not None:
                assert p.cell in board
                assert p.port in definition.shape.ports
                assert p.cell not in tiles

        # every route can be walked back, through the tiles now down, to the token's start
        for n in names:
            p = turn.positions[n]
            if p is None:
                last = next(tr for tr in (t.traces.get(n) for t in reversed(game.turns[:k])) if tr)
                cell, exit_port = last.route[-1], last.exit_port
                assert board.step_out(cell, exit_port) is None
                entry, back = walk_back(board, tiles, Position(cell, tiles[cell].links[exit_port]))
                back.append((cell, tiles[cell].links[exit_port], exit_port))
            else:
                entry, back = walk_back(board, tiles, p)
            assert entry == start[n]
            assert back == crossings[n]

        # the result, judged here from positions and the count of tiles placed
        assert tuple(turn.result) == expected_result(names, turn.positions, k, definition.total_tiles)
        assert (turn.result.winner is not None) == (k == len(game.turns)), "the game ends at the first end"
        before = dict(turn.positions)

    assert tuple(game.result) == tuple(game.turns[-1].result)
    assert game.positions == game.turns[-1].positions


# 100 examples by default; 300 (as before the suite was trimmed) in the tests of their own under -m slow
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = dict(name=st.sampled_from(sorted(DEFINITIONS)), seed=st.integers(0, 2**32 - 1))
DRAWN = dict(name=st.sampled_from(sorted(DEFINITIONS)), data=st.data())


def random_game_from_hands(name, seed):
    definition = DEFINITIONS[name]
    check_game(definition, play_random_game(definition, random.Random(seed)))


@FAST
@given(**HANDS)
def test_random_games_from_hands_keep_every_rule(name, seed):
    random_game_from_hands(name, seed)


@pytest.mark.slow
@MANY
@given(**HANDS)
def test_many_random_games_from_hands_keep_every_rule(name, seed):
    random_game_from_hands(name, seed)


@FAST
@given(**DRAWN)
def test_games_of_drawn_moves_keep_every_rule(name, data):
    game_of_drawn_moves(name, data)


@pytest.mark.slow
@MANY
@given(**DRAWN)
def test_many_games_of_drawn_moves_keep_every_rule(name, data):
    game_of_drawn_moves(name, data)


def game_of_drawn_moves(name, data):
    """Moves drawn one by one by hypothesis, any type still in the box, any turn."""
    definition = DEFINITIONS[name]
    game = Game(definition)
    types = [t.id for t in definition.tiles]
    while not game.over:
        available = [t for t in types if game.remaining(t) > 0]
        type_id = data.draw(st.sampled_from(available), label="tile")
        rotation = data.draw(st.sampled_from(definition.shape.rotations), label="rotation")
        game.place(game.positions[game.mover].cell, type_id, rotation)
    check_game(definition, game)


def test_the_property_checker_catches_a_wrong_result():
    """check_game is not a rubber stamp: a game whose last result is changed fails it."""
    definition = DEFINITIONS["default"]
    game = play_random_game(definition, random.Random(1))
    last = game.turns[-1]
    wrong = type(last.result)(None, "in progress")
    game.turns[-1] = type(last)(
        last.number, last.player, last.cell, last.tile, last.rotation, last.positions, last.traces, wrong
    )
    with pytest.raises(AssertionError):
        check_game(definition, game)


def test_the_backward_walk_finds_a_route_by_hand(default_game):
    """walk_back on the worked example: after 1@90 at A1, white at B1/W came from A1/S."""
    game = Game(default_game)
    game.play("A1:1@90")
    board = default_game.board
    entry, back = walk_back(board, game.tiles, board.parse_position("B1/W"))
    assert board.position_name(entry) == "A1/S"
    assert back == [(Cell(0, 0), "S", "E")]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("name", ["default", "six-by-six"])
def test_many_seeded_games_reach_every_ending_and_keep_every_rule(name):
    """Hypothesis rarely draws the rare endings; 2,000 seeded games reach each of them."""
    definition = DEFINITIONS[name]
    reasons = set()
    for seed in range(2000):
        game = play_random_game(definition, random.Random(seed))
        check_game(definition, game)
        reasons.add(game.result.reason)
    assert reasons == {"white exited", "black exited", "both exited", "tiles exhausted"}


# --- random definitions of every shape -------------------------------------------------------

SHAPES = [("square", 1), ("square", 2), ("square", 3), ("hexagon", 1), ("hexagon", 2)]


@st.composite
def random_definitions(draw, kind: str, k: int) -> GameDefinition:
    """A shape GEOMETRY.md allows, a board of 2 to 6 cells a side, 1 to 4 random tile types, edge starts."""
    from papergame.model.geometry import TileShape, standard_ports

    sides, ports = standard_ports(kind, k)
    columns = [chr(ord("A") + i) for i in range(draw(st.integers(2, 6)))]
    rows = [str(r) for r in range(1, draw(st.integers(2, 6)) + 1)]
    board = Board(tuple(columns), tuple(rows), TileShape(sides, ports))
    edge = [Position(c, p) for c in board.cells for p in ports if board.is_edge_entry(Position(c, p))]
    starts = draw(st.lists(st.sampled_from(edge), min_size=2, max_size=2, unique=True))
    tiles = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(list(ports)))
        pairs = [[order[i], order[i + 1]] for i in range(0, len(order), 2)]
        tiles.append({"type": number, "copies": draw(st.integers(2, 8)), "pairs": pairs})
    total = sum(t["copies"] for t in tiles)
    data = {
        "shape": {"sides": list(sides), "ports": list(ports)},
        "board": {"columns": columns, "rows": rows},
        "tokens": [{"name": n, "start": board.position_name(s)} for n, s in zip(("white", "black"), starts)],
        "deal": {"hand": draw(st.integers(1, max(1, total // 2)))},
        "tiles": tiles,
    }
    return parse_definition(data, f"random-{kind}-{k}.toml")


# 30 definitions a shape by default, 80 (as before the suite was trimmed) under -m slow
@pytest.mark.default_cases(2)
@pytest.mark.parametrize("examples", [30, pytest.param(80, marks=pytest.mark.slow)])
@pytest.mark.parametrize("kind, k", SHAPES)
def test_random_definitions_of_every_shape_keep_every_rule(kind, k, examples):
    """Routes walk back to their edge start, no loop from edge starts, endings judged independently."""

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(definition=random_definitions(kind, k), seed=st.integers(0, 2**32 - 1))
    def check(definition, seed):
        assert (definition.shape.kind, definition.shape.ports_per_side) == (kind, k)
        check_game(definition, play_random_game(definition, random.Random(seed)))

    check()
