"""The cutting table: what a guillotine, a trimmer and scissors meet on the tile sheets, measured from the PDF."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from covering import sweep

from papergame.cli import main
from papergame.layout.tokens import token_radius
from pdfmeasure import mm, open_pdf, page_text

MARK_LEN = 4.5  # a crop mark's length (layout/pieces.py)
SEAM_MARK = 5.0  # the straight side of a split board's half-triangle at each end of a seam, on the seam's line


def build(tmp_path, *args, name="kit.pdf"):
    out = tmp_path / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), "--host-key", "omit", *args])
    assert result.exit_code == 0, result.output
    return out


def through_cuts(page, tile: float, seams: bool = True) -> tuple[set[float], set[float]]:
    """The x of every vertical and the y of every horizontal straight cut of the square tiles on a page, in mm:
    the sides of every tile's outline and the lines of the crop marks, each of which a ruler (or a guillotine)
    carries on to the paper's edges."""
    xs: set[float] = set()
    ys: set[float] = set()
    for r in page.rects:
        if abs(mm(r["width"]) - tile) <= 0.01 and abs(mm(r["height"]) - tile) <= 0.01:
            xs |= {round(mm(r["x0"]), 2), round(mm(r["x1"]), 2)}
            ys |= {round(mm(r["top"]), 2), round(mm(r["bottom"]), 2)}
    for line in page.lines:
        w, h = mm(line["x1"] - line["x0"]), mm(line["bottom"] - line["top"])
        if abs(h - MARK_LEN) <= 0.01 and w < 0.01:
            xs.add(round(mm(line["x0"]), 2))
        if abs(w - MARK_LEN) <= 0.01 and h < 0.01:
            ys.add(round(mm(line["top"]), 2))
    seam_xs, seam_ys = seam_cuts(page) if seams else (set(), set())
    return xs | seam_xs, ys | seam_ys


def seam_cuts(page) -> tuple[set[float], set[float]]:
    """The cuts along a split board's seams, which run on past the seam's half-triangles to the paper's edge:
    the line of each black half-triangle's straight side (5 mm, on the seam), and each overlap strip's dashed
    outer line (the strip is trimmed along it). x of the vertical ones, y of the horizontal ones, mm."""
    xs: set[float] = set()
    ys: set[float] = set()
    for c in page.curves:
        pts = list(dict.fromkeys((round(mm(x), 2), round(mm(y), 2)) for x, y in c["pts"]))
        if not c.get("fill") or len(pts) != 3:
            continue
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            if abs(x0 - x1) < 0.01 and abs(abs(y0 - y1) - SEAM_MARK) < 0.05:
                xs.add(x0)
            if abs(y0 - y1) < 0.01 and abs(abs(x0 - x1) - SEAM_MARK) < 0.05:
                ys.add(y0)
    for line in page.lines:
        w, h = mm(line["x1"] - line["x0"]), mm(line["bottom"] - line["top"])
        if not (line.get("dash") and line["dash"][0]) or max(w, h) < 10:
            continue
        if w < 0.01:
            xs.add(round(mm(line["x0"]), 2))
        if h < 0.01:
            ys.add(round(mm(line["top"]), 2))
    return xs, ys


def token_discs(page, tile: float) -> list[tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom; mm, top-down) of every token's outer disc: outlined white discs as
    wide as a token (a start mark on the board is a disc with no outline)."""
    across = 2 * token_radius(tile)
    out = []
    for c in page.curves:
        if not (c.get("stroke") and c.get("fill")):
            continue
        w, h = mm(c["x1"] - c["x0"]), mm(c["bottom"] - c["top"])
        if abs(w - h) < 0.05 and across - 0.05 <= w <= across + 0.6:
            out.append((mm(c["x0"]), mm(c["top"]), mm(c["x1"]), mm(c["bottom"])))
    return out


def tokens_off(page, number: int, tile: float, xs: set[float], ys: set[float], clear: float, cut: str) -> int:
    """How many tokens the page holds, each asserted clear (by `clear` mm) of every line in `xs` and `ys`."""
    discs = token_discs(page, tile)
    for left, top, right, bottom in discs:
        on_x = [x for x in xs if left - clear < x < right + clear]
        on_y = [y for y in ys if top - clear < y < bottom + clear]
        assert not on_x and not on_y, (f"page {number}: token at x {left:.1f}–{right:.1f}, y {top:.1f}–"
                                       f"{bottom:.1f} mm lies on the line of {cut} at x {on_x}, y {on_y}")
    return len(discs)


def tokens_off_cut_lines(path, tile: float, clear: float = 1.0) -> int:
    """Assert that no token lies within `clear` mm of the line of a cut; returns how many tokens were checked."""
    seen = 0
    with open_pdf(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            xs, ys = through_cuts(page, tile)
            if not xs and not ys:
                continue
            seen += tokens_off(page, number, tile, xs, ys, clear, "a cut")
    return seen


# every game and every option by default (tokens follows from the game); the rest under -m matrix
@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, args, tokens", sweep([
    ("edge-port-path-tiles", [], 6),
    ("edge-port-path-tiles", ["--paper", "letter"], 6),
    ("shared-path", [], 3),
    ("shared-path", ["--paper", "letter"], 3),
    ("edge-port-path-tiles", ["--tile-size", "20"], 6),
    ("edge-port-path-tiles", ["--tile-size", "60"], 6),
    ("eight-port-path-tiles", [], 6),
    ("eight-port-path-tiles", ["--tile-size", "60"], 6),
    ("eight-port-path-tiles", ["--tile-size", "20"], 6),
], axes=(0, 1), pairs=False))
def test_no_token_on_the_line_of_a_straight_cut(tmp_path, game, args, tokens):
    """Square tile sheets: a guillotine or a trimmer may cut the columns first; no token stands on their lines
    (nor on the rows'), on any sheet that has tiles. Measured from the tiles' outlines and crop marks."""
    tile = 35.0
    if "--tile-size" in args:
        tile = float(args[args.index("--tile-size") + 1])
    out = build(tmp_path, "--game", game, "--only", "board,tiles,tokens", *args)
    assert tokens_off_cut_lines(out, tile) == tokens


@pytest.mark.parametrize("game, args, tokens", [
    ("edge-port-path-tiles", [], 12),
    ("edge-port-path-tiles", ["--paper", "letter"], 12),
])
def test_no_class_set_token_on_the_line_of_a_straight_cut(tmp_path, game, args, tokens):
    """A class set's blocks of numbered tokens on its last tile sheet: none on the line of a column cut (each
    token centred between two), though a kit's row of three is wider than a column. `--kits 2`: the blocks
    stood on x = 17.5 and 52.5 mm before (Letter 20.45, 55.45; shared-path 17.5 to 122.5)."""
    out = build(tmp_path, "--game", game, "--kits", "2", "--only", "tiles,tokens", *args)
    assert tokens_off_cut_lines(out, 35.0, clear=1.5) == tokens


def test_the_measure_finds_a_token_on_a_cut(tmp_path):
    """The check above can fail: a token drawn across a tile's outline is found."""
    from reportlab.lib.units import mm as MM
    from reportlab.pdfgen import canvas

    path = tmp_path / "bad.pdf"
    c = canvas.Canvas(str(path), invariant=1)
    c.rect(20 * MM, 100 * MM, 35 * MM, 35 * MM)
    c.setFillGray(1.0)
    c.circle(55 * MM, 80 * MM, 8 * MM, stroke=1, fill=1)
    c.save()
    with pytest.raises(AssertionError, match="lies on the line of a cut at x"):
        tokens_off_cut_lines(path, 35.0)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, lang, words", [
    ("eight-port-path-tiles", "en", ("Cut in this order. 1: the long cuts across the sheet", "2: each strip into tiles")),
    ("hexagon-path-tiles", "en", ("Cut in this order. 1: each zigzag, from mark to mark.", "2: each strip into tiles")),
    ("edge-port-path-tiles", "de", ("Schneide der Reihe nach. 1: die langen Schnitte", "2: jeden Streifen")),
])
def test_every_tile_sheet_gives_the_cut_order(tmp_path, game, lang, words):
    """The numbered cut order on every sheet that has tiles, the continued ones too."""
    out = build(tmp_path, "--game", game, "--lang", lang, "--only", "tiles", "--tile-size", "60")
    with open_pdf(out) as pdf:
        assert len(pdf.pages) >= 2
        for page in pdf.pages:
            text = " ".join(page_text(page).split())
            assert all(w in text for w in words), text[:300]


@pytest.mark.parametrize("size, args, line", [
    ("20", [], "Warning: at 20 mm, 8 of the 35 tile types have no room for their numbers at 9 pt clear of the lines "
               "(1 of them print over a line, which gets hard to follow); --tile-size 26 would do."),
    ("25", [], "Warning: at 25 mm, 2 of the 35 tile types have no room for their numbers at 9 pt clear of the lines, "
               "so they print smaller and get hard to read; --tile-size 26 would do."),
    ("25", ["--kit", "15"], "Warning: at 25 mm, 8 of the 35 tile types have no room for their numbers at 9 pt clear "
                            "of the lines, so they print smaller and get hard to read; --tile-size 28 would do."),
])
def test_build_warns_in_one_line_when_tiles_are_too_small_for_their_lines(tmp_path, size, args, line):
    """Eight-port tiles at 20 and 25 mm: some types have no room for their numbers at 9 pt clear of the lines; one
    line on stderr says so and what size would do (not an error: the kit is written); kit 15's wider ids need more.
    None at 35 mm, none for the edge-port game at 20 mm. (Before: no warning at 25 mm, where 13 ids printed under
    9 pt; at 20 mm it counted only the types over a line and named 21 mm, where 23 ids were under 9 pt. It counted 4
    types over a line where 3 are inked over one: see test_tile_art's warning test.)"""
    runner = CliRunner()
    out = tmp_path / "kit.pdf"
    result = runner.invoke(main, ["build", "-o", str(out), "--game", "eight-port-path-tiles", "--tile-size", size,
                                  "--only", "tiles", *args])
    assert result.exit_code == 0 and out.exists()
    assert result.stderr.splitlines() == [line]
    for args in (["--game", "eight-port-path-tiles"], ["--tile-size", "20"]):
        result = runner.invoke(main, ["build", "-o", str(out), "--only", "tiles", *args])
        assert result.exit_code == 0 and result.stderr == ""


def test_the_library_decides_which_size_would_do():
    from papergame.build import tile_room
    from papergame.options import KitOptions

    room = tile_room("eight-port-path-tiles", KitOptions(tile=20.0))
    # since the search for legible crossings (issue 19) redrew eight-port 21, 31, 32 and 35: 8 crowded (14, 21, 27, 28, 30, 31,
    # 33, 34), 1 over a line (28; was 9 and 4: 28, 31, 32, 35)
    assert room is not None and (room.tile, room.roomy, room.crowded, room.types, room.over) == (20.0, 26.0, 8, 35, 1)
    assert tile_room("eight-port-path-tiles", KitOptions(tile=26.0)) is None
    room = tile_room("eight-port-path-tiles", KitOptions(tile=25.0, kits=15), "de")  # S15 · 3·1 (kits 1-9: S7 · 3·1)
    assert room is not None and (room.roomy, room.crowded, room.over) == (28.0, 8, 0)
    room = tile_room("eight-port-path-tiles", KitOptions(tile=20.0, clear_print=True))  # 12 pt labels: none smaller
    # all 24 crowded types' labels stand where they hide the least of the lines; 22 of them are inked over one (the PDF's
    # count, test_tile_art), the other 2 miss the ink between the blocked cells of the room's grid
    assert room is not None and (room.crowded, room.over) == (24, 22)
    assert tile_room("eight-port-path-tiles", KitOptions(tile=20.0, tiles="1x1")) is None  # type 1 has room


def test_lines_bleed_past_the_edge_only_where_no_tile_lies_across(tmp_path):
    """Edge-port tiles, A4: every line that meets a side with no tile across it (the block's outside and the
    empty slots beside a short last row) goes on 1.5 mm past the edge, so a cut a little outside leaves no
    white notch; none pokes into a neighbouring tile. 18 tiles in rows of 5, 5, 5, 3: 18 such sides."""
    out = build(tmp_path, "--only", "tiles")
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        tiles = [(mm(r["x0"]), mm(r["top"]), mm(r["x1"]), mm(r["bottom"])) for r in page.rects
                 if abs(mm(r["width"]) - 35) <= 0.01 and abs(mm(r["height"]) - 35) <= 0.01]
        assert len(tiles) == 18

        def inside(x, y):
            return any(a - 1e-6 <= x <= c + 1e-6 and b - 1e-6 <= y <= d + 1e-6 for a, b, c, d in tiles)

        stubs = set()
        for c in page.curves:
            x0, top, x1, bottom = mm(c["x0"]), mm(c["top"]), mm(c["x1"]), mm(c["bottom"])
            if c["linewidth"] * 25.4 / 72 < 0.9:
                continue
            x, y = (x0 + x1) / 2, (top + bottom) / 2
            if not inside(x, y):  # a stroke standing outside every tile: a bleed, 1.5 mm long, off an edge
                assert abs(max(x1 - x0, bottom - top) - 1.5) < 0.02 and min(x1 - x0, bottom - top) < 0.02
                stubs.add((round(x, 1), round(y, 1)))
        assert len(stubs) == 18


@pytest.mark.parametrize("ink", ["normal", "low"])
def test_tokens_go_with_the_tiles_when_the_tile_sheet_has_room(tmp_path, ink):
    """Hexagon tiles at 20 mm fill the top of their sheet; the tokens go under them (cut with the tiles, the
    board's sheet left whole), not under the board as before. The kit keeps its 4 sheets (then the guide)."""
    out = build(tmp_path, "--game", "hexagon-path-tiles", "--tile-size", "20", "--ink", ink)
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 5 and "Teacher" in page_text(pdf.pages[4])
        discs = [len(token_discs(page, 20.0)) for page in pdf.pages[:2]]
        assert "Tiles and tokens" in page_text(pdf.pages[1])
    assert discs == [0, 6]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, args, sheets, beside", [
    ("eight-port-path-tiles", [], 3, 5),  # the last row, 31 to 35, beside part 2 (was a sheet of its own)
    ("eight-port-path-tiles", ["--lang", "uk", "--paper", "letter"], 3, 5),
    ("shared-path", ["--tile-size", "50"], 6, 3),  # the last row of 50 mm tiles below part 1
])
def test_a_short_last_part_of_the_tiles_goes_beside_the_board(tmp_path, game, args, sheets, beside):
    """Tiles that would start a sheet for a short last part of the set go beside the board (or a part of it)
    instead, off its drawing: no straight cut of theirs runs over the board (measured from the tile outlines
    and crop marks against the board's port ticks and names), a line above them says to cut them off first,
    and every tile of the set is printed once."""
    tile = float(args[args.index("--tile-size") + 1]) if "--tile-size" in args else 35.0
    out = build(tmp_path, "--game", game, "--only", "board,tiles,tokens", *args)
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == sheets
        tiles = [sum(1 for r in page.rects if abs(mm(r["width"]) - tile) <= 0.01 and abs(mm(r["height"]) - tile)
                     <= 0.01) for page in pdf.pages]
        from papergame.data.games import load_definition
        from papergame.data.templates import builtin_path
        assert sum(tiles) == sum(t.copies for t in load_definition(builtin_path(game)).tiles)
        boards = [page for page in pdf.pages if "Board" in page_text(page) or "Поле" in page_text(page)]
        with_tiles = [(page, n) for page, n in zip(pdf.pages, tiles) if page in boards and n]
        assert [n for _, n in with_tiles] == [beside]
        page = with_tiles[0][0]
        xs, ys = through_cuts(page, tile, seams=False)  # the tiles' own cuts
        grid = [ln for ln in page.lines if max(mm(ln["x1"] - ln["x0"]), mm(ln["bottom"] - ln["top"])) >= 2 * tile - 0.1]
        assert grid  # the board's lines: the rules between its cells, each as long as the board is
        left, right = min(mm(ln["x0"]) for ln in grid), max(mm(ln["x1"]) for ln in grid)
        top, bottom = min(mm(ln["top"]) for ln in grid), max(mm(ln["bottom"]) for ln in grid)
        across = [x for x in xs if left + 1 < x < right - 1]  # a cut down through the board
        down = [y for y in ys if top + 1 < y < bottom - 1]  # ... or across it
        assert not across or not down, (across, down)
        # the cut that runs past the board is the one to make last: a line above the tiles says to cut them off
        assert "first" in page_text(page) or "Спершу" in page_text(page)
    assert tokens_off_cut_lines(out, tile) == (6 if game != "shared-path" else 3)


def test_the_measure_finds_a_token_on_a_seam_cut(tmp_path):
    """The seam cuts are read from the drawing: a token on the line of a half-triangle's straight side (a seam
    carried on to the paper's edge) is found."""
    from reportlab.lib.units import mm as MM
    from reportlab.pdfgen import canvas

    path = tmp_path / "bad.pdf"
    c = canvas.Canvas(str(path), invariant=1)
    p = c.beginPath()
    p.moveTo(50 * MM, 250 * MM)
    p.lineTo(50 * MM, 255 * MM)
    p.lineTo(52.25 * MM, 255 * MM)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillGray(1.0)
    c.circle(50 * MM, 150 * MM, 8 * MM, stroke=1, fill=1)
    c.save()
    with open_pdf(path) as pdf:
        assert seam_cuts(pdf.pages[0]) == ({50.0}, set())
    with pytest.raises(AssertionError, match="lies on the line of a cut at x"):
        tokens_off_cut_lines(path, 35.0)


def stack_tokens_off_cuts(path, tile: float, clear: float = 1.5) -> int:
    """Assert that on every tile sheet of a stacked class set no token lies within `clear` mm of the line of a cut
    the stack carries through it: the first sheet's row and column cuts (a guillotine cuts the whole stack at
    once) and the sheet's own. Returns how many tokens were checked."""
    seen = 0
    with open_pdf(path) as pdf:
        first = None
        for number, page in enumerate(pdf.pages, 1):
            if not any(abs(mm(r["width"]) - tile) <= 0.01 for r in page.rects):
                continue  # no tiles: not in the stack (a sheet of tokens, cut on its own)
            xs, ys = through_cuts(page, tile, seams=False)
            first = first or (xs, ys)
            xs, ys = xs | first[0], ys | first[1]
            seen += tokens_off(page, number, tile, xs, ys, clear, "a stack's cut")
    return seen


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, args, tokens", [
    ("edge-port-path-tiles", ["--kits", "2"], 12),
    ("edge-port-path-tiles", ["--kits", "2", "--paper", "letter"], 12),
    ("eight-port-path-tiles", ["--kits", "3"], 12),  # two kits' blocks on the last tile sheet, one on a sheet of its own
    ("shared-path", ["--kits", "15"], 15),  # the markers of 5 kits; `--kits 2`: on a sheet of their own (the room
    # under the last tiles has one band of 17.5 mm between the stack's row cuts: a kit's row of markers needs 21)
])
def test_no_class_set_token_on_a_stack_cut(tmp_path, game, args, tokens):
    """A class set's tile sheets are cut as one stack: the first sheet's row cuts run on across the last sheet's
    room below its fewer rows, where the kits' tokens lie. Every token there stands between two of them (and
    between two column cuts). `--kits 2`: 8 of 12 tokens lay on a row cut before."""
    out = build(tmp_path, "--game", game, "--only", "tiles,tokens", *args)
    assert stack_tokens_off_cuts(out, 35.0) == tokens
