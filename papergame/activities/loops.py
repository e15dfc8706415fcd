"""Single-loop clue squares (Slitherlink): a lattice of dots, some squares numbered 0 to 3.

The puzzle: draw one closed loop along the lattice lines, never crossing or touching itself,
so that each number counts how many sides of its square the loop uses.

Lattice points are (r, c) with 0 <= r <= rows and 0 <= c <= columns, rows counted from the
top; square (i, j) has the points (i, j) and (i + 1, j + 1) at its corners. An edge joins two
neighbouring points.

Making a puzzle (after Tatham's "Loopy"): grow a random region of squares whose boundary is
one loop (a face colouring), give every square its count, then take clues away in a random
order while the puzzle keeps exactly one solution and stays solvable at its level:

- `easy`: solvable by looking at one square or one dot at a time (`deduce`): a square that
  has all the sides its number allows shuts the rest; a dot with two lines shuts its other
  edges, a dot with one line and one way on takes it; an edge that would close a small loop
  while other lines are drawn is shut.
- `hard`: exactly one solution, but those steps alone get stuck: a pupil has to try a line
  and see where it leads. Each hard puzzle is checked to be too hard for `easy`.

Exactly one solution is checked with a SAT solver (python-sat, CaDiCaL): dots have 0 or 2
lines, squares their counts; every solution found whose lines form more than one loop gets a
cut "if this closed loop is there, no edge outside it is" for each of its loops (forbidding
each small loop outright would wrongly forbid it as the whole answer), and the search goes on
until a second single loop is found or none is left. The tests count solutions a second,
independent way (plain backtracking).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from papergame.errors import PapergameError
from papergame.options import LOOP_LEVELS as LEVELS  # noqa: F401 (what each one asks for: the docstring)
Point = tuple[int, int]
Edge = tuple[Point, Point]  # the smaller point first


class LoopsError(PapergameError):
    """No puzzle can be made, or the SAT solver is missing."""


@dataclass(frozen=True)
class Grid:
    rows: int
    columns: int

    def edges(self) -> list[Edge]:
        out: list[Edge] = []
        for r in range(self.rows + 1):
            for c in range(self.columns):
                out.append(((r, c), (r, c + 1)))
        for r in range(self.rows):
            for c in range(self.columns + 1):
                out.append(((r, c), (r + 1, c)))
        return out

    def sides(self, i: int, j: int) -> tuple[Edge, Edge, Edge, Edge]:
        """Square (i, j)'s top, right, bottom and left edges."""
        return (((i, j), (i, j + 1)), ((i, j + 1), (i + 1, j + 1)), ((i + 1, j), (i + 1, j + 1)), ((i, j), (i + 1, j)))

    def squares(self) -> list[tuple[int, int]]:
        return [(i, j) for i in range(self.rows) for j in range(self.columns)]

    def points(self) -> list[Point]:
        return [(r, c) for r in range(self.rows + 1) for c in range(self.columns + 1)]

    def at_point(self) -> dict[Point, list[Edge]]:
        out: dict[Point, list[Edge]] = {p: [] for p in self.points()}
        for e in self.edges():
            out[e[0]].append(e)
            out[e[1]].append(e)
        return out


@dataclass(frozen=True)
class LoopPuzzle:
    number: int
    rows: int
    columns: int
    level: str
    clues: tuple[tuple[int | None, ...], ...]  # row by row from the top
    loop: tuple[Point, ...]  # the lattice points the loop visits, in order

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.columns)

    def edges(self) -> set[Edge]:
        pts = self.loop
        return {tuple(sorted((pts[k], pts[(k + 1) % len(pts)]))) for k in range(len(pts))}  # type: ignore[misc]

    def json(self) -> dict[str, Any]:
        return {"rows": self.rows, "columns": self.columns, "clues": [list(row) for row in self.clues],
                "loop": [list(p) for p in self.loop]}


def neighbours(edges: set[Edge]) -> dict[Point, list[Point]]:
    """Each point of the edges with the points it is joined to."""
    nxt: dict[Point, list[Point]] = {}
    for a, b in edges:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    return nxt


def cycles(edges: set[Edge]) -> list[list[Point]]:
    """The closed loops the edges make (each point on two of them), as points in order."""
    nxt = neighbours(edges)
    seen: set[Point] = set()
    out = []
    for start in sorted(nxt):
        if start in seen:
            continue
        path = [start]
        seen.add(start)
        prev, here = None, start
        while True:
            step = [p for p in nxt[here] if p != prev]
            if not step:
                break
            prev, here = here, step[0]
            if here == start:
                break
            path.append(here)
            seen.add(here)
        out.append(path)
    return out


def counts(grid: Grid, edges: set[Edge]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sum(e in edges for e in grid.sides(i, j)) for j in range(grid.columns)) for i in range(grid.rows))


def boundary(grid: Grid, inside: set[tuple[int, int]]) -> set[Edge]:
    return {e for i, j in inside for k, e in enumerate(grid.sides(i, j))
            if neighbour(i, j, k) not in inside}


def neighbour(i: int, j: int, side: int) -> tuple[int, int]:
    return [(i - 1, j), (i, j + 1), (i + 1, j), (i, j - 1)][side]


def is_one_loop(grid: Grid, edges: set[Edge]) -> bool:
    degree: dict[Point, int] = {}
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return bool(edges) and all(d == 2 for d in degree.values()) and len(cycles(edges)) == 1


def random_loop(grid: Grid, rng: random.Random) -> set[Edge]:
    """A face colouring grown at random from one square, its boundary kept one loop at every step."""
    squares = grid.squares()
    inside = {rng.choice(squares)}
    target = rng.randint(len(squares) * 2 // 5, len(squares) * 3 // 5)
    while len(inside) < target:
        frontier = sorted({n for i, j in inside for k in range(4) if (n := neighbour(i, j, k)) not in inside
                           and 0 <= n[0] < grid.rows and 0 <= n[1] < grid.columns})
        rng.shuffle(frontier)
        for cand in frontier:
            if is_one_loop(grid, boundary(grid, inside | {cand})):
                inside.add(cand)
                break
        else:
            break
    return boundary(grid, inside)


# --- exactly one solution: the SAT solver with lazy single-loop cuts ---------------------


def rule_clauses(grid: Grid, clues, var: dict[Edge, int]) -> list[list[int]]:
    """Some line is drawn; each dot has 0 or 2 lines; each numbered square that many sides."""
    clauses: list[list[int]] = [list(var.values())]
    for at in grid.at_point().values():
        vs = [var[e] for e in at]
        for v in vs:  # never a dead end: one line at a dot needs another
            clauses.append([-v] + [w for w in vs if w != v])
        for a in range(len(vs)):  # never three lines at a dot
            for b in range(a + 1, len(vs)):
                for c in range(b + 1, len(vs)):
                    clauses.append([-vs[a], -vs[b], -vs[c]])
    for i, j in grid.squares():
        clue = clues[i][j]
        if clue is None:
            continue
        vs = [var[e] for e in grid.sides(i, j)]
        for mask in range(16):  # forbid every choice of its four sides with another count
            if bin(mask).count("1") != clue:
                clauses.append([-v if mask >> k & 1 else v for k, v in enumerate(vs)])
    return clauses


def solutions(grid: Grid, clues, most: int = 2) -> list[set[Edge]]:
    """Up to `most` single loops that fit the clues (python-sat's CaDiCaL)."""
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise LoopsError("loops needs the SAT solver python-sat, which installs with papergame except in a "
                         "browser: pip install python-sat") from None
    edges = grid.edges()
    var = {e: k + 1 for k, e in enumerate(edges)}
    clauses = rule_clauses(grid, clues, var)
    found: list[set[Edge]] = []
    extra = len(edges)
    with Solver(name="cd15", bootstrap_with=clauses) as solver:
        while len(found) < most and solver.solve():
            model = solver.get_model()
            on = {e for e in edges if model[var[e] - 1] > 0}
            loops = cycles(on)
            if len(loops) == 1:
                found.append(on)
                solver.add_clause([-var[e] for e in on])  # a different loop, next time
                continue
            for loop in loops:  # if this closed loop is there, no edge outside it is
                ring = {tuple(sorted((loop[k], loop[(k + 1) % len(loop)]))) for k in range(len(loop))}
                extra += 1
                solver.add_clause([extra] + [-var[e] for e in ring])  # type: ignore[index]
                for e in edges:
                    if e not in ring:
                        solver.add_clause([-extra, -var[e]])
    return found


# --- the easy level: one square or one dot at a time ----------------------------------------


def deduce(grid: Grid, clues) -> dict[Edge, bool] | None:
    """What local steps alone decide (True: a line, False: shut); None on a contradiction."""
    state: dict[Edge, bool | None] = {e: None for e in grid.edges()}
    at = grid.at_point()
    groups: list[tuple[list[Edge], int | None]] = [(list(grid.sides(i, j)), clues[i][j]) for i, j in grid.squares()
                                                   if clues[i][j] is not None]
    changed = True
    while changed:
        changed = False
        for sides, clue in groups:
            on = sum(state[e] is True for e in sides)
            open_ = [e for e in sides if state[e] is None]
            assert clue is not None
            if on > clue or on + len(open_) < clue:
                return None
            if open_ and (on == clue or on + len(open_) == clue):
                for e in open_:
                    state[e] = on != clue
                changed = True
        for edges in at.values():
            on = sum(state[e] is True for e in edges)
            open_ = [e for e in edges if state[e] is None]
            if on > 2 or (on == 1 and not open_):
                return None
            if open_ and (on == 2 or (on == 0 and len(open_) == 1)):
                for e in open_:
                    state[e] = False
                changed = True
            elif on == 1 and len(open_) == 1:
                state[open_[0]] = True
                changed = True
        if not changed:
            changed = shut_small_loops(grid, state)
    return {e: v for e, v in state.items() if v is not None}


def shut_small_loops(grid: Grid, state: dict[Edge, bool | None]) -> bool:
    """Shut an open edge that joins the two ends of one line while other lines are drawn."""
    drawn = {e for e, v in state.items() if v}
    if not drawn:
        return False
    end_of: dict[Point, Point] = {}
    for path in chains(drawn):
        if path[0] != path[-1]:
            end_of[path[0]], end_of[path[-1]] = path[-1], path[0]
    total = len(drawn)
    for e, v in state.items():
        if v is None and end_of.get(e[0]) == e[1]:
            length = chain_length(drawn, e[0])
            if length < total:
                state[e] = False
                return True
    return False


def chains(edges: set[Edge]) -> list[list[Point]]:
    """The drawn lines as runs of points, each from one end to the other (a closed run repeats its start)."""
    nxt = neighbours(edges)
    seen: set[Point] = set()
    out = []
    for start in sorted(nxt, key=lambda p: (len(nxt[p]) != 1, p)):
        if start in seen:
            continue
        run, prev, here = [start], None, start
        seen.add(start)
        while True:
            step = [p for p in nxt[here] if p != prev]
            if not step:
                break
            prev, here = here, step[0]
            run.append(here)
            if here in seen:
                break
            seen.add(here)
        out.append(run)
    return out


def chain_length(edges: set[Edge], point: Point) -> int:
    """How many edges the run through `point` has."""
    for run in chains(edges):
        if point in run:
            return len(run) - 1
    return 0


def easy(grid: Grid, clues, loop: set[Edge]) -> bool:
    found = deduce(grid, clues)
    return found is not None and len(found) == len(grid.edges()) and {e for e, v in found.items() if v} == loop


def level_of(grid: Grid, clues, loop: set[Edge]) -> str:
    """The easiest level whose steps solve a puzzle with one answer (`loop`): as its sheet would print it."""
    return "easy" if easy(grid, clues, loop) else "hard"


# --- puzzles ----------------------------------------------------------------------------------


def make_puzzle(number: int, rows: int, columns: int, level: str, rng: random.Random, tries: int = 60) -> LoopPuzzle:
    grid = Grid(rows, columns)
    for _ in range(tries):
        loop = random_loop(grid, rng)
        full = counts(grid, loop)
        clues: list[list[int | None]] = [list(row) for row in full]
        order = grid.squares()
        rng.shuffle(order)
        for i, j in order:
            keep = clues[i][j]
            clues[i][j] = None
            if level == "easy":
                ok = easy(grid, clues, loop)
            else:
                ok = len(solutions(grid, clues)) == 1
            if not ok:
                clues[i][j] = keep
        if level == "hard" and easy(grid, clues, loop):
            continue  # the easy steps solve it: not hard
        if level == "easy" and not easy(grid, clues, loop):
            continue  # every clue kept and still not easy (clues are only taken away while it stays easy)
        if len(solutions(grid, clues)) != 1:
            continue
        points = cycles(loop)[0]
        return LoopPuzzle(number, rows, columns, level, tuple(tuple(row) for row in clues), tuple(points))
    raise LoopsError(f"no {level} puzzle of {columns} x {rows} squares in {tries} tries; try another seed or level")


def loops_json(puzzles: list[LoopPuzzle]) -> dict[str, Any]:
    return {"puzzles": [p.json() for p in puzzles]}


# --- class sets --------------------------------------------------------------------------------
# (the options, checked: papergame.options.LoopOptions)


def make_loop_sheets(options, count: int):
    """(number, seed, puzzles) for each sheet of the class set, one at a time, each from its own seed."""
    from papergame.activities.worksheet import sheet_seeds

    if options.sheet is not None:
        numbered = [(options.sheet, options.seed)]
    else:
        numbered = list(enumerate(sheet_seeds(options.seed, options.copies), start=1))
    for number, seed in numbered:
        rng = random.Random(f"papergame loops {seed}")
        yield number, seed, [make_puzzle(k, options.rows, options.columns, options.level, rng) for k in range(1, count + 1)]
