"""The backs of two-sided tiles, shared by the fold-over and duplex sheets (`pages/tile_backs.py`) and a cutting
machine's sheets (`pages/cut_sheets.py`): one back's drawing, the backs of a sheet's tiles, a duplex page of backs,
and the two-sided test that measures a printer's front-to-back offset.

A back is a lattice of thin grey lines that repeats with the tile grid (so the backs of
neighbouring tiles run on into each other, and past the outline by `BLEED`, and a fold or a
printer a little off still leaves no bare edge) with a white disc in the middle carrying the
kit's number in a class set. The lattice's families of lines are chosen so that every tile
position of the block (and its reflection) is a period of the lattice: every back is the
same drawing. The back reads upright when the tile is turned over like a page.
"""

from __future__ import annotations

import math

from papergame.records import NamedTuple
from papergame.layout.context import PageContext
from papergame.layout.blocks import CAPTION
from papergame.layout.paper import SMALL, Sheet
from papergame.layout.pieces import PrintedTile
from papergame.layout.primitives import Circle, Group, Item, Line, Text


BACK_GREY = 0.6  # the lattice: light grey, thin (low ink keeps it at 60% black, half as wide)
LATTICE_LINE = 0.2
LATTICE_PITCH = 5.0  # mm, about: the exact pitch divides the tile grid's period
BLEED = 1.0  # mm the lattice runs past a back's outline
DISC = 0.2  # the white disc's radius, of the tile size
NUMBER = 0.2  # the kit number's size, of the tile size
NUMBER_GREY = 0.4
XY = tuple[float, float]


class Slot(NamedTuple):
    """Where one printed tile's box is on the sheet: its bottom-left corner."""

    printed: PrintedTile
    x: float
    y: float


def families(ctx: PageContext) -> tuple[tuple[float, float], ...]:
    """The lattice's families of lines: (angle in degrees of the lines' normal, pitch in mm).

    A family of lines u·p = k·pitch repeats under a move t when u·t is a whole number of
    pitches. Square tiles move by (s, 0) and (0, s): normals at 45 and 135 degrees, pitch
    s·cos 45 / n. Flat-top hexagons move by (0, s) and (0.866 s, 0.5 s): normals at 30 and
    150 degrees (90 would do too: two families are lighter), pitch s / 2n. Both sets are symmetric about a horizontal line and under a
    half turn about the tile's centre, so the reflected backs and the turned ones are the same
    lattice.
    """
    s = ctx.tile
    if ctx.game.shape.form.measured_across_flats:
        n = max(2, round(s / 2 / LATTICE_PITCH))
        return tuple((angle, s / 2 / n) for angle in (30.0, 150.0))
    n = max(2, round(s * math.cos(math.pi / 4) / LATTICE_PITCH))
    return tuple((angle, s * math.cos(math.pi / 4) / n) for angle in (45.0, 135.0))


def outline(ctx: PageContext, grow: float = 0.0) -> list[XY]:
    """The tile's outline in its box (bottom-left at 0, 0), grown by `grow` mm on every side."""
    s = ctx.tile
    corners = [(p.x * s, p.y * s) for p in ctx.game.shape.corners()]
    cx, cy = box_size(ctx)[0] / 2, s / 2
    k = (s / 2 + grow) / (s / 2)  # a regular polygon's sides are s / 2 from its centre
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in corners]


def box_size(ctx: PageContext) -> XY:
    return ctx.game.shape.width * ctx.tile, ctx.tile


def clip(polygon: list[XY], normal: XY, offset: float) -> tuple[XY, XY] | None:
    """The part of the line normal·p = offset inside a convex polygon (Cyrus-Beck), or None."""
    nx, ny = normal
    px, py = nx * offset, ny * offset  # a point of the line
    dx, dy = -ny, nx  # along it
    low, high = -math.inf, math.inf
    count = len(polygon)
    area = sum(polygon[i][0] * polygon[(i + 1) % count][1] - polygon[(i + 1) % count][0] * polygon[i][1]
               for i in range(count))
    turn = 1.0 if area > 0 else -1.0
    for i in range(count):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % count]
        ex, ey = bx - ax, by - ay
        inward = (-ey * turn, ex * turn)  # inside is to the left of a counter-clockwise side
        along = inward[0] * dx + inward[1] * dy
        start = inward[0] * (px - ax) + inward[1] * (py - ay)
        if abs(along) < 1e-12:
            if start < 0:
                return None
            continue
        t = -start / along
        if along > 0:
            low = max(low, t)
        else:
            high = min(high, t)
    if high - low < 1e-9:
        return None
    return (px + dx * low, py + dy * low), (px + dx * high, py + dy * high)


def lattice(ctx: PageContext) -> list[Item]:
    """The grey lines of one back, in its box, run `BLEED` past its outline."""
    grown = outline(ctx, BLEED)
    items: list[Item] = []
    for angle, pitch in families(ctx):
        normal = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
        values = [normal[0] * x + normal[1] * y for x, y in grown]
        for k in range(math.floor(min(values) / pitch), math.ceil(max(values) / pitch) + 1):
            segment = clip(grown, normal, k * pitch)
            if segment is not None:
                (x1, y1), (x2, y2) = segment
                items.append(Line(x1, y1, x2, y2, width=LATTICE_LINE, stroke=BACK_GREY, role="back"))
    return items


def back_art(ctx: PageContext, kit: str, turned: bool) -> list[Item]:
    """One tile's back in its box: the lattice, and a white disc in the middle with the kit's number.

    `turned`: drawn a half turn round, as a fold-over back must be to read upright when the
    folded tile is turned over like a page.
    """
    w, h = box_size(ctx)
    cx, cy = w / 2, h / 2
    items = lattice(ctx)
    items.append(Circle(cx, cy, DISC * ctx.tile, width=LATTICE_LINE, stroke=BACK_GREY, fill=1.0))
    if kit:
        size = NUMBER * ctx.tile
        items.append(Text(cx, cy - 0.36 * size, kit, size, anchor="middle", fill=NUMBER_GREY))
    if not turned:
        return items
    return [Group(cx, cy, 180, (Group(-cx, -cy, 0, tuple(items)),))]


def backs_of(ctx: PageContext, slots: list[Slot], place, turned: bool) -> list[Item]:
    """The backs of `slots`, each at `place(slot)` (its back's bottom-left corner)."""
    drawn: dict[str, tuple[Item, ...]] = {}
    items: list[Item] = []
    for slot in slots:
        if slot.printed.kit not in drawn:
            drawn[slot.printed.kit] = tuple(back_art(ctx, slot.printed.kit, turned))
        x, y = place(slot)
        items.append(Group(x, y, 0, drawn[slot.printed.kit]))
    return items


class Shift(NamedTuple):
    """What the calibration page read: how far the backs are moved, across (right) and up, in mm."""

    x: float = 0.0
    y: float = 0.0


def back_page(ctx: PageContext, slots: list[Slot], number: int, shift: Shift, back: Sheet | None = None) -> Sheet:
    """The page of backs for the other side of a sheet whose tiles lie at `slots`: each back where its
    front's reflection across the page's upright centre line falls, moved by `shift`. On `back` (a sheet
    named `backs-N` with a content box of its own, a cutter's) or a plain sheet. Nothing else of the
    front is printed there (a cutting machine's registration marks stay on the front only)."""
    if back is None:
        back = ctx.sheet(f"backs-{number}")
        back.scale_words = "backs.scale_two_sided"  # (a cutter's front says how its two sides are printed)
    back.title(ctx.texts.get("backs.back_title"))
    w = box_size(ctx)[0]
    width = back.own_page.width
    back.add(*backs_of(ctx, slots, lambda slot: (width - slot.x - w + shift.x, slot.y + shift.y), turned=False))
    if shift != Shift():
        back.paragraph(ctx.texts.get("backs.shifted", x=ctx.texts.number(shift.x), y=ctx.texts.number(shift.y)),
                       size=CAPTION, what="backs.shifted", leading=1.2)
    return back


RULER_MM = 6  # each calibration ruler reads -6 to +6 mm
RULER_AT = 20.0  # mm from the page's centre, along the line it reads
TARGET = 0.2  # the target lines' width


def calibration_pages(ctx: PageContext) -> list[Sheet]:
    """The two-sided test: a cross of lines through the page's centre on the front, rulers across them on the back.

    Held up to the light, the front's upright line shows through the back's across ruler at
    the printer's offset across, its level line through the upright ruler at the offset up;
    the readings are what the duplex backs are then moved by. The rulers are read on the
    back as printed (right and up positive, as seen on the back).
    """
    texts = ctx.texts
    front = ctx.sheet("duplex-test-front")
    front.title(texts.get("backs.test_title"))
    front.paragraph(texts.get("backs.test_steps"), size=CAPTION, what="backs.test_steps", leading=1.2)
    page = front.own_page
    cx, cy = page.width / 2, page.height / 2
    reach = 40.0
    front.add(Line(cx, cy - reach, cx, cy + reach, width=TARGET),
              Line(cx - reach, cy, cx + reach, cy, width=TARGET),
              Text(cx + 2, cy + reach - SMALL, texts.get("backs.test_front"), SMALL))
    back = ctx.sheet("duplex-test-back")
    back.title(texts.get("backs.test_back_title"))
    back.add(*ruler(cx, cy + RULER_AT, across=True), *ruler(cx + RULER_AT, cy, across=False),
             Text(cx, cy + RULER_AT + 9.0, texts.get("backs.test_across"), SMALL, anchor="middle"),
             Text(cx + RULER_AT + 12.0, cy, texts.get("backs.test_up"), SMALL, angle=90, anchor="middle"))
    for sheet in (front, back):
        sheet.scale_words = "backs.scale_two_sided"
    return [front, back]


def ruler(x: float, y: float, across: bool) -> list[Item]:
    """A ruler from -6 to +6 mm centred on (x, y): across (its zero on x) or upright (its zero on y).

    Ticks every half millimetre, taller every millimetre, tallest and numbered every five.
    """
    items: list[Item] = []
    for i in range(-RULER_MM * 2, RULER_MM * 2 + 1):
        at = i / 2
        tall = 4.0 if i % 10 == 0 else 2.6 if i % 2 == 0 else 1.4
        if across:
            items.append(Line(x + at, y, x + at, y + tall, width=0.12, role="scale"))
        else:
            items.append(Line(x, y + at, x + tall, y + at, width=0.12, role="scale"))
        if i % 10 == 0:
            label = f"{at:+.0f}" if at else "0"
            if across:
                items.append(Text(x + at, y + 4.8, label, SMALL, anchor="middle"))
            else:
                items.append(Text(x + 4.8, y + at - SMALL * 0.35, label, SMALL))
    if across:
        items.append(Line(x - RULER_MM, y, x + RULER_MM, y, width=0.12, role="scale"))
    else:
        items.append(Line(x, y - RULER_MM, x, y + RULER_MM, width=0.12, role="scale"))
    return items
