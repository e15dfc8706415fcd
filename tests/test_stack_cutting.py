"""Stack cutting: every tile sheet of a class set has its cuts in the same places, read from the PDF.

A copy shop cuts a class set's tile sheets as one stack on a guillotine; that works only when
every cut of every sheet lies where the cuts of the first sheet lie. The cuts are read back
from the PDF's drawing (pdfplumber, to 0.01 mm): a square tile's cut outline is a rectangle
of the tile's size drawn with the 0.2 mm cut line, a hexagon's cuts are the 0.2 mm lines of
its sides.
"""

from __future__ import annotations

import io
import math

import pdfplumber
import pytest

from papergame.build import kit_pdfs
from papergame.options import KitOptions
from papergame.printmarks import read_keywords
from test_classroom import kit_ids

MM = 25.4 / 72
# The eight-port game's 15-kit set takes 12-15 s to lay out: its 35 tile types' type numbers and ids are
# placed by a search per type and kit-number width (`tile_art._labels`). Where the labels go plays no part
# in where a sheet's cuts go, so by default its set is laid out with the labels at fixed places ("quick",
# under a second); the set with the searched labels runs with the slow tests, `pytest -m slow`.
QUICK = "eight-port-path-tiles (labels at fixed places)"
# By default one square game and the hexagon game (the two ways of packing tiles); the eight-port sets and
# the shared-path game, whose tiles are the edge-port game's squares, with the slow tests.
GAMES = ("edge-port-path-tiles", pytest.param(QUICK, marks=pytest.mark.slow),
         pytest.param("eight-port-path-tiles", marks=pytest.mark.slow),
         "hexagon-path-tiles", pytest.param("shared-path", marks=pytest.mark.slow))
KITS = 15


def labels_at_corners(shape, pairs, size, type_label, id_label, least, metrics):
    """A stand-in for the label search: the type number at the top left, the id at the bottom right."""
    from papergame.layout.tile_art import Label

    out = []
    if type_label:
        em = max(4.0, least)
        out.append(Label(type_label, em, 2.0, size - 2.0 - em, metrics.width(type_label, em, True), em, True))
    if id_label:
        em = max(2.4, least)
        w = metrics.width(id_label, em, False)
        out.append(Label(id_label, em, size - 2.0 - w, 2.0, w, em, False))
    return tuple(out)


def cuts_of(page, tile: float, hexagon: bool) -> frozenset[tuple[float, ...]]:
    """Every cut segment of a tile page as ((x1, y1), (x2, y2)) in mm to 0.01, ends in order."""
    segments: set[tuple[float, ...]] = set()

    def add(x1, y1, x2, y2):
        a, b = (round(x1 * MM, 2), round(y1 * MM, 2)), (round(x2 * MM, 2), round(y2 * MM, 2))
        segments.add(min(a, b) + max(a, b))

    if hexagon:
        side = tile / math.sqrt(3)
        for line in page.lines:
            length = math.hypot(line["x1"] - line["x0"], line["y1"] - line["y0"]) * MM
            if abs(line["linewidth"] * MM - 0.2) < 0.005 and abs(length - side) < 0.01:
                add(line["x0"], line["top"], line["x1"], line["bottom"]) if line["y0"] == line["y1"] or (
                    (line["x1"] - line["x0"]) * (line["y1"] - line["y0"]) < 0) else add(
                    line["x0"], line["bottom"], line["x1"], line["top"])
        return frozenset(segments)
    for r in page.rects:
        if abs(r["width"] * MM - tile) < 0.01 and abs(r["height"] * MM - tile) < 0.01:
            x0, x1, top, bottom = r["x0"], r["x1"], r["top"], r["bottom"]
            add(x0, top, x1, top), add(x0, bottom, x1, bottom), add(x0, top, x0, bottom), add(x1, top, x1, bottom)
    return frozenset(segments)


@pytest.fixture(scope="module", params=GAMES)
def class_set(request):
    """The tile sheets of a 15-kit class set of one shipped game, as sets of cut segments."""
    options = KitOptions(kits=KITS, only=("tiles",))
    with pytest.MonkeyPatch.context() as patch:
        if request.param == QUICK:
            patch.setattr("papergame.layout.tile_art._labels", labels_at_corners)
        pdfs = kit_pdfs(request.param.split(" (")[0], options=options)
    with pdfplumber.open(io.BytesIO(pdfs.kit)) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        assert marks is not None and marks.tile_pages
        hexagon = marks.across_flats
        sheets = [cuts_of(pdf.pages[n - 1], marks.tile, hexagon) for n in marks.tile_pages]
        tiles = sum(len(kit_ids(pdf.pages[n - 1].extract_words(keep_blank_chars=True))) for n in marks.tile_pages)
    return request.param, sheets, tiles


@pytest.mark.default_cases(1)
def test_every_tile_sheet_of_a_class_set_cuts_as_one_stack(class_set):
    game, sheets, tiles = class_set
    assert len(sheets) >= 2, f"{game}: a class set of {KITS} kits fills more than one sheet"
    first = sheets[0]
    assert len(first) >= 12, f"{game}: the first tile sheet's cuts are found"
    full = [s for s in sheets if len(s) == len(first)]
    # every full sheet cuts exactly where the first does; a shorter last sheet, only where it does
    assert all(s == first for s in full), f"{game}: full tile sheets cut in different places"
    for number, sheet in enumerate(sheets, start=1):
        assert sheet <= first, (f"{game}: tile sheet {number} has cuts the first has not: "
                                f"{sorted(sheet - first)[:3]}")
    assert len(full) >= len(sheets) - 1, f"{game}: only the last tile sheet may be short"


def test_the_stack_holds_every_tile_of_every_kit(class_set):
    from papergame.data.games import load_definition
    from papergame.layout.pieces import tile_list

    game, _, tiles = class_set
    assert tiles == KITS * len(tile_list(load_definition(game.split(" (")[0])))


def test_print_shop_sheets_of_a_class_set_cut_as_one_stack_too():
    """Tiles in gutters: every sheet's cuts where the first's are (fold-over sheets: test_tile_backs)."""
    pdfs = kit_pdfs(options=KitOptions(kits=6, only=("tiles",), print_shop=True))  # 6 kits fill 4 sheets or more
    with pdfplumber.open(io.BytesIO(pdfs.kit)) as pdf:
        marks = read_keywords(pdf.metadata["Keywords"])
        sheets = [cuts_of(pdf.pages[n - 1], marks.tile, False) for n in marks.tile_pages]
    assert len(sheets) >= 4
    assert all(sheet == sheets[0] for sheet in sheets[:-1]) and sheets[-1] <= sheets[0]
