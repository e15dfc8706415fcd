"""Ink styles: the same pages drawn with less toner, for reused paper and thrifty printing.

`LOW` keeps every line where it is but draws it thinner and grey, removes filled areas
(grey bands, solid arrows, the black token's solid ring, which becomes hatching alone) and
lightens the text while keeping it readable.

A tile's lines (role "port", their cores "port-core", their bridge gaps "port-gap", both
the colour of the ground) keep their widths and only turn grey, so an outlined line keeps edges of at least 0.3 mm,
a gap stays a gap and a dashed or dotted line keeps its rhythm. A tile's cut outline (role
"cut") becomes a thin dashed line, so it never looks like a tile line's edge.
"""

from __future__ import annotations

from typing import NamedTuple, overload

from papergame.layout.primitives import (
    Arc,
    Curve,
    Circle,
    Group,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
)


class Ink(NamedTuple):
    name: str
    line: float  # grey for what was drawn black
    text: float  # grey for black text
    port_weight: float  # factor on the width of tile port lines
    max_width: float  # no other line is wider than this, in mm
    fills: bool  # keep filled areas
    cut_dash: tuple[float, ...] = ()  # dash pattern (mm) of a tile's cut outline


NORMAL = Ink("normal", 0.0, 0.0, 1.0, 99.0, True)
LOW = Ink("low", 0.5, 0.45, 1.0, 0.3, False, cut_dash=(1.6, 1.2))
INKS = {ink.name: ink for ink in (NORMAL, LOW)}


@overload
def grey(value: float, target: float) -> float:
    ...


@overload
def grey(value: None, target: float) -> None:
    ...


def grey(value: float | None, target: float) -> float | None:
    """Black becomes `target`; greys are lightened in proportion; white stays white."""
    if value is None:
        return None
    return target + (1.0 - target) * value


def thinner(width: float, ink: Ink) -> float:
    """A line at most `max_width`, except that a heavy line stays heavier than the rest (a board's edge)."""
    return min(width, max(ink.max_width, width * 0.6))


def restyle(item: Item, ink: Ink) -> Item:
    if isinstance(item, Group):
        return item._replace(items=tuple(restyle(i, ink) for i in item.items))
    if isinstance(item, Text):
        return item._replace(fill=grey(item.fill, ink.text))
    if isinstance(item, (Line, Arc, Curve)):
        if item.role in ("port-core", "port-gap") and not ink.fills:
            # the ground's colour (white, or a shaded cell's grey, which goes with the fills)
            return item._replace(width=item.width * ink.port_weight, stroke=1.0)
        if item.role in ("port-core", "port-gap"):
            return item._replace(width=item.width * ink.port_weight)
        if item.stroke == 1.0:  # white
            width = item.width * ink.port_weight if item.role.startswith("port") else item.width
            return item._replace(width=width)
        if item.role == "port":
            return item._replace(width=item.width * ink.port_weight, stroke=grey(item.stroke, ink.line))
        if isinstance(item, Line) and item.role == "cut" and ink.cut_dash:  # a hexagon sheet's cut lines
            return item._replace(width=thinner(item.width, ink), stroke=grey(item.stroke, ink.line), dash=ink.cut_dash)
        return item._replace(width=thinner(item.width, ink), stroke=grey(item.stroke, ink.line))
    if isinstance(item, (Rect, Circle, Polygon)):
        fill = item.fill
        stroke = item.stroke
        width = item.width
        if not ink.fills and fill is not None and fill < 1.0 and getattr(item, "role", "") != "mark":  # marks stay solid
            fill = None
            if stroke is None:  # a shape that was only a fill keeps a thin outline
                stroke, width = 0.0, 0.2
        if stroke is not None:
            stroke = grey(stroke, ink.line)
            width = thinner(width, ink)
        if isinstance(item, (Rect, Polygon)) and item.role == "cut" and ink.cut_dash:
            return item._replace(fill=fill, stroke=stroke, width=width, dash=ink.cut_dash)
        return item._replace(fill=fill, stroke=stroke, width=width)
    return item


def apply_ink(page: Page, ink: Ink) -> Page:
    if ink is NORMAL:
        return page
    return Page(page.name, page.width, page.height, [restyle(i, ink) for i in page.items])
