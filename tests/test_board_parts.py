"""Boards split into parts, measured from the PDF: few sheets, seams at the grid's weight, each
strip naming its part, tokens never on a sheet of their own."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfmeasure import mm, open_pdf, page_text, segment_distance

GRID = 0.25  # mm, the board's grid lines


def build(folder: Path, *args: str, name: str = "kit.pdf") -> Path:
    out = folder / name
    result = CliRunner().invoke(main, ["build", "--only", "board,tiles,tokens", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    folder = tmp_path_factory.mktemp("parts")
    return {
        ("eight", "normal"): build(folder, "--game", "eight-port-path-tiles", name="eight.pdf"),
        ("eight", "low"): build(folder, "--game", "eight-port-path-tiles", "--ink", "low", name="eight-low.pdf"),
        ("hex60", "normal"): build(folder, "--game", "hexagon-path-tiles", "--tile-size", "60", name="hex60.pdf"),
    }


def titles(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    return [doc[i].get_textpage().get_text_range().splitlines()[0] for i in range(len(doc))]


def texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    return [doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))]


def part_frame(page) -> dict:
    """The part's outline: the largest unfilled rectangle with cells 35 mm apart."""
    frames = [r for r in page.rects if r["fill"] is False and mm(r["width"]) > 100]
    return max(frames, key=lambda r: r["width"] * r["height"])


def test_the_eight_port_board_at_35_mm_takes_two_sheets_of_three_columns(kits):
    with open_pdf(kits["eight", "normal"]) as pdf:
        boards = [p for p in pdf.pages if page_text(p).startswith("Board")]
        assert len(boards) == 2
        for page in boards:
            frame = part_frame(page)
            assert mm(frame["width"]) == pytest.approx(105.0, abs=0.01)
            assert mm(frame["height"]) == pytest.approx(210.0, abs=0.01)
    # the header is one line naming the part's cells; the tokens share a board sheet
    pages = texts(kits["eight", "normal"])
    assert pages[0].startswith("Board, part 1 of 2: columns A to C, rows 1 to 6 ")
    assert pages[1].startswith("Board, part 2 of 2: columns D to F, rows 1 to 6 ")
    assert not any(t.startswith("Tokens") for t in titles(kits["eight", "normal"]))
    assert sum("Tokens" in t.splitlines() for t in pages[:2]) == 1


def test_the_hexagon_board_at_60_mm_takes_four_sheets_and_no_sheet_holds_only_tokens(kits):
    names = titles(kits["hex60", "normal"])
    assert sum(t.startswith("Board") for t in names) == 4
    pages = texts(kits["hex60", "normal"])
    assert all(t.startswith(("Board", "Tiles")) for t in names)
    assert "Each cell is 60 mm across the flat sides" in " ".join(" ".join(pages).split())


@pytest.mark.parametrize("ink,low,high", [("normal", GRID - 0.01, GRID + 0.01), ("low", 0.5, 0.6)])
def test_a_seam_is_drawn_at_the_grids_weight_or_heavier_with_low_ink(kits, ink, low, high):
    with open_pdf(kits["eight", ink]) as pdf:
        page = pdf.pages[0]
        frame = part_frame(page)
        seam_x = frame["x1"]  # part 1's right edge joins part 2
        widths = {round(mm(frame["linewidth"]), 2)}
        for c in page.curves + page.lines:
            xs = [x for x, _ in c["pts"]]
            if all(abs(x - seam_x) < 0.05 for x in xs) and c.get("stroke"):
                widths.add(round(mm(c["linewidth"]), 2))
        assert widths and all(low <= w <= high for w in widths)
        # the board's own edges stay heavier than the grid
        edges = [c for c in page.curves if c.get("stroke") and not c.get("fill")
                 and abs(min(x for x, _ in c["pts"]) - frame["x0"]) < 0.05]
        assert edges and all(mm(c["linewidth"]) > GRID + 0.1 for c in edges)


def test_each_strip_names_its_part_and_the_part_laid_over_it(kits):
    with open_pdf(kits["eight", "normal"]) as pdf:
        page = pdf.pages[0]
        frame = part_frame(page)
        turned = [c for c in page.chars if not c["upright"]]
        assert turned and all(frame["x1"] < c["x0"] and c["x1"] < frame["x1"] + 7.5 / mm(1) for c in turned)
        last = pdf.pages[1]
        assert "Part 2" in " ".join(page_text(last).split())
    assert "Part 1. Part 2 goes over this strip." in texts(kits["eight", "normal"])[0].replace("\n", " ")


def test_a_part_of_one_row_says_row_not_rows_to():
    from papergame.build import game_and_folder, load_texts
    from papergame.layout.context import PageContext
    from papergame.layout.pages.board_sheet import Part, span_words
    from papergame.model.rules import rule_set
    from papergame.render.fonts import FontMetrics

    game, folder = game_and_folder(None)
    words = load_texts(None, "en", folder, rule_set(game).words)
    ctx = PageContext(game, words, "a4", 60.0, FontMetrics())
    assert span_words(ctx, Part(1, range(0, 3), range(4, 5), {})) == {"cols": "columns A to C", "rows": "row 5"}
    assert span_words(ctx, Part(1, range(4, 5), range(0, 2), {})) == {"cols": "column E", "rows": "rows 1 to 2"}


def test_a_class_set_tokens_kit_number_sits_on_a_disc_clear_of_the_arrow(tmp_path):
    out = build(tmp_path, "--kits", "3", "--only", "tokens")
    with open_pdf(out) as pdf:
        page = pdf.pages[0]
        arrows = [c for c in page.curves if len(c["pts"]) in (7, 8)]  # the broad arrows' outlines
        discs = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.05 and 3.5 < mm(c["width"]) < 6]
        assert len(discs) == 18 and len(arrows) >= 18
        for disc in discs:
            centre = (mm((disc["x0"] + disc["x1"]) / 2), mm((disc["top"] + disc["bottom"]) / 2))
            r = mm(disc["width"]) / 2
            nearest = min(arrows, key=lambda a: (mm(a["x0"]) - centre[0]) ** 2 + (mm(a["top"]) - centre[1]) ** 2)
            pts = [(mm(x), mm(y)) for x, y in nearest["pts"]]
            gap = min(segment_distance(centre, a, b) for a, b in zip(pts, pts[1:] + pts[:1])) - r
            assert gap >= 0.3
            digits = [ch for ch in page.chars if ch["text"].isdigit()
                      and abs(mm((ch["x0"] + ch["x1"]) / 2) - centre[0]) < r and abs(mm((ch["top"] + ch["bottom"]) / 2) - centre[1]) < r]
            assert digits  # the kit's number stands on the disc


def test_hexagon_tokens_line_up_with_the_tiles(tmp_path):
    out = build(tmp_path, "--game", "hexagon-path-tiles", "--only", "tiles,tokens")
    with open_pdf(out) as pdf:
        page = pdf.pages[-1]
        tokens = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.1 and mm(c["width"]) > 15]
        cuts = [ln for ln in page.lines if abs(mm(ln["linewidth"]) - 0.2) < 0.01]
        assert len(tokens) == 6 and cuts
        tiles_left = min(min(ln["x0"], ln["x1"]) for ln in cuts)
        assert mm(min(c["x0"] for c in tokens)) == pytest.approx(mm(tiles_left), abs=0.3)
        # the tokens' names stay clear of the foot of the page
        names = [w for w in page.extract_words() if w["text"] in ("White", "Black")]
        foot = [w for w in page.extract_words() if w["text"] == "Print"]
        assert mm(min(w["top"] for w in foot) - max(w["bottom"] for w in names)) >= 3.5


def test_tokens_on_a_boards_sheet_leave_no_empty_tile_sheet_behind(tmp_path):
    out = tmp_path / "bt.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "eight-port-path-tiles", "--only", "board,tokens",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [t.split(":")[0] for t in titles(out)] == ["Board, part 1 of 2", "Board, part 2 of 2"]


LANGUAGES = ("en", "fr", "es", "de", "uk")
LABEL_MM = 3.6  # the board's column letters and row numbers


def part_labels_and_board_letters(path: Path, game_name: str, lang: str) -> list[tuple[int, dict, list[dict]]]:
    """On every board page showing one: its page number, the lowest upright "Part N" on it (the last part's own
    label, or a bottom strip's) and the board's column letters and row numbers (words of the letters' size that
    are a column or a row)."""
    from papergame.build import game_and_folder, load_texts
    from papergame.model.rules import rule_set

    game, folder = game_and_folder(game_name)
    words = load_texts(None, lang, folder, rule_set(game).words)
    names = set(game.board.columns) | set(game.board.rows)
    found = []
    with open_pdf(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            label = words.get("board.part_label", part=number)
            hits = [m for m in page.search(label, regex=False)
                    if all(c["upright"] for c in m["chars"]) and m["top"] > page.height * 0.3]
            if not hits:
                continue
            hit = max(hits, key=lambda m: m["top"])
            letters = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] in names and w["upright"]
                       and abs(mm(w["size"]) - LABEL_MM) < 0.05
                       and not (hit["x0"] - 0.01 <= w["x0"] and w["x1"] <= hit["x1"] + 0.01
                                and abs(w["top"] - hit["top"]) < 0.01)]
            found.append((number, hit, letters))
    return found


def label_gaps(hit: dict, letters: list[dict]) -> tuple[float, float]:
    """The least gap in mm from the label's characters' box to a letter on its line, and to one off it."""
    beside, off = [99.0], [99.0]
    for w in letters:
        dx = max(hit["x0"] - w["x1"], w["x0"] - hit["x1"], 0.0)
        dy = max(hit["top"] - w["bottom"], w["top"] - hit["bottom"], 0.0)
        if w["top"] < hit["bottom"] and hit["top"] < w["bottom"]:
            beside.append(mm(dx))
        else:
            off.append(mm((dx * dx + dy * dy) ** 0.5))
    return min(beside), min(off)


# every shipped game at the least size that splits its board (two parts; the eight-port game's four at 40 mm)
SPLIT = [("eight-port-path-tiles", "35"), ("eight-port-path-tiles", "40"), ("edge-port-path-tiles", "40"),
         ("hexagon-path-tiles", "40"), ("shared-path", "40")]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,size", SPLIT)
def test_a_parts_label_stands_clear_of_the_boards_letters_in_every_language(tmp_path, game, size):
    """The last part's "Part 2" once ended 1.3 mm after the column letter F in Ukrainian ("F Частина 2", read as
    one label); now at least 1.5 em (5.3 mm) beside any letter or number on its line, 1 mm from any other."""
    for lang in LANGUAGES:
        out = build(tmp_path, "--game", game, "--tile-size", size, "--lang", lang, "--only", "board",
                    name=f"{lang}.pdf")
        found = part_labels_and_board_letters(out, game, lang)
        with open_pdf(out) as pdf:
            assert len(pdf.pages) > 1 and found[-1][0] == len(pdf.pages)  # the last part's own label is there
        for _, hit, letters in found:
            assert letters
            beside, off = label_gaps(hit, letters)
            assert beside >= 5.0, (lang, hit["text"], beside)
            assert off >= 1.0, (lang, hit["text"], off)


STRIP_CASES = [  # square boards split into parts, at the sizes and in the words that give long strip labels
    ("--large-print",), ("--large-print", "--lang", "de"), ("--tile-size", "60"), ("--tile-size", "60", "--lang", "uk"),
    ("--tile-size", "48", "--lang", "fr"), ("--game", "eight-port-path-tiles"), ("--large-print", "--ink", "low"),
]
OVER_LINES: set[tuple[str, ...]] = set()  # cases whose words may lie over the lines (German large print's
# "Streifen." was, with 1 mm kept at each end of a cell: with STRIP_CLEAR's 0.8 it fits between them)


@pytest.mark.default_cases(3)
@pytest.mark.parametrize("args", STRIP_CASES, ids=" ".join)
def test_a_strips_words_sit_between_the_grid_lines_that_cross_it(tmp_path, args):
    """The grid lines run on across each strip (to line the next part up by); its words once lay over them (large
    print: the lines through the P, the e and the full stop of "Part 1. Part 2 goes over this strip."). Measured
    from the PDF: no letter of a strip comes within 0.3 mm of a grid line crossing it (but where a word is wider
    than a cell, `OVER_LINES`), and every strip says both part numbers: it once fell back to "Teil 1" alone (German
    large print), "Частина 1" at 60 mm, "Partie 1" at 48 mm."""
    out = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["build", "--only", "board", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    clear = 0.3 / mm(1)
    strips = 0
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            # the lines across a strip (the grid's, its dashed ends): 7.5 mm long; grouped by strip (a strip along
            # the bottom is crossed by upright lines, one at the right by level ones)
            across = [ln for ln in page.lines if abs(mm(((ln["x1"] - ln["x0"]) ** 2 + (ln["bottom"] - ln["top"]) ** 2) ** 0.5) - 7.5) < 0.05]
            bands: dict[tuple, list] = {}
            for ln in across:
                upright = abs(ln["x1"] - ln["x0"]) < 0.01
                key = (upright, round(ln["top"], 1), round(ln["bottom"], 1)) if upright else \
                    (upright, round(ln["x0"], 1), round(ln["x1"], 1))
                bands.setdefault(key, []).append(ln)
            for (upright, lo, hi), lines in bands.items():
                if upright:  # a strip along the bottom: its letters between its top and bottom, its ends' lines
                    first, last = min(ln["x0"] for ln in lines), max(ln["x1"] for ln in lines)
                    letters = [c for c in page.chars if c["text"].strip() and lo - 0.5 <= c["top"]
                               and c["bottom"] <= hi + 0.5 and first <= c["x0"] and c["x1"] <= last]
                else:
                    first, last = min(ln["top"] for ln in lines), max(ln["bottom"] for ln in lines)
                    letters = [c for c in page.chars if c["text"].strip() and lo - 0.5 <= c["x0"]
                               and c["x1"] <= hi + 0.5 and first <= c["top"] and c["bottom"] <= last]
                if not letters:
                    continue
                strips += 1
                for c in letters if args not in OVER_LINES else []:
                    for ln in lines:
                        gap = (max(ln["x0"] - c["x1"], c["x0"] - ln["x1"]) if upright
                               else max(ln["top"] - c["bottom"], c["top"] - ln["bottom"]))
                        assert gap >= clear, (args, page.page_number, c["text"], round(mm(gap), 2))
                said = "".join(c["text"] for c in sorted(letters, key=lambda c: (c["x0"], -c["top"]) if upright
                                                         else (-c["bottom"], c["x0"])))
                # the whole message: this part's number and the one laid over the strip (never the first alone)
                assert len(set(re.findall(r"\d+", said))) == 2, said
    assert strips >= 1


STRIP_GREY = 0.88
DESCENDING = set("gjpqyçрущдфцЩДЦ")  # letters whose ink goes under the line


def inside_polygon(x: float, y: float, pts: list) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def strip_letters_outside(path: Path, clear: float, said: list[str] | None = None) -> list[tuple]:
    """The strip words' letters whose ink comes nearer than `clear` mm to the edge of their grey strip (the seam, or
    the line it is trimmed on) or lies outside it: each letter's ink box turned as the letter is (its advance by its
    capitals' height, and its descender where it has one), against the grey strips' outlines. [(page, letter, mm)]"""
    out = []
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            height = page.height
            strips = [list(c["pts"]) for c in page.curves if c.get("fill") and c.get("non_stroking_color") is not None
                      and abs((c["non_stroking_color"][0] if isinstance(c["non_stroking_color"], (list, tuple))
                               else c["non_stroking_color"]) - STRIP_GREY) < 0.005]
            for ch in page.chars:
                if not ch["text"].strip() or "Bold" not in ch["fontname"]:
                    continue
                a, b, _, _, e, f = ch["matrix"]
                scale = (a * a + b * b) ** 0.5
                ux, uy = a / scale, b / scale
                low = -0.22 if ch["text"] in DESCENDING else 0.0
                corners = [(e + ux * s - uy * t, height - (f + uy * s + ux * t)) for s in (0.0, ch["adv"])
                           for t in (low * ch["size"], 0.75 * ch["size"])]
                home = [pts for pts in strips if inside_polygon(*corners[0], pts) or inside_polygon(*corners[-1], pts)]
                if not home:
                    continue  # not a strip's letter (a heading, a column letter)
                pts = home[0]
                if said is not None:
                    said.append(ch["text"])
                nearest = min(segment_distance(p, q, r) for p in corners for q, r in zip(pts, pts[1:] + pts[:1]))
                if not all(inside_polygon(*p, pts) for p in corners) or mm(nearest) < clear:
                    out.append((page.page_number, ch["text"], round(mm(nearest), 2)))
    return out


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("args", [("--clear-print",), ("--large-print",), ("--clear-print", "--lang", "uk"),
                                  ("--large-print", "--lang", "de"), (), ("--tile-size", "60"),
                                  ("--game", "edge-port-path-tiles", "--large-print")], ids=" ".join)
def test_a_strips_words_lie_inside_it_clear_of_its_edges(tmp_path, args):
    """A strip's words stand inside the grey strip, 0.4 mm or more from its seam and from the line it is trimmed on:
    measured from the PDF, each letter's ink turned as it is printed. Before, the clear- and large-print hexagon
    boards set "Part 1" along a 60-degree side, where the strip is half as wide across as it is deep (3.75 mm for
    letters 3.2 mm high): its letters stood on the trim line, 0.35 mm from the seam's far side, and large print's
    hung over both ends of the strip along a bottom side."""
    args = args if "--game" in args else ("--game", "hexagon-path-tiles", *args)
    out = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["build", "--only", "board", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    said: list[str] = []
    assert strip_letters_outside(out, 0.4, said) == []
    if said and "--lang" not in args:  # English's "Part 1" fits every strip whole (at 16 pt: 19.3 mm of a 21.2 mm stretch)
        assert "Part" in "".join(said), said
