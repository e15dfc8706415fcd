"""Who wins a shared-path game with perfect play, and with which first moves.

A shared-path game with unlimited supply has no hidden tiles and no chance, so every
position has a value for the player to move: a win, a loss or a draw. `solve` finds it
by negamax, remembering every position it has valued.

A position is the entry port where the path stands plus, for each filled cell, the lines
of its tile that the path has not used yet. A used line can never be walked again (routes
are reversible and began at the edge), so two boards that differ only in used lines play
the same from here on and share one entry in the table. Placements that lay the same
lines (type 1 turned 90 is type 2; type 3 turned any way is itself) are searched once.

The table has a cap. A board with more cells than `MAX_CELLS` is refused before the
search starts; a search that would grow the table past `TABLE_CAP` stops with an error,
so memory stays bounded and the command never hangs.
"""

from __future__ import annotations

from typing import NamedTuple

from papergame.errors import SolveError
from papergame.model.definition import GameDefinition
from papergame.model.playtables import LOOP, OUT, PlayTables
from papergame.model.rules import FIRST, SECOND, rule_set, tile_notation

MAX_CELLS = 36  # 6 x 6 solves in about a second (235,260 positions); 7 x 7 needs 18.8 million
TABLE_CAP = 2_000_000  # positions remembered (a few hundred MB at most); more is "too large"

WIN, DRAW, LOSS = 1, 0, -1


class Solution(NamedTuple):
    winner: str  # "first", "second" or "draw"
    winning_moves: list[str]  # the first player's opening moves that win, CELL:TYPE@DEG
    positions: int  # positions valued and remembered

    @property
    def json(self) -> dict:
        return {"winner": self.winner, "winning_moves": self.winning_moves}


def require_solvable(definition: GameDefinition, max_cells: int = MAX_CELLS) -> None:
    """Raise SolveError saying why this game cannot be solved here."""
    rules = rule_set(definition)
    label = definition.source
    if rules.name != "shared":
        raise SolveError(
            f"{label}: solve needs a shared-path game ([rules] path = \"shared\"): in the own-path game "
            "the tiles are dealt face down, so there is hidden information and chance")
    if not rules.unlimited:
        raise SolveError(
            f"{label}: solve needs [rules] supply = \"unlimited\": with the kit's copies the counts left "
            "would be part of every position, which this solver does not track")
    cells = len(definition.board.cells)
    if cells > max_cells:
        raise SolveError(
            f"{label}: the board has {cells} cells; solve handles at most {max_cells} (6 x 6), "
            "because larger boards can need more positions than its table may hold")


class Search:
    """The negamax search over one definition's board, with its table of valued positions."""

    def __init__(self, tables: PlayTables, cap: int):
        self.t = tables
        self.cap = cap
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
        self.memo[k] = best
        return best


def solve(definition: GameDefinition, cap: int = TABLE_CAP, max_cells: int = MAX_CELLS) -> Solution:
    """The result with perfect play from the start, and the first player's winning first moves."""
    require_solvable(definition, max_cells)
    tables = PlayTables(definition)
    search = Search(tables, cap)
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
    return Solution(winner, sorted(moves), len(search.memo))
