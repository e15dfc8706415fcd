"""The shared-path rule set: one path, "first" and "second" take turns, running it off loses."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.errors import DefinitionError, MoveError
from papergame.model.board import Cell, Position
from papergame.data.files import read_toml
from papergame.data.games import load_definition
from papergame.model.definition import parse_definition
from papergame.model.rules import OwnPath, SharedPath, replay, rule_set

from conftest import ROOT

SHARED = ROOT / "templates" / "shared-path" / "game.toml"


@pytest.fixture(scope="module")
def shared():
    return load_definition(SHARED)


@pytest.fixture
def shared_data():
    return read_toml(SHARED)


def problems(data) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        parse_definition(data, "g.toml")
    return info.value.problems


def test_the_template_loads_as_a_shared_path_with_the_default_board_and_tiles(shared, default_game):
    assert shared.rules.path == "shared" and shared.rules.supply == "unlimited"
    assert isinstance(rule_set(shared), SharedPath) and rule_set(shared).unlimited
    assert isinstance(rule_set(default_game), OwnPath)
    assert [(t.name, t.start) for t in shared.tokens] == [("path", Position(Cell(0, 0), "S"))]
    assert shared.board == default_game.board
    # the same three tiles, 9 of each instead of 6: 27, enough to fill the 25 cells
    assert [(t.id, t.pairs) for t in shared.tiles] == [(t.id, t.pairs) for t in default_game.tiles]
    assert [t.copies for t in shared.tiles] == [9, 9, 9] and shared.total_tiles >= len(shared.board.cells)
    assert shared.hand == 0


def test_default_rules_table_is_own_path_with_the_kit(default_data):
    d = copy.deepcopy(default_data)
    d["rules"] = {}
    assert parse_definition(d, "g.toml").rules == parse_definition(default_data, "g.toml").rules
    d["rules"] = {"path": "own", "supply": "kit"}
    assert parse_definition(d, "g.toml").rules.path == "own"


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["rules"].__setitem__("path", "common"), 'g.toml: rules.path: "common" is not "own" or "shared"'),
    (lambda d: d["rules"].__setitem__("path", 2), 'g.toml: rules.path: must be text, "own" or "shared", not a number'),
    (lambda d: d["rules"].__setitem__("supply", "endless"),
     'g.toml: rules.supply: "endless" is not "kit" or "unlimited"'),
    (lambda d: d["rules"].__setitem__("start", "A1/S"),
     'g.toml: rules: "start" is not a key (the keys: path, supply)'),
    (lambda d: d.__setitem__("rules", "shared"), "g.toml: rules: must be a table, not text"),
    (lambda d: d.__setitem__("deal", {"hand": 3}),
     'g.toml: deal: a shared-path game deals no hands (players lay tiles from the common supply); '
     'remove [deal] or set rules.path = "own"'),
    (lambda d: d["tokens"].append({"name": "black", "start": "E5/N"}),
     'g.toml: tokens: has 2 tokens; a shared-path game has exactly 1, the path ([[tokens]] name = "path")'),
    (lambda d: d["tokens"][0].__setitem__("start", "B2/S"),
     "g.toml: tokens[0].start: B2/S is not on the board's edge facing in: a start must enter the board from outside"),
])
def test_bad_rules_have_exact_errors(shared_data, edit, message):
    edit(shared_data)
    assert problems(shared_data) == [message]


def test_unlimited_supply_needs_a_shared_path(default_data):
    default_data["rules"] = {"supply": "unlimited"}
    assert problems(default_data) == [
        'g.toml: rules.supply: "unlimited" needs path = "shared": in the own-path game players hold hands '
        "dealt from the kit"
    ]


def test_own_path_still_needs_a_deal(default_data):
    del default_data["deal"]
    assert problems(default_data) == ["g.toml: deal: missing"]


# --- hand-worked positions ----------------------------------------------------------------


def test_straight_on_then_a_bend_off_the_west_edge(shared):
    # A1:3 carries the path S->N to A2/S. A2:1 (N-E, S-W) sends it S->W: off the west edge.
    game = replay(shared, ["A1:3", "A2:1"])
    assert [(t.player, shared.board.position_name(t.positions["path"])) for t in game.turns] == [
        ("first", "A2/S"), ("second", "out")]
    assert game.result == ("first", "second ran the path off the board")


def test_the_path_runs_on_through_filled_cells(shared):
    # A1:2 (N-W, S-E) sends S->E into B1/W; B1:1@270 turns N-E,S-W into W-N,E-S: W->N to B2/S;
    # B2:2@90 (N-W,S-E turned: E-N, W-S): S->W into A2/E; A2:1@90 (E-S, W-N): E->S into A1/N,
    # and A1's other line N-W runs the path off the west edge: a pass through a filled cell.
    game = replay(shared, ["A1:2", "B1:1@270", "B2:2@90", "A2:1@90"])
    last = game.turns[-1]
    assert [shared.board.cell_name(c) for c in last.traces["path"].route] == ["A2", "A1"]
    assert last.traces["path"].exit_port == "W"
    assert game.result == ("first", "second ran the path off the board")


def test_the_path_stops_at_the_first_empty_cell_after_passing_filled_ones(shared):
    # As above, but A2:3 carries it E->W straight off: second loses at once. A2:2@90 (E-N, W-S)
    # instead sends E->N into A3/S.
    game = replay(shared, ["A1:2", "B1:1@270", "B2:2@90", "A2:2@90"])
    assert shared.board.position_name(game.positions["path"]) == "A3/S"
    assert game.result.winner is None and game.mover == "first"


def test_unlimited_supply_never_runs_out(shared):
    moves = ["A1:3", "A2:3", "A3:3", "A4:3"]  # seven type 3s would exceed the kit's six
    game = replay(shared, moves)
    assert game.positions["path"] == Position(Cell(0, 4), "S")


def test_kit_supply_counts_copies_and_ends_in_a_draw_when_empty(shared_data):
    shared_data["rules"]["supply"] = "kit"
    for tile in shared_data["tiles"]:
        tile["copies"] = 1
    kit = parse_definition(shared_data, "g.toml")
    with pytest.raises(MoveError, match=r"move 2 \(A2:3\): all 1 tiles of type 3 are already on the board"):
        replay(kit, ["A1:3", "A2:3"])
    # A1:3 -> A2/S; A2:2@90 (E-N, W-S)... S->W off. Instead A2:1@180 (S-W, N-E)... use a route that stays:
    # A2:2 (N-W, S-E): S->E into B2/W; B2:1 (N-E, S-W): W->S into B1/N: three tiles laid, none left.
    game = replay(kit, ["A1:3", "A2:2", "B2:1"])
    assert game.result == ("draw", "tiles exhausted")


def test_a_wrong_cell_names_the_path(shared):
    with pytest.raises(MoveError) as info:
        replay(shared, ["B1:3"])
    assert info.value.problems == [
        "move 1 (B1:3): first must place in A1, the cell the path is about to enter, not B1"]


# --- trace ----------------------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_trace_json_for_a_shared_path():
    result = run("trace", "--game", str(SHARED), "A1:3", "A2:1@90", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == {
        "turns": [
            {"turn": 1, "player": "first", "cell": "A1", "tile": 3, "rotation": 0, "path": "A2/S",
             "tokens": {"path": "A2/S"}},
            {"turn": 2, "player": "second", "cell": "A2", "tile": 1, "rotation": 90, "path": "B2/W",
             "tokens": {"path": "B2/W"}},
        ],
        "result": {"winner": None, "reason": "in progress"},
    }


def test_trace_text_for_a_shared_path_one_line_a_turn():
    result = run("trace", "--game", str(SHARED), "A1:1")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Turn 1: first places 1@0 in A1; path goes through A1 and leaves the board from A1 by its W side. "
        "Now: path out.",
        "Result: second wins (first ran the path off the board).",
    ]


def test_default_game_json_is_unchanged():
    data = json.loads(run("trace", "A1:3", "--json").output)
    assert data["turns"][0] == {"turn": 1, "player": "white", "cell": "A1", "tile": 3, "rotation": 0,
                                "white": "A2/S", "black": "E5/N", "tokens": {"white": "A2/S", "black": "E5/N"}}
