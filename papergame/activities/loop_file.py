"""A loops definition: a file of single-loop puzzles, read back and checked.

The file is the JSON `papergame loops` prints when asked, so a good set can be kept, edited
or typed in by hand, checked with `papergame validate FILE.json` and printed by `loops`
(the command line's option for it: `cli.loops`):

    {"puzzles": [{"rows": 5, "columns": 5,
                  "clues": [[null, 3, 1, null, 2], ...],     row by row from the top, 0-3 or null
                  "loop": [[0, 0], [0, 1], ...]}]}           the dots the loop visits, in order

`loop` may be left out (the one loop the numbers allow is then worked out). A file holds
1 to 12 puzzles of one size, as one sheet does, each 4 to 10 squares each way. Every
puzzle must have exactly one answer (checked as `loops` checks its own: the SAT solver),
and its level is worked out by the level solvers (`loops.level_of`), not read from the file.
"""

from __future__ import annotations

import json
from typing import Any

from papergame.activities.loops import Edge, Grid, LoopPuzzle, cycles, counts, level_of, solutions
from papergame.data.files import read_text
from papergame.errors import DefinitionError
from papergame.options import LOOP_PUZZLES_MAX, LOOP_SIZE_MAX, LOOP_SIZE_MIN

FIELDS = ("rows", "columns", "clues", "loop")
SHOWN = 3  # problems named in one puzzle's clues before "and N more"


def read_puzzle_file(path) -> list[LoopPuzzle]:
    """The puzzles of a puzzle file; every problem in it, located, as one DefinitionError."""
    return puzzles_of_text(read_text(path, "puzzle"), str(path))


def puzzles_of_text(text: str, label: str) -> list[LoopPuzzle]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DefinitionError(f"{label}: line {exc.lineno}, column {exc.colno}: not JSON ({exc.msg}); a puzzle file "
                              f"is the JSON papergame loops prints") from None
    except RecursionError:
        raise DefinitionError(f"{label}: lists nested too deeply to read; a puzzle file needs 3 levels") from None
    if not isinstance(data, dict) or "puzzles" not in data:
        raise DefinitionError(f'{label}: not a puzzle file: it must be one object {{"puzzles": [...]}}, as papergame '
                              f"loops prints")
    problems = [f"{label}: {key}: not a field of a puzzle file; it has only puzzles" for key in data if key != "puzzles"]
    found = data["puzzles"]
    if not isinstance(found, list) or not 1 <= len(found) <= LOOP_PUZZLES_MAX:
        size = f"{len(found)} puzzles" if isinstance(found, list) else f"a {kind_of(found)}"
        raise DefinitionError(problems + [f"{label}: puzzles: {size}; give a list of 1 to {LOOP_PUZZLES_MAX} puzzles, "
                                          f"as one sheet holds"])
    shapes = [shape_problems(p, f"{label}: puzzles[{k}]") for k, p in enumerate(found)]
    problems += [line for lines in shapes for line in lines]
    if problems:
        raise DefinitionError(problems)
    first = (found[0]["columns"], found[0]["rows"])
    for k, p in enumerate(found[1:], start=1):
        if (p["columns"], p["rows"]) != first:
            problems.append(f"{label}: puzzles[{k}]: {p['columns']} x {p['rows']} squares, but puzzles[0] has "
                            f"{first[0]} x {first[1]}; the puzzles of one file share one size, as one sheet does")
    if problems:
        raise DefinitionError(problems)
    puzzles = []
    for k, p in enumerate(found):
        puzzle = checked_puzzle(k, p, f"{label}: puzzles[{k}]", problems)
        if puzzle is not None:
            puzzles.append(puzzle)
    if problems:
        raise DefinitionError(problems)
    return puzzles


def kind_of(value: Any) -> str:
    """A JSON value's kind in words: a number, text, a list ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {int: "number", float: "number", str: "text", list: "list", dict: "object"}.get(type(value), "value")


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shape_problems(p: Any, where: str) -> list[str]:
    """What is wrong with one puzzle's fields on their own: kinds, sizes, ranges (not yet whether it has one answer)."""
    if not isinstance(p, dict):
        return [f'{where}: a {kind_of(p)}, not a puzzle {{"rows": R, "columns": C, "clues": [...], "loop": [...]}}']
    out = [f"{where}.{key}: not a field of a puzzle; the fields are {', '.join(FIELDS)}" for key in p if key not in FIELDS]
    for name in ("rows", "columns", "clues"):
        if name not in p:
            out.append(f"{where}: no {name}; a puzzle needs rows, columns and clues (loop may be left out)")
    for name in ("rows", "columns"):
        value = p.get(name)
        if name in p and not (isinstance(value, int) and whole(value) and LOOP_SIZE_MIN <= value <= LOOP_SIZE_MAX):
            out.append(f"{where}.{name}: {json.dumps(value)} is not a whole number of squares from {LOOP_SIZE_MIN} "
                       f"to {LOOP_SIZE_MAX}")
    if out:
        return out
    rows, columns = p["rows"], p["columns"]
    clues = p["clues"]
    if not (isinstance(clues, list) and len(clues) == rows and all(isinstance(r, list) and len(r) == columns
                                                                   for r in clues)):
        return [f"{where}.clues: must be {rows} rows (a list each) of {columns} entries, row by row from the top"]
    bad = [f"{where}.clues[{i}][{j}]: {json.dumps(c)} is not a number 0 to 3, or null for a square without one"
           for i, row in enumerate(clues) for j, c in enumerate(row) if c is not None and not (whole(c) and 0 <= c <= 3)]
    if len(bad) > SHOWN:
        bad = bad[:SHOWN] + [f"{where}.clues: and {len(bad) - SHOWN} more entries like these"]
    out += bad
    if "loop" in p:
        out += loop_problems(p["loop"], rows, columns, f"{where}.loop")
    return out


def loop_problems(loop: Any, rows: int, columns: int, where: str) -> list[str]:
    """A loop must go dot to neighbouring dot, visit no dot twice and come back to its first."""
    if not isinstance(loop, list) or len(loop) < 4:
        return [f"{where}: must list at least 4 dots [r, c], in the order the loop visits them"]
    for k, point in enumerate(loop):
        if not (isinstance(point, list) and len(point) == 2 and all(whole(v) for v in point)
                and 0 <= point[0] <= rows and 0 <= point[1] <= columns):
            return [f"{where}[{k}]: {json.dumps(point)} is not a dot [r, c] with r 0 to {rows} and c 0 to {columns}"]
    seen: dict[tuple[int, int], int] = {}
    for k, point in enumerate(loop):
        if tuple(point) in seen:
            return [f"{where}[{k}]: {json.dumps(point)} is visited twice (first at [{seen[tuple(point)]}]); the loop "
                    f"never touches itself"]
        seen[tuple(point)] = k
    for k, point in enumerate(loop):
        after = loop[(k + 1) % len(loop)]
        if abs(point[0] - after[0]) + abs(point[1] - after[1]) != 1:
            return [f"{where}[{k}]: {json.dumps(point)} to {json.dumps(after)} is not one step to a neighbouring dot "
                    f"(the last dot leads back to the first)"]
    return []


def checked_puzzle(k: int, p: dict, where: str, problems: list[str]) -> LoopPuzzle | None:
    """The puzzle, once it has exactly one answer (and `loop`, if given, is that answer); else its problem added."""
    grid = Grid(p["rows"], p["columns"])
    clues = tuple(tuple(row) for row in p["clues"])
    answers = solutions(grid, clues, most=2)
    if not answers:
        problems.append(f"{where}.clues: no single loop fits these numbers")
        return None
    if len(answers) > 1:
        problems.append(f"{where}.clues: more than one loop fits these numbers; add a number so only one does")
        return None
    loop = answers[0]
    if "loop" in p:
        points = tuple((r, c) for r, c in p["loop"])
        given: set[Edge] = {tuple(sorted((points[n], points[(n + 1) % len(points)]))) for n in range(len(points))}  # type: ignore[misc]
        if given != loop:
            problems.append(f"{where}.loop: {mismatch(grid, clues, given)}")
            return None
    else:
        points = tuple(cycles(loop)[0])
    return LoopPuzzle(k + 1, grid.rows, grid.columns, level_of(grid, clues, loop), clues, points)


def mismatch(grid: Grid, clues, given: set[Edge]) -> str:
    """Why a loop given in the file is not the puzzle's answer, in words."""
    full = counts(grid, given)
    for i, j in grid.squares():
        if clues[i][j] is not None and full[i][j] != clues[i][j]:
            return (f"passes {full[i][j]} sides of the square in row {i + 1}, column {j + 1}, whose number is "
                    f"{clues[i][j]}")
    return "is not the one loop these numbers allow"  # pragma: no cover (a fitting loop is the one answer)


LEVEL_WORDS = {"easy": "easy (solved one square or dot at a time)",
               "medium": "medium (the easy steps, and trying a way on at a line's end that then breaks a rule)",
               "hard": "hard (one answer, but the medium steps get stuck)"}


def describe_puzzles(label: str, puzzles: list[LoopPuzzle]) -> list[str]:
    """What `validate` says of a puzzle file: valid, the size, and each puzzle's level and numbers.

    >>> from papergame.options import LOOP_LEVELS
    >>> sorted(LEVEL_WORDS) == sorted(LOOP_LEVELS)
    True
    """
    first = puzzles[0]
    many = "s" if len(puzzles) > 1 else ""
    lines = [f"{label}: valid",
             f"Single-loop clue squares: {len(puzzles)} puzzle{many} of {first.columns} x {first.rows} squares, "
             f"each with exactly one loop (SAT solver)"]
    for p in puzzles:
        numbers = sum(c is not None for row in p.clues for c in row)
        lines.append(f"Puzzle {p.number}: {LEVEL_WORDS[p.level]}; {numbers} of {p.rows * p.columns} squares numbered; "
                     f"the loop visits {len(p.loop)} dots")
    return lines
