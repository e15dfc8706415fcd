"""`build --tactile`: the kit for swell paper, measured from its PDF.

Each property is read back from the file: the colour operators of its content streams and a
render without smoothing (no grey anywhere), the tiles' squares (50 mm), the braille dots'
diameters and spacing (within 0.1 mm) read back as cells, the ink of every raised mark (paths
flattened from the PDF's own Bézier segments) for the 6.4 mm between things a finger tells
apart and for the gap at a crossing.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.braille import CODES, STANDARD, coordinate, unicode_braille
from papergame.cli import main
from papergame.data.games import load_definition
from pdfmeasure import segment_distance

MM = 25.4 / 72
APART = 6.4
TOL = 0.01
SWELL = 7  # the default game's tactile sheets: the key, four board parts, two sheets of tiles and tokens


@lru_cache(maxsize=None)
def built(*args: str) -> Path:
    folder = Path(__import__("tempfile").mkdtemp(prefix="tactile-"))
    result = CliRunner().invoke(main, ["build", "--tactile", "-o", str(folder / "kit.pdf"), *args])
    assert result.exit_code == 0, result.output
    return folder / "kit.pdf"


def red_kit() -> Path:
    return built("--red-labels")


def black_kit() -> Path:
    return built()


# --- reading the PDF -----------------------------------------------------------------------------


def colour_operands(path: Path, pages: range) -> Counter:
    """Every colour-setting operator of the pages' content streams, with its operands."""
    found: Counter = Counter()
    with pikepdf.open(path) as pdf:
        for n in pages:
            for operands, operator in pikepdf.parse_content_stream(pdf.pages[n]):
                op = str(operator)
                if op in ("g", "G", "rg", "RG", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"):
                    found[(op, tuple(round(float(v), 4) for v in operands))] += 1
    return found


def flatten(obj) -> list[tuple[float, float]]:
    """A pdfplumber path's points in mm (y down), its Bézier segments sampled finely."""
    points: list[tuple[float, float]] = []
    for step in obj["path"]:
        kind, *xy = step
        if kind in ("m", "l"):
            points.append(xy[0])
        elif kind == "c":
            p0 = points[-1]
            (x1, y1), (x2, y2), (x3, y3) = xy
            for i in range(1, 17):
                t = i / 16
                s = 1 - t
                points.append((s ** 3 * p0[0] + 3 * s * s * t * x1 + 3 * s * t * t * x2 + t ** 3 * x3,
                               s ** 3 * p0[1] + 3 * s * s * t * y1 + 3 * s * t * t * y2 + t ** 3 * y3))
    return [(x * MM, y * MM) for x, y in points]


class Ink:
    """One mark's ink as its outline in mm: a stroked path's two edges and butt ends, or a filled shape's edge."""

    def __init__(self, points, width, kind):
        self.kind, self.width, self.centre_line = kind, width, points
        self.points = outline(points, width) if width else points
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        self.box = (min(xs), min(ys), max(xs), max(ys))


def outline(points, width):
    """The outline of a path stroked `width` wide with butt ends: one edge, the far end, the other edge back."""
    half = width / 2
    left, right = [], []
    for i, (x, y) in enumerate(points):
        (ax, ay), (bx, by) = points[max(i - 1, 0)], points[min(i + 1, len(points) - 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm * half, dx / norm * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1] + left[:1]


def apart(one: Ink, other: Ink, enough: float = APART) -> float:
    """Edge to edge, ink to ink (mm); when their boxes are `enough` apart, that lower bound is the answer."""
    dx = max(one.box[0] - other.box[2], other.box[0] - one.box[2], 0.0)
    dy = max(one.box[1] - other.box[3], other.box[1] - one.box[3], 0.0)
    if max(dx, dy) >= enough:
        return max(dx, dy)
    best = nearest(one.points, segments(other), math.inf)
    return nearest(other.points, segments(one), best)


def segments(ink: Ink) -> list[tuple[float, ...]]:
    """An ink's outline as segments (ax, ay, bx, by) with each one's box (x0, y0, x1, y1), found once an ink;
    a single point is one segment from itself to itself."""
    found = getattr(ink, "_segments", None)
    if found is None:
        points = ink.points
        found = ink._segments = [(ax, ay, bx, by, min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
                                 for (ax, ay), (bx, by) in zip(points, points[1:] or points)]
    return found


def nearest(points, segments, best: float) -> float:
    """The least of `best` and segment_distance(p, a, b) over the points and segments: a segment whose box is
    farther from the point than `best` along x or y (by more than 1e-9 mm, far above rounding) cannot be
    nearer, so it is passed over; the least found is the same number the full double loop finds."""
    for px, py in points:
        for ax, ay, bx, by, x0, y0, x1, y1 in segments:
            gap = best + 1e-9
            if x0 - px > gap or px - x1 > gap or y0 - py > gap or py - y1 > gap:
                continue
            d = segment_distance((px, py), (ax, ay), (bx, by))
            if d < best:
                best = d
    return best


def inks(page) -> list[Ink]:
    """Every raised mark of a page: stroked paths (kind "line", "edge"), filled shapes ("dot", "disc", "shape")."""
    out = []
    for obj in page.curves + page.lines + page.rects:
        if obj.get("non_stroking_color") == (1.0, 0.0, 0.0) and not obj.get("stroke"):
            continue
        width = obj["linewidth"] * MM
        if obj["fill"] and not obj["stroke"]:
            w = (obj["x1"] - obj["x0"]) * MM
            kind = "dot" if abs(w - STANDARD.diameter) < 0.1 else "disc" if w < 3 else "shape"
            points = flatten(obj) if "path" in obj and obj["path"] else [
                (obj["x0"] * MM, obj["top"] * MM), (obj["x1"] * MM, obj["top"] * MM),
                (obj["x1"] * MM, obj["bottom"] * MM), (obj["x0"] * MM, obj["bottom"] * MM),
                (obj["x0"] * MM, obj["top"] * MM)]
            out.append(Ink(points, 0.0, kind))
        else:
            points = flatten(obj) if obj.get("path") else [
                (obj["x0"] * MM, obj["top"] * MM), (obj["x1"] * MM, obj["top"] * MM),
                (obj["x1"] * MM, obj["bottom"] * MM), (obj["x0"] * MM, obj["bottom"] * MM),
                (obj["x0"] * MM, obj["top"] * MM)]
            out.append(Ink(points, width, "line" if width > 1.0 else "edge" if width > 0.4 else "fine"))
    return out


def read_braille(dots: list[tuple[float, float]]) -> tuple[list[int], dict]:
    """Cells from dot centres (mm, y down): the cells' grid found from the dots, its spacing measured."""
    xs = sorted({round(x, 2) for x, _ in dots})
    top = min(y for _, y in dots)
    best = None
    for origin in xs + [x - STANDARD.dot for x in xs]:
        if origin > xs[0] + 1e-6:
            continue
        cells: dict[int, int] = {}
        ok = True
        for x, y in dots:
            k, rem = divmod(x - origin + 0.2, STANDARD.cell)
            column = 0 if rem < 0.4 else 1 if abs(rem - 0.2 - STANDARD.dot) < 0.15 else None
            row = round((y - top) / STANDARD.dot)
            if column is None or abs((y - top) - row * STANDARD.dot) > 0.1 or row > 2:
                ok = False
                break
            cells[int(k)] = cells.get(int(k), 0) | (1 << (column * 3 + row))
        if ok and (best is None or origin > best[0]):
            best = (origin, cells)
    assert best is not None, f"these dots are not braille at standard spacing: {dots}"
    origin, cells = best
    return [cells.get(k, 0) for k in range(max(cells) + 1)], {"origin": origin, "top": top}


def dot_spacings(dots: list[tuple[float, float]]) -> list[float]:
    """Distances between dots that are neighbours in a cell (across or down)."""
    out = []
    for i, (x1, y1) in enumerate(dots):
        for x2, y2 in dots[i + 1:]:
            d = math.hypot(x2 - x1, y2 - y1)
            if d < 3.0:
                out.append(d)
    return out


def tile_squares(page, size: float = 50.0) -> list[tuple[float, float, float, float]]:
    return [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in page.rects
            if abs((r["x1"] - r["x0"]) * MM - size) <= TOL and abs((r["bottom"] - r["top"]) * MM - size) <= TOL]


def board_cells(page, size: float = 50.0) -> list[tuple[float, float, float, float]]:
    """The cells of a board part, from its thin grid lines (each side of a cell drawn once): every box between
    neighbouring upright lines and neighbouring level ones that are `size` apart, each side a drawn line."""
    segments = [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in page.lines
                if abs(r["linewidth"] * MM - 0.5) < 0.01]
    xs = sorted({round(x0, 2) for x0, _, x1, _ in segments if abs(x1 - x0) < 0.01})
    ys = sorted({round(y0, 2) for _, y0, _, y1 in segments if abs(y1 - y0) < 0.01})

    def drawn(x0, y0, x1, y1) -> bool:  # a side of a cell lies on a drawn segment
        return any(min(a, c) - TOL <= x0 and max(a, c) + TOL >= x1 and min(b, d) - TOL <= y0 and max(b, d) + TOL >= y1
                   for a, b, c, d in segments)

    return [(x0, y0, x1, y1) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])
            if abs(x1 - x0 - size) <= TOL and abs(y1 - y0 - size) <= TOL
            and drawn(x0, y0, x1, y0) and drawn(x0, y1, x1, y1) and drawn(x0, y0, x0, y1) and drawn(x1, y0, x1, y1)]


def inside(box, ink: Ink, slack: float = 0.8) -> bool:
    """Within the box, give or take a line's half width (a line ends on the tile's edge, where it may slant)."""
    x0, y0, x1, y1 = ink.box
    return x0 >= box[0] - slack and y0 >= box[1] - slack and x1 <= box[2] + slack and y1 <= box[3] + slack


def length(ink: Ink) -> float:
    return sum(math.dist(a, b) for a, b in zip(ink.centre_line, ink.centre_line[1:]))


def centre(ink: Ink) -> tuple[float, float]:
    return ((ink.box[0] + ink.box[2]) / 2, (ink.box[1] + ink.box[3]) / 2)


# --- the tests -------------------------------------------------------------------------------------


def test_the_swell_sheets_set_no_grey_and_no_colour_but_red():
    black = colour_operands(black_kit(), range(SWELL))
    assert {op for op, _ in black} <= {"g", "G"}
    assert {operands for _, operands in black} <= {(0.0,), (1.0,)}  # black, and white (paper)
    red = colour_operands(red_kit(), range(SWELL))
    assert {(op, operands) for (op, operands) in red if op in ("rg", "RG")} == {("rg", (1.0, 0.0, 0.0))}
    assert {operands for (op, operands) in red if op in ("g", "G")} <= {(0.0,), (1.0,)}
    assert not {op for op, _ in red} & {"k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}


def test_a_render_of_the_swell_sheets_has_black_white_and_red_pixels_only():
    doc = pdfium.PdfDocument(str(red_kit()))
    try:
        for n in range(SWELL):
            image = doc[n].render(scale=100 / 72, no_smoothtext=True, no_smoothpath=True,
                                  no_smoothimage=True).to_pil().convert("RGB")
            colours = set(image.getcolors(1 << 24) or [])
            assert {c for _, c in colours} <= {(0, 0, 0), (255, 255, 255), (255, 0, 0)}, n + 1
    finally:
        doc.close()


def test_the_tiles_are_50_mm_squares_and_every_tile_is_there():
    with pdfplumber.open(black_kit()) as pdf:
        squares = [s for page in pdf.pages[5:SWELL] for s in tile_squares(page)]
        assert len(squares) == 18
        board = [s for page in pdf.pages[1:5] for s in board_cells(page)]
        assert len(board) == 25  # the board's cells are tile-sized, 50.00 mm each way
        assert not [s for page in pdf.pages[1:5] for s in tile_squares(page)]  # each side drawn once, not squares


def tiles_of(path: Path):
    """Each tile square of the tile sheets, with the raised marks inside it."""
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages[5:SWELL]:
            marks = inks(page)
            for box in sorted(tile_squares(page), key=lambda b: (round(b[1]), b[0])):
                yield box, [m for m in marks if inside(box, m) and m.kind != "edge"]


def test_each_tile_s_type_number_is_braille_at_standard_geometry():
    definition = load_definition(None)
    expected = [t.id for t in definition.tiles for _ in range(t.copies)]
    read = []
    for box, marks in tiles_of(black_kit()):
        dots = [centre(m) for m in marks if m.kind == "dot"]
        for m in marks:
            if m.kind == "dot":
                assert abs((m.box[2] - m.box[0]) - STANDARD.diameter) <= 0.1
        cells, _ = read_braille(dots)
        spacings = dot_spacings(dots)
        assert spacings and all(abs(d - STANDARD.dot) <= 0.1 or abs(d - STANDARD.dot * math.sqrt(2)) <= 0.1
                                for d in spacings)
        read.append(unicode_braille(cells))
    assert read == [unicode_braille(coordinate(str(t))) for t in expected]
    assert read[-1] == "⠼⠉"  # UEB: numeric indicator, then c for 3


def test_braille_cells_are_6_2_mm_apart_and_within_2_3_to_2_5():
    for box, marks in tiles_of(black_kit()):
        dots = sorted(centre(m) for m in marks if m.kind == "dot")
        cells, grid = read_braille(dots)
        assert len(cells) == 2
        first_right = [x for x, _ in dots if x < grid["origin"] + 3.0]
        second = [x for x, _ in dots if x > grid["origin"] + 5.0]
        assert abs(min(second) - grid["origin"] - STANDARD.cell) <= 0.1 or \
            abs(min(second) - grid["origin"] - STANDARD.cell - STANDARD.dot) <= 0.1
        assert 6.1 <= STANDARD.cell <= 7.6 and 2.3 <= STANDARD.dot <= 2.5
        assert first_right


def test_the_two_lines_of_a_tile_are_solid_and_dashed_and_6_4_mm_apart():
    for box, marks in tiles_of(black_kit()):
        lines = [m for m in marks if m.kind == "line"]
        long = [m for m in lines if length(m) > 20]
        short = [m for m in lines if m not in long]
        assert len(long) == 1, "one solid line, in one piece"
        assert len(short) >= 4, "a dashed line: pieces of about 6 mm"
        for piece in short:
            assert apart(piece, long[0]) >= APART - TOL
        dots = [m for m in marks if m.kind == "dot"]
        for dot in dots:
            for line in lines:
                assert apart(dot, line) >= APART - TOL
            x0, y0, x1, y1 = box
            cx, cy = centre(dot)
            edge = min(cx - x0, x1 - cx, cy - y0, y1 - cy) - STANDARD.diameter / 2 - 0.25
            assert edge >= APART - TOL


def test_the_crossing_is_a_clear_gap_in_the_dashed_line():
    gaps = []
    for box, marks in tiles_of(black_kit()):
        lines = [m for m in marks if m.kind == "line"]
        solid = [m for m in lines if m.box[3] - m.box[1] > 49 or m.box[2] - m.box[0] > 49]
        if len(solid) == 1 and solid[0].box[2] - solid[0].box[0] < 2:  # type 3: a straight solid line N-S
            dashes = [m for m in lines if m is not solid[0]]
            x = (solid[0].box[0] + solid[0].box[2]) / 2
            left = max(m.box[2] for m in dashes if m.box[2] < x)
            right = min(m.box[0] for m in dashes if m.box[0] > x)
            gaps.append((solid[0].box[0] - left, right - solid[0].box[2]))
    assert len(gaps) == 6, gaps
    assert all(a >= APART - TOL and b >= APART - TOL for a, b in gaps)


def test_tokens_differ_in_shape_and_stand_apart():
    with pdfplumber.open(black_kit()) as pdf:
        page = pdf.pages[SWELL - 1]
        rings = [c for c in page.curves if c["stroke"] and abs((c["x1"] - c["x0"] + c["linewidth"]) * MM - 20.0) < 0.1]
        squares = [r for r in page.rects if r["fill"] and abs((r["x1"] - r["x0"]) * MM - 18.0) < 0.1]
        assert len(rings) == 3 and len(squares) == 3
        marks = [m for m in inks(page) if m.kind in ("line", "shape") and m.box[2] - m.box[0] > 15]
        tokens = [m for m in marks if m.box[3] - m.box[1] < 21]
        tiles_bottom = max(s[3] for s in tile_squares(page))
        assert all(t.box[1] - tiles_bottom >= APART - TOL for t in tokens)
        for i, one in enumerate(tokens):
            for other in tokens[i + 1:]:
                assert apart(one, other) >= APART - TOL


def test_the_board_is_labelled_in_braille_on_its_outer_sides():
    board = load_definition(None).board
    seen_columns, seen_rows = set(), set()
    with pdfplumber.open(black_kit()) as pdf:
        for page in pdf.pages[1:5]:
            cells = board_cells(page)
            left, top = min(c[0] for c in cells), min(c[1] for c in cells)
            right, bottom = max(c[2] for c in cells), max(c[3] for c in cells)
            dots = [m for m in inks(page) if m.kind == "dot"]
            grid = [m for m in inks(page) if m.kind == "edge"]
            for dot in dots:
                assert min(apart(dot, g) for g in grid) >= APART - TOL
            columns = [d for d in dots if centre(d)[1] < top or centre(d)[1] > bottom]
            rows = [d for d in dots if top < centre(d)[1] < bottom]
            for c in cells:
                inside_x = [centre(d) for d in columns if c[0] < centre(d)[0] < c[2]]
                if inside_x:
                    seen_columns.add(unicode_braille(read_braille(inside_x)[0]))
                inside_y = [centre(d) for d in rows if c[1] < centre(d)[1] < c[3]]
                if inside_y:
                    seen_rows.add(unicode_braille(read_braille(inside_y)[0]))
            assert right - left <= 150.01
    assert seen_columns == {unicode_braille(coordinate(c)) for c in board.columns}
    assert seen_rows == {unicode_braille(coordinate(r)) for r in board.rows}
    assert "⠠⠁" in seen_columns and "⠼⠑" in seen_rows  # UEB: capital sign + a; numeric indicator + e for 5


def test_at_most_five_line_types_and_a_key_naming_them():
    widths = set()
    with pdfplumber.open(red_kit()) as pdf:
        foot = 297 - (297 - 263) / 2 - 15.0
        for page in pdf.pages[:SWELL]:
            for m in inks(page):
                if m.box[1] < foot - APART and m.kind in ("line", "edge", "fine"):
                    widths.add(round(m.width, 2))
        key = pdf.pages[0].extract_text()
    assert widths == {1.5, 0.5}  # raised lines 1.5 mm (solid, dashed) and thin edges 0.5 mm: with dots, 4 types
    for words in ("a: A tile's first line: solid.", "b: A tile's second line: dashed", "c: Thin line",
                  "d: White token: a ring.", "e: Black token: a solid square.", "f: Braille"):
        assert words in key.replace("\n", " ")


def test_french_tiles_carry_antoine_digits():
    path = built("--lang", "fr")
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[SWELL - 1]
        box = sorted(tile_squares(page), key=lambda b: (round(b[1]), b[0]))[0]
        dots = [centre(m) for m in inks(page) if m.kind == "dot" and inside(box, m)]
    assert unicode_braille(read_braille(dots)[0]) == unicode_braille(coordinate("3", CODES["bfu"])) == "⠠⠩"


def test_without_tactile_the_kit_has_no_red_and_no_tactile_sheet(tmp_path):
    result = CliRunner().invoke(main, ["build", "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 0
    found = colour_operands(tmp_path / "k.pdf", range(2))
    assert not {op for op, _ in found} & {"rg", "RG"}


@pytest.mark.parametrize("args, line", [
    (["--tactile", "--tile-size", "40"], "Error: --tile-size: 40 mm is too small for a tactile tile: give 50 to "
                                         "60 mm (or leave it out for the size the braille needs)"),
    (["--tactile", "--tile-size", "35"], "Error: --tile-size: 35 mm is too small for a tactile tile: give 50 to "
                                         "60 mm (or leave it out for the size the braille needs)"),
    (["--tactile", "--ink", "low"], "Error: --ink: low ink prints grey, and a tactile kit is pure black (swell paper "
                                    "raises black only): leave ink at normal"),
    (["--tactile", "--backs", "fold"], "Error: --backs: prints grey tile backs, and a tactile kit is pure black: "
                                       "leave backs at none"),
])
def test_what_a_tactile_kit_refuses(tmp_path, args, line):
    result = CliRunner().invoke(main, ["build", "-o", str(tmp_path / "k.pdf"), *args])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [line]
    assert not (tmp_path / "k.pdf").exists()


def test_the_svg_of_a_tactile_kit_is_black_white_and_red_too(tmp_path):
    import re

    result = CliRunner().invoke(main, ["build", "--red-labels", "--format", "svg", "-o", str(tmp_path / "k")])
    assert result.exit_code == 0, result.output
    colours = set()
    for n in range(1, SWELL + 1):
        svg = (tmp_path / f"k-{n:02d}.svg").read_text(encoding="utf-8")
        colours |= set(re.findall(r'(?:fill|stroke)="(#[0-9a-f]{6})"', svg))
    assert colours <= {"#000000", "#ffffff", "#ff0000"} and "#ff0000" in colours


def test_the_key_keeps_its_marks_6_4_mm_apart():
    with pdfplumber.open(black_kit()) as pdf:
        marks = inks(pdf.pages[0])
    foot = 297 - (297 - 263) / 2 - 15.0
    marks = [m for m in marks if m.box[3] < foot - APART + 0.01 and m.kind != "fine"]
    rows: list[list[Ink]] = []
    for m in sorted(marks, key=lambda m: centre(m)[1]):
        if rows and abs(centre(rows[-1][0])[1] - centre(m)[1]) < 8:
            rows[-1].append(m)
        else:
            rows.append([m])
    assert len(rows) == 6  # solid, dashed, thin, two tokens, braille: each beside its braille letter
    for row in rows:
        left = min(m.box[0] for m in row)
        letter = [m for m in row if m.kind == "dot" and m.box[0] < left + 4.0]
        sample = [m for m in row if m not in letter]
        assert letter and sample
        assert min(apart(a, b) for a in letter for b in sample) >= APART - TOL
    for upper, lower in zip(rows, rows[1:]):
        assert min(apart(a, b) for a in upper for b in lower) >= APART - TOL


def test_every_raised_mark_stands_6_4_mm_clear_of_the_foot_of_its_sheet():
    foot_top = 297 - (297 - 263) / 2 - 15.0  # the scale check's band (y down, mm): its ink is below this
    with pdfplumber.open(black_kit()) as pdf:
        for n, page in enumerate(pdf.pages[:SWELL], start=1):
            chars = [c for c in page.chars if c["top"] * MM > foot_top - 3]
            foot_ink = min(c["top"] * MM for c in chars)  # the highest letter of the foot
            marks = [m for m in inks(page) if m.box[1] < foot_top]
            assert max(m.box[3] for m in marks) <= foot_ink - APART + TOL, n


def red_sizes(path: Path) -> Counter:
    """How many red characters the PDF sets at each size (pt, to 0.01)."""
    with pdfplumber.open(path) as pdf:
        return Counter(round(c["size"], 2) for page in pdf.pages for c in page.chars
                       if tuple(c.get("non_stroking_color") or ()) == (1, 0, 0))


def test_red_labels_are_16_pt_or_more_in_large_print():
    """The sighted helper's labels (tile ids, column letters, row numbers, token names, the key's words) follow
    the large-print profile: 16 pt, the titles 19.8; without it they keep their 4 mm (11.34 pt)."""
    large = red_sizes(built("--red-labels", "--large-print"))
    assert set(large) == {16.0, 19.84} and large[16.0] > 300, large
    assert set(red_sizes(red_kit())) == {11.34, 19.84}
    for kit, left_aligned in ((built("--red-labels", "--large-print"), True), (red_kit(), False)):
        with pdfplumber.open(kit) as pdf:  # in large print a token's name starts under its left edge
            names = [w for w in pdf.pages[SWELL - 1].extract_words(extra_attrs=["non_stroking_color"])
                     if tuple(w["non_stroking_color"] or ()) == (1, 0, 0) and w["text"] in ("White", "Black")]
        starts = [round(w["x0"] * 25.4 / 72, 2) for w in names]
        grid = [round(8.0 + k * 32.8, 2) for k in range(6)]  # the tokens' boxes: 20 mm, 6.4 mm clear either side
        assert (starts == grid) == left_aligned, starts


def test_tiles_with_three_ports_a_side_are_refused_with_the_reason(tmp_path):
    game = tmp_path / "three.toml"
    pairs = '[["N1", "S1"], ["N2", "S2"], ["N3", "S3"], ["E1", "W1"], ["E2", "W2"], ["E3", "W3"]]'
    game.write_text('[rules]\npath = "own"\nsupply = "kit"\n[shape]\nsides = ["N", "E", "S", "W"]\n'
                    'ports = ["N1", "N2", "N3", "E1", "E2", "E3", "S1", "S2", "S3", "W1", "W2", "W3"]\n'
                    '[board]\ncolumns = ["A", "B", "C"]\nrows = ["1", "2", "3"]\n'
                    '[[tokens]]\nname = "white"\nstart = "A1/S1"\n[[tokens]]\nname = "black"\nstart = "C3/N1"\n'
                    f'[deal]\nhand = 3\n[[tiles]]\ntype = 1\npairs = {pairs}\ncopies = 12\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--game", str(game), "--tactile", "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        "Error: --tactile: tells a tile's lines apart by line type, and a tactile graphic may use at most five "
        "(BANA): the tiles' thin edges take one, leaving 4 (solid, dashed, dotted, dash-dot); this game's squares "
        "with 3 ports a side have 6 lines a tile, more than 4 line types can tell apart: a tactile kit needs tiles "
        "of at most 4 lines (squares with one or two ports a side, hexagons with one)")
    assert not (tmp_path / "k.pdf").exists()


def test_a_tactile_class_set_is_every_kit_in_turn_each_named_at_its_foot(tmp_path):
    """`--tactile --kits 3`: each kit's swell sheets, rules and record in turn (a pupil's pieces stay together:
    nothing raised says the kit), every page's foot naming its kit; the swell sheets pure black; the BRF files
    the single kit's, byte for byte; `--kit 2` reprints one kit under its number."""
    single = built()
    three = built("--kits", "3")
    with pdfplumber.open(single) as one, pdfplumber.open(three) as pdf:
        per_kit = len(one.pages)
        assert len(pdf.pages) == 3 * per_kit
        for k in range(3):
            for page in pdf.pages[k * per_kit:(k + 1) * per_kit]:
                assert f"Kit {k + 1} – Page" in (page.extract_text() or "")
        squares = [s for page in pdf.pages for s in tile_squares(page)]
    assert len(squares) == 3 * 18  # every kit's 18 tiles of 50.00 mm
    for k in range(3):
        operands = colour_operands(three, range(k * per_kit, k * per_kit + SWELL))
        assert {op for op, _ in operands} <= {"g", "G"} and {o for _, o in operands} <= {(0.0,), (1.0,)}
    for part in ("rules", "record", "host-key"):
        assert three.with_name(f"kit-{part}.brf").read_bytes() == single.with_name(f"kit-{part}.brf").read_bytes()
    out = tmp_path / "k2.pdf"
    result = CliRunner().invoke(main, ["build", "--tactile", "--kit", "2", "--only", "tiles", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        assert all("Kit 2 – Page" in (p.extract_text() or "") for p in pdf.pages)


def test_a_tactile_class_set_s_red_labels_name_the_kit_inside_each_tile():
    """With red labels the sighted helper reads the kit on each tile (`K2 · 2·3`, 16 pt in large print), every
    label inside its tile, and `Kit 2` at each swell sheet's top right."""
    path = built("--kits", "2", "--red-labels", "--large-print")
    with pdfplumber.open(path) as pdf:
        page = next(p for p in pdf.pages[SWELL:] if "Tiles to feel" in (p.extract_text() or ""))
        words = [w for w in page.extract_words(extra_attrs=["non_stroking_color", "size"])
                 if tuple(w["non_stroking_color"] or ()) == (1, 0, 0)]
        assert any(w["text"] == "Kit" for w in words) and any(w["text"] == "K2" for w in words)
        tiles = tile_squares(page)
        ids = [w for w in words if w["text"] == "K2"]
        assert len(ids) == len(tiles) == 12 and all(round(w["size"], 2) == 16.0 for w in ids)
        lines = {}
        for w in words:  # each id's words, "K2" "·" "2·3", on one line: it ends inside the tile it starts in
            lines.setdefault(round(w["top"]), []).append(w)
        for w in ids:
            box = next(b for b in tiles if b[0] <= w["x0"] * MM <= b[2] and b[1] <= w["top"] * MM <= b[3])
            end = max(v["x1"] for v in lines[round(w["top"])] if box[0] <= v["x0"] * MM < box[2])
            assert end * MM <= box[2] - 0.99
