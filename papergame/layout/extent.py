"""How far a list of drawing primitives reaches, in mm, strokes and text included (a little generously:
a stroke is counted half its width beyond every point it passes, caps or not).

>>> from papergame.layout.primitives import Circle, Line
>>> items_extent([Line(0, 0, 10, 0, width=1.0), Circle(20, 5, 2)], None)
(-0.5, -0.5, 22.15, 7.15)
"""

from __future__ import annotations

import math
from typing import Iterable

from papergame.layout.primitives import Arc, Circle, Curve, Group, Item, Line, Polygon, Rect, Text
from papergame.layout.textflow import Metrics

Extent = tuple[float, float, float, float]  # left, bottom, right, top


def _points(item: Item, metrics: Metrics | None) -> Iterable[tuple[float, float, float]]:
    """Points an item reaches, each with how far ink spreads around it."""
    if isinstance(item, Line):
        yield item.x1, item.y1, item.width / 2
        yield item.x2, item.y2, item.width / 2
    elif isinstance(item, Rect):
        pad = item.width / 2 if item.stroke is not None else 0.0
        yield item.x, item.y, pad
        yield item.x + item.w, item.y + item.h, pad
    elif isinstance(item, (Circle, Arc)):
        pad = item.r + (item.width / 2 if item.stroke is not None else 0.0)
        yield item.cx, item.cy, pad
    elif isinstance(item, Curve):  # a Bézier curve stays inside the hull of its points
        for x, y in item.points():
            yield x, y, item.width / 2
    elif isinstance(item, Polygon):
        pad = item.width / 2 if item.stroke is not None else 0.0
        for x, y in item.points:
            yield x, y, pad
    elif isinstance(item, Text):
        width = metrics.width(item.text, item.size, item.bold) if metrics is not None else 0.6 * item.size * len(item.text)
        left = -{"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
        turn = math.radians(item.angle)
        c, s = math.cos(turn), math.sin(turn)
        for dx in (left, left + width):  # the text's box, turned about its anchor
            for dy in (-0.25 * item.size, 0.8 * item.size):
                yield item.x + dx * c - dy * s, item.y + dx * s + dy * c, 0.0
    elif isinstance(item, Group):  # moved and scaled; turned groups are measured by their unturned box
        for x, y, pad in (p for i in item.items for p in _points(i, metrics)):
            yield item.x + x * item.scale, item.y + y * item.scale, pad * item.scale


def items_extent(items: Iterable[Item], metrics: Metrics | None) -> Extent:
    xs0, ys0, xs1, ys1 = [], [], [], []
    for item in items:
        for x, y, pad in _points(item, metrics):
            xs0.append(x - pad)
            xs1.append(x + pad)
            ys0.append(y - pad)
            ys1.append(y + pad)
    return (min(xs0), min(ys0), max(xs1), max(ys1))
