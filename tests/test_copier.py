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
