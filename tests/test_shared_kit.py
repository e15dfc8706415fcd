"""The shared-path kit: its own rules page, record sheet and host key, read back from the PDF."""

from __future__ import annotations

import dataclasses

import pdfplumber
import pytest

from papergame.build import build
from papergame.model.board import Board, Cell, Position
from papergame.model.definition import TokenStart, load_definition
from papergame.model.rules import replay
from papergame.model.strategy import domino_strategy


@pytest.fixture(scope="module")
def kit_text(tmp_path_factory):
    out = tmp_path_factory.mktemp("shared") / "shared.pdf"
    report = build(out, "shared-path")
    assert report.kit_pages == 6 and report.guide_pages == 1  # the teacher's guide comes last
    with pdfplumber.open(out) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


def test_rules_page_states_the_shared_path(kit_text):
    rules = kit_text[2]
    assert "How to play: the shared path" in rules
    assert "If your tile leads the path off the board, you lose." in rules
    # the worked examples, from the engine (their captions sit side by side, so lines interleave)
    assert "3 in A1: the path goes from A1/S to 1 in A1: the path runs off the board" in rules


def test_record_sheet_has_a_row_for_every_cell(kit_text):
    record = kit_text[3]
    assert "First player:" in record and "Second player:" in record
    assert " 25 " in record and " 26 " not in record


def test_host_key_prints_the_solver_and_a_checked_strategy(kit_text):
    key = kit_text[4]
    assert "The second player can always win, whatever first does." in key
    assert "Every first tile in A1 loses against perfect play." in key
    assert "The solver valued 7,054 positions." in key
    assert "Cover every cell but A1 with dominoes" in key
    assert "Checked by the rules engine" in key


def on_board(columns, rows):
    d = load_definition("shared-path")
    board = Board(tuple("ABCDEF"[:columns]), tuple(str(r + 1) for r in range(rows)), d.shape)
    return dataclasses.replace(d, board=board, tokens=(TokenStart("path", Position(Cell(0, 0), "S")),))


@pytest.mark.parametrize("columns, rows, player", [(4, 4, "first"), (5, 5, "second"), (2, 3, "first"), (3, 3, "second")])
def test_domino_strategy_covers_the_board_and_wins(columns, rows, player):
    definition = on_board(columns, rows)
    strategy = domino_strategy(definition)
    assert strategy is not None and strategy.player == player
    covered = [c for pair in strategy.dominoes for c in pair]
    assert len(covered) == len(set(covered))
    assert set(covered) | ({strategy.alone} if strategy.alone else set()) == set(definition.board.cells)
    for a, b in strategy.dominoes:
        assert abs(a.col - b.col) + abs(a.row - b.row) == 1


def test_domino_strategy_beats_a_careless_opponent_in_the_engine():
    """Play the strategy on 4 x 4 against an opponent who always lays type 3: first wins."""
    definition = on_board(4, 4)
    strategy = domino_strategy(definition)
    partner = {a: b for a, b in strategy.dominoes} | {b: a for a, b in strategy.dominoes}
    board = definition.board
    moves: list[str] = []
    game = replay(definition, [])
    while not game.over:
        entry = game.positions["path"]
        if game.mover == "first":
            target = partner[entry.cell]
            move = next(f"{board.cell_name(entry.cell)}:{t.id}@{r}" for t in definition.tiles
                        for r in definition.shape.rotations
                        if (s := replay(definition, moves + [f"{board.cell_name(entry.cell)}:{t.id}@{r}"]))
                        and s.positions["path"] is not None and s.positions["path"].cell == target)
        else:
            move = f"{board.cell_name(entry.cell)}:3"
        moves.append(move)
        game = replay(definition, moves)
    assert game.result.winner == "first"
