"""A plain implementation of `simulate`'s random play, for `bench_simulate.py` to measure beside it.

It plays the same games as `papergame.model.simulate` (GAME.md's rules, the `random` and
`careful` policies of that module's docstring), drawing the same random numbers in the
same order, so that its games are the simulator's game for game; `bench_simulate.py`
checks that they are before it times anything. It shares no code with the simulator but
the definition it reads: its own tables, from the board's step and the shape's rotations.

A position is `cell * ports + port`; a laid tile is a tuple port -> partner port.
"""

from __future__ import annotations

import random
from collections import Counter

OUT, LOOP = -1, -2


class Reference:
    def __init__(self, definition, policy: str):
        board, shape = definition.board, definition.shape
        cells, ports = list(board.cells), list(shape.ports)
        n = len(ports)
        self.n, self.cells = n, len(cells)
        self.step = []
        for cell in cells:
            for port in ports:
                nxt = board.step_out(cell, port)
                self.step.append(OUT if nxt is None else cells.index(nxt.cell) * n + ports.index(nxt.port))
        self.turns = {}  # type -> the links of each rotation, in the shape's order
        for tile in definition.tiles:
            self.turns[tile.id] = []
            for rotation in shape.rotations:
                partner = {shape.rotate(a, rotation): shape.rotate(b, rotation) for a, b in tile.partner.items()}
                self.turns[tile.id].append(tuple(ports.index(partner[p]) for p in ports))
        self.max_steps = self.cells * n + 1
        self.definition = definition
        self.careful = policy == "careful"
        self.shared = definition.rules.path == "shared"
        self.unlimited = self.shared and definition.rules.supply == "unlimited"
        self.bag = [tile.id for tile in definition.tiles for _ in range(tile.copies)]
        self.names = [token.name for token in definition.tokens]
        self.starts = [cells.index(t.start.cell) * n + ports.index(t.start.port) for t in definition.tokens]
        self.laid: Counter[int] = Counter()  # tile type -> times laid, over every game played

    def run(self, filled: list, position: int) -> int:
        n, step = self.n, self.step
        for _ in range(self.max_steps):
            links = filled[position // n]
            if links is None:
                return position
            position = step[position // n * n + links[position % n]]
            if position < 0:
                return OUT
        return LOOP

    def choose(self, rng: random.Random, hand: list[int], filled: list, position: int) -> tuple[int, tuple]:
        if self.careful:
            cell = position // self.n
            safe = []
            for i, type_id in enumerate(hand):
                for links in self.turns[type_id]:
                    filled[cell] = links
                    if self.run(filled, position) != OUT:
                        safe.append((i, links))
            filled[cell] = None
            if safe:
                return safe[rng.randrange(len(safe))]
        i = rng.randrange(len(hand))
        turns = self.turns[hand[i]]
        return i, turns[rng.randrange(len(turns))]

    def play(self, rng: random.Random) -> tuple[str, int]:
        """One game: the winner ("draw", a token's name, "first" or "second") and the tiles laid."""
        return self.play_shared(rng) if self.shared else self.play_own(rng)

    def play_own(self, rng: random.Random) -> tuple[str, int]:
        bag = self.bag[:]
        rng.shuffle(bag)
        size = self.definition.hand
        hands = [bag[k * size:(k + 1) * size] for k in range(len(self.names))]
        pile = bag[len(self.names) * size:]
        positions = self.starts[:]
        filled: list = [None] * self.cells
        laid = 0
        while True:
            mover = laid % len(positions)
            hand = hands[mover]
            i, links = self.choose(rng, hand, filled, positions[mover])
            self.laid[hand.pop(i)] += 1
            cell = positions[mover] // self.n
            filled[cell] = links
            laid += 1
            loop = False
            for k, pos in enumerate(positions):
                if pos >= 0 and pos // self.n == cell:
                    positions[k] = self.run(filled, pos)
                    loop |= positions[k] == LOOP
            if pile:
                hand.append(pile.pop())
            out = [k for k, pos in enumerate(positions) if pos == OUT]
            if loop or len(out) == len(positions):
                return "draw", laid
            if out:
                return self.names[next(k for k in range(len(positions)) if k not in out)], laid
            if laid >= len(self.bag):
                return "draw", laid

    def play_shared(self, rng: random.Random) -> tuple[str, int]:
        supply = [tile.id for tile in self.definition.tiles] if self.unlimited else self.bag[:]
        position = self.starts[0]
        filled: list = [None] * self.cells
        laid = 0
        while True:
            i, links = self.choose(rng, supply, filled, position)
            self.laid[supply[i]] += 1
            if not self.unlimited:
                supply.pop(i)
            filled[position // self.n] = links
            laid += 1
            position = self.run(filled, position)
            if position == OUT:
                return ("second" if laid % 2 == 1 else "first"), laid
            if position == LOOP or laid >= self.cells or not supply:
                return "draw", laid


def reference_games(definition, games: int, policy: str, seed: int) -> list[tuple[str, int]]:
    """Every game's winner and length, from one random stream seeded with `seed`."""
    reference, rng = Reference(definition, policy), random.Random(seed)
    return [reference.play(rng) for _ in range(games)]


def reference_report(definition, games: int, policy: str, seed: int) -> tuple[dict, int, dict, dict]:
    """What `simulate` counts: wins by player, draws, games by length, times each type was laid."""
    reference, rng = Reference(definition, policy), random.Random(seed)
    wins: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    for _ in range(games):
        winner, laid = reference.play(rng)
        wins[winner] += 1
        lengths[laid] += 1
    draws = wins.pop("draw", 0)
    return dict(wins), draws, dict(lengths), dict(reference.laid)
