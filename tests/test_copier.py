"""Low ink through a copier: a 50 % threshold at 200 dpi (what a photocopier keeps), measured from the PDF."""

from __future__ import annotations

import bisect
import math
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfmeasure import open_pdf, segment_distance, squares

PT = 25.4 / 72
DOT_DASH = 0.05  # mm: a dash shorter than this with round caps is a dot (tile_art.DOT_RUN)


def build(tmp_path, *args, name="kit.pdf"):
    out = tmp_path / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), "--host-key", "omit", *args])
    assert result.exit_code == 0, result.output
    return out


def copied(path, index: int, dpi: int = 200):
    """Page `index` as a copier keeps it: black where the page is at least 50 % dark, else white."""
    page = pdfium.PdfDocument(str(path))[index]
    image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    return image.point(lambda v: 0 if v < 128 else 255)


def components(image, box) -> int:
    """How many separate pieces of black lie in `box` (left, top, right, bottom; pixels), touching sides joining."""
    x0, y0, x1, y1 = box
    pixels = image.load()
    seen: set[tuple[int, int]] = set()
    count = 0
    for x in range(x0, x1):
        for y in range(y0, y1):
            if (x, y) in seen or pixels[x, y] != 0:
                continue
            count += 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if x0 <= nx < x1 and y0 <= ny < y1 and (nx, ny) not in seen and pixels[nx, ny] == 0:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    return count


def runs(values: list[bool]) -> list[tuple[bool, int]]:
    out: list[tuple[bool, int]] = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1] = (v, out[-1][1] + 1)
        else:
            out.append((v, 1))
    return out


def type_3_tile(path, tile: float = 35.0):
    """The box (points, top-down) of the first type 3 tile on the tile sheet: an outlined line E–W over a solid N–S."""
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        word = next(w for w in page.extract_words() if w["text"] == "3·1")
        return next(r for r in squares(page, tile)
                    if r["x0"] <= word["x0"] <= r["x1"] and r["top"] <= word["top"] <= r["bottom"])


@pytest.mark.parametrize("ink", ["low"])
def test_a_banded_line_is_one_line_and_its_crossing_reads_over_under_after_a_copier(tmp_path, ink):
    out = build(tmp_path, "--ink", ink, "--only", "tiles,tokens")
    tile = type_3_tile(out)
    dpi = 200
    image = copied(out, 0, dpi)
    px = dpi / 72  # pixels per point
    per_mm = dpi / 25.4
    cx, cy = (tile["x0"] + tile["x1"]) / 2 * px, (tile["top"] + tile["bottom"]) / 2 * px
    left = tile["x0"] * px
    # the banded E–W line, from the tile's edge to 3 mm short of the crossing: one piece of black, not two rails
    window = (round(left + 0.5 * per_mm), round(cy - 2 * per_mm), round(cx - 3 * per_mm), round(cy + 2 * per_mm))
    assert components(image, window) == 1, "the banded line reads as separate hairlines"
    pixels = image.load()
    # over: its upper rail runs on unbroken across the crossing
    column = [pixels[round(cx - 3 * per_mm), y] == 0 for y in range(window[1], window[3])]
    first = column.index(True)
    rail = window[1] + first + 1
    assert all(pixels[x, rail] == 0 for x in range(round(cx - 3 * per_mm), round(cx + 3 * per_mm)))
    # under: the solid N–S line stops short of the band either side (white, then the band, then white)
    down = runs([pixels[round(cx), y] == 0 for y in range(round(cy - 5 * per_mm), round(cy + 5 * per_mm))])
    assert down[0][0] and down[-1][0] and sum(1 for dark, n in down if not dark and n >= 1) >= 2, down


def test_the_measure_sees_two_hairlines(tmp_path):
    """The check above can fail: two rails with nothing between them are two pieces."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (100, 40), 255)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 10, 99, 12), fill=0)
    draw.rectangle((0, 20, 99, 22), fill=0)
    assert components(image, (0, 0, 100, 40)) == 2


def test_hexagon_scissor_lines_stay_solid_in_low_ink(tmp_path):
    """The zigzags cut with scissors: solid 0.2 mm lines, at least 75 % black, that survive the copier."""
    out = build(tmp_path, "--ink", "low", "--game", "hexagon-path-tiles", "--only", "tiles")
    with open_pdf(out) as pdf:
        cuts = [ln for ln in pdf.pages[0].lines if abs(ln["linewidth"] * PT - 0.2) < 0.005]
        assert len(cuts) > 50
        for ln in cuts:
            dash = ln.get("dash")
            assert not dash or not dash[0], dash
    image = copied(out, 0)
    x, y = (cuts[0]["x0"] + cuts[0]["x1"]) / 2 * 200 / 72, (cuts[0]["top"] + cuts[0]["bottom"]) / 2 * 200 / 72
    assert any(image.getpixel((round(x) + dx, round(y) + dy)) == 0 for dx in (-1, 0, 1) for dy in (-1, 0, 1))


# --- text through the copier ---------------------------------------------------------------------


def black_share(image, page, dpi: int = 200) -> dict[str, float]:
    """The share of black pixels in the boxes of a page's headings (bold, 13 pt and up) and of its body text
    (11 pt, regular), words of 3 letters or more: how heavy each reads on the copy."""
    px = dpi / 72
    pixels = image.load()
    counts = {"headings": [0, 0], "body": [0, 0]}
    for w in page.extract_words(extra_attrs=["size", "fontname"]):
        if len(w["text"]) < 3:
            continue
        kind = ("headings" if w["size"] >= 12.9 and "Bold" in w["fontname"] else
                "body" if abs(w["size"] - 11.06) < 0.1 and "Bold" not in w["fontname"] else "")
        if not kind:
            continue
        x0, x1, y0, y1 = round(w["x0"] * px), round(w["x1"] * px), round(w["top"] * px), round(w["bottom"] * px)
        counts[kind][0] += sum(pixels[x, y] == 0 for x in range(x0, x1) for y in range(y0, y1))
        counts[kind][1] += (x1 - x0) * (y1 - y0)
    return {kind: black / area for kind, (black, area) in counts.items() if area}


def test_headings_stay_heavier_than_the_body_after_a_copier(tmp_path):
    """Low ink keeps bold for titles and headings: after a 50 % threshold at 200 dpi the rules page's headings
    are at least 1.5 times as black as its body (measured 0.28 against 0.15; with every heading regular, as
    before, 0.158 against 0.162: no heavier)."""
    out = build(tmp_path, "--ink", "low", "--only", "rules")
    with open_pdf(out) as pdf:
        share = black_share(copied(out, 0), pdf.pages[0])
    assert share["headings"] >= 1.5 * share["body"] and share["body"] >= 0.12, share


SPACE = 0.318  # DejaVu Sans's word space, of the size
COLUMN = (194.0 - 7.0) / 2  # a rules page's two columns (blocks.GUTTER apart) of the 194 mm content box


def text_lines(page) -> list[tuple[int, float, float, list, float]]:
    """The lines of a two-column page: (column, baseline, size, words, the column's right edge in mm), in
    reading order."""
    rows: dict[tuple[float, float], list] = {}
    for w in page.extract_words(extra_attrs=["size", "fontname"]):
        rows.setdefault((round(w["bottom"], 1), round(w["size"], 2)), []).append(w)
    left = (page.width * PT - 194.0) / 2
    lines = []
    for (bottom, size), words in rows.items():
        for col in range(2):
            x0 = left + col * (COLUMN + 7.0)
            mine = sorted((w for w in words if x0 - 0.5 <= w["x0"] * PT < x0 + COLUMN), key=lambda w: w["x0"])
            if mine:
                lines.append((col, bottom, size, mine, x0 + COLUMN))
    return sorted(lines, key=lambda line: (line[0], line[1]))


def bold_paragraphs(path) -> list[list[str]]:
    """The paragraphs set bold at body size, as their words: runs of lines of bold words, one under another."""
    out: list[list[str]] = []
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            last = None
            for line in text_lines(page):
                col, bottom, size, words, _ = line
                if abs(size - 11.06) > 0.1 or not all("Bold" in w["fontname"] for w in words):
                    last = None
                    continue
                if last is not None and last[0] == col and 1.1 * size <= bottom - last[1] <= 1.45 * size:
                    out[-1] += [w["text"] for w in words]
                else:
                    out.append([w["text"] for w in words])
                last = line
    return out


def short_lines(path, paragraphs: list[list[str]]) -> tuple[int, list[tuple[str, str, float]]]:
    """In `path`, the lines of each paragraph (its words found in order) that end before they need to: the
    next line's first word, as printed, would have fitted in the column. (How many lines were looked at, and
    each short one with the word that would have fitted and the mm of column left after it.)"""
    looked, short = 0, []
    with open_pdf(path) as pdf:
        lines = [line for page in pdf.pages for line in text_lines(page)]
    for words in paragraphs:
        texts = [[w["text"] for w in line[3]] for line in lines]
        start = next(i for i, t in enumerate(texts) if t == words[:len(t)] and t)
        i, taken = start, 0
        while taken < len(words):
            taken += len(texts[i])
            if taken < len(words):  # a line with another of its paragraph after it
                looked += 1
                _, _, size, mine, right = lines[i]
                first = lines[i + 1][3][0]
                end = mine[-1]["x1"] * PT + SPACE * size * PT + (first["x1"] - first["x0"]) * PT
                if end < right - 0.3:
                    short.append((" ".join(texts[i]), first["text"], round(right - end, 1)))
            i += 1
    return looked, short


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles"])
def test_low_ink_text_is_wrapped_at_the_weight_it_prints(tmp_path, game, monkeypatch):
    """The rules' bold paragraphs print regular in low ink: their lines are wrapped at regular widths, none
    ending where the next line's first word would have fitted (measured on the printed words' boxes).
    Wrapped at bold widths, as before, the measure finds lines ending 10-14 mm short."""
    normal = build(tmp_path, "--game", game, "--only", "rules", name="normal.pdf")
    low = build(tmp_path, "--game", game, "--only", "rules", "--ink", "low", name="low.pdf")
    paragraphs = bold_paragraphs(normal)
    assert paragraphs
    looked, short = short_lines(normal, paragraphs)
    assert looked >= 1 and short == []  # normal ink: bold, wrapped bold
    looked, short = short_lines(low, paragraphs)
    assert looked >= 1 and short == []
    import papergame.layout.kit as kit

    monkeypatch.setattr(kit, "ink_metrics", lambda metrics, ink: metrics)  # measured bold, printed regular
    stale = build(tmp_path, "--game", game, "--only", "rules", "--ink", "low", name="stale.pdf")
    looked, short = short_lines(stale, paragraphs)
    assert short and all(gap >= 5 for _, _, gap in short), short


# --- every line style of every game, through the copier ---------------------------------------------
#
# The tile lines are read from the PDF's drawing (each stroked path, its width, grey and dash array); the
# copier's view is the page rendered at 200 dpi and thresholded at 50 %. A line is "one line" when, between its
# crossings, the black along it is one piece with no break across it (a banded line's two edges joined by its
# rungs, not two hairlines), and each dash or dot of a broken line is one piece with white between them. A
# crossing "reads over/under" when exactly one of the lines in it runs unbroken across the others and each
# other line stops short of it, white between.

WHITE_GREYS = (1.0,)


class TileLine(NamedTuple):
    style: str  # solid, outlined (a band with a lighter core), dashed or dotted, as the PDF draws it
    pts: list  # the centreline, points, top-down
    width: float  # points, the widest stroke along it
    dash: tuple  # (array, phase) in points; () when unbroken
    length: float  # points


def _bezier(p0, p1, p2, p3, n: int = 24) -> list:
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def polyline(curve) -> list:
    pts: list = []
    for cmd in curve["path"]:
        if cmd[0] in ("m", "l"):
            pts.append(cmd[1])
        elif cmd[0] == "c":
            pts += _bezier(pts[-1], cmd[1], cmd[2], cmd[3])
    return pts


def stroke_grey(curve) -> float:
    colour = curve["stroking_color"]
    return float(colour[0] if isinstance(colour, (tuple, list)) else colour)


def tile_lines(page, shortest: float) -> list[TileLine]:
    """The tile lines on a page (paths at least `shortest` mm long), read from the drawing: the strokes drawn
    along one path, the darkest the line's. Dashes of no length (round caps) are dots, dashes with a length
    dashes; a lighter, narrower stroke along the same path is a band's core (an outlined line); else solid."""
    groups: dict = {}
    for c in page.curves:
        if c.get("path") and c["stroke"]:
            groups.setdefault(tuple((round(x, 2), round(y, 2)) for x, y in c["pts"]), []).append(c)
    out = []
    for cs in groups.values():
        dark = [c for c in cs if stroke_grey(c) < 1.0]
        if not dark:
            continue
        pts = polyline(dark[0])
        length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        if length * PT < shortest:
            continue
        main = max(dark, key=lambda c: c["linewidth"])
        dash = main.get("dash")
        if dash and dash[0]:
            style, dash = ("dotted" if dash[0][0] * PT < DOT_DASH else "dashed"), (tuple(dash[0]), dash[1])
        else:
            lighter = [c for c in cs if c["linewidth"] < main["linewidth"] and stroke_grey(c) > stroke_grey(main)]
            style, dash = ("outlined" if lighter else "solid"), ()
        out.append(TileLine(style, pts, main["linewidth"], dash, length))
    return out


class Tube:
    """The pixels within `radius` of a centreline (pixels), each with the arc length it was reached at, and the
    slices across the line at each step along it."""

    def __init__(self, pts, radius: float, step: float = 0.6):
        self.slices: list = []  # (arc, [pixels across]), in order along the line
        self.centre: list = []  # (arc, x, y)
        run = 0.0
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            seg = math.dist((x0, y0), (x1, y1))
            if seg == 0:
                continue
            nx, ny = -(y1 - y0) / seg, (x1 - x0) / seg
            offsets = [-radius + step * k for k in range(int(2 * radius / step) + 1)]
            k = 0.0
            while k < seg:
                x, y = x0 + (x1 - x0) * k / seg, y0 + (y1 - y0) * k / seg
                self.slices.append((run + k, {(round(x + d * nx), round(y + d * ny)) for d in offsets}))
                self.centre.append((run + k, x, y))
                k += step
            run += seg
        self.arcs = [a for a, _ in self.slices]
        self.length = run

    def pixels(self, lo: float, hi: float) -> set:
        out: set = set()
        for _, across in self.slices[bisect.bisect_left(self.arcs, lo):bisect.bisect_right(self.arcs, hi)]:
            out |= across
        return out

    def point(self, arc: float) -> tuple[float, float]:
        return next(((x, y) for s, x, y in self.centre if s >= arc), self.centre[-1][1:])


def pieces(image, pixels: set, least: int = 6) -> list[set]:
    """The separate pieces of black among `pixels` (touching sides joining); crumbs under `least` pixels, where
    a tube's edge clips a line's edge or a cut line, left out."""
    px = image.load()
    black = {p for p in pixels if px[p] == 0}
    out = []
    while black:
        start = black.pop()
        piece, stack = {start}, [start]
        while stack:
            x, y = stack.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in black:
                    black.discard(q)
                    piece.add(q)
                    stack.append(q)
        if len(piece) >= least:
            out.append(piece)
    return out


def _hit(p1, p2, q1, q2):
    d = (p2[0] - p1[0]) * (q2[1] - q1[1]) - (p2[1] - p1[1]) * (q2[0] - q1[0])
    if abs(d) < 1e-12:
        return None
    t = ((q1[0] - p1[0]) * (q2[1] - q1[1]) - (q1[1] - p1[1]) * (q2[0] - q1[0])) / d
    u = ((q1[0] - p1[0]) * (p2[1] - p1[1]) - (q1[1] - p1[1]) * (p2[0] - p1[0])) / d
    return (t, u) if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9 else None


def _box(pts) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def crossings(one: TileLine, other: TileLine) -> list[tuple[float, float, float]]:
    """Where two lines cross inside their tiles (not where two lines meet at a tile's edge): (arc along one, arc
    along the other, the sine of the angle), points."""
    a, b = _box(one.pts), _box(other.pts)
    if not (a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]):
        return []
    out: list[tuple[float, float, float]] = []
    run_a = 0.0
    for a1, a2 in zip(one.pts, one.pts[1:]):
        la = math.dist(a1, a2)
        run_b = 0.0
        for b1, b2 in zip(other.pts, other.pts[1:]):
            lb = math.dist(b1, b2)
            hit = _hit(a1, a2, b1, b2) if la and lb else None
            if hit:
                sine = abs((a2[0] - a1[0]) * (b2[1] - b1[1]) - (a2[1] - a1[1]) * (b2[0] - b1[0])) / (la * lb)
                at_a, at_b = run_a + hit[0] * la, run_b + hit[1] * lb
                if min(at_a, one.length - at_a, at_b, other.length - at_b) * PT > 1.5:
                    if not any(abs(at_a - x) * PT < 0.5 and abs(at_b - y) * PT < 0.5 for x, y, _ in out):
                        out.append((at_a, at_b, sine))
            run_b += lb
        run_a += la
    return out


def marks(line: TileLine, scale: float) -> list[tuple[float, float]]:
    """Where a broken line puts ink along itself (pixels), from the PDF's dash array and phase; a dot (a dash of
    next to no length with round caps) is as long as the line is wide."""
    (on, off), phase = line.dash[0][:2], line.dash[1]
    out = []
    at = -phase
    while at <= line.length:
        dot = on * PT < DOT_DASH
        lo, hi = (at + on / 2 - line.width / 2, at + on / 2 + line.width / 2) if dot else (at, at + on)
        if lo >= 0 and hi <= line.length:
            out.append((lo * scale, hi * scale))
        at += on + off
    return out


def after_copier(path, index: int, tile: float, dpi: int = 200) -> tuple[list[TileLine], list, list]:
    """Page `index`'s tile lines through a copier: (the lines, each crossing's lines and the ones that read as
    on top, the problems found)."""
    scale = dpi / 72
    image = copied(path, index, dpi)
    with open_pdf(path) as pdf:
        lines = tile_lines(pdf.pages[index], 0.4 * tile)
    tubes = [Tube([(x * scale, y * scale) for x, y in ln.pts], ln.width * scale / 2) for ln in lines]
    found = [(i, j, ai * scale, aj * scale, max(sine, 0.35))
             for i in range(len(lines)) for j in range(i + 1, len(lines))
             for ai, aj, sine in crossings(lines[i], lines[j])]
    problems = one_line_problems(image, lines, tubes, found, dpi)
    verdicts = over_under(image, lines, tubes, found, dpi)
    problems += [f"lines {members} crossing at {x:.1f}, {y:.1f} mm: {len(tops)} read as on top"
                 for members, (x, y), tops in verdicts if len(tops) != 1]
    return lines, [([lines[m].style for m in members], tops) for members, _, tops in verdicts], problems


def one_line_problems(image, lines: list[TileLine], tubes: list[Tube], found: list, dpi: int) -> list[str]:
    """Between its crossings (and 2 mm in from its ends, where it meets the cut), each stretch of a line must be
    one piece of black with black in every slice across it; each dash or dot one piece, white between."""
    scale, mm = dpi / 72, dpi / 25.4
    px = image.load()
    problems = []
    zones: dict[int, list] = {i: [] for i in range(len(lines))}
    for i, j, ai, aj, sine in found:
        for me, at, other in ((i, ai, j), (j, aj, i)):
            reach = (lines[other].width * scale / 2 + 0.3 * mm) / sine + 2.5 * mm
            zones[me].append((at - reach, at + reach))
    for n, (line, tube) in enumerate(zip(lines, tubes)):
        free, at = [], 2 * mm
        for lo, hi in sorted(zones[n]) + [(tube.length - 2 * mm, math.inf)]:
            if lo > at:
                free.append((at, lo))
            at = max(at, hi)
        if not line.dash:
            for lo, hi in free:
                if hi - lo < 1.0 * mm:
                    continue
                got = pieces(image, tube.pixels(lo, hi), least=12)
                breaks = [a for a, across in tube.slices if lo <= a <= hi and all(px[p] for p in across)]
                if len(got) != 1 or breaks:
                    problems.append(f"{line.style} line {n}, {lo / mm:.1f}-{hi / mm:.1f} mm along: {len(got)} "
                                    f"pieces, {len(breaks)} breaks")
            continue
        every = marks(line, scale)
        inside = [any(a <= lo and hi <= b for a, b in free) for lo, hi in every]
        for (lo, hi), keep in zip(every, inside):
            if keep and len(got := pieces(image, tube.pixels(lo + 0.5, hi - 0.5))) != 1:
                problems.append(f"{line.style} line {n}: the mark at {lo / mm:.1f} mm is {len(got)} pieces")
        for (_, a1), (b0, _), k0, k1 in zip(every, every[1:], inside, inside[1:]):
            x, y = tube.point((a1 + b0) / 2)
            if k0 and k1 and px[round(x), round(y)] == 0:
                problems.append(f"{line.style} line {n}: no white between marks at {(a1 + b0) / 2 / mm:.1f} mm")
    return problems


def over_under(image, lines: list[TileLine], tubes: list[Tube], found: list, dpi: int) -> list:
    """Each spot where lines cross (two, or more through one point) with the lines in it that read as on top:
    unbroken across the others, each of which stops short of it, white between. A line crossing close by but
    not in the spot (its own bridge, within 5 mm) is masked out. [(lines, (x, y) mm, [tops])]"""
    scale, mm = dpi / 72, dpi / 25.4
    px = image.load()
    spots: list = []
    for i, j, ai, aj, sine in found:
        at_point = tubes[i].point(ai)
        spot = next((s for s in spots if math.dist(s[0], at_point) < 1.5 * mm), None)
        if spot is None:
            spots.append(spot := (at_point, {}))
        spot[1].setdefault(i, (ai, sine))
        spot[1].setdefault(j, (aj, sine))
    verdicts = []
    for at_point, members in spots:
        near = {k for other, them in spots if other is not at_point and math.dist(other, at_point) < 5 * mm
                for k in them} - set(members)
        mask: set = set()
        for k in near:
            wide = Tube([(x * scale, y * scale) for x, y in lines[k].pts], lines[k].width * scale / 2 + 0.3 * mm + 1.5)
            mask |= {p for p in wide.pixels(0, math.inf) if math.dist(p, at_point) < 8 * mm}
        tops = []
        for a, (aa, sa) in members.items():
            others = [b for b in members if b != a]
            half = lines[a].width * scale / 2
            reach = (max(lines[b].width for b in others) * scale / 2 + 0.3 * mm) / sa
            unbroken = all(any(px[p] == 0 for p in across) for s, across in tubes[a].slices
                           if abs(s - aa) <= reach and not across & mask)
            mine = tubes[a].pixels(aa - reach - 2 * mm, aa + reach + 2 * mm) - mask
            centre = [(x, y) for s, x, y in tubes[a].centre if abs(s - aa) <= reach + 3 * mm]

            def joins(b: int) -> bool:
                ab, sb = members[b]
                theirs = tubes[b].pixels(ab - (half + 0.3 * mm) / sb - 2 * mm, ab + (half + 0.3 * mm) / sb + 2 * mm)
                theirs -= mask
                joined = [piece for piece in pieces(image, mine | theirs) if piece & mine]
                return any(p in theirs and p not in mine and min(math.dist(p, q) for q in centre) > half + 1.5
                           for piece in joined for p in piece)

            if unbroken and not any(joins(b) for b in others):
                tops.append(lines[a].style)
        verdicts.append((sorted(members), (at_point[0] / mm, at_point[1] / mm), tops))
    return verdicts

GAMES = ["edge-port-path-tiles", "shared-path", "hexagon-path-tiles", "eight-port-path-tiles"]


def styles_of(game: str) -> set[str]:
    """The line styles a game's tile set is drawn in (the layout's colouring of its crossing lines)."""
    from papergame.data.games import load_definition
    from papergame.data.templates import builtin_path
    from papergame.layout.tile_art import STYLE_NAMES
    from papergame.layout.tile_paths import drawing

    definition = load_definition(builtin_path(game))
    return {STYLE_NAMES[s] for t in definition.tiles for s in drawing(definition.shape, tuple(t.pairs)).styles}


def copier_check(tmp_path, game: str, size: float, every_sheet: bool = True) -> tuple[set[str], set[str], list]:
    """The tile sheets of the game's low-ink kit at `size` mm through a copier, every one or (`every_sheet`
    False) from the last back until each style the game uses has been seen: (the styles read from the drawing,
    the styles seen on top at a crossing, the problems)."""
    out = build(tmp_path, "--game", game, "--ink", "low", "--tile-size", f"{size:g}", "--only", "tiles",
                name=f"{game}-{size:g}.pdf")
    seen: set[str] = set()
    tops: set[str] = set()
    problems: list = []
    wanted = styles_of(game)
    for index in reversed(range(len(pdfium.PdfDocument(str(out))))):
        if not every_sheet and seen >= wanted:
            break
        lines, verdicts, found = after_copier(out, index, size)
        seen |= {line.style for line in lines}
        tops |= {top for _, on_top in verdicts for top in on_top}
        problems += [f"page {index + 1}: {p}" for p in found]
    return seen, tops, problems


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", GAMES)
def test_every_line_style_is_one_line_after_a_copier(tmp_path, game):
    """Low ink through a copier (50 % threshold, 200 dpi), every tile line of every sheet, each style the game
    uses (edge-port and shared path: solid, outlined; hexagon: + dashed; eight-port: + dotted), read from the
    PDF's drawing (the sheets from the last back until every style is seen; every sheet at 20, 35 and 60 mm
    under `-m slow`): each line one piece between its crossings, each dash or dot one piece with white between,
    and at every crossing exactly one line on top, the others stopping short of it."""
    seen, tops, problems = copier_check(tmp_path, game, 35.0, every_sheet=False)
    assert seen == styles_of(game) and len(seen) >= 2
    assert tops, "no crossing was measured"
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("size", [20.0, 35.0, 60.0])
@pytest.mark.parametrize("game", GAMES)
def test_every_line_style_is_one_line_after_a_copier_at_every_size(tmp_path, game, size):
    seen, tops, problems = copier_check(tmp_path, game, size)
    assert seen == styles_of(game) and tops and problems == []


def slivers(path, tile: float, dpi: int = 300) -> list[tuple]:
    """Bits of a dashed or dotted line's ink left beside a bridge over it, after a 50 % threshold: each piece of
    black within 3 mm (and the bridge's reach) of a crossing along the broken line, away from every other line
    (0.2 mm clear of its drawn width) and not cut by the window's ends, whose area is under half the line's width
    times 1 mm (a dash beside a bridge is at least 1 mm long: `tile_art.shortest_piece`). Pieces of under 4 pixels,
    where the edges of two lines' tubes meet, are left out. [(page, style, over style, area mm², x, y mm)]"""
    scale, mm = dpi / 72, dpi / 25.4
    out = []
    for index in range(len(pdfium.PdfDocument(str(path)))):
        image = copied(path, index, dpi)
        px = image.load()
        with open_pdf(path) as pdf:
            lines = tile_lines(pdf.pages[index], 0.4 * tile)
        paths = [[(x * scale, y * scale) for x, y in ln.pts] for ln in lines]
        boxes = [_box(p) for p in paths]
        tubes = {k: Tube(paths[k], ln.width * scale / 2 + 1) for k, ln in enumerate(lines) if ln.dash}
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                if not (lines[i].dash or lines[j].dash):
                    continue
                for ai, aj, sine in crossings(lines[i], lines[j]):
                    for me, at, other in ((i, ai * scale, j), (j, aj * scale, i)):
                        if me not in tubes:
                            continue
                        reach = (lines[other].width * scale / 2 + 0.3 * mm) / max(sine, 0.2) + 3 * mm
                        tube = tubes[me]
                        lo, hi = bisect.bisect_left(tube.arcs, at - reach), bisect.bisect_right(tube.arcs, at + reach)
                        window = {p for _, across in tube.slices[lo:hi] for p in across if px[p] == 0}
                        ends = {p for _, across in tube.slices[lo:lo + 2] + tube.slices[max(lo, hi - 2):hi] for p in across}
                        if not window:
                            continue
                        x0, y0, x1, y1 = _box(list(window))
                        for k, (bx0, by0, bx1, by1) in enumerate(boxes):
                            clear = lines[k].width * scale / 2 + 0.2 * mm
                            if k != me and bx0 - clear <= x1 and x0 <= bx1 + clear and by0 - clear <= y1 and y0 <= by1 + clear:
                                window = {p for p in window
                                          if all(segment_distance(p, a, b) > clear for a, b in zip(paths[k], paths[k][1:]))}
                        for piece in pieces(image, window, least=4):
                            area = len(piece) / mm / mm
                            if piece & ends or area >= 0.5 * lines[me].width * PT * 1.0:
                                continue
                            xs, ys = [q[0] for q in piece], [q[1] for q in piece]
                            out.append((index + 1, lines[me].style, lines[other].style, round(area, 3),
                                        round(sum(xs) / len(xs) / mm, 1), round(sum(ys) / len(ys) / mm, 1)))
    return out


@pytest.mark.default_cases(1)  # low ink at 35 mm showed both kinds of sliver before (the triangles too: tiles 21, 32)
@pytest.mark.parametrize("game, ink, size", [("eight-port-path-tiles", "low", 35.0), ("eight-port-path-tiles", "normal", 35.0)]
                         + [(game, ink, size) for game in ("eight-port-path-tiles", "hexagon-path-tiles")
                            for ink in ("low", "normal") for size in (20.0, 35.0, 60.0)
                            if (game, size) != ("eight-port-path-tiles", 35.0)])
def test_no_sliver_of_a_broken_line_is_left_beside_a_bridge(tmp_path, game, ink, size):
    """Where a dashed or dotted line passes under another, every bit of it left showing beside the bridge is a
    whole dash's end (1 mm or more), never a sliver: measured on every tile sheet at 300 dpi after a copier's 50 %
    threshold. Before, the eight-port set showed 3 at 35 mm in normal ink (small triangles where a slanting bridge
    missed a dash's corner: tiles 21 and 32) and 5 in low ink (0.04-0.36 mm2: tiles 17, 21, 32 and 35), whose
    bridges narrowed with the lines while the dashes beside them stayed where the wider bridge had hidden them."""
    out = build(tmp_path, "--game", game, "--ink", ink, "--tile-size", f"{size:g}", "--only", "tiles",
                name=f"{game}-{ink}-{size:g}.pdf")
    assert slivers(out, size) == []


def test_the_copier_measure_finds_two_hairlines_and_junctions(tmp_path, monkeypatch):
    """The measure above can fail. A banded line whose core is left blank (no rungs; normal ink's grey core
    does the same, as the copier drops it) reads as two hairlines; bridges with no white either side read as
    junctions, no line on top."""
    import papergame.layout.ink as ink
    import papergame.layout.tile_art as tile_art

    monkeypatch.setitem(ink.INKS, "low", ink.LOW._replace(core_rungs=()))
    _, _, problems = copier_check(tmp_path, "edge-port-path-tiles", 35.0)
    assert any(p.startswith("page 1: outlined line") and "2 pieces" in p for p in problems), problems
    monkeypatch.setitem(ink.INKS, "low", ink.LOW._replace(gap_keep=0.0))
    monkeypatch.setattr(tile_art, "gap_width", lambda size: 0.0)
    tile_art._tile_lines.cache_clear()
    try:
        _, _, problems = copier_check(tmp_path, "edge-port-path-tiles", 35.0)
    finally:
        tile_art._tile_lines.cache_clear()
    assert sum("0 read as on top" in p for p in problems) == 6, problems


# --- toner ---------------------------------------------------------------------------------------------
#
# "Toner still <= half of normal at 300 dpi" (issue 19) is the measure issue 10 reported ("toner 0.498 of
# normal at 300 dpi"): the mean darkness of the rendered pages, the share of each pixel a laser printer covers
# with toner (a 55 % grey pixel takes 55 % of a black one's toner). The share of dark pixels (at least 50 %
# grey) is what a copier keeps, not what a printer spends: it counts a 55 % grey letter as solid black, and it
# cannot reach a half while every word survives the copier (0.63-0.68 of normal ink's in every game).


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hexagon-path-tiles", "eight-port-path-tiles", "shared-path"])
def test_low_ink_uses_at_most_half_the_toner_in_every_game(tmp_path, game):
    """The default game's toner is measured by test_printing; the other games' too: the players' file and the
    whole kit (players' and host's files), each at most half of normal ink's (measured 0.464-0.487 for the
    players' files, 0.481-0.493 for whole kits)."""
    from test_printing import darkness

    files = {}
    for ink in ("normal", "low"):
        out = tmp_path / f"{ink}.pdf"
        result = CliRunner().invoke(main, ["build", "-o", str(out), "--game", game, "--ink", ink])
        assert result.exit_code == 0, result.output
        files[ink] = (out, out.with_name(f"{ink}-host-key.pdf"))
    assert darkness(files["low"][0]) <= 0.5 * darkness(files["normal"][0])
    assert darkness(*files["low"]) <= 0.5 * darkness(*files["normal"])
