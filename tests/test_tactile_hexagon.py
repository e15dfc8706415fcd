"""`build --tactile` for the hexagon game, measured from its PDF as the square kit is (test_tactile.py).

Three lines a hexagon tile, one of them a triple crossing in the middle: the tiles are as large as
their braille type numbers need to stand 6.4 mm clear of every line and of the edge (71 mm across
the flats, found by trying whole sizes from 50 mm). Read back from the file: pure black, the tiles'
size, the braille, the 6.4 mm between the three line types, the board's braille labels.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

import pdfplumber
from click.testing import CliRunner

from papergame.braille import STANDARD, coordinate, unicode_braille
from papergame.build import kit_pdfs
from papergame.cli import main
from papergame.data.games import load_definition
from papergame.options import KitOptions
from papergame.printmarks import read_keywords
from test_tactile import APART, MM, TOL, apart, centre, colour_operands, flatten, inks, read_braille, segment_distance

GAME = "hexagon-path-tiles"
SIZE = 71.0  # mm across the flats: the smallest whole size from 50 at which every type's braille has room


@lru_cache(maxsize=None)
def kit() -> bytes:
    return kit_pdfs(GAME, options=KitOptions(tactile=True)).kit


def pdf():
    return pdfplumber.open(io.BytesIO(kit()))


def marks_of_pdf():
    with pdf() as doc:
        return read_keywords(doc.metadata["Keywords"])


def hexagons(page) -> list[list[tuple[float, float]]]:
    """The tiles' thin outlines (0.5 mm) on a page: closed six-sided paths, corners in mm (y down)."""
    out = []
    for c in page.curves:
        if abs(c["linewidth"] * MM - 0.5) < 0.01:
            points = flatten(c)
            out.append(points)
    return out


def across_flats(points) -> float:
    ys = [y for _, y in points]
    return max(ys) - min(ys)


def contains(polygon, p) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def edge_distance(polygon, p) -> float:
    return min(segment_distance(p, a, b) for a, b in zip(polygon, polygon[1:] + polygon[:1]))


@lru_cache(maxsize=None)
def tiles() -> list[tuple[list, list]]:
    """Each tile's outline with the raised marks inside it, in the order they print."""
    marks = marks_of_pdf()
    out = []
    with pdf() as doc:
        for n in marks.tile_pages:
            page = doc.pages[n - 1]
            found = [m for m in inks(page) if m.kind != "edge"]
            for polygon in sorted(hexagons(page), key=lambda p: (round(min(y for _, y in p)), min(x for x, _ in p))):
                out.append((polygon, [m for m in found if contains(polygon, centre(m))]))
    return out


def test_the_hexagon_kit_is_pure_black_and_its_tiles_are_as_large_as_their_braille_needs():
    marks = marks_of_pdf()
    assert marks.tile == SIZE and marks.across_flats
    definition = load_definition(GAME)
    shapes = tiles()
    assert len(shapes) == sum(t.copies for t in definition.tiles) == 25
    assert all(abs(across_flats(p) - SIZE) <= TOL for p, _ in shapes)
    assert SIZE >= 50


def test_the_swell_sheets_set_black_and_white_only(tmp_path):
    path = tmp_path / "hex.pdf"
    path.write_bytes(kit())
    found = colour_operands(path, range(max(marks_of_pdf().tile_pages)))
    assert {op for op, _ in found} <= {"g", "G"} and {v for _, v in found} <= {(0.0,), (1.0,)}


def test_each_hexagon_tile_carries_its_type_number_in_braille_clear_of_its_lines_and_edge():
    definition = load_definition(GAME)
    expected = [t.id for t in definition.tiles for _ in range(t.copies)]
    read = []
    for polygon, marks in tiles():
        dots = [m for m in marks if m.kind == "dot"]
        assert all(abs((d.box[2] - d.box[0]) - STANDARD.diameter) <= 0.1 for d in dots)
        read.append(unicode_braille(read_braille([centre(d) for d in dots])[0]))
        lines = [m for m in marks if m.kind in ("line", "disc")]
        for dot in dots:
            assert min(apart(dot, line) for line in lines) >= APART - TOL
            assert edge_distance(polygon, centre(dot)) - STANDARD.diameter / 2 - 0.25 >= APART - TOL
    assert read == [unicode_braille(coordinate(str(t))) for t in expected]


def test_the_three_lines_of_a_tile_are_solid_dashed_and_dotted_and_6_4_mm_apart():
    for polygon, marks in tiles():
        pieces = [m for m in marks if m.kind == "line"]
        solid = [m for m in pieces if sum(math.dist(a, b) for a, b in zip(m.centre_line, m.centre_line[1:])) > 20]
        dashes = [m for m in pieces if m not in solid]
        dotted = [m for m in marks if m.kind == "disc"]
        assert len(solid) == 1 and len(dashes) >= 3 and len(dotted) >= 4, (len(solid), len(dashes), len(dotted))
        # where a finger tells the lines apart: every piece of one line 6.4 mm from every piece of another
        # (the dashed line stops short of the solid one, the dotted of both, where they cross)
        for one, others in ((solid, dashes + dotted), (dashes, dotted)):
            for a in one:
                for b in others:
                    assert apart(a, b) >= APART - TOL


def test_the_hexagon_board_is_labelled_in_braille_clear_of_its_grid():
    board = load_definition(GAME).board
    marks = marks_of_pdf()
    columns, rows = set(), set()
    with pdf() as doc:
        for n in marks.board_pages:
            page = doc.pages[n - 1]
            found = inks(page)
            grid = [m for m in found if m.kind == "edge"]
            dots = [m for m in found if m.kind == "dot"]
            assert grid and dots
            for dot in dots:
                assert min(apart(dot, g) for g in grid) >= APART - TOL
            left, right = min(g.box[0] for g in grid), max(g.box[2] for g in grid)
            groups: list[list] = []  # a label's dots lie within 7 mm of another of its dots
            for d in sorted(dots, key=centre):
                near = next((g for g in groups if min(math.dist(centre(d), centre(e)) for e in g) < 7), None)
                (near.append(d) if near else groups.append([d]))
            for g in groups:
                text = unicode_braille(read_braille([centre(d) for d in g])[0])
                x = centre(g[0])[0]  # a column's letter stands over or under it; a row's number beside the grid
                (columns if left < x < right else rows).add(text)
    assert columns == {unicode_braille(coordinate(c)) for c in board.columns}
    assert rows == {unicode_braille(coordinate(r)) for r in board.rows}


def test_a_tile_size_too_small_for_the_braille_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["build", "--tactile", "--game", GAME, "--tile-size", "60",
                                       "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --tile-size: 60 mm is too small for this game's tactile tiles: their braille type numbers need "
        "71 mm to stand 6.4 mm clear of the lines: leave tile-size out and the kit takes 71 mm"]
    assert not list(tmp_path.iterdir())
