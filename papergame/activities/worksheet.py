"""Practice sheets, "predict the exit": the pipeline from options to sheets and their JSON.

Each puzzle shows a window of the board (the whole board when the level needs it) with
some tiles laid in their turns, and one token at an entry port. The kinds of puzzle are
types (`puzzles.py`), made by `maker.py` and checked by `verifier.py`; this module turns the
options into sheets of them, one random stream a sheet, and writes them as JSON.

Levels go by route length, the number of tiles the token passes (a tile passed twice
counts twice): easy 2 to 3, medium 4 to 7, hard 8 or more (this generator stops at 12, so
the route fits the answer box) through the same crossing tile twice, once along each of
its lines. For a hand puzzle the length is that of the longest route among the hand's
placements: the most a pupil has to trace. No two puzzles of a sheet are the same.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from papergame.records import NamedTuple
from papergame.activities.maker import PuzzleMaker
from papergame.activities.puzzles import (  # noqa: F401 (the names a worksheet is made of, for its users)
    AWAY,
    LEVELS,
    LOOP,
    OUT,
    STOP,
    ExitPuzzle,
    HandPuzzle,
    Level,
    Option,
    Placement,
    Puzzle,
    Window,
    Worksheet,
    WorksheetError,
    ending,
    kinds,
    lay,
)
from papergame.activities.verifier import problems  # noqa: F401
from papergame.errors import OptionError
from papergame.model.board import Cell
from papergame.model.answers import crossing_types
from papergame.model.definition import GameDefinition
from papergame.options import MAX_COPIES, MAX_PUZZLES, MAX_SEED, WorksheetOptions  # noqa: F401 (declared there, used here)
from papergame.model.rulesets import rule_set

EXIT, SAFE = ExitPuzzle.kind, HandPuzzle.kind
TRIES = 500  # tries per puzzle before giving up on a definition


# --- sheets --------------------------------------------------------------------------


def sheet_seeds(seed: int, copies: int) -> list[int]:
    """The seed of each sheet of a class set: the first is `seed`, the others derived from it.

    Any sheet can be made again on its own from the seed printed on it.

    >>> sheet_seeds(5, 3)[0], len(set(sheet_seeds(5, 30)))
    (5, 30)
    """
    seeds = [seed]
    for k in range(2, copies + 1):
        derived = random.Random(f"papergame worksheet {seed} {k}").randrange(1, 1_000_000)
        while derived in seeds:
            derived = derived % 999_999 + 1
        seeds.append(derived)
    return seeds


def check_possible(definition: GameDefinition, level: Level) -> None:
    """Refuse at once what no number of tries can make."""
    if level.double_crossing:
        if not crossing_types(definition):
            raise OptionError(
                "level", f"{level.name}: its routes pass a tile whose lines cross, both ways, "
                f"but {definition.source} has no tile type whose lines cross"
            )
    if definition.total_tiles < level.shortest:
        raise OptionError(
            "level", f"{level.name}: its routes pass at least {level.shortest} tiles, "
            f"but {definition.source} has only {definition.total_tiles}"
        )


def make_worksheet(definition: GameDefinition, number: int, seed: int, level_name: str, count: int) -> Worksheet:
    """One sheet of `count` puzzles, made from `seed` alone ("win in N" for a shared path)."""
    return sheet_maker(definition).make(definition, number, seed, level_name, count)


def make_trace_sheet(definition: GameDefinition, number: int, seed: int, level_name: str, count: int) -> Worksheet:
    """A sheet of the own-token game's puzzles: where does the token stop, which tiles keep it on?"""
    level = LEVELS[level_name]
    check_possible(definition, level)
    maker = PuzzleMaker(definition, level, random.Random(seed))
    puzzles: list[Puzzle] = []
    seen: set[tuple] = set()
    for i, kind in enumerate(kinds(count), start=1):
        for _ in range(TRIES):
            puzzle = maker.puzzle(kind, i)
            if puzzle is not None and puzzle.signature not in seen:
                break
        else:
            raise WorksheetError(
                f"{definition.source}: could not make a {level.name} {kind.kind} puzzle in {TRIES} tries "
                f"(routes of {level.shortest} to {level.longest} tiles in a "
                f"{min(level.window, len(definition.board.columns))} x {min(level.window, len(definition.board.rows))} "
                f"window{', through a crossing tile both ways' if level.double_crossing else ''}); try an easier level"
            )
        seen.add(puzzle.signature)
        puzzles.append(puzzle)
    return Worksheet(number, seed, level.name, tuple(puzzles))


def check_trace_sheets(definition: GameDefinition, level: str) -> None:
    check_possible(definition, LEVELS[level])


def make_win_sheet(definition: GameDefinition, number: int, seed: int, level: str, count: int):
    from papergame.activities.win_in import make_win_sheet as make

    return make(definition, number, seed, level, count)


def check_win_sheets(definition: GameDefinition, level: str) -> None:
    from papergame.activities.win_in import check_win_possible

    check_win_possible(definition)


class SheetMaker(NamedTuple):
    """How a rule set's worksheets are made, and what is checked before the first try."""

    make: Callable[[GameDefinition, int, int, str, int], Any]
    check: Callable[[GameDefinition, str], None]


# rule set name -> its worksheets' puzzles (a new rule set with worksheets: one line here)
SHEET_MAKERS = {"own": SheetMaker(make_trace_sheet, check_trace_sheets),
                "shared": SheetMaker(make_win_sheet, check_win_sheets)}


def sheet_maker(definition: GameDefinition) -> SheetMaker:
    """How the game's rule set makes its worksheets; a rule set without any is refused in one line."""
    rules = rule_set(definition)
    if rules.name not in SHEET_MAKERS:
        raise WorksheetError(f'{definition.source}: rules.path: the "{rules.name}" game has no worksheets')
    return SHEET_MAKERS[rules.name]


def make_worksheets(definition: GameDefinition, options: WorksheetOptions, count: int):
    """Every sheet of a class set, made one at a time as the result is iterated, so a caller
    can show progress; what no try can make is refused at once."""
    sheet_maker(definition).check(definition, options.level)
    if options.sheet is not None:  # one sheet again, under its own number, from the seed printed on it
        return iter([make_worksheet(definition, options.sheet, options.seed, options.level, count)])
    return (make_worksheet(definition, number, seed, options.level, count)
            for number, seed in enumerate(sheet_seeds(options.seed, options.copies), start=1))


# --- as JSON -----------------------------------------------------------------------------


def puzzle_json(definition: GameDefinition, puzzle) -> dict[str, Any]:
    from papergame.activities.win_in import WinPuzzle, win_puzzle_json

    if isinstance(puzzle, WinPuzzle):
        return win_puzzle_json(definition, puzzle)
    board = definition.board
    return {
        "number": puzzle.number,
        "kind": puzzle.kind,
        "window": [board.cell_name(Cell(puzzle.window.cols[0], puzzle.window.rows[0])),
                   board.cell_name(Cell(puzzle.window.cols[1], puzzle.window.rows[1]))],
        "tiles": [{"cell": board.cell_name(p.cell), "tile": p.tile, "rotation": p.rotation} for p in puzzle.tiles],
        "token": board.position_name(puzzle.token),
        **puzzle.answer_json(board),
    }


def worksheets_json(definition: GameDefinition, sheets) -> dict[str, Any]:
    return {"sheets": [{"number": s.number, "seed": s.seed, "level": s.level,
                        "puzzles": [puzzle_json(definition, p) for p in s.puzzles]} for s in sheets]}
