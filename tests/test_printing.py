"""Printing in the real world: printer correction, low ink, reprints, big and small tiles, check."""

from __future__ import annotations

import re

import pypdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import Transformation

from papergame.cli import main
from pdfmeasure import bars, content_box, content_extent, mm, open_pdf, page_text, squares


def build(tmp_path, *args, name="kit.pdf"):
    out = tmp_path / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out, result.output


def titles(path):
    with open_pdf(path) as pdf:
        return [page_text(p).splitlines()[0] for p in pdf.pages]


# --- printer correction ----------------------------------------------------------------


def test_measured_scales_every_page_and_says_so(tmp_path):
    out, _ = build(tmp_path, "--measured", "49.2")
    k = 50 / 49.2
    with open_pdf(out) as pdf:
        assert len(squares(pdf.pages[1], 35 * k)) == 18
        assert not squares(pdf.pages[1], 35.0)
        for page in pdf.pages:
            assert len(bars(page, 50 * k)) == 1
            assert "Scaled by 101.63% for a printer that printed the 50 mm bar as 49.2 mm." in page_text(page)


@pytest.mark.parametrize("value", ["39.9", "60.5", "0"])
def test_measured_out_of_range_is_refused(value):
    result = CliRunner().invoke(main, ["build", "--measured", value, "-o", "never.pdf"])
    assert result.exit_code == 2
    assert result.output == (f"Error: --measured: {float(value):g} mm is outside 40 to 60 mm; measure the 50 mm "
                             "bar of a page printed at 100% and give its length in mm\n")


# --- low ink -----------------------------------------------------------------------------


def darkness(*paths, dpi=300):
    """Mean darkness of every page of the files: the share of toner they take (a pixel's greyness is the
    share of it a laser printer covers with toner). At 300 dpi, since PDFium draws any line thinner than a
    pixel a full pixel wide (0.17 mm at 150 dpi), which would hide thin lines' savings."""
    total = ink = 0.0
    for path in paths:
        for page in pdfium.PdfDocument(str(path)):
            hist = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L").histogram()
            total += sum(hist)
            ink += sum(count * (255 - level) / 255 for level, count in enumerate(hist))
    return ink / total


def test_low_ink_uses_at_most_half_the_toner(tmp_path):
    """The players' file, and the whole kit as a teacher prints it (the players' file and the host's), with
    the headings bold: at most half of normal ink's toner (measured 0.468 and 0.486; 0.491 and 0.516 with
    the body at 60 % black)."""
    normal, _ = build(tmp_path, name="normal.pdf")
    low, _ = build(tmp_path, "--ink", "low", name="low.pdf")
    host = [p.with_name(p.stem + "-host-key.pdf") for p in (normal, low)]
    assert darkness(low) <= 0.5 * darkness(normal)
    assert darkness(low, host[1]) <= 0.5 * darkness(normal, host[0])


def _grey(colour) -> float:
    if isinstance(colour, (tuple, list)):
        return float(colour[0]) if len(colour) == 1 else 1.0 - float(colour[-1]) if len(colour) == 4 else 0.0
    return float(colour or 0.0)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles"])
def test_low_ink_is_dark_enough_to_photocopy(tmp_path, game):
    """Every character at least 55% black; every line, outline and curve at least 75% black, except
    white and the faint grey core of a banded tile line (drawn over a black band on the same path);
    the scale bar solid black, as wide as in normal ink."""
    out, _ = build(tmp_path, "--ink", "low", "--game", game, name="low.pdf")
    normal, _ = build(tmp_path, "--game", game, name="normal.pdf")
    with open_pdf(out) as pdf, open_pdf(normal) as ref:
        for page, ref_page in zip(pdf.pages, ref.pages):
            for ch in page.chars:
                assert _grey(ch["non_stroking_color"]) <= 0.45 + 1e-6, (ch["text"], ch["non_stroking_color"])
            strokes = page.lines + page.rects + page.curves
            black_paths = {str(c["path"]) for c in page.curves if _grey(c["stroking_color"]) <= 0.25}
            for obj in strokes:
                if not obj.get("stroke", True):
                    continue
                g = _grey(obj["stroking_color"])
                if g > 0.99 or (str(obj.get("path")) in black_paths and g <= 0.9):
                    continue  # white, or a band's faint core
                assert g <= 0.25 + 1e-6, (obj["object_type"], g, obj.get("linewidth"))
            bar = bars(page, 50.0)
            assert len(bar) == 1 and _grey(bar[0]["stroking_color"]) == 0.0
            assert bar[0]["linewidth"] == pytest.approx(bars(ref_page, 50.0)[0]["linewidth"])


def crossing_has_a_gap(path):
    """Along the solid line of the first type 3 tile, white shows where the other line bridges over."""
    with open_pdf(path) as pdf:
        page = pdf.pages[1]
        word = next(w for w in page.extract_words() if w["text"] == "3·1")
        tile = next(r for r in squares(page, 35.0)
                    if r["x0"] <= word["x0"] <= r["x1"] and r["top"] <= word["top"] <= r["bottom"])
        cx, cy = (tile["x0"] + tile["x1"]) / 2, (tile["top"] + tile["bottom"]) / 2
    scale = 300 / 72
    image = pdfium.PdfDocument(str(path))[1].render(scale=scale, grayscale=True).to_pil().convert("L")
    x = round(cx * scale)
    column = [image.getpixel((x, y)) for y in range(round((cy - 20) * scale), round((cy + 20) * scale))]
    middle = len(column) // 2
    far = column[: middle - 40] + column[middle + 40:]  # more than ~3.4 mm from the centre: the solid line
    near = column[middle - 40: middle + 40]
    return max(far) < 200 and max(near) > 230


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_a_crossing_is_drawn_as_a_bridge_in_both_inks(tmp_path, ink):
    out, _ = build(tmp_path, "--ink", ink)
    assert crossing_has_a_gap(out)


# --- reprints ------------------------------------------------------------------------------


def test_only_prints_the_parts_named(tmp_path):
    out, _ = build(tmp_path, "--only", "board,rules")
    assert titles(out) == ["Board", "How to play"]
    out, _ = build(tmp_path, "--only", "host-key", name="key.pdf")
    assert titles(out) == ["Host key"]


def test_only_tokens_gives_the_tokens_without_tiles(tmp_path):
    out, _ = build(tmp_path, "--only", "tokens")
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        assert not squares(pdf.pages[0], 35.0)
        words = {w["text"] for w in pdf.pages[0].extract_words()}
    assert {"White", "Black"} <= words


def test_tiles_reprints_just_the_tiles_named_with_their_ids(tmp_path):
    out, _ = build(tmp_path, "--tiles", "3x2,1x1,2.5")
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert len(squares(page, 35.0)) == 4
        ids = {w["text"] for w in page.extract_words() if "·" in w["text"]}
    assert ids == {"3·1", "3·2", "1·1", "2·5"}


@pytest.mark.parametrize("args,message", [
    (["--only", "board,dice"], '--only: "dice" is not a part; parts are board, tiles, tokens, rules, record, host-key, guide'),
    (["--tiles", "3x7"], '--tiles: "3x7": the set has 6 tiles of type 3, so ask for 1 to 6'),
    (["--tiles", "4x1"], '--tiles: "4x1": there is no tile type 4 (types: 1, 2, 3)'),
    (["--tiles", "3.9"], '--tiles: "3.9": type 3 has copies 1 to 6'),
    (["--tiles", "three"], '--tiles: "three" is not TYPExCOUNT (3x2) or TYPE.COPY (3.4)'),
    (["--tiles", "3x2,3.1"], "--tiles: tile 3·1 is named twice"),
])
def test_bad_reprint_requests_get_clear_errors(args, message):
    result = CliRunner().invoke(main, ["build", *args, "-o", "never.pdf"])
    assert result.exit_code == 2
    assert result.output == f"Error: {message}\n"


# --- big and small tiles ---------------------------------------------------------------------


def board_cells(page, size):
    """Cells of `size` mm in the board grid(s) of a page, checked to 0.01 mm."""
    borders = [r for r in page.rects if r["linewidth"] > 0.25 / mm(1) * 0.99 and r["fill"] is False
               and mm(r["width"]) > size - 0.01 and mm(r["height"]) > size - 0.01]
    cells = 0
    for b in borders:
        w, h = mm(b["width"]), mm(b["height"])
        cols, rows = round(w / size), round(h / size)
        assert w == pytest.approx(cols * size, abs=0.01) and h == pytest.approx(rows * size, abs=0.01)
        xs = sorted({mm(ln["x0"]) for ln in page.lines if abs(mm(ln["bottom"] - ln["top"]) - h) < 0.01
                     and b["x0"] < ln["x0"] < b["x1"]} | {mm(b["x0"]), mm(b["x1"])})
        ys = sorted({mm(ln["top"]) for ln in page.lines if abs(mm(ln["x1"] - ln["x0"]) - w) < 0.01
                     and b["top"] < ln["top"] < b["bottom"]} | {mm(b["top"]), mm(b["bottom"])})
        for a, c in zip(xs, xs[1:]):
            assert c - a == pytest.approx(size, abs=0.01)
        for a, c in zip(ys, ys[1:]):
            assert c - a == pytest.approx(size, abs=0.01)
        cells += (len(xs) - 1) * (len(ys) - 1)
    return cells


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_60_mm_tiles_split_the_board_into_parts_of_true_size(tmp_path, paper):
    out, output = build(tmp_path, "--tile-size", "60", "--paper", paper)
    left, top, right, bottom = content_box(paper)
    with open_pdf(out) as pdf:
        board_pages = [p for p in pdf.pages if page_text(p).startswith("Board, part")]
        assert len(board_pages) == 4
        assert sum(board_cells(p, 60.0) for p in board_pages) == 25
        assert sum(len(squares(p, 60.0)) for p in pdf.pages) == 18
        for page in pdf.pages:
            x0, y0, x1, y1 = content_extent(page)
            assert x0 >= left - 0.01 and y0 >= top - 0.01 and x1 <= right + 0.01 and y1 <= bottom + 0.01
        first = " ".join(page_text(board_pages[0]).split())
    assert "This part holds columns A to C and rows 4 to 5." in first
    assert "Right: part 2 will cover the grey strip. Bottom: part 3 will cover the grey strip." in first
    assert "Lay the parts down in order, 1 first" in first
    assert re.search(rf"\({len(titles(out))} sheets[:)]", output), output  # the Wrote line counts the PDF's sheets


def test_20_mm_tiles_use_fewer_sheets_than_the_default(tmp_path):
    small, small_out = build(tmp_path, "--tile-size", "20", name="small.pdf")
    default, _ = build(tmp_path, name="default.pdf")
    assert len(titles(small)) < len(titles(default))
    with open_pdf(small) as pdf:
        first = pdf.pages[0]
        assert board_cells(first, 20.0) == 25
        assert len(squares(first, 20.0)) == 18  # the tiles share the board's sheet


# --- cut guides ------------------------------------------------------------------------------


def crop_marks(page):
    return [ln for ln in page.lines if abs(mm(max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"])) - 4.5) < 0.01]


# 18 tiles five to a row: 6 vertical cut lines and 5 horizontal ones, a mark at both ends of each: 22
@pytest.mark.parametrize("guides,outlines,marks", [("lines", 18, 0), ("marks", 0, 22), ("both", 18, 22)])
def test_cut_guides(tmp_path, guides, outlines, marks):
    out, _ = build(tmp_path, "--cut-guides", guides, "--only", "tiles")
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        assert len(squares(page, 35.0)) == outlines
        assert len(crop_marks(page)) == marks


# --- check -------------------------------------------------------------------------------------


def test_check_tells_a_true_file_from_a_scaled_one(tmp_path):
    out, _ = build(tmp_path)
    scaled = tmp_path / "scaled.pdf"
    writer = pypdf.PdfWriter(clone_from=str(out))
    for page in writer.pages:
        page.add_transformation(Transformation().scale(0.96, 0.96))
    writer.write(scaled)

    result = CliRunner().invoke(main, ["check", str(out)])
    assert result.exit_code == 0
    assert result.output == (f"{out}: prints true at 100% / Actual size (the 50 mm bar measures 50.00 mm, tiles "
                             "35.00 mm, board cells 35.00 mm; A4, 210 × 297 mm).\n")
    result = CliRunner().invoke(main, ["check", str(scaled)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{scaled}: tiles measure 33.6 mm: this file was scaled to 96%; "
                                    "rebuild it or print the original at Actual size")


def test_check_knows_a_deliberate_correction(tmp_path):
    out, _ = build(tmp_path, "--measured", "49.2")
    result = CliRunner().invoke(main, ["check", str(out)])
    assert result.exit_code == 0
    assert "prints true on a printer that prints 50 mm as 49.2 mm" in result.output


def test_check_of_something_that_is_not_a_kit(tmp_path):
    other = tmp_path / "other.pdf"
    writer = pypdf.PdfWriter()
    writer.add_blank_page(595, 842)
    writer.write(other)
    result = CliRunner().invoke(main, ["check", str(other)])
    assert result.exit_code == 2
    assert result.output == (f"Error: {other}: no 50 mm scale bar found, so its scale cannot be told; "
                             "is it a papergame kit?\n")
