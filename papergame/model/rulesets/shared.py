"""A rule set of one path: "first" and "second" extend it in turn; whoever runs it off the board loses.

The tiles lie face up as one supply (the kit's copies, or any type at any time), so a game
has no hidden information: small boards can be solved. There is no token of a player's own
to trace: its worksheets ask for a win in N moves, which needs every type always there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from papergame.model.outcomes import (
    BOARD_FULL, DRAW, FIRST, IN_PROGRESS, LOOP, ROUTE_LOOP, ROUTE_OUT, SECOND, TILES_EXHAUSTED, Played, Result, ran_off,
)

if TYPE_CHECKING:
    from papergame.data.checks import Checker
    from papergame.model.definition import GameDefinition, RulesTable
    from papergame.model.rules import Game, Trace
    from papergame.model.simulate import Draws, Simulator


class SharedPath:
    """One path from the edge; "first" and "second" take turns filling the cell it is about to enter.

    The player whose placement runs the path off the board loses. A loop, a full board or
    (with the kit's supply) no tiles left is a draw.
    """

    name = "shared"
    words = "shared-path"  # its pages' words join the default game's (papergame.data.words.english)
    description = "shared path"  # in the sentences `simulate` prints
    worksheets_note = ('Worksheets of a shared path are "win in N" sheets: easy is a win in 1 move, medium in 2, '
                       'hard in 3, against every defence')  # `validate` adds it
    summary = "one path both players extend; whoever runs it off the board loses"  # in the file `init` writes
    solvable = True  # everything lies face up
    deals_hands = False
    # what a definition of this rule set must hold (the definition parser asks, by `[rules] path`)
    tables: frozenset[str] = frozenset()  # no [deal]: the tiles lie face up as one supply
    tokens = 1  # [[tokens]]: the path itself

    @classmethod
    def of(cls, definition: GameDefinition) -> SharedPath:
        """The rule set a definition's `[rules]` table configures (its supply)."""
        return cls(definition.rules.supply == "unlimited")

    @staticmethod
    def tokens_problem(has: str) -> str:
        return f'{has}; a shared-path game has exactly 1, the path ([[tokens]] name = "path")'

    @staticmethod
    def check_rules(rules: RulesTable, check: Checker) -> None:
        """The `[rules]` values this rule set refuses: none (either supply)."""

    @staticmethod
    def hand(data: dict[str, Any], check: Checker) -> int | None:
        """No hands: 0, and a `[deal]` table is a problem."""
        if "deal" in data:
            check.problem("deal", 'a shared-path game deals no hands (players lay tiles from the common supply); '
                                  'remove [deal] or set rules.path = "own"')
        return 0

    def __init__(self, unlimited: bool):
        self.unlimited = unlimited

    @property
    def has_worksheets(self) -> bool:
        """"Win in N" sheets: their answers need every type always there to take."""
        return self.unlimited

    def players(self, definition: GameDefinition) -> tuple[str, ...]:
        return (FIRST, SECOND)

    def token_of(self, definition: GameDefinition, player: str) -> str:
        return definition.tokens[0].name

    def wrong_cell(self, player: str, need: str, got: str) -> str:
        return f"{player} must place in {need}, the cell the path is about to enter, not {got}"

    def judge(self, game: "Game", traces: Mapping[str, Trace]) -> Result:
        if any(t.loop for t in traces.values()):
            return Result(DRAW, LOOP)
        mover = game.mover
        if any(pos is None for pos in game.positions.values()):
            (winner,) = [p for p in self.players(game.definition) if p != mover]
            return Result(winner, ran_off(mover))
        if len(game.tiles) >= len(game.board.cells):
            return Result(DRAW, BOARD_FULL)
        if not self.unlimited and sum(game.used.values()) >= game.definition.total_tiles:
            return Result(DRAW, TILES_EXHAUSTED)
        return Result(None, IN_PROGRESS)

    def supply_sentence(self, definition: GameDefinition) -> str:
        """How the tiles reach the players, as `validate` says it."""
        if self.unlimited:
            return "Supply: face up, shared; any type at any time (a type that runs out is drawn on paper)"
        return f"Supply: face up, shared; the kit's {definition.total_tiles} tiles, a draw when they run out"

    def simulate(self, sim: Simulator, draws: Draws) -> Played:
        """One path, first and second in turn, on the play tables; the same ending `judge` gives."""
        t, n = sim.t, sim.t.port_count
        unlimited = self.unlimited
        supply = [tile.id for tile in sim.definition.tiles] if unlimited else sim.bag[:]
        position = t.starts[0]
        cells = sim.cells
        filled: list = [None] * cells
        moves: list[tuple[int, int, int]] = []
        choose, run, below = sim.choose, t.run, draws.below
        while True:
            i, (type_id, rotation, links) = choose(below, supply, filled, position)
            if not unlimited:
                supply.pop(i)
            cell = position // n
            filled[cell] = links
            moves.append((cell, type_id, rotation))
            position = run(filled, position)
            if position == ROUTE_OUT:
                return Played(SECOND if len(moves) % 2 == 1 else FIRST, moves)
            if position == ROUTE_LOOP or len(moves) >= cells or not supply:
                return Played(DRAW, moves)
