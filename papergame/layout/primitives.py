"""Drawing primitives, in millimetres, y up from the bottom-left corner of the page.

A page is a list of these. They know nothing of PDF: the renderer turns each one into
reportlab calls, and `page_json` turns a page into a readable snapshot.

Colours are grey levels: 0 is black, 1 is white, None is "not drawn". One colour besides: a text's
`colour` may be "red", for the sighted labels of a tactile kit (red stays flat on swell paper).

Every path says what a person does along it with scissors or a blade (`cut`): "cut" (cut
along it), "fold", "score" (press a fold line in first), "register" (a registration mark a
cutting machine's eye finds), or "none" (it is only drawn).
A renderer for a cutting machine or an SVG for a laser reads it; the PDF draws them alike.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from papergame.records import NamedTuple, dataclass
from papergame.layout.charts import BarChart

MM_PER_INCH = 25.4
CUT_ROLES = ("cut", "fold", "score", "register", "none")  # register: a cutting machine's registration mark


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.3
    stroke: float = 0.0
    cap: str = "butt"  # butt | round | square
    dash: tuple[float, ...] = ()
    role: str = ""  # "port" for a tile's port lines, so an ink style can thin them together
    cut: str = "none"  # one of CUT_ROLES


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    width: float = 0.3
    stroke: float | None = 0.0
    fill: float | None = None
    dash: tuple[float, ...] = ()
    role: str = ""  # "cut" for a tile's cut outline, so an ink style can mark it apart
    cut: str = "none"  # one of CUT_ROLES


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    width: float = 0.3
    stroke: float | None = 0.0
    fill: float | None = None
    cut: str = "none"  # one of CUT_ROLES


class Arc(NamedTuple):
    """A circular arc, angles in degrees counter-clockwise from east."""

    cx: float
    cy: float
    r: float
    start: float
    extent: float
    width: float = 0.3
    stroke: float = 0.0
    cap: str = "butt"
    role: str = ""
    cut: str = "none"  # one of CUT_ROLES


class Curve(NamedTuple):
    """A cubic Bézier curve from (x0, y0) to (x3, y3), pulled towards its two control points."""

    x0: float
    y0: float
    x1: float
    y1: float
    x2: float
    y2: float
    x3: float
    y3: float
    width: float = 0.3
    stroke: float = 0.0
    cap: str = "butt"
    dash: tuple[float, ...] = ()
    role: str = ""
    cut: str = "none"  # one of CUT_ROLES
    dash_phase: float = 0.0  # how far into the dash pattern the curve starts, mm
    more: tuple[float, ...] = ()  # further cubics on from (x3, y3), six numbers each (two control points, an end)

    def points(self) -> tuple[tuple[float, float], ...]:
        """The start, then each cubic's two control points and end."""
        head = ((self.x0, self.y0), (self.x1, self.y1), (self.x2, self.y2), (self.x3, self.y3))
        return head + tuple(zip(self.more[::2], self.more[1::2]))


class Polygon(NamedTuple):
    points: tuple[tuple[float, float], ...]
    width: float = 0.3
    stroke: float | None = 0.0
    fill: float | None = None
    closed: bool = True
    join: str = "miter"  # miter | round
    dash: tuple[float, ...] = ()
    role: str = ""  # "cut" for a tile's cut outline
    cut: str = "none"  # one of CUT_ROLES


class Text(NamedTuple):
    x: float
    y: float  # the baseline
    text: str
    size: float  # em size, mm
    bold: bool = False
    anchor: str = "start"  # start | middle | end
    fill: float = 0.0
    angle: float = 0.0  # degrees counter-clockwise about (x, y)
    face: str = ""  # "" DejaVu Sans; "hyperlegible": Atkinson Hyperlegible where it has every letter (paper.TypeProfile)
    tracking: float = 0.0  # extra space after each letter, in em
    word_gap: float = 0.0  # extra space at each word space, in em
    colour: str = ""  # "" the grey of `fill`; "red": pure red (RGB 1, 0, 0), a tactile kit's sighted labels


class Group(NamedTuple):
    """Items drawn in a frame moved to (x, y), turned `rotate` degrees clockwise about it and scaled."""

    x: float
    y: float
    rotate: float
    items: tuple["Item", ...]
    scale: float = 1.0


Item = Union[Line, Rect, Circle, Arc, Curve, Polygon, Text, Group, BarChart]


@dataclass
class Page:
    """One sheet of paper: its size in mm, a name for the snapshot, and what is drawn on it."""

    name: str
    width: float
    height: float
    items: list[Item] = field(default_factory=list)

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def extend(self, items) -> None:
        self.items.extend(items)


PATHS = (Line, Rect, Circle, Arc, Curve, Polygon)


def cut_paths(items, role: str = "cut") -> list[tuple[Item, str]]:
    """Every path among `items` (inside groups too) whose cut role is `role`, with it: what a cutter follows.

    >>> found = cut_paths([Line(0, 0, 1, 0, cut="cut"), Group(0, 0, 0, (Rect(0, 0, 1, 1, cut="cut"),)), Circle(0, 0, 1)])
    >>> [type(item).__name__ for item, _ in found]
    ['Line', 'Rect']
    """
    out: list[tuple[Item, str]] = []
    for item in items:
        if isinstance(item, Group):
            out += cut_paths(item.items, role)
        elif isinstance(item, PATHS) and item.cut == role:
            out.append((item, item.cut))
    return out


def _round(value):
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, (list, tuple)):
        return [_round(v) for v in value]
    return value


def item_json(item: Item) -> dict:
    out: dict[str, Any] = {"kind": type(item).__name__.lower()}
    defaults = item._field_defaults
    for name, value in zip(item._fields, item):
        if isinstance(item, Group) and name == "items":
            out["items"] = [item_json(i) for i in item.items]
        elif name not in defaults or value != defaults[name]:
            out[name] = _round(value)
    return out


def page_json(page: Page) -> dict:
    return {"name": page.name, "width": _round(page.width), "height": _round(page.height),
            "items": [item_json(i) for i in page.items]}
