"""Low ink through a copier: a 50 % threshold at 200 dpi (what a photocopier keeps), measured from the PDF."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfmeasure import open_pdf, squares

PT = 25.4 / 72


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
