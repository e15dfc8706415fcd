"""Measure a kit PDF someone was sent, and say whether it prints true at 100%.

Reads the drawing itself with PDFium: the page size, the 50 mm scale bar (found by its
51 millimetre ticks), the square tiles and the board's grid. A file that was "fitted to
page" or printed to PDF at another scale shows it in all three.
"""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from papergame.errors import PapergameError
from papergame.pdfread.open import open_pdf

MM = 25.4 / 72
BAR = 50.0
TOLERANCE = 0.002  # 0.1 mm over the 50 mm bar
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def horizontal(self) -> bool:
        return abs(self.y1 - self.y0) < 0.01 and abs(self.x1 - self.x0) > 0.01

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x0) < 0.01 and abs(self.y1 - self.y0) > 0.01

    @property
    def length(self) -> float:
        return ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5


@dataclass(frozen=True)
class CheckReport:
    sentence: str
    true_scale: bool
    scale: float
    bar_mm: float
    tile_mm: float | None
    cell_mm: float | None


def path_points(obj) -> list[list[tuple[float, float]]]:
    """The straight-line subpaths of a path object, in page millimetres (curves are skipped)."""
    import pypdfium2.raw as raw

    matrix = obj.get_matrix()
    subpaths: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFPath_CountSegments(obj.raw)):
        seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
        raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
        px, py = matrix.on_point(x.value, y.value)
        point = (px * MM, py * MM)
        kind = raw.FPDFPathSegment_GetType(seg)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if len(current) > 1:
                subpaths.append(current)
            current = [point]
        elif kind == raw.FPDF_SEGMENT_LINETO:
            current.append(point)
        else:  # a curve: not part of anything measured here
            current = []
        if raw.FPDFPathSegment_GetClose(seg) and current:
            current.append(current[0])
    if len(current) > 1:
        subpaths.append(current)
    return subpaths


def page_geometry(page) -> tuple[list[Segment], list[tuple[float, float, float, float]]]:
    """Every straight segment, and every axis-aligned rectangle (x, y, w, h), in mm."""
    import pypdfium2.raw as raw

    segments, rects = [], []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        for sub in path_points(obj):
            for (ax, ay), (bx, by) in zip(sub, sub[1:]):
                segments.append(Segment(ax, ay, bx, by))
            corners = set((round(px, 3), round(py, 3)) for px, py in sub)
            xs, ys = sorted({c[0] for c in corners}), sorted({c[1] for c in corners})
            if len(corners) == 4 and len(xs) == 2 and len(ys) == 2:
                rects.append((xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0]))
    return segments, rects


def find_bar(segments: list[Segment]) -> float | None:
    """The length of the millimetre bar: a horizontal line with 51 evenly spaced ticks on it."""
    ticks = [s for s in segments if s.vertical]
    for line in sorted((s for s in segments if s.horizontal), key=lambda s: -s.length):
        left, right = min(line.x0, line.x1), max(line.x0, line.x1)
        on = sorted({round(t.x0, 3) for t in ticks
                     if left - 0.01 <= t.x0 <= right + 0.01 and abs(min(t.y0, t.y1) - line.y0) < 0.01})
        if len(on) == 51:
            gaps = [b - a for a, b in zip(on, on[1:])]
            if max(gaps) - min(gaps) < 0.01:
                return on[-1] - on[0]
    return None


def common_square(rects) -> float | None:
    """The size of the squares drawn most often (at least 4 of them): the tiles."""
    sizes = Counter(round(w, 2) for x, y, w, h in rects if abs(w - h) < 0.01 and 5 < w < 150)
    if not sizes:
        return None
    size, count = sizes.most_common(1)[0]
    return size if count >= 4 else None


def grid_cell(segments: list[Segment], rects) -> float | None:
    """The cell size of the board: gaps between the grid lines that span a large rectangle."""
    best = None
    for x, y, w, h in rects:
        if w < 40 or h < 40:
            continue
        xs = sorted({round(s.x0, 3) for s in segments if s.vertical and abs(s.length - h) < 0.01
                     and x - 0.01 <= s.x0 <= x + w + 0.01} | {round(x, 3), round(x + w, 3)})
        if len(xs) >= 3:
            gaps = [b - a for a, b in zip(xs, xs[1:])]
            if max(gaps) - min(gaps) < 0.02:
                best = gaps[0]
    return best


def paper_name(width: float, height: float) -> str:
    for name, (w, h) in PAPERS.items():
        if abs(width - w) < 0.5 and abs(height - h) < 0.5:
            return f"{name}, {w:g} × {h:g} mm"
    return f"{width:.1f} × {height:.1f} mm"


def correction_of(keywords: str) -> float | None:
    m = re.search(r"measured=([0-9.]+)", keywords or "")
    return float(m.group(1)) if m else None


def check_pdf(path: str | Path) -> CheckReport:
    path = Path(path)
    document = open_pdf(path)
    bar = tile = cell = None
    first_size = None
    for page in document:
        w, h = page.get_size()
        first_size = first_size or (w * MM, h * MM)
        segments, rects = page_geometry(page)
        bar = bar or find_bar(segments)
        tile = tile or common_square(rects)
        cell = cell or grid_cell(segments, rects)
    if bar is None:
        raise PapergameError(f"{path}: no 50 mm scale bar found, so its scale cannot be told; "
                             f"is it a papergame kit?")
    measured = correction_of(document.get_metadata_dict().get("Keywords", ""))
    intended = BAR * BAR / measured if measured else BAR
    scale = bar / intended
    paper = paper_name(*first_size)
    parts = [f"the 50 mm bar measures {bar:.2f} mm"]
    if tile:
        parts.append(f"tiles {tile:.2f} mm")
    if cell:
        parts.append(f"board cells {cell:.2f} mm")
    found = ", ".join(parts)
    if abs(scale - 1) <= TOLERANCE:
        if measured:
            sentence = (f"{path}: prints true on a printer that prints 50 mm as {measured:g} mm: it is "
                        f"scaled by {100 * BAR / measured:.2f}% to make up for it ({found}; {paper}).")
        else:
            sentence = f"{path}: prints true at 100% / Actual size ({found}; {paper})."
        return CheckReport(sentence, True, scale, bar, tile, cell)
    what = f"tiles measure {tile:.1f} mm" if tile else f"the 50 mm bar measures {bar:.1f} mm"
    sentence = (f"{path}: {what}: this file was scaled to {100 * scale:.0f}%; rebuild it or print the "
                f"original at Actual size ({found}; {paper}).")
    return CheckReport(sentence, False, scale, bar, tile, cell)
