"""Many games of any definition played by simple policies, counted: a bench for game designers.

Policies (issue 14):
- `random`: lay a tile chosen uniformly from the hand, in a rotation chosen uniformly.
- `careful`: choose uniformly among the placements (tile from the hand, rotation) that keep
  the mover's own token on the board (in a shared-path game: the path); when none does,
  choose as `random` does.

In the own-path game a hand is what the deal gave the player (GAME.md's setup and draw).
In a shared-path game the "hand" is the supply: one of each type with unlimited supply,
every tile still unlaid with the kit's.

Games are played on `PlayTables` (integers, no names) for speed; every game also keeps its
moves, so tests replay them through `rules.Game` and must get the same ending. The same
definition, policy, seed and number of games give the same figures.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from operator import itemgetter
from typing import Callable

from papergame.records import NamedTuple
from papergame.model.definition import GameDefinition
from papergame.model.playtables import OUT, Placement, PlayTables
from papergame.model.outcomes import Played
from papergame.model.rules import rule_set, tile_bag

CHUNK = 250  # games between two progress reports

DRAW = "draw"


class SimulationReport(NamedTuple):
    definition: GameDefinition
    games: int
    policy: str
    seed: int
    players: tuple[str, ...]  # in turn order
    wins: dict[str, int]
    draws: int
    lengths: dict[int, int]  # game length in tiles laid -> games
    tiles: dict[int, int]  # tile type -> times laid

    @property
    def mean_length(self) -> float:
        return sum(k * v for k, v in self.lengths.items()) / self.games

    @property
    def json(self) -> dict:
        return {
            "games": self.games,
            "policy": self.policy,
            "seed": self.seed,
            "wins": dict(self.wins),
            "draws": self.draws,
            "mean_length": round(self.mean_length, 4),
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "tiles": {str(k): v for k, v in sorted(self.tiles.items())},
        }


def standard_error(n: int, games: int) -> float:
    """The standard error of a share n/games, in percentage points."""
    p = n / games
    return 100 * math.sqrt(p * (1 - p) / games)


class Simulator:
    def __init__(self, definition: GameDefinition, policy: str):
        self.definition = definition
        self.rules = rule_set(definition)
        self.t = PlayTables(definition)
        self.careful = policy == "careful"
        self.by_type: dict[int, list[Placement]] = {}
        for p in self.t.placements:
            self.by_type.setdefault(p.type_id, []).append(p)
        self.turns = {type_id: [(p.links, p) for p in ps] for type_id, ps in self.by_type.items()}  # for the careful look
        self.cells = len(self.t.cells)
        self.names = [tok.name for tok in definition.tokens]  # in turn order
        self.total = definition.total_tiles
        self.bag = tile_bag(definition)

    def choose(self, rng: random.Random, hand: list[int], filled, position: int) -> tuple[int, Placement]:
        """The hand index and placement the policy lays with the token at `position`."""
        if self.careful:
            cell = position // self.t.port_count
            run, turns = self.t.run, self.turns
            safe = []
            for i, type_id in enumerate(hand):
                for links, p in turns[type_id]:
                    filled[cell] = links
                    if run(filled, position) != OUT:
                        safe.append((i, p))
            filled[cell] = None
            if safe:
                return safe[rng.randrange(len(safe))]
        i = rng.randrange(len(hand))
        options = self.by_type[hand[i]]
        return i, options[rng.randrange(len(options))]

    def play(self, rng: random.Random) -> Played:
        """One whole game, as the rule set plays it on the play tables."""
        return self.rules.simulate(self, rng)


def simulate(definition: GameDefinition, games: int = 1000, policy: str = "random", seed: int = 1,
             progress: Callable[[int], None] | None = None) -> SimulationReport:
    """Play `games` games with `policy`, every one from one random stream seeded with `seed`."""
    sim = Simulator(definition, policy)
    players = sim.rules.players(definition)
    rng = random.Random(seed)
    wins = Counter({p: 0 for p in players})
    lengths: Counter[int] = Counter()
    tiles = Counter({tile.id: 0 for tile in definition.tiles})
    draws = 0
    play = sim.rules.simulate  # the rule set's own loop, looked up once
    laid: list[int] = []  # the type of every tile laid in the chunk, counted once a chunk
    for start in range(0, games, CHUNK):
        count = min(CHUNK, games - start)
        for _ in range(count):
            winner, moves = play(sim, rng)
            if winner == DRAW:
                draws += 1
            else:
                wins[winner] += 1
            lengths[len(moves)] += 1
            laid += map(itemgetter(1), moves)
        tiles.update(laid)
        laid.clear()
        if progress is not None:
            progress(count)
    return SimulationReport(definition, games, policy, seed, players, dict(wins), draws, dict(lengths), dict(tiles))
