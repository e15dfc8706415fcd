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
- `medium`: the easy steps, and when they stop, a try (`try_lines`): at a dot where a line
  ends, take one way on; if the easy steps then reach a contradiction (or close a loop that
  leaves lines or numbers out), that way is shut, and the easy steps go on. Each medium
  puzzle is checked to be too hard for `easy`.
- `hard`: exactly one solution, but the medium steps get stuck too: a pupil has to look
  further ahead. Each hard puzzle is checked to be too hard for `medium`.

A medium puzzle is made as an easy one is, then more clues are taken away while the medium
steps still solve it.

Exactly one solution is checked with a SAT solver (python-sat, CaDiCaL): dots have 0 or 2
lines, squares their counts; every solution found whose lines form more than one loop gets a
cut "if this closed loop is there, no edge outside it is" for each of its loops (forbidding
each small loop outright would wrongly forbid it as the whole answer), and the search goes on
until a second single loop is found or none is left. The tests count solutions a second,
independent way (plain backtracking).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from papergame.records import NamedTuple, dataclass
from papergame.errors import PapergameError
from papergame.options import LOOP_LEVELS as LEVELS  # what each one asks for: the docstring
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


class Wiring(NamedTuple):
    """A lattice's edges by number, and which edges each square and each dot has (for `deduce`)."""

    edges: list[Edge]
    squares: list[tuple[int, ...]]  # square i * columns + j: its four edges
    points: list[tuple[int, ...]]  # dot by dot, as Grid.points: its edges
    units: list[tuple[int, ...]]  # each edge: the squares (k) and dots (squares + d) it belongs to


@lru_cache(maxsize=None)
def wiring(rows: int, columns: int) -> Wiring:
    grid = Grid(rows, columns)
    edges = grid.edges()
    index = {e: k for k, e in enumerate(edges)}
    squares = [tuple(index[e] for e in grid.sides(i, j)) for i, j in grid.squares()]
    at = grid.at_point()
    points = [tuple(index[e] for e in at[p]) for p in grid.points()]
    units: list[list[int]] = [[] for _ in edges]
    for k, sides in enumerate(squares):
        for e in sides:
            units[e].append(k)
    for d, ways in enumerate(points):
        for e in ways:
            units[e].append(len(squares) + d)
    return Wiring(edges, squares, points, [tuple(u) for u in units])


def deduce(grid: Grid, clues, start: dict[Edge, bool] | None = None) -> dict[Edge, bool] | None:
    """What local steps alone decide (True: a line, False: shut), from `start` if given; None on a contradiction.

    Each square and dot is looked at again only when one of its edges was decided (a work list), as
    trying lines (`try_lines`) asks for hundreds of these a puzzle; the tests check it against the
    first, plainer form (every square and dot looked at again until nothing changes)."""
    w = wiring(grid.rows, grid.columns)
    state = [-1] * len(w.edges)
    if start:
        index = {pair: k for k, pair in enumerate(w.edges)}
        for pair, on in start.items():
            state[index[pair]] = 1 if on else 0
    flat = [c for row in clues for c in row]
    squares = len(w.squares)
    todo = [k for k in range(squares) if flat[k] is not None] + list(range(squares, squares + len(w.points)))
    queued = [True] * (squares + len(w.points))

    def decide(edge: int, value: int) -> None:
        state[edge] = value
        for unit in w.units[edge]:
            if not queued[unit]:
                queued[unit] = True
                todo.append(unit)

    while True:
        while todo:
            unit = todo.pop()
            queued[unit] = False
            found = look(w, state, flat, unit)
            if found is None:
                return None
            value, open_ = found
            for edge in open_ if value != -1 else ():
                decide(edge, value)
        shut = small_loop_edge(w, state)
        if shut is None:
            return {pair: state[k] == 1 for k, pair in enumerate(w.edges) if state[k] != -1}
        decide(shut, 0)


def look(w: Wiring, state: list[int], flat: list[int | None], unit: int) -> tuple[int, list[int]] | None:
    """One square (unit < squares) or dot: the value its open edges must all take (-1: none yet) and
    those edges; None if it breaks its rule."""
    squares = len(w.squares)
    ways = w.squares[unit] if unit < squares else w.points[unit - squares]
    on = sum(state[e] == 1 for e in ways)
    open_ = [e for e in ways if state[e] == -1]
    if unit < squares:
        clue = flat[unit]
        if clue is None:
            return -1, open_
        if on > clue or on + len(open_) < clue:
            return None
        if open_ and (on == clue or on + len(open_) == clue):
            return (0 if on == clue else 1), open_
        return -1, open_
    if on > 2 or (on == 1 and not open_):
        return None
    if open_ and (on == 2 or (on == 0 and len(open_) == 1)):
        return 0, open_
    return (1 if on == 1 and len(open_) == 1 else -1), open_


def small_loop_edge(w: Wiring, state: list[int]) -> int | None:
    """An open edge that joins the two ends of one line while other lines are drawn (the first, by number)."""
    drawn = {w.edges[k] for k, v in enumerate(state) if v == 1}
    if not drawn:
        return None
    end_of: dict[Point, Point] = {}
    length: dict[Point, int] = {}
    for path in chains(drawn):
        if path[0] != path[-1]:
            end_of[path[0]], end_of[path[-1]] = path[-1], path[0]
            length[path[0]] = len(path) - 1
    total = len(drawn)
    for k, e in enumerate(w.edges):
        if state[k] == -1 and end_of.get(e[0]) == e[1] and length.get(e[0], length.get(e[1], 0)) < total:
            return k
    return None


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


def easy(grid: Grid, clues, loop: set[Edge]) -> bool:
    found = deduce(grid, clues)
    return found is not None and len(found) == len(grid.edges()) and {e for e, v in found.items() if v} == loop


# --- the medium level: the easy steps, and trying a line's way on ------------------------------


def broken(grid: Grid, clues, found: dict[Edge, bool]) -> bool:
    """Whether the lines decided already break a rule the easy steps do not see: a closed loop with
    other lines beside it, or a closed loop that leaves a number wrong."""
    drawn = {e for e, v in found.items() if v}
    loops = [run for run in chains(drawn) if run[0] == run[-1]]
    if not loops:
        return False
    if len(loops) > 1 or len(loops[0]) - 1 != len(drawn):
        return True
    full = counts(grid, drawn)
    return any(clues[i][j] is not None and full[i][j] != clues[i][j] for i, j in grid.squares())


def line_ends(grid: Grid, found: dict[Edge, bool]) -> list[Edge]:
    """The open edges a drawn line could go on along: at each dot where a line ends, its ways on."""
    on: dict[Point, int] = {}
    for e, v in found.items():
        if v:
            on[e[0]] = on.get(e[0], 0) + 1
            on[e[1]] = on.get(e[1], 0) + 1
    ends = {p for p, n in on.items() if n == 1}
    return [e for e in grid.edges() if e not in found and (e[0] in ends or e[1] in ends)]


def try_lines(grid: Grid, clues) -> dict[Edge, bool] | None:
    """The medium steps: the easy ones, and when they stop, at the end of a line, try each way on in turn;
    a way after which the easy steps reach a contradiction is shut, and the easy steps go on from there.
    What is decided in the end (all of it for a medium puzzle); None on a contradiction."""
    found = deduce(grid, clues)
    total = len(grid.edges())
    while found is not None and len(found) < total:
        progress = False
        for e in line_ends(grid, found):  # one sweep along the line ends found at its start
            if e in found:
                continue  # decided meanwhile
            tried = deduce(grid, clues, {**found, e: True})
            if tried is None or broken(grid, clues, tried):
                found = deduce(grid, clues, {**found, e: False})
                progress = True
                if found is None or len(found) == total:
                    break
        if not progress:
            return found  # no way on leads to a contradiction: stuck
    return None if found is None or broken(grid, clues, found) else found


def medium(grid: Grid, clues, loop: set[Edge]) -> bool:
    found = try_lines(grid, clues)
    return found is not None and len(found) == len(grid.edges()) and {e for e, v in found.items() if v} == loop


SOLVES = {"easy": easy, "medium": medium}  # each level's steps; hard: one answer, and too hard for medium


def level_of(grid: Grid, clues, loop: set[Edge]) -> str:
    """The easiest level whose steps solve a puzzle with one answer (`loop`): as its sheet would print it."""
    return next((level for level, solves in SOLVES.items() if solves(grid, clues, loop)), "hard")


# --- puzzles ----------------------------------------------------------------------------------


def make_puzzle(number: int, rows: int, columns: int, level: str, rng: random.Random, tries: int = 60) -> LoopPuzzle:
    grid = Grid(rows, columns)
    for _ in range(tries):
        loop = random_loop(grid, rng)
        full = counts(grid, loop)
        clues: list[list[int | None]] = [list(row) for row in full]
        order = grid.squares()
        rng.shuffle(order)
        solves = SOLVES.get(level)  # None for hard: any puzzle with one answer
        below = SOLVES.get(LEVELS[LEVELS.index(level) - 1]) if LEVELS.index(level) else None
        steps = [easy] if level == "medium" else []  # medium: first as for easy (cheaper), then on from there
        for check in steps + [solves or (lambda g, c, _: len(solutions(g, c)) == 1)]:
            for i, j in order:
                keep = clues[i][j]
                if keep is None:
                    continue
                clues[i][j] = None
                if not check(grid, clues, loop):
                    clues[i][j] = keep
        if solves and not solves(grid, clues, loop):
            continue  # every clue kept and still not solved at this level (clues only go while it is)
        if below and below(grid, clues, loop):
            continue  # the level below solves it: too easy for this one
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
