"""Measuring generated PDFs the way a careful person with a ruler would, in millimetres."""

from __future__ import annotations

import math
from collections import Counter

import pdfplumber

MM = 25.4 / 72  # one PDF point in mm
CONTENT_W, CONTENT_H = 194.0, 263.0
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def segment_distance(p, a, b) -> float:
    """How far point `p` lies from the segment a-b (any unit, the points' own).

    >>> segment_distance((1.0, 1.0), (0.0, 0.0), (2.0, 0.0)), segment_distance((3.0, 0.0), (0.0, 0.0), (0.0, 0.0))
    (1.0, 3.0)
    """
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def mm(points: float) -> float:
    return points * MM


def squares(page, size_mm: float, tol: float = 0.01) -> list[dict]:
    """Rectangles of the page that are `size_mm` square (to `tol` mm)."""
    return [r for r in page.rects
            if abs(mm(r["width"]) - size_mm) <= tol and abs(mm(r["height"]) - size_mm) <= tol]


def grid_spacings(page, length_mm: float, tol: float = 0.01) -> tuple[list[float], list[float]]:
    """Gaps in mm between neighbouring vertical, and horizontal, lines of a given length.

    The board's inner grid lines and its border span the whole grid, so the gaps are the
    cell sizes.
    """
    xs, ys = set(), set()
    for line in page.lines:
        w, h = mm(line["x1"] - line["x0"]), mm(line["bottom"] - line["top"])
        if abs(h - length_mm) <= tol and w < 0.01:
            xs.add(round(mm(line["x0"]), 4))
        if abs(w - length_mm) <= tol and h < 0.01:
            ys.add(round(mm(line["top"]), 4))
    for r in page.rects:  # the border
        if abs(mm(r["width"]) - length_mm) <= tol and abs(mm(r["height"]) - length_mm) <= tol:
            xs |= {round(mm(r["x0"]), 4), round(mm(r["x1"]), 4)}
            ys |= {round(mm(r["top"]), 4), round(mm(r["bottom"]), 4)}
    xs, ys = sorted(xs), sorted(ys)
    return [b - a for a, b in zip(xs, xs[1:])], [b - a for a, b in zip(ys, ys[1:])]


def content_extent(page) -> tuple[float, float, float, float]:
    """The bounding box in mm (left, top, right, bottom; top-down) of everything drawn or written."""
    objs = page.chars + page.lines + page.rects + page.curves
    return (min(mm(o["x0"]) for o in objs), min(mm(o["top"]) for o in objs),
            max(mm(o["x1"]) for o in objs), max(mm(o["bottom"]) for o in objs))


def content_box(paper: str) -> tuple[float, float, float, float]:
    pw, ph = PAPERS[paper]
    x, y = (pw - CONTENT_W) / 2, (ph - CONTENT_H) / 2
    return x, y, x + CONTENT_W, y + CONTENT_H


def bars(page, length_mm: float, tol: float = 0.01) -> list[dict]:
    """Horizontal lines of a given length (the scale bars)."""
    return [ln for ln in page.lines
            if abs(mm(ln["x1"] - ln["x0"]) - length_mm) <= tol and mm(ln["bottom"] - ln["top"]) < 0.01]


def page_text(page) -> str:
    return page.extract_text() or ""


def open_pdf(path) -> pdfplumber.PDF:
    return pdfplumber.open(path)


def most_common_gap(values: list[float]) -> float:
    return Counter(round(v, 2) for v in values).most_common(1)[0][0]
