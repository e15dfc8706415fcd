"""SVG cut files (--format svg, --cutter): read back with a real SVG parser (svgelements), drawn with
a real renderer (rsvg-convert), and measured against the PDF made from the same pages."""

from __future__ import annotations

import io
import math
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import pytest
import svgelements
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageFilter

from papergame.build import make_pages
from papergame.cli import main
from papergame.options import KitOptions
from papergame.render.cuts import CutPlan, placed
from papergame.render.svg import render_svg
from pdfmeasure import mm, open_pdf

INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
SVG = "{http://www.w3.org/2000/svg}"
TILE = 35.0


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result


def make(folder, *args, name="kit"):
    result = run("build", "-o", str(folder / name), *args)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def svg_kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("svg")
    make(folder, "--format", "svg")
    make(folder, name="kit.pdf")
    return folder


def layer(path, label):
    root = ET.parse(path).getroot()
    found = [g for g in root.iter(f"{SVG}g") if g.get(f"{INKSCAPE}label") == label]
    return found[0] if found else None


def parsed(path, *labels):
    """The SVG as svgelements reads it (in mm: 25.4 px to the inch is 1 px a mm), with only the layers (inkscape's
    labels) named: the root, its defs and all else kept, the other layers (the Print layer's glyph outlines above all,
    most of the parser's time) taken out. A layer's elements are as svgelements reads them in the whole file: their
    units and transforms come from the root and the layer itself, never from another layer."""
    root = ET.parse(path).getroot()
    for group in list(root):
        if group.get(f"{INKSCAPE}groupmode") == "layer" and group.get(f"{INKSCAPE}label") not in labels:
            root.remove(group)
    return svgelements.SVG.parse(io.BytesIO(ET.tostring(root)), ppi=25.4)


def cut_elements(path, label="Cut", doc=None):
    """The shapes of one layer, as svgelements reads them (`doc`: the file parsed with that layer)."""
    doc = doc if doc is not None else parsed(path, label)
    ids = {"Cut": "cut", "Score": "score", "Print": "print"}
    group = doc.get_element_by_id(ids[label])
    return [e for e in group.select() if isinstance(e, svgelements.Shape) and not isinstance(e, svgelements.Group)]


def need_rsvg():
    if shutil.which("rsvg-convert") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("rsvg-convert is missing: .ci/install-tools installs librsvg2-bin")
        pytest.skip("rsvg-convert (Debian's librsvg2-bin) is not installed here")


# --- the files ---------------------------------------------------------------------------------


def test_one_svg_a_sheet_where_the_pdf_would_go_in_millimetres_with_print_and_cut_layers(svg_kit):
    sheets = sorted(p.name for p in svg_kit.glob("kit-[0-9]*.svg"))
    host = sorted(p.name for p in svg_kit.glob("kit-host-key-*.svg"))  # the host's file, apart by default
    with open_pdf(svg_kit / "kit.pdf") as pdf, open_pdf(svg_kit / "kit-host-key.pdf") as host_pdf:
        count, host_count = len(pdf.pages), len(host_pdf.pages)
    assert sheets == [f"kit-{n:02d}.svg" for n in range(1, count + 1)]
    assert host == [f"kit-host-key-{n:02d}.svg" for n in range(1, host_count + 1)] and host_count == 2
    for name in sheets + host:
        root = ET.parse(svg_kit / name).getroot()
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        labels = [g.get(f"{INKSCAPE}label") for g in root if g.get(f"{INKSCAPE}groupmode") == "layer"]
        assert labels == ["Print", "Cut"]
    doc = parsed(svg_kit / "kit-02.svg", "Cut")
    assert (doc.width, doc.height) == pytest.approx((210.0, 297.0), abs=0.001)  # the parser's own unit handling


def test_the_same_pages_make_the_same_bytes(tmp_path, svg_kit):
    make(tmp_path, "--format", "svg")
    for path in svg_kit.glob("kit-*.svg"):  # the players' sheets and the host's
        assert (tmp_path / path.name).read_bytes() == path.read_bytes()


def test_every_word_is_drawn_in_the_pdf_font_and_kept_as_its_label(svg_kit):
    root = ET.parse(svg_kit / "kit-02.svg").getroot()
    labels = [p.get("aria-label") for p in root.iter(f"{SVG}path") if p.get("aria-label")]
    assert "Tiles and tokens" in labels
    assert not list(root.iter(f"{SVG}text"))  # outlines, not text that needs the font installed
    title = next(p for p in root.iter(f"{SVG}path") if p.get("aria-label") == "Tiles and tokens")
    with open_pdf(svg_kit / "kit.pdf") as pdf:
        words = [w for w in pdf.pages[1].extract_words() if w["text"] == "Tiles"]
        chars = [c for c in pdf.pages[1].chars if c["text"] == "T"]
    box = svgelements.Path(title.get("d")) * svgelements.Matrix(title.get("transform"))
    x0, _, x1, _ = box.bbox()
    # the page is y up inside the Print layer's flip: the title's ink starts where the PDF's "T" starts
    assert x0 == pytest.approx(mm(words[0]["x0"]), abs=0.3)
    assert chars and x1 > x0 + 60


# --- the cuts ------------------------------------------------------------------------------------


def segments_of(shapes):
    out = []
    for shape in shapes:
        pts = [(p.x, p.y) for p in shape.segments() if isinstance(p, (svgelements.Move, svgelements.Line))
               for p in [p.end]]
        if isinstance(shape, svgelements.Polygon):
            pts.append(pts[0])
        out += list(zip(pts, pts[1:]))
    return [(a, b) for a, b in out if a != b]


@pytest.mark.parametrize("game", [None, "hexagon-path-tiles"])
def test_pictures_of_tiles_carry_no_cut_only_the_pieces_do(game):
    from papergame.layout.primitives import cut_paths

    kit = make_pages(game)[2]
    cut = {p.name for p in kit.pages + kit.host_key if cut_paths(p.items)}
    pictures = {p.name for p in kit.pages + kit.host_key if p.name in ("rules", "guide", "host-key")}
    assert cut == {"tiles-1"} and pictures  # the rules page's and the guide's tiles are drawn, not cut
    rules = next(p for p in kit.pages if p.name == "rules")
    outlines = [i for i, _ in placed(rules.items) if getattr(i, "role", "") == "cut"]
    assert outlines and all(i.cut == "none" for i in outlines)  # the pictures keep their drawn outline


def test_only_the_sheets_to_cut_have_cuts_in_the_svg(svg_kit):
    pages = make_pages(None)[2].pages
    counts = [len(cut_elements(svg_kit / f"kit-{n + 1:02d}.svg")) for n in range(len(pages))]
    assert [p.name for p, c in zip(pages, counts) if c] == ["tiles-1"]
    assert counts[[p.name for p in pages].index("rules")] == 0


def test_the_cut_layer_cuts_each_shared_edge_once_at_the_tile_size(svg_kit):
    shapes = cut_elements(svg_kit / "kit-02.svg")
    circles = [s for s in shapes if isinstance(s, svgelements.Circle)]
    assert len(circles) == 6 and all(c.rx == pytest.approx(8.0, abs=0.05) for c in circles)  # the tokens
    segs = segments_of([s for s in shapes if not isinstance(s, svgelements.Circle)])
    xs = sorted({round(a[0], 3) for a, b in segs if abs(a[0] - b[0]) < 1e-6})
    ys = sorted({round(a[1], 3) for a, b in segs if abs(a[1] - b[1]) < 1e-6})
    assert len(xs) == 6 and len(ys) == 5  # 18 tiles: 5 columns, 4 rows
    for gaps in ([b - a for a, b in zip(xs, xs[1:])], [b - a for a, b in zip(ys, ys[1:])]):
        assert all(g == pytest.approx(TILE, abs=0.05) for g in gaps)
    # no stretch of any cut is cut twice: the segments on one line do not overlap
    by_line: dict = {}
    for a, b in segs:
        key = ("x", round(a[0], 3)) if abs(a[0] - b[0]) < 1e-6 else ("y", round(a[1], 3))
        span = sorted((a[1], b[1]) if key[0] == "x" else (a[0], b[0]))
        by_line.setdefault(key, []).append(span)
    for spans in by_line.values():
        spans.sort()
        assert all(s1[0] >= s0[1] - 1e-6 for s0, s1 in zip(spans, spans[1:]))
    # one long cut a grid line: the top line of the tiles runs the whole row
    assert max(b[0] - a[0] for (a, b) in (sorted(s) for s in segs)) == pytest.approx(5 * TILE, abs=0.05)


def test_the_cuts_lie_on_the_pdfs_cut_lines(svg_kit):
    with open_pdf(svg_kit / "kit.pdf") as pdf:
        page = pdf.pages[1]
        height = mm(page.height)
        tiles = [r for r in page.rects if abs(mm(r["width"]) - TILE) < 0.01 and abs(mm(r["height"]) - TILE) < 0.01]
    assert len(tiles) == 18
    edges = set()
    for r in tiles:
        x0, x1, top, bottom = mm(r["x0"]), mm(r["x1"]), mm(r["top"]), mm(r["bottom"])
        edges |= {("x", round(x0, 2)), ("x", round(x1, 2)), ("y", round(top, 2)), ("y", round(bottom, 2))}
    segs = segments_of([s for s in cut_elements(svg_kit / "kit-02.svg") if not isinstance(s, svgelements.Circle)])
    lines = {("x", round(a[0], 2)) if abs(a[0] - b[0]) < 1e-6 else ("y", round(a[1], 2)) for a, b in segs}
    assert lines == edges  # every PDF cut line is cut, and nothing else is
    assert height == pytest.approx(297.0, abs=0.01)
    # each PDF tile's four edges are covered by the SVG's cuts
    for r in tiles:
        x0, x1, top = mm(r["x0"]), mm(r["x1"]), mm(r["top"])
        covering = [(a, b) for a, b in segs if abs(a[1] - top) < 0.01 and abs(b[1] - top) < 0.01
                    and min(a[0], b[0]) <= x0 + 0.01 and max(a[0], b[0]) >= x1 - 0.01]
        assert covering, r


def test_hexagon_sides_are_cut_once_and_close_round_each_tile_for_a_cutter_that_needs_outlines(tmp_path):
    make(tmp_path, "--format", "svg", "--game", "hexagon-path-tiles", "--only", "tiles", name="hex")
    pieces = tmp_path / "pieces-01.svg"
    page = make_pages("hexagon-path-tiles", options=KitOptions(only=("tiles",)))[2].pages[0]
    with open(pieces, "wb") as out:
        render_svg([page], out, "hexagons", plan=CutPlan(pieces=True))
    segs = segments_of(cut_elements(tmp_path / "hex-01.svg"))
    keys = [tuple(sorted((tuple(round(v, 3) for v in a), tuple(round(v, 3) for v in b)))) for a, b in segs]
    assert len(keys) == len(set(keys))  # no side twice
    outlines = [s for s in cut_elements(pieces) if isinstance(s, svgelements.Polygon)]
    assert outlines and all(len(list(s.segments())) >= 6 for s in outlines)
    for s in outlines:
        x0, y0, x1, y1 = s.bbox()
        assert y1 - y0 == pytest.approx(TILE, abs=0.05)  # measured across the flats, as the PDF's tiles are


def test_the_format_is_checked_and_worded_for_the_command_line(tmp_path):
    result = run("build", "-o", str(tmp_path / "k"), "--format", "png")
    assert result.exit_code == 2 and result.output == 'Error: --format: "png" is not one of pdf, svg\n'
    assert not list(tmp_path.iterdir())


def test_a_file_in_the_way_that_is_not_an_svg_stops_every_sheet_from_being_written(tmp_path):
    (tmp_path / "kit-03.svg").write_text("my notes", encoding="utf-8")
    result = run("build", "-o", str(tmp_path / "kit"), "--format", "svg")
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and "kit-03.svg" in result.output and "not an SVG" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit-03.svg"]
    assert (tmp_path / "kit-03.svg").read_text(encoding="utf-8") == "my notes"


def test_worksheets_as_svg_sheets_and_keys(tmp_path):
    result = run("worksheet", "-o", str(tmp_path / "ws"), "--format", "svg", "--copies", "2")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws-01.svg", "ws-02.svg", "ws-key-01.svg", "ws-key-02.svg"]
    assert "Wrote ws-01.svg to ws-02.svg" in result.output
    assert layer(tmp_path / "ws-01.svg", "Print") is not None


# --- drawn by a real renderer ----------------------------------------------------------------------

DPI = 150
# Measured on today's kits (the default game and the hexagon game, every sheet) at 150 dpi: the pixels
# that no pixel of the other render within one pixel matches to 64 grey levels are 0.002 % to 0.011 % of
# a page (glyph and thin-line edges, which pdfium and librsvg antialias differently), and the mean
# difference after a 1 px blur is 0.8 to 2.7 grey levels. The same drawing moved 0.25 mm sideways
# leaves 0.05 % to 0.28 % unmatched, 0.5 mm 1.1 % to 4.4 %: the bounds let no such move through.
# (At 100 dpi pdfium draws lines thinner than a pixel a full pixel dark, and the record sheet's rules
# alone leave 0.3 % unmatched: too coarse to tell a move of 0.25 mm.)
MOST_UNMATCHED = 0.0003
MOST_BLURRED_MEAN = 4.0


def print_layer_png(svg_path, tmp_path):
    text = svg_path.read_text(encoding="utf-8")
    only_print = re.sub(r'<g inkscape:groupmode="layer" inkscape:label="(Cut|Score|Regmarks)".*?</g>\n', "", text, flags=re.S)
    source = tmp_path / ("print-" + svg_path.name)
    source.write_text(only_print, encoding="utf-8")
    png = subprocess.run(["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-b", "white", str(source)],
                         check=True, capture_output=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


def differences(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(share of pixels of `a` no pixel of `b` within one pixel matches to 64 levels, mean difference after a 1 px blur)."""
    low, high = b.filter(ImageFilter.MinFilter(3)), b.filter(ImageFilter.MaxFilter(3))
    off = ImageChops.add(ImageChops.subtract(low, a), ImageChops.subtract(a, high))
    hist = off.histogram()
    unmatched = sum(hist[65:]) / sum(hist)
    blurred = ImageChops.difference(a.filter(ImageFilter.GaussianBlur(1)), b.filter(ImageFilter.GaussianBlur(1)))
    h = blurred.histogram()
    return unmatched, sum(k * v for k, v in enumerate(h)) / sum(h)


def test_the_print_layer_drawn_by_rsvg_matches_the_pdf_drawn_by_pdfium(svg_kit, tmp_path):
    need_rsvg()
    pdf = pdfium.PdfDocument(str(svg_kit / "kit.pdf"))
    try:
        for number in range(len(pdf)):
            expected = pdf[number].render(scale=DPI / 72).to_pil().convert("L")
            drawn = print_layer_png(svg_kit / f"kit-{number + 1:02d}.svg", tmp_path)
            assert drawn.size == expected.size
            unmatched, mean = differences(expected, drawn)
            assert unmatched <= MOST_UNMATCHED and mean <= MOST_BLURRED_MEAN, (number + 1, unmatched, mean)
            # and the test can fail: the same drawing moved 0.25 mm to the right no longer matches
            shifted = Image.new("L", drawn.size, 255)
            shifted.paste(drawn, (round(0.25 / 25.4 * DPI), 0))
            assert differences(expected, shifted)[0] > MOST_UNMATCHED, number + 1
    finally:
        pdf.close()


def test_a_profiles_face_and_spacing_are_drawn_as_the_pdf_sets_them(tmp_path):
    """Clear print: Atkinson Hyperlegible, letters and words set apart (the PDF sets it word by word)."""
    need_rsvg()
    pages = make_pages(None, options=KitOptions(clear_print=True, only=("rules",)))[2].pages[:1]
    from papergame.render.formats import render

    pdf_bytes = io.BytesIO()
    render("pdf", pages, pdf_bytes, "t")
    svg_path = tmp_path / "clear-01.svg"
    with open(svg_path, "wb") as out:
        render_svg(pages, out, "t")
    pdf = pdfium.PdfDocument(pdf_bytes.getvalue())
    try:
        expected = pdf[0].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        pdf.close()
    unmatched, mean = differences(expected, print_layer_png(svg_path, tmp_path))
    assert unmatched <= MOST_UNMATCHED and mean <= MOST_BLURRED_MEAN, (unmatched, mean)


# --- cutting machines ----------------------------------------------------------------------------


def polygons_and_circles(path, doc=None):
    shapes = cut_elements(path, doc=doc)
    return ([s for s in shapes if isinstance(s, svgelements.Polygon)], [s for s in shapes if isinstance(s, svgelements.Circle)])


def test_laser_kerf_moves_every_outline_out_by_half_of_it_and_the_pieces_stay_apart(tmp_path):
    make(tmp_path, "--cutter", "laser", "--kerf", "0.2", "--only", "tiles,tokens", name="laser")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["laser-01.svg"]
    squares, circles = polygons_and_circles(tmp_path / "laser-01.svg")
    assert len(squares) == 18 and len(circles) == 6
    boxes = [s.bbox() for s in squares]
    for x0, y0, x1, y1 in boxes:
        assert (x1 - x0, y1 - y0) == pytest.approx((TILE + 0.2, TILE + 0.2), abs=0.005)
    assert all(c.rx == pytest.approx(8.1, abs=0.005) for c in circles)
    # no two outlines meet: the beam never burns into a neighbour (pieces 1.2 mm apart, less 2 x 0.1)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= 1.0 - 1e-6
    assert layer(tmp_path / "laser-01.svg", "Cut").get("stroke") == "#ff0000"
    score = layer(tmp_path / "laser-01.svg", "Score")
    assert score is not None and score.get("stroke") == "#0000ff"
    assert len(cut_elements(tmp_path / "laser-01.svg", "Score")) == 18 * 2  # each tile's two port lines, once


def test_kerf_zero_leaves_the_outlines_at_the_tile_size(tmp_path):
    make(tmp_path, "--cutter", "laser", "--only", "tiles", name="laser")
    squares, _ = polygons_and_circles(tmp_path / "laser-01.svg")
    assert len(squares) == 18
    for x0, y0, x1, y1 in (s.bbox() for s in squares):
        assert (x1 - x0, y1 - y0) == pytest.approx((TILE, TILE), abs=0.005)


def test_silhouette_marks_stand_where_the_cameo_template_puts_them_and_nothing_prints_near_them(tmp_path):
    make(tmp_path, "--cutter", "silhouette", "--only", "tiles,tokens", name="cameo")
    path = tmp_path / "cameo-01.svg"
    root = ET.parse(path).getroot()
    labels = [g.get(f"{INKSCAPE}label") for g in root if g.get(f"{INKSCAPE}groupmode") == "layer"]
    assert labels == ["Regmarks", "Print", "Cut"]
    marks = layer(path, "Regmarks")
    assert marks.get("stroke-width") == "0.3" and marks.get("stroke-linecap") == "square"
    doc = parsed(path, "Regmarks", "Cut")
    box = {name: doc.get_element_by_id(f"regmark-{name}").bbox() for name in ("tl", "tr", "bl", "br")}
    # each mark's corner 10 mm in from both edges: 190 x 277 mm apart, arms 20 mm, pointing inward
    assert box["tl"] == pytest.approx((10, 10, 30, 30), abs=0.01)
    assert box["tr"] == pytest.approx((180, 10, 200, 30), abs=0.01)
    assert box["bl"] == pytest.approx((10, 267, 30, 287), abs=0.01)
    assert box["br"] == pytest.approx((180, 267, 200, 287), abs=0.01)
    assert box["tr"][2] - box["tl"][0] == pytest.approx(190, abs=0.01)
    assert box["bl"][3] - box["tl"][1] == pytest.approx(277, abs=0.01)
    # the pieces keep clear of the marks and of the 20 mm square inside each
    squares, circles = polygons_and_circles(path, doc)
    assert len(squares) == 18 and len(circles) == 6
    for s in squares + circles:
        x0, y0, x1, y1 = s.bbox()
        assert 12 <= x0 and x1 <= 198 and 32 <= y0 and y1 <= 265, (x0, y0, x1, y1)
    need_rsvg()
    drawn = print_layer_png(path, tmp_path)  # the Print layer alone: nothing within 1.5 mm of a mark's square
    px = DPI / 25.4
    for x0, y0 in ((8.5, 8.5), (178.5, 8.5), (8.5, 265.5), (178.5, 265.5)):
        corner = drawn.crop((round(x0 * px), round(y0 * px), round((x0 + 23) * px), round((y0 + 23) * px)))
        assert corner.getextrema() == (255, 255), (x0, y0)


def blobs(alpha: Image.Image) -> list[tuple[int, int, int, int]]:
    """The boxes of the connected opaque regions of an alpha channel (what Design Space cuts round)."""
    w, h = alpha.size
    data = alpha.load()
    seen = set()
    found = []
    for y in range(h):
        for x in range(w):
            if data[x, y] > 128 and (x, y) not in seen:
                stack, box = [(x, y)], [x, y, x, y]
                seen.add((x, y))
                while stack:
                    cx, cy = stack.pop()
                    box = [min(box[0], cx), min(box[1], cy), max(box[2], cx), max(box[3], cy)]
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and data[nx, ny] > 128:
                            seen.add((nx, ny))
                            stack.append((nx, ny))
                found.append(tuple(box))
    return found


def test_cricut_sheets_fit_print_then_cut_and_their_images_are_cut_round_each_piece(tmp_path):
    make(tmp_path, "--cutter", "cricut", "--only", "tiles,tokens", name="cricut")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cricut-01.png", "cricut-01.svg"]
    root = ET.parse(tmp_path / "cricut-01.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("171.45mm", "234.95mm")  # 6.75 x 9.25 in
    squares, circles = polygons_and_circles(tmp_path / "cricut-01.svg")
    assert len(squares) == 18 and len(circles) == 6
    for s in squares + circles:
        x0, y0, x1, y1 = s.bbox()
        assert 0 <= x0 and x1 <= 171.45 and 0 <= y0 and y1 <= 234.95
    image = Image.open(tmp_path / "cricut-01.png")
    assert image.mode == "RGBA" and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    small = image.getchannel("A").resize((image.width // 6, image.height // 6), Image.NEAREST)
    found = blobs(small)
    assert len(found) == 24  # one region a piece: 18 tiles, 6 tokens
    tile_px = TILE / 25.4 * 50  # at 50 dpi
    sizes = sorted(round(max(b[2] - b[0], b[3] - b[1]) / tile_px, 1) for b in found)
    assert sizes[-18:] == [1.0] * 18  # each tile's region is the tile


def test_the_cut_file_options_are_checked_and_worded_for_the_command_line(tmp_path):
    result = run("build", "-o", str(tmp_path / "k"), "--kerf", "0.2")
    assert result.exit_code == 2 and result.output.startswith("Error: --kerf: 0.2 mm: a kerf is what a laser")
    result = run("build", "-o", str(tmp_path / "k"), "--cutter", "laser", "--format", "pdf")
    assert result.exit_code == 2 and result.output.startswith("Error: --cutter: laser lays out cut files")
    result = run("build", "-o", str(tmp_path / "k"), "--cutter", "silhouette", "--measured", "49.5")
    assert result.exit_code == 2 and result.output.startswith("Error: --measured: scales the print for a printer")
    result = run("build", "-o", str(tmp_path / "k"), "--cutter", "laser", "--kerf", "2")
    assert result.exit_code == 2 and "Error: --kerf: 2 mm is outside 0 to 1 mm" in result.output
    assert not list(tmp_path.iterdir())


def test_hexagon_cuts_lie_on_the_pdfs_cut_lines(tmp_path):
    make(tmp_path, "--game", "hexagon-path-tiles", "--only", "tiles", name="hex.pdf")
    make(tmp_path, "--game", "hexagon-path-tiles", "--only", "tiles", "--format", "svg", name="hex")
    side = TILE / 3 ** 0.5
    with open_pdf(tmp_path / "hex.pdf") as pdf:
        page = pdf.pages[0]
        drawn = [tuple((mm(x), mm(y)) for x, y in line["pts"]) for line in page.lines]
    pdf_sides = {tuple(sorted((round(a[0], 1), round(a[1], 1)) for a in (pts[0], pts[-1]))) for pts in drawn
                 if abs(((pts[0][0] - pts[-1][0]) ** 2 + (pts[0][1] - pts[-1][1]) ** 2) ** 0.5 - side) < 0.05}
    segs = segments_of(cut_elements(tmp_path / "hex-01.svg"))
    svg_sides = {tuple(sorted((round(p[0], 1), round(p[1], 1)) for p in (a, b))) for a, b in segs}
    assert all(abs(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 - side) < 0.05 for a, b in segs)
    assert len(svg_sides) == len(segs) > 0
    assert svg_sides == pdf_sides  # every side the PDF draws to cut is cut, once, and nothing else


def test_sheets_left_from_a_longer_run_are_removed_but_not_a_file_of_your_own(tmp_path):
    make(tmp_path, "--format", "svg")
    (tmp_path / "kit-09.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><!-- mine --></svg>', encoding="utf-8")
    result = make(tmp_path, "--format", "svg", "--only", "tiles")
    # the first run's host file (host key and guide, apart by default) stays, as its PDF would
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit-01.svg", "kit-09.svg", "kit-host-key-01.svg",
                                                          "kit-host-key-02.svg"]
    # the players' kit of the first run had 4 sheets (the host's 2 are a file of their own)
    assert result.output.splitlines()[-1] == ("Removed kit-02.svg, kit-03.svg, kit-04.svg "
                                              "(sheets left from an earlier, longer run)")
    assert layer(tmp_path / "kit-01.svg", "Cut") is not None and "mine" in (tmp_path / "kit-09.svg").read_text()


def test_a_tactile_kit_as_svg_keeps_its_braille_files(tmp_path):
    (tmp_path / "pdf").mkdir()
    make(tmp_path / "pdf", "--tactile", name="t")
    result = make(tmp_path, "--format", "svg", "--tactile", name="t")
    brf = sorted(p.name for p in tmp_path.glob("*.brf"))
    assert brf and brf == sorted(p.name for p in (tmp_path / "pdf").glob("*.brf"))
    for name in brf:
        assert (tmp_path / name).read_bytes() == (tmp_path / "pdf" / name).read_bytes()
    assert ".brf" in result.output


def test_silhouette_with_duplex_backs_prints_its_marks_on_the_front_only(tmp_path):
    """`--cutter silhouette --backs duplex`: the two-sided test, then the cutter's sheet (marks, pieces, cuts)
    and its page of backs, each back behind its tile for a long-edge flip, moved as the test read; the
    backs page has no registration mark, no cut (the machine reads the marks on the side it cuts)."""
    make(tmp_path, "--cutter", "silhouette", "--backs", "duplex", "--duplex-x", "1,5", "--duplex-y", "-1",
         "--only", "tiles,tokens", name="cameo")
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"cameo-{n:02d}.svg" for n in range(1, 5)]
    test_front, test_back, front, back = (tmp_path / f"cameo-{n:02d}.svg" for n in range(1, 5))
    doc = parsed(front, "Regmarks", "Cut")
    assert doc.get_element_by_id("regmark-tl").bbox() == pytest.approx((10, 10, 30, 30), abs=0.01)
    assert doc.get_element_by_id("regmark-br").bbox() == pytest.approx((180, 267, 200, 287), abs=0.01)
    for path in (test_front, test_back, back):
        root = ET.parse(path).getroot()
        labels = [g.get(f"{INKSCAPE}label") for g in root if g.get(f"{INKSCAPE}groupmode") == "layer"]
        assert labels == ["Print", "Cut"] and "regmark" not in path.read_text(encoding="utf-8"), path.name
        assert cut_elements(path) == [], path.name
    squares, circles = polygons_and_circles(front, doc)
    assert len(squares) == 18 and len(circles) == 6
    discs = [e.bbox() for e in cut_elements(back, "Print") if isinstance(e, svgelements.Circle)]
    discs = [(x0, y0, x1, y1) for x0, y0, x1, y1 in discs if x1 - x0 == pytest.approx(0.4 * TILE, abs=0.01)]
    assert len(discs) == 18  # a back for every tile, none for the tokens
    # a long-edge flip puts the back of a tile at x on the front at 210 - x; moved 1.5 mm right and, by
    # --duplex-y -1, 1 mm down (y runs down the page in SVG); each within 0.2 mm of its front, one for one
    wanted = sorted((round(210 - (x0 + x1) / 2 + 1.5, 2), round((y0 + y1) / 2 + 1, 2))
                    for x0, y0, x1, y1 in (s.bbox() for s in squares))
    found = sorted(((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in discs)
    assert all(math.dist(a, b) <= 0.2 for a, b in zip(wanted, found)), list(zip(wanted, found))[:3]
    need_rsvg()
    px = DPI / 25.4
    for path in (front, back):  # the front's marks' corners: nothing else printed there, on either side
        # the front: its print layer alone (the marks taken out); the back: the whole page (each drawn once)
        drawn = print_layer_png(path, tmp_path) if path == front else Image.open(io.BytesIO(subprocess.run(
            ["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-b", "white", str(path)],
            check=True, capture_output=True).stdout)).convert("L")
        for x0, y0 in ((8.5, 8.5), (178.5, 8.5), (8.5, 265.5), (178.5, 265.5)):
            corner = drawn.crop((round(x0 * px), round(y0 * px), round((x0 + 23) * px), round((y0 + 23) * px)))
            assert corner.getextrema() == (255, 255), (path.name, x0, y0)


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "uk"])
def test_the_cutter_sheet_with_backs_says_how_to_print_it_in_every_language(lang):
    from papergame.data.words import load_texts
    from papergame.layout.primitives import Text

    kit = make_pages(None, lang=lang, options=KitOptions(cutter="silhouette", backs="duplex", only=("tiles",)))[2]
    assert [p.name for p in kit.pages] == ["duplex-test-front", "duplex-test-back", "cut-1", "backs-1"]
    words = " ".join(i.text for _, i in [(0, i) for i in kit.pages[2].items] if isinstance(i, Text))
    steps = load_texts(None, lang).get("backs.cutter_steps")
    assert " ".join(steps.split()[:4]) in words and steps.split()[-1] in words


def test_backs_go_with_a_cutter_only_as_silhouette_duplex(tmp_path):
    result = run("build", "-o", str(tmp_path / "k"), "--cutter", "silhouette", "--backs", "fold")
    assert result.exit_code == 2 and result.output.startswith(
        "Error: --backs: fold prints the tiles side by side with their backs, and cutter silhouette")
    for cutter in ("cricut", "laser"):
        result = run("build", "-o", str(tmp_path / "k"), "--cutter", cutter, "--backs", "duplex")
        assert result.exit_code == 2 and result.output.startswith(
            "Error: --backs: duplex prints the backs on the sheet's other side, lined up with the front by "
            f"silhouette's registration marks; cutter {cutter} has no such marks"), result.output
    assert not list(tmp_path.iterdir())
