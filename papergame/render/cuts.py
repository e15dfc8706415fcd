"""What a cutter follows on a page: the paths whose cut role is "cut", in page coordinates.

Pure geometry over the display list (`layout/primitives.py`), no file format: the SVG
renderer writes what this returns. Two ways to cut a sheet:

- **shared** (the default): each edge two pieces share is cut once. Straight cuts that lie
  on one line are merged into one cut (a row of square tiles is cut by one long line, as
  with a guillotine); hexagon sides shared by two tiles appear once.
- **pieces**: every piece gets its own closed outline (a rectangle, a hexagon, a token's
  circle), which a print-then-cut program needs to treat each piece as one shape, and which
  a kerf can be applied to: each outline is moved outward by half the kerf, so the piece
  keeps its size once the beam has burnt away its width.

Coordinates are millimetres, y up from the bottom-left corner, as in the display list.
"""

from __future__ import annotations

import math
from typing import Iterator

from papergame.records import NamedTuple
from papergame.layout.primitives import Arc, Circle, Curve, Group, Item, Line, Page, Polygon, Rect

XY = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]  # (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SNAP = 1e-4  # mm: two ends closer than this are one point (0.1 µm, far below any cutter's step)
CURVE_STEPS = 24  # straight pieces an arc or curve is followed by when it must be a polyline


class CutPlan(NamedTuple):
    """How a sheet's cuts are written: shared edges once, or a closed outline a piece; the kerf; the layers."""

    pieces: bool = False  # a closed outline for every piece (else each shared edge once)
    kerf: float = 0.0  # mm: each closed outline is moved outward by half of it
    print_layer: bool = True
    score: bool = False  # a Score layer with the port lines (laser)


class CutShape(NamedTuple):
    """One cut: a polyline or a closed polygon, a circle, or a cubic Bézier curve (a scored port line)."""

    points: tuple[XY, ...] = ()
    closed: bool = False
    circle: tuple[float, float, float] | None = None  # cx, cy, r
    curve: tuple[XY, ...] | None = None  # its start, then each cubic's two control points and end


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The transform that applies `n`, then `m`."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def group_matrix(group: Group) -> Matrix:
    """A group's frame as the PDF renderer sets it: moved, turned `rotate` degrees clockwise, scaled."""
    t = math.radians(-group.rotate)
    cos, sin = math.cos(t), math.sin(t)
    s = group.scale
    return (cos * s, sin * s, -sin * s, cos * s, group.x, group.y)


def apply(m: Matrix, x: float, y: float) -> XY:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def placed(items, m: Matrix = IDENTITY) -> Iterator[tuple[Item, Matrix]]:
    """Every primitive of `items` (groups opened) with the transform that puts it on the page."""
    for item in items:
        if isinstance(item, Group):
            yield from placed(item.items, multiply(m, group_matrix(item)))
        else:
            yield item, m


def outline(item: Item, m: Matrix) -> CutShape | None:
    """A path as it lies on the page: a polygon, polyline or circle."""
    if isinstance(item, Rect):
        corners = ((item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
        return CutShape(tuple(apply(m, *p) for p in corners), closed=True)
    if isinstance(item, Polygon):
        return CutShape(tuple(apply(m, *p) for p in item.points), closed=item.closed)
    if isinstance(item, Line):
        return CutShape((apply(m, item.x1, item.y1), apply(m, item.x2, item.y2)))
    if isinstance(item, Circle):
        cx, cy = apply(m, item.cx, item.cy)
        return CutShape(circle=(cx, cy, item.r * math.hypot(m[0], m[1])))
    if isinstance(item, Arc):
        points = [(item.cx + item.r * math.cos(math.radians(item.start + item.extent * k / CURVE_STEPS)),
                   item.cy + item.r * math.sin(math.radians(item.start + item.extent * k / CURVE_STEPS)))
                  for k in range(CURVE_STEPS + 1)]
        return CutShape(tuple(apply(m, *p) for p in points))
    if isinstance(item, Curve):
        return CutShape(curve=tuple(apply(m, x, y) for x, y in item.points()))
    return None


def cut_outlines(page: Page, role: str = "cut") -> list[CutShape]:
    """Every path of the page whose cut role is `role`, as it lies on the page, in drawing order."""
    shapes = []
    for item, m in placed(page.items):
        if getattr(item, "cut", "none") == role:
            shape = outline(item, m)
            if shape is not None:
                shapes.append(shape)
    return shapes


def cut_shapes(page: Page, plan: CutPlan = CutPlan()) -> list[CutShape]:
    """The page's cuts as `plan` asks: each shared edge once, or a closed outline a piece (with the kerf)."""
    shapes = cut_outlines(page)
    if plan.pieces:
        return [offset(shape, plan.kerf / 2) for shape in pieces(shapes)]
    return shared(shapes)


def score_lines(page: Page) -> list[CutShape]:
    """The port lines, each once (an outlined line is drawn as two curves on one path): to score or engrave."""
    seen: dict[tuple, CutShape] = {}
    for item, m in placed(page.items):
        if isinstance(item, (Curve, Line, Arc)) and item.role == "port":
            shape = outline(item, m)
            if shape is not None:
                seen.setdefault(key_of(shape), shape)
    return list(seen.values())


def key_of(shape: CutShape) -> tuple:
    points = shape.curve if shape.curve is not None else shape.points
    return (tuple(snap(p) for p in points), shape.circle and tuple(round(v / SNAP) for v in shape.circle), shape.closed)


def snap(p: XY) -> tuple[int, int]:
    return (round(p[0] / SNAP), round(p[1] / SNAP))


# --- each shared edge once ------------------------------------------------------------------------


def segments(shapes: list[CutShape]) -> Iterator[tuple[XY, XY]]:
    for shape in shapes:
        pts = shape.points
        count = len(pts) if shape.closed else len(pts) - 1
        for i in range(count):
            yield pts[i], pts[(i + 1) % len(pts)]


def shared(shapes: list[CutShape]) -> list[CutShape]:
    """Straight cuts merged where they lie on one line (each shared edge once), chained; circles and curves once each."""
    lines: dict[tuple[int, int], list[tuple[float, float]]] = {}
    frames: dict[tuple[int, int], tuple[XY, XY]] = {}
    for a, b in segments([s for s in shapes if s.circle is None and s.curve is None]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < SNAP:
            continue
        ux, uy = dx / length, dy / length
        if ux < -SNAP or (abs(ux) <= SNAP and uy < 0):  # one direction for each line
            ux, uy = -ux, -uy
        normal = -uy * a[0] + ux * a[1]  # the line's distance from the origin
        key = (round(math.degrees(math.atan2(uy, ux)) * 1e4), round(normal / SNAP))
        frames.setdefault(key, ((ux, uy), (-uy * normal, ux * normal)))
        s0, s1 = sorted((ux * a[0] + uy * a[1], ux * b[0] + uy * b[1]))
        lines.setdefault(key, []).append((s0, s1))
    merged: list[tuple[XY, XY]] = []
    for key, spans in lines.items():
        (ux, uy), (ox, oy) = frames[key]
        for s0, s1 in union(spans):
            merged.append(((ox + ux * s0, oy + uy * s0), (ox + ux * s1, oy + uy * s1)))
    out = chain(merged)
    seen: set[tuple] = set()
    for shape in shapes:
        if shape.circle is not None or shape.curve is not None:
            if key_of(shape) not in seen:
                seen.add(key_of(shape))
                out.append(shape)
    return out


def union(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping or touching intervals joined.

    >>> union([(0, 1), (1, 2), (3, 4), (3.5, 5)])
    [(0, 2), (3, 5)]
    """
    out: list[tuple[float, float]] = []
    for s0, s1 in sorted(spans):
        if out and s0 <= out[-1][1] + SNAP:
            out[-1] = (out[-1][0], max(out[-1][1], s1))
        else:
            out.append((s0, s1))
    return out


def chain(segs: list[tuple[XY, XY]]) -> list[CutShape]:
    """Segments joined end to end into polylines (closed where they come back), so a cutter lifts its blade less.

    >>> [s.closed for s in chain([((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0))])]
    [True]
    """
    ends: dict[tuple[int, int], list[int]] = {}
    for i, (a, b) in enumerate(segs):
        ends.setdefault(snap(a), []).append(i)
        ends.setdefault(snap(b), []).append(i)
    used = [False] * len(segs)

    def walk(start: XY, first: int) -> list[XY]:
        points = [start]
        i, at = first, start
        while True:
            used[i] = True
            a, b = segs[i]
            at = b if snap(a) == snap(at) else a
            points.append(at)
            following = [j for j in ends[snap(at)] if not used[j]]
            if not following or len(ends[snap(at)]) != 2:  # stop where lines cross or branch
                return points
            i = following[0]

    out: list[CutShape] = []
    # open chains from their ends first, then what is left is closed loops
    order = sorted(range(len(segs)), key=lambda i: (len(ends[snap(segs[i][0])]) == 2, i))
    for i in order:
        if used[i]:
            continue
        a, b = segs[i]
        start = a if len(ends[snap(a)]) != 2 else b if len(ends[snap(b)]) != 2 else a
        points = walk(start, i)
        closed = len(points) > 3 and snap(points[0]) == snap(points[-1])
        out.append(CutShape(tuple(points[:-1] if closed else points), closed=closed))
    return out


# --- a closed outline a piece ---------------------------------------------------------------------


def pieces(shapes: list[CutShape]) -> list[CutShape]:
    """Closed outlines kept as they are (once each); loose straight cuts joined into the faces they enclose.

    Hexagon tiles are cut along their sides, each drawn once between two tiles: the faces of
    those sides are the tiles. Cuts that enclose nothing (a board strip's edge) stay open.
    """
    out: dict[tuple, CutShape] = {}
    loose: list[tuple[XY, XY]] = []
    for shape in shapes:
        if shape.closed or shape.circle is not None or shape.curve is not None:
            out.setdefault(key_of(shape), shape)
        else:
            loose += list(segments([shape]))
    faces, rest = enclosed(loose)
    for face in faces:
        out.setdefault(key_of(face), face)
    return list(out.values()) + chain(rest)


def enclosed(segs: list[tuple[XY, XY]]) -> tuple[list[CutShape], list[tuple[XY, XY]]]:
    """The bounded faces of a set of segments that meet at their ends, and the segments on no face."""
    point: dict[tuple[int, int], XY] = {}
    around: dict[tuple[int, int], list[tuple[int, int]]] = {}
    edges = set()
    for a, b in segs:
        ka, kb = snap(a), snap(b)
        if ka == kb or (ka, kb) in edges:
            continue
        point.setdefault(ka, a)
        point.setdefault(kb, b)
        edges |= {(ka, kb), (kb, ka)}
        around.setdefault(ka, []).append(kb)
        around.setdefault(kb, []).append(ka)

    def angle(k: tuple[int, int], to: tuple[int, int]) -> float:
        return math.atan2(point[to][1] - point[k][1], point[to][0] - point[k][0])

    for k in around:
        around[k].sort(key=lambda to: angle(k, to))
    left = set(edges)
    faces: list[CutShape] = []
    on_face: set[frozenset] = set()
    while left:
        start = min(left)
        loop = []
        u, v = start
        while True:  # each directed edge has one face on its left: turn as far left as possible at each end
            loop.append((u, v))
            ring = around[v]
            u, v = v, ring[(ring.index(u) - 1) % len(ring)]
            if (u, v) == start:
                break
        left -= set(loop)
        pts = [point[e[0]] for e in loop]
        simple = len({e[0] for e in loop}) == len(loop)  # a face with a loose end runs out and back along it
        if simple and area(pts) > SNAP:  # the outside runs clockwise (negative area): not a piece
            faces.append(CutShape(tuple(pts), closed=True))
            on_face |= {frozenset(e) for e in loop}
    rest = [(a, b) for a, b in segs if frozenset((snap(a), snap(b))) not in on_face]
    return faces, rest


def area(points: list[XY] | tuple[XY, ...]) -> float:
    """The signed area (positive when the points run counter-clockwise, y up).

    >>> area([(0, 0), (2, 0), (2, 1), (0, 1)])
    2.0
    """
    return sum(points[i - 1][0] * p[1] - p[0] * points[i - 1][1] for i, p in enumerate(points)) / 2


def offset(shape: CutShape, distance: float) -> CutShape:
    """A closed outline moved outward by `distance` (corners kept sharp, as the piece's are); a circle grows.

    >>> offset(CutShape(((0, 0), (10, 0), (10, 10), (0, 10)), closed=True), 0.1).points
    ((-0.1, -0.1), (10.1, -0.1), (10.1, 10.1), (-0.1, 10.1))
    """
    if distance == 0 or shape.curve is not None:
        return shape
    if shape.circle is not None:
        cx, cy, r = shape.circle
        return shape._replace(circle=(cx, cy, r + distance))
    if not shape.closed:
        return shape  # an open cut (a strip's edge) has no outside to move to
    pts = shape.points
    sign = 1.0 if area(pts) > 0 else -1.0  # outward is to the right of a counter-clockwise outline
    moved = []
    n = len(pts)
    for i in range(n):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % n]
        n1, n2 = normal(p0, p1, sign), normal(p1, p2, sign)
        # the corner where the two moved sides meet: along the bisector, distance / cos(half the turn)
        bx, by = n1[0] + n2[0], n1[1] + n2[1]
        scale = distance / max(1e-9, (bx * n1[0] + by * n1[1]))
        moved.append((round(p1[0] + bx * scale, 9), round(p1[1] + by * scale, 9)))
    return shape._replace(points=tuple(moved))


def normal(a: XY, b: XY, sign: float) -> XY:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (sign * dy / length, -sign * dx / length)
