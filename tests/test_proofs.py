"""Keys that are proofs: the shared path decided by dominoes (a maximum matching of the cells).

Every answer the domino proof gives is compared with the search on the boards the search
can reach, both shapes, every start on the edge; the strategy itself is played by the engine
against every reply; the host key is read back from the PDF.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.model.board import Board, Cell, Position
from papergame.data.games import load_definition
from papergame.model.definition import TokenStart
from papergame.model.matching import Gap, TileGap, domino_verdict, tile_gap
from papergame.model.rules import replay
from papergame.model.solver import search_solve, solve
from papergame.model.strategy import engine_confirms

from conftest import ROOT

COLUMNS = "ABCDEFGHIJKL"
HEX_TILES = (ROOT / "templates" / "hexagon-path-tiles" / "game.toml").read_text(encoding="utf-8")
HEX_TILES = HEX_TILES[HEX_TILES.index("[[tiles]]"):]
SQUARE_TILES = (ROOT / "templates" / "shared-path" / "game.toml").read_text(encoding="utf-8")
SQUARE_TILES = SQUARE_TILES[SQUARE_TILES.index("[[tiles]]"):]
SQUARE = load_definition("shared-path")
HEXAGON = dataclasses.replace(SQUARE, shape=load_definition("hexagon-path-tiles").shape,
                              tiles=load_definition("hexagon-path-tiles").tiles)


def game(base, columns: int, rows: int, start: Position | None = None):
    board = Board(tuple(COLUMNS[:columns]), tuple(str(r + 1) for r in range(rows)), base.shape)
    return dataclasses.replace(base, board=board, tokens=(TokenStart("path", start or Position(Cell(0, 0), "S")),))


def edge_starts(board: Board) -> list[Position]:
    return [Position(cell, port) for cell in board.cells for port in board.shape.ports if board.step_out(cell, port) is None]


def boards(base, most: int) -> list[tuple[int, int]]:
    return [(c, r) for c in range(1, 9) for r in range(1, 9) if 2 <= c * r <= most]


def cross_check(base, columns: int, rows: int, corner_only: bool = False) -> int:
    """Every edge start (or those of A1): the proof, where it applies, gives the search's winner and winning moves."""
    proved = 0
    definition = game(base, columns, rows)
    for start in edge_starts(definition.board):
        if corner_only and start.cell != Cell(0, 0):
            continue
        one = dataclasses.replace(definition, tokens=(TokenStart("path", start),))
        answer, searched = solve(one), search_solve(one)
        where = f"{columns}x{rows} {one.board.position_name(start)}"
        assert (answer.winner, answer.winning_moves) == (searched.winner, searched.winning_moves), where
        assert not answer.undecided, where
        proved += answer.method == "matching"
        assert (answer.method == "matching") == (domino_verdict(one).strategy is not None), where
    return proved


FAST = [(SQUARE, c, r) for c, r in boards(SQUARE, 9)] + [(HEXAGON, c, r) for c, r in boards(HEXAGON, 6)] + [
    (SQUARE, 4, 3), (HEXAGON, 1, 8)]


@pytest.mark.default_cases(8)
@pytest.mark.parametrize("base, columns, rows", FAST, ids=[f"{b.shape.kind}-{c}x{r}" for b, c, r in FAST])
def test_the_proof_agrees_with_the_search(base, columns, rows):
    cross_check(base, columns, rows)


@pytest.mark.slow
@pytest.mark.parametrize("kind, most", [("square", 25), ("hexagon", 12)])
def test_the_proof_agrees_with_the_search_on_every_small_board(kind, most):
    """Every edge start up to 25 squares or 10 hexagons; the 12-hexagon boards (a minute a start) from A1 only."""
    base = SQUARE if kind == "square" else HEXAGON
    proved = sum(cross_check(base, c, r, corner_only=kind == "hexagon" and c * r > 10) for c, r in boards(base, most))
    assert proved > 0


def test_vertex_geography_is_not_this_game():
    """3 x 3 squares entered at B1: the start cell is in every maximum matching, so vertex
    geography would say the first player wins, but the search finds the second player wins
    (a filled cell's other line carries the path on). The proof claims nothing there."""
    import networkx as nx

    from papergame.model.matching import cell_graph

    definition = game(SQUARE, 3, 3, Position(Cell(1, 0), "S"))
    graph = cell_graph(definition.board)
    rest = graph.subgraph(c for c in graph if c != Cell(1, 0))
    assert len(nx.max_weight_matching(rest, maxcardinality=True)) < len(nx.max_weight_matching(graph, maxcardinality=True))
    assert domino_verdict(definition) == (None, Gap("covering"))
    solution = solve(definition)
    assert (solution.winner, solution.method, solution.gap) == ("second", "search", Gap("covering"))


CONFIRMED = [(SQUARE, 4, 4), (SQUARE, 5, 5), (SQUARE, 3, 4), (HEXAGON, 3, 2), (HEXAGON, 2, 3),
             pytest.param(HEXAGON, 3, 3, marks=pytest.mark.slow), pytest.param(HEXAGON, 2, 4, marks=pytest.mark.slow)]


@pytest.mark.parametrize("base, columns, rows", CONFIRMED)
def test_the_engine_confirms_the_strategy_against_every_reply(base, columns, rows):
    definition = game(base, columns, rows)
    strategy = domino_verdict(definition).strategy
    assert strategy is not None
    assert strategy.player == ("first" if columns * rows % 2 == 0 else "second")
    cells = [c for pair in strategy.dominoes for c in pair] + ([strategy.alone] if strategy.alone else [])
    assert sorted(cells) == sorted(definition.board.cells)
    for a, b in strategy.dominoes:
        assert any(definition.board.neighbour(a, side) == b for side in definition.shape.sides)
    assert engine_confirms(definition, strategy)


def test_a_wrong_covering_is_caught_by_the_engine():
    """The engine's check is no rubber stamp: dominoes of cells that only touch at a corner fail."""
    definition = game(SQUARE, 2, 2)
    strategy = domino_verdict(definition).strategy
    crossed = strategy._replace(dominoes=[(Cell(0, 0), Cell(1, 1)), (Cell(1, 0), Cell(0, 1))])
    assert engine_confirms(definition, strategy) and not engine_confirms(definition, crossed)


def test_tiles_that_cannot_lead_anywhere_are_found_by_the_engine():
    straight_only = dataclasses.replace(SQUARE, tiles=tuple(t for t in SQUARE.tiles if t.id == 3))
    assert tile_gap(straight_only) == TileGap("N", "E")
    assert tile_gap(SQUARE) is None and tile_gap(HEXAGON) is None
    two_by_two = game(straight_only, 2, 2)
    assert domino_verdict(two_by_two).gap == Gap("tiles", TileGap("N", "E"))
    solution = solve(two_by_two)
    assert solution.method == "search" and solution.gap == Gap("tiles", TileGap("N", "E"))
    # straight tiles only: the first tile runs the path north, and the second player's north again, off the board
    assert solution.winner == "first" and solution.winning_moves == ["A1:3@0", "A1:3@90", "A1:3@180", "A1:3@270"]
    assert replay(two_by_two, ["A1:3", "A2:3"]).result.winner == "first"


def write_game(folder: Path, kind: str, columns: int, rows: int, start: str = "A1/S", supply: str = "unlimited") -> Path:
    sides = '"N", "NE", "SE", "S", "SW", "NW"' if kind == "hexagon" else '"N", "E", "S", "W"'
    tiles = HEX_TILES if kind == "hexagon" else SQUARE_TILES
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.toml"
    path.write_text(
        f'[rules]\npath = "shared"\nsupply = "{supply}"\n\n[shape]\nsides = [{sides}]\nports = [{sides}]\n\n'
        f'[board]\ncolumns = {json.dumps(list(COLUMNS[:columns]))}\nrows = {json.dumps([str(r + 1) for r in range(rows)])}\n\n'
        f'[[tokens]]\nname = "path"\nstart = "{start}"\n\n{tiles}', encoding="utf-8")
    return path


@pytest.mark.parametrize("kind, columns, rows, winner", [("hexagon", 4, 4, "first"), ("hexagon", 5, 5, "second"),
                                                         ("square", 12, 12, "first"), ("square", 7, 7, "second")])
def test_solve_json_answers_boards_the_search_cannot(tmp_path, kind, columns, rows, winner):
    path = write_game(tmp_path / f"{kind}{columns}", kind, columns, rows)
    result = CliRunner().invoke(main, ["solve", "--game", str(path), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["winner"] == winner and answer["method"] == "matching"
    definition = load_definition(path)
    if winner == "second":
        assert answer["winning_moves"] == []
    else:  # every first tile that keeps the path on the board wins; the engine says which do
        every = [f"A1:{t.id}@{r}" for t in definition.tiles for r in definition.shape.rotations]
        assert sorted(answer["winning_moves"]) == sorted(m for m in every if replay(definition, [m]).result.winner is None)


def key_text(tmp_path: Path, path: Path) -> str:
    out = tmp_path / "key.pdf"
    result = CliRunner().invoke(main, ["build", "--game", str(path), "--only", "host-key", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        return " ".join(" ".join((page.extract_text() or "") for page in pdf.pages).split())


def test_hexagon_key_prints_the_proof_and_the_dominoes(tmp_path):
    path = write_game(tmp_path / "hex43", "hexagon", 4, 3)
    began = time.perf_counter()
    text = key_text(tmp_path, path)
    assert time.perf_counter() - began < 20  # was about five minutes; a few tenths of a second now
    assert "The first player can always win." in text
    assert "Proved by the dominoes below, whatever the other player does: no search was needed." in text
    strategy = domino_verdict(load_definition(path)).strategy
    board = load_definition(path).board
    pairs = ", ".join(f"{board.cell_name(a)}–{board.cell_name(b)}" for a, b in strategy.dominoes)
    assert f"The dominoes: {pairs}." in text
    assert "The dominoes (a shaded cell belongs to no domino)" in text  # drawn on the honeycomb too
    assert "Cover the board with dominoes, as shown below" in text
    assert "No domino strategy" not in text and "positions checked" not in text


def test_key_says_why_when_the_dominoes_do_not_decide(tmp_path):
    searched = key_text(tmp_path, write_game(tmp_path / "b1", "square", 3, 3, start="B1/S"))
    assert "The second player can always win, whatever the first player does." in searched
    positions = search_solve(load_definition(tmp_path / "b1" / "game.toml")).positions
    assert f"({positions:,} board positions checked)" in searched
    assert ("No domino strategy for this board: dominoes can cover neither all its 9 cells nor all of them but B1, "
            "so the domino argument does not decide it.") in searched
    assert "Proved by the dominoes" not in searched
    large = key_text(tmp_path, write_game(tmp_path / "b1big", "square", 7, 7, start="B1/S"))
    assert "Not worked out: this board is too large for the computer's search (49 cells)." in large
    assert "can always win" not in large and "dominoes can cover neither all its 49 cells" in large
    kit = key_text(tmp_path, write_game(tmp_path / "kit", "square", 4, 4, supply="kit"))
    assert "Board 4 × 4, the path starting at A1/S, with the kit's tiles only." in kit
    assert "Not worked out: with the kit's tiles only, the computer's search does not answer this game." in kit
    assert "No domino strategy with the kit's tiles only" in kit and "can always win" not in kit
