"""Winning Ways' dominoes as a strategy a teacher can explain, and the engine's own check of one.

`domino_strategy` is the covering that `model.matching` proves wins (instant, on any board).
`engine_confirms` checks such a strategy a second, independent way: it plays the strategy
against every reply of the opponent with the solver's positions, so the tests can confirm on
every small board that the proof holds in the rules engine's own play.
"""

from __future__ import annotations

from papergame.model.definition import GameDefinition
from papergame.model.matching import DominoStrategy, domino_verdict
from papergame.model.playtables import LOOP, OUT, PlayTables
from papergame.model.rules import FIRST
from papergame.model.solver import TABLE_CAP, Search, require_solvable

__all__ = ["DominoStrategy", "domino_strategy", "engine_confirms"]


def domino_strategy(definition: GameDefinition) -> DominoStrategy | None:
    """The dominoes that prove who wins this game, or None when the domino argument does not apply."""
    return domino_verdict(definition).strategy


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


def engine_confirms(definition: GameDefinition, strategy: DominoStrategy) -> bool:
    """Whether the strategy wins against every reply, searched move by move (boards of 36 cells at most)."""
    require_solvable(definition)
    tables = PlayTables(definition)
    index = {cell: i for i, cell in enumerate(tables.cells)}
    partner = {}
    for a, b in strategy.dominoes:
        partner[index[a]], partner[index[b]] = index[b], index[a]
    check = StrategyCheck(tables, partner, player_moves_when_even=strategy.player == FIRST)
    return check.wins(tables.starts[0])
