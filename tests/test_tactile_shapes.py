"""`build --tactile` for the hexagon and eight-port games, measured from their PDFs as the square kit is
(test_tactile.py).

Three lines a hexagon tile (one a triple crossing in the middle), four a tile with two ports a side:
the tiles are as large as their braille type numbers need to stand 6.4 mm clear of every line and of
the edge, found by trying whole sizes from 50 mm (hexagon 70 mm across the flats, eight-port 94 mm).
Read back from each file: pure black, the tiles' size, the braille, the 6.4 mm between the lines of a
tile (each line's pieces found as the marks nearer than 6.4 mm to each other), the board's labels.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.braille import STANDARD, coordinate, unicode_braille
from papergame.build import kit_pdfs
from papergame.cli import main
from papergame.data.games import load_definition
from papergame.layout.tile_paths import drawing
from papergame.options import KitOptions
from papergame.printmarks import read_keywords
from pdfmeasure import segment_distance
from test_tactile import APART, MM, TOL, apart, centre, colour_operands, flatten, inks, read_braille

SIZES = {"hexagon-path-tiles": 70.0, "eight-port-path-tiles": 94.0}  # the smallest whole sizes from 50 that do
GAMES = list(SIZES)


@lru_cache(maxsize=None)
def kit(game: str) -> bytes:
    """The swell sheets alone (the rules pages' pictures of eight-port tiles cost the most to lay out)."""
    return kit_pdfs(game, options=KitOptions(tactile=True, only=("board", "tiles", "tokens"))).kit


def pdf(game: str):
    return pdfplumber.open(io.BytesIO(kit(game)))


def marks_of_pdf(game: str):
    with pdf(game) as doc:
        return read_keywords(doc.metadata["Keywords"])


def outlines(page) -> list[list[tuple[float, float]]]:
    """The tiles' thin outlines (0.5 mm) on a page: hexagons' closed paths or squares, corners in mm (y down)."""
    out = [flatten(c) for c in page.curves if abs(c["linewidth"] * MM - 0.5) < 0.01]
    for r in page.rects:
        if abs(r["linewidth"] * MM - 0.5) < 0.01 and r["stroke"]:
            x0, y0, x1, y1 = r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM
            out.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
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
def tiles(game: str) -> list[tuple[list, list]]:
    """Each tile's outline with the raised marks inside it, in the order they print."""
    marks = marks_of_pdf(game)
    out = []
    with pdf(game) as doc:
        for n in marks.tile_pages:
            page = doc.pages[n - 1]
            found = [m for m in inks(page) if m.kind != "edge"]
            for polygon in sorted(outlines(page), key=lambda p: (round(min(y for _, y in p)), min(x for x, _ in p))):
                out.append((polygon, [m for m in found if contains(polygon, centre(m))]))
    return out


def line_of(mark, lines) -> int:
    """Which of a tile's lines (centre lines in mm) a mark lies on: the one its own centre line (a dash's,
    or a dot's centre) keeps nearest all along, within its half width."""
    points = mark.centre_line if mark.kind == "line" else [centre(mark)]
    far = [max(min(segment_distance(p, a, b) for a, b in zip(line, line[1:])) for p in points) for line in lines]
    best = min(range(len(lines)), key=far.__getitem__)
    assert far[best] < 1.2, f"a mark at {centre(mark)} lies on none of the tile's lines"
    return best


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", GAMES)
def test_the_tiles_are_as_large_as_their_braille_needs(game):
    marks = marks_of_pdf(game)
    definition = load_definition(game)
    assert marks.tile == SIZES[game] >= 50
    shapes = tiles(game)
    assert len(shapes) == sum(t.copies for t in definition.tiles)
    for polygon, _ in shapes:
        ys, xs = [y for _, y in polygon], [x for x, _ in polygon]
        assert max(ys) - min(ys) == pytest.approx(SIZES[game], abs=TOL)  # across the flats, or a square's side
        assert max(xs) - min(xs) == pytest.approx(SIZES[game] * definition.shape.width, abs=TOL)


@pytest.mark.parametrize("game", GAMES)
def test_the_swell_sheets_set_black_and_white_only(game, tmp_path):
    path = tmp_path / "kit.pdf"
    path.write_bytes(kit(game))
    found = colour_operands(path, range(max(marks_of_pdf(game).tile_pages)))
    assert {op for op, _ in found} <= {"g", "G"} and {v for _, v in found} <= {(0.0,), (1.0,)}


@pytest.mark.parametrize("game", GAMES)
def test_each_tile_carries_its_type_number_in_braille_clear_of_its_lines_and_edge(game):
    definition = load_definition(game)
    expected = [t.id for t in definition.tiles for _ in range(t.copies)]
    read = []
    for polygon, marks in tiles(game):
        dots = [m for m in marks if m.kind == "dot"]
        assert all(abs((d.box[2] - d.box[0]) - STANDARD.diameter) <= 0.1 for d in dots)
        read.append(unicode_braille(read_braille([centre(d) for d in dots])[0]))
        lines = [m for m in marks if m.kind in ("line", "disc")]
        for dot in dots:
            assert min(apart(dot, line) for line in lines) >= APART - TOL
            assert edge_distance(polygon, centre(dot)) - STANDARD.diameter / 2 - 0.25 >= APART - TOL
    assert read == [unicode_braille(coordinate(str(t))) for t in expected]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", GAMES)
def test_the_lines_of_a_tile_are_told_apart_by_type_and_stand_6_4_mm_apart(game):
    """Each mark is put on the tile line (from the rules engine's drawing) it lies on; then every mark of one
    line is 6.4 mm from every mark of another, crossings included (the later line stops short there)."""
    definition = load_definition(game)
    size = SIZES[game]
    types = [t for t in definition.tiles for _ in range(t.copies)]
    for (polygon, marks), tile in zip(tiles(game), types):
        x0, y1 = min(x for x, _ in polygon), max(y for _, y in polygon)
        d = drawing(definition.shape, tuple(tuple(p) for p in tile.pairs))
        lines = [[(x0 + p.x * size, y1 - p.y * size) for p in line] for line in d.polylines]
        pieces = [m for m in marks if m.kind in ("line", "disc")]
        on = [line_of(m, lines) for m in pieces]
        kinds = [{m.kind for m, i in zip(pieces, on) if i == k} for k in range(len(lines))]
        # solid and dashed are lines, dotted discs, dash-dot both: no two lines of a tile of one type
        assert kinds[:3] == [{"line"}, {"line"}, {"disc"}][:len(lines)] and kinds[3:] in ([], [{"line", "disc"}])
        solid = [m for m, i in zip(pieces, on) if i == 0]
        assert len(solid) == 1  # the first line runs unbroken
        for a, i in zip(pieces, on):
            for b, k in zip(pieces, on):
                if i < k:
                    assert apart(a, b) >= APART - TOL, (tile.id, i, k)


@pytest.mark.parametrize("game", GAMES)
def test_the_board_is_labelled_in_braille_clear_of_its_grid(game):
    board = load_definition(game).board
    marks = marks_of_pdf(game)
    columns, rows = set(), set()
    with pdf(game) as doc:
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
    result = CliRunner().invoke(main, ["build", "--tactile", "--game", "hexagon-path-tiles", "--tile-size", "60",
                                       "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --tile-size: 60 mm is too small for this game's tactile tiles: their braille type numbers need "
        "70 mm to stand 6.4 mm clear of the lines: leave tile-size out and the kit takes 70 mm"]
    assert not list(tmp_path.iterdir())


def test_tiles_with_more_lines_than_five_line_types_allow_are_refused():
    from papergame.errors import OptionError
    from papergame.layout.tactile_kit import check_shape
    from papergame.model.geometry import TileShape, standard_ports

    check_shape(TileShape(*standard_ports("square", 2)))  # four lines a tile: solid, dashed, dotted, dash-dot
    with pytest.raises(OptionError, match="this game's squares with 3 ports a side have 6 lines a tile"):
        check_shape(TileShape(*standard_ports("square", 3)))
