"""Ink styles: the same pages drawn with less toner, for reused paper and thrifty printing.

`LOW` saves toner with thinner lines and lighter type, never with pale ones, so a page still
photocopies on a copier that drops light greys:

- every line turns 75% black at half its width (never under 0.12 mm unless drawn thinner);
  a tile's cut outline (role "cut") becomes a thin dashed line (0.15 to 0.2 mm), so it never
  looks like a tile line, but a line cut with scissors (a hexagon sheet's zigzags) stays solid,
  0.2 mm, to be followed; filled areas go (grey bands, solid arrows, the black token's solid
  ring, which becomes hatching alone);
- text turns 55% black, and bold turns regular (bold costs about 1.7 times the toner) except a
  page's titles and headings (`bold_headings`: text at least the type profile's heading size,
  not the numbers on tiles), so after a copier's 50% threshold a heading still stands out
  heavier than the body (at 200 dpi, 0.28 of a heading's box black against the body's 0.15);
  the headings' bold is paid for by the body's 55% (60% took the whole kit, players' and host's
  files, to 0.516 of normal ink's toner with bold headings; 55% takes it to 0.49). The pages are
  laid out with `ink_metrics`, so every text is wrapped at the weight it is printed in;
- no line is lighter than 60% black except white (no text lighter than 55%): a banded tile
  line's core turns white crossed by fine black rungs, so a copier that drops light greys (a
  50% threshold) still sees one line, a track, not two hairlines;
- the 50 mm scale bar (role "scale") stays solid black at its own width, so it can be measured.

A tile's lines (role "port") turn 75% black at two thirds of their width (1.0 mm at 35 mm);
a banded line's grey core (role "port-core") narrows more, so the band keeps black edges of
at least 0.3 mm; the white bridge gaps (role "port-gap") narrow with the lines but keep
about 0.3 mm of white either side, but over a dashed or dotted line (role "port-gap-wide"), where
they keep their width: the dashes beside a bridge end where it was drawn to hide them.
"""

from __future__ import annotations

from typing import overload

from papergame.records import NamedTuple
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
    thin: float  # factor on the width of every other line ...
    fills: bool  # keep filled areas
    cut_dash: tuple[float, ...] = ()  # dash pattern (mm) of a tile's cut outline
    core_weight: float = 1.0  # factor on the width of a banded line's grey core
    gap_keep: float = 0.0  # mm added back to a bridge gap's narrowed width (white either side stays ~0.3 mm)
    lightest: float = 1.0  # no line lighter than this grey, except white and faint cores (no text lighter than `text`)
    thinnest: float = 0.0  # ... but no line thinner than this (mm) unless it was drawn thinner
    bold: bool = True  # keep bold text bold (low ink sets everything in the regular weight)
    core: float = 0.0  # a banded line's grey core at least this light
    bold_from: float = 0.0  # text this large (mm) keeps its bold when `bold` is False: titles, headings
    core_rungs: tuple[float, ...] = ()  # a banded line's core white, black rungs across it: (white, rung) mm
    cut_solid: float = 0.0  # a scissor cut line (Line, role "cut") solid at this width (mm), when given
    bold_headings: bool = False  # `bold` False: titles and headings (the type profile's heading size and up) keep it


NORMAL = Ink("normal", 0.0, 0.0, 1.0, 1.0, True)
LOW = Ink("low", 0.25, 0.45, 0.67, 0.5, False, cut_dash=(1.6, 1.2), core_weight=0.55, gap_keep=0.15, lightest=0.4,
          thinnest=0.12, bold=False, core=0.85, core_rungs=(0.9, 0.3), cut_solid=0.2, bold_headings=True)
INKS = {ink.name: ink for ink in (NORMAL, LOW)}


def ink_for(name: str, heading: float) -> Ink:
    """The ink called `name`, for pages whose headings are `heading` mm (the type profile's): one that sets
    bold in the regular weight but keeps it for headings keeps it from that size up.

    >>> ink_for("low", 4.6).bold_from, ink_for("normal", 4.6).bold_from
    (4.6, 0.0)
    """
    ink = INKS[name]
    return ink._replace(bold_from=heading) if ink.bold_headings and not ink.bold else ink


@overload
def grey(value: float, target: float, lightest: float = 1.0) -> float:
    ...


@overload
def grey(value: None, target: float, lightest: float = 1.0) -> None:
    ...


def grey(value: float | None, target: float, lightest: float = 1.0) -> float | None:
    """Black becomes `target`; greys are lightened in proportion, but never past `lightest`; white stays white.

    >>> grey(0.0, 0.3), grey(0.5, 0.3, 0.4), grey(1.0, 0.3, 0.4)
    (0.3, 0.4, 1.0)
    """
    if value is None:
        return None
    if value >= 1.0:
        return value
    return min(target + (1.0 - target) * value, lightest)


HEAVY = 0.55  # mm: a line this heavy (a board's edge, a split board's seam) keeps 0.6 of its width


def thinner(width: float, ink: Ink) -> float:
    """A line `thin` times as wide, but not under `thinnest`; heavy lines stay heavier than the rest
    (a board's edge, a seam at 0.85 mm keeps 0.51 mm).

    >>> thinner(0.5, LOW), thinner(0.2, LOW), thinner(0.05, LOW), thinner(0.6, LOW), thinner(0.85, LOW)
    (0.25, 0.12, 0.05, 0.36, 0.51)
    """
    factor = max(ink.thin, 0.6) if width >= HEAVY else ink.thin
    return round(min(width, max(ink.thinnest, width * factor)), 4)


CUT_THINNEST = 0.15  # mm: a cut line stays easy to follow with scissors


def cut_width(width: float, ink: Ink) -> float:
    return min(width, max(CUT_THINNEST, thinner(width, ink)))


def keeps_bold(ink: Ink, size: float) -> bool:
    """Whether bold text of `size` mm is printed bold in this ink.

    >>> keeps_bold(NORMAL, 3.9), keeps_bold(LOW, 4.6), keeps_bold(LOW._replace(bold_from=4.2), 4.6)
    (True, False, True)
    """
    return ink.bold or (ink.bold_from > 0 and size >= ink.bold_from - 1e-9)


class InkMetrics:
    """Text metrics that measure every text at the weight the ink prints it in (low ink: bold only for
    headings), so a paragraph is wrapped as it will print. Everything else is the wrapped metrics'."""

    def __init__(self, metrics, ink: Ink):
        self.metrics = metrics
        self.ink = ink

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return self.metrics.width(text, size, bold and keeps_bold(self.ink, size))

    def __getattr__(self, name: str):
        return getattr(self.metrics, name)


def ink_metrics(metrics, ink: Ink):
    """`metrics` as the pages of this ink are measured with (the same object in normal ink)."""
    return metrics if ink.bold else InkMetrics(metrics, ink)


def restyle(item: Item, ink: Ink, nested: bool = False) -> Item:
    """`item` in this ink; `nested` inside a group (a tile, a diagram), where no text is a heading."""
    if isinstance(item, Group):
        return item._replace(items=tuple(restyle(i, ink, True) for i in item.items))
    if isinstance(item, Text):
        bold = item.bold and (ink.bold or (not nested and keeps_bold(ink, item.size)))
        return item._replace(fill=grey(item.fill, ink.text, max(ink.lightest, ink.text)), bold=bold)
    if isinstance(item, (Line, Arc, Curve)):
        return restyle_line(item, ink)
    if isinstance(item, (Rect, Circle, Polygon)):
        return restyle_shape(item, ink)
    return item


def restyle_line(item: Line | Arc | Curve, ink: Ink) -> Item:
    if item.role == "scale":  # the scale bar is measured: it keeps its width and stays black
        return item
    if item.role.startswith("port-gap"):  # the ground's colour (white, or a shaded cell's grey, which goes with the fills)
        stroke = item.stroke if ink.fills else 1.0
        if item.role == "port-gap-wide":  # over a broken line: as wide as the marks beside it were trimmed for
            return item._replace(stroke=stroke)
        return item._replace(width=item.width * ink.port_weight + ink.gap_keep, stroke=stroke)
    if item.role == "port-core" and ink.core_rungs and isinstance(item, Curve):  # white, black rungs across
        return item._replace(width=item.width * ink.core_weight, stroke=1.0, dash=item.dash or ink.core_rungs)
    if item.role == "port-core":  # a banded line's faint core keeps its grey
        return item._replace(width=item.width * ink.core_weight, stroke=max(item.stroke, ink.core))
    if item.stroke == 1.0:  # white
        width = item.width * ink.port_weight if item.role.startswith("port") else item.width
        return item._replace(width=width)
    if item.role == "port":
        return item._replace(width=item.width * ink.port_weight, stroke=grey(item.stroke, ink.line, ink.lightest))
    if isinstance(item, Line) and item.role == "cut" and ink.cut_solid:  # a scissor cut: solid, to be followed
        return item._replace(width=max(ink.cut_solid, thinner(item.width, ink)), stroke=grey(item.stroke, ink.line,
                                                                                          ink.lightest))
    if isinstance(item, Line) and item.role == "cut" and ink.cut_dash:  # a hexagon sheet's cut lines
        return item._replace(width=cut_width(item.width, ink), stroke=grey(item.stroke, ink.line, ink.lightest),
                             dash=ink.cut_dash)
    return item._replace(width=thinner(item.width, ink), stroke=grey(item.stroke, ink.line, ink.lightest))


def restyle_shape(item: Rect | Circle | Polygon, ink: Ink) -> Item:
    fill, stroke, width = item.fill, item.stroke, item.width
    if getattr(item, "role", "") == "scale":
        return item
    if not ink.fills and fill is not None and fill < 1.0 and getattr(item, "role", "") != "mark":  # marks stay solid
        fill = None
        if stroke is None:  # a shape that was only a fill keeps a thin outline
            stroke, width = 0.0, 0.2
    if stroke is not None:
        stroke = grey(stroke, ink.line, ink.lightest)
        width = thinner(width, ink)
    if isinstance(item, (Rect, Polygon)) and item.role == "cut" and ink.cut_dash:
        return item._replace(fill=fill, stroke=stroke, width=cut_width(item.width, ink), dash=ink.cut_dash)
    return item._replace(fill=fill, stroke=stroke, width=width)


def apply_ink(page: Page, ink: Ink) -> Page:
    if ink is NORMAL:
        return page
    return Page(page.name, page.width, page.height, [restyle(i, ink) for i in page.items])
