"""Print-shop tile sheets: every tile apart from its neighbours by a gutter, its art bleeding into it.

A copy shop cuts each piece on its own, twice across every gutter. A cut a little off the
line would leave a white sliver where a tile's line meets its edge, so every port line runs
on past the tile's outline by `BLEED` (straight on, as it left the edge), and a black token's
ring runs on past its cut by as much. The gutter is twice the bleed, so the bleed of two
neighbours meets and never crosses into the other piece. Crop marks stand at both ends of
every cut (two to a gutter) of square tiles; hexagon tiles keep their drawn outline, since
a honeycomb cannot be guillotined. Every sheet has the same head, so a class set's sheets
cut as one stack.
"""

from __future__ import annotations

import math

from papergame.errors import OptionError
from papergame.layout.context import PageContext
from papergame.layout.backs import box_size, outline
from papergame.layout.bleed import BLEED, GUTTER
from papergame.layout.piece_sheets import art, head
from papergame.layout.paper import CONTENT_W, Sheet
from papergame.layout.pieces import MARK_BAND, MARK_GAP, MARK_LEN, PrintedTile
from papergame.layout.primitives import Curve, Group, Item, Line
from papergame.layout.shapes import shape_layout

ON_EDGE = 0.01  # mm: a line's end this near the outline leaves the tile there

XY = tuple[float, float]


def on_outline(point: XY, polygon: list[XY]) -> bool:
    """Whether a point lies on a polygon's sides (to ON_EDGE)."""
    px, py = point
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        if math.hypot(px - ax - t * dx, py - ay - t * dy) <= ON_EDGE:
            return True
    return False


def bleed_lines(ctx: PageContext, items: list[Item]) -> list[Item]:
    """A straight run-on of `BLEED` mm past the outline for every end of a port line on it."""
    polygon = outline(ctx)
    out: list[Item] = []
    for item in items:
        if not isinstance(item, Curve) or not item.role.startswith("port") or item.role.startswith("port-gap"):
            continue
        points = item.points()
        ends = ((points[0], points[1], points[2]), (points[-1], points[-2], points[-3]))
        for end, near, far in ends:
            if not on_outline(end, polygon):
                continue
            toward = near if math.dist(end, near) > 1e-6 else far  # the curve's direction as it leaves
            length = math.dist(end, toward)
            ux, uy = (end[0] - toward[0]) / length, (end[1] - toward[1]) / length
            out.append(Line(end[0], end[1], end[0] + ux * BLEED, end[1] + uy * BLEED, width=item.width,
                            stroke=item.stroke, cap="butt", role=item.role))
    return out


def shop_pages(ctx: PageContext) -> list[Sheet]:
    """The tiles of `ctx.pieces`, each alone in its gutter with its bleed, on as few sheets as they need."""
    tiles = ctx.pieces.tiles
    spaced = ctx._replace(tile=ctx.tile + GUTTER, cut_guides="lines")
    w, _ = box_size(ctx)
    offset = (box_size(spaced)[0] - w) / 2, GUTTER / 2  # a tile's box in the middle of its spaced box

    hexagon = ctx.game.shape.form.measured_across_flats
    lines = hexagon or ctx.cut_guides in ("lines", "both")  # a hexagon is always outlined, as on every tile sheet

    def piece(printed: PrintedTile, outline: bool) -> list[Item]:
        drawn = art(ctx, printed, lines)
        return [Group(offset[0], offset[1], 0, tuple(drawn + bleed_lines(ctx, drawn)))]

    block = shape_layout(ctx.game.shape).tile_block(spaced, piece)
    cols = block.columns(CONTENT_W + GUTTER)  # the outer gutters' halves may take the marks' room
    if cols < 1:
        raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet with its gutters")
    sheets: list[Sheet] = []
    remaining = list(tiles)
    while remaining:
        sheet = ctx.sheet(f"tiles-{len(sheets) + 1}")
        head(ctx, sheet, "tiles.title_tiles", "print_shop.steps", "" if sheets else ctx.pieces.token_note)
        sheet.gap(MARK_BAND - GUTTER / 2)
        top = sheet.cursor
        rows = block.rows(sheet.room + GUTTER, cols)
        if rows < 1:
            raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet with its gutters")
        chunk, remaining = remaining[: rows * cols], remaining[rows * cols:]
        x0 = sheet.box.cx - block.width(cols) / 2
        groups = [item for item in block.items(chunk, cols, x0, top) if isinstance(item, Group)]  # not its cuts
        sheet.take(sheet.cursor - sheet.floor, "the tiles")
        sheet.add(*groups)
        if not hexagon and ctx.cut_guides in ("marks", "both"):
            sheet.add(*marks([(g.x + offset[0], g.y + offset[1]) for g in groups], ctx.tile))
        sheets.append(sheet)
    return sheets


def marks(corners: list[XY], size: float) -> list[Item]:
    """Crop marks beyond both ends of every cut of square pieces in rows and columns: two to a gutter."""
    xs = sorted({round(x, 6) for x, _ in corners} | {round(x + size, 6) for x, _ in corners})
    ys = sorted({round(y, 6) for _, y in corners} | {round(y + size, 6) for _, y in corners})
    left, right = min(xs), max(xs)
    bottom, top = min(ys), max(ys)
    items: list[Item] = []
    for x in xs:
        items.append(Line(x, top + MARK_GAP, x, top + MARK_GAP + MARK_LEN, width=0.25))
        items.append(Line(x, bottom - MARK_GAP, x, bottom - MARK_GAP - MARK_LEN, width=0.25))
    for y in ys:
        items.append(Line(left - MARK_GAP, y, left - MARK_GAP - MARK_LEN, y, width=0.25))
        items.append(Line(right + MARK_GAP, y, right + MARK_GAP + MARK_LEN, y, width=0.25))
    return items
