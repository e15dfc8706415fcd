"""Who wins a shared-path game with perfect play, and with which first moves.

A shared-path game with unlimited supply has no hidden tiles and no chance, so every
position has a value for the player to move: a win, a loss or a draw. `solve` finds it
by negamax, remembering every position it has valued.

A position is the entry port where the path stands plus, for each filled cell, the lines
of its tile that the path has not used yet. A used line can never be walked again (routes
are reversible and began at the edge), so two boards that differ only in used lines play
the same from here on and share one entry in the table. Placements that lay the same
lines (type 1 turned 90 is type 2; type 3 turned any way is itself) are searched once.

Before any search, `solve` tries the proof of `model.matching`: when the tiles can lead
the path anywhere and dominoes cover the board (or all of it but the start cell), the
winner is proved at once, on any board; the first moves it does not settle either way
are searched when the board is small enough. Only without such a covering is the whole
game searched.

The table has a cap. A board with more cells than `MAX_CELLS` is refused before the
search starts; a search that would grow the table past `TABLE_CAP` stops with an error,
so memory stays bounded and the command never hangs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextvars import ContextVar

from papergame.records import NamedTuple
from papergame.errors import SolveError
from papergame.model.definition import GameDefinition
from papergame.model.matching import DominoStrategy, Gap, cell_graph, domino_verdict, proven_first_move
from papergame.model.playtables import LOOP, OUT, PlayTables
from papergame.model.rules import FIRST, SECOND, rule_set, tile_notation

MAX_CELLS = 36  # 6 x 6 solves in about a second (235,260 positions); 7 x 7 needs 18.8 million
TABLE_CAP = 2_000_000  # positions remembered (a few hundred MB at most); more is "too large"
TIME_LIMIT = 120.0  # seconds of searching for one `solve`; more is "too large" too
PROGRESS_EVERY = 1 << 17  # positions between two calls of a search's `progress`

WIN, DRAW, LOSS = 1, 0, -1


class Solution(NamedTuple):
    winner: str  # "first", "second" or "draw"
    winning_moves: list[str]  # the first player's opening moves that win, CELL:TYPE@DEG
    positions: int  # positions valued and remembered (0 when the dominoes proved it all)
    method: str = "search"  # "matching": proved by dominoes; "search": the whole game searched
    strategy: DominoStrategy | None = None  # the dominoes that prove the winner
    gap: Gap | None = None  # why the dominoes do not decide this game (method "search")
    undecided: list[str] = []  # first moves neither proved nor searched (a board too large)

    @property
    def json(self) -> dict:
        out = {"winner": self.winner, "winning_moves": self.winning_moves, "method": self.method}
        if self.undecided:
            out["undecided_moves"] = self.undecided
        return out


def require_solvable(definition: GameDefinition, max_cells: int = MAX_CELLS) -> None:
    """Raise SolveError saying why this game cannot be searched here."""
    require_shared_unlimited(definition)
    cells = len(definition.board.cells)
    if cells > max_cells:
        raise SolveError(
            f"{definition.source}: the board has {cells} cells; solve handles at most {max_cells} (6 x 6), "
            "because larger boards can need more positions than its table may hold")


def require_shared_unlimited(definition: GameDefinition) -> None:
    rules = rule_set(definition)
    label = definition.source
    if not rules.solvable:
        raise SolveError(
            f"{label}: solve needs a shared-path game ([rules] path = \"shared\"): in the own-path game "
            "the tiles are dealt face down, so there is hidden information and chance")
    if not rules.unlimited:
        raise SolveError(
            f"{label}: solve needs [rules] supply = \"unlimited\": with the kit's copies the counts left "
            "would be part of every position, which this solver does not track")


class Search:
    """The negamax search over one definition's board, with its table of valued positions."""

    def __init__(self, tables: PlayTables, cap: int):
        self.t = tables
        self.cap = cap
        self.deadline: float | None = None  # time.monotonic() when the search gives up (solve sets it)
        self.progress: Callable[[int], None] | None = None  # called with the positions remembered so far
        n = tables.port_count
        self.options = list(tables.distinct)  # one line-layout for each group of alike placements
        # a cell's code: 0 = empty, else which of its tile's lines are still unused
        remaining: dict[frozenset, int] = {}
        self.codes: dict[tuple[int, int], int] = {}
        for i, links in enumerate(self.options):
            pairs = sorted({(min(a, b), max(a, b)) for a, b in enumerate(links)})
            for subset in range(1 << len(pairs)):
                used = 0
                for j, (a, b) in enumerate(pairs):
                    if subset >> j & 1:
                        used |= 1 << a | 1 << b
                left = frozenset(p for p in pairs if not used >> p[0] & 1)
                self.codes[(i, used)] = remaining.setdefault(left, len(remaining) + 1)
        self.bits = (len(remaining) + 1).bit_length()
        self.pos_bits = (len(tables.cells) * n).bit_length()
        cells = len(tables.cells)
        self.filled: list[tuple[int, ...] | None] = [None] * cells
        self.option_of = [0] * cells
        self.used = [0] * cells
        self.code = [0] * cells
        self.key = 0
        self.memo: dict[int, int] = {}

    def play(self, position: int, option: int) -> tuple[int, list[tuple[int, int, int]]]:
        """Lay an option at the path's cell and run the path; returns the end and what to undo."""
        t, n = self.t, self.t.port_count
        start_cell = position // n
        self.filled[start_cell] = self.options[option]
        self.option_of[start_cell] = option
        changed: dict[int, tuple[int, int, int]] = {}
        filled, used, step = self.filled, self.used, t.step
        end = LOOP
        for _ in range(t.max_steps):
            cell, port = divmod(position, n)
            links = filled[cell]
            if links is None:
                end = position
                break
            if cell not in changed:
                changed[cell] = (cell, used[cell], self.code[cell])
            other = links[port]
            used[cell] |= 1 << port | 1 << other
            position = step[cell * n + other]
            if position < 0:
                end = OUT
                break
        for cell in changed:
            new = self.codes[(self.option_of[cell], used[cell])]
            self.key += (new - self.code[cell]) << (self.bits * cell)
            self.code[cell] = new
        return end, list(changed.values())

    def undo(self, start_cell: int, changes: list[tuple[int, int, int]]) -> None:
        for cell, used, code in changes:
            self.key += (code - self.code[cell]) << (self.bits * cell)
            self.used[cell], self.code[cell] = used, code
        self.filled[start_cell] = None

    def outcome(self, position: int, option: int) -> int:
        """The value for the mover of laying `option` with the path at `position`."""
        end, changes = self.play(position, option)
        if end == OUT:
            value = LOSS
        elif end == LOOP:
            value = DRAW
        else:
            value = -self.value(end)
        self.undo(position // self.t.port_count, changes)
        return value

    def checkpoint(self) -> None:
        """Every few thousand positions: say how far the search is, and stop it past its deadline."""
        if self.progress is not None and not len(self.memo) % PROGRESS_EVERY:
            self.progress(len(self.memo))
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SolveError(
                f"{self.t.definition.source}: still searching after {TIME_LIMIT:g} s ({len(self.memo):,} positions); "
                "this board is too large to solve")

    def value(self, position: int) -> int:
        """The value of the position for the player about to fill the path's cell."""
        k = (self.key << self.pos_bits) | position
        known = self.memo.get(k)
        if known is not None:
            return known
        best = LOSS - 1
        for option in range(len(self.options)):
            v = self.outcome(position, option)
            if v > best:
                best = v
                if best == WIN:
                    break
        if len(self.memo) >= self.cap:
            raise SolveError(
                f"{self.t.definition.source}: more than {self.cap:,} positions to remember; "
                "this board is too large to solve")
        if not len(self.memo) % 4096 and len(self.memo):
            self.checkpoint()
        self.memo[k] = best
        return best


LIMITS: ContextVar[tuple[float | None, Callable[[int], None] | None]] = ContextVar("solve_limits",
                                                                                 default=(None, None))


def limited(search: Search) -> Search:
    """`search` with the deadline and progress of the `solve` it is part of."""
    search.deadline, search.progress = LIMITS.get()
    return search


def move_order(move: str) -> tuple:
    """CELL:TYPE@DEG in the order of type, then turn (2@60 before 2@240)."""
    cell, _, tile = move.partition(":")
    kind, _, degrees = tile.partition("@")
    return (cell, int(kind), int(degrees or 0))


def gap_words(gap: Gap) -> str:
    """Why the domino proof does not apply, for an error message."""
    if gap.reason == "tiles" and gap.tiles is not None:
        return (f"no tile, turned any way, leads the path from the {gap.tiles.port} port out through "
                f"the {gap.tiles.side} side")
    return "dominoes cover neither every cell of the board nor every cell but the start cell"


def solve(definition: GameDefinition, cap: int = TABLE_CAP, max_cells: int = MAX_CELLS,
          progress: Callable[[int], None] | None = None) -> Solution:
    """The result with perfect play from the start, and the first player's winning first moves.

    Proved by dominoes when they apply (`model.matching`), else found by the search, which
    stops after TIME_LIMIT seconds in all and calls `progress` with the positions it holds.
    """
    token = LIMITS.set((time.monotonic() + TIME_LIMIT, progress))
    try:
        return proved_or_searched(definition, cap, max_cells)
    finally:
        LIMITS.reset(token)


def proved_or_searched(definition: GameDefinition, cap: int, max_cells: int) -> Solution:
    require_shared_unlimited(definition)
    verdict = domino_verdict(definition)
    if verdict.strategy is not None:
        return by_dominoes(definition, verdict.strategy, cap, max_cells)
    assert verdict.gap is not None
    cells = len(definition.board.cells)
    if cells > max_cells:
        raise SolveError(
            f"{definition.source}: the domino proof does not apply ({gap_words(verdict.gap)}), and the board has "
            f"{cells} cells; the search handles at most {max_cells} (6 x 6)")
    try:
        solution = search_solve(definition, cap)
    except SolveError as error:
        raise SolveError(f"{error.problems[0]} (the domino proof does not apply: {gap_words(verdict.gap)})") from None
    return solution._replace(gap=verdict.gap)


def by_dominoes(definition: GameDefinition, strategy: DominoStrategy, cap: int, max_cells: int) -> Solution:
    """The proved winner, and each first move: proved to win, to lose (off the board), or searched."""
    if strategy.player == SECOND:  # the second player wins against every first move
        return Solution(SECOND, [], 0, "matching", strategy)
    tables = PlayTables(definition)
    graph = cell_graph(definition.board)
    start = tables.starts[0]
    n = tables.port_count
    cell_name = tables.cell_name(start // n)
    search: Search | None = None
    positions = 0
    winning: list[str] = []
    undecided: list[str] = []
    for option, (links, placements) in enumerate(tables.distinct.items()):
        names = [f"{cell_name}:{tile_notation(p.type_id, p.rotation)}" for p in placements]
        nxt = tables.step[start - start % n + links[start % n]]
        if nxt == OUT:
            continue  # runs the path off the board: loses at once
        if proven_first_move(definition, graph, tables.cells[nxt // n]):
            winning += names
            continue
        if len(tables.cells) > max_cells:
            undecided += names
            continue
        search = search or limited(Search(tables, cap))
        try:
            if search.outcome(start, option) == WIN:
                winning += names
            positions = len(search.memo)
        except SolveError:  # too large: this move stays undecided, and the next search starts afresh
            undecided += names
            search = None
    return Solution(FIRST, sorted(winning, key=move_order), positions, "matching", strategy,
                    undecided=sorted(undecided, key=move_order))


def search_solve(definition: GameDefinition, cap: int = TABLE_CAP) -> Solution:
    """The whole game searched, with no proof tried first (the tests compare the two)."""
    require_shared_unlimited(definition)
    tables = PlayTables(definition)
    search = limited(Search(tables, cap))
    start = tables.starts[0]
    values = [search.outcome(start, option) for option in range(len(search.options))]
    best = max(values)
    winner = FIRST if best == WIN else SECOND if best == LOSS else "draw"
    cell = tables.cell_name(start // tables.port_count)
    moves = [
        f"{cell}:{tile_notation(p.type_id, p.rotation)}"
        for option, v in zip(search.options, values) if v == WIN
        for p in tables.distinct[option]
    ]
    return Solution(winner, sorted(moves, key=move_order), len(search.memo))
