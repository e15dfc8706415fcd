""""Win in N" puzzles for the shared path: a game in progress, and the player to move wins in N.

A puzzle is a position reached by play from the start: tiles laid in their turns and the
path standing at the entry port of an empty cell. The player to move wins in N when they
have a tile that, whatever the other player lays, lets them go on so that after their Nth
tile every tile the other player can lay runs the path off the board. The levels are
N = 1 (easy), 2 (medium) and 3 (hard); each puzzle kept is checked by the solver's search
to win in N and not in fewer, and to have a tile that keeps the path on the board without
winning, so the pupil has a choice to make.

The search is the solver's (`model.solver.Search`: positions of the path's port and the
lines not yet walked, alike placements searched once). Moves are written `CELL:TYPE@DEG`
with one name for each look (the tiles that lay the same lines): the one turned least,
then the lowest type, so the square game's three looks are `1`, `2` and `3` at 0 degrees.
"""

from __future__ import annotations

import random
from papergame.records import dataclass
from typing import Any

from papergame.activities.puzzles import Placement, Worksheet, WorksheetError
from papergame.model.board import Position
from papergame.model.definition import GameDefinition
from papergame.model.playtables import LOOP, OUT, PlayTables
from papergame.model.rules import FIRST, SECOND, tile_notation
from papergame.model.solver import Search

LEVEL_MOVES = {"easy": 1, "medium": 2, "hard": 3}
TRIES = 400  # positions tried for one puzzle before giving up


@dataclass(frozen=True)
class Line:
    """The winning tile to lay, and each reply that keeps the path on the board, answered."""

    move: str  # CELL:TYPE@DEG
    replies: tuple["Reply", ...]  # empty: every reply runs the path off the board


@dataclass(frozen=True)
class Reply:
    reply: str  # the other player's tile, CELL:TYPE@DEG
    path: str  # where the path then stands, CELL/PORT
    then: Line


@dataclass(frozen=True)
class WinPuzzle:
    kind = "win"
    number: int
    moves: int  # N: the mover wins with their Nth tile
    played: tuple[str, ...]  # the moves from the start that make the position, first player's first
    tiles: tuple[Placement, ...]  # the tiles on the board, row by row from the south-west
    path: Position  # where the path stands, about to enter an empty cell
    to_move: str  # "first" or "second"
    winning: tuple[tuple[str, ...], ...]  # every winning first tile, grouped by look (one name a look first)
    tree: Line  # how the first of them wins against every reply

    @property
    def signature(self) -> tuple:
        return (self.tiles, self.path)


class WinSearch(Search):
    """The solver's positions, searched to a depth: can the player to move force a win in n tiles?"""

    def __init__(self, tables: PlayTables):
        super().__init__(tables, cap=10**9)
        self.lose_memo: dict[tuple[int, int, int], bool] = {}
        self.names = [min(tables.distinct[links], key=lambda p: (p.rotation != 0, p.type_id, p.rotation))
                      for links in self.options]

    def name(self, position: int, option: int) -> str:
        p = self.names[option]
        return f"{self.t.cell_name(position // self.t.port_count)}:{tile_notation(p.type_id, p.rotation)}"

    def every_name(self, position: int, option: int) -> tuple[str, ...]:
        """The look's name first, then every other tile and turn that lays the same lines."""
        cell = self.t.cell_name(position // self.t.port_count)
        first = self.name(position, option)
        rest = sorted((f"{cell}:{tile_notation(p.type_id, p.rotation)}" for p in self.t.distinct[self.options[option]]),
                      key=lambda m: tuple(int(x) for x in m.partition(":")[2].split("@")))
        return (first, *[m for m in rest if m != first])

    def forces(self, position: int, option: int, n: int) -> bool:
        """Does laying `option` at `position` win within n of the mover's tiles (this one included)?"""
        end, changes = self.play(position, option)
        try:
            return end not in (OUT, LOOP) and self.replies_lose(end, n)
        finally:
            self.undo(position // self.t.port_count, changes)

    def replies_lose(self, position: int, n: int) -> bool:
        """Does every reply at `position` run the path off, or leave a win within n - 1 more tiles?"""
        k = (self.key, position, n)
        known = self.lose_memo.get(k)
        if known is not None:
            return known
        result = True
        for reply in range(len(self.options)):
            end, changes = self.play(position, reply)
            try:
                if end == OUT:
                    continue
                if end == LOOP or n == 1 or not any(self.forces(end, o, n - 1) for o in range(len(self.options))):
                    result = False
                    break
            finally:
                self.undo(position // self.t.port_count, changes)
        self.lose_memo[k] = result
        return result

    def winning(self, position: int, n: int) -> list[int]:
        return [o for o in range(len(self.options)) if self.forces(position, o, n)]

    def tree(self, position: int, option: int, n: int) -> Line:
        end, changes = self.play(position, option)
        replies = []
        for reply in range(len(self.options)):
            after, undo = self.play(end, reply)
            if after != OUT:
                answer = next(o for o in range(len(self.options)) if self.forces(after, o, n - 1))
                replies.append(Reply(self.name(end, reply), self.t.position_name(after), self.tree(after, answer, n - 1)))
            self.undo(end // self.t.port_count, undo)
        self.undo(position // self.t.port_count, changes)
        replies.sort(key=lambda r: r.reply)
        return Line(self.name(position, option), tuple(replies))


class WinMaker:
    """Positions from random careful play, kept when the player to move wins in exactly N."""

    def __init__(self, definition: GameDefinition, moves: int, rng: random.Random):
        self.definition = definition
        self.moves = moves
        self.rng = rng
        self.tables = PlayTables(definition)
        self.search = WinSearch(self.tables)
        cells = len(self.tables.cells)
        self.lengths = (max(2, cells // 4), max(3, cells - 2 * moves - 2))

    def puzzle(self, number: int) -> WinPuzzle | None:
        """One try: play a random game some moves in, and keep the position if it fits."""
        s, t = self.search, self.tables
        position = t.starts[0]
        played: list[tuple[int, int, list]] = []
        laid: list[tuple[int, int]] = []  # (position, option) in the order played
        try:
            for _ in range(self.rng.randint(*self.lengths)):
                safe = []
                for option in range(len(s.options)):
                    end, changes = s.play(position, option)
                    s.undo(position // t.port_count, changes)
                    if end not in (OUT, LOOP):
                        safe.append(option)
                if not safe:
                    return None
                option = self.rng.choice(safe)
                end, changes = s.play(position, option)
                played.append((position, option, changes))
                laid.append((position, option))
                position = end
            return self.fit(number, position, laid)
        finally:
            for at, _, changes in reversed(played):
                s.undo(at // t.port_count, changes)

    def fit(self, number: int, position: int, laid: list[tuple[int, int]]) -> WinPuzzle | None:
        s, n = self.search, self.moves
        for fewer in range(1, n):
            if s.winning(position, fewer):
                return None  # a quicker win: not a puzzle of this level
        winning = s.winning(position, n)
        if not winning:
            return None
        undecided = [o for o in range(len(s.options)) if o not in winning and not self.runs_off(position, o)]
        if not undecided:
            return None  # every tile that stays on the board wins: no choice to make
        order = sorted(winning, key=lambda o: s.name(position, o))
        tiles = {}
        for at, option in laid:
            p = self.names_placement(at, option)
            tiles[self.tables.cells[at // self.tables.port_count]] = p
        index = {c: i for i, c in enumerate(self.tables.cells)}
        return WinPuzzle(
            number, n, tuple(s.name(at, option) for at, option in laid),
            tuple(p for _, p in sorted(tiles.items(), key=lambda kv: index[kv[0]])),
            self.position(position), FIRST if len(laid) % 2 == 0 else SECOND,
            tuple(s.every_name(position, o) for o in order), s.tree(position, order[0], n))

    def runs_off(self, position: int, option: int) -> bool:
        s = self.search
        end, changes = s.play(position, option)
        s.undo(position // self.tables.port_count, changes)
        return end == OUT

    def names_placement(self, position: int, option: int) -> Placement:
        p = self.search.names[option]
        return Placement(self.tables.cells[position // self.tables.port_count], p.type_id, p.rotation)

    def position(self, position: int) -> Position:
        cell, port = divmod(position, self.tables.port_count)
        return Position(self.tables.cells[cell], self.tables.ports[port])


def line_json(line: Line) -> dict[str, Any]:
    return {"move": line.move, "replies": [{"reply": r.reply, "path": r.path, "then": line_json(r.then)}
                                           for r in line.replies]}


def win_puzzle_json(definition: GameDefinition, puzzle: WinPuzzle) -> dict[str, Any]:
    board = definition.board
    return {
        "number": puzzle.number,
        "kind": puzzle.kind,
        "moves_to_win": puzzle.moves,
        "played": list(puzzle.played),
        "tiles": [{"cell": board.cell_name(p.cell), "tile": p.tile, "rotation": p.rotation} for p in puzzle.tiles],
        "path": board.position_name(puzzle.path),
        "to_move": puzzle.to_move,
        "answer": {"winning": [m for group in puzzle.winning for m in group],
                   "winning_looks": [list(group) for group in puzzle.winning],
                   "tree": line_json(puzzle.tree)},
    }


def check_win_possible(definition: GameDefinition) -> None:
    """Refuse at once a shared-path game whose positions this search cannot value."""
    if definition.rules.supply != "unlimited":
        raise WorksheetError(f"{definition.source}: rules.supply: \"win in N\" sheets need supply = \"unlimited\" "
                             "(with the kit's copies, the tiles left would be part of every position)")


def make_win_sheet(definition: GameDefinition, number: int, seed: int, level: str, count: int):
    """One sheet of `count` "win in N" puzzles, N from the level, made from `seed` alone."""
    check_win_possible(definition)
    maker = WinMaker(definition, LEVEL_MOVES[level], random.Random(seed))
    puzzles: list[WinPuzzle] = []
    seen: set[tuple] = set()
    for i in range(1, count + 1):
        for _ in range(TRIES):
            puzzle = maker.puzzle(i)
            if puzzle is not None and puzzle.signature not in seen:
                break
        else:
            raise WorksheetError(f"{definition.source}: could not find a position that wins in exactly "
                                 f"{LEVEL_MOVES[level]} in {TRIES} tries; try an easier level")
        seen.add(puzzle.signature)
        puzzles.append(puzzle)
    return Worksheet(number, seed, level, tuple(puzzles))
