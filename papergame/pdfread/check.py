"""Measure a kit PDF someone was sent, and say whether it prints true at 100%.

Reads the drawing itself with PDFium: the page size, the 50 mm scale bar (found by its
millimetre ticks, `printmarks.BAR_TICKS`), the square tiles and the board's grid, and
anything drawn past the page's edge. A file that was "fitted to page" or printed to PDF
at another scale shows it in all of them. Tiles and the grid are measured only on the
pages the kit's keywords say carry them (`printmarks.KitMarks`), so the rules' diagrams
are never taken for tiles.
"""

from __future__ import annotations

import ctypes
from collections import Counter
from papergame.records import dataclass
from pathlib import Path
from typing import Callable, Iterator

from papergame.errors import PapergameError
from papergame.pdfread.guard import Damaged, bounded, document_sizes, seconds_for
from papergame.pdfread.open import open_pdf
from papergame.printmarks import BAR_MM, BAR_TICKS, KitMarks, correction_scale, read_keywords

MM = 25.4 / 72
BAR = BAR_MM
# Within 0.5 % a print is true for everything a kit is used for: 0.2 mm on a 35 mm tile,
# less than the width of a cut line, and tiles still butt together on the board.
TOLERANCE = 0.005
OUTSIDE = 0.3  # mm past the page's edge before drawing counts as cut off
PAPERS = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
PAPER_KEYS = {"a4": "A4", "letter": "Letter"}


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
    true_scale: bool  # prints true: right scale, right paper, nothing past the page's edge
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


MAX_OBJECTS = 200_000  # drawn things on one page; a kit's busiest page (eight-port tiles) has about 2,000


def page_geometry(page, number: int = 1, path: Path | str = "") -> tuple[list[Segment], list[tuple[float, float, float, float]]]:
    """Every straight segment, and every axis-aligned rectangle (x, y, w, h), in mm."""
    import pypdfium2.raw as raw

    segments, rects = [], []
    for count, obj in enumerate(page.get_objects(max_depth=8)):
        if count >= MAX_OBJECTS:
            raise PapergameError(f"{path}: page {number} draws more than {MAX_OBJECTS:,} things, far more than "
                                 f"any papergame kit; it is not one")
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
    """The length of the millimetre bar: a horizontal line with BAR_TICKS evenly spaced ticks on it."""
    ticks = [s for s in segments if s.vertical]
    for line in sorted((s for s in segments if s.horizontal), key=lambda s: -s.length):
        left, right = min(line.x0, line.x1), max(line.x0, line.x1)
        on = sorted({round(t.x0, 3) for t in ticks
                     if left - 0.01 <= t.x0 <= right + 0.01 and abs(min(t.y0, t.y1) - line.y0) < 0.01})
        if len(on) == BAR_TICKS:
            gaps = [b - a for a, b in zip(on, on[1:])]
            if max(gaps) - min(gaps) < 0.01:
                return on[-1] - on[0]
    return None


def common_square(rects, fewest: int = 4) -> float | None:
    """The size of the squares drawn most often (at least `fewest` of them): the tiles."""
    sizes = Counter(round(w, 2) for x, y, w, h in rects if abs(w - h) < 0.01 and 5 < w < 150)
    if not sizes:
        return None
    size, count = sizes.most_common(1)[0]
    return size if count >= fewest else None


def common_hexagon(segments: list[Segment], fewest: int = 6) -> float | None:
    """The distance between the flat sides of the flat-top hexagons drawn most often (sides at
    least `fewest` times): their sides are level or at 60 degrees, and √3 times a side apart."""
    import math

    sides = []
    for s in segments:
        if not 3 < s.length < 100:
            continue
        angle = math.degrees(math.atan2(s.y1 - s.y0, s.x1 - s.x0)) % 60
        if min(angle, 60 - angle) < 0.05:
            sides.append(s.length)
    if not sides:
        return None
    side, count = Counter(round(v, 2) for v in sides).most_common(1)[0]
    near = [v for v in sides if abs(v - side) <= 0.006]
    return sum(near) / len(near) * math.sqrt(3) if count >= fewest else None


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


def overflow(page, width: float, height: float) -> float:
    """How far (mm) the drawing reaches past the page's edge; 0 when it stays on the page."""
    worst = 0.0
    for obj in page.get_objects(max_depth=1):
        left, bottom, right, top = (v * MM for v in obj.get_bounds())
        worst = max(worst, -left, -bottom, right - width, top - height)
    return worst


def paper_of(width: float, height: float) -> str | None:
    for name, (w, h) in PAPERS.items():
        if abs(width - w) < 0.5 and abs(height - h) < 0.5:
            return name
    return None


def paper_name(width: float, height: float) -> str:
    name = paper_of(width, height)
    if name is not None:
        w, h = PAPERS[name]
        return f"{name}, {w:g} × {h:g} mm"
    return f"{width:.1f} × {height:.1f} mm"


@dataclass
class Findings:
    """What the pages of a file measure."""

    size: tuple[float, float]
    bar: float | None = None
    tile: float | None = None
    cell: float | None = None
    outside: tuple[int, float] | None = None  # the first page drawn past its edge, and by how much


def measure_in_child(document, marks: KitMarks | None, path: Path) -> Iterator[Findings]:
    """`measure`, as `guard.bounded` runs it (in a child process)."""
    yield measure(document, marks, path)


def measure(document, marks: KitMarks | None, path: Path | str = "") -> Findings:
    import pypdfium2 as pdfium

    first = document[0].get_size()
    found = Findings((first[0] * MM, first[1] * MM))
    for number in range(1, len(document) + 1):
        try:
            page = document[number - 1]
        except pdfium.PdfiumError:
            raise Damaged(f"{path}: page {number} cannot be read; make it again or ask for a new copy") from None
        w, h = (v * MM for v in page.get_size())
        segments, rects = page_geometry(page, number, path)
        found.bar = found.bar or find_bar(segments)
        tile_pages = marks.tile_pages if marks is not None else None
        board_pages = marks.board_pages if marks is not None else None
        if marks is not None and marks.across_flats:  # measured across the flats, where the kit says
            if tile_pages is not None and number in tile_pages:
                found.tile = found.tile or common_hexagon(segments)
            if board_pages is not None and number in board_pages:
                found.cell = found.cell or common_hexagon(segments)
        elif tile_pages is None:  # a file from before the keywords said where the tiles are
            found.tile = found.tile or common_square(rects)
        elif number in tile_pages:
            found.tile = found.tile or common_square(rects, fewest=1)
        if (marks is None or not marks.across_flats) and (board_pages is None or number in board_pages):
            found.cell = found.cell or grid_cell(segments, rects)
        past = overflow(page, w, h)
        if past > OUTSIDE and found.outside is None:
            found.outside = (number, past)
    return found


def check_pdf(path: str | Path, flag: Callable[[str], str] = lambda option: option) -> CheckReport:
    """Measure the PDF at `path`; `flag` spells an option in the advice (the CLI puts two dashes before it)."""
    path = Path(path)
    document = open_pdf(path)
    sizes = document_sizes(document, path)  # the cheap checks, before a page is loaded
    if not sizes:
        raise PapergameError(f"{path}: the PDF has no pages, so there is nothing to measure")
    marks = read_keywords(document.get_metadata_dict().get("Keywords", ""))
    found = next(bounded(path, seconds_for(len(sizes)), measure_in_child, document, marks, path))
    if found.bar is None:
        raise PapergameError(f"{path}: no 50 mm scale bar found, so its scale cannot be told; "
                             f"is it a papergame kit?")
    measured = marks.measured if marks else None
    scale = found.bar / (BAR * correction_scale(measured))
    parts = [f"the 50 mm bar measures {found.bar:.2f} mm"]
    flats = " across the flat sides" if marks is not None and marks.across_flats else ""
    if found.tile:
        parts.append(f"tiles {found.tile:.2f} mm{flats}")
    if found.cell:
        parts.append(f"board cells {found.cell:.2f} mm{flats}")
    details = f"({', '.join(parts)}; {paper_name(*found.size)})"
    sentence, true = verdict(path, found, marks, scale, flag)
    return CheckReport(f"{sentence} {details}.", true, scale, found.bar, found.tile, found.cell)


def verdict(path: Path, found: Findings, marks: KitMarks | None, scale: float,
            flag: Callable[[str], str]) -> tuple[str, bool]:
    """One plain sentence (without the measurements), and whether the file prints true."""
    made_for = PAPER_KEYS.get(marks.paper or "") if marks else None
    paper = paper_of(*found.size)
    if made_for and paper and paper != made_for and abs(scale - 1) > TOLERANCE:
        return (f"{path}: this {made_for} kit was fitted to {paper} paper, which scaled it to {100 * scale:.1f}%; "
                f"rebuild it with {flag('paper')} {paper.lower()}", False)
    if found.outside is not None:
        number, past = found.outside
        fix = "rebuild it"
        if marks and marks.measured is not None:
            fix += f" with a larger {flag('measured')}, or none"
        return (f"{path}: page {number} draws {past:.1f} mm past the edge of the page, so a printer cuts it off; "
                f"{fix}", False)
    off = 100 * (scale - 1)
    if abs(scale - 1) <= TOLERANCE:
        near = "" if abs(off) < 0.05 else f", {abs(off):.1f}% {'large' if off > 0 else 'small'}, too little to matter"
        if marks and marks.measured is not None:
            return (f"{path}: prints true on a printer that prints 50 mm as {marks.measured:g} mm: it is scaled by "
                    f"{100 * BAR / marks.measured:.2f}% to make up for it{near}", True)
        return f"{path}: prints true at 100% / Actual size{near}", True
    what = f"tiles measure {found.tile:.1f} mm" if found.tile else f"the 50 mm bar measures {found.bar:.1f} mm"
    percent = f"{100 * scale:.1f}".removesuffix(".0")
    return (f"{path}: {what}: this file was scaled to {percent}%; rebuild it or print the original at "
            f"Actual size", False)
