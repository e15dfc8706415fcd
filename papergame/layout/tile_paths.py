"""The lines of one tile as geometry, in tile units: curves, where they cross, their styles, free room.

A tile is 1 high with its bounding box from (0, 0) (GEOMETRY.md). Every line is a cubic
Bézier curve that leaves each port at right angles to its side:

- between neighbouring (or further) sides, the two handles point along the ports' inward
  normals towards the point X where those normals meet, each a fixed share `κ` of its
  distance to X. For two ports equally far from a corner that is the circular arc round
  the corner; otherwise a quarter of an ellipse. Nested lines are scaled copies of each
  other, so they never cross, and lines whose ends alternate cross once;
- between opposite sides (parallel normals) an S, or a straight line when the ports face;
- between two ports of one side a small loop;
- where no handles make a tile legible (hexagon 5's three diameters, eight-port 35's four S-curves, all crossing at
  the centre), lines are bent at their middles into two cubics each (`bent`, `bends`), still square at the ports.

Where two lines cross is found from the curves themselves (flattened into short chords),
never from the port order; the port order only checks the result (`lines_cross`).
Everything here is cached per (shape, pairs), so a kit of many tiles stays fast.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate, repeat
from operator import add, mul, sub

from papergame.records import NamedTuple
from papergame.model.geometry import Point, TileShape

Bezier = tuple[Point, Point, Point, Point]
Path = tuple[Bezier, ...]  # a line: one cubic, or cubics end to end where its middle is bent (`bent`)
Bend = tuple[float, float, float]  # a line's middle moved (across, along) and its direction there turned (radians)

SAMPLES = 32  # chords per curve for crossings and free room
LOOP = 0.75  # handle of a same-side loop, as a share of the distance between its ports
S_HANDLE = 0.42  # handle of an S between opposite sides, as a share of the distance across
NUDGES = (1.0, 0.85, 1.2, 0.7, 1.4, 0.55, 1.6)  # handle scales tried when a drawing crosses wrongly


class Crossing(NamedTuple):
    """Lines `one` and `other` (one < other) cross at `point`, `at_one` and `at_other` along each
    line's length, at `angle` radians. Which passes over is the drawing's choice."""

    one: int
    other: int
    point: Point
    at_one: float
    at_other: float
    angle: float


class TileDrawing(NamedTuple):
    curves: tuple[Path, ...]  # one per pair, in the tile's pair order: its cubic, or its two where it is bent
    polylines: tuple[tuple[Point, ...], ...]  # SAMPLES + 1 points along each cubic of a line (shared at a joint)
    lengths: tuple[tuple[float, ...], ...]  # running length along each polyline
    crossings: tuple[Crossing, ...]
    styles: tuple[int, ...]  # a style number per line; lines that cross never share one
    wrong: int  # pairs of lines that cross more often than they must (0 when all is well)


def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return Point(a.x + b.x * k, a.y + b.y * k)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def handles(shape: TileShape, a: str, b: str) -> tuple[float, float]:
    """How far each control point lies from its port, before any nudge."""
    p, q = shape.port_point(a), shape.port_point(b)
    na, nb = shape.inward(a), shape.inward(b)
    d = _dist(p, q)
    if shape.side_of(a) == shape.side_of(b):
        return LOOP * d, LOOP * d
    cross = na.x * nb.y - na.y * nb.x
    if abs(cross) < 1e-9:  # opposite sides
        across = (q.x - p.x) * na.x + (q.y - p.y) * na.y
        offset = abs((q.x - p.x) * na.y - (q.y - p.y) * na.x)
        h = across / 3 if offset < 1e-9 else S_HANDLE * across
        return h, h
    # p + na*u = q + nb*v
    dx, dy = q.x - p.x, q.y - p.y
    u = (dx * nb.y - dy * nb.x) / cross
    v = (dx * na.y - dy * na.x) / cross
    if u <= 0 or v <= 0:
        return 0.4 * d, 0.4 * d
    turn = math.pi - math.acos(max(-1.0, min(1.0, na.x * nb.x + na.y * nb.y)))
    kappa = 4 / 3 * math.tan(turn / 4) / math.tan(turn / 2)
    return kappa * u, kappa * v


Nudge = float | tuple[float, float]  # a scale for both handles of a line, or one for each (its first port's first)


def curve(shape: TileShape, a: str, b: str, nudge: Nudge = 1.0) -> Bezier:
    p, q = shape.port_point(a), shape.port_point(b)
    ha, hb = handles(shape, a, b)
    na, nb = nudge if isinstance(nudge, tuple) else (nudge, nudge)
    return (p, _add(p, shape.inward(a), ha * na), _add(q, shape.inward(b), hb * nb), q)


def bent(c: Bezier, bend: Bend) -> Path:
    """A line split at its middle into two cubics whose shared end is moved `across` (to the left of its way) and
    `along` its way, and whose direction there is turned by `turn` radians: both ports keep their handles, so the
    line still leaves each square to its side, and the two cubics meet smoothly. Three diameters of a hexagon
    (straight whatever their handles) or four S-curves symmetric about the centre are bent so that their
    crossings stand apart.

    >>> a, b = bent((Point(0, 0), Point(0, 1), Point(0, 2), Point(0, 3)), (0.5, 0.0, 0.0))
    >>> a[3] == b[0] == Point(-0.5, 1.5), a[:2] == (Point(0, 0), Point(0, 0.5)), b[2:] == (Point(0, 2.5), Point(0, 3))
    (True, True, True)
    """
    across, along, turn = bend
    first, second = split(c, 0.0, 0.5), split(c, 0.5, 1.0)
    m = first[3]
    tx, ty = second[1].x - m.x, second[1].y - m.y
    length = math.hypot(tx, ty)
    tx, ty = tx / length, ty / length
    mid = Point(m.x - ty * across + tx * along, m.y + tx * across + ty * along)
    cos, sin = math.cos(turn), math.sin(turn)
    rx, ry = tx * cos - ty * sin, tx * sin + ty * cos
    back, on = _dist(first[2], m), length
    return ((first[0], first[1], Point(mid.x - rx * back, mid.y - ry * back), mid),
            (mid, Point(mid.x + rx * on, mid.y + ry * on), second[2], second[3]))


def point_at(c: Bezier, t: float) -> Point:
    s = 1 - t
    w0, w1, w2, w3 = s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t
    return Point(w0 * c[0].x + w1 * c[1].x + w2 * c[2].x + w3 * c[3].x,
                 w0 * c[0].y + w1 * c[1].y + w2 * c[2].y + w3 * c[3].y)


def split(c: Bezier, t0: float, t1: float) -> Bezier:
    """The part of a cubic between parameters t0 and t1, as a cubic of its own."""
    def at(t: float) -> tuple[Point, Point]:  # point and derivative
        s = 1 - t
        d = Point(3 * (s * s * (c[1].x - c[0].x) + 2 * s * t * (c[2].x - c[1].x) + t * t * (c[3].x - c[2].x)),
                  3 * (s * s * (c[1].y - c[0].y) + 2 * s * t * (c[2].y - c[1].y) + t * t * (c[3].y - c[2].y)))
        return point_at(c, t), d
    (p0, d0), (p3, d3) = at(t0), at(t1)
    k = (t1 - t0) / 3
    return (p0, _add(p0, d0, k), _add(p3, d3, -k), p3)


def flatten(c: Bezier) -> tuple[Point, ...]:
    """SAMPLES + 1 points along the curve, `point_at` each (its sums written out here, in its order, and the
    points made as `Point` makes them: the same numbers, without a call a point; 5,548 points an eight-port kit)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = c
    out = []
    for i in range(SAMPLES + 1):
        t = i / SAMPLES
        s = 1 - t
        w0, w1, w2, w3 = s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t
        out.append(_new_point(Point, (w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3, w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3)))
    return tuple(out)


_new_point = tuple.__new__  # what Point(x, y) calls with (Point, (x, y))


def _running(points: tuple[Point, ...]) -> tuple[float, ...]:
    out, total = [0.0], 0.0
    hypot = math.hypot
    for (px, py), (qx, qy) in zip(points, points[1:]):
        total += hypot(px - qx, py - qy)  # _dist(p, q)
        out.append(total)
    return tuple(out)


CHUNK = 8


def _boxes(points: tuple[Point, ...]) -> list[tuple[int, float, float, float, float]]:
    out = []
    for i in range(0, len(points) - 1, CHUNK):
        xs, ys = zip(*points[i:i + CHUNK + 1])
        out.append((i, min(xs), min(ys), max(xs), max(ys)))
    return out


def intersections(one: tuple[Point, ...], other: tuple[Point, ...]) -> list[tuple[int, float, int, float]]:
    """Every crossing of two polylines: (chord of one, fraction, chord of other, fraction)."""
    hits: list[tuple[int, float, int, float]] = []
    boxes = _boxes(other)
    # each chord of `other` once: its start and its run (q1.x, q1.y, q2.x - q1.x, q2.y - q1.y)
    chords = [(q1x, q1y, q2x - q1x, q2y - q1y) for (q1x, q1y), (q2x, q2y) in zip(other, other[1:])]
    for i0, ax0, ay0, ax1, ay1 in _boxes(one):
        for j0, bx0, by0, bx1, by1 in boxes:
            if ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0:
                continue
            for i in range(i0, min(i0 + CHUNK, len(one) - 1)):
                (p1x, p1y), (p2x, p2y) = one[i], one[i + 1]
                rx, ry = p2x - p1x, p2y - p1y
                for j in range(j0, min(j0 + CHUNK, len(chords))):
                    # where the chords cross, as fractions along each (written out here: 14,848 calls a kit)
                    q1x, q1y, sx, sy = chords[j]
                    den = rx * sy - ry * sx
                    if abs(den) < 1e-15:
                        continue
                    qx, qy = q1x - p1x, q1y - p1y
                    t = (qx * sy - qy * sx) / den
                    u = (qx * ry - qy * rx) / den
                    if 0 <= t < 1 and 0 <= u < 1 and not any(abs(i + t - a - f) < 1e-6 for a, f, _, _ in hits):
                        hits.append((i, t, j, u))  # (a crossing on a shared vertex counts once)
    return hits


def colour(count: int, edges: list[tuple[int, int]]) -> tuple[int, ...]:
    """Greedy colouring in line order: each line takes the first style no crossing line before it has.

    >>> colour(3, [(0, 1), (1, 2), (0, 2)])
    (0, 1, 2)
    >>> colour(4, [(0, 1), (2, 3)])
    (0, 1, 0, 1)
    """
    styles: list[int] = []
    for i in range(count):
        taken = {styles[a] for a, b in edges if b == i and a < i} | {styles[b] for a, b in edges if a == i and b < i}
        styles.append(next(s for s in range(count + 1) if s not in taken))
    return tuple(styles)


@lru_cache(maxsize=16384)
def _line(shape: TileShape, a: str, b: str, nudge: Nudge, bend: Bend | None = None
          ) -> tuple[Path, tuple[Point, ...], tuple[float, ...]]:
    """One line as `_build` needs it: its cubics, its points and the running length along them (kept: the search of
    `legible` builds a tile's drawing again and again with one line's handles changed, the others as they were)."""
    c = curve(shape, a, b, nudge)
    if bend is None:
        points = flatten(c)
        return (c,), points, _running(points)
    path = bent(c, bend)
    points = flatten(path[0]) + flatten(path[1])[1:]
    return path, points, _running(points)


@lru_cache(maxsize=65536)
def _hits(shape: TileShape, one: tuple, other: tuple) -> tuple:
    """`intersections` of two lines each given as (port, port, nudge) or (port, port, nudge, bend), kept as `_line` is."""
    return tuple(intersections(_line(shape, *one)[1], _line(shape, *other)[1]))


def _build(shape: TileShape, pairs: tuple[tuple[str, str], ...], nudges: tuple[Nudge, ...],
           bends: tuple[Bend | None, ...] | None = None) -> TileDrawing:
    keys: tuple[tuple, ...] = tuple((a, b, n) for (a, b), n in zip(pairs, nudges))
    if bends is not None:
        keys = tuple(k if bend is None else (*k, bend) for k, bend in zip(keys, bends))
    lines = tuple(_line(shape, *k) for k in keys)
    curves = tuple(c for c, _, _ in lines)
    polylines = tuple(p for _, p, _ in lines)
    lengths = tuple(r for _, _, r in lines)
    crossings: list[Crossing] = []
    wrong = 0
    for i in range(len(pairs)):
        for j in range(i + 1, len(pairs)):
            hits = _hits(shape, keys[j], keys[i])
            must = shape.lines_cross(pairs[i], pairs[j])
            if len(hits) != (1 if must else 0):
                wrong += 1
            for cj, fj, ci, fi in hits:
                pj, qj = polylines[j][cj], polylines[j][cj + 1]
                pi, qi = polylines[i][ci], polylines[i][ci + 1]
                point = Point(pj.x + (qj.x - pj.x) * fj, pj.y + (qj.y - pj.y) * fj)
                at_j = lengths[j][cj] + (lengths[j][cj + 1] - lengths[j][cj]) * fj
                at_i = lengths[i][ci] + (lengths[i][ci + 1] - lengths[i][ci]) * fi
                a1 = math.atan2(qj.y - pj.y, qj.x - pj.x)
                a2 = math.atan2(qi.y - pi.y, qi.x - pi.x)
                angle = abs(math.sin(a1 - a2))
                crossings.append(Crossing(i, j, point, at_i, at_j, math.asin(min(1.0, angle))))
    edges = sorted({(c.one, c.other) for c in crossings})
    return TileDrawing(curves, polylines, lengths, tuple(crossings), colour(len(pairs), edges), wrong)


APART = 0.1  # tile units: lines that do not cross keep at least this far apart (centre to centre) if they can


def apart(d: TileDrawing, i: int, j: int) -> float:
    """How near lines i and j come (centre to centre, their ends left out), in tile units, to about
    a hundredth: every second point of each, skipped at once where their boxes lie far apart."""
    return _lines_apart(d.polylines[i], d.polylines[j])


@lru_cache(maxsize=65536)
def _lines_apart(line: tuple[Point, ...], other_line: tuple[Point, ...]) -> float:
    """`apart` of two lines' points (kept: `legible` asks it of the same two lines in drawing after drawing)."""
    one, other = line[1:-1:2], other_line[1:-1:2]
    (xs, ys), (oxs, oys) = zip(*one), zip(*other)
    if (min(xs) - max(oxs) > APART or min(oxs) - max(xs) > APART
            or min(ys) - max(oys) > APART
            or min(oys) - max(ys) > APART):
        return APART
    return math.sqrt(min((px - qx) ** 2 + (py - qy) ** 2 for px, py in one for qx, qy in other))


def closest(d: TileDrawing) -> tuple[float, tuple[int, int]]:
    """The nearest approach of two lines that do not cross, and which two."""
    crossing = {(c.one, c.other) for c in d.crossings}
    best, which = math.inf, (0, 0)
    for i in range(len(d.curves)):
        for j in range(i + 1, len(d.curves)):
            if (i, j) not in crossing:
                near = apart(d, i, j)
                if near < best:
                    best, which = near, (i, j)
    return best, which


def spread(shape: TileShape, pairs: tuple[tuple[str, str], ...], d: TileDrawing,
           nudges: list[Nudge]) -> tuple[TileDrawing, list[Nudge]]:
    """Two lines that do not cross but come within APART of each other (eight-port 9, 31, 32: two
    big arcs nearly touching in the middle) get their handles nudged, one pair at a time, keeping
    every crossing right and no other pair nearer than before. The drawing and its nudges."""
    for _ in range(len(pairs)):
        near, (a, b) = closest(d)
        if near >= APART:
            return d, nudges
        better = None
        for line in (a, b):
            for n in NUDGES[1:]:
                trial = nudges[:line] + [n] + nudges[line + 1:]
                candidate = _build(shape, pairs, tuple(trial))
                if (candidate.wrong == 0 and apart(candidate, a, b) > near + 1e-6
                        and closest(candidate)[0] >= near - 1e-9):
                    better = (candidate, trial)
                    break
            if better:
                break
        if better is None:
            return d, nudges
        d, nudges = better
    return d, nudges


# --- legibility: what a child must be able to read off a tile's lines ----------------------------

CROSSINGS_APART = 0.145  # tile units between any two crossings (see `shortfall`)
AIM = 0.17  # ... and what a drawing searched for because it has two nearer aims for (see `legible`)
LEAST_ANGLE = math.radians(30)  # the least angle two lines cross at
SEARCH = (0.85, 1.2, 0.7, 1.4, 0.55, 0.4, 0.25)  # the handle scales `legible` tries for a line, nearest 1 first
ENDS = (2.0, 0.25, 1.7, 0.4, 1.4, 0.55, 1.2, 0.7, 0.85)  # and for one end of a line, furthest first (a longer handle at one end moves an S's middle)


def shortfall(d: TileDrawing, crossings_apart: float = CROSSINGS_APART) -> float:
    """How far a drawing falls short of being legible, 0 when it is:

    - every two crossings stand `crossings_apart` apart (CROSSINGS_APART, 0.145 of a tile: 5.1 mm at 35 mm), so
      that each over/under has a bridge of its own, three lines never cross at one spot, and a line passing under
      two others shows a stub between the two bridges: tile_art leaves it only where the bridges' gaps stay 1.5
      line widths (at least 1.5 mm) apart, so two crossings under an outlined line need 4.9 mm along it at 35 mm
      and 60 mm at right angles (0.139 of a tile; 0.145 down to 75 degrees), 3.6 mm at 20 mm (0.18);
    - two lines that do not cross keep APART apart (`apart`);
    - lines cross at LEAST_ANGLE or more.

    Each rule's shortfall is summed as a share of what it asks, so a search sees every step towards it."""
    total = 0.0
    hypot = math.hypot
    points = [c.point for c in d.crossings]
    for n, (px, py) in enumerate(points):
        for qx, qy in points[n + 1:]:
            gap = hypot(px - qx, py - qy)
            if gap < crossings_apart:
                total += (crossings_apart - gap) / crossings_apart
    for c in d.crossings:
        if c.angle < LEAST_ANGLE:
            total += (LEAST_ANGLE - c.angle) / LEAST_ANGLE
    crossing = {(c.one, c.other) for c in d.crossings}
    for i in range(len(d.curves)):
        for j in range(i + 1, len(d.curves)):
            if (i, j) not in crossing:
                near = apart(d, i, j)
                if near < APART:
                    total += (APART - near) / APART
    return total


BUDGET = 80  # the most drawings `legible` builds for one tile (about 1 ms each)
INK = (0.022, 0.038, 0.022, 0.028, 0.048, 0.038)  # tile units: half of each style's ink at 20 mm, the widest
# (tile_art.outer_width / 2 / 20: solid, outlined, dashed, dotted, triple, ladder; tests/test_crossings checks them)


def _kept_inside(shape: TileShape, d: TileDrawing) -> bool:
    """Whether every line's ink (INK either side of it) stays inside the outline (a short handle turns a
    line so soon after its port that the outer edge of its stroke would cross the tile's side)."""
    return all(_line_inside(shape, points, style) for points, style in zip(d.polylines, d.styles))


@lru_cache(maxsize=16384)
def _line_inside(shape: TileShape, points: tuple[Point, ...], style: int) -> bool:
    """`_kept_inside` of one line (kept: the search asks it of the same line in drawing after drawing)."""
    ink = INK[min(style, len(INK) - 1)]
    # at each point but the ports (where a line leaves at right angles), across the chord through its neighbours
    for (ax, ay), (px, py), (bx, by) in zip(points, points[1:], points[2:]):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        nx, ny = (ay - by) / length * ink, (bx - ax) / length * ink
        if inside_by(shape, px + nx, py + ny) < 0 or inside_by(shape, px - nx, py - ny) < 0:
            return False
    return True


def _straight(path: Path) -> bool:
    """Whether a line is one straight cubic whatever its handles (ports facing across the tile)."""
    if len(path) != 1:
        return False
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = path[0]
    dx, dy = x3 - x0, y3 - y0
    return abs(dx * (y1 - y0) - dy * (x1 - x0)) < 1e-12 and abs(dx * (y2 - y0) - dy * (x2 - x0)) < 1e-12


def _moves(lines: list[int], count: int, nudges: list[Nudge], phase: int) -> Iterator[list[Nudge]]:
    """The nudges one step of `legible` tries from `nudges`: every line's handles scaled alike (phase 0), one
    line's (1), one end of one line (2), the scales nearest 1 first."""
    if phase == 0:
        for n in SEARCH:
            yield [n if i in lines else nudges[i] for i in range(count)]
        return
    for line in lines:
        now = nudges[line]
        a0, b0 = now if isinstance(now, tuple) else (now, now)
        trials: list[Nudge] = []
        if phase == 1:
            trials += [n for n in SEARCH if n != now]
        else:
            trials += [(e, b0) for e in ENDS if e != a0] + [(a0, e) for e in ENDS if e != b0]
        for trial in trials:
            yield nudges[:line] + [trial] + nudges[line + 1:]


def legible(shape: TileShape, pairs: tuple[tuple[str, str], ...], d: TileDrawing,
            nudges: list[Nudge]) -> TileDrawing:
    """The drawing, unchanged when it is legible (`shortfall` 0) or its crossings are wrong; else the
    handle nudges are searched for the drawing with every crossing right that falls shortest of legible with its
    crossings AIM apart (0.17: 6 mm at 35 mm, nearer what 20 mm asks; asked of every tile, it would redraw
    eight-port 29 and 30 too, whose crossings stand 0.147 apart, and shrink 30's type number to 10.8 pt):
    every line's handles scaled alike, then one line's, then one end of a line at a time (`_moves`), each
    step kept when it falls shorter than the best so far, a phase tried again while it finds one, until
    one meets AIM or BUDGET drawings have been built. Lines that stay straight whatever their handles
    are left as they are. Deterministic: the same tile gives the same drawing (and `drawing` keeps it)."""
    if d.wrong or shortfall(d) == 0:
        return d
    score = shortfall(d, AIM)
    best = d
    lines = [i for i, c in enumerate(d.curves) if not _straight(c)]
    built = 0
    for phase in range(3):
        found = True
        while found:
            found = False
            for trial in _moves(lines, len(pairs), nudges, phase):
                if trial == nudges or built >= BUDGET:
                    continue
                built += 1
                candidate = _build(shape, pairs, tuple(trial))
                if candidate.wrong:
                    continue
                s = shortfall(candidate, AIM)
                if s < score - 1e-9 and _kept_inside(shape, candidate):
                    best, score, nudges, found = candidate, s, trial, True
                    if score == 0:
                        return best
                    break
    return bends(shape, pairs, best, nudges)


BENDS = (0.02, -0.02, 0.04, -0.04, 0.06, -0.06, 0.08, -0.08)  # tile units a line's middle is moved by (`bends`)
TURNS = (0.1, -0.1, 0.2, -0.2)  # radians its direction there is turned by
# the score a bend costs: this times the square of how far (tile units) its middle moves, so that several lines bend
# a little rather than one much
BEND_COST = 30.0
BEND_BUDGET = 400  # the most drawings `bends` builds for one tile


def bends(shape: TileShape, pairs: tuple[tuple[str, str], ...], d: TileDrawing, nudges: list[Nudge]) -> TileDrawing:
    """The drawing, unchanged when it is legible; else, where its handles could not make it so (hexagon 5's three
    diameters, straight whatever their handles; eight-port 35's four S-curves, all crossing at the centre), its
    lines bent at their middles (`bent`): one bend of one line at a time, the one that falls shortest of legible
    with crossings AIM apart (a bend's size counted too, BEND_COST), until no bend helps or BEND_BUDGET drawings have
    been built. Kept only when it is legible. Deterministic."""
    if d.wrong or shortfall(d) == 0:
        return d
    now: list[Bend] = [(0.0, 0.0, 0.0)] * len(pairs)

    def cost(b: list[Bend]) -> float:
        return BEND_COST * sum(x * x + y * y for x, y, _ in b)
    best, score, built = d, shortfall(d, AIM), 0
    while built < BEND_BUDGET and score > 0:
        step = None
        for line in range(len(pairs)):
            x, y, turn = now[line]
            for trial in ([(x + v, y, turn) for v in BENDS] + [(x, y + v, turn) for v in BENDS]
                          + [(x, y, turn + v) for v in TURNS]):
                built += 1
                b = now[:line] + [trial] + now[line + 1:]
                candidate = _build(shape, pairs, tuple(nudges), tuple(None if k == (0.0, 0.0, 0.0) else k for k in b))
                if candidate.wrong:
                    continue
                s = shortfall(candidate, AIM) + cost(b)
                if (step is None or s < step[0] - 1e-9) and _kept_inside(shape, candidate):
                    step = (s, candidate, b)
        if step is None or step[0] >= score + cost(now) - 1e-9:
            break
        score, best, now = step[0] - cost(step[2]), step[1], step[2]
    return best if shortfall(best) == 0 else d


@lru_cache(maxsize=4096)
def drawing(shape: TileShape, pairs: tuple[tuple[str, str], ...]) -> TileDrawing:
    """The tile's lines with the fewest wrong crossings: first as designed, then with the handles nudged;
    lines that do not cross but nearly touch are then spread apart (`spread`), and a drawing still not
    legible searched for one that is (`legible`)."""
    pairs = tuple(tuple(p) for p in pairs)  # type: ignore[misc]
    best = _build(shape, pairs, (1.0,) * len(pairs))
    if best.wrong == 0:
        return legible(shape, pairs, *spread(shape, pairs, best, [1.0] * len(pairs)))
    # nudge one line at a time, keeping any nudge that helps
    nudges: list[Nudge] = [1.0] * len(pairs)
    for _ in range(2):
        for i in range(len(pairs)):
            for n in NUDGES[1:]:
                trial = nudges[:i] + [n] + nudges[i + 1:]
                candidate = _build(shape, pairs, tuple(trial))
                if candidate.wrong < best.wrong:
                    best, nudges = candidate, trial
                    if best.wrong == 0:
                        return legible(shape, pairs, best, nudges)
    return best


def piece(d: TileDrawing, line: int, start: float, end: float) -> Path:
    """The part of a line between two distances along it, as a cubic (two where it runs over a bent line's joint)."""
    lengths = d.lengths[line]
    total = lengths[-1]
    path = d.curves[line]

    def t_at(s: float) -> float:  # along the line's cubics: cubic k from k to k + 1
        s = max(0.0, min(total, s))
        for i in range(SAMPLES * len(path)):
            if lengths[i + 1] >= s:
                span = lengths[i + 1] - lengths[i]
                return (i + ((s - lengths[i]) / span if span > 0 else 0.0)) / SAMPLES
        return float(len(path))

    t0, t1 = t_at(start), t_at(end)
    if len(path) == 1:
        return (split(path[0], t0, t1),)
    out = []
    for k, c in enumerate(path):
        a, b = max(t0, k), min(t1, k + 1)
        if b > a or (t0 == t1 == a and k == min(int(t0), len(path) - 1)):
            out.append(split(c, a - k, b - k))
    return tuple(out)


# --- free room for labels: an occupancy grid over the tile ---------------------------------

GRID = 48  # cells across the tile's height


class Room(NamedTuple):
    """Cells of the tile (in tile units, `step` wide) that are inside it and clear of every line, each row of
    cells as an integer (bit c set for the cell in column c), row 0 at the bottom."""

    step: float
    cols: int
    rows: int
    free_bits: tuple[int, ...]  # the cells far enough inside the outline and clear of every line
    inside_bits: tuple[int, ...]  # the cells far enough inside the outline, lines or not


def inside_by(shape: TileShape, x: float, y: float) -> float:
    """How far (tile units) a point lies inside the outline; negative outside."""
    corners = shape.corners()
    best = math.inf
    for i, a in enumerate(corners):
        b = corners[(i + 1) % len(corners)]
        ex, ey = b.x - a.x, b.y - a.y
        length = math.hypot(ex, ey)
        # inward normal of a clockwise polygon: the edge direction turned right
        best = min(best, ((x - a.x) * -ey + (y - a.y) * ex) / -length)
    return best


def inward_sides(shape: TileShape) -> tuple[tuple[float, float, float, float], ...]:
    """Each side of the outline as a corner on it (x, y) and its unit inward normal (nx, ny)."""
    corners = shape.corners()
    sides = []
    for i, a in enumerate(corners):
        b = corners[(i + 1) % len(corners)]
        ex, ey = b.x - a.x, b.y - a.y
        length = math.hypot(ex, ey)
        sides.append((a.x, a.y, ey / length, -ex / length))
    return tuple(sides)


@lru_cache(maxsize=64)
def _inside_bits(shape: TileShape, grid: int, margin: float) -> tuple[int, ...]:
    """Cells lying wholly at least `margin` inside the outline, a row's as bits, found by bisection.

    Along a row, each side's sum `base + x * nx` only grows (nx > 0), only falls (nx < 0) or stays
    (floating-point sums and products keep their order), so the cells far enough inside that side are a
    run at one end, and those inside every side the runs' overlap.
    The same sums are compared with the same `slack` as a cell-by-cell search (tests/test_label_room.py keeps
    one), so the cells are exactly its."""
    step = 1.0 / grid
    cols = math.ceil(shape.width / step)
    slack = margin + step / 2 * math.sqrt(2)
    edges = inward_sides(shape)
    xs = [(c + 0.5) * step for c in range(cols)]
    rows = []
    for r in range(grid):
        y = (r + 0.5) * step
        lo, hi = 0, cols  # the run of columns inside every side so far: [lo, hi)
        for ax, ay, nx, ny in edges:
            base = (y - ay) * ny - ax * nx
            if nx > 0:  # inside from the first column whose sum reaches slack on
                lo = max(lo, bisect_left(xs, True, key=lambda x: base + x * nx >= slack))
            elif nx < 0:  # inside up to the first column whose sum falls short
                hi = min(hi, bisect_left(xs, True, key=lambda x: not base + x * nx >= slack))
            elif not base + xs[0] * nx >= slack:
                lo, hi = 0, 0
        rows.append((1 << hi) - (1 << lo) if hi > lo else 0)
    return tuple(rows)


@lru_cache(maxsize=4096)
def room(shape: TileShape, pairs: tuple[tuple[str, str], ...], clearance: tuple[float, ...],
         margin: float, grid: int = GRID) -> Room:
    """Free cells: at least `margin` inside the outline and `clearance[i]` from line i (tile units).

    A cell counts as free only if all of it is that far away, so a finer `grid` finds more room.
    """
    step = 1.0 / grid
    cols, rows = math.ceil(shape.width / step), grid
    inside = _inside_bits(shape, grid, margin)
    blocked = [0] * rows  # each row's blocked cells, as bits
    for line, samples in enumerate(_samples(shape, pairs, grid)):
        # a cell is blocked if its centre is within reach of a sample point; samples are at most
        # `step` apart, so none of the cell is nearer the line than `clearance`
        reach = clearance[line] + step / 2 * math.sqrt(2) + step / 2
        for r, bits in enumerate(_line_blocked(samples, reach, grid, cols)):
            blocked[r] |= bits
    return Room(step, cols, rows, tuple(cells & ~off for cells, off in zip(inside, blocked)), inside)


@lru_cache(maxsize=4096)
def _line_blocked(samples: tuple[tuple[float, float, int], ...], reach: float, grid: int, cols: int
                  ) -> tuple[int, ...]:
    """Each row's cells (as bits) whose centre lies within `reach` of one of a line's sample points.

    Kept by the line's own points, not the tile's: a build asks again and again for the same line at
    the same reach (the tries of `label_places` with other lines' pads, the same curve on other tiles),
    and the rows of a tile are the OR of its lines' rows, in any order."""
    step = 1.0 / grid
    rows = grid
    blocked = [0] * rows
    centres = [(r + 0.5) * step for r in range(rows)]
    sqrt, ceil, floor, last = math.sqrt, math.ceil, math.floor, cols - 1
    reach2 = reach * reach
    k = math.ceil(reach / step)
    for px, py, pr in samples:
        lo = pr - k if pr > k else 0
        hi = pr + k + 1 if pr + k + 1 < rows else rows
        for r in range(lo, hi):
            dy = centres[r] - py
            left = reach2 - dy * dy
            if left < 0:
                continue
            half = sqrt(left)  # cells whose centre lies within half of px on this row
            c0 = ceil((px - half) / step - 0.5)
            c1 = floor((px + half) / step - 0.5)
            if c0 < 0:
                c0 = 0
            if c1 > last:
                c1 = last
            if c1 >= c0:
                blocked[r] |= (2 << c1) - (1 << c0)
    return tuple(blocked)


@lru_cache(maxsize=256)
def _samples(shape: TileShape, pairs: tuple[tuple[str, str], ...], grid: int
             ) -> tuple[tuple[tuple[float, float, int], ...], ...]:
    """Each line's polyline with points added so that none is more than a cell (1 / `grid`) from the
    next: (x, y, the row y lies in). The same for every clearance, so kept."""
    step = 1.0 / grid
    out = []
    hypot, ceil = math.hypot, math.ceil
    for points in drawing(shape, pairs).polylines:
        dense = []
        for (px, py), (qx, qy) in zip(points, points[1:]):
            n = max(1, ceil(hypot(px - qx, py - qy) / step))  # _dist(p, q)
            dx, dy = qx - px, qy - py
            dense += [(x, y, int(y / step)) for x, y in
                      [(px + dx * i / n, py + dy * i / n) for i in range(n)]]
        x, y = points[-1]
        dense.append((x, y, int(y / step)))
        out.append(tuple(dense))
    return tuple(out)


def _as_bits(grid) -> tuple[int, ...]:
    """Each row of cells as an integer, bit c set where cell c is true."""
    return tuple(sum(1 << c for c, cell in enumerate(cells) if cell) for cells in grid)


def spots(room_: Room, w: float, h: float, prefer: Point, taken: tuple[tuple[float, float, float, float], ...] = (),
          limit: int = 1) -> list[tuple[float, float]]:
    """Bottom-left corners of free w × h boxes (tile units), nearest `prefer` (their centre) first.

    `taken` boxes (x0, y0, x1, y1) are kept clear too, by a cell. Up to `limit` spots, each at
    least a box's size from the ones before, so that a caller trying several sees different places.
    """
    return list(spots_in_turn(room_, w, h, prefer, taken, limit))


def spots_in_turn(room_: Room, w: float, h: float, prefer: Point,
                  taken: tuple[tuple[float, float, float, float], ...] = (), limit: int = 1
                  ) -> Iterator[tuple[float, float]]:
    """`spots`, one at a time: a caller that stops at the first that suits it is spared working out the rest.

    Each box is sought only when the one before it has been taken (`_apart`)."""
    step = room_.step
    cw, ch = math.ceil(w / step), math.ceil(h / step)
    if cw > room_.cols or ch > room_.rows:
        return iter(())
    boxes = _free_boxes(room_.free_bits, cw, ch)  # bit c of boxes[r]: the cw × ch box at (c, r) is free
    x_off, y_off = (cw * step - w) / 2, (ch * step - h) / 2
    near = _ruled_out(taken, room_.cols, step, x_off, w)
    py = prefer.y
    rows = []  # (the row's distance up or down, y, its free boxes)
    for r, bits in enumerate(boxes):
        if not bits:
            continue
        y = r * step + y_off
        for ruled, y0, y1 in near:
            if y < y1 + step and y0 - step < y + h:
                bits &= ~ruled
        if bits:
            dy = y + h / 2 - py
            rows.append((abs(dy), dy, y, bits))
    rows.sort()
    return _apart(rows, step, x_off, w, h, prefer.x, limit)


def _row_nearest(bits: int, dy: float, y: float, step: float, x_off: float, half: float, px: float
                 ) -> tuple[float, float, float]:
    """A row's free box nearest the one preferred, as (distance of its centre from it, x, y): the least of
    every box's, found among the two nearest on each side of the preferred centre (the distance grows with
    every column further on either side)."""
    k = math.floor((px - half - x_off) / step)  # boxes in columns up to k lie left of the preferred centre
    if k < 0:
        lower, upper = 0, bits
    else:
        lower, upper = bits & ((2 << k) - 1), bits >> (k + 1) << (k + 1)
    near = []
    for _ in range(2):
        if lower:
            c = lower.bit_length() - 1
            near.append(c)
            lower ^= 1 << c
        if upper:
            low = upper & -upper
            near.append(low.bit_length() - 1)
            upper ^= low
    hypot = math.hypot
    return min((hypot(x + half - px, dy), x, y) for x in [c * step + x_off for c in near])


def _apart(rows: list[tuple[float, float, float, int]], step: float, x_off: float, w: float, h: float, px: float,
           limit: int) -> Iterator[tuple[float, float]]:
    """Up to `limit` boxes of the `rows` (sorted by their distance up or down), nearest first, each at least a
    box's size from those before: over and over, the nearest box no box given out before is too near.

    The same boxes as taking every box of every row in order of distance and passing over the ones too near
    one kept, without working out every box: the rows are looked at only until one is further up or down
    than the nearest box found (none in it can be nearer), and a box given out rules out, in the rows too near
    it, the columns too near it."""
    half = w / 2
    left = [row[3] for row in rows]  # each row's boxes not yet ruled out
    for _ in range(limit):
        best: tuple[float, float, float] | None = None
        for (across, dy, y, _), bits in zip(rows, left):
            if best is not None and across > best[0]:  # a box in this row or one further is further than `best`
                break
            if bits:
                here = _row_nearest(bits, dy, y, step, x_off, half, px)
                if best is None or here < best:
                    best = here
        if best is None:
            return
        _, ox, oy = best
        yield ox, oy
        oc = round((ox - x_off) / step)
        reach = math.ceil(w / step) + 1
        near = sum(1 << c for c in range(max(0, oc - reach), oc + reach + 1) if abs(c * step + x_off - ox) < w)
        for n, row in enumerate(rows):
            if abs(row[2] - oy) < h:
                left[n] &= ~near


@lru_cache(maxsize=64)
def _blocked_sums(free_bits: tuple[int, ...], cols: int) -> tuple[tuple[int, ...], ...]:
    """The summed-area table of the cells that are not free: sums[r][c] counts them in rows below r, columns left of c."""
    sums = [(0,) * (cols + 1)]
    every = (1 << cols) - 1
    for bits in free_bits:  # row by row: the row's running count added to the one below
        blocked = format(~bits & every, f"0{cols}b")[::-1].encode().translate(_DIGITS)  # 1 a blocked cell, by column
        sums.append(tuple(map(add, sums[-1], accumulate(blocked, initial=0))))
    return tuple(sums)


_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def _ruled_out(taken: tuple[tuple[float, float, float, float], ...], cols: int, step: float, x_off: float,
               w: float) -> list[tuple[int, float, float]]:
    """For each taken box (kept clear by a cell), the columns (as bits) where a box `w` wide starting
    there would come too near it across, with the box's y0, y1 (the rows where it does are tested by the caller)."""
    out = []
    for x0, y0, x1, y1 in taken:  # a box's left edge grows with its column, so the columns ruled out run on from
        # the first whose right edge passes x0 - step to the last whose left edge stays before x1 + step
        first = bisect_left(range(cols), True, key=lambda c: x0 - step < c * step + x_off + w)
        end = bisect_left(range(cols), True, key=lambda c: not c * step + x_off < x1 + step)
        out.append(((1 << end) - (1 << first) if end > first else 0, y0, y1))
    return out


@lru_cache(maxsize=1024)
def _free_boxes(free_bits: tuple[int, ...], cw: int, ch: int) -> tuple[int, ...]:
    """For each row r that a box ch rows high can start on, the columns c (as bits) where the cw × ch box
    from (c, r) holds only free cells: each row's runs of cw free cells, then ch such rows running up."""
    across = list(free_bits)
    span = 1
    while span < cw:  # bit c set: cells c .. c + span - 1 free; doubling (the last step overlaps)
        more = min(span, cw - span)
        across = [bits & (bits >> more) for bits in across]
        span += more
    up = across
    span = 1
    while span < ch:
        more = min(span, ch - span)
        up = [a & b for a, b in zip(up, up[more:])]
        span += more
    return tuple(up)


def find_spot(room_: Room, w: float, h: float, prefer: Point, taken: tuple[tuple[float, float, float, float], ...] = ()
              ) -> tuple[float, float] | None:
    """The bottom-left corner of a free w × h box (tile units) nearest `prefer` (its centre), or None."""
    found = spots(room_, w, h, prefer, taken)
    return found[0] if found else None


def least_blocked(room_: Room, w: float, h: float, prefer: Point,
                  taken: tuple[tuple[float, float, float, float], ...] = ()) -> tuple[float, float] | None:
    """The bottom-left corner of the w × h box (tile units) inside the room's outline margin that covers
    the fewest blocked cells (nearest `prefer` among equals), clear of `taken`; None if no box fits at all.

    For a label that finds no free room: it goes where it hides the least of the lines.
    """
    step = room_.step
    cw, ch = math.ceil(w / step), math.ceil(h / step)
    if cw > room_.cols or ch > room_.rows:
        return None
    sums, inside = _blocked_sums(room_.free_bits, room_.cols), room_.inside_bits
    x_off, y_off = (cw * step - w) / 2, (ch * step - h) / 2
    near = _ruled_out(taken, room_.cols, step, x_off, w)
    span = room_.cols - cw + 1  # the columns a box can start in
    every, over = (1 << span) - 1, cw * ch + 1  # `over`: more cells than a box holds
    scored = []  # (fewest blocked cells in the row, row, each column's count, `over` added where no box may go)
    for r in range(room_.rows - ch + 1):
        low, high = inside[r], inside[r + ch - 1]
        bits = low & (low >> (cw - 1)) & high & (high >> (cw - 1))  # the four corner cells inside
        y = r * step + y_off
        for ruled, y0, y1 in near:
            if y < y1 + step and y0 - step < y + h:
                bits &= ~ruled
        if not bits:
            continue
        top, bottom = sums[r + ch], sums[r]
        counts = map(sub, map(sub, top[cw:], bottom[cw:]), map(sub, top, bottom))
        shut = format(~bits & every, f"0{span}b")[::-1].encode().translate(_DIGITS)  # 1 where no box may go
        row = list(map(add, counts, map(mul, shut, repeat(over))))
        scored.append((min(row), r, row))
    if not scored:
        return None
    fewest = min(least for least, _, _ in scored)
    hypot, px, py = math.hypot, prefer.x, prefer.y
    best = min((hypot(c * step + x_off + w / 2 - px, r * step + y_off + h / 2 - py), c * step + x_off, r * step + y_off)
               for least, r, row in scored if least == fewest for c, blocked in enumerate(row) if blocked == fewest)
    return best[1], best[2]
