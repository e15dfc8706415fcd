"""How one tile and one token look, in their own frame (origin at the bottom-left corner).

The same functions draw the cut-out tiles, the rule diagrams and the host key, so a
diagram always shows the tile exactly as printed.

A tile's lines are thick (1.5 mm at 35 mm, scaling with the tile). The first line is
solid; the second is drawn as an outline (a black band with a white core), so the two are
told apart without colour. Where the lines cross, the outlined line passes over a white
gap cut into the solid one: a bridge, not a junction.
"""

from __future__ import annotations

import math

from papergame.model.definition import TileType
from papergame.model.geometry import Point, TileShape
from papergame.layout.primitives import Arc, Circle, Curve, Group, Item, Line, Polygon, Rect, Text

REFERENCE = 35.0  # the tile size the proportions below are chosen for
MIN_LABEL = 2.1  # mm: port names and ids never smaller than this (6 pt), even on small tiles


def scale(size: float) -> float:
    return size / REFERENCE


def line_width(size: float) -> float:
    return 1.5 * scale(size)


def port_path(shape: TileShape, a: str, b: str, size: float, width: float, grey: float) -> list[Item]:
    """The line joining two ports: straight across, a quarter arc round a square's corner, else a curve.

    Every line leaves its ports at right angles to their sides.
    """
    p, q = shape.port_point(a), shape.port_point(b)
    corner = shape.shared_corner(a, b)
    if shape.kind == "square" and corner is not None and math.isclose(dist(p, corner), dist(q, corner)):
        r = dist(p, corner) * size
        start = math.degrees(math.atan2(p.y - corner.y, p.x - corner.x))
        end = math.degrees(math.atan2(q.y - corner.y, q.x - corner.x))
        extent = (end - start + 180) % 360 - 180
        return [Arc(corner.x * size, corner.y * size, r, start, extent, width=width, stroke=grey, role="port")]
    na, nb = shape.inward(a), shape.inward(b)
    if math.isclose(na.x, -nb.x, abs_tol=1e-9) and math.isclose(na.y, -nb.y, abs_tol=1e-9) and \
            math.isclose((q.x - p.x) * na.y, (q.y - p.y) * na.x, abs_tol=1e-9):
        return [Line(p.x * size, p.y * size, q.x * size, q.y * size, width=width, stroke=grey, role="port")]
    pull = max(dist(p, q) * 0.55, 0.12) if shape.side_of(a) != shape.side_of(b) else max(dist(p, q) * 1.1, 0.12)
    c1 = Point(p.x + na.x * pull, p.y + na.y * pull)
    c2 = Point(q.x + nb.x * pull, q.y + nb.y * pull)
    return [Curve(p.x * size, p.y * size, c1.x * size, c1.y * size, c2.x * size, c2.y * size,
                  q.x * size, q.y * size, width=width, stroke=grey, role="port")]


def dist(a: Point, b: Point) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def tile_lines(shape: TileShape, tile: TileType, size: float, ink: float = 0.0) -> list[Item]:
    """The port lines: first pair solid, every later pair outlined and bridged over the earlier ones."""
    w = line_width(size)
    border = 0.38 * scale(size)
    gap = 1.1 * scale(size)
    items: list[Item] = []
    for i, (a, b) in enumerate(tile.pairs):
        if i == 0:
            items += port_path(shape, a, b, size, w, ink)
        else:
            items += port_path(shape, a, b, size, w + 2 * gap, 1.0)  # the white bridge gap
            items += port_path(shape, a, b, size, w, ink)
            items += port_path(shape, a, b, size, w - 2 * border, 1.0)
    return items


def port_labels(shape: TileShape, size: float, ink: float = 0.0) -> list[Item]:
    """Each port's name, just inside the edge beside where its line starts."""
    s = scale(size)
    text_size = max(2.6 * s, MIN_LABEL)
    # beside the line: clear of its half-width, whatever the tile's size
    beside = max(2.7 * s, line_width(size) / 2 + 0.9 + 0.4 * text_size)
    inside = max(2.4 * s, 0.45 * text_size + 0.6)
    items: list[Item] = []
    corners = shape.corners()
    for port in shape.ports:
        p = shape.port_point(port)
        n = shape.inward(port)
        side = shape.sides.index(shape.side_of(port))
        a, b = corners[side], corners[(side + 1) % len(corners)]
        along = Point(b.x - a.x, b.y - a.y)
        cx = p.x * size + n.x * inside + along.x * beside
        cy = p.y * size + n.y * inside + along.y * beside
        items.append(Text(cx, cy - text_size * 0.36, port, text_size, bold=True, anchor="middle", fill=ink))
    return items


def tile_art(shape: TileShape, tile: TileType, size: float, type_label: str | None = None,
             id_label: str | None = None, outline: bool = True, ink: float = 0.0, ports: bool = True) -> list[Item]:
    """A whole tile: lines, port names (unless `ports` is False), type number in the top-left corner, id bottom-right."""
    s = scale(size)
    items = tile_lines(shape, tile, size, ink)
    if ports:
        items += port_labels(shape, size, ink)
    if type_label:
        items.append(Text(1.8 * s, size - 6.4 * s, type_label, 5.6 * s, bold=True, fill=ink))
    if id_label:  # right-aligned inside the tile, so it stays on its own tile when cut out
        items.append(Text(size - 1.6 * s, 1.6 * s, id_label, max(2.4 * s, MIN_LABEL), anchor="end", fill=ink))
    if outline:
        items.append(Rect(0, 0, size, size, width=0.2, stroke=ink, fill=None))
    return items


def turned(items: list[Item], size: float, degrees: int, x: float, y: float) -> Item:
    """Tile art placed with its bottom-left corner at (x, y), turned `degrees` clockwise about its centre."""
    if degrees % 360 == 0:
        return Group(x, y, 0, tuple(items))
    half = size / 2
    return Group(x + half, y + half, degrees, (Group(-half, -half, 0, tuple(items)),))


# --- tokens --------------------------------------------------------------------------


def arrow(cx: float, cy: float, length: float, heading: float, fill: float | None, stroke: float | None,
          width: float = 0.25) -> Polygon:
    """A broad arrow centred on (cx, cy), pointing `heading` degrees clockwise from north."""
    shape = [(0.0, 0.5), (0.42, 0.02), (0.16, 0.02), (0.16, -0.5), (-0.16, -0.5), (-0.16, 0.02), (-0.42, 0.02)]
    t = math.radians(heading)
    cos, sin = math.cos(t), math.sin(t)
    pts = tuple((cx + (px * cos + py * sin) * length, cy + (-px * sin + py * cos) * length) for px, py in shape)
    return Polygon(pts, width=width, stroke=stroke, fill=fill)


def hatch_circle(cx: float, cy: float, r: float, spacing: float, width: float, grey: float) -> list[Item]:
    """Diagonal hatching clipped to a circle, computed as chords (no clipping path needed)."""
    items: list[Item] = []
    k = math.floor(r * math.sqrt(2) / spacing)
    for i in range(-k, k + 1):
        d = i * spacing  # signed distance of the chord from the centre
        if abs(d) >= r:
            continue
        half = math.sqrt(r * r - d * d)
        # chord perpendicular to (1, 1)/sqrt2 at distance d: direction (1, -1)/sqrt2
        ox, oy = cx + d / math.sqrt(2), cy + d / math.sqrt(2)
        dx, dy = half / math.sqrt(2), -half / math.sqrt(2)
        items.append(Line(ox - dx, oy - dy, ox + dx, oy + dy, width=width, stroke=grey))
    return items


def token_radius(tile_size: float) -> float:
    return 5.0 * scale(tile_size)


def token_art(kind: str, cx: float, cy: float, r: float, heading: float = 0.0, outline_only: bool = False) -> list[Item]:
    """A token: a disc with an arrow showing which way it faces.

    The white token is an outlined disc with a black arrow. The black token is a thick
    black ring, diagonal hatching and a white arrow edged in black: clearly dark, but
    not a solid block of ink. `outline_only` draws where a token stands on a diagram.
    """
    items: list[Item] = []
    if outline_only:
        items.append(Circle(cx, cy, r, width=0.35, stroke=0.0, fill=1.0))
        items.append(arrow(cx, cy, r * 1.2, heading, fill=None, stroke=0.0, width=0.35))
        return items
    if kind == "white":
        items.append(Circle(cx, cy, r, width=0.5, stroke=0.0, fill=1.0))
        items.append(arrow(cx, cy, r * 1.2, heading, fill=0.0, stroke=None))
    else:
        ring = 0.22 * r
        items.append(Circle(cx, cy, r, width=0.4, stroke=0.0, fill=1.0))
        items += hatch_circle(cx, cy, r - ring, 0.18 * r, 0.3, 0.0)
        items.append(Circle(cx, cy, r - ring / 2, width=ring, stroke=0.0, fill=None))
        items.append(arrow(cx, cy, r * 1.2, heading, fill=1.0, stroke=0.0, width=0.35))
    return items
