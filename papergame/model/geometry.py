"""Ports, sides and rotation of a tile, as data and small functions (GEOMETRY.md, exactly).

A tile shape is a regular polygon whose sides are listed clockwise starting at the top
side: a square (`N E S W`, turned in 90° steps) or a flat-top hexagon
(`N NE SE S SW NW`, 60° steps). Each side carries the same number of ports `k`, listed
clockwise too; port `i` of a side sits at `(i + 1) / (k + 1)` of the side, measured
clockwise. Everything that knows "which way is north" or "what faces what" lives here.

Drawing geometry is given in tile units: the tile's bounding box has its bottom-left
corner at (0, 0) and is 1 high (a square's side; a hexagon's distance between its flat
sides), `width` wide (1 for a square, 2/√3 for a hexagon).

>>> square = TileShape(sides=("N", "E", "S", "W"), ports=("N", "E", "S", "W"))
>>> square.rotate("N", 90), square.rotate("W", 90), square.rotate("E", 270)
('E', 'N', 'N')
>>> square.facing("E")
'W'
>>> square.rotations
(0, 90, 180, 270)
>>> hexagon = TileShape(("N", "NE", "SE", "S", "SW", "NW"), ("N", "NE", "SE", "S", "SW", "NW"))
>>> hexagon.kind, hexagon.rotations, hexagon.rotate("N", 120), hexagon.facing("NE")
('hexagon', (0, 60, 120, 180, 240, 300), 'SE', 'SW')
"""

from __future__ import annotations

import math
from functools import cached_property
from itertools import combinations
from typing import Iterator
from papergame.records import NamedTuple, dataclass

class Point(NamedTuple):
    x: float
    y: float


class ShapeKind:
    """What differs between tile shapes, in the model: one object a shape, found by name in `SHAPES`.

    A shape names its sides (clockwise from the top, as GEOMETRY.md gives them), says how many
    ports a side may carry, where a cell of a board lies and which cell is across each side.
    `text_suffix` ends the keys of the printed words that are the shape's own (`tiles.cut_hexagon`).
    """

    name: str
    description: str  # what a definition's error sentence calls it: "a flat-top hexagon"
    side_names: tuple[str, ...]
    max_ports_per_side: int
    text_suffix: str = ""
    measured_across_flats = False  # `check` measures its tiles between two flat sides
    default_boards: dict[int, int] = {}  # ports a side -> columns (and rows) of a complete tile set's board

    def neighbour_step(self, col: int, side: int) -> tuple[int, int]:
        """(column, row) steps from a cell in column `col` across its side number `side`."""
        raise NotImplementedError

    def cell_origin(self, col: int, row: int, width: float) -> Point:
        """The bottom-left corner of a cell's bounding box, in tile units (`width`: a tile's)."""
        raise NotImplementedError

    def width(self, circumradius: float) -> float:
        """Width of a tile's bounding box when its height is 1."""
        return _clean(2 * circumradius)


class Square(ShapeKind):
    """Squares in rows and columns: N is row + 1, E column + 1."""

    name = "square"
    description = "a square"
    side_names = ("N", "E", "S", "W")
    max_ports_per_side = 3
    default_boards = {1: 5, 2: 6, 3: 6}
    STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def neighbour_step(self, col: int, side: int) -> tuple[int, int]:
        return self.STEPS[side]

    def cell_origin(self, col: int, row: int, width: float) -> Point:
        return Point(float(col), float(row))

    def width(self, circumradius: float) -> float:
        return 1.0


class Hexagon(ShapeKind):
    """Flat-top hexagons in vertical columns, odd columns (B, D, ...) half a cell higher."""

    name = "hexagon"
    description = "a flat-top hexagon"
    side_names = ("N", "NE", "SE", "S", "SW", "NW")
    max_ports_per_side = 2
    text_suffix = "_hexagon"
    measured_across_flats = True
    default_boards = {1: 5, 2: 5}
    STEPS = (
        ((0, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0)),  # even columns: A, C, E, ...
        ((0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1)),  # odd columns: B, D, F, ...
    )

    def neighbour_step(self, col: int, side: int) -> tuple[int, int]:
        return self.STEPS[col % 2][side]

    def cell_origin(self, col: int, row: int, width: float) -> Point:
        """Columns 3/4 of a tile's width apart, odd columns half a cell higher."""
        return Point(col * 0.75 * width, row + 0.5 * (col % 2))


# Every tile shape, by the name a definition or `tileset --shape` gives it (a new shape: one line here).
SHAPES: dict[str, ShapeKind] = {kind.name: kind for kind in (Square(), Hexagon())}
BY_SIDES: dict[int, ShapeKind] = {len(kind.side_names): kind for kind in SHAPES.values()}
KINDS = {sides: kind.name for sides, kind in BY_SIDES.items()}
MAX_PORTS_PER_SIDE = {name: kind.max_ports_per_side for name, kind in SHAPES.items()}
# The side names GEOMETRY.md gives each shape, clockwise from the top.
SIDE_NAMES = {name: kind.side_names for name, kind in SHAPES.items()}


def or_list(words: list[str]) -> str:
    """Words joined for a sentence: `a or b`, `a, b or c`.

    >>> or_list(["a square"]), or_list(["a square", "a flat-top hexagon"]), or_list(["a", "b", "c"])
    ('a square', 'a square or a flat-top hexagon', 'a, b or c')
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _clean(value: float) -> float:
    """A coordinate with the last bits of rounding noise removed (0.5000000000000001 -> 0.5)."""
    return round(value, 12) + 0.0


@dataclass(frozen=True)
class TileShape:
    """The sides and ports of one tile, both clockwise from the top side."""

    sides: tuple[str, ...]
    ports: tuple[str, ...]

    @property
    def kind(self) -> str:
        """"square" or "hexagon": the shape's name."""
        return self.form.name

    @cached_property
    def form(self) -> ShapeKind:
        """The shape itself: what differs between squares and hexagons."""
        return BY_SIDES[len(self.sides)]

    @cached_property
    def ports_per_side(self) -> int:
        return len(self.ports) // len(self.sides)

    @cached_property
    def step_degrees(self) -> int:
        """The smallest turn that maps the shape onto itself (90 for a square, 60 for a hexagon)."""
        return 360 // len(self.sides)

    @cached_property
    def rotations(self) -> tuple[int, ...]:
        """Every allowed rotation, in degrees clockwise."""
        return tuple(range(0, 360, self.step_degrees))

    @cached_property
    def _index(self) -> dict[str, int]:
        return {port: i for i, port in enumerate(self.ports)}

    def index(self, port: str) -> int:
        """A port's place in the clockwise list (0 is the first port of the top side)."""
        return self._index[port]

    def side_index(self, side_or_port: str) -> int:
        return self._side_indices[side_or_port]

    @cached_property
    def _side_indices(self) -> dict[str, int]:
        """Each side's place, and each port's side's (a side's own name wins where a port shares it)."""
        out = {port: i // self.ports_per_side for i, port in enumerate(self.ports)}
        out.update((side, self.sides.index(side)) for side in self.sides)
        return out

    def side_of(self, port: str) -> str:
        """The side a port sits on.

        >>> TileShape(("N", "E", "S", "W"), ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")).side_of("E2")
        'E'
        """
        return self.sides[self._index[port] // self.ports_per_side]

    def rotate(self, port: str, degrees: int) -> str:
        """Where a printed port ends up when the tile is turned `degrees` clockwise."""
        steps = (degrees // self.step_degrees) * self.ports_per_side
        return self.ports[(self._index[port] + steps) % len(self.ports)]

    def opposite_side(self, side_index: int) -> int:
        return (side_index + len(self.sides) // 2) % len(self.sides)

    def facing(self, port: str) -> str:
        """The port of the neighbouring cell that touches `port` across their shared side.

        Walking clockwise along the shared side, the two cells see it in opposite
        directions, so port i of one side meets port k-1-i of the other.

        >>> TileShape(("N", "E", "S", "W"), ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")).facing("N1")
        'S2'
        """
        side, i = divmod(self._index[port], self.ports_per_side)
        k = self.ports_per_side
        return self.ports[self.opposite_side(side) * k + (k - 1 - i)]

    def lines_cross(self, one: tuple[str, str], other: tuple[str, str]) -> bool:
        """Whether two lines across a tile must cross: their ends alternate round the edge.

        >>> square = TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W"))
        >>> square.lines_cross(("N", "S"), ("E", "W")), square.lines_cross(("N", "E"), ("S", "W"))
        (True, False)
        """
        a, b = sorted((self._index[one[0]], self._index[one[1]]))
        inside = [a < self._index[p] < b for p in other]
        return inside[0] != inside[1]

    # --- drawing geometry, in tile units (bounding box from (0, 0), 1 high) ---------------

    @cached_property
    def circumradius(self) -> float:
        """Centre to corner: the apothem (1/2) over cos(half the turn step)."""
        return 0.5 / math.cos(math.radians(self.step_degrees / 2))

    @cached_property
    def width(self) -> float:
        """Width of the bounding box: 1 for a square, 2/√3 for a flat-top hexagon."""
        return self.form.width(self.circumradius)

    @cached_property
    def side_length(self) -> float:
        """1 for a square; 1/√3 for a hexagon of height 1."""
        return _clean(2 * self.circumradius * math.sin(math.radians(self.step_degrees / 2)))

    @cached_property
    def centre(self) -> Point:
        return Point(self.width / 2, 0.5)

    @cached_property
    def _corners(self) -> tuple[Point, ...]:
        c, r, step = self.centre, self.circumradius, self.step_degrees
        out = []
        for i in range(len(self.sides)):
            a = math.radians(90 + step / 2 - step * i)
            out.append(Point(_clean(c.x + r * math.cos(a)), _clean(c.y + r * math.sin(a))))
        return tuple(out)

    def corners(self) -> tuple[Point, ...]:
        """Corner i starts side i (clockwise). For a square: top-left, top-right, ...

        >>> TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W")).corners()[0]
        Point(x=0.0, y=1.0)
        """
        return self._corners

    def port_point(self, port: str) -> Point:
        """Where a port meets the edge of the tile (worked out once a shape: a build asks thousands of times).

        >>> TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W")).port_point("E")
        Point(x=1.0, y=0.5)
        >>> TileShape(("N", "E", "S", "W"), ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")).port_point("N1")
        Point(x=0.333333333333, y=1.0)
        """
        return self._port_points[port]

    @cached_property
    def _port_points(self) -> dict[str, Point]:
        return {port: self._port_point(port) for port in self.ports}

    def _port_point(self, port: str) -> Point:
        corners = self.corners()
        side, i = divmod(self._index[port], self.ports_per_side)
        a, b = corners[side], corners[(side + 1) % len(corners)]
        t = (i + 1) / (self.ports_per_side + 1)
        return Point(_clean(a.x + (b.x - a.x) * t), _clean(a.y + (b.y - a.y) * t))

    def outward(self, side_or_port: str) -> Point:
        """The unit vector from a side straight out of the tile (kept, a side or port's once worked out)."""
        known = self._outwards.get(side_or_port)
        if known is None:
            a = math.radians(self.side_index(side_or_port) * self.step_degrees)
            known = self._outwards[side_or_port] = Point(_clean(math.sin(a)), _clean(math.cos(a)))
        return known

    @cached_property
    def _outwards(self) -> dict[str, Point]:
        return {}

    def inward(self, side_or_port: str) -> Point:
        """The unit vector from a port straight into the tile."""
        o = self.outward(side_or_port)
        return Point(-o.x + 0.0, -o.y + 0.0)

    def along(self, side_or_port: str) -> Point:
        """The unit vector along a side, in its clockwise direction."""
        corners = self.corners()
        side = self.side_index(side_or_port)
        a, b = corners[side], corners[(side + 1) % len(corners)]
        length = math.hypot(b.x - a.x, b.y - a.y)
        return Point((b.x - a.x) / length, (b.y - a.y) / length)


    def heading(self, side_or_port: str) -> float:
        """Degrees clockwise from north of the direction straight into the tile from a side."""
        return (self.side_index(side_or_port) * self.step_degrees + 180) % 360

    # --- the whole set of tiles a shape allows --------------------------------------------

    def canonical(self, pairs) -> tuple[tuple[int, int], ...]:
        """One name for a tile and all its turns: the smallest of its turned pairings, as port indices."""
        n, k = len(self.ports), self.ports_per_side
        best: tuple[tuple[int, int], ...] | None = None
        for turn in range(len(self.sides)):
            shift = turn * k
            key = tuple(sorted(pair_key((self._index[a] + shift) % n, (self._index[b] + shift) % n)
                               for a, b in pairs))
            if best is None or key < best:
                best = key
        assert best is not None
        return best

    def all_tiles(self) -> list[tuple[tuple[str, str], ...]]:
        """Every different tile the shape allows (tiles that are the same turned count once), in a stable order.

        >>> square = TileShape(("N", "E", "S", "W"), ("N", "E", "S", "W"))
        >>> square.all_tiles()
        [(('N', 'E'), ('S', 'W')), (('N', 'S'), ('E', 'W'))]
        >>> len(TileShape(("N", "NE", "SE", "S", "SW", "NW"), ("N", "NE", "SE", "S", "SW", "NW")).all_tiles())
        5
        """
        seen: dict[tuple[tuple[int, int], ...], tuple[tuple[str, str], ...]] = {}
        for matching in matchings(tuple(range(len(self.ports)))):
            pairs = tuple((self.ports[a], self.ports[b]) for a, b in matching)
            key = self.canonical(pairs)
            if key not in seen:
                seen[key] = tuple((self.ports[a], self.ports[b]) for a, b in key)
        return [seen[key] for key in sorted(seen, key=_tile_order)]

    def count_all_tiles(self) -> int:
        """How many different tiles the shape allows, counted without listing them (Burnside's lemma).

        A turn by r steps moves every port `r * k` places on; the pairings it leaves unchanged
        are counted from its cycles, and the count of different tiles is their mean over all turns.

        >>> [TileShape(*standard_ports(kind, k)).count_all_tiles() for kind, k in (("square", 1), ("square", 2), ("hexagon", 1))]
        [2, 35, 5]
        """
        n, k = len(self.ports), self.ports_per_side
        total = sum(fixed_pairings(n, turn * k) for turn in range(len(self.sides)))
        return total // len(self.sides)


def _tile_order(key: tuple[tuple[int, int], ...]) -> tuple:
    """Tiles whose lines join nearer ports first (the gentle curves before the long crossings)."""
    return (sorted(b - a for a, b in key), key)


def fixed_pairings(n: int, shift: int) -> int:
    """Pairings of n points round a circle that moving every point `shift` places on leaves unchanged.

    The move splits the points into cycles of equal length d. A pairing it keeps either pairs
    each point of a cycle with the point half way round that cycle (d even), or pairs the
    points of one cycle with those of another, in one of d ways.

    >>> fixed_pairings(4, 0), fixed_pairings(4, 1), fixed_pairings(4, 2)
    (3, 1, 3)
    """
    cycles = math.gcd(n, shift)
    d = n // cycles
    ways = [1, 1 if d % 2 == 0 else 0]
    for c in range(2, cycles + 1):
        ways.append(ways[c - 1] * (1 if d % 2 == 0 else 0) + (c - 1) * d * ways[c - 2])
    return ways[cycles]


def matchings(items: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to join `items` in pairs (the first item with each other in turn, then the rest).

    >>> list(matchings((0, 1, 2, 3)))
    [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))]
    """
    if not items:
        yield ()
        return
    first, rest = items[0], items[1:]
    for j, partner in enumerate(rest):
        for tail in matchings(rest[:j] + rest[j + 1:]):
            yield ((first, partner),) + tail


def standard_ports(kind: str, per_side: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The side and port names GEOMETRY.md gives a shape: `N` with one port a side, `N1 N2 …` with more.

    >>> standard_ports("square", 2)[1][:4]
    ('N1', 'N2', 'E1', 'E2')
    """
    sides = SIDE_NAMES[kind]
    if per_side == 1:
        return sides, sides
    return sides, tuple(f"{s}{i}" for s in sides for i in range(1, per_side + 1))


def pairs_cross(shape: TileShape, pairs) -> list[tuple[int, int]]:
    """Indices (i, j) of the pairs of a tile whose lines must cross."""
    return [(i, j) for (i, p), (j, q) in combinations(enumerate(pairs), 2) if shape.lines_cross(p, q)]


def pair_key(a: int, b: int) -> tuple[int, int]:
    """Two port indices in order, so a line is named the same from either end.

    >>> pair_key(5, 2)
    (2, 5)
    """
    return (a, b) if a <= b else (b, a)
