"""A winning strategy a teacher can explain: Winning Ways' dominoes, found and checked by the engine.

Cover the board with dominoes (two neighbouring cells each). If the number of cells is
even, cover all of them and play first; if it is odd, leave out the cell the path enters
first and play second. Then, whenever the path is about to enter an empty domino, lay the
tile that leads it on into the other half of that domino. The opponent must then fill
that other half, and the path leaves the domino for one that is empty again, or for the
edge: it is always the opponent who runs out of safe moves.

`domino_strategy` finds a covering from the board's own neighbours (any shape) and
checks the claim by searching every reply of the opponent with the solver's positions:
the strategy is printed only when the engine has confirmed it wins against all of them.
"""

from __future__ import annotations

from typing import NamedTuple

from papergame.model.board import Cell
from papergame.model.definition import GameDefinition
from papergame.model.playtables import LOOP, OUT, PlayTables
from papergame.model.rules import FIRST, SECOND
from papergame.model.solver import TABLE_CAP, Search, require_solvable


class DominoStrategy(NamedTuple):
    player: str  # "first" or "second": who plays it and wins
    dominoes: list[tuple[Cell, Cell]]
    alone: Cell | None  # the start cell, left out when the board has an odd number of cells


def cover(definition: GameDefinition, leave_out: Cell | None) -> list[tuple[Cell, Cell]] | None:
    """Dominoes covering every cell but `leave_out`, row by row from A1, or None if there is no covering."""
    board = definition.board
    cells = [c for c in board.cells if c != leave_out]
    free = set(cells)
    chosen: list[tuple[Cell, Cell]] = []

    def neighbours(cell: Cell) -> list[Cell]:
        seen: list[Cell] = []
        for port in board.shape.ports:
            step = board.step_out(cell, port)
            if step is not None and step.cell not in seen:
                seen.append(step.cell)
        return sorted(seen, key=lambda c: (c.row, c.col))  # along the row first: a tidier covering

    def place(i: int) -> bool:
        while i < len(cells) and cells[i] not in free:
            i += 1
        if i == len(cells):
            return True
        cell = cells[i]
        free.discard(cell)
        for other in neighbours(cell):
            if other in free:
                free.discard(other)
                chosen.append((cell, other))
                if place(i + 1):
                    return True
                chosen.pop()
                free.add(other)
        free.add(cell)
        return False

    return chosen if place(0) else None


class StrategyCheck(Search):
    """The solver's search, with one side held to the domino moves."""

    def __init__(self, tables: PlayTables, partner: dict[int, int], player_moves_when_even: bool):
        super().__init__(tables, TABLE_CAP)
        self.partner = partner  # cell index -> the other half of its domino
        self.even = player_moves_when_even  # the strategy player moves when an even number of cells is filled
        self.filled_count = 0

    def domino_options(self, position: int) -> list[int]:
        n = self.t.port_count
        cell, port = divmod(position, n)
        if cell not in self.partner:
            return []
        out = []
        for option, links in enumerate(self.options):
            nxt = self.t.step[cell * n + links[port]]
            if nxt >= 0 and nxt // n == self.partner[cell]:
                out.append(option)
        return out

    def wins(self, position: int) -> bool:
        """Does the strategy player win from here, whoever is to move?"""
        k = (self.key << self.pos_bits) | position
        known = self.memo.get(k)
        if known is not None:
            return known == 1
        players_turn = (self.filled_count % 2 == 0) == self.even
        options = self.domino_options(position) if players_turn else range(len(self.options))
        ok = bool(options)
        for option in options:
            end, changes = self.play(position, option)
            self.filled_count += 1
            if end == OUT:
                result = not players_turn
            elif end == LOOP:
                result = False
            else:
                result = self.wins(end)
            self.filled_count -= 1
            self.undo(position // self.t.port_count, changes)
            if not result:
                ok = False
                break
        self.memo[k] = 1 if ok else 0
        return ok


def domino_strategy(definition: GameDefinition) -> DominoStrategy | None:
    """The domino strategy for this board, if there is one and the engine confirms it wins."""
    require_solvable(definition)
    tables = PlayTables(definition)
    start = definition.tokens[0].start.cell
    odd = len(definition.board.cells) % 2 == 1
    alone = start if odd else None
    dominoes = cover(definition, alone)
    if dominoes is None:
        return None
    index = {cell: i for i, cell in enumerate(tables.cells)}
    partner = {}
    for a, b in dominoes:
        partner[index[a]], partner[index[b]] = index[b], index[a]
    check = StrategyCheck(tables, partner, player_moves_when_even=not odd)
    if not check.wins(tables.starts[0]):
        return None
    return DominoStrategy(SECOND if odd else FIRST, dominoes, alone)
