"""The print-shop PDF (`build --print-shop`), read back with qpdf, pikepdf, pdfplumber and LittleCMS.

pikepdf (qpdf's object model) reads what a preflight reads: each page's boxes, the catalog's
output intent and its profile, every colour operator of every content stream, and whether the
file uses anything newer than the version its header says. qpdf itself (`qpdf --check`) checks
the file's structure. Pillow's ImageCms (LittleCMS) opens the embedded ICC profile. No PDF/X or
PDF/A validator (veraPDF) is installed here, so none is run.
"""

from __future__ import annotations

import io
import math
import os
import shutil
import subprocess

import pdfplumber
import pikepdf
import pytest
from PIL import ImageCms

from papergame.build import kit_pdfs
from papergame.layout.bleed import BLEED, GUTTER
from papergame.options import KitOptions
from papergame.printmarks import read_keywords

MM = 25.4 / 72
GREY_OPERATORS = {"g", "G"}
OTHER_COLOUR = {"rg", "RG", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}


@pytest.fixture(scope="module")
def shop_pdf() -> bytes:
    return kit_pdfs(options=KitOptions(print_shop=True, host_key="separate")).kit


@pytest.fixture(scope="module")
def shop_hex_pdf() -> bytes:
    return kit_pdfs("hexagon-path-tiles", options=KitOptions(print_shop=True)).kit


def test_every_page_has_its_trim_and_bleed_box(shop_pdf):
    with pikepdf.open(io.BytesIO(shop_pdf)) as pdf:
        assert len(pdf.pages) >= 4
        for page in pdf.pages:
            media = [float(v) for v in page.obj["/MediaBox"]]
            trim = [float(v) for v in page.obj["/TrimBox"]]
            bleed = [float(v) for v in page.obj["/BleedBox"]]
            assert media == pytest.approx([0, 0, 210 / MM, 297 / MM], abs=0.01)
            assert trim == media  # the sheet is the trimmed size
            # the bleed box holds the trim box and stays on the medium (nothing is printed within 8 mm of the edge)
            assert bleed[0] <= trim[0] and bleed[1] <= trim[1] and bleed[2] >= trim[2] and bleed[3] >= trim[3]
            assert bleed[0] >= media[0] and bleed[2] <= media[2]


def test_the_output_intent_is_grey_with_a_profile_littlecms_opens(shop_pdf):
    with pikepdf.open(io.BytesIO(shop_pdf)) as pdf:
        intents = pdf.Root.OutputIntents
        assert len(intents) == 1
        intent = intents[0]
        assert intent.Type == "/OutputIntent" and intent.S == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "Custom"
        profile = intent.DestOutputProfile
        assert profile.N == 1  # one component: grey
        data = profile.read_bytes()
    cms = ImageCms.ImageCmsProfile(io.BytesIO(data))
    assert cms.profile.xcolor_space.strip() == "GRAY"
    assert cms.profile.device_class == "prtr"
    assert cms.profile.version == pytest.approx(2.1)


def test_the_header_says_the_version_of_the_features_used_and_colours_are_grey(shop_pdf):
    assert shop_pdf.startswith(b"%PDF-1.4\n")  # output intents came in PDF 1.4; nothing newer is used
    with pikepdf.open(io.BytesIO(shop_pdf)) as pdf:
        assert pdf.pdf_version == "1.4"
        assert "/XRefStm" not in pdf.trailer and "/Type" not in pdf.trailer  # a classic xref table, no stream
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) or isinstance(obj, pikepdf.Stream):
                assert obj.get("/Type") not in ("/ObjStm", "/XRef"), "object and xref streams are PDF 1.5"
                assert "/SMask" not in obj and "/OCProperties" not in obj
        used = set()
        for page in pdf.pages:
            for operands, operator in pikepdf.parse_content_stream(page):
                used.add(str(operator))
        assert used & GREY_OPERATORS and not used & OTHER_COLOUR, used & OTHER_COLOUR


def test_a_kit_without_the_option_keeps_its_old_header_and_no_boxes():
    plain = kit_pdfs(options=KitOptions(only=("tiles",))).kit
    assert plain.startswith(b"%PDF-1.3\n")
    with pikepdf.open(io.BytesIO(plain)) as pdf:
        assert "/OutputIntents" not in pdf.Root and "/TrimBox" not in pdf.pages[0].obj


def test_qpdf_finds_no_error(shop_pdf, shop_hex_pdf, tmp_path):
    if shutil.which("qpdf") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("qpdf is missing: .ci/install-tools installs it")
        pytest.skip("qpdf is not installed here (Debian's qpdf; .ci/install-tools installs it)")
    for name, data in (("shop.pdf", shop_pdf), ("hex.pdf", shop_hex_pdf)):
        path = tmp_path / name
        path.write_bytes(data)
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "No syntax or stream encoding errors found" in result.stdout


def tile_rects(page, tile: float = 35.0):
    return [r for r in page.rects if abs(r["width"] * MM - tile) < 0.01 and abs(r["height"] * MM - tile) < 0.01]


def test_every_tile_stands_in_its_own_gutter_with_its_lines_bleeding_into_it(shop_pdf):
    with pdfplumber.open(io.BytesIO(shop_pdf)) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        assert marks.tile_pages
        bled = 0
        for number in marks.tile_pages:
            page = pdf.pages[number - 1]
            rects = tile_rects(page)
            assert len(rects) >= 12
            xs = sorted({round(r["x0"] * MM, 2) for r in rects})
            ys = sorted({round(r["top"] * MM, 2) for r in rects})
            assert {round(b - a, 2) for a, b in zip(xs, xs[1:])} == {35.0 + GUTTER}
            assert {round(b - a, 2) for a, b in zip(ys, ys[1:])} == {35.0 + GUTTER}
            boxes = [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in rects]
            for line in page.lines:
                (ax, ay), (bx, by) = [(x * MM, y * MM) for x, y in line["pts"]]
                if abs(math.hypot(bx - ax, by - ay) - BLEED) > 0.01 or line["linewidth"] * MM < 0.5:
                    continue  # a bleed is a tile line's width (0.5 mm and more) and BLEED long

                def on_edge(x, y, b):
                    inside = b[0] - 0.01 <= x <= b[2] + 0.01 and b[1] - 0.01 <= y <= b[3] + 0.01
                    return inside and min(abs(x - b[0]), abs(x - b[2]), abs(y - b[1]), abs(y - b[3])) < 0.01

                def outside(x, y, b):
                    return not (b[0] + 0.01 < x < b[2] - 0.01 and b[1] + 0.01 < y < b[3] - 0.01)

                # one end on a tile's edge, the other BLEED out in the gutter, in no tile
                assert any((on_edge(ax, ay, b) and outside(bx, by, b)) or (on_edge(bx, by, b) and outside(ax, ay, b))
                           for b in boxes), f"page {number}: a bleed at ({ax:.2f}, {ay:.2f}) off every tile's edge"
                for x, y in ((ax + bx) / 2, (ay + by) / 2), :
                    assert not any(b[0] < x < b[2] and b[1] < y < b[3] for b in boxes)
                bled += 1
        # every port line's two ends reach the edge: each of the default game's 18 tiles has 4 ends, and the
        # banded line of each of its 6 crossing tiles (type 3) has a grey core whose 2 ends run on as well
        assert bled == 18 * 4 + 6 * 2


def test_a_black_tokens_ring_bleeds_past_its_cut(shop_pdf):
    with pdfplumber.open(io.BytesIO(shop_pdf)) as pdf:
        found = []
        for page in pdf.pages:
            for curve in page.curves:
                if curve["stroke"] and not curve["fill"] and abs(curve["linewidth"] * MM - BLEED) < 0.01:
                    found.append(curve["width"] * MM)
        assert len(found) == 3  # the black token and its two spares
        cut = [c["width"] * MM for p in pdf.pages for c in p.curves if c["fill"] and c["non_stroking_color"] in
               ((1.0,), [1.0], 1.0) and c["linewidth"] * MM > 0.35]
        assert all(any(abs(w - (d + BLEED)) < 0.02 for d in cut) for w in found)  # its middle BLEED/2 out
