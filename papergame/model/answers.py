"""Answers the host key and rule diagrams print, every one computed with the rules engine."""

from __future__ import annotations

from functools import lru_cache

from papergame.records import NamedTuple
from papergame.model.definition import GameDefinition
from papergame.model.geometry import pairs_cross
from papergame.model.board import Position
from papergame.model.rules import Game, Trace, Turn


class FirstMove(NamedTuple):
    """What happens when the first player opens with one tile in one turn."""

    tile: int
    rotation: int
    turn: Turn
    token: str = ""  # the token traced; the player's own one when empty

    @property
    def trace(self) -> Trace:
        return self.turn.traces[self.token or self.turn.player]


def first_moves(definition: GameDefinition) -> list[FirstMove]:
    """The first player's opening move with every tile type at every rotation.

    Played once a definition (the rules, record, host key and guide each ask: seven times a kit)."""
    return list(_first_moves(definition))


@lru_cache(maxsize=16)
def _first_moves(definition: GameDefinition) -> tuple[FirstMove, ...]:
    out = []
    first = definition.tokens[0]
    for tile in definition.tiles:
        for rotation in definition.shape.rotations:
            game = Game(definition)
            turn = game.place(first.start.cell, tile.id, rotation)
            out.append(FirstMove(tile.id, rotation, turn, first.name))
    return tuple(out)


class Reply(NamedTuple):
    """The second player's first move with one tile in one turn, after every opening the first player can make
    that leaves the game going: where the second player's token then stands (None: off the board), and
    whether that is the same whatever the opening was."""

    tile: int
    rotation: int
    end: Position | None
    loop: bool
    same_after_every_opening: bool


def replies(definition: GameDefinition) -> list[Reply]:
    """The second player's first move with every tile type at every rotation, played by the rules engine after
    the first player's openings (a tile the first player used counts against its copies).

    The opening's tile lies in the first player's start cell; a reply whose route never enters that cell (nor
    stops before it) comes out the same after every opening. Only the others are played after each opening.
    """
    first, second = definition.tokens[0], definition.tokens[1]
    openings = []
    for tile in definition.tiles:
        for rotation in definition.shape.rotations:
            game = Game(definition)
            game.place(first.start.cell, tile.id, rotation)
            if not game.over and game.positions[second.name] == second.start:
                openings.append((tile.id, rotation))
    out = []
    for tile in definition.tiles:
        for rotation in definition.shape.rotations:
            seen: set[tuple[Position | None, bool]] = set()
            for opening in openings:
                game = Game(definition)
                game.place(first.start.cell, *opening)
                if game.remaining(tile.id) <= 0:
                    continue
                reply = game.place(second.start.cell, tile.id, rotation).traces[second.name]
                seen.add((reply.end, reply.loop))
                untouched = first.start.cell not in reply.route and (reply.end is None
                                                                     or reply.end.cell != first.start.cell)
                if untouched and game.positions[first.name] != second.start:
                    break  # the opening played no part: every other one gives the same
            if seen:
                (end, loop), *_ = sorted(seen, key=lambda s: (s[0] is None, str(s[0]), s[1]))
                out.append(Reply(tile.id, rotation, end, loop, len(seen) == 1))
    return out


def goes_straight(definition: GameDefinition, move: FirstMove) -> bool:
    """The token crossed its first cell to the facing side (for example, in at S, out at N)."""
    t = move.trace
    if t.end is None or len(t.route) != 1:
        return False
    # it left through the side facing its entry, so it enters the next cell by the same-named side
    return definition.shape.side_of(t.end.port) == definition.shape.side_of(t.start.port)


class WorkedExample(NamedTuple):
    stop: FirstMove | None  # a first move after which the token stops on the board
    out: FirstMove | None  # a first move that sends the token off the board


@lru_cache(maxsize=16)
def worked_example(definition: GameDefinition) -> WorkedExample:
    """Two openings to show: one that stops on the board (straight across if any tile does) and one that goes out.

    Unturned tiles are preferred, so the example needs no rotation to follow.
    """
    moves = sorted(first_moves(definition), key=lambda m: m.rotation != 0)
    stops = [m for m in moves if m.trace.end is not None and not m.trace.loop]
    straight = [m for m in stops if goes_straight(definition, m)]
    outs = [m for m in moves if m.trace.end is None]
    return WorkedExample(next(iter(straight or stops), None), next(iter(outs), None))


def crossing_types(definition: GameDefinition) -> list[int]:
    """Tile types whose lines cross each other (without joining)."""
    shape = definition.shape
    return [t.id for t in definition.tiles
            if pairs_cross(shape, t.pairs)]


def loops_possible(definition: GameDefinition) -> bool:
    """Can a route ever come back on itself?

    Not when every tile pairs every port (a route can then be walked backwards, one way
    only, to where it began) and every token starts on the board's edge: walking back
    from a revisited port would have to reach two different places. The loader
    accepts only such tile sets, so this is False for every valid definition; it is kept
    as a function so the host key states what the definition implies rather than a
    sentence typed once.
    """
    every_port_paired = all(len(t.partner) == len(definition.shape.ports) for t in definition.tiles)
    edge_starts = all(definition.board.is_edge_entry(t.start) for t in definition.tokens)
    return not (every_port_paired and edge_starts)
