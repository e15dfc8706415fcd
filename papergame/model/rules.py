"""The rules engine: placing tiles, tracing tokens, and deciding when the game ends.

Exactly the rules of the game's reference (GAME.md). Pure Python over a
`GameDefinition`; everything printed as an answer comes from here.

Two rule sets share the engine (`[rules] path` in a definition), one module each in
`papergame.model.rulesets`: `OwnPath`, the game of GAME.md, where each player steers a
token of their own, and `SharedPath`, where the two players ("first" and "second") extend
one path and whoever runs it off the board loses. A rule set decides who moves, where they
must place, what supply they draw from and how a placement is judged; `Game` does the
placing and tracing for all of them.
"""

from __future__ import annotations

import random
import re
from dataclasses import field
from functools import lru_cache
from typing import Mapping

from papergame.records import NamedTuple, dataclass
from papergame.model.board import Board, Cell, Position
from papergame.model.definition import GameDefinition, TileType
from papergame.model.geometry import TileShape
from papergame.errors import MoveError
from papergame.model.outcomes import (  # noqa: F401  (the names every caller of the engine uses)
    BOARD_FULL, BOTH_EXITED, DRAW, FIRST, IN_PROGRESS, LOOP, SECOND, TILES_EXHAUSTED, Result, ran_off,
)
from papergame.model.rulesets import OwnPath, RuleSet, SharedPath, rule_set  # noqa: F401
from papergame.model.rulesets.own import deal, tile_bag  # noqa: F401



@dataclass(frozen=True)
class PlacedTile:
    """A tile lying in a cell, turned `rotation` degrees clockwise from its printed orientation."""

    tile: TileType
    rotation: int
    links: Mapping[str, str]  # board-facing port -> board-facing port

    @classmethod
    def make(cls, definition: GameDefinition, tile: TileType, rotation: int) -> "PlacedTile":
        return cls(tile, rotation, rotated_links(definition, tile, rotation))


def rotated_links(definition: GameDefinition, tile: TileType, rotation: int) -> dict[str, str]:
    """The tile's port pairs after turning it, as a port -> partner mapping."""
    return dict(_rotated_links(definition.shape, tile.pairs, rotation))


@lru_cache(maxsize=4096)
def _rotated_links(shape: TileShape, pairs: tuple[tuple[str, str], ...], rotation: int) -> tuple[tuple[str, str], ...]:
    """`rotated_links` worked out once for each tile and turn (a game's tracing asks again and again)."""
    turn = shape.rotate
    partner: dict[str, str] = {}
    for a, b in pairs:  # as TileType.partner lists them
        partner[a], partner[b] = b, a
    return tuple((turn(a, rotation), turn(b, rotation)) for a, b in partner.items())


class Trace(NamedTuple):
    """Where one token went in one tracing."""

    start: Position
    route: tuple[Cell, ...]  # cells passed through, in order (a cell twice if crossed twice)
    end: Position | None  # the entry port where it stopped, or None when it left the board
    loop: bool  # it came back to a port it had already visited: it would go round forever
    exit_port: str | None = None  # the port it left the board through, when it left
    crossings: tuple[tuple[str, str], ...] = ()  # (in port, out port) for each cell of the route


def trace(board: Board, tiles: Mapping[Cell, PlacedTile], start: Position) -> Trace:
    """Follow a token from `start` through placed tiles until it reaches an empty cell or leaves."""
    position: Position = start
    route: list[Cell] = []
    crossings: list[tuple[str, str]] = []
    visited = {start}
    while True:
        placed = tiles.get(position.cell)
        if placed is None:
            return Trace(start, tuple(route), position, False, None, tuple(crossings))
        route.append(position.cell)
        leave = placed.links[position.port]
        crossings.append((position.port, leave))
        nxt = board.step_out(position.cell, leave)
        if nxt is None:
            return Trace(start, tuple(route), None, False, leave, tuple(crossings))
        if nxt in visited:
            return Trace(start, tuple(route), nxt, True, None, tuple(crossings))
        visited.add(nxt)
        position = nxt


class Turn(NamedTuple):
    number: int
    player: str
    cell: Cell
    tile: int
    rotation: int
    positions: dict[str, Position | None]  # every token after the turn (None = out)
    traces: dict[str, Trace]  # the tokens that moved or were traced this turn
    result: Result


def parse_rotation(text: str, definition: GameDefinition) -> int | None:
    allowed = definition.shape.rotations
    try:
        value = int(text)
    except ValueError:
        return None
    return value if value in allowed else None


def tile_notation(type_id: int, rotation: int, short: bool = False) -> str:
    """A tile and its turn written `TYPE@DEG`; `short` leaves out `@0`, as GAME.md allows.

    >>> tile_notation(1, 90), tile_notation(3, 0), tile_notation(3, 0, short=True)
    ('1@90', '3@0', '3')
    """
    return str(type_id) if short and rotation == 0 else f"{type_id}@{rotation}"


MOVE_PATTERN = re.compile(r"^\s*(?P<cell>[^:\s]+)\s*:\s*(?P<tile>[^@\s]+)\s*(?:@\s*(?P<rot>\S+))?\s*$")


def rotation_names(definition: GameDefinition) -> str:
    return ", ".join(str(r) for r in definition.shape.rotations)


@dataclass
class Game:
    """One game in progress: the tiles on the board, the tokens, and whose turn it is."""

    definition: GameDefinition
    positions: dict[str, Position | None] = field(default_factory=dict)
    tiles: dict[Cell, PlacedTile] = field(default_factory=dict)
    used: dict[int, int] = field(default_factory=dict)
    turns: list[Turn] = field(default_factory=list)
    result: Result = Result(None, IN_PROGRESS)

    def __post_init__(self) -> None:
        if not self.positions:
            self.positions = {t.name: t.start for t in self.definition.tokens}
        self.rules: RuleSet = rule_set(self.definition)

    @property
    def board(self) -> Board:
        return self.definition.board

    @property
    def over(self) -> bool:
        return self.result.winner is not None

    @property
    def mover(self) -> str:
        names = self.rules.players(self.definition)
        return names[len(self.turns) % len(names)]

    @property
    def entry(self) -> Position | None:
        """The entry port whose cell the player to move must fill."""
        return self.positions[self.rules.token_of(self.definition, self.mover)]

    def remaining(self, type_id: int) -> int:
        tile = self.definition.tile(type_id)
        if tile is not None and self.rules.unlimited:
            return 1
        return 0 if tile is None else tile.copies - self.used.get(type_id, 0)

    def check(self, cell: Cell, type_id: int, rotation: int) -> None:
        """Raise MoveError saying why this placement is not allowed now."""
        board = self.board
        if self.over:
            outcome = "a draw" if self.result.winner == DRAW else f"{self.result.winner} won"
            raise MoveError(f"the game is already over ({outcome}, {self.result.reason})")
        if cell not in board:
            raise MoveError(f"there is no cell at column {cell.col + 1}, row {cell.row + 1} on this board")
        tile = self.definition.tile(type_id)
        if tile is None:
            types = ", ".join(str(t.id) for t in self.definition.tiles)
            raise MoveError(f"there is no tile type {type_id} (types: {types})")
        if rotation not in self.definition.shape.rotations:
            raise MoveError(f"rotation {rotation} is not one of {rotation_names(self.definition)}")
        entry = self.entry
        assert entry is not None  # a game with a token out is over
        if cell != entry.cell:
            raise MoveError(self.rules.wrong_cell(self.mover, board.cell_name(entry.cell), board.cell_name(cell)))
        if self.remaining(type_id) <= 0:
            raise MoveError(f"all {tile.copies} tiles of type {type_id} are already on the board")

    def place(self, cell: Cell, type_id: int, rotation: int = 0) -> Turn:
        """Place a tile for the player to move, trace every token on the board, and judge."""
        self.check(cell, type_id, rotation)
        player = self.mover
        tile = self.definition.tile_type(type_id)
        self.tiles[cell] = PlacedTile.make(self.definition, tile, rotation)
        self.used[type_id] = self.used.get(type_id, 0) + 1

        traces: dict[str, Trace] = {}
        for name, position in self.positions.items():
            if position is None or position.cell not in self.tiles:
                continue
            traces[name] = t = trace(self.board, self.tiles, position)
            self.positions[name] = t.end
        self.result = self.rules.judge(self, traces)
        turn = Turn(len(self.turns) + 1, player, cell, type_id, rotation, dict(self.positions), traces, self.result)
        self.turns.append(turn)
        return turn

    def judge(self, traces: Mapping[str, Trace]) -> Result:
        """The end conditions, checked after every placement (the rule set's)."""
        return self.rules.judge(self, traces)

    # --- moves written as text -----------------------------------------------------

    def play(self, move: str) -> Turn:
        """Play a move written `CELL:TYPE[@DEG]`, e.g. `A1:3` or `A2:1@90`."""
        return self.place(*self.parse_move(move))

    def parse_move(self, move: str) -> tuple[Cell, int, int]:
        m = MOVE_PATTERN.match(move)
        if not m:
            raise MoveError(f'"{move}" is not CELL:TYPE or CELL:TYPE@DEG (for example A1:3 or A2:1@90)')
        cell = self.board.parse_cell(m["cell"])
        if cell is None:
            first, last = self.board.cells[0], self.board.cells[-1]
            raise MoveError(
                f'"{m["cell"]}" is not a cell of this board ({self.board.cell_name(first)} to {self.board.cell_name(last)})'
            )
        try:
            type_id = int(m["tile"])
        except ValueError:
            types = ", ".join(str(t.id) for t in self.definition.tiles)
            raise MoveError(f'tile "{m["tile"]}" is not a tile type number ({types})') from None
        rotation = 0
        if m["rot"] is not None:
            parsed = parse_rotation(m["rot"], self.definition)
            if parsed is None:
                raise MoveError(f'rotation "{m["rot"]}" is not one of {rotation_names(self.definition)}')
            rotation = parsed
        return cell, type_id, rotation


def replay(definition: GameDefinition, moves: list[str]) -> Game:
    """Play moves in order; a bad move raises MoveError naming its number."""
    game = Game(definition)
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except MoveError as exc:
            raise MoveError(f"move {number} ({move.strip()}): {exc.problems[0]}") from None
    return game


# --- the deal, and whole games -------------------------------------------------------


def play_random_game(definition: GameDefinition, rng: random.Random) -> Game:
    """A whole legal game: each player places a random tile from their hand, turned at random."""
    game = Game(definition)
    hands, pile = deal(definition, rng)
    while not game.over:
        player = game.mover
        hand = hands[player]
        type_id = hand.pop(rng.randrange(len(hand)))
        entry = game.positions[player]
        assert entry is not None, "the player to move has a token on the board"
        game.place(entry.cell, type_id, rng.choice(definition.shape.rotations))
        if pile:
            hand.append(pile.pop())
    return game


def same_under_rotation(definition: GameDefinition) -> list[list[tuple[int, int]]]:
    """Groups of tile types that are one tile turned: [[(type, 0), (other, degrees)], ...].

    Each group lists its first type at 0 and every other type with the turn that makes the
    first one look like it. Types that match no other are left out.
    """
    seen: set[int] = set()
    groups = []
    for a in definition.tiles:
        if a.id in seen:
            continue
        group = [(a.id, 0)]
        for b in definition.tiles:
            if b.id == a.id or b.id in seen:
                continue
            target = dict(b.partner)
            for rot in definition.shape.rotations:
                if rotated_links(definition, a, rot) == target:
                    group.append((b.id, rot))
                    seen.add(b.id)
                    break
        seen.add(a.id)
        if len(group) > 1:
            groups.append(group)
    return groups


def symmetric_turns(definition: GameDefinition, tile: TileType) -> list[int]:
    """The turns under which a tile looks the same as printed (always includes 0)."""
    return [r for r in definition.shape.rotations if rotated_links(definition, tile, r) == tile.partner]
