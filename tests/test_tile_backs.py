"""Tile backs, measured from the PDF's drawing (pdfplumber, points to mm): where every back falls.

Fold-over: each back must be its front's reflection across the fold line (the dashed line
across the sheet), to 0.2 mm, so it lies behind its front once folded. Duplex: each back must
be its front's reflection across the page's upright centre line (a long-edge flip), moved by
the offsets the two-sided test read. A back is found by its white disc; its tile by the cut
outline (square) or the six 0.2 mm sides round it (hexagon); the fold line by its length.
"""

from __future__ import annotations

import io
import math
import re

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.build import kit_pdfs
from papergame.cli import main
from papergame.layout.backs import BLEED, DISC, families
from papergame.options import KitOptions
from papergame.printmarks import read_keywords

MM = 25.4 / 72
ALIGN = 0.2  # mm: a back within this of where its front's reflection falls
CONTENT_W = 194.0


def mm(value: float) -> float:
    return value * MM


def pdf_of(game: str, **options):
    return pdfplumber.open(io.BytesIO(kit_pdfs(game, options=KitOptions(**options)).kit))


def fronts(page, tile: float, hexagon: bool) -> list[tuple[float, float]]:
    """The centre (x, y up from the foot, mm) of every tile front on a page, from its cut lines."""
    h = mm(page.height)
    if not hexagon:
        return [((mm(r["x0"]) + mm(r["x1"])) / 2, h - (mm(r["top"]) + mm(r["bottom"])) / 2) for r in page.rects
                if abs(mm(r["width"]) - tile) < 0.01 and abs(mm(r["height"]) - tile) < 0.01]
    # a hexagon's top side: a level 0.2 mm line a side long; the centre is half a tile below its middle
    side = tile / math.sqrt(3)
    tops = [(mm(ln["x0"] + ln["x1"]) / 2, h - mm(ln["top"])) for ln in page.lines
            if abs(mm(ln["linewidth"]) - 0.2) < 0.005 and abs(mm(ln["x1"] - ln["x0"]) - side) < 0.01
            and abs(ln["top"] - ln["bottom"]) < 0.01]
    tops = set((round(x, 3), round(y, 3)) for x, y in tops)
    centres = [(x, y - tile / 2) for x, y in tops]
    # a level side is the top of the tile below it too: keep the centres of real tiles (the ids inside them)
    ids = [((mm(c["x0"]) + mm(c["x1"])) / 2, h - (mm(c["top"]) + mm(c["bottom"])) / 2) for c in page.chars
           if c["text"] == "·"]
    return [c for c in centres if any(math.dist(c, i) < tile / 2 for i in ids)]


def backs(page, tile: float) -> list[tuple[float, float]]:
    """The centre of every back: its white disc, DISC of the tile across."""
    h = mm(page.height)
    return [((mm(c["x0"]) + mm(c["x1"])) / 2, h - (mm(c["top"]) + mm(c["bottom"])) / 2) for c in page.curves
            if c["fill"] and c["non_stroking_color"] in (1.0, (1.0,), [1.0]) and abs(mm(c["width"]) - 2 * DISC * tile) < 0.05]


def fold_line(page) -> float:
    """The fold line's height above the foot of the page (mm): the one line as wide as the content box."""
    found = [mm(page.height - ln["top"]) for ln in page.lines
             if abs(mm(ln["x1"] - ln["x0"]) - CONTENT_W) < 0.01 and abs(ln["top"] - ln["bottom"]) < 0.01]
    assert len(found) == 1, f"one fold line on a fold-over sheet, found {len(found)}"
    return found[0]


def nearest(point, points) -> float:
    return min(math.dist(point, p) for p in points)


def check_fold(pdf, tile: float, hexagon: bool) -> int:
    marks = read_keywords(pdf.metadata["Keywords"])
    assert marks is not None and marks.tile_pages
    checked = 0
    for number in marks.tile_pages:
        page = pdf.pages[number - 1]
        fold = fold_line(page)
        front, back = fronts(page, tile, hexagon), backs(page, tile)
        assert front and len(front) == len(back), f"page {number}: {len(front)} fronts, {len(back)} backs"
        for x, y in front:
            assert y > fold > 2 * fold - y  # the fronts above the fold, their backs below
            distance = nearest((x, 2 * fold - y), back)
            assert distance <= ALIGN, f"page {number}: the back of the tile at ({x:.2f}, {y:.2f}) is {distance:.2f} mm off"
            checked += 1
    return checked


@pytest.mark.parametrize("game, hexagon", [("edge-port-path-tiles", False), ("hexagon-path-tiles", True)])
def test_fold_over_backs_lie_behind_their_fronts(game, hexagon):
    with pdf_of(game, backs="fold") as pdf:
        tile = read_keywords(pdf.metadata["Keywords"]).tile
        from papergame.data.games import load_definition
        from papergame.layout.pieces import tile_list

        assert check_fold(pdf, tile, hexagon) == len(tile_list(load_definition(game)))


def test_a_class_sets_fold_over_backs_carry_their_kit_and_cut_as_a_stack():
    with pdf_of("edge-port-path-tiles", backs="fold", kits=3, only=("tiles",)) as pdf:
        assert check_fold(pdf, 35.0, False) == 3 * 18
        marks = read_keywords(pdf.metadata["Keywords"])
        grids = []
        for number in marks.tile_pages:
            page = pdf.pages[number - 1]
            h = mm(page.height)
            front = fronts(page, 35.0, False)
            grids.append((round(min(x for x, _ in front), 2), round(max(y for _, y in front), 2), round(fold_line(page), 2)))
            fold = fold_line(page)
            for x, y in fronts(page, 35.0, False):
                # the front's id names its kit (K2 · 1·3), wherever on its tile it found room; its back's number,
                # in the disc behind it, the same
                words = page.within_bbox(((x - 17) / MM, (h - y - 17) / MM, (x + 17) / MM, (h - y + 17) / MM))
                kit = re.search(r"K(\d+)", words.extract_text() or "")
                assert kit, f"page {number}: an id with its kit at ({x:.1f}, {y:.1f})"
                bx, by = x, 2 * fold - y
                r = DISC * 35.0
                digits = [c for c in page.chars if abs(mm(c["x0"] + c["x1"]) / 2 - bx) < r
                          and abs(h - mm(c["top"] + c["bottom"]) / 2 - by) < r]
                assert sorted(c["text"] for c in digits) == sorted(kit[1]), f"page {number}: back of K{kit[1]}"
                assert all(not c["upright"] or c["matrix"][0] < 0 for c in digits)  # a half turn: upright once turned over
        assert len(grids) >= 3 and len(set(grids)) == 1, "every fold-over sheet: its first tile and its fold in one place"


def test_every_back_is_the_same_lattice_in_grey_within_the_bleed():
    """Every grey lattice line lies on the one lattice that repeats with the tile grid, inside a back's bleed."""
    with pdf_of("edge-port-path-tiles", backs="fold") as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        page = pdf.pages[marks.tile_pages[0] - 1]
        h = mm(page.height)
        fold = fold_line(page)
        centres = [(x, 2 * fold - y) for x, y in fronts(page, 35.0, False)]
        grey = [ln for ln in page.lines if ln["stroking_color"] in ((0.6,), [0.6], 0.6)]
        assert len(grey) > 20 * len(centres)
        from papergame.layout.context import PageContext
        from papergame.data.games import load_definition

        ctx = PageContext(load_definition("edge-port-path-tiles"), None, "a4", 35.0, None)  # type: ignore[arg-type]
        (a1, p1), (a2, p2) = families(ctx)
        ox, oy = centres[0][0] - 17.5, centres[0][1] - 17.5  # a back's corner: the lattice's origin
        for ln in grey:
            x1, y1, x2, y2 = mm(ln["x0"]), h - mm(ln["top"]), mm(ln["x1"]), h - mm(ln["bottom"])
            mid = ((x1 + x2) / 2, (y1 + y2) / 2)
            inside = [c for c in centres if abs(mid[0] - c[0]) <= 17.5 + BLEED + 0.01 and abs(mid[1] - c[1]) <= 17.5 + BLEED + 0.01]
            assert inside, f"a grey line at {mid} outside every back's bleed"
            angle = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180
            normal, pitch = (a1, p1) if abs(angle - (a1 + 90) % 180) < 0.5 else (a2, p2)
            u = (math.cos(math.radians(normal)), math.sin(math.radians(normal)))
            k = ((x1 - ox) * u[0] + (y1 - oy) * u[1]) / pitch
            assert abs(k - round(k)) * pitch < 0.02, "the lattice is the same under every back"


def test_duplex_backs_are_the_fronts_reflected_for_a_long_edge_flip_and_moved_by_the_test():
    with pdf_of("edge-port-path-tiles", backs="duplex", duplex_x="1,5", duplex_y=-1) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        width = mm(pdf.pages[0].width)
        # 1 the board, 2 left blank, 3-4 the two-sided test; 5 the fronts, 6 their backs; then tokens
        assert marks.tile_pages == (5,)
        assert "left blank" in (pdf.pages[1].extract_text() or "")
        checked = 0
        for number in marks.tile_pages:
            front = fronts(pdf.pages[number - 1], 35.0, False)
            back = backs(pdf.pages[number], 35.0)  # the page after
            assert len(front) == len(back) == 18
            for x, y in front:
                assert nearest((width - x + 1.5, y - 1.0), back) <= ALIGN
                checked += 1
        assert checked == 18
        assert "1.5 mm to the right and -1 mm up" in " ".join((pdf.pages[5].extract_text() or "").split())


def test_the_two_sided_test_has_its_lines_and_rulers_on_the_page_centre():
    with pdf_of("edge-port-path-tiles", backs="duplex", only=("tiles",)) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        cx, cy = mm(front.width) / 2, mm(front.height) / 2
        lines = [(mm(ln["x0"]), mm(front.height - ln["bottom"]), mm(ln["x1"]), mm(front.height - ln["top"]))
                 for ln in front.lines]
        assert any(abs(x0 - cx) < 0.01 and abs(x1 - cx) < 0.01 and y0 < cy < y1 for x0, y0, x1, y1 in lines)
        assert any(abs(y0 - cy) < 0.01 and abs(y1 - cy) < 0.01 and x0 < cx < x1 for x0, y0, x1, y1 in lines)
        # on the back, the across ruler's zero tick (the tallest, 4 mm) on the reflected upright line: x = cx
        ticks = [ln for ln in back.lines if abs(mm(ln["bottom"] - ln["top"]) - 4.0) < 0.01]
        xs = sorted(round(mm(ln["x0"]), 2) for ln in ticks)
        assert round(cx, 2) in xs and round(cx - 5, 2) in xs and round(cx + 5, 2) in xs
        level = [ln for ln in back.lines if abs(mm(ln["x1"] - ln["x0"]) - 4.0) < 0.01]
        ys = sorted(round(mm(back.height - ln["top"]), 2) for ln in level)
        assert round(cy, 2) in ys and round(cy + 5, 2) in ys and round(cy - 5, 2) in ys


def test_duplex_offsets_are_refused_without_duplex_backs_and_out_of_range():
    result = CliRunner().invoke(main, ["build", "--duplex-x", "1", "-o", "x.pdf"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --duplex-x: moves the backs of a two-sided print, so it goes with backs duplex, not backs none"]
    result = CliRunner().invoke(main, ["build", "--backs", "duplex", "--duplex-y", "9", "-o", "x.pdf"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: --duplex-y: 9 mm is outside -6 to 6 mm; print the two-sided test page")


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, options", [("hexagon-path-tiles", {"backs": "fold"}),
                                           ("edge-port-path-tiles", {"backs": "duplex"}),
                                           ("edge-port-path-tiles", {"print_shop": True})],
                         ids=["hexagon-fold", "duplex", "print-shop"])
def test_check_measures_the_tiles_among_their_backs_and_gutters(game, options, tmp_path):
    """`papergame check` finds the tiles' size on sheets with backs (the lattice is no tile) and in gutters."""
    from papergame.pdfread.check import check_pdf

    path = tmp_path / "kit.pdf"
    path.write_bytes(kit_pdfs(game, options=KitOptions(only=("tiles",), **options)).kit)
    report = check_pdf(path)
    assert report.true_scale and report.tile_mm == pytest.approx(35.0, abs=0.01)


@pytest.mark.default_cases(keep=lambda p: p["lang"] == "uk")
@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "uk"])
def test_the_backs_words_print_in_every_language(lang):
    """Each language's [backs] words: the fold-over and two-sided titles, the test page, the fold line."""
    from papergame.data.words import load_texts

    texts = load_texts(None, lang)
    for options in ({"backs": "fold"}, {"backs": "duplex", "duplex_x": 1}):
        with pdfplumber.open(io.BytesIO(kit_pdfs(options=KitOptions(only=("tiles",), **options), lang=lang).kit)) as pdf:
            printed = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
        keys = ("fold_title", "fold") if options["backs"] == "fold" else (
            "duplex_title", "back_title", "test_title", "test_back_title", "test_front")
        for key in keys:
            assert texts.get(f"backs.{key}") in printed, (lang, key)


def test_hexagon_duplex_backs_are_their_fronts_reflected():
    with pdf_of("hexagon-path-tiles", backs="duplex", only=("tiles",)) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        width = mm(pdf.pages[0].width)
        checked = 0
        for number in marks.tile_pages:
            front = fronts(pdf.pages[number - 1], marks.tile, True)
            back = backs(pdf.pages[number], marks.tile)
            assert front and len(front) == len(back)
            for x, y in front:
                assert nearest((width - x, y), back) <= ALIGN
                checked += 1
        from papergame.data.games import load_definition
        from papergame.layout.pieces import tile_list

        assert checked == len(tile_list(load_definition("hexagon-path-tiles")))


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("options", [{}, {"kits": 2}, {"only": ("tiles",)}, {"kits": 3, "only": ("board", "tiles")}],
                         ids=["kit", "class-set", "tiles", "boards-and-tiles"])
def test_every_duplex_front_falls_on_an_odd_page_with_its_back_next(options):
    """Printed two-sided as a whole file, each front shares its sheet with its back (and the test page with its own)."""
    with pdf_of("edge-port-path-tiles", backs="duplex", **options) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        texts = [" ".join((p.extract_text() or "").split()) for p in pdf.pages]
        tests = [i + 1 for i, t in enumerate(texts) if t.startswith("Two-sided test")]
        assert len(tests) == 2 and tests[0] % 2 == 1 and tests[1] == tests[0] + 1
        assert marks.tile_pages and all(n % 2 == 1 for n in marks.tile_pages)
        for n in marks.tile_pages:
            assert texts[n].startswith("Backs of the tiles on the page before")
