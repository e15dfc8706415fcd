"""The `trace` and `validate` commands: exact output, exact errors, exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from papergame import __version__
from papergame.cli import main

from conftest import EXAMPLES, ROOT

# click 8.2+ keeps stdout and stderr apart on the result (there is no mix_stderr any
# more): result.stdout and result.stderr are each stream, result.output both interleaved.


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_fails(result, stderr: str) -> None:
    """A refused command: exact `Error:` lines on stderr, nothing on stdout, status 2, no traceback."""
    assert result.stderr == stderr
    assert result.stdout == ""
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


# --- trace --json: the contract -----------------------------------------------------------


def test_trace_json_one_move_exactly_as_the_contract_shows():
    result = run("trace", "A1:3", "--json")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert json.loads(result.stdout) == {
        "turns": [{"turn": 1, "player": "white", "cell": "A1", "tile": 3, "rotation": 0,
                   "white": "A2/S", "black": "E5/N", "tokens": {"white": "A2/S", "black": "E5/N"}}],
        "result": {"winner": None, "reason": "in progress"},
    }
    assert result.stdout.count("\n") == 1  # one JSON object on one line


def test_trace_json_keys_in_the_order_of_the_contract():
    data = json.loads(run("trace", "A1:3", "--json").stdout)
    assert list(data) == ["turns", "result"]
    assert list(data["turns"][0]) == ["turn", "player", "cell", "tile", "rotation", "white", "black", "tokens"]
    assert list(data["result"]) == ["winner", "reason"]


MEET_IN_C3 = ["A1:2", "E5:2", "B1:3", "D5:3", "C1:2", "C5:2", "C2:3", "C4:3"]


def turn(n, player, cell, tile, rotation, white, black):
    return {"turn": n, "player": player, "cell": cell, "tile": tile, "rotation": rotation,
            "white": white, "black": black, "tokens": {"white": white, "black": black}}


def test_trace_json_a_whole_game_ending_in_a_draw():
    """The tokens walk towards each other, meet head-on in C3, and one tile sends both
    back along each other's routes and off the board."""
    result = run("trace", *MEET_IN_C3, "C3:3", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "turns": [
            turn(1, "white", "A1", 2, 0, "B1/W", "E5/N"),
            turn(2, "black", "E5", 2, 0, "B1/W", "D5/E"),
            turn(3, "white", "B1", 3, 0, "C1/W", "D5/E"),
            turn(4, "black", "D5", 3, 0, "C1/W", "C5/E"),
            turn(5, "white", "C1", 2, 0, "C2/S", "C5/E"),
            turn(6, "black", "C5", 2, 0, "C2/S", "C4/N"),
            turn(7, "white", "C2", 3, 0, "C3/S", "C4/N"),
            turn(8, "black", "C4", 3, 0, "C3/S", "C3/N"),
            turn(9, "white", "C3", 3, 0, "out", "out"),
        ],
        "result": {"winner": "draw", "reason": "both exited"},
    }


@pytest.mark.parametrize(
    "moves, winner, reason",
    [
        (["A1:1"], "black", "white exited"),
        (["A1:3", "E5:1"], "white", "black exited"),
        (["A1:1@90", "E5:1@90"], None, "in progress"),
    ],
)
def test_trace_json_results(moves, winner, reason):
    data = json.loads(run("trace", *moves, "--json").stdout)
    assert data["result"] == {"winner": winner, "reason": reason}
    assert len(data["turns"]) == len(moves)


def test_trace_json_rotation_and_positions():
    data = json.loads(run("trace", "A1:1@90", "E5:1@90", "--json").stdout)
    assert data["turns"] == [
        turn(1, "white", "A1", 1, 90, "B1/W", "E5/N"),  # 1@90 joins E-S: S -> E
        turn(2, "black", "E5", 1, 90, "B1/W", "D5/E"),  # and W-N: N -> W
    ]


def test_lower_case_moves_are_read_the_same():
    assert run("trace", "a1:1@90", "--json").stdout == run("trace", "A1:1@90", "--json").stdout


# --- trace for a person ---------------------------------------------------------------------


def test_trace_story_worked_example():
    assert run("trace", "A1:3").stdout == (
        "Turn 1: white places 3@0 in A1; white goes through A1 and stops at A2/S. Now: white A2/S, black E5/N.\n"
        "Result: the game goes on.\n"
    )
    assert run("trace", "A1:1").stdout == (
        "Turn 1: white places 1@0 in A1; white goes through A1 and leaves the board from A1 by its W side. "
        "Now: white out, black E5/N.\n"
        "Result: black wins (white exited).\n"
    )
    assert run("trace", "A1:1@90").stdout == (
        "Turn 1: white places 1@90 in A1; white goes through A1 and stops at B1/W. Now: white B1/W, black E5/N.\n"
        "Result: the game goes on.\n"
    )


def test_trace_story_one_line_a_turn_and_both_tokens_traced():
    result = run("trace", *MEET_IN_C3, "C3:3")
    lines = result.stdout.splitlines()
    assert len(lines) == 10
    assert lines[7] == (
        "Turn 8: black places 3@0 in C4; black goes through C4 and stops at C3/N. Now: white C3/S, black C3/N."
    )
    assert lines[8] == (
        "Turn 9: white places 3@0 in C3; white goes through C3 C4 C5 D5 E5 and leaves the board from E5 by its N side; "
        "black goes through C3 C2 C1 B1 A1 and leaves the board from A1 by its S side. Now: white out, black out."
    )
    assert lines[9] == "Result: draw (both exited)."


def test_trace_help_examples_run():
    for moves in (["A1:3", "E5:2", "A2:1@90"], ["A1:3", "--json"]):
        assert run("trace", *moves).exit_code == 0


# --- trace errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "moves, error",
    [
        (["B1:3"], "move 1 (B1:3): white must place in A1, the cell its token is about to enter, not B1"),
        (["A1:3", "A2:3"], "move 2 (A2:3): black must place in E5, the cell its token is about to enter, not A2"),
        (["A1:3", "E5:3", "A2:3", "E4:3", "A3:3", "E3:3", "A4:3"],
         "move 7 (A4:3): all 6 tiles of type 3 are already on the board"),
        (["A1:3@45"], 'move 1 (A1:3@45): rotation "45" is not one of 0, 90, 180, 270'),
        (["A1:3@-90"], 'move 1 (A1:3@-90): rotation "-90" is not one of 0, 90, 180, 270'),
        (["Z9:3"], 'move 1 (Z9:3): "Z9" is not a cell of this board (A1 to E5)'),
        (["A6:3"], 'move 1 (A6:3): "A6" is not a cell of this board (A1 to E5)'),
        (["A1:1", "E5:3"], "move 2 (E5:3): the game is already over (black won, white exited)"),
        ([*MEET_IN_C3, "C3:3", "A1:3"], "move 10 (A1:3): the game is already over (a draw, both exited)"),
        (["A1-3"], 'move 1 (A1-3): "A1-3" is not CELL:TYPE or CELL:TYPE@DEG (for example A1:3 or A2:1@90)'),
        (["A1:3:90"], 'move 1 (A1:3:90): tile "3:90" is not a tile type number (1, 2, 3)'),
        (["A1:7"], "move 1 (A1:7): there is no tile type 7 (types: 1, 2, 3)"),
    ],
)
def test_trace_refuses_bad_moves(moves, error):
    assert_fails(run("trace", *moves), f"Error: {error}\n")
    assert_fails(run("trace", *moves, "--json"), f"Error: {error}\n")


def test_trace_without_moves_is_a_usage_error():
    result = run("trace")
    assert result.exit_code == 2
    assert result.stderr == "Error: Missing argument 'MOVES...'; see papergame trace --help\n"


# --- trace --game ---------------------------------------------------------------------------


def test_trace_with_the_six_by_six_example(in_repo):
    result = run("trace", "A1:3", "F6:3", "--json", "--game", "examples/six-by-six.toml")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["turns"][-1] == turn(2, "black", "F6", 3, 0, "A2/S", "F5/N")
    assert_fails(
        run("trace", "F6:3", "--game", "examples/six-by-six.toml"),
        "Error: move 1 (F6:3): white must place in A1, the cell its token is about to enter, not F6\n",
    )
    assert_fails(
        run("trace", "G1:3", "--game", "examples/six-by-six.toml"),
        'Error: move 1 (G1:3): "G1" is not a cell of this board (A1 to F6)\n',
    )


def test_trace_with_uneven_copies_refuses_a_fifth_type_1(in_repo):
    moves = ["A1:1@90", "E5:1@90", "B1:1@90", "D5:1@90"]  # B1/W, D5/E, B2/S, D4/N
    result = run("trace", *moves, "--game", "examples/uneven-copies.toml", "--json")
    assert json.loads(result.stdout)["turns"][-1] == turn(4, "black", "D5", 1, 90, "B2/S", "D4/N")
    assert_fails(
        run("trace", *moves, "B2:1@90", "--game", "examples/uneven-copies.toml"),
        "Error: move 5 (B2:1@90): all 4 tiles of type 1 are already on the board\n",
    )


def test_trace_with_a_broken_definition_prints_one_error_line_per_problem(in_repo):
    expected = (EXAMPLES / "broken.expected.txt").read_text(encoding="utf-8")
    assert expected.count("Error: ") == 8
    assert_fails(run("trace", "A1:3", "--game", "examples/broken.toml"), expected)


def test_trace_with_a_missing_definition_file(in_repo):
    assert_fails(run("trace", "A1:3", "--game", "examples/nope.toml"),
                 "Error: examples/nope.toml: no such definition file\n")


def test_trace_with_a_file_that_is_not_toml(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.toml").write_text("[board]\ncolumns = [A, B]\n")
    assert_fails(run("trace", "A1:3", "--game", "game.toml"),
                 'Error: game.toml: line 2: A is not a value TOML knows: write text in quotes ("A"), a number as '
                 "digits, or true or false\n")


# --- validate ---------------------------------------------------------------------------------


def test_validate_default_game_says_types_1_and_2_are_one_tile():
    result = run("validate")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "edge-port-path-tiles/game.toml: valid",
        "Board: 5 x 5 cells (A1 to E5)",
        "Tiles: 18 (type 1 x 6, type 2 x 6, type 3 x 6)",
        "Deal: 3 to each of 2 players, 12 left in the draw pile",
        "Starts: white A1/S, black E5/N",
        "Shape: square tiles, 1 port a side (4 ports), turned in steps of 90 degrees",
        "Different tiles: the shape allows 2 (tiles that are the same turned count once); this set holds 2 of them",
        "Same tile turned: type 1 turned 90 degrees clockwise is type 2, so with free rotation they are one tile",
        "Looks the same turned: type 1 at 180 degrees",
        "Looks the same turned: type 2 at 180 degrees",
        "Looks the same turned: type 3 at 90, 180, 270 degrees",
        "Worksheets: easy, medium and hard",
    ]


def test_validate_examples(in_repo):
    six = run("validate", "examples/six-by-six.toml")
    assert six.exit_code == 0
    assert six.stdout.splitlines()[:5] == [
        "examples/six-by-six.toml: valid",
        "Board: 6 x 6 cells (A1 to F6)",
        "Tiles: 24 (type 1 x 8, type 2 x 8, type 3 x 8)",
        "Deal: 3 to each of 2 players, 18 left in the draw pile",
        "Starts: white A1/S, black F6/N",
    ]
    uneven = run("validate", "examples/uneven-copies.toml")
    assert uneven.stdout.splitlines()[2:4] == [
        "Tiles: 18 (type 1 x 4, type 2 x 4, type 3 x 10)",
        "Deal: 2 to each of 2 players, 14 left in the draw pile",
    ]


def test_validate_a_set_where_no_type_is_another_turned(tmp_path):
    path = tmp_path / "two.toml"
    text = (ROOT / "examples" / "six-by-six.toml").read_text()
    path.write_text(text.replace('[[tiles]]\ntype = 2\npairs = [["N", "W"], ["S", "E"]]\ncopies = 8\n', ""))
    result = run("validate", str(path))
    assert result.exit_code == 0
    assert "Same tile turned: none; every type is a different tile" in result.stdout.splitlines()
    assert "Tiles: 16 (type 1 x 8, type 3 x 8)" in result.stdout.splitlines()
    assert ("Different tiles: the shape allows 2 (tiles that are the same turned count once); "
            "this set holds 2 of them") in result.stdout.splitlines()


def test_validate_counts_the_tiles_each_shape_allows(tmp_path):
    from papergame.model.geometry import TileShape, standard_ports

    for kind, k, allowed in (("square", 2, "35"), ("square", 3, "2,688"), ("hexagon", 1, "5"), ("hexagon", 2, "1,799")):
        sides, ports = standard_ports(kind, k)
        # the first port to the fourth round the tile, the second to the third, the rest each to the next: turned a
        # step this is another list of pairs, the same tile turned; no line crosses another, so the tile is drawn at
        # once (every port to the one opposite, as this had, is its own turn, and its lines all crossing at the
        # centre took a search for a legible drawing, 3 s of this test)
        pairs = [[ports[0], ports[3]], [ports[1], ports[2]]] + [[ports[i], ports[i + 1]] for i in range(4, len(ports), 2)]
        shape = TileShape(sides, ports)
        turned = [[shape.rotate(a, shape.step_degrees), shape.rotate(b, shape.step_degrees)] for a, b in pairs]
        assert sorted(map(sorted, turned)) != sorted(map(sorted, pairs))
        path = tmp_path / f"{kind}{k}.toml"
        path.write_text(
            f"[shape]\nsides = {list(sides)!r}\nports = {list(ports)!r}\n"
            f"[board]\ncolumns = ['A', 'B', 'C']\nrows = ['1', '2', '3']\n"
            f"[[tokens]]\nname = 'white'\nstart = 'A1/S{'1' if k > 1 else ''}'\n"
            f"[[tokens]]\nname = 'black'\nstart = 'C3/N{'1' if k > 1 else ''}'\n"
            f"[deal]\nhand = 1\n"
            f"[[tiles]]\ntype = 1\ncopies = 2\npairs = {pairs!r}\n"
            f"[[tiles]]\ntype = 2\ncopies = 2\npairs = {turned!r}\n".replace("'", '"'))
        result = run("validate", str(path))
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        # type 2 is type 1 turned one step: the set holds one different tile
        assert (f"Different tiles: the shape allows {allowed} (tiles that are the same turned count once); "
                "this set holds 1 of them") in lines


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_validate_every_example(path, in_repo):
    relative = str(path.relative_to(in_repo))
    result = run("validate", relative)
    expected = path.with_suffix(".expected.txt")
    if expected.exists():
        assert_fails(result, expected.read_text(encoding="utf-8"))
    else:
        assert result.exit_code == 0
        assert result.stdout.splitlines()[0] == f"{relative}: valid"


def test_validate_missing_file():
    assert_fails(run("validate", "no/such/game.toml"), "Error: no/such/game.toml: no such definition file\n")


# --- version ----------------------------------------------------------------------------------


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"papergame, version {__version__}\n"
    assert __version__ == "0.1.0"


def test_python_dash_m_papergame_runs_the_cli():
    done = subprocess.run([sys.executable, "-m", "papergame", "trace", "A1:1", "E5:3"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "Error: move 2 (E5:3): the game is already over (black won, white exited)\n"
