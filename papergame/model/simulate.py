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
import sys
from collections import Counter
from operator import itemgetter
from typing import Callable

from papergame.records import NamedTuple
from papergame.model.definition import GameDefinition
from papergame.model.playtables import LOOP, OUT, Placement, PlayTables
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


WRITTEN_OUT = sys.version_info[:2] in {(3, 11), (3, 12), (3, 13)} and (
    random.Random._randbelow is random.Random._randbelow_with_getrandbits)  # type: ignore[attr-defined]
"""Whether `draws` may write out random.Random's draws: the versions whose random.py it was read from
(randrange, _randbelow_with_getrandbits and shuffle are the same in 3.11, 3.12 and 3.13), with
_randbelow the getrandbits one (CPython's, unless random.py itself changed)."""


class Draws(NamedTuple):
    """A game's draws from its random stream: `below(n)` is `rng.randrange(n)`, `shuffle(x)` is `rng.shuffle(x)`."""

    below: Callable[[int], int]
    shuffle: Callable[[list], None]


def draws(rng: random.Random) -> Draws:
    """`rng`'s randrange(n) and shuffle, drawing the same numbers in the same order, a Python call fewer for each.

    For a `random.Random` (not a subclass) of the versions `WRITTEN_OUT` names, they are written out over
    `rng.getrandbits` as random.py draws them: randrange(n) with one argument n > 0 is _randbelow(n), the
    bits of n's length drawn until they make a number below n; shuffle(x) swaps x[i] with x[_randbelow(i + 1)]
    for i from len(x) - 1 down to 1. Any other stream: its own methods. tests/test_simulate.py checks the two
    against random.Random's own for many seeds and sizes.

    >>> a, b = random.Random(5), random.Random(5)
    >>> ours, x, y = draws(a), list(range(30)), list(range(30))
    >>> ours.shuffle(x), b.shuffle(y), [ours.below(n) for n in (1, 2, 7, 64)] == [b.randrange(n) for n in (1, 2, 7, 64)]
    (None, None, True)
    >>> x == y and a.getstate() == b.getstate()
    True
    """
    if not WRITTEN_OUT or type(rng) is not random.Random:
        return Draws(rng.randrange, rng.shuffle)
    getrandbits = rng.getrandbits

    def below(n: int) -> int:
        if n <= 0:
            return rng.randrange(n)  # its error
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def shuffle(x: list) -> None:
        for i in range(len(x) - 1, 0, -1):
            m = i + 1
            k = m.bit_length()
            j = getrandbits(k)
            while j >= m:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]

    return Draws(below, shuffle)


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
        n = self.t.port_count
        # for the careful look, by type and the port the token enters by: the port each placement leaves by,
        # those ports as a bit mask, and (memo) the safe placements once the ports that lead on are known
        self.exits = {type_id: [[(links[entry], p) for links, p in turns] for entry in range(n)]
                      for type_id, turns in self.turns.items()}
        self.exit_masks = {type_id: [sum({1 << leave for leave, _ in by_entry}) for by_entry in exits]
                           for type_id, exits in self.exits.items()}
        self.safe_memo: dict[tuple[int, int, int], list[Placement]] = {}
        self.cells = len(self.t.cells)
        self.names = [tok.name for tok in definition.tokens]  # in turn order
        self.total = definition.total_tiles
        self.bag = tile_bag(definition)
        self.stream: tuple[random.Random, Draws] | None = None  # the stream `draws` was last asked for, and its draws

    def choose(self, below: Callable[[int], int], hand: list[int], filled, position: int) -> tuple[int, Placement]:
        """The hand index and placement the policy lays with the token at `position`; `below(n)` draws a
        number under n (`rng.randrange`, or `draws(rng).below`)."""
        if self.careful:
            chosen = self.careful_choice(below, hand, filled, position)
            if chosen is not None:
                return chosen
        i = below(len(hand))
        options = self.by_type[hand[i]]
        return i, options[below(len(options))]

    def careful_choice(self, below: Callable[[int], int], hand: list[int], filled, position: int) -> tuple[int, Placement] | None:
        """The `careful` pick among the placements that keep the token at `position` on the board, or None
        when none does: uniform over (hand index, placement) in the hand's order, one draw `below` their number.

        Laying a tile in the empty cell at `position` and running the line from there is the same as
        following the tile from the entry port to an exit, then the line the board already holds from
        that exit (run with the cell still empty) until it leaves the board (out: not safe), enters
        another empty cell (safe) or comes back into this cell, where the tile leads on. So the line
        beyond each exit is run once a choice (`ends`), and where none comes back into the cell a
        placement is safe exactly when its exit's line stays on: which of a type's placements are safe
        is then a function of the type, the entry port and the exits that stay on (`safe_memo`).
        No tile is laid to try it.
        """
        t = self.t
        n = t.port_count
        cell, entry = divmod(position, n)
        base = cell * n
        exit_masks = self.exit_masks
        needed = 0  # the ports the hand's placements leave by
        for type_id in hand:
            needed |= exit_masks[type_id][entry]
        ends, stays, back = self.line_ends(filled, base, needed)
        memo = self.safe_memo
        picks = []  # the safe placements of each tile of the hand, in the hand's order
        total = 0
        for type_id in hand:
            mask = exit_masks[type_id][entry]
            if back & mask:
                safe = self.safe_by_following(type_id, entry, ends, filled, base)
            else:
                key = (type_id, entry, stays & mask)
                safe = memo.get(key)  # type: ignore[assignment]
                if safe is None:
                    safe = memo[key] = [p for leave, p in self.exits[type_id][entry] if stays >> leave & 1]
            picks.append(safe)
            total += len(safe)
        if not total:
            return None
        k = below(total)
        for i, safe in enumerate(picks):
            if k < len(safe):
                return i, safe[k]
            k -= len(safe)
        raise AssertionError("unreachable: k < total")

    def line_ends(self, filled, base: int, needed: int) -> tuple[list[int | None], int, int]:
        """Where the line leaving the empty cell at `base` by each port of the bit mask `needed` ends, the cell
        left empty (`PlayTables.run`, written out; None for a port not needed), and two bit masks of those
        ports: the lines that stay on the board (end in another empty cell, or a loop) and those that come
        back into this cell."""
        t = self.t
        n, step, max_steps = t.port_count, t.step, t.max_steps
        ends: list[int | None] = [None] * n
        stays = back = 0
        for leave in range(n):
            if needed >> leave & 1:
                end = step[base + leave]
                for _ in range(max_steps):
                    if end < 0:
                        break
                    links = filled[end // n]
                    if links is None:
                        break
                    port = end % n
                    end = step[end - port + links[port]]
                else:
                    if end >= 0:  # as run judges the last step: out is out
                        end = LOOP
                ends[leave] = end
                if base <= end < base + n:
                    back |= 1 << leave
                elif end != OUT:
                    stays |= 1 << leave
        return ends, stays, back

    def safe_by_following(self, type_id: int, entry: int, ends: list[int | None], filled, base: int) -> list[Placement]:
        """The safe placements of a type whose line may come back into its cell: each followed through the
        tile and the `ends` beyond its exits (run here for the exits the entry port's did not need) until it
        stays on or goes out (a line that enters the cell by more ports than it has can only be a loop: on
        the board, safe, as `PlayTables.run` judges it)."""
        t = self.t
        n = t.port_count
        safe = []
        for links, p in self.turns[type_id]:
            port = entry
            for _ in range(n):
                leave = links[port]
                end = ends[leave]
                if end is None:
                    after = t.step[base + leave]
                    end = ends[leave] = after if after < 0 else t.run(filled, after)
                if end == OUT:
                    break
                if base <= end < base + n:  # back into this cell: the tile leads on
                    port = end - base
                    continue
                safe.append(p)
                break
            else:
                safe.append(p)
        return safe

    def play(self, rng: random.Random) -> Played:
        """One whole game, as the rule set plays it on the play tables."""
        return self.rules.simulate(self, self.draws(rng))

    def draws(self, rng: random.Random) -> Draws:
        """`draws(rng)`, made once for the stream the games before drew from too."""
        if self.stream is None or self.stream[0] is not rng:
            self.stream = (rng, draws(rng))
        return self.stream[1]


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
    stream = sim.draws(rng)
    laid: list[int] = []  # the type of every tile laid in the chunk, counted once a chunk
    for start in range(0, games, CHUNK):
        count = min(CHUNK, games - start)
        for _ in range(count):
            winner, moves = play(sim, stream)
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
