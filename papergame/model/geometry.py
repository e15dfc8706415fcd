"""Ports, sides and rotation of a tile, as data and small functions.

A tile shape is a regular polygon whose sides are listed clockwise starting at the top
side (for a square: N, E, S, W). Each side carries the same number of ports, listed
clockwise too. Everything that knows "which way is north" or "what faces what" lives here,
so a tile with two ports a side (8-port path tiles) is only a different `TileShape`.

>>> square = TileShape(sides=("N", "E", "S", "W"), ports=("N", "E", "S", "W"))
>>> square.rotate("N", 90), square.rotate("W", 90), square.rotate("E", 270)
('E', 'N', 'N')
>>> square.facing("E")
'W'
>>> square.side_step("N"), square.side_step("E")
((0, 1), (1, 0))
>>> square.rotations
(0, 90, 180, 270)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple


class Point(NamedTuple):
    x: float
    y: float


@dataclass(frozen=True)
class TileShape:
    """The sides and ports of one tile, both clockwise from the top side."""

    sides: tuple[str, ...]
    ports: tuple[str, ...]

    @property
    def ports_per_side(self) -> int:
        return len(self.ports) // len(self.sides)

    @property
    def step_degrees(self) -> int:
        """The smallest turn that maps the shape onto itself (90 for a square)."""
        return 360 // len(self.sides)

    @property
    def rotations(self) -> tuple[int, ...]:
        """Every allowed rotation, in degrees clockwise."""
        return tuple(range(0, 360, self.step_degrees))

    @cached_property
    def _index(self) -> dict[str, int]:
        return {port: i for i, port in enumerate(self.ports)}

    def side_of(self, port: str) -> str:
        """The side a port sits on.

        >>> TileShape(("N", "E", "S", "W"), ("Na", "Nb", "Ea", "Eb", "Sa", "Sb", "Wa", "Wb")).side_of("Eb")
        'E'
        """
        return self.sides[self._index[port] // self.ports_per_side]

    def rotate(self, port: str, degrees: int) -> str:
        """Where a printed port ends up when the tile is turned `degrees` clockwise."""
        steps = (degrees // self.step_degrees) * self.ports_per_side
        return self.ports[(self._index[port] + steps) % len(self.ports)]

    def facing(self, port: str) -> str:
        """The port of the neighbouring cell that touches `port` across their shared side.

        Walking clockwise along the shared side, the two cells see it in opposite
        directions, so the k-th port of one side faces the (n-1-k)-th of the other.

        >>> TileShape(("N", "E", "S", "W"), ("Na", "Nb", "Ea", "Eb", "Sa", "Sb", "Wa", "Wb")).facing("Na")
        'Sb'
        """
        i = self._index[port]
        side, k = divmod(i, self.ports_per_side)
        opposite = (side + len(self.sides) // 2) % len(self.sides)
        return self.ports[opposite * self.ports_per_side + (self.ports_per_side - 1 - k)]

    def side_step(self, side_or_port: str) -> tuple[int, int]:
        """The (column, row) step to the neighbouring cell across a side (rows grow north)."""
        side = side_or_port if side_or_port in self.sides else self.side_of(side_or_port)
        angle = math.radians(self.sides.index(side) * self.step_degrees)
        return (round(math.sin(angle)), round(math.cos(angle)))

    def lines_cross(self, one: tuple[str, str], other: tuple[str, str]) -> bool:
        """Whether two lines across a tile must cross: their ends alternate round the edge.

        >>> square = TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W"))
        >>> square.lines_cross(("N", "S"), ("E", "W")), square.lines_cross(("N", "E"), ("S", "W"))
        (True, False)
        """
        a, b = sorted((self._index[one[0]], self._index[one[1]]))
        inside = [a < self._index[p] < b for p in other]
        return inside[0] != inside[1]

    # --- drawing geometry, in a unit tile (0..1 on both axes, y up) ---------------------

    def corners(self) -> tuple[Point, ...]:
        """Corner i starts side i (clockwise). For a square: top-left, top-right, ..."""
        if len(self.sides) != 4:
            raise NotImplementedError("only square tiles can be drawn so far")
        return (Point(0, 1), Point(1, 1), Point(1, 0), Point(0, 0))

    def port_point(self, port: str) -> Point:
        """Where a port meets the edge of a unit tile.

        >>> TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W")).port_point("E")
        Point(x=1.0, y=0.5)
        """
        corners = self.corners()
        i = self._index[port]
        side, k = divmod(i, self.ports_per_side)
        a, b = corners[side], corners[(side + 1) % len(corners)]
        t = (k + 0.5) / self.ports_per_side
        return Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)

    def inward(self, port: str) -> Point:
        """The unit vector from a port straight into the tile."""
        dx, dy = self.side_step(port)
        return Point(-dx, -dy)

    def shared_corner(self, a: str, b: str) -> Point | None:
        """The corner between the sides of two ports on neighbouring sides, else None."""
        n = len(self.sides)
        sa, sb = self.sides.index(self.side_of(a)), self.sides.index(self.side_of(b))
        corners = self.corners()
        if (sa + 1) % n == sb:
            return corners[sb]
        if (sb + 1) % n == sa:
            return corners[sa]
        return None
