"""The kit PDF, opened and measured: sizes in mm from the drawing data, text, a 300 dpi render."""

from __future__ import annotations

import hashlib

import pypdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.model.answers import first_moves
from papergame.model.rules import Game
from papergame.data.games import load_definition
from pdfmeasure import (bars, content_box, content_extent, grid_spacings, mm, open_pdf, page_text, squares)

PAGES = ["board", "tiles", "rules", "record", "host-key"]


def build(tmp_path_factory, *args, name="kit.pdf"):
    folder = tmp_path_factory.mktemp("kit")
    out = folder / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return build(tmp_path_factory)


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory):
    return build(tmp_path_factory, "--paper", "letter")


@pytest.fixture(scope="module")
def kit30(tmp_path_factory):
    return build(tmp_path_factory, "--tile-size", "30")


def host_file(kit):
    """The host's file `build` writes beside the players' by default: `kit.pdf` -> `kit-host-key.pdf`."""
    return kit.with_name(f"{kit.stem}-host-key.pdf")


def test_the_kit_has_its_six_pages_in_order_four_for_the_players_and_two_for_the_host(kit):
    with open_pdf(kit) as pdf, open_pdf(host_file(kit)) as host:
        players = [page_text(p).splitlines()[0] for p in pdf.pages]
        hosts = [page_text(p).splitlines()[0] for p in host.pages]
    assert players == ["Board", "Tiles and tokens", "How to play", "Player record"]
    assert hosts == ["Host key", "Teacher's guide"]
    assert sorted(p.name for p in kit.parent.iterdir()) == ["kit-host-key.pdf", "kit.pdf"]


def test_with_host_key_page_the_kit_is_one_file_of_six_pages(tmp_path_factory):
    out = build(tmp_path_factory, "--host-key", "page")
    with open_pdf(out) as pdf:
        titles = [page_text(p).splitlines()[0] for p in pdf.pages]
    assert titles == ["Board", "Tiles and tokens", "How to play", "Player record", "Host key", "Teacher's guide"]
    assert [p.name for p in out.parent.iterdir()] == ["kit.pdf"]


@pytest.mark.parametrize("fixture,paper,size", [("kit", "a4", 35.0), ("letter_kit", "letter", 35.0),
                                                ("kit30", "a4", 30.0)])
def test_board_cells_and_tiles_measure_the_tile_size(request, fixture, paper, size):
    path = request.getfixturevalue(fixture)
    with open_pdf(path) as pdf:
        board, tiles = pdf.pages[0], pdf.pages[1]
        expected_w, expected_h = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
        assert mm(board.width) == pytest.approx(expected_w, abs=0.01)
        assert mm(board.height) == pytest.approx(expected_h, abs=0.01)
        across, down = grid_spacings(board, 5 * size)
        assert len(across) == 5 and len(down) == 5
        for gap in across + down:
            assert gap == pytest.approx(size, abs=0.01)
        assert len(squares(tiles, size)) == 18


def test_every_tile_carries_its_id(kit):
    with open_pdf(kit) as pdf:
        words = {w["text"] for w in pdf.pages[1].extract_words()}
    ids = {f"{t}·{c}" for t in (1, 2, 3) for c in range(1, 7)}
    assert ids <= words


@pytest.mark.parametrize("fixture,size", [("kit", 35.0), ("kit30", 30.0)])
def test_every_tile_id_lies_inside_its_own_tile(request, fixture, size):
    """Cut out, each tile keeps its whole id: no id may cross a cut line."""
    with open_pdf(request.getfixturevalue(fixture)) as pdf:
        page = pdf.pages[1]
        tiles = squares(page, size)
        ids = [w for w in page.extract_words() if "·" in w["text"]]
        assert len(ids) == 18
        for word in ids:
            inside = [t for t in tiles if t["x0"] + 0.5 <= word["x0"] and word["x1"] <= t["x1"] - 0.5
                      and t["top"] + 0.5 <= word["top"] and word["bottom"] <= t["bottom"] - 0.5]
            assert len(inside) == 1, word["text"]


def test_every_page_has_a_50_mm_bar_and_a_2_inch_bar(kit):
    with open_pdf(kit) as pdf:
        for page in pdf.pages:
            assert len(bars(page, 50.0)) == 1, page.page_number
            assert len(bars(page, 50.8)) == 1, page.page_number
            assert "Print at 100% (Actual size)" in page_text(page)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("fixture,paper", [("kit", "a4"), ("letter_kit", "letter"), ("kit30", "a4")])
def test_all_content_lies_inside_the_shared_box(request, fixture, paper):
    left, top, right, bottom = content_box(paper)
    with open_pdf(request.getfixturevalue(fixture)) as pdf:
        for page in pdf.pages:
            x0, y0, x1, y1 = content_extent(page)
            assert x0 >= left - 0.01 and y0 >= top - 0.01, (page.page_number, x0, y0)
            assert x1 <= right + 0.01 and y1 <= bottom + 0.01, (page.page_number, x1, y1)


def test_viewer_is_asked_to_print_unscaled_and_one_sided(kit):
    prefs = pypdf.PdfReader(kit).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/Simplex"


def test_first_move_table_is_on_the_host_key_page_only(kit):
    with open_pdf(kit) as pdf, open_pdf(host_file(kit)) as host:
        texts = [page_text(p) for p in pdf.pages] + [page_text(p) for p in host.pages]
    # one row a type, one column a turn: where White then stands, as the rules engine says
    definition = load_definition()
    rows: dict[int, list[str]] = {}
    for move in first_moves(definition):
        end = move.trace.end
        rows.setdefault(move.tile, [str(move.tile)]).append("OUT" if end is None else definition.board.position_name(end))
    assert "Type 0° 90° 180° 270°" in texts[-2]
    for row in rows.values():
        assert " ".join(row) in texts[-2].splitlines()
    assert "Type 1 turned 90° is type 2" in texts[-2]
    for text in texts[:-2] + texts[-1:]:
        assert "Type 0° 90°" not in text
        assert "is type 2" not in text and "Host key" not in text.splitlines()[0]


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles"])
def test_the_host_key_gives_blacks_first_move_too_as_the_engine_plays_it(tmp_path_factory, game):
    """Black's table: one row a type, one column a turn, where Black stands after laying it in its start cell,
    replayed here by the engine after a White opening (the host key says it is the same after any)."""
    key = host_file(build(tmp_path_factory, "--game", game))
    with open_pdf(key) as pdf:
        text = page_text(pdf.pages[0])
    definition = load_definition(game)
    black = definition.tokens[1]
    turns = definition.shape.rotations
    # the last White opening that leaves White on the board (the table is the same after any of them)
    opening = [m for m in first_moves(definition) if m.trace.end is not None][-1]
    after = text[text.index("Black's first move in " + definition.board.cell_name(black.start.cell)):]
    assert "whatever White laid first" in after.replace("\n", " ")
    assert "Type " + " ".join(f"{d}°" for d in turns) in after
    for tile in definition.tiles:
        row = [str(tile.id)]
        for rotation in turns:
            played = Game(definition)
            played.place(definition.tokens[0].start.cell, opening.tile, opening.rotation)
            end = played.place(black.start.cell, tile.id, rotation).traces[black.name].end
            row.append("OUT" if end is None else definition.board.position_name(end))
        assert " ".join(row) in after.splitlines(), (row, after)


def test_host_key_separate_and_omit(tmp_path_factory):
    out = build(tmp_path_factory, "--host-key", "separate", name="class.pdf")
    key = out.with_name("class-host-key.pdf")
    assert key.exists()
    with open_pdf(out) as pdf, open_pdf(key) as kpdf:
        assert len(pdf.pages) == 4
        assert all("Host key" not in page_text(p) for p in pdf.pages)
        assert len(kpdf.pages) == 2 and page_text(kpdf.pages[0]).startswith("Host key")
        assert page_text(kpdf.pages[1]).startswith("Teacher's guide")
    omitted = build(tmp_path_factory, "--host-key", "omit")
    with open_pdf(omitted) as pdf:
        assert len(pdf.pages) == 5 and page_text(pdf.pages[-1]).startswith("Teacher's guide")
    assert not omitted.with_name("kit-host-key.pdf").exists()


def test_rebuilds_are_byte_identical(kit, tmp_path_factory):
    again = build(tmp_path_factory)
    assert hashlib.sha256(kit.read_bytes()).hexdigest() == hashlib.sha256(again.read_bytes()).hexdigest()


def test_every_printed_character_is_in_the_embedded_font(kit):
    from papergame.render.fonts import missing_glyphs

    with open_pdf(kit) as pdf:
        for page in pdf.pages:
            for ch in page.chars:
                bold = "Bold" in ch["fontname"]
                assert not missing_glyphs(ch["text"], bold), (page.page_number, ch["text"])
            fonts = {c["fontname"].split("+")[-1] for c in page.chars}
            assert fonts <= {"DejaVuSans", "DejaVuSans-Bold"}, fonts


def dark_runs(row, threshold=128):
    """Centres of the runs of dark pixels along one row of a greyscale image."""
    centres, start = [], None
    for i, v in enumerate(list(row) + [255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            centres.append((start + i - 1) / 2)
            start = None
    return centres


def test_a_300_dpi_render_shows_35_mm_cells(kit):
    page = pdfium.PdfDocument(str(kit))[0]
    image = page.render(scale=300 / 72, grayscale=True).to_pil().convert("L")
    with open_pdf(kit) as pdf:
        board = pdf.pages[0]
        border = [r for r in board.rects if abs(mm(r["width"]) - 175) < 0.01][0]
        # a row through the middle of the second cell row, between the port ticks
        y_mm = mm(border["top"]) + 35 * 1.25
    px_per_mm = 300 / 25.4
    row = [image.getpixel((x, round(y_mm * px_per_mm))) for x in range(image.width)]
    lines = dark_runs(row)
    left = mm(border["x0"]) * px_per_mm
    grid = [x for x in lines if left - 3 <= x <= left + 175 * px_per_mm + 3]
    assert len(grid) == 6, grid
    expected = 35 * px_per_mm  # 413.4 px
    for a, b in zip(grid, grid[1:]):
        assert abs((b - a) - expected) <= 1.0, (a, b)


def test_tokens_are_three_of_each_colour_16_mm_across_and_black_is_not_a_solid_block(kit):
    page = pdfium.PdfDocument(str(kit))[1]
    image = page.render(scale=150 / 72, grayscale=True).to_pil().convert("L")
    with open_pdf(kit) as pdf:
        circles = [c for c in pdf.pages[1].curves if abs(mm(c["width"]) - mm(c["height"])) < 0.05
                   and 15.0 <= mm(c["width"]) < 17.0]
    # each token's outer disc: one white and two spares, one black and two spares, read row by row
    # (rows of three: one token between each two of the tiles' vertical cut lines)
    places = sorted({(round(c["top"], 1), round(c["x0"], 1)) for c in circles})
    assert len(places) == 6
    scale = 150 / 72
    for i, (top, x) in enumerate(places):
        disc = [c for c in circles if (round(c["top"], 1), round(c["x0"], 1)) == (top, x)][0]
        box = [round(disc[k] * scale) for k in ("x0", "top", "x1", "bottom")]
        pixels = list(image.crop(box).tobytes())
        dark = sum(p < 128 for p in pixels) / len(pixels)
        if i < 3:  # white: an outlined disc and its arrow
            assert dark < 0.3, dark
        else:
            assert 0.3 < dark < 0.8, dark


def test_tile_size_outside_20_to_60_is_refused():
    result = CliRunner().invoke(main, ["build", "--tile-size", "61", "-o", "never.pdf"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == ["Error: --tile-size: 61 mm is outside 20 to 60 mm"]


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles"])
def test_blacks_replies_are_what_the_engine_gives_after_every_white_opening(game):
    """`replies` plays a reply after one opening when the opening's cell plays no part: checked here against
    every opening that leaves the game going."""
    from papergame.model.answers import replies

    definition = load_definition(game)
    white, black = definition.tokens
    for reply in replies(definition):
        ends = set()
        for opening in first_moves(definition):
            played = Game(definition)
            played.place(white.start.cell, opening.tile, opening.rotation)
            if played.over or played.remaining(reply.tile) <= 0:
                continue
            ends.add(played.place(black.start.cell, reply.tile, reply.rotation).traces[black.name].end)
        assert ends == {reply.end} and reply.same_after_every_opening, (reply, ends)
