"""Every rule of GAME.md, one at a time, with results worked out by hand from the rules."""

from __future__ import annotations

import random
import signal
from collections import Counter
from contextlib import contextmanager

import pytest

from papergame.model.board import Cell, Position
from papergame.model.definition import GameDefinition, parse_definition
from papergame.errors import MoveError
from papergame.model.rules import (
    Game,
    PlacedTile,
    Result,
    deal,
    play_random_game,
    replay,
    rotated_links,
    same_under_rotation,
    symmetric_turns,
    tile_bag,
    trace,
)
from papergame.explain import game_story


def cell(d: GameDefinition, name: str) -> Cell:
    c = d.board.parse_cell(name)
    assert c is not None, name
    return c


def pos(d: GameDefinition, name: str) -> Position:
    p = d.board.parse_position(name)
    assert p is not None, name
    return p


def where(game: Game) -> dict[str, str]:
    return {n: game.board.position_name(p) for n, p in game.positions.items()}


def small_game(tiles: list[tuple[int, list[list[str]], int]], hand: int = 1) -> GameDefinition:
    """A 2 x 2 board (A1 to B2), white entering A1 from the south, black entering B2 from the north."""
    data = {
        "shape": {"sides": ["N", "E", "S", "W"], "ports": ["N", "E", "S", "W"]},
        "board": {"columns": ["A", "B"], "rows": ["1", "2"]},
        "tokens": [{"name": "white", "start": "A1/S"}, {"name": "black", "start": "B2/N"}],
        "deal": {"hand": hand},
        "tiles": [{"type": t, "pairs": p, "copies": c} for t, p, c in tiles],
    }
    return parse_definition(data, "small.toml")


TYPE_1 = [["N", "E"], ["S", "W"]]
TYPE_2 = [["N", "W"], ["S", "E"]]
TYPE_3 = [["N", "S"], ["E", "W"]]


# --- board, ports, tiles ----------------------------------------------------------------


def test_tiles_join_their_ports_as_printed(default_game):
    links = {t.id: rotated_links(default_game, t, 0) for t in default_game.tiles}
    assert links == {
        1: {"N": "E", "E": "N", "S": "W", "W": "S"},
        2: {"N": "W", "W": "N", "S": "E", "E": "S"},
        3: {"N": "S", "S": "N", "E": "W", "W": "E"},
    }


def test_six_copies_of_each_type_make_eighteen(default_game):
    assert Counter(tile_bag(default_game)) == {1: 6, 2: 6, 3: 6}


@pytest.mark.parametrize(
    "type_id, rotation, pairs",
    [
        # turning by 90 moves each printed port one step clockwise: N->E, E->S, S->W, W->N
        (1, 0, {("N", "E"), ("S", "W")}),
        (1, 90, {("E", "S"), ("W", "N")}),
        (1, 180, {("S", "W"), ("N", "E")}),
        (1, 270, {("W", "N"), ("E", "S")}),
        (2, 0, {("N", "W"), ("S", "E")}),
        (2, 90, {("E", "N"), ("W", "S")}),
        (2, 180, {("S", "E"), ("N", "W")}),
        (2, 270, {("W", "S"), ("E", "N")}),
        (3, 0, {("N", "S"), ("E", "W")}),
        (3, 90, {("E", "W"), ("S", "N")}),
        (3, 180, {("S", "N"), ("W", "E")}),
        (3, 270, {("W", "E"), ("N", "S")}),
    ],
)
def test_rotated_tiles(default_game, type_id, rotation, pairs):
    links = rotated_links(default_game, default_game.tile(type_id), rotation)
    expected = {}
    for a, b in pairs:
        expected[a], expected[b] = b, a
    assert links == expected


def test_type_1_turned_90_is_type_2_and_type_3_looks_the_same_every_way(default_game):
    t1, t2, t3 = (default_game.tile(i) for i in (1, 2, 3))
    assert rotated_links(default_game, t1, 90) == t2.partner
    assert rotated_links(default_game, t1, 270) == t2.partner
    assert rotated_links(default_game, t2, 90) == t1.partner
    assert same_under_rotation(default_game) == [[(1, 0), (2, 90)]]
    assert symmetric_turns(default_game, t1) == [0, 180]
    assert symmetric_turns(default_game, t2) == [0, 180]
    assert symmetric_turns(default_game, t3) == [0, 90, 180, 270]


def test_type_3_lines_cross_without_connecting(default_game):
    for rotation in (0, 90, 180, 270):
        links = rotated_links(default_game, default_game.tile(3), rotation)
        assert links["N"] == "S" and links["E"] == "W"


def test_no_types_alike_when_none_is_another_turned():
    d = small_game([(1, TYPE_1, 1), (3, TYPE_3, 1)])
    assert same_under_rotation(d) == []


# --- tokens and setup -------------------------------------------------------------------


def test_tokens_start_on_the_edge_white_first(default_game):
    game = Game(default_game)
    assert where(game) == {"white": "A1/S", "black": "E5/N"}
    assert list(game.positions) == ["white", "black"]
    assert game.mover == "white"
    assert game.result == Result(None, "in progress")
    assert not game.over


def test_deal_three_each_and_twelve_in_the_pile(default_game):
    hands, pile = deal(default_game, random.Random(7))
    assert sorted(hands) == ["black", "white"]
    assert [len(hands["white"]), len(hands["black"]), len(pile)] == [3, 3, 12]
    assert Counter(hands["white"] + hands["black"] + pile) == {1: 6, 2: 6, 3: 6}


def test_deal_is_shuffled(default_game):
    deals = {tuple(deal(default_game, random.Random(seed))[1]) for seed in range(10)}
    assert len(deals) > 1
    assert deal(default_game, random.Random(3)) == deal(default_game, random.Random(3))


# --- a turn -----------------------------------------------------------------------------


def test_turns_alternate_white_first(default_game):
    game = Game(default_game)
    players = []
    for move in ["A1:3", "E5:3", "A2:3", "E4:3"]:
        players.append(game.play(move).player)
    assert players == ["white", "black", "white", "black"]
    assert game.mover == "white"


def test_tile_goes_in_the_cell_the_movers_token_is_about_to_enter(default_game):
    game = Game(default_game)
    with pytest.raises(MoveError) as info:
        game.place(cell(default_game, "E5"), 3)
    assert info.value.problems == ["white must place in A1, the cell its token is about to enter, not E5"]
    game.play("A1:3")
    with pytest.raises(MoveError) as info:
        game.place(cell(default_game, "A2"), 3)
    assert info.value.problems == ["black must place in E5, the cell its token is about to enter, not A2"]
    assert len(game.turns) == 1  # a refused move changes nothing
    assert where(game) == {"white": "A2/S", "black": "E5/N"}


# The worked example of GAME.md, all three lines.


def test_worked_example_type_3_at_a1_goes_straight_north(default_game):
    for rotation in (0, 90, 180, 270):
        game = Game(default_game)
        turn = game.place(cell(default_game, "A1"), 3, rotation)
        assert where(game) == {"white": "A2/S", "black": "E5/N"}
        assert turn.traces["white"].route == (cell(default_game, "A1"),)
        assert game.result == Result(None, "in progress")


def test_worked_example_type_1_at_a1_takes_white_off_the_board(default_game):
    game = Game(default_game)
    turn = game.play("A1:1")
    assert where(game) == {"white": "out", "black": "E5/N"}
    assert turn.traces["white"].exit_port == "W"
    assert game.result == Result("black", "white exited")
    assert game.over


def test_worked_example_type_1_turned_90_goes_east(default_game):
    game = Game(default_game)
    game.play("A1:1@90")
    assert where(game) == {"white": "B1/W", "black": "E5/N"}
    game2 = Game(default_game)
    game2.play("A1:2")
    assert where(game2) == where(game)


# White's first move at A1, every type in every rotation. White enters A1 through S;
# the tile's partner of S decides: N -> A2/S, E -> B1/W, W -> off the west edge.
FIRST_MOVES = [
    # type 1 as printed: N-E, S-W
    (1, 0, "out", Result("black", "white exited")),  # S-W
    (1, 90, "B1/W", Result(None, "in progress")),  # E-S, W-N
    (1, 180, "out", Result("black", "white exited")),  # S-W, N-E
    (1, 270, "B1/W", Result(None, "in progress")),  # W-N, E-S
    # type 2 as printed: N-W, S-E
    (2, 0, "B1/W", Result(None, "in progress")),  # S-E
    (2, 90, "out", Result("black", "white exited")),  # E-N, W-S
    (2, 180, "B1/W", Result(None, "in progress")),  # S-E, N-W
    (2, 270, "out", Result("black", "white exited")),  # W-S, E-N
    # type 3: N-S and E-W in every rotation
    (3, 0, "A2/S", Result(None, "in progress")),
    (3, 90, "A2/S", Result(None, "in progress")),
    (3, 180, "A2/S", Result(None, "in progress")),
    (3, 270, "A2/S", Result(None, "in progress")),
]


@pytest.mark.parametrize("type_id, rotation, white, result", FIRST_MOVES, ids=[f"{t}@{r}" for t, r, _, _ in FIRST_MOVES])
def test_first_move_at_a1(default_game, type_id, rotation, white, result):
    game = Game(default_game)
    turn = game.play(f"A1:{type_id}@{rotation}")
    assert (turn.number, turn.player, turn.tile, turn.rotation) == (1, "white", type_id, rotation)
    assert where(game) == {"white": white, "black": "E5/N"}
    assert game.result == result
    assert list(turn.traces) == ["white"]  # black stands at E5, far from A1: not traced


def test_single_steps_until_black_leaves(default_game):
    """Each tracing stops at the first entry port of an empty cell."""
    game = replay(default_game, ["A1:2", "E5:3", "B1:2", "E4:3"])
    # white: A1 S->E, B1/W; B1 2@0 (N-W, S-E) W->N, B2/S
    assert where(game) == {"white": "B2/S", "black": "E3/N"}
    game.play("B2:1")  # N-E, S-W: S->W, to A2/E
    assert where(game)["white"] == "A2/E"
    game.play("E3:2@90")  # black: E-N, W-S: N->E, off the east edge
    assert where(game) == {"white": "A2/E", "black": "out"}
    assert game.result == Result("white", "black exited")


def test_one_tile_sends_both_tokens_through_many_placed_tiles(default_game):
    """A tracing goes on through every placed tile it meets, not one cell a turn."""
    game = replay(default_game, ["A1:3", "E5:3", "A2:3", "E4:3"])  # white A3/S, black E3/N
    game.play("A3:1@90")  # S->E: white B3/W
    game.play("E3:2")  # black N->W: D3/E
    game.play("B3:2@270")  # W-S: white B2/N
    game.play("D3:3")  # black E->W: C3/E
    game.play("B2:1@180")  # S-W, N-E: white N->E, C2/W
    game.play("C3:1@90")  # black E-S: C2/N
    assert where(game) == {"white": "C2/W", "black": "C2/N"}
    # one tile at C2 now traces both tokens: 1@270 is W-N, E-S
    turn = game.play("C2:1@270")
    names = game.board.cell_name
    # white W->N: C3/S; C3 (1@90: E-S, W-N) S->E: D3/W; D3 (3) W->E: E3/W; E3 (2: N-W, S-E) W->N: E4/S;
    # E4 (3) S->N: E5/S; E5 (3) S->N: off the north edge.
    assert [names(c) for c in turn.traces["white"].route] == ["C2", "C3", "D3", "E3", "E4", "E5"]
    # black N->W: B2/E; B2 (1@180: S-W, N-E) E->N: B3/S; B3 (2@270: W-S, E-N) S->W: A3/E;
    # A3 (1@90: E-S, W-N) E->S: A2/N; A2 (3) N->S: A1/N; A1 (3) N->S: off the south edge.
    assert [names(c) for c in turn.traces["black"].route] == ["C2", "B2", "B3", "A3", "A2", "A1"]
    assert where(game) == {"white": "out", "black": "out"}
    assert game.result == Result("draw", "both exited")


# The game the CLI tests also replay: the tokens meet head-on in C3.
MEET_IN_C3 = ["A1:2", "E5:2", "B1:3", "D5:3", "C1:2", "C5:2", "C2:3", "C4:3"]


def test_one_placement_traces_both_tokens_and_they_pass_each_other(default_game):
    game = replay(default_game, MEET_IN_C3)
    assert where(game) == {"white": "C3/S", "black": "C3/N"}
    # 1@90 joins E-S and W-N: white turns east, black turns west, both stay on the board
    turn = game.play("C3:1@90")
    assert set(turn.traces) == {"white", "black"}
    assert where(game) == {"white": "D3/W", "black": "B3/E"}
    assert game.result == Result(None, "in progress")


def test_a_token_passes_over_the_other_tokens_position(default_game):
    """No collisions: white leaves C3 through the very port black stood at, and black
    through white's; each then runs back along the other's route and off the board."""
    game = replay(default_game, MEET_IN_C3)
    turn = game.play("C3:3")
    names = game.board.cell_name
    assert [names(c) for c in turn.traces["white"].route] == ["C3", "C4", "C5", "D5", "E5"]
    assert turn.traces["white"].exit_port == "N"
    assert [names(c) for c in turn.traces["black"].route] == ["C3", "C2", "C1", "B1", "A1"]
    assert turn.traces["black"].exit_port == "S"
    assert where(game) == {"white": "out", "black": "out"}
    assert game.result == Result("draw", "both exited")


def test_crossing_lines_of_type_3_do_not_join(default_game):
    """White crosses B1 west to east; a token coming down column B crosses the same tile
    north to south without being turned onto white's line."""
    game = replay(default_game, ["A1:2", "E5:1@90", "B1:3@90"])  # white: A1 S->E, B1 W->E
    assert where(game) == {"white": "C1/W", "black": "D5/E"}
    t = trace(game.board, game.tiles, pos(default_game, "B1/N"))
    assert t.route == (cell(default_game, "B1"),)
    assert (t.end, t.exit_port) == (None, "S")


# --- loops ------------------------------------------------------------------------------
#
# With tiles whose pairings join each port to exactly one other (the loader allows no
# other kind) and tokens that start on the edge, a loop cannot happen: every entry port
# has exactly one port it can be reached from, so a route traced backwards always runs
# back to the edge where it started, and a port visited twice would need two
# predecessors. The engine still detects loops; these tests make them happen by
# starting a token inside a ring of tiles, or with a hand-built one-way tile.


@contextmanager
def time_limit(seconds: float):
    """Fail, rather than hang, if loop detection is broken and a trace goes round forever."""

    def stop(signum, frame):
        raise AssertionError(f"still tracing after {seconds} s: the loop was not detected")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def ring(d: GameDefinition) -> dict[Cell, PlacedTile]:
    """Tiles in B1, B2 and A2 that lead A1's east side round to A1's north side."""
    return {
        cell(d, "B1"): PlacedTile.make(d, d.tile(2), 0),  # W-N
        cell(d, "B2"): PlacedTile.make(d, d.tile(1), 0),  # S-W
        cell(d, "A2"): PlacedTile.make(d, d.tile(2), 0),  # E-S
    }


def test_trace_detects_a_token_coming_back_to_its_start(default_game):
    d = default_game
    tiles = ring(d) | {cell(d, "A1"): PlacedTile.make(d, d.tile(1), 0)}  # A1: N-E
    with time_limit(2):
        t = trace(d.board, tiles, pos(d, "A1/N"))
    assert t.loop
    assert [d.board.cell_name(c) for c in t.route] == ["A1", "B1", "B2", "A2"]
    assert t.end == pos(d, "A1/N")


def test_trace_detects_a_loop_that_does_not_pass_the_start(default_game):
    """A one-way tile (S and N both lead to E) lets a token from the edge run into a ring."""
    d = default_game
    one_way = PlacedTile(d.tile(1), 0, {"S": "E", "N": "E", "E": "N", "W": "S"})
    tiles = ring(d) | {cell(d, "A1"): one_way}
    with time_limit(2):
        t = trace(d.board, tiles, pos(d, "A1/S"))
    assert t.loop
    assert [d.board.cell_name(c) for c in t.route] == ["A1", "B1", "B2", "A2", "A1"]
    assert t.end == pos(d, "B1/W")


def test_a_loop_ends_the_game_in_a_draw(default_game):
    d = default_game
    game = Game(d, positions={"white": pos(d, "A1/N"), "black": pos(d, "E5/N")})
    game.tiles.update(ring(d))
    with time_limit(2):
        turn = game.play("A1:1")
    assert turn.traces["white"].loop
    assert game.result == Result("draw", "loop")
    assert game.over
    assert game_story(game)[0] == (
        "Turn 1: white places 1@0 in A1; white goes through A1 B1 B2 A2 and loops forever. "
        "Now: white A1/N, black E5/N."
    )


# --- the end ----------------------------------------------------------------------------


def test_black_exits_white_wins(default_game):
    game = replay(default_game, ["A1:3", "E5:1"])  # black: N-E, off the east edge
    assert where(game) == {"white": "A2/S", "black": "out"}
    assert game.result == Result("white", "black exited")


def test_both_exit_on_a_small_board_is_a_draw():
    d = small_game([(1, TYPE_1, 2), (3, TYPE_3, 1)])
    game = replay(d, ["A1:3", "B2:1@90"])  # white A2/S; black N->W: A2/E
    assert where(game) == {"white": "A2/S", "black": "A2/E"}
    turn = game.play("A2:1")  # N-E, S-W: white S->W off the west edge, black E->N off the north
    assert set(turn.traces) == {"white", "black"}
    assert where(game) == {"white": "out", "black": "out"}
    assert game.result == Result("draw", "both exited")


def test_every_tile_placed_with_both_tokens_on_the_board_is_a_draw():
    d = small_game([(3, TYPE_3, 2)])
    game = Game(d)
    game.play("A1:3")  # white A2/S
    assert game.result == Result(None, "in progress")
    game.play("B2:3")  # black B1/N
    assert where(game) == {"white": "A2/S", "black": "B1/N"}
    assert game.result == Result("draw", "tiles exhausted")


def test_a_token_leaving_with_the_last_tile_still_loses():
    d = small_game([(1, TYPE_1, 1), (3, TYPE_3, 1)])
    game = replay(d, ["A1:3", "B2:1"])  # black N->E, off the east edge, with the last tile
    assert game.result == Result("white", "black exited")


def test_no_move_after_the_end(default_game):
    game = replay(default_game, ["A1:1"])
    with pytest.raises(MoveError) as info:
        game.play("E5:3")
    assert info.value.problems == ["the game is already over (black won, white exited)"]
    draw = replay(default_game, MEET_IN_C3 + ["C3:3"])
    with pytest.raises(MoveError) as info:
        draw.play("C3:3")
    assert info.value.problems == ["the game is already over (a draw, both exited)"]


def test_a_seventh_tile_of_a_type_is_refused(default_game):
    game = replay(default_game, ["A1:3", "E5:3", "A2:3", "E4:3", "A3:3", "E3:3"])
    assert game.remaining(3) == 0
    with pytest.raises(MoveError) as info:
        game.play("A4:3")
    assert info.value.problems == ["all 6 tiles of type 3 are already on the board"]
    assert game.remaining(1) == 6


# --- moves as text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, expected",
    [
        ("A1:3", ((0, 0), 3, 0)),
        ("a1:3", ((0, 0), 3, 0)),
        ("A1:1@90", ((0, 0), 1, 90)),
        (" A1 : 2 @ 270 ", ((0, 0), 2, 270)),
        ("E5:1@0", ((4, 4), 1, 0)),
    ],
)
def test_parse_move(default_game, move, expected):
    assert Game(default_game).parse_move(move) == (Cell(*expected[0]), expected[1], expected[2])


@pytest.mark.parametrize(
    "move, message",
    [
        ("A1", '"A1" is not CELL:TYPE or CELL:TYPE@DEG (for example A1:3 or A2:1@90)'),
        ("A1:", '"A1:" is not CELL:TYPE or CELL:TYPE@DEG (for example A1:3 or A2:1@90)'),
        ("A1:3@", '"A1:3@" is not CELL:TYPE or CELL:TYPE@DEG (for example A1:3 or A2:1@90)'),
        ("F1:3", '"F1" is not a cell of this board (A1 to E5)'),
        ("A1:x", 'tile "x" is not a tile type number (1, 2, 3)'),
        ("A1:4", "there is no tile type 4 (types: 1, 2, 3)"),
        ("A1:3@45", 'rotation "45" is not one of 0, 90, 180, 270'),
        ("A1:3@360", 'rotation "360" is not one of 0, 90, 180, 270'),
        ("A1:3@east", 'rotation "east" is not one of 0, 90, 180, 270'),
    ],
)
def test_bad_moves(default_game, move, message):
    game = Game(default_game)
    with pytest.raises(MoveError) as info:
        game.play(move)
    assert info.value.problems == [message]
    assert game.turns == [] and game.tiles == {}


def test_replay_names_the_bad_moves_number(default_game):
    with pytest.raises(MoveError) as info:
        replay(default_game, ["A1:3", "A2:3"])
    assert info.value.problems == ["move 2 (A2:3): black must place in E5, the cell its token is about to enter, not A2"]


# --- whole games with hands and a draw pile ---------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_random_games_play_from_hands_and_draw_after_each_turn(default_game, seed):
    game = play_random_game(default_game, random.Random(seed))
    # play_random_game deals first from the same generator, so the deal can be repeated
    hands, pile = deal(default_game, random.Random(seed))
    for turn in game.turns:
        hand = hands[turn.player]
        assert turn.tile in hand, f"turn {turn.number}: {turn.player} placed a tile not in hand"
        hand.remove(turn.tile)
        if pile:
            hand.append(pile.pop())
        assert len(hand) == (3 if turn.number <= 12 else 3 - (turn.number - 11) // 2)
    assert game.over
    assert game.turns[-1].result == game.result
