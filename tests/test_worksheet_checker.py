"""Every reject branch of the worksheet checker (`activities.worksheet.problems`) has a puzzle
that breaks it, so "exactly one answer" is tested, not assumed (issue 12).

Each case starts from a puzzle the maker kept (no problems), breaks one thing, and checks
the checker names exactly that.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from papergame.activities.worksheet import EXIT, LEVELS, SAFE, Placement, Window, make_worksheet, problems
from papergame.model.board import Cell, Position
from papergame.data.games import load_definition

GAME = load_definition()


def kept(level: str, kind: str):
    sheet = make_worksheet(GAME, 1, 5, level, 6 if level == "easy" else 4)
    puzzle = next(p for p in sheet.puzzles if p.kind == kind)
    assert problems(GAME, LEVELS[level], puzzle) == []
    return puzzle


def outside_cell(window: Window) -> Cell:
    return next(c for c in GAME.board.cells if c not in window)


WHOLE = Window((0, 4), (0, 4))


def break_two_in_one_cell(p):
    first = p.tiles[0]
    return replace(p, tiles=p.tiles + (Placement(first.cell, first.tile, (first.rotation + 90) % 360),))


def break_outside_window(p):
    return replace(p, tiles=p.tiles + (Placement(outside_cell(p.window), 1, 0),))


def break_too_many_of_a_type(p):
    return replace(p, hand=p.hand + (3,) * 6)


def break_token_outside(p):
    far = outside_cell(p.window)
    return replace(p, window=Window((far.col, far.col), (far.row, far.row)))


def break_unknown_type(p):
    return replace(p, tiles=p.tiles[:-1] + (replace(p.tiles[-1], tile=9),))


def break_not_at_edge(p):
    inner = Cell(2, 2)
    tiles = tuple(t for t in p.tiles if t.cell != inner) + (Placement(inner, 3, 0),)
    return replace(p, token=Position(inner, "N"), tiles=tiles, window=WHOLE)


def break_token_cell_empty(p):
    return replace(p, tiles=tuple(t for t in p.tiles if t.cell != p.token.cell))


def break_exit_answer(p):
    return replace(p, route=p.route._replace(route=p.route.route[:-1]))


def break_route_away(p):
    """The window cut down to the token's cell: the route ends past what is shown."""
    return replace(p, window=Window((p.token.cell.col, p.token.cell.col), (p.token.cell.row, p.token.cell.row)))


def break_safe_token_cell_filled(p):
    return replace(p, tiles=p.tiles + (Placement(p.token.cell, 3, 0),))


def break_hand_size(p):
    return replace(p, hand=p.hand[:-1])


def break_safe_answer(p):
    return replace(p, options=p.options[1:])


def break_every_placement_safe(p):
    """The token faces the middle cell of an empty board: every tile, every turn, keeps it on."""
    return replace(p, tiles=(), token=Position(Cell(2, 2), "S"), window=WHOLE, options=())


CASES = [
    # (level, kind, what is broken, the problem it must name)
    ("easy", EXIT, break_two_in_one_cell, "two tiles in one cell"),
    ("easy", EXIT, break_outside_window, "a tile outside the window"),
    ("easy", SAFE, break_too_many_of_a_type, "tiles of type 3, but the set has 6"),
    ("easy", EXIT, break_token_outside, "the token is outside the window"),
    ("easy", EXIT, break_unknown_type, "there is no tile type 9"),
    ("easy", EXIT, break_not_at_edge, "the token does not start at the board's edge"),
    ("easy", EXIT, break_token_cell_empty, "the token's cell is empty"),
    ("easy", EXIT, break_exit_answer, "the answer is not the engine's"),
    ("medium", EXIT, break_route_away, "the route ends away"),
    ("easy", SAFE, break_safe_token_cell_filled, "the token's cell is not empty"),
    ("easy", SAFE, break_hand_size, "a hand of 2, not of 3 as dealt"),
    ("easy", SAFE, break_safe_answer, "the answer is not the engine's"),
    ("medium", SAFE, break_route_away, "a placement's route ends away"),
    ("easy", SAFE, break_every_placement_safe, "every placement is safe, or none is"),
    ("easy", SAFE, break_every_placement_safe, "a longest route of 1 does not fit the level"),
]


@pytest.mark.parametrize("level,kind,breaks,problem", CASES, ids=[f"{c[1]}-{c[2].__name__[6:]}-{i}"
                                                                   for i, c in enumerate(CASES)])
def test_each_reject_branch_has_a_puzzle_that_breaks_it(level, kind, breaks, problem):
    broken = breaks(kept(level, kind))
    found = problems(GAME, LEVELS[level], broken)
    assert any(problem in p for p in found), found


def test_an_exit_route_that_does_not_fit_the_level():
    easy = kept("easy", EXIT)
    found = problems(GAME, LEVELS["hard"], easy)
    assert f"a route of {len(easy.route.route)} does not fit the level" in found


def test_a_hand_puzzle_whose_placements_never_cross_both_ways():
    hard = LEVELS["hard"]
    easy = kept("easy", SAFE)
    found = problems(GAME, replace(hard, shortest=1, longest=12), easy)
    assert "no placement crosses a crossing tile both ways" in found


def test_a_route_that_loops_is_refused():
    """A ring of four crossing-free tiles: the token goes round and round."""
    ring = (Placement(Cell(1, 1), 2, 90), Placement(Cell(2, 1), 2, 180), Placement(Cell(2, 2), 2, 270),
            Placement(Cell(1, 2), 2, 0))
    from papergame.activities.worksheet import lay, ending
    from papergame.model.rules import trace

    tiles = lay(GAME, ring)
    for cell in (Cell(1, 1), Cell(2, 1), Cell(2, 2), Cell(1, 2)):
        for port in GAME.shape.ports:
            route = trace(GAME.board, tiles, Position(cell, port))
            if route.loop:
                assert ending(GAME.board, WHOLE, route) == "loop"
                return
    pytest.fail("no loop found in the ring")
