"""What a worksheet puzzle is: the part of the board shown, the tiles laid, a token, and its answer.

Two kinds, two types with the same methods:

- `ExitPuzzle`: the token waits at the board's edge, about to enter a cell that holds a
  tile. Where does it stop (`CELL/SIDE`), or does it leave the board (`out`)? The answer
  is the route, the cells it passes through in order, and its end.
- `HandPuzzle`: the token stands in front of an empty cell, and a hand of tiles is shown.
  Which tiles, laid in that cell and turned how, keep the token on the board? The answer
  lists `TYPE@DEG` for each type in the hand at every turn of the shape, even where two
  turns look alike, in type order then turn order, and groups the placements that look
  the same. A type held twice is listed once: a second copy adds no placement.

Each kind says what makes one of its puzzles unfit (`problems`) and writes its answer as
JSON (`answer_json`); `verifier.problems` adds the checks every kind shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from papergame.records import dataclass
from typing import Any, ClassVar

from papergame.errors import PapergameError
from papergame.model.board import Board, Cell, Position
from papergame.model.definition import GameDefinition
from papergame.model.geometry import pairs_cross
from papergame.model.rules import PlacedTile, Trace, tile_notation, trace

STOP, OUT, AWAY, LOOP = "stop", "out", "away", "loop"


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

    def __contains__(self, cell: object) -> bool:
        return (isinstance(cell, Cell) and self.cols[0] <= cell.col <= self.cols[1]
                and self.rows[0] <= cell.row <= self.rows[1])

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


# --- what the checks of every kind use ------------------------------------------------


def lay(definition: GameDefinition, tiles) -> dict[Cell, PlacedTile]:
    return {p.cell: PlacedTile.make(definition, definition.tile_type(p.tile), p.rotation) for p in tiles}


def crossed_both_ways(definition: GameDefinition, route: Trace) -> list[Cell]:
    """Cells the route passes twice along two lines that cross (a crossing tile, both ways)."""
    lines: dict[Cell, list[tuple[str, str]]] = {}
    for cell, line in zip(route.route, route.crossings):
        lines.setdefault(cell, []).append(line)
    shape = definition.shape
    return [cell for cell, ls in lines.items()
            if pairs_cross(shape, ls)]


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


def look_of(placed: PlacedTile) -> frozenset:
    """What a pupil sees in a cell: the lines it joins, whatever tile and turn made them."""
    return frozenset(frozenset(pair) for pair in placed.links.items())


def hand_options(definition: GameDefinition, token: Position, hand, tiles: Mapping[Cell, PlacedTile]) -> list[Option]:
    """Each type of the hand at each turn, laid in the token's cell, with where the token goes."""
    options = []
    for tile in sorted((t for t in definition.tiles if t.id in hand), key=lambda t: t.id):
        for rotation in definition.shape.rotations:
            laid = dict(tiles)
            laid[token.cell] = placed = PlacedTile.make(definition, tile, rotation)
            options.append(Option(tile.id, rotation, trace(definition.board, laid, token), look_of(placed)))
    return options


# --- the kinds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """What every kind has: its number on the sheet, the window shown, the tiles laid and the token."""

    kind: ClassVar[str]
    number: int
    window: Window
    tiles: tuple[Placement, ...]  # in board order, row by row from the south-west
    token: Position

    @property
    def hand(self) -> tuple[int, ...]:
        """The tile types shown beside the board (none for most kinds)."""
        return ()

    @property
    def signature(self) -> tuple:
        return (self.kind, self.tiles, self.token, self.hand)

    def problems(self, definition: GameDefinition, level: Level, tiles: dict[Cell, PlacedTile]) -> list[str]:
        """What makes this kind of puzzle unfit for the sheet, beyond what every kind is checked for."""
        raise NotImplementedError

    def answer_json(self, board: Board) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class ExitPuzzle(Puzzle):
    """Where does the token, entering from the edge, stop, or does it leave the board?"""

    kind: ClassVar[str] = "exit"
    route: Trace | None = None

    def problems(self, definition: GameDefinition, level: Level, tiles: dict[Cell, PlacedTile]) -> list[str]:
        """The token enters a laid tile from the edge; one route, ending in the picture."""
        board = definition.board
        out: list[str] = []
        if not board.is_edge_entry(self.token):
            out.append("the token does not start at the board's edge")
        if self.token.cell not in tiles:
            out.append("the token's cell is empty")
        route = trace(board, tiles, self.token)
        if route != self.route:
            out.append("the answer is not the engine's")
        if ending(board, self.window, route) not in (STOP, OUT):
            out.append(f"the route ends {ending(board, self.window, route)}")
        if not fits_level(definition, level, route):
            out.append(f"a route of {len(route.route)} does not fit the level")
        return out

    def answer_json(self, board: Board) -> dict[str, Any]:
        assert self.route is not None, "an exit puzzle carries its route"
        return {"answer": {"route": [board.cell_name(c) for c in self.route.route],
                           "end": board.position_name(self.route.end)}}


@dataclass(frozen=True)
class HandPuzzle(Puzzle):
    """Which tiles of the hand, laid in the token's cell, keep it on the board?"""

    kind: ClassVar[str] = "safe"
    hand: tuple[int, ...] = ()  # the tile types held, in type order
    options: tuple[Option, ...] = ()  # every distinct type of the hand at every turn

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

    def problems(self, definition: GameDefinition, level: Level, tiles: dict[Cell, PlacedTile]) -> list[str]:
        """The token faces an empty cell; some placements of the hand are safe, some not."""
        board = definition.board
        out: list[str] = []
        if self.token.cell in tiles:
            out.append("the token's cell is not empty")
        if len(self.hand) != definition.hand:
            out.append(f"a hand of {len(self.hand)}, not of {definition.hand} as dealt")
        routes = hand_options(definition, self.token, self.hand, tiles)
        if tuple(routes) != self.options:
            out.append("the answer is not the engine's")
        ends = {ending(board, self.window, o.trace) for o in routes}
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

    def answer_json(self, board: Board) -> dict[str, Any]:
        return {"hand": list(self.hand), "answer": {"safe": self.safe, "safe_looks": self.safe_looks}}


KINDS: tuple[type[Puzzle], ...] = (ExitPuzzle, HandPuzzle)


def kinds(count: int) -> list[type[Puzzle]]:
    """Exit puzzles first; a third of the sheet (rounded down) asks which tiles are safe."""
    safe = count // 3
    return [ExitPuzzle] * (count - safe) + [HandPuzzle] * safe


# --- a sheet of puzzles (here, not in worksheet.py, so that win_in.py need not import worksheet.py,
# which imports it) ---------------------------------------------------------------------------------


class WorksheetError(PapergameError):
    """A worksheet option is out of range, or the game cannot make the puzzles asked for."""


@dataclass(frozen=True)
class Worksheet:
    number: int
    seed: int
    level: str
    puzzles: tuple[Any, ...]  # Puzzle kinds; a shared path's sheets hold win_in.WinPuzzle
