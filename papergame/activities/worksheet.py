"""Practice sheets, "predict the exit": puzzles made from a seed, answered by the rules engine.

Each puzzle shows a window of the board (the whole board when the level needs it) with
some tiles laid in their turns, and one token at an entry port. Two kinds:

- **exit**: the token waits at the board's edge, about to enter a cell that holds a tile.
  Where does it stop (`CELL/SIDE`), or does it leave the board (`out`)? The answer is the
  route, the cells it passes through in order, and its end.
- **safe**: the token stands in front of an empty cell, and a hand of tiles is shown.
  Which tiles, laid in that cell and turned how, keep the token on the board? The answer
  lists `TYPE@DEG` for each type in the hand at every turn of the shape, even where two
  turns look alike (type 3 at 0 and at 180), in type order then turn order. A type held
  twice is listed once: the question is which placements are safe, and a second copy
  adds no placement.

Levels go by route length, the number of tiles the token passes (a tile passed twice
counts twice): easy 2 to 3, medium 4 to 7, hard 8 or more (this generator stops at 12, so
the route fits the answer box) through the same crossing tile twice, once along each of
its lines. For a safe puzzle the length is that of the longest route among the hand's
placements: the most a pupil has to trace.

What "exactly one answer" means. Tracing is deterministic, so once the question is
unambiguous its answer is unique. A puzzle is kept only if (see `problems`):

- an exit puzzle's token starts at an entry port on the board's own edge, so nothing can
  have moved it yet, and its cell holds a tile; a safe puzzle's token stands at the entry
  port of an empty cell;
- every route ends at an empty cell inside the window, or off the board through the
  board's own edge: the answer is always in the picture, never in a part not shown;
- no route loops;
- no tile type is used more often than the definition has copies (the hand included);
- a safe puzzle has at least one safe and one unsafe placement;
- no two puzzles of a sheet are the same.

Puzzles are made by laying tiles as a careful player would (in the cell the token is
about to enter, turned at random, never sending it out before the route is long enough),
scattering a few more tiles around it, and rejecting every try that breaks a rule above.
Everything random comes from one `random.Random(seed)`, so the same seed gives the same
sheet.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from papergame.model.board import Board, Cell, Position
from papergame.model.definition import GameDefinition
from papergame.errors import OptionError, PapergameError
from papergame.model.rules import PlacedTile, Trace, tile_notation, trace

EXIT, SAFE = "exit", "safe"
STOP, OUT, AWAY, LOOP = "stop", "out", "away", "loop"
TRIES = 500  # tries per puzzle before giving up on a definition
MAX_SEED = 999_999_999
MAX_COPIES = 200
MAX_PUZZLES = 12


class WorksheetError(PapergameError):
    """A worksheet option is out of range, or the game cannot make the puzzles asked for."""


@dataclass(frozen=True)
class Level:
    name: str
    shortest: int  # route length, in tiles passed
    longest: int
    double_crossing: bool  # the route must pass one crossing tile along both its lines
    window: int  # cells across (and up) the part of the board shown, at most the board
    extra: tuple[int, int]  # how many tiles off the route to scatter around it


LEVELS = {
    "easy": Level("easy", 2, 3, False, 3, (1, 2)),
    "medium": Level("medium", 4, 7, False, 4, (2, 4)),
    "hard": Level("hard", 8, 12, True, 5, (2, 4)),
}


@dataclass(frozen=True)
class Window:
    """The part of the board a puzzle shows: first and last column and row, inclusive."""

    cols: tuple[int, int]
    rows: tuple[int, int]

    def __contains__(self, cell: Cell) -> bool:
        return self.cols[0] <= cell.col <= self.cols[1] and self.rows[0] <= cell.row <= self.rows[1]

    @property
    def cells(self) -> list[Cell]:
        return [Cell(c, r) for r in range(self.rows[0], self.rows[1] + 1)
                for c in range(self.cols[0], self.cols[1] + 1)]


@dataclass(frozen=True)
class Placement:
    cell: Cell
    tile: int
    rotation: int


@dataclass(frozen=True)
class Option:
    """One tile of the hand at one turn, laid in the token's cell, and where the token goes."""

    tile: int
    rotation: int
    trace: Trace
    look: frozenset = frozenset()  # the links it makes in the cell: two placements that look the same share it

    @property
    def safe(self) -> bool:
        return self.trace.end is not None and not self.trace.loop

    @property
    def name(self) -> str:
        return tile_notation(self.tile, self.rotation)


@dataclass(frozen=True)
class Puzzle:
    number: int
    kind: str  # EXIT or SAFE
    window: Window
    tiles: tuple[Placement, ...]  # in board order, row by row from the south-west
    token: Position
    hand: tuple[int, ...] = ()  # safe puzzles: the tile types held, in type order
    route: Trace | None = None  # exit puzzles: where the token goes
    options: tuple[Option, ...] = ()  # safe puzzles: every distinct type of the hand at every turn

    @property
    def safe(self) -> list[str]:
        return [o.name for o in self.options if o.safe]

    @property
    def safe_looks(self) -> list[list[str]]:
        """The safe placements grouped by how they look in the cell (same links after turning),
        each group in option order: a pupil lists each look once."""
        groups: dict[frozenset, list[str]] = {}
        for o in self.options:
            if o.safe:
                groups.setdefault(o.look, []).append(o.name)
        return list(groups.values())

    @property
    def signature(self) -> tuple:
        return (self.kind, self.tiles, self.token, self.hand)


@dataclass(frozen=True)
class Worksheet:
    number: int
    seed: int
    level: str
    puzzles: tuple[Puzzle, ...]


# --- options -------------------------------------------------------------------------


@dataclass(frozen=True)
class WorksheetOptions:
    level: str = "medium"
    puzzles: int | None = None  # None: as many as fit one page comfortably
    seed: int = 1
    copies: int = 1
    sheet: int | None = None  # reprint this sheet of a class set: its number, made from `seed` (its own)


def whole_number(text: Any, option: str, low: int, high: int) -> int:
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    else:
        try:
            value = int(str(text).strip())
        except ValueError:
            raise OptionError(option, f'"{text}" is not a whole number') from None
    if not low <= value <= high:
        raise OptionError(option, f"{value} is outside {low} to {high}")
    return value


def parse_options(level: str = "medium", puzzles: Any = None, seed: Any = 1, copies: Any = 1,
                  sheet: Any = None) -> WorksheetOptions:
    """Options as typed on the command line, checked; each problem one line naming the option."""
    name = str(level).strip().lower()
    if name not in LEVELS:
        raise OptionError("level", f'"{level}" is not one of {", ".join(LEVELS)}')
    options = WorksheetOptions(
        name,
        None if puzzles is None else whole_number(puzzles, "puzzles", 1, MAX_PUZZLES),
        whole_number(seed, "seed", 0, MAX_SEED),
        whole_number(copies, "copies", 1, MAX_COPIES),
        None if sheet is None else whole_number(sheet, "sheet", 1, MAX_COPIES),
    )
    if options.sheet is not None and options.copies > 1:
        raise OptionError("sheet", "reprints one sheet of a class set, so it does not go with copies above 1")
    return options


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


def kinds(count: int) -> list[str]:
    """Exit puzzles first; a third of the sheet (rounded down) asks which tiles are safe."""
    safe = count // 3
    return [EXIT] * (count - safe) + [SAFE] * safe


# --- checking a puzzle -----------------------------------------------------------------


def lay(definition: GameDefinition, tiles) -> dict[Cell, PlacedTile]:
    return {p.cell: PlacedTile.make(definition, definition.tile_type(p.tile), p.rotation) for p in tiles}


def stop(head: Trace) -> Position:
    """Where a route that stopped on the board stopped (the maker only grows such routes)."""
    assert head.end is not None, "a route that left the board has no stop"
    return head.end


def crossed_both_ways(definition: GameDefinition, route: Trace) -> list[Cell]:
    """Cells the route passes twice along two lines that cross (a crossing tile, both ways)."""
    lines: dict[Cell, list[tuple[str, str]]] = {}
    for cell, line in zip(route.route, route.crossings):
        lines.setdefault(cell, []).append(line)
    shape = definition.shape
    return [cell for cell, ls in lines.items()
            if any(shape.lines_cross(a, b) for i, a in enumerate(ls) for b in ls[i + 1:])]


def fits_level(definition: GameDefinition, level: Level, route: Trace) -> bool:
    n = len(route.route)
    if not level.shortest <= n <= level.longest:
        return False
    return not level.double_crossing or bool(crossed_both_ways(definition, route))


def ending(board: Board, window: Window, route: Trace) -> str:
    """STOP inside the window, OUT through the board's edge, AWAY past the window, or LOOP."""
    if route.loop:
        return LOOP
    if route.end is None:
        return OUT
    return STOP if route.end.cell in window else AWAY


def problems(definition: GameDefinition, level: Level, puzzle: Puzzle) -> list[str]:
    """Everything that would make the puzzle unfit for the sheet (an empty list: keep it)."""
    unknown = sorted(({p.tile for p in puzzle.tiles} | set(puzzle.hand)) - {t.id for t in definition.tiles})
    if unknown:
        return [f"there is no tile type {unknown[0]}"]
    out = layout_problems(definition, puzzle)
    tiles = lay(definition, puzzle.tiles)
    if puzzle.kind == EXIT:
        return out + exit_problems(definition, level, puzzle, tiles)
    return out + safe_problems(definition, level, puzzle, tiles)


def layout_problems(definition: GameDefinition, puzzle: Puzzle) -> list[str]:
    """What is wrong with where the tiles and the token are, whatever the kind of puzzle."""
    board = definition.board
    out: list[str] = []
    cells = [p.cell for p in puzzle.tiles]
    if len(set(cells)) != len(cells):
        out.append("two tiles in one cell")
    if any(c not in puzzle.window or c not in board for c in cells):
        out.append("a tile outside the window")
    used = Counter(p.tile for p in puzzle.tiles) + Counter(puzzle.hand)
    for tile in definition.tiles:
        if used[tile.id] > tile.copies:
            out.append(f"{used[tile.id]} tiles of type {tile.id}, but the set has {tile.copies}")
    if puzzle.token.cell not in puzzle.window:
        out.append("the token is outside the window")
    return out


def exit_problems(definition: GameDefinition, level: Level, puzzle: Puzzle, tiles: dict[Cell, PlacedTile]) -> list[str]:
    """An exit puzzle: the token enters a laid tile from the edge; one route, ending in the picture."""
    board = definition.board
    out: list[str] = []
    if not board.is_edge_entry(puzzle.token):
        out.append("the token does not start at the board's edge")
    if puzzle.token.cell not in tiles:
        out.append("the token's cell is empty")
    route = trace(board, tiles, puzzle.token)
    if route != puzzle.route:
        out.append("the answer is not the engine's")
    if ending(board, puzzle.window, route) not in (STOP, OUT):
        out.append(f"the route ends {ending(board, puzzle.window, route)}")
    if not fits_level(definition, level, route):
        out.append(f"a route of {len(route.route)} does not fit the level")
    return out


def safe_problems(definition: GameDefinition, level: Level, puzzle: Puzzle, tiles: dict[Cell, PlacedTile]) -> list[str]:
    """A hand puzzle: the token faces an empty cell; some placements of the hand are safe, some not."""
    board = definition.board
    out: list[str] = []
    if puzzle.token.cell in tiles:
        out.append("the token's cell is not empty")
    if len(puzzle.hand) != definition.hand:
        out.append(f"a hand of {len(puzzle.hand)}, not of {definition.hand} as dealt")
    routes = hand_options(definition, puzzle, tiles)
    if tuple(routes) != puzzle.options:
        out.append("the answer is not the engine's")
    ends = {ending(board, puzzle.window, o.trace) for o in routes}
    if ends - {STOP, OUT}:
        out.append("a placement's route ends " + " or ".join(sorted(ends - {STOP, OUT})))
    if not any(o.safe for o in routes) or all(o.safe for o in routes):
        out.append("every placement is safe, or none is")
    longest = max((len(o.trace.route) for o in routes), default=0)
    if not level.shortest <= longest <= level.longest:
        out.append(f"a longest route of {longest} does not fit the level")
    if level.double_crossing and not any(fits_level(definition, level, o.trace) for o in routes):
        out.append("no placement crosses a crossing tile both ways")
    return out


def hand_options(definition: GameDefinition, puzzle: Puzzle, tiles: dict[Cell, PlacedTile]) -> list[Option]:
    """Each type of the hand at each turn, laid in the token's cell, with where the token goes."""
    options = []
    for tile in sorted((t for t in definition.tiles if t.id in puzzle.hand), key=lambda t: t.id):
        for rotation in definition.shape.rotations:
            laid = dict(tiles)
            placed = PlacedTile.make(definition, tile, rotation)
            laid[puzzle.token.cell] = placed
            look = frozenset(frozenset(pair) for pair in placed.links.items())  # what a pupil sees in the cell
            options.append(Option(tile.id, rotation, trace(definition.board, laid, puzzle.token), look))
    return options


# --- making puzzles ----------------------------------------------------------------------


class Step(NamedTuple):
    """How a route goes on past where it stopped, once a tile is laid there."""

    cells: list[Cell]
    lines: list[tuple[str, str]]
    end: Position | None
    loop: bool
    exit_port: str | None

    def after(self, head: Trace) -> Trace:
        return Trace(head.start, head.route + tuple(self.cells), self.end, self.loop, self.exit_port,
                     head.crossings + tuple(self.lines))


class PuzzleMaker:
    """Tries to make one puzzle at a time from a shared random stream."""

    def __init__(self, definition: GameDefinition, level: Level, rng: random.Random):
        self.definition = definition
        self.board = definition.board
        self.level = level
        self.rng = rng
        self.rotations = definition.shape.rotations
        self.copies = {t.id: t.copies for t in definition.tiles}
        self.placed = {(t.id, r): PlacedTile.make(definition, t, r) for t in definition.tiles for r in self.rotations}
        board = self.board
        self.starts = [Position(c, p) for c in board.cells for p in definition.shape.ports
                       if board.is_edge_entry(Position(c, p))]
        self.size = (min(level.window, len(board.columns)), min(level.window, len(board.rows)))
        self.step = {(c, p): board.step_out(c, p) for c in board.cells for p in definition.shape.ports}

    def window_around(self, cell: Cell) -> Window:
        """A window of the level's size holding `cell`, placed at random."""
        (w, h), board = self.size, self.board
        c0 = self.rng.randint(max(0, cell.col - w + 1), min(cell.col, len(board.columns) - w))
        r0 = self.rng.randint(max(0, cell.row - h + 1), min(cell.row, len(board.rows) - h))
        return Window((c0, c0 + w - 1), (r0, r0 + h - 1))

    def extend(self, tiles: dict[Cell, PlacedTile], head: Trace, visited: set[Position]) -> Step:
        """Where `head` goes on from where it stopped, through the tiles now laid.

        The same walk as `rules.trace`, over a table of steps made once, so that the search
        for a route stays quick; `visited` holds the entry ports `head` went through. Every
        answer a puzzle keeps is traced again by the engine itself (see `problems`).
        """
        cells: list[Cell] = []
        lines: list[tuple[str, str]] = []
        seen: set[Position] = set()
        position, step = stop(head), self.step
        while True:
            placed = tiles.get(position.cell)
            if placed is None:
                return Step(cells, lines, position, False, None)
            cells.append(position.cell)
            leave = placed.links[position.port]
            lines.append((position.port, leave))
            nxt: Position | None = step[position.cell, leave]
            if nxt is None:
                return Step(cells, lines, None, False, leave)
            if nxt in visited or nxt in seen:
                return Step(cells, lines, nxt, True, None)
            seen.add(nxt)
            position = nxt

    def visited(self, head: Trace) -> set[Position]:
        """The entry ports a trace stood at: its start and where it entered each later cell."""
        entered = (self.step[cell, leave] for cell, (_, leave) in zip(head.route, head.crossings))
        return {head.start} | {p for p in entered if p is not None}

    def choices(self, tiles: dict[Cell, PlacedTile], used: Counter, head: Trace, window: Window):
        """Every tile left in the set at every turn, laid where `head` stopped: (type, turn, step, ending)."""
        out = []
        cell, visited = stop(head).cell, self.visited(head)
        for type_id, copies in self.copies.items():
            if used[type_id] >= copies:
                continue
            for rotation in self.rotations:
                tiles[cell] = self.placed[(type_id, rotation)]
                step = self.extend(tiles, head, visited)
                if step.loop:
                    end = LOOP
                elif step.end is None:
                    end = OUT
                else:
                    end = STOP if step.end.cell in window else AWAY
                out.append((type_id, rotation, step, end))
        tiles.pop(cell, None)  # nothing was laid when every type is used up
        return out

    def lay_one(self, tiles: dict[Cell, PlacedTile], used: Counter, cell: Cell, type_id: int, rotation: int) -> None:
        tiles[cell] = self.placed[(type_id, rotation)]
        used[type_id] += 1

    def grow(self, tiles: dict[Cell, PlacedTile], used: Counter, head: Trace, window: Window,
             finish: str) -> Trace | None:
        """Lay tiles where the token stops until its route fits the level and ends as `finish` (STOP or OUT).

        `head` is the route so far (from a start, through tiles already laid, to an empty cell).
        """
        level = self.level
        target = self.rng.randint(level.shortest, level.longest)
        while True:
            done, going = [], []
            for type_id, rotation, step, end in self.choices(tiles, used, head, window):
                length = len(head.route) + len(step.cells)
                if end in (LOOP, AWAY) or length > level.longest:
                    continue
                if end == finish and length >= target:
                    route = step.after(head)
                    if fits_level(self.definition, level, route):
                        done.append((type_id, rotation, route))
                        continue
                if end == STOP:
                    going.append((type_id, rotation, step))
            if not (done or going):
                return None
            type_id, rotation, chosen = self.rng.choice(done or going)
            self.lay_one(tiles, used, stop(head).cell, type_id, rotation)
            if done:
                return chosen
            head = chosen.after(head)

    def scatter(self, tiles: dict[Cell, PlacedTile], used: Counter, window: Window, keep_empty: set[Cell]) -> None:
        """A few more tiles in empty cells of the window, so the route is not the only thing drawn."""
        empty = [c for c in window.cells if c not in tiles and c not in keep_empty]
        count = min(self.rng.randint(*self.level.extra), len(empty))
        for cell in self.rng.sample(empty, count):
            left = [t for t, n in self.copies.items() if used[t] < n]
            if not left:
                return
            type_id = self.rng.choice(left)
            tiles[cell] = self.placed[(type_id, self.rng.choice(self.rotations))]
            used[type_id] += 1

    def placements(self, tiles: dict[Cell, PlacedTile]) -> tuple[Placement, ...]:
        order = {c: i for i, c in enumerate(self.board.cells)}
        return tuple(Placement(c, p.tile.id, p.rotation) for c, p in sorted(tiles.items(), key=lambda kv: order[kv[0]]))

    def exit_puzzle(self, number: int) -> Puzzle | None:
        rng = self.rng
        start = rng.choice(self.starts)
        window = self.window_around(start.cell)
        tiles: dict[Cell, PlacedTile] = {}
        used: Counter = Counter()
        route = self.grow(tiles, used, Trace(start, (), start, False), window, rng.choice((STOP, OUT)))
        if route is None:
            return None
        self.scatter(tiles, used, window, {route.end.cell} if route.end else set())
        return Puzzle(number, EXIT, window, self.placements(tiles), start, route=trace(self.board, tiles, start))

    def safe_puzzle(self, number: int) -> Puzzle | None:
        rng = self.rng
        start = rng.choice(self.starts)
        window = self.window_around(start.cell)
        tiles: dict[Cell, PlacedTile] = {}
        used: Counter = Counter()
        # a tile or two already laid, so the token may stand inside the board
        head = Trace(start, (), start, False)
        for _ in range(rng.randint(0, 2)):
            going = [(t, r, step) for t, r, step, end in self.choices(tiles, used, head, window) if end == STOP]
            if not going:
                break
            type_id, rotation, step = rng.choice(going)
            self.lay_one(tiles, used, stop(head).cell, type_id, rotation)
            head = step.after(head)
        token = stop(head)
        route = self.grow(tiles, used, Trace(token, (), token, False), window, rng.choice((STOP, OUT)))
        if route is None:
            return None
        # the tile that makes the level's route goes back in the hand (and stays counted in `used`)
        held = tiles.pop(token.cell).tile.id
        self.scatter(tiles, used, window, {token.cell} | ({route.end.cell} if route.end else set()))
        left = [t for t, n in self.copies.items() for _ in range(n - used[t])]
        hand = tuple(sorted([held] + rng.sample(left, min(self.definition.hand - 1, len(left)))))
        options = []
        for type_id in sorted(set(hand)):
            for rotation in self.rotations:
                tiles[token.cell] = self.placed[(type_id, rotation)]
                placed = tiles[token.cell]
                look = frozenset(frozenset(pair) for pair in placed.links.items())
                options.append(Option(type_id, rotation, trace(self.board, tiles, token), look))
        del tiles[token.cell]
        return Puzzle(number, SAFE, window, self.placements(tiles), token, hand, options=tuple(options))

    def puzzle(self, kind: str, number: int) -> Puzzle | None:
        made = self.exit_puzzle(number) if kind == EXIT else self.safe_puzzle(number)
        if made is None or problems(self.definition, self.level, made):
            return None
        return made


def check_possible(definition: GameDefinition, level: Level) -> None:
    """Refuse at once what no number of tries can make."""
    if level.double_crossing:
        shape = definition.shape
        if not any(shape.lines_cross(a, b) for t in definition.tiles for i, a in enumerate(t.pairs)
                   for b in t.pairs[i + 1:]):
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
    """One sheet of `count` puzzles, made from `seed` alone."""
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
                f"{definition.source}: could not make a {level.name} {kind} puzzle in {TRIES} tries "
                f"(routes of {level.shortest} to {level.longest} tiles in a "
                f"{min(level.window, len(definition.board.columns))} x {min(level.window, len(definition.board.rows))} "
                f"window{', through a crossing tile both ways' if level.double_crossing else ''}); try an easier level"
            )
        seen.add(puzzle.signature)
        puzzles.append(puzzle)
    return Worksheet(number, seed, level.name, tuple(puzzles))


def make_worksheets(definition: GameDefinition, options: WorksheetOptions, count: int):
    """Every sheet of a class set, made one at a time as the result is iterated, so a caller
    can show progress; what no try can make is refused at once."""
    check_possible(definition, LEVELS[options.level])
    if options.sheet is not None:  # one sheet again, under its own number, from the seed printed on it
        return iter([make_worksheet(definition, options.sheet, options.seed, options.level, count)])
    return (make_worksheet(definition, number, seed, options.level, count)
            for number, seed in enumerate(sheet_seeds(options.seed, options.copies), start=1))


# --- as JSON -----------------------------------------------------------------------------


def puzzle_json(definition: GameDefinition, puzzle: Puzzle) -> dict[str, Any]:
    board = definition.board
    out: dict[str, Any] = {
        "number": puzzle.number,
        "kind": puzzle.kind,
        "window": [board.cell_name(Cell(puzzle.window.cols[0], puzzle.window.rows[0])),
                   board.cell_name(Cell(puzzle.window.cols[1], puzzle.window.rows[1]))],
        "tiles": [{"cell": board.cell_name(p.cell), "tile": p.tile, "rotation": p.rotation} for p in puzzle.tiles],
        "token": board.position_name(puzzle.token),
    }
    if puzzle.kind == EXIT:
        route = puzzle.route
        assert route is not None, "an exit puzzle carries its route"
        out["answer"] = {"route": [board.cell_name(c) for c in route.route], "end": board.position_name(route.end)}
    else:
        out["hand"] = list(puzzle.hand)
        out["answer"] = {"safe": puzzle.safe, "safe_looks": puzzle.safe_looks}
    return out


def worksheets_json(definition: GameDefinition, sheets) -> dict[str, Any]:
    return {"sheets": [{"number": s.number, "seed": s.seed, "level": s.level,
                        "puzzles": [puzzle_json(definition, p) for p in s.puzzles]} for s in sheets]}
