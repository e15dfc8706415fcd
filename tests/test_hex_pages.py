"""Board and tile pages of every shape, measured from the PDF: hexagon cells and tiles at the
asked size, everything inside the shared box, tokens clear of every cut, port ticks where
GEOMETRY.md puts the ports, and split boards whose notes say what is drawn."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from covering import OnDemand, covering, sweep
from papergame.cli import main
from pdfmeasure import content_box, content_extent, mm, open_pdf, page_text, segment_distance

HEX_GAME = Path(__file__).parent.parent / "examples" / "hexagon-paths" / "game.toml"
SQRT3 = math.sqrt(3)

SQUARE_TWO_PORTS = """
[shape]
sides = ["N", "E", "S", "W"]
ports = ["N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"]

[board]
columns = ["A", "B", "C", "D"]
rows = ["1", "2", "3", "4"]

[[tokens]]
name = "white"
start = "A1/S1"

[[tokens]]
name = "black"
start = "D4/N2"

[deal]
hand = 2

[[tiles]]
type = 1
pairs = [["N1", "N2"], ["E1", "E2"], ["S1", "S2"], ["W1", "W2"]]
copies = 4

[[tiles]]
type = 2
pairs = [["N1", "S2"], ["N2", "S1"], ["E1", "W2"], ["E2", "W1"]]
copies = 4
"""


def build(folder: Path, *args: str, name: str = "kit.pdf") -> Path:
    out = folder / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def hex_kits(tmp_path_factory):
    """The hexagon game's board, tiles and tokens at 20, 35 and 60 mm on both papers, and in low ink: each
    made when a test first asks for it (the tests trimmed to a covering subset ask for fewer)."""
    folder = tmp_path_factory.mktemp("hex")

    def make(key):
        paper, size, ink = key
        return build(folder, "--game", str(HEX_GAME), "--only", "board,tiles,tokens", "--tile-size", str(size),
                     "--paper", paper, *(("--ink", "low") if ink == "low" else ()),
                     name=f"{paper}-{size}.pdf" if ink == "normal" else f"{paper}-{size}-low.pdf")

    return OnDemand(make)


def segments(page, widths: tuple[float, ...] | None = None) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every straight solid stroke of the page, in mm (y down), from lines and the sides of polygons."""
    out = []
    for obj in page.lines + page.curves:
        dash = obj.get("dash")
        if (dash and dash[0]) or not obj.get("stroke"):
            continue
        if widths is not None and not any(abs(mm(obj["linewidth"]) - w) < 0.005 for w in widths):
            continue
        path = obj["path"]
        if any(step[0] == "c" for step in path):
            continue  # a curve: no straight sides
        pts = [tuple(map(mm, p)) for p in obj["pts"]]  # a closed path repeats its first point
        out += [(a, b) for a, b in zip(pts, pts[1:]) if a != b]
    return out


def hexagons(page, size: float, widths: tuple[float, ...]) -> list[tuple[float, float]]:
    """Centres of the hexagons drawn by sides `size`/√3 long: a level side with another
    exactly `size` below it, in the same place across."""
    side = size / SQRT3
    level = [((x0 + x1) / 2, y0) for (x0, y0), (x1, y1) in segments(page, widths)
             if abs(y0 - y1) < 0.005 and abs(abs(x1 - x0) - side) <= 0.01]
    return [(x, y + size / 2) for x, y in level
            if any(abs(x2 - x) <= 0.01 and abs(y2 - y - size) <= 0.01 for x2, y2 in level)]


def above_footer(page):
    """The page without its footer (the scale bars and the page number)."""
    return page.crop((0, 0, page.width, page.height - (page.height - 263.0 / 25.4 * 72) / 2 - 15.0 / 25.4 * 72))


def board_pages(pdf):
    return [p for p in pdf.pages if page_text(p).startswith("Board")]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("size, paper", covering([(size, paper) for size in (20, 35, 60)  # each size and paper;
                                                  for paper in ("a4", "letter")]))  # all 6 under -m slow
def test_hexagon_cells_and_tiles_measure_the_tile_size_and_stay_in_the_box(hex_kits, paper, size):
    left, top, right, bottom = content_box(paper)
    with open_pdf(hex_kits[paper, size, "normal"]) as pdf:
        boards = board_pages(pdf)
        assert len(boards) == (1 if size < 60 else 4)
        # every side of every cell is size/√3 long, and each cell is exactly `size` between its flats
        cells = sum(len(hexagons(p, size, (0.25, 0.6))) for p in boards)
        assert cells == 20
        for page in boards:
            for (x0, y0), (x1, y1) in segments(above_footer(page), (0.25, 0.6)):
                length = math.hypot(x1 - x0, y1 - y0)
                if abs(length - 4.5) > 0.01:  # crop marks of tiles sharing the board's sheet
                    assert length == pytest.approx(size / SQRT3, abs=0.01)
        tiles = [p for p in pdf.pages if p not in boards or re.search(r"^Tiles( and tokens)?$", page_text(p), re.M)]
        assert sum(len(hexagons(p, size, (0.2,))) for p in tiles) == 20
        for page in pdf.pages:
            x0, y0, x1, y1 = content_extent(page)
            assert x0 >= left - 0.01 and y0 >= top - 0.01 and x1 <= right + 0.01 and y1 <= bottom + 0.01


def test_a_hexagon_board_has_its_labels_port_names_and_starts(hex_kits):
    with open_pdf(hex_kits["a4", 35, "normal"]) as pdf:
        board = above_footer(pdf.pages[0])
        words = [w["text"] for w in board.extract_words()]
        text = " ".join(page_text(board).split())
    for letter in "ABCDE":
        assert words.count(letter) == 2, letter  # above and below its column
    for row in "1234":
        assert words.count(row) == 2, row  # beside the first and the last cell of the row
    for port in ("N", "NE", "SE", "S", "SW", "NW"):
        assert words.count(port) >= 20, port  # inside every cell (the north arrow adds one N)
    for cell in ("A1", "B4", "E4"):
        assert cell in words
    assert "White starts here" in text and "Black starts here" in text


def tick_lines(page, length: float = 2.4):
    return [s for s in segments(page, (0.35,)) if abs(math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]) - length) < 0.01]


def test_hexagon_port_ticks_cross_every_side_at_its_middle(hex_kits):
    size = 35.0
    with open_pdf(hex_kits["a4", 35, "normal"]) as pdf:
        board = above_footer(pdf.pages[0])
        sides = segments(board, (0.25, 0.6))
        ticks = tick_lines(board)
    middles = sorted((round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2)) for a, b in sides)
    centres = sorted((round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2)) for a, b in ticks)
    # 5 columns x 4 rows: 120 sides, less the 15 cells share in their columns and 4 x 7 between columns
    assert len(sides) == 77 and len(ticks) == 77
    for (mx, my), (tx, ty) in zip(middles, centres):
        assert (tx, ty) == pytest.approx((mx, my), abs=0.01)
    for (a, b), tick in zip(sorted(sides, key=lambda s: (round((s[0][0] + s[1][0]) / 2, 2),
                                                          round((s[0][1] + s[1][1]) / 2, 2))),
                            sorted(ticks, key=lambda s: (round((s[0][0] + s[1][0]) / 2, 2),
                                                         round((s[0][1] + s[1][1]) / 2, 2)))):
        sx, sy = b[0] - a[0], b[1] - a[1]
        tx, ty = tick[1][0] - tick[0][0], tick[1][1] - tick[0][1]
        assert abs(sx * tx + sy * ty) < 0.01 * size  # square to the side


def token_discs(page) -> list[tuple[float, float, float]]:
    """(cx, cy, r) in mm of every circle at least 15 mm across (the tokens and start marks)."""
    out = []
    for c in page.curves:
        w, h = mm(c["width"]), mm(c["height"])
        if abs(w - h) < 0.05 and w >= 15.0 and sum(step[0] == "c" for step in c["path"]) >= 4:
            out.append((mm(c["x0"]) + w / 2, mm(c["top"]) + h / 2, w / 2))
    return out


def rect_sides(page):
    out = []
    for r in page.rects:
        x0, y0, x1, y1 = mm(r["x0"]), mm(r["top"]), mm(r["x1"]), mm(r["bottom"])
        out += [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
    return out


def assert_tokens_clear(pdf_path, expected: int) -> None:
    """Every token is 15 mm across or more and at least 3 mm from every cut line, crop mark and tile."""
    seen = 0
    with open_pdf(pdf_path) as pdf:
        for page in pdf.pages:
            discs = token_discs(page)
            if not discs:
                continue
            strokes = [s for s in segments(page) if not any(
                segment_distance((cx, cy), *s) < r - 0.01 and
                math.hypot(s[0][0] - cx, s[0][1] - cy) <= r and math.hypot(s[1][0] - cx, s[1][1] - cy) <= r
                for cx, cy, r in discs)]  # a token's own hatching and arrow stay inside it
            strokes += rect_sides(page)
            for cx, cy, r in discs:
                assert 2 * r >= 15.0
                nearest = min(segment_distance((cx, cy), a, b) for a, b in strokes)
                assert nearest >= r + 3.0, (page.page_number, cx, cy, nearest - r)
            seen += len(discs)
    assert seen >= expected


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("size", [20, 35, 60])
def test_hexagon_tokens_are_big_spares_included_and_clear_of_every_cut(hex_kits, size):
    assert_tokens_clear(hex_kits["a4", size, "normal"], 6 + 2)  # 3 of each colour, 2 start marks


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("size", ["20", "35", "60"])
def test_square_tokens_are_big_spares_included_and_clear_of_every_cut(tmp_path, size):
    out = build(tmp_path, "--only", "board,tiles,tokens", "--tile-size", size)
    assert_tokens_clear(out, 6 + 2)


@pytest.mark.parametrize("ink,strip,assemble", [
    ("normal", "Right: part 2 will cover the grey strip.", "trim each grey strip along its dashed outer line"),
    ("low", "Right: part 2 will cover the strip inside the dashed line.", "trim each strip along its dashed outer line"),
])
def test_split_hexagon_board_notes_say_what_is_drawn(hex_kits, ink, strip, assemble):
    with open_pdf(hex_kits["a4", 60, ink]) as pdf:
        first = pdf.pages[0]
        text = " ".join(page_text(first).split())
        assert strip in text and assemble in text
        assert "half-triangles of two parts then meet as whole triangles" in text
        if ink == "low":
            assert "grey" not in text and "thick" not in text
        # a seam's marks are half-triangles 5 mm long: three corners, one of them a right angle at
        # the seam, solid black in either ink
        halves = [c for c in first.curves if len(c["pts"]) == 4 and c.get("fill")
                  and c.get("non_stroking_color") in (0, (0,), 0.0, (0.0,))]
        assert len(halves) >= 4
        for c in halves:
            (ax, ay), (bx, by), (cx, cy) = [tuple(map(mm, p)) for p in c["pts"][:3]]
            assert abs((ax - bx) * (cx - bx) + (ay - by) * (cy - by)) < 0.01
            assert math.dist((ax, ay), (bx, by)) == pytest.approx(5.0, abs=0.01)
        grey = [c for c in first.curves if c.get("fill") and c.get("non_stroking_color") in (0.88, (0.88,))]
        assert bool(grey) == (ink == "normal")


def test_split_hexagon_parts_join_every_cell_once(hex_kits):
    with open_pdf(hex_kits["a4", 60, "normal"]) as pdf:
        texts = [" ".join(page_text(p).split()) for p in board_pages(pdf)]
    held = [t.split("This part holds ")[1].split(".")[0] for t in texts]
    assert held == ["columns A to C and rows 3 to 4", "columns D to E and rows 3 to 4",
                    "columns A to C and rows 1 to 2", "columns D to E and rows 1 to 2"]


def test_square_board_with_two_ports_a_side_ticks_each_port_at_its_third(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text(SQUARE_TWO_PORTS, encoding="utf-8")
    size = 35.0
    out = build(tmp_path, "--game", str(game), "--only", "board")
    with open_pdf(out) as pdf:
        board = pdf.pages[0]
        border = [r for r in board.rects if abs(mm(r["width"]) - 4 * size) < 0.01][0]
        x0, y0 = mm(border["x0"]), mm(border["top"])
        ticks = tick_lines(board)
        words = [w["text"] for w in board.extract_words()]
    centres = {(round((a[0] + b[0]) / 2 - x0, 2), round((a[1] + b[1]) / 2 - y0, 2)) for a, b in ticks}
    expected = set()
    for k in range(5):  # each grid line, the border included
        for cell in range(4):
            for third in (1, 2):
                along = round((cell + third / 3) * size, 2)
                expected.add((round(k * size, 2), along))  # on a vertical line
                expected.add((along, round(k * size, 2)))  # on a level line
    assert centres == expected
    for port in ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"):
        assert words.count(port) == 16, port  # inside every cell


def three_ports_a_side() -> str:
    """A 4 x 4 square game with three ports a side (two tile types)."""
    ports = [f"{s}{i}" for s in "NESW" for i in (1, 2, 3)]
    near = [[ports[i], ports[i + 1]] for i in range(0, 12, 2)]
    across = [[ports[i], ports[i + 6]] for i in range(6)]
    return SQUARE_TWO_PORTS.replace(str(["N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"]).replace("'", '"'),
                                    str(ports).replace("'", '"')).split("[[tiles]]")[0].replace("D4/N2", "D4/N3") + \
        "".join(f"[[tiles]]\ntype = {i}\npairs = {pairs}\ncopies = 3\n".replace("'", '"')
                for i, pairs in enumerate((near, across), start=1))


def two_ports_a_side_hexagons() -> str:
    ports = [f"{s}{i}" for s in ("N", "NE", "SE", "S", "SW", "NW") for i in (1, 2)]
    near = [[ports[i], ports[i + 1]] for i in range(0, 12, 2)]
    across = [[ports[i], ports[(i + 6) % 12]] for i in range(6)]
    head = HEX_GAME.read_text(encoding="utf-8").split("[[tiles]]")[0]
    head = head.replace('ports = ["N", "NE", "SE", "S", "SW", "NW"]', "ports = " + str(ports).replace("'", '"'))
    head = head.replace("A1/S", "A1/S1").replace("E4/N", "E4/N2")
    return head + "".join(f"[[tiles]]\ntype = {i}\npairs = {pairs}\ncopies = 3\n".replace("'", '"')
                          for i, pairs in enumerate((near, across), start=1))


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("shape,size,named", sweep([("square3", "20", False), ("square3", "25", True),
                                                    ("square3", "35", True), ("hexagon2", "20", False),
                                                    ("hexagon2", "30", True), ("hexagon1", "20", True)],
                                                   axes=(0, 1), pairs=False))  # named follows from shape and size
def test_port_names_are_10_pt_or_at_least_7_clear_of_each_other_and_the_sides_or_left_out(tmp_path, shape, size, named):
    text = {"square3": three_ports_a_side, "hexagon2": two_ports_a_side_hexagons,
            "hexagon1": lambda: HEX_GAME.read_text(encoding="utf-8")}[shape]()
    game = tmp_path / "game.toml"
    game.write_text(text, encoding="utf-8")
    out = build(tmp_path, "--game", str(game), "--only", "board", "--tile-size", size)
    sides_of = {"square3": "NESW", "hexagon2": ("N", "NE", "SE", "S", "SW", "NW"),
                "hexagon1": ("N", "NE", "SE", "S", "SW", "NW")}[shape]
    k = {"square3": 3, "hexagon2": 2, "hexagon1": 1}[shape]
    ports = set(sides_of) if k == 1 else {f"{s}{i}" for s in sides_of for i in range(1, k + 1)}
    with open_pdf(out) as pdf:
        page = above_footer(pdf.pages[0])
        sides = segments(page, (0.25, 0.6))
        # port names are grey; the column letters, row numbers and the north mark black
        names = [w for w in page.extract_words(extra_attrs=["size", "non_stroking_color"])
                 if w["text"] in ports and w["non_stroking_color"] not in ((0,), (0.0,), 0, [0])]
    assert bool(names) == named
    boxes = [(mm(w["x0"]), mm(w["top"]), mm(w["x1"]), mm(w["bottom"])) for w in names]
    for w in names:
        assert w["size"] >= 7.0 - 0.01
        if size == "35":  # room for them at 10 pt, the size the players read
            assert w["size"] >= 10.0, w
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
        # no side of a cell runs through a name (sampled along the side)
        for (x0, y0), (x1, y1) in sides:
            for t in (i / 20 for i in range(21)):
                x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                assert not (a[0] + 0.05 < x < a[2] - 0.05 and a[1] + 0.05 < y < a[3] - 0.05), (a, (x, y))


@pytest.mark.parametrize("guides,marks", [("lines", 0), ("marks", 12), ("both", 12)])
def test_hexagon_tiles_keep_their_cut_lines_and_the_zigzags_get_marks(tmp_path, guides, marks):
    out = build(tmp_path, "--game", str(HEX_GAME), "--only", "tiles", "--cut-guides", guides)
    with open_pdf(out) as pdf:
        page = above_footer(pdf.pages[0])
        assert len(hexagons(page, 35.0, (0.2,))) == 20
        ends = [s for s in segments(page, (0.25,)) if abs(s[0][0] - s[1][0]) < 0.005
                and abs(abs(s[1][1] - s[0][1]) - 4.5) < 0.01]
    # 20 tiles five columns wide (4 rows): 6 zigzags, a mark at the top and the bottom of each
    assert len(ends) == marks


def test_grid_extent_and_token_doctests_pass():
    import doctest

    import papergame.layout.extent
    import papergame.layout.grid
    import papergame.layout.pages.board_sheet
    import papergame.layout.tokens

    for module in (papergame.layout.grid, papergame.layout.extent, papergame.layout.tokens,
                   papergame.layout.pages.board_sheet):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_tiles_that_just_fit_on_the_board_sheet_with_no_room_for_the_tokens_anywhere_there(tmp_path):
    """A 3 x 2 board at 35 mm: the tiles just fit under it, the tokens neither under them nor beside it
    (found by fuzzing: the room was counted after the gap above the tiles)."""
    text = (SQUARE_TWO_PORTS.split("[[tiles]]")[0]
            .replace('["N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"]', '["N", "E", "S", "W"]')
            .replace('["A", "B", "C", "D"]', '["A", "B", "C"]').replace('["1", "2", "3", "4"]', '["1", "2"]')
            .replace("A1/S1", "A2/W").replace("D4/N2", "C1/S"))
    text += '[[tiles]]\ntype = 1\npairs = [["N", "E"], ["S", "W"]]\ncopies = 4\n'
    text += '[[tiles]]\ntype = 2\npairs = [["N", "S"], ["E", "W"]]\ncopies = 3\n'
    game = tmp_path / "game.toml"
    game.write_text(text, encoding="utf-8")
    out = build(tmp_path, "--game", str(game), "--only", "board,tiles,tokens", "--paper", "letter")
    assert_tokens_clear(out, 6 + 2)
