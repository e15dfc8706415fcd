"""How a game or a turn ends, as data every rule set and the engine share."""

from __future__ import annotations
from papergame.records import NamedTuple


IN_PROGRESS = "in progress"
LOOP = "loop"
TILES_EXHAUSTED = "tiles exhausted"
BOTH_EXITED = "both exited"
BOARD_FULL = "board full"
DRAW = "draw"
FIRST, SECOND = "first", "second"
ROUTE_OUT = -1  # on play tables: the path left the board
ROUTE_LOOP = -2  # on play tables: the route came back to a port it had passed


class Result(NamedTuple):
    winner: str | None  # a token's name, "draw", or None while the game goes on
    reason: str


class Played(NamedTuple):
    """One simulated game: who won (a name, or "draw"), and the moves as (cell, type, rotation)."""

    winner: str
    moves: list[tuple[int, int, int]]


def ran_off(player: str) -> str:
    """The reason a shared-path game ends with a winner: "first ran the path off the board"."""
    return f"{player} ran the path off the board"
