"""The rule set of GAME.md: each player steers a token of their own; whoever runs theirs off the board loses.

Tiles are dealt face down (a hand each, the rest a draw pile), so a game has hidden
information and chance: it has worksheets (a player's own token to trace) and no solver.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping

from papergame.model.outcomes import (
    BOTH_EXITED, DRAW, IN_PROGRESS, LOOP, ROUTE_LOOP, ROUTE_OUT, TILES_EXHAUSTED, Played, Result,
)

DEFAULT_GAME = "edge-port-path-tiles"  # the built-in game a build makes when none is named

if TYPE_CHECKING:
    from papergame.data.checks import Checker
    from papergame.model.definition import GameDefinition, RulesTable
    from papergame.model.rules import Game, Trace
    from papergame.model.simulate import Draws, Simulator


def tile_bag(definition: GameDefinition) -> list[int]:
    """Every tile of the set, by type number."""
    return [t.id for t in definition.tiles for _ in range(t.copies)]


def deal(definition: GameDefinition, rng: random.Random) -> tuple[dict[str, list[int]], list[int]]:
    """Shuffle the set, deal a hand to each player in turn order; the rest is the draw pile."""
    bag = tile_bag(definition)
    rng.shuffle(bag)
    hands = {}
    for token in definition.tokens:
        hands[token.name], bag = bag[: definition.hand], bag[definition.hand :]
    return hands, bag


class OwnPath:
    """GAME.md: each player places where their own token is about to enter; an exited token loses."""

    name = "own"
    unlimited = False
    words = DEFAULT_GAME  # the template whose printed words the kit's pages use
    description = "a token each"  # in the sentences `simulate` prints
    summary = "each player has a token and loses if it is led off the board"  # in the file `init` writes
    has_worksheets = True  # a player's own token to trace
    worksheets_note: str | None = None  # what `validate` adds where "Worksheets: easy ..." alone does not say it
    solvable = False  # hidden hands and a shuffled pile: chance and hidden information
    deals_hands = True
    # what a definition of this rule set must hold (the definition parser asks, by `[rules] path`)
    tables = frozenset({"deal"})  # [deal] hand: the tiles dealt to each player
    tokens = 2  # [[tokens]]: one a player

    @classmethod
    def of(cls, definition: GameDefinition) -> OwnPath:
        """The rule set a definition's `[rules]` table configures (nothing to configure)."""
        return cls()

    @staticmethod
    def tokens_problem(has: str) -> str:
        return f"{has}; this game is for exactly 2"

    @staticmethod
    def check_rules(rules: RulesTable, check: Checker) -> None:
        """The `[rules]` values this rule set refuses."""
        if rules.supply == "unlimited":
            check.problem("rules.supply", '"unlimited" needs path = "shared": in the own-path game players hold '
                                          "hands dealt from the kit")

    @staticmethod
    def hand(data: dict[str, Any], check: Checker) -> int | None:
        """The tiles dealt to each player (`[deal] hand`); None where it is missing or wrong (reported)."""
        if "deal" in data and check.keys(data["deal"], "deal", {"hand"}) and "hand" in data["deal"]:
            return check.integer(data["deal"]["hand"], "deal.hand", 1, what="a hand")
        return None

    def players(self, definition: GameDefinition) -> tuple[str, ...]:
        return tuple(t.name for t in definition.tokens)

    def token_of(self, definition: GameDefinition, player: str) -> str:
        """The token whose entry cell `player` must fill."""
        return player

    def wrong_cell(self, player: str, need: str, got: str) -> str:
        return f"{player} must place in {need}, the cell its token is about to enter, not {got}"

    def judge(self, game: "Game", traces: Mapping[str, Trace]) -> Result:
        if any(t.loop for t in traces.values()):
            return Result(DRAW, LOOP)
        out = [name for name, pos in game.positions.items() if pos is None]
        if len(out) == len(game.positions):
            return Result(DRAW, BOTH_EXITED)
        if out:
            (loser,) = out
            (winner,) = [n for n in game.positions if n != loser]
            return Result(winner, f"{loser} exited")
        if sum(game.used.values()) >= game.definition.total_tiles:
            return Result(DRAW, TILES_EXHAUSTED)
        return Result(None, IN_PROGRESS)

    def winner_when_out(self, definition: GameDefinition, out: str) -> str:
        """The token whose player wins when token `out` is led off the board first (`judge`'s ending, as the
        host key's tables say it): the other player's."""
        return [t.name for t in definition.tokens if t.name != out][-1]

    def supply_sentence(self, definition: GameDefinition) -> str:
        """How the tiles reach the players, as `validate` says it."""
        return (f"Deal: {definition.hand} to each of {len(definition.tokens)} players, "
                f"{definition.pile} left in the draw pile")

    def simulate(self, sim: Simulator, draws: Draws) -> Played:
        """GAME.md: a token each, hands of the deal, draw after laying, on the play tables; the same ending `judge` gives."""
        t, n = sim.t, sim.t.port_count
        names = sim.names
        players, size = len(names), sim.definition.hand
        bag = sim.bag[:]  # rules.deal, on a bag made once: the same shuffle, the same hands in turn order
        draws.shuffle(bag)
        hands = [bag[k * size:(k + 1) * size] for k in range(players)]
        pile = bag[players * size:]
        positions = list(t.starts)  # by player, in turn order
        filled: list = [None] * sim.cells
        moves: list[tuple[int, int, int]] = []
        total = sim.total
        choose, run, below = sim.choose, t.run, draws.below
        while True:
            mover = len(moves) % players
            position = positions[mover]
            hand = hands[mover]
            i, (type_id, rotation, links) = choose(below, hand, filled, position)
            hand.pop(i)
            cell = position // n
            filled[cell] = links
            moves.append((cell, type_id, rotation))
            loop = False
            for k, pos in enumerate(positions):
                if pos >= 0 and pos // n == cell:
                    end = run(filled, pos)
                    loop |= end == ROUTE_LOOP
                    positions[k] = end
            if pile:
                hand.append(pile.pop())
            if loop:
                return Played(DRAW, moves)
            out = positions.count(ROUTE_OUT)
            if out == players:
                return Played(DRAW, moves)
            if out:
                return Played(names[positions.index(next(pos for pos in positions if pos != ROUTE_OUT))], moves)
            if len(moves) >= total:
                return Played(DRAW, moves)
