"""A tactile kit's drawing: raised lines told apart by type, braille as dots, tokens told apart by shape.

Made for swell (capsule) paper, where only black rises, and for paper glued on card with the
lines traced in glue. Everything is pure black (grey 0) or, for a sighted helper's label, red
(which stays flat); nothing is grey. What a finger must tell apart stays `APART` (6.4 mm, the
swell-paper spacing of the tactile-graphics guides) apart, edge to edge:

- a tile's lines are solid, dashed and dotted, in the order of the tile's pairs (never two of
  one type on a tile, crossing or not); the dashes and dots are drawn one by one (separate
  pieces and discs), so each can be measured;
- where two lines cross, the first (solid) runs on unbroken and the other stops `APART` short
  of it on both sides: a clear gap, not a junction;
- the type number is braille (`papergame.braille`: standard dot geometry, no font), put where
  it is `APART` from every line and from the tile's edge, upright as printed (so a turned
  tile shows its turn, as the underline does in print);
- tile and cell edges are one thin line: with the path lines at most four line types, and the
  key page names every one.

Tokens are point symbols: a ring, a solid square, a solid triangle (at least 18 mm across:
shapes under 12 mm a side may not be recognised).
"""

from __future__ import annotations

import math

from papergame.records import NamedTuple
from papergame.braille import STANDARD, BrailleCode, DotGeometry, coordinate, dot_centres
from papergame.layout.primitives import Circle, Item, Polygon, Rect, Text
from papergame.layout.tile_art import curve_item
from papergame.layout.tile_paths import drawing, piece, room, spots
from papergame.model.definition import TileType
from papergame.model.geometry import Point, TileShape

APART = 6.4  # mm between two things a finger must tell apart, edge to edge
PATH = 1.5  # mm: a tile's raised line
EDGE = 0.5  # mm: tile and cell edges (thin, a line type of its own)
DASH_ON, DASH_OFF = 6.0, 3.5  # mm: a dashed line's dashes and the gaps between them
DOT, DOT_STEP = 2.2, 5.0  # mm: a dotted line's dots and their spacing (unlike braille's 1.5 mm dots 2.4 mm apart)
SIN_FLOOR = 0.35  # a shallow crossing's gap is computed as if at about 20°
LABEL = 4.0  # mm (11.3 pt): a sighted helper's red label
RED = "red"
TOKEN = 20.0  # mm across a token's shape

DASHDOT_GAP = 2.5  # mm: a dash-dot line's gaps, either side of each dot
LINE_TYPES = ("solid", "dashed", "dotted", "dashdot")  # a tile's lines, in the order of its pairs
MAX_LINES = len(LINE_TYPES)


class Span(NamedTuple):
    """A stretch of a line that is drawn, in mm along it."""

    start: float
    end: float


def gaps(shape: TileShape, pairs: tuple, size: float) -> dict[int, list[Span]]:
    """The stretches each line leaves out where it passes under an earlier line (mm along it)."""
    d = drawing(shape, pairs)
    first: list[tuple[int, int, float, float]] = []  # (under, over, mm along under, the straight formula's reach)
    for x in d.crossings:
        under, at = (x.other, x.at_other) if x.other > x.one else (x.one, x.at_one)
        over = x.one if under == x.other else x.other
        sine = max(abs(math.sin(x.angle)), SIN_FLOOR)
        cosine = math.sqrt(max(0.0, 1 - sine * sine))
        first.append((under, over, at * size, (outer(over) / 2 + APART + 0.4) / sine + outer(under) / 2 * cosine / sine))
    out: dict[int, list[Span]] = {i: [] for i in range(len(d.curves))}
    for under, over, at, reach in first:
        # a line bent near the crossing (hexagon 5, eight-port 35) may turn back toward the line over it past
        # where a straight one would be clear: there the gap runs on until the ink beyond is clear (the line's
        # other gaps, where it has no ink, left out)
        others = [Span(a - r, a + r) for u, _, a, r in first if u == under and a != at]
        start, end = (clear_of(d, under, over, at, way * reach, size, others) for way in (-1, 1))
        out[under].append(Span(at - start, at + end))
    return out


STEP = 0.25  # mm: how finely `clear_of` walks a line
CLEAR = 0.05  # mm more than APART that `clear_of` keeps, ink to ink (the straight formula's 0.4 is measured at the centre)


def clear_of(d, under: int, over: int, at: float, reach: float, size: float, others: list[Span]) -> float:
    """How far (mm) from `at`, the way `reach`'s sign says, the line `under` stays broken: |reach|, unless its
    ink in the stretch beyond (as long again) comes nearer the line `over` than APART and a little; then to just
    past the last point that does. Its ink: a dot's disc, or a line's two edges (a dash ends square)."""
    way, least = (1.0 if reach > 0 else -1.0), abs(reach)
    length = d.lengths[under][-1] * size
    over_line = [(p.x * size, p.y * size) for p in d.polylines[over]]
    need = outer(over) / 2 + APART + CLEAR
    dotted = LINE_TYPES[under] == "dotted"
    found, s = least, least
    while s <= 2 * least and 0.0 <= at + way * s <= length:
        if any(o.start <= at + way * s <= o.end for o in others):
            s += STEP
            continue
        if dotted:
            x, y = _along(d, under, at + way * (s + DOT / 2), size)
            inks = [(x, y, DOT / 2)]
        else:
            x, y = _along(d, under, at + way * s, size)
            x2, y2 = _along(d, under, at + way * (s + STEP), size)
            run = math.hypot(x2 - x, y2 - y) or 1.0
            nx, ny = (y - y2) / run * outer(under) / 2, (x2 - x) / run * outer(under) / 2
            inks = [(x + nx, y + ny, 0.0), (x - nx, y - ny, 0.0)]
        if any(min(_segment_distance(px, py, a, b) for a, b in zip(over_line, over_line[1:])) - r < need
               for px, py, r in inks):
            found = s + STEP
        s += STEP
    return found


def _along(d, line: int, at: float, size: float) -> tuple[float, float]:
    lengths, points = d.lengths[line], d.polylines[line]
    s = max(0.0, min(lengths[-1], at / size))
    for i in range(len(points) - 1):
        if lengths[i + 1] >= s:
            span = lengths[i + 1] - lengths[i]
            f = (s - lengths[i]) / span if span > 0 else 0.0
            p, q = points[i], points[i + 1]
            return ((p.x + (q.x - p.x) * f) * size, (p.y + (q.y - p.y) * f) * size)
    return (points[-1].x * size, points[-1].y * size)


def _segment_distance(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / span))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


def outer(line: int) -> float:
    """How wide a line of this type is, ink included."""
    return DOT if LINE_TYPES[line] in ("dotted", "dashdot") else PATH


def drawn(length: float, cuts: list[Span]) -> list[Span]:
    """The stretches of a line of `length` mm that are drawn, once the gaps are cut out."""
    spans = [Span(0.0, length)]
    for cut in sorted(cuts):
        kept = []
        for s in spans:
            if cut.end <= s.start or cut.start >= s.end:
                kept.append(s)
                continue
            if cut.start > s.start:
                kept.append(Span(s.start, cut.start))
            if cut.end < s.end:
                kept.append(Span(cut.end, s.end))
        spans = kept
    return [s for s in spans if s.end - s.start > 0.5]


def dashes(span: Span) -> list[Span]:
    """Dashes filling a stretch from a whole dash at one end to a whole dash at the other.

    >>> [tuple(round(v, 2) for v in s) for s in dashes(Span(0.0, 25.0))]
    [(0.0, 6.0), (9.5, 15.5), (19.0, 25.0)]
    """
    length = span.end - span.start
    n = max(1, round((length + DASH_OFF) / (DASH_ON + DASH_OFF)))
    unit = length / (n * DASH_ON + (n - 1) * DASH_OFF)
    on, off = DASH_ON * unit, DASH_OFF * unit
    return [Span(span.start + k * (on + off), span.start + k * (on + off) + on) for k in range(n)]


def dash_dots(span: Span) -> tuple[list[Span], list[float]]:
    """A dash-dot stretch: whole dashes at both ends, a dot (its centre, mm along) between each two.

    >>> [tuple(round(v, 2) for v in s) for s in dash_dots(Span(0.0, 19.2))[0]], dash_dots(Span(0.0, 19.2))[1]
    ([(0.0, 6.0), (13.2, 19.2)], [9.6])
    """
    length = span.end - span.start
    period = DASH_ON + 2 * DASHDOT_GAP + DOT
    n = max(1, round((length + period - DASH_ON) / period))
    on = DASH_ON if n == 1 else (length - (n - 1) * (2 * DASHDOT_GAP + DOT)) / n
    if n > 1 and on < DASH_ON / 2:  # too short for its dots: fewer of them
        n -= 1
        on = DASH_ON if n == 1 else (length - (n - 1) * (2 * DASHDOT_GAP + DOT)) / n
    if n == 1:
        return [span], []
    step = on + 2 * DASHDOT_GAP + DOT
    dashes_ = [Span(span.start + k * step, span.start + k * step + on) for k in range(n)]
    dots = [span.start + k * step + on + DASHDOT_GAP + DOT / 2 for k in range(n - 1)]
    return dashes_, dots


def dot_places(span: Span) -> list[float]:
    """The centres of a dotted stretch's dots (mm along the line), whole dots inside it."""
    inner = span.end - span.start - DOT
    if inner < 0:
        return []
    n = max(1, round(inner / DOT_STEP) + 1)
    if n == 1:
        return [(span.start + span.end) / 2]
    step = inner / (n - 1)
    return [span.start + DOT / 2 + k * step for k in range(n)]


def point_along(shape: TileShape, pairs: tuple, line: int, at: float, size: float) -> tuple[float, float]:
    """The point `at` mm along a line (mm, tile frame)."""
    return _along(drawing(shape, pairs), line, at, size)


def tile_lines(shape: TileShape, tile: TileType, size: float) -> list[Item]:
    """A tile's lines, raised: solid, dashed, dotted in pair order, each broken clear of the earlier ones it crosses."""
    pairs = tuple(tuple(p) for p in tile.pairs)
    if len(pairs) > MAX_LINES:
        raise ValueError(f"a tactile tile has at most {MAX_LINES} lines")
    d = drawing(shape, pairs)
    cuts = gaps(shape, pairs, size)
    items: list[Item] = []
    for i in range(len(d.curves)):
        length = d.lengths[i][-1] * size
        kind = LINE_TYPES[i]
        for span in drawn(length, cuts[i]):
            if kind == "solid":
                items.append(curve_item(piece(d, i, span.start / size, span.end / size), size, PATH, 0.0, "port"))
            elif kind == "dashed":
                items += [curve_item(piece(d, i, s.start / size, s.end / size), size, PATH, 0.0, "port")
                          for s in dashes(span)]
            elif kind == "dashdot":
                runs, dots = dash_dots(span)
                items += [curve_item(piece(d, i, s.start / size, s.end / size), size, PATH, 0.0, "port") for s in runs]
                for at in dots:
                    x, y = point_along(shape, pairs, i, at, size)
                    items.append(Circle(x, y, DOT / 2, width=0, stroke=None, fill=0.0))
            else:
                for at in dot_places(span):
                    x, y = point_along(shape, pairs, i, at, size)
                    items.append(Circle(x, y, DOT / 2, width=0, stroke=None, fill=0.0))
    return items


def braille_items(cells: list[int], left: float, top: float, geometry: DotGeometry = STANDARD) -> list[Item]:
    """A line of braille as filled black dots, dot 1 of its first cell with its top-left at (left, top)."""
    r = geometry.diameter / 2
    return [Circle(x, y, r, width=0, stroke=None, fill=0.0) for x, y in dot_centres(cells, left, top, geometry)]


def braille_size(cells: list[int], geometry: DotGeometry = STANDARD) -> tuple[float, float]:
    """Width and height (mm) of a line of braille cells, dot edge to dot edge."""
    return geometry.width(len(cells)), geometry.height


def free_spot(shape: TileShape, pairs: tuple, size: float, w: float, h: float, prefer: Point,
              taken: tuple = ()) -> tuple[float, float] | None:
    """Bottom-left (mm, tile frame) of a w × h mm box `APART` from every line and from the tile's edge, or None."""
    clear = tuple(round((outer(i) / 2 + APART) / size, 4) for i in range(len(pairs)))
    free = room(shape, pairs, clear, round((APART + EDGE / 2) / size, 4), 96)
    found = spots(free, w / size, h / size, prefer, tuple(tuple(v / size for v in box) for box in taken))
    return None if not found else (found[0][0] * size, found[0][1] * size)


LARGEST = 120.0  # mm: the largest tactile tile `tactile_size` looks at (one to a sheet's width beyond it)


def braille_misfit(shape: TileShape, tiles, size: float, code: BrailleCode) -> int | None:
    """The index of the first tile type whose braille type number finds no room `APART` clear of its lines
    and edge at `size`, or None when every one does."""
    for i, tile in enumerate(tiles):
        w, h = braille_size(coordinate(str(tile.id), code))
        if free_spot(shape, tuple(tuple(p) for p in tile.pairs), size, w, h, Point(0.25 * shape.width, 0.8)) is None:
            return i
    return None


def tactile_size(shape: TileShape, tiles, least: float, code: BrailleCode) -> float | None:
    """The smallest whole size in mm from `least` at which every tile type's braille type number has room
    `APART` clear of its lines (`least` itself when it has), or None up to `LARGEST`.

    Two lines a square tile have room at 50 mm; three a hexagon (a triple crossing in the middle) need 71,
    four (two ports a side) 94. A type without room at one size is tried first at the next.
    """
    order = list(tiles)
    for size in [least] + [float(s) for s in range(math.floor(least) + 1, math.floor(LARGEST) + 1)]:
        misfit = braille_misfit(shape, order, size, code)
        if misfit is None:
            return size
        order.insert(0, order.pop(misfit))
    return None


class TileLabel(NamedTuple):
    """Where a tactile tile's braille type number went (mm, tile frame: left, bottom, width, height)."""

    x: float
    y: float
    w: float
    h: float


def tactile_tile(shape: TileShape, tile: TileType, size: float, code: BrailleCode, red: str | None = None,
                 outline: bool = True, label: float = LABEL, red_width: float = 0.0) -> list[Item]:
    """A whole tactile tile in its own frame: raised lines, the type number in braille, its edge, and
    (`red`) a sighted label, flat, over the braille, `label` mm high (16 pt in large print); a label
    `red_width` mm wide that would run past the tile's right edge starts as far left as keeps it 1 mm inside
    (a class set's `K7 · 3·4` at 16 pt)."""
    pairs = tuple(tuple(p) for p in tile.pairs)
    items = tile_lines(shape, tile, size)
    cells = coordinate(str(tile.id), code)
    w, h = braille_size(cells)
    spot = free_spot(shape, pairs, size, w, h, Point(0.25 * shape.width, 0.8))
    if spot is None:
        raise ValueError(f"no room {APART:g} mm clear of the lines for the braille of type {tile.id} at {size:g} mm")
    x, y = spot
    items += braille_items(cells, x, y + h)
    if red:
        right = shape.width * size - 1.0
        items.append(Text(x if x + red_width <= right else max(1.0, right - red_width), y + h + 1.5, red, label,
                          bold=True, colour=RED))
    if outline:
        items.append(edge_outline(shape, size))
    return items


def edge_outline(shape: TileShape, size: float) -> Item:
    """The tile's edge, as its shape draws it (`layout/shapes`), in the thin line type: the line it is cut along."""
    from papergame.layout.shapes import shape_layout

    outline = shape_layout(shape).outline(shape, size, 0.0)
    assert isinstance(outline, (Rect, Polygon)), "a shape's outline is a rectangle or a polygon"
    return outline._replace(width=EDGE)


# --- tokens: point symbols of different shapes ----------------------------------------------------

TOKEN_SHAPES = ("ring", "square", "triangle")  # the keys of TOKEN_DRAWERS, in the order tokens take them


def token_shape(index: int) -> str:
    """The shape of the game's token number `index` (0: the first player's)."""
    return TOKEN_SHAPES[index % len(TOKEN_SHAPES)]


def ring(cx: float, cy: float, size: float, cut: str) -> Item:
    return Circle(cx, cy, size / 2 - PATH / 2, width=PATH, stroke=0.0, fill=None, cut=cut)


def solid_square(cx: float, cy: float, size: float, cut: str) -> Item:
    side = size * 0.9
    return Rect(cx - side / 2, cy - side / 2, side, side, width=0, stroke=None, fill=0.0, cut=cut)


def solid_triangle(cx: float, cy: float, size: float, cut: str) -> Item:
    r, h = size / 2, size * math.sqrt(3) / 2
    return Polygon(((cx - r, cy - h / 2), (cx, cy + h / 2), (cx + r, cy - h / 2)), width=0, stroke=None, fill=0.0,
                   cut=cut)


TOKEN_DRAWERS = {"ring": ring, "square": solid_square, "triangle": solid_triangle}


def token_items(shape: str, cx: float, cy: float, size: float = TOKEN, cut: str = "cut") -> list[Item]:
    """A token to cut out (`cut` "none": a picture of one): a raised ring, a solid square or a solid triangle,
    `size` mm across."""
    return [TOKEN_DRAWERS[shape](cx, cy, size, cut)]
