"""The shared-path solver: Winning Ways' result on every board up to 6 x 5, bounds, and the command."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.errors import SolveError
from papergame.model.board import Board, Cell, Position
from papergame.data.games import load_definition
from papergame.model.definition import TokenStart
from papergame.model.rules import replay
from papergame.model.solver import search_solve, solve

from conftest import ROOT

SHARED = ROOT / "templates" / "shared-path" / "game.toml"
COLUMNS = "ABCDEFGHIJKL"


@pytest.fixture(scope="module")
def shared():
    return load_definition(SHARED)


def on_board(definition, columns: int, rows: int):
    """The shared-path game on a columns x rows board, the path entering A1 from the south.

    Built in code: the loader's boards are at least 2 cells across, and Winning Ways'
    table starts at 1 x 2.
    """
    board = Board(tuple(COLUMNS[:columns]), tuple(str(r + 1) for r in range(rows)), definition.shape)
    return dataclasses.replace(definition, board=board, tokens=(TokenStart("path", Position(Cell(0, 0), "S")),))


BOARDS = [(m, n) for m in range(1, 7) for n in range(1, 6) if m * n >= 2]


@pytest.mark.default_cases(3)
@pytest.mark.parametrize("columns, rows", BOARDS, ids=[f"{m}x{n}" for m, n in BOARDS])
def test_agrees_with_winning_ways(shared, columns, rows):
    """Winning Ways: the first player wins when the board has an even number of squares,
    the second player when both sides are odd."""
    solution = search_solve(on_board(shared, columns, rows))  # the search alone, no domino proof
    expected = "first" if columns * rows % 2 == 0 else "second"
    assert solution.winner == expected
    assert bool(solution.winning_moves) == (expected == "first")


def test_winning_first_moves_are_checked_by_the_engine(shared):
    """On 4 x 4 the first player wins; every listed move keeps the path on the board, and the
    moves that run it off at once are not listed."""
    definition = on_board(shared, 4, 4)
    solution = solve(definition)
    assert solution.winner == "first" and solution.method == "matching"
    every = {f"A1:{t.id}@{r}" for t in definition.tiles for r in definition.shape.rotations}
    losing_at_once = {m for m in every if replay(definition, [m]).result.winner == "second"}
    assert losing_at_once and not losing_at_once & set(solution.winning_moves)
    assert set(solution.winning_moves) == every - losing_at_once
    # alike placements are listed together: type 3 in every turn, type 1 at 90 with type 2 at 0
    assert {"A1:3@0", "A1:3@90", "A1:3@180", "A1:3@270", "A1:1@90", "A1:2@0"} <= set(solution.winning_moves)


def test_the_five_by_five_template(shared):
    assert solve(shared).json == {"winner": "second", "winning_moves": [], "method": "matching"}
    assert search_solve(shared).json == {"winner": "second", "winning_moves": [], "method": "search"}


def entering_b1(definition, columns: int, rows: int):
    """A board entered at B1 from the south: on an odd square board no domino covering decides it."""
    return dataclasses.replace(on_board(definition, columns, rows), tokens=(TokenStart("path", Position(Cell(1, 0), "S")),))


def test_too_many_positions_is_an_error_not_a_hang(shared):
    with pytest.raises(SolveError) as info:
        solve(entering_b1(shared, 5, 5), cap=1000)
    assert info.value.problems == [
        f"{shared.source}: more than 1,000 positions to remember; this board is too large to solve (the domino "
        "proof does not apply: dominoes cover neither every cell of the board nor every cell but the start cell)"]


def test_too_many_cells_is_refused_up_front_when_no_dominoes_decide(shared):
    with pytest.raises(SolveError) as info:
        solve(entering_b1(shared, 7, 7))
    assert info.value.problems == [
        f"{shared.source}: the domino proof does not apply (dominoes cover neither every cell of the board nor "
        "every cell but the start cell), and the board has 49 cells; the search handles at most 36 (6 x 6)"]
    # with the dominoes, the size does not matter
    assert solve(on_board(shared, 12, 12)).winner == "first"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_solve_json():
    result = run("solve", "--game", str(SHARED), "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"winner": "second", "winning_moves": [], "method": "matching"}


def test_solve_text():
    result = run("solve", "--game", str(SHARED))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:4] == [
        "Board: 5 x 5 cells; the path starts at A1/S; any tile, any turn, as often as wanted.",
        "With perfect play: the second player wins.",
        "No first move in A1 wins.",
        "Proved by dominoes covering every cell but A1 (a maximum matching of the cells): the second player "
        "leads the path into the other half of each domino it enters.",
    ]
    assert lines[4].startswith("Dominoes: B1-C1, D1-E1, ")


def test_solve_refuses_the_own_path_game():
    result = run("solve")
    assert result.exit_code == 2
    assert result.output == (
        'Error: edge-port-path-tiles/game.toml: solve needs a shared-path game ([rules] path = "shared"): '
        "in the own-path game the tiles are dealt face down, so there is hidden information and chance\n")


def test_solve_refuses_the_kit_supply(tmp_path):
    path = tmp_path / "kit.toml"
    path.write_text(SHARED.read_text().replace('supply = "unlimited"', 'supply = "kit"'))
    result = run("solve", "--game", str(path))
    assert result.exit_code == 2
    assert result.output == (
        f'Error: {path}: solve needs [rules] supply = "unlimited": with the kit\'s copies the counts left '
        "would be part of every position, which this solver does not track\n")
