"""The size of the cut-out tokens, shared by the tile sheets and the board's start marks."""

from __future__ import annotations

TOKEN_ACROSS = 16.0  # mm: the smallest token, big enough to cut round with scissors and pick up
SPARES = 2  # extra tokens of each colour, for the ones that get lost
NAME_SIZE = 3.55  # mm (10.06 pt): a token's name under it, read by the players


def token_radius(tile: float) -> float:
    """At least 8 mm (16 mm across); a fifth of the tile on big tiles.

    >>> token_radius(20), token_radius(35), token_radius(60)
    (8.0, 8.0, 12.0)
    """
    return max(TOKEN_ACROSS / 2, 0.2 * tile)
