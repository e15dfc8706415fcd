"""Pages that fit every language (issue 19): the sheets English takes, and no word a child reads under 10 pt.

Everything is measured from the built PDFs: sheet counts, each character's size (pdfplumber),
where each column's text ends. The players' pages are built (board, tiles, tokens, rules,
record); the host's pages go in a file of their own.
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfmeasure import content_box, mm, open_pdf
from covering import OnDemand, covering, every, sweep

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
LANGS = ["en", "fr", "es", "de", "uk"]
PLAYERS = "board,tiles,tokens,rules,record"
FAST_GAMES = ["edge-port-path-tiles", "hexagon-path-tiles", "shared-path"]
SMALLEST_PT = 10.0
SCALE_CHECK_H = 15.0  # the foot of every page: the scale check and the footer, printing advice for adults


def build(tmp: Path, name: str, *args: str) -> Path:
    out = tmp / f"{name}.pdf"
    result = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[tuple[str, str], Path]:
    tmp = tmp_path_factory.mktemp("copyfit")
    return {(game, lang): build(tmp, f"{game}-{lang}", "build", "--game", game, "--lang", lang, "--only", PLAYERS)
            for game in FAST_GAMES for lang in LANGS}


def sheets(path: Path) -> int:
    with open_pdf(path) as pdf:
        return len(pdf.pages)


def above_foot(page, paper: str = "a4") -> list[dict]:
    """The page's characters above the scale check and footer."""
    foot = content_box(paper)[3] - SCALE_CHECK_H
    return [c for c in page.chars if mm(c["bottom"]) < foot and not c["text"].isspace()]


def title(page) -> str:
    big = [c for c in page.chars if c["size"] > 15]
    return "".join(c["text"] for c in sorted(big, key=lambda c: (round(c["top"]), c["x0"])))


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", FAST_GAMES)
def test_every_language_takes_the_sheets_english_takes(kits, game):
    counts = {lang: sheets(kits[game, lang]) for lang in LANGS}
    assert set(counts.values()) == {counts["en"]}, counts


EXPECTED = {"edge-port-path-tiles": 4, "hexagon-path-tiles": 4, "shared-path": 4}  # board, tiles, rules, record


def test_the_players_pages_take_a_sheet_each(kits):
    """Rules, tokens and the last rows of a table never start a sheet of their own (they did: the French
    rules' last section, the hexagon kit's six tokens)."""
    assert {game: sheets(kits[game, "en"]) for game in FAST_GAMES} == EXPECTED


def word(game: str, lang: str, section: str, key: str) -> str:
    """A printed word from the template's text file, or from the file it inherits from."""
    for name in (game, "edge-port-path-tiles"):
        data = tomllib.loads((TEMPLATES / name / f"text.{lang}.toml").read_text(encoding="utf-8"))
        if key in data.get(section, {}):
            return data[section][key]
    return ""


def page_kinds(path: Path, game: str, lang: str):
    """(kind, page) for each page: rules, record, tiles, board."""
    heads = {"rules": [word(game, lang, s, "title") for s in ("rules", "path_rules")],
             "record": [word(game, lang, s, "title") for s in ("record", "path_record")],
             "tiles": [word(game, lang, "tiles", k) for k in ("title", "title_tiles", "continued")]}
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            first = title(page).replace(" ", "")
            kind = next((k for k, names in heads.items()
                         if any(first.startswith(n.replace(" ", "")[:8]) for n in names if n)), "board")
            yield kind, page


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, lang", covering(itertools.product(FAST_GAMES, LANGS)))  # every game and language;
def test_nothing_a_child_reads_is_under_10_pt(kits, game, lang):  # all 15 pairs under -m slow
    """Every word of the rules, record and board sheets, and the tokens' names on the tile sheets (they were
    7.4 pt; the board's port and cell names 7.1 and 8.5 pt, its start captions 9.6; its notes stay 9.1, for adults)."""
    seen = set()
    for kind, page in page_kinds(kits[game, lang], game, lang):
        chars = above_foot(page)
        if kind in ("rules", "record"):
            small = [c for c in chars if c["size"] < SMALLEST_PT]
            assert not small, (kind, page.page_number, "".join(c["text"] for c in small)[:60])
            seen.add(kind)
        if kind == "board":
            small = [c for c in chars if printed_size(c) < SMALLEST_PT and not board_note(c)]
            assert not small, (kind, page.page_number, "".join(c["text"] for c in small)[:60])
            seen.add(kind)
        if kind == "tiles":
            names = {word(game, lang, "token", t) for t in ("white", "black", "path")} - {""}
            discs = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.1 and mm(c["width"]) > 15]
            found = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] in names and any(
                abs(w["x0"] + w["x1"] - d["x0"] - d["x1"]) < 2 and 0 < mm(w["top"] - d["bottom"]) < 6 for d in discs)]
            if found:
                assert min(w["size"] for w in found) >= SMALLEST_PT, (lang, [(w["text"], w["size"]) for w in found])
                seen.add("tokens")
    assert seen == {"rules", "record", "tokens", "board"}


NOTE_PT = 9.07  # the board's notes (its cell size, how to join its parts): for the adult who prints and assembles


def board_note(char: dict) -> bool:
    return abs(char["size"] - NOTE_PT) < 0.01 and "Bold" not in char["fontname"] and char["upright"]


def printed_size(char: dict) -> float:
    """A character's type size; pdfplumber's `size` of a character set along a vertical line is its advance,
    so its size is then its box's width."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_nothing_on_the_eight_port_boards_is_under_10_pt(tmp_path, lang):
    """Port names (were 7.1 pt), the strips' part numbers (7.4 pt, set along the strip), the start captions
    (9.6 pt): every character above the foot of both sheets but the notes on joining the parts."""
    out = build(tmp_path, f"board-{lang}", "build", "--game", "eight-port-path-tiles", "--lang", lang,
                "--only", "board")
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 2
        for page in pdf.pages:
            chars = above_foot(page)
            assert any(not c["upright"] for c in chars) or page.page_number == 2  # the strip's words
            small = [c for c in chars if printed_size(c) < SMALLEST_PT and not board_note(c)]
            assert not small, (page.page_number, "".join(c["text"] for c in small)[:60])


def test_the_rules_labels_are_10_pt_where_they_were_7_to_9(kits):
    """The catalogue's type numbers, the step pictures' row and column names, the captions: 10.06 pt."""
    for kind, page in page_kinds(kits["hexagon-path-tiles", "en"], "hexagon-path-tiles", "en"):
        if kind == "rules":
            sizes = sorted({round(c["size"], 2) for c in above_foot(page)})
            assert sizes[0] == 10.06, sizes
            bold_digits = {round(c["size"], 2) for c in above_foot(page) if c["text"].isdigit() and "Bold" in c["fontname"]}
            assert min(bold_digits) >= SMALLEST_PT


def column_ends(page) -> tuple[float, float]:
    """Where the text of the left and of the right column ends, in mm from the top (the lead across both excluded)."""
    mid = page.width / 2
    chars = [c for c in above_foot(page) if c["size"] < 15]
    left = [c["bottom"] for c in chars if c["x1"] < mid]
    right = [c["bottom"] for c in chars if c["x0"] > mid]
    return mm(max(left)), mm(max(right))


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", every(LANGS, keep=lambda lang: lang in ("en", "uk")))  # fr, es, de: -m slow
def test_the_rules_columns_end_about_level(kits, lang):
    for game in FAST_GAMES:
        pages = [p for kind, p in page_kinds(kits[game, lang], game, lang) if kind == "rules"]
        left, right = column_ends(pages[-1])
        assert abs(left - right) <= 30.0, (game, left, right)


def kit_sheets(path: Path) -> int:
    """The sheets of a whole kit: the players' file and the host's file beside it."""
    host = path.with_name(path.stem + "-host-key.pdf")
    return sheets(path) + (sheets(host) if host.exists() else 0)


ENGLISH_SHEETS = {"eight": 9, "class": 57, "hex": 6, "hex-class": 63}  # players' and host's files together


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kit_and_class_set_takes_the_english_sheets(tmp_path, paper):
    """Whole kits (both files) in five languages: the eight-port kit, the hexagon kit and 15-kit class sets of the
    default game and the hexagon game (hexagon uk took 7 and 78 before its rules fitted one sheet)."""
    runs = {"eight": ["--game", "eight-port-path-tiles"], "class": ["--kits", "15"],
            "hex": ["--game", "hexagon-path-tiles"], "hex-class": ["--game", "hexagon-path-tiles", "--kits", "15"]}
    counts = {(kind, lang): kit_sheets(build(tmp_path, f"{kind}-{lang}", "build", *args, "--lang", lang,
                                             "--paper", paper))
              for kind, args in runs.items() for lang in LANGS}
    for kind in runs:
        assert {counts[kind, lang] for lang in LANGS} == {ENGLISH_SHEETS[kind]}, (kind, counts)


@pytest.fixture(scope="module")
def eight_port_host_keys(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("host-keys")
    return {lang: build(tmp, f"hk-{lang}", "build", "--game", "eight-port-path-tiles", "--lang", lang,
                        "--only", "host-key") for lang in ("en", "fr", "uk")}


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", ["fr", "uk"])
def test_the_eight_port_host_key_takes_the_english_sheets(eight_port_host_keys, lang):
    """The first-move tables go two-up in French and Ukrainian too (DEHORS, ВИБУЛА are wider than OUT): they
    took a third sheet. Every word of the tables stays inside its cell, measured from the cell lines."""
    assert sheets(eight_port_host_keys[lang]) == sheets(eight_port_host_keys["en"]) == 2
    with open_pdf(eight_port_host_keys[lang]) as pdf:
        for page in pdf.pages:
            cells = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) < 0.01 and 4 < mm(ln["bottom"] - ln["top"]) < 8]
            walls = sorted({round(ln["x0"], 2) for ln in cells})
            halves = [w for w in walls if w > page.width / 2]
            assert halves, "a table beside the other"
            words = [w for w in page.extract_words() if any(abs(c["top"] - w["top"]) < 8 for c in cells)]
            for word in words:
                if any(abs(ln["top"] - word["top"]) < 4 for ln in cells):
                    assert not any(word["x0"] < x < word["x1"] for x in walls), (word["text"], page.page_number)


@pytest.fixture(scope="module")
def eight_port_records(tmp_path_factory) -> dict[tuple[str, str], Path]:
    tmp = tmp_path_factory.mktemp("records")
    return OnDemand(lambda key: build(tmp, f"rec-{key[0]}-{key[1]}", "build", "--game", "eight-port-path-tiles",
                                      "--lang", key[0], "--paper", key[1], "--only", "record"))


WRITE_ROW = 7.0  # mm: the least row a child writes a move in
WRITE_STOP = 18.0  # mm: the least column a child writes a stop ("F6/N1", "A2/Пд2") in


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang, paper", covering(itertools.product(LANGS, ["a4", "letter"])))  # all 10: -m slow
def test_the_eight_port_record_takes_one_sheet(eight_port_records, lang, paper):
    """All 35 turns of the eight-port game on one sheet (they took a second sheet for turns 29 to 35): two tables
    side by side under the example, their rows at least 7 mm tall, the stop columns at least 18 mm wide, every
    head and number inside its cell and at 10 pt or more, and the result lines below the tables. Measured from
    the rules and words of the PDF."""
    with open_pdf(eight_port_records[lang, paper]) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        rules = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01]
        walls = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and mm(ln["bottom"] - ln["top"]) > 100]
        tables = sorted({(round(mm(ln["top"]), 1), round(mm(ln["bottom"]), 1)) for ln in walls})
        assert len(tables) == 2, tables  # the two tables' column lines: one height each
        xs = sorted({round(mm(ln["x0"]), 2) for ln in walls})
        middle = mm(page.width) / 2
        left, right = [x for x in xs if x < middle], [x for x in xs if x > middle]
        assert len(left) == len(right) >= 5 and left[-1] < right[0] - 3  # side by side, a gutter between
        for edges in (left, right):
            widths = [b - a for a, b in zip(edges, edges[1:])]
            assert min(widths[-2:]) >= WRITE_STOP, widths  # the two stop columns
            inside = [ln for ln in rules if edges[0] - 0.1 <= mm(ln["x0"]) and mm(ln["x1"]) <= edges[-1] + 0.1
                      and mm(ln["x1"] - ln["x0"]) > edges[-1] - edges[0] - 0.5]
            ys = sorted({round(mm(ln["top"]), 2) for ln in inside})  # the rule at the foot of every row
            rows = [b - a for a, b in zip(ys, ys[1:])]
            assert len(ys) >= 17 and min(rows) >= WRITE_ROW, rows
        top, bottom = tables[0][0], max(b for _, b in tables)
        words = page.extract_words(extra_attrs=["size"])
        numbers = {w["text"] for w in words if w["text"].isdigit() and top < mm(w["top"]) < bottom}
        assert {str(n) for n in range(1, 36)} <= numbers
        for w in words:
            if top - 3 < mm(w["top"]) < bottom:  # the heads (just below the tables' top) and the rows
                assert w["size"] >= SMALLEST_PT, w["text"]
                assert not any(mm(w["x0"]) < x - 0.1 and x + 0.1 < mm(w["x1"]) for x in xs), w["text"]
        below = {round(w["top"]) for w in words if bottom < mm(w["top"]) < content_box(paper)[3] - SCALE_CHECK_H}
        assert len(below) >= 2  # the result's two lines to write on, below the tables


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, size, least_share", [
    ("edge-port-path-tiles", 35, 1.0), ("shared-path", 35, 1.0),
    ("hexagon-path-tiles", 35, 0.8),  # 20 of 25 (the others 9 pt)
    ("eight-port-path-tiles", 35, 0.65),  # 23 of 35
    ("edge-port-path-tiles", 20, 0.65),  # 12 of 18
])
def test_tile_ids_are_10_pt_where_the_tile_has_room(tmp_path, game, size, least_share):
    """A tile's id (`3·6`, type and copy) at 10 pt where the tile has room for it near its corner clear of its
    lines (it was 7.1 pt on every tile up to 35 mm), never under the 7.1 pt it had, and from 35 mm never under
    9 pt (an id moves off its corner rather than shrink below it: eight-port 35 mm had 12 of 35 at 7.1-8.9 pt,
    hexagon 1 of 5); the type number a player writes on the record is larger still (at least 14 pt at 35 mm).
    Measured from the PDF's words."""
    import re

    out = build(tmp_path, "tiles", "build", "--game", game, "--tile-size", str(size), "--only", "tiles",
                "--host-key", "omit")
    with open_pdf(out) as pdf:
        words = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size", "fontname"])]
    ids = [w["size"] for w in words if re.fullmatch(r"\d+·\d+", w["text"])]
    types = [w["size"] for w in words if re.fullmatch(r"\d+", w["text"]) and "Bold" in w["fontname"]]
    assert ids and min(ids) >= 7.05
    assert sum(s >= SMALLEST_PT for s in ids) >= least_share * len(ids), sorted(ids)
    assert size < 35 or min(types) >= 13.9
    assert size < 35 or min(ids) >= 9.0, sorted(ids)


def black_path_lines(page) -> list[tuple[list, float]]:
    """A page's black path lines drawn as curves (a tile's port lines), each as its points (mm) and width (mm)."""
    from test_tile_art import _grey, bezier_points

    return [(bezier_points(c["path"], mm(page.height))[0], mm(c["linewidth"])) for c in page.curves
            if any(op == "c" for op, *_ in c["path"]) and _grey(c["stroking_color"]) < 0.5
            and mm(c["linewidth"]) >= 0.3]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, lang", [("eight-port-path-tiles", "en"), ("eight-port-path-tiles", "fr"),
                                        ("hexagon-path-tiles", "uk")])
def test_no_number_on_the_rules_pictures_lies_over_a_line(tmp_path, game, lang):
    """The type numbers a child finds a tile by (10 pt, bold) on the rules pages' pictures stand clear of every
    path line, or under their pictures: on the eight-port catalogue's 16 mm pictures 15 of 35 lay over lines
    ("33" between two, the dots of 35 through it). Measured from the PDF: each bold digit's ink against every black
    line drawn as a curve, with half its width."""
    from test_tile_art import chunks, ink_box, polyline_box_dist

    out = build(tmp_path, "rules", "build", "--game", game, "--lang", lang, "--only", "rules", "--host-key", "omit")
    digits = 0
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            lines = [(points, width, chunks(points)) for points, width in black_path_lines(page)]  # chunks once a line
            for c in page.chars:
                if c["text"].isdigit() and "Bold" in c["fontname"]:
                    box = ink_box([c])
                    digits += 1
                    near = min((polyline_box_dist(box, points, width, parts) - width / 2 for points, width, parts in lines),
                               default=1.0)
                    assert near >= -0.01, (page.page_number, c["text"], [round(v, 1) for v in box], round(near, 2))
    assert digits >= 5  # the step pictures' row names at least


def test_a_class_sets_eight_port_tiles_keep_number_and_kit_id_clear_of_the_lines(tmp_path):
    """A class set's wider ids (K15 · 28·1) at the default 35 mm: where one line finds no room clear of the lines,
    the kit goes over the id on two lines; 6 of the 35 types had both labels over their lines (7.4 and 7.1 pt,
    the warning's "--tile-size 47 would do"). Measured from the PDF: every character's ink clear of every black line
    drawn as a curve, every type number and id 9 pt or more (the least readable size: one type number gives room,
    15.9 to 9.5 pt, for its id to print at 9 pt, not 7.1), every tile its kit's K15 and its id."""
    import re

    from test_tile_art import chunks, ink_box, polyline_box_dist

    out = build(tmp_path, "k15", "build", "--game", "eight-port-path-tiles", "--kits", "15", "--kit", "15",
                "--only", "tiles", "--host-key", "omit")
    types, kits, ids, sizes = [], 0, 0, []
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            lines = [(points, width, chunks(points)) for points, width in black_path_lines(page)]  # chunks once a line
            for c in page.chars:
                if c["text"].strip():
                    box = ink_box([c])
                    near = min((polyline_box_dist(box, points, width, parts) - width / 2 for points, width, parts in lines),
                               default=1.0)
                    assert near >= -0.01, (page.page_number, c["text"], [round(v, 1) for v in box], round(near, 2))
            words = page.extract_words(extra_attrs=["size", "fontname"])
            types += [w["size"] for w in words if re.fullmatch(r"\d+", w["text"]) and "Bold" in w["fontname"]]
            kits += sum(w["text"] == "K15" for w in words)
            ids += sum(bool(re.fullmatch(r"\d+·1", w["text"])) for w in words)
            sizes += [w["size"] for w in words if w["text"] == "K15" or re.fullmatch(r"\d+·1", w["text"])]
    assert len(types) == kits == ids == 35
    assert min(types) >= 9.0 - 0.005 and min(sizes) >= 9.0 - 0.005, (sorted(types), sorted(sizes))


def plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def token_places(path: Path, game: str, lang: str) -> list[dict]:
    """Every page's tokens (their names, 10.06 pt, under them), each with the title of the section it stands in
    (the nearest title, 15 pt or more, above it), and the page's text and titles."""
    names = {word(game, lang, "token", k) for k in ("white", "black", "path")} - {""}
    pages = []
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            big = sorted((c for c in page.chars if c["size"] > 15), key=lambda c: (round(c["top"]), c["x0"]))
            lines: dict[int, str] = {}
            for c in big:
                lines[round(c["top"])] = lines.get(round(c["top"]), "") + c["text"]
            tokens = [w for w in page.extract_words(extra_attrs=["size"])
                      if w["text"] in names and abs(mm(w["size"]) - 3.55) < 0.02]
            lines = {top: text for top, text in lines.items() if not text.strip().isdigit()}  # not the tiles' numbers
            within = [max((top for top in lines if top < w["top"]), default=None) for w in tokens]
            pages.append({"titles": {top: plain(t) for top, t in lines.items()},
                          "tokens": [lines[top] if top is not None else "" for top in within],
                          "text": plain(page.extract_text())})
    return pages


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game, size", [("edge-port-path-tiles", "20"), ("shared-path", "20"),
                                        ("edge-port-path-tiles", "40"), ("hexagon-path-tiles", "55")])
def test_the_tiles_title_and_the_token_note_say_where_the_tokens_are(tmp_path, game, size):
    """A tile section titled "Tiles and tokens" holds tokens; where the tokens stand beside the board without their
    note, the tile sheet says so ("Tokens, beside the board: cut them out..."). At 20 mm the tokens stood beside the
    board while the tiles under it were titled "Tiles and tokens" with "Tokens: cut them out" (in every language);
    at 40 mm a tile sheet of its own said so, with no token on it."""
    for lang in LANGS:
        out = build(tmp_path, f"{lang}", "build", "--game", game, "--tile-size", size, "--lang", lang,
                    "--only", "board,tiles,tokens")
        pages = token_places(out, game, lang)
        both = plain(word(game, lang, "tiles", "title")).replace(" ", "")
        note = plain(word(game, lang, "tiles", "tokens"))
        beside_note = plain(word(game, lang, "tiles", "tokens_beside"))
        assert beside_note and sum(len(p["tokens"]) for p in pages) >= 3  # the tokens are found
        continued = plain(word(game, lang, "tiles", "continued")).replace(" ", "")
        opened: list[bool] = []
        for p in pages:
            # the title of each token's section ("Tiles, continued": the section goes on, as the hexagon tokens
            # beside the last row of its last sheet)
            held = [both if plain(t).replace(" ", "") == continued else plain(t).replace(" ", "") for t in p["tokens"]]
            titles = [text.replace(" ", "") for text in p["titles"].values()]
            if both in titles:  # "Tiles and tokens": its section (this sheet and those it goes on to) holds the tokens
                opened.append(False)
            elif opened and not any(t in (both, continued) for t in titles) and any(titles):
                opened.append(True)  # another section: the last one closed (the True only keeps the count right)
            if both in held and opened:
                opened[-1] = True
            if note in p["text"]:  # the tokens' own note is on a page that holds them, or heads their section
                assert p["tokens"] or both in titles, (lang, note)
        assert all(opened), (lang, opened)
        beside = [p for p in pages if any(plain(t).replace(" ", "") not in (both, continued) for t in p["tokens"])]
        kit = " ".join(p["text"] for p in pages)
        if beside and not any(note in p["text"] for p in beside):  # beside the board without their note
            assert beside_note in kit, lang


# every game x tile size x translation, each against English at that size: a pairwise cover by default (and the
# cases that took a sheet more before, kept), the rest under -m matrix. Sizes: the ends, the default, and where a
# translation's longer words tipped a sheet: 31 and 54 (eight-port tiles' head), 43 (edge-port), 52 and 53 (the
# shared path's board notes), 56, 59, 60 (hexagon tokens alone on a sheet)
SIZES = [20, 31, 35, 43, 52, 53, 54, 56, 59, 60]
TIPPED = {("edge-port-path-tiles", 43, "fr"), ("eight-port-path-tiles", 31, "de"), ("eight-port-path-tiles", 54, "fr"),
          ("hexagon-path-tiles", 56, "de"), ("hexagon-path-tiles", 60, "fr"), ("hexagon-path-tiles", 59, "uk"),
          ("shared-path", 52, "uk"), ("shared-path", 53, "es")}
ALL_GAMES = ["edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path"]
PIECES = "board,tiles,tokens"


@pytest.fixture(scope="module")
def sized(tmp_path_factory) -> OnDemand:
    tmp = tmp_path_factory.mktemp("sized")
    return OnDemand(lambda key: sheets(build(tmp, "-".join(map(str, key)), "build", "--game", key[0], "--tile-size",
                                             str(key[1]), "--lang", key[2], "--only", PIECES)))


@pytest.mark.parametrize("game, size, lang", sweep(itertools.product(ALL_GAMES, SIZES, LANGS[1:]),
                                                   keep=lambda case: case in TIPPED))
def test_every_translation_takes_the_sheets_english_takes_at_every_tile_size(sized, game, size, lang):
    """The board, tiles and tokens: before, fr and de took 8 sheets at 43 mm against English's 7 (the tiles' head a
    line longer cost a row), the hexagon kit 10 at 59 and 60 mm against 9 in fr, es, de, uk (the tokens alone on a
    "Tiles, continued" sheet), the shared path at 53 mm 9 in English against 8 in Spanish."""
    assert sized[game, size, lang] == sized[game, size, "en"], (game, size, lang)


@pytest.mark.parametrize("backs, size", [("duplex", 55), ("duplex", 60), ("fold", 60)])
def test_the_token_note_prints_when_the_tokens_go_beside_the_board_of_a_kit_with_backs(tmp_path, backs, size):
    """With tile backs the hexagon kit's tokens go on a part of the board under their heading alone (no room for
    their note there): the note is on the first sheet of fronts (it was on no page at 55 and 60 mm)."""
    out = build(tmp_path, f"backs-{backs}", "build", "--game", "hexagon-path-tiles", "--tile-size", str(size),
                "--backs", backs, "--only", PIECES)
    note = word("hexagon-path-tiles", "en", "tiles", "tokens_beside").split(":")[-1].split(".")[1].strip()
    with open_pdf(out) as pdf:
        texts = [" ".join(page.extract_text().split()) for page in pdf.pages]
    assert sum(note in text for text in texts) == 1, note
    assert sum(word("hexagon-path-tiles", "en", "kit", "class_tokens") in text for text in texts) >= 1


# The host's file (host key and teacher's guide, written beside the kit by default) in every print profile: each
# translation's against English's, a sheet count measured from the PDFs. Its pages take one step closer (lines and
# gaps, never a smaller size) where that saves a sheet, as the players' pages do; the translations that took a sheet
# more than English before and now take English's are kept in the default run (they fail on the code before it).
HOST_PROFILES = {"default": [], "large": ["--large-print"], "clear": ["--clear-print"]}
HOST_FITTED = {("large", "edge-port-path-tiles", "fr"), ("large", "edge-port-path-tiles", "es"),
               ("large", "hexagon-path-tiles", "fr")}  # were 6, 6 and 7 sheets against English's 5
# Sheets a translation still takes over English's: more words than one step closer saves a sheet for, without a
# smaller body (large print keeps 18 pt) or clear print's own wider line spacing given up. Large print: the guides
# take 4 sheets against English's 3 (the next step, a 17.3 pt body, would bring 8 of these down; the German guides
# not even then), the Ukrainian hexagon host key 3 against 2. Clear print: the edge-port guides 3 against 2, the
# eight-port host key in fr, es, uk 4 against 3. A case that comes down fails here until it is taken off this table.
HOST_OVER = {("large", "edge-port-path-tiles", "de"): 1, ("large", "edge-port-path-tiles", "uk"): 1,
             **{("large", "eight-port-path-tiles", lang): 1 for lang in LANGS[1:]},
             ("large", "hexagon-path-tiles", "fr"): 1, ("large", "hexagon-path-tiles", "es"): 1,
             ("large", "hexagon-path-tiles", "de"): 1, ("large", "hexagon-path-tiles", "uk"): 2,
             **{("large", "shared-path", lang): 1 for lang in LANGS[1:]},
             **{("clear", "edge-port-path-tiles", lang): 1 for lang in LANGS[1:]},
             **{("clear", "eight-port-path-tiles", lang): 1 for lang in ("fr", "es", "uk")}}


@pytest.fixture(scope="module")
def host_files(tmp_path_factory) -> OnDemand:
    """(profile, game, lang) -> the host's file of a whole kit built so (its default: two files)."""
    tmp = tmp_path_factory.mktemp("host-files")

    def make(key: tuple[str, str, str]) -> Path:
        profile, game, lang = key
        kit = build(tmp, "-".join(key), "build", "--game", game, "--lang", lang, *HOST_PROFILES[profile])
        return kit.with_name(kit.stem + "-host-key.pdf")

    return OnDemand(make)


@pytest.mark.parametrize("profile, game, lang", sweep(itertools.product(HOST_PROFILES, ALL_GAMES, LANGS[1:]),
                                                      keep=lambda case: case in HOST_FITTED, pairs=False))
def test_every_translation_of_the_host_file_takes_the_sheets_english_takes(host_files, profile, game, lang):
    """The host key and guide beside the kit: in large print every translation's guide took a sheet more than
    English's (edge-port 6 against 5, the hexagon game 7 in fr and uk), in clear print the edge-port guide's 5 against
    4; set a step closer where that saves a sheet, the large-print edge-port guide takes English's 5 in fr and es, the
    French hexagon host key English's 2 sheets (6 in all). English's own pages are as they were."""
    english = sheets(host_files[profile, game, "en"])
    assert sheets(host_files[profile, game, lang]) == english + HOST_OVER.get((profile, game, lang), 0), (english, HOST_OVER)


# The players' file in large and clear print, each translation's against English's (the host file's test's builds).
# Sheets a translation still takes over English's, each a case that fails here once it comes down: large print's
# German and Ukrainian eight-port rules 5 sheets against 4 (fitting them would take a body under 18 pt) and its
# shared-path rules 3 against 2; clear print's Ukrainian eight-port and hexagon rules (4 sheets against 3, 3 against
# 2), set in DejaVu (Atkinson Hyperlegible has no Cyrillic), wider than the face English is set in.
PLAYERS_FITTED = {("large", "eight-port-path-tiles", "fr"),  # 18 sheets against English's 17 before
                  ("large", "shared-path", "de"),  # 9 against 7: its board note split the board in two
                  ("clear", "hexagon-path-tiles", "es"),  # 7 against 6: its record's heads took a line too many
                  ("clear", "edge-port-path-tiles", "uk"),  # 6 against 5, and the hexagon kit 8 against 6: the
                  ("clear", "hexagon-path-tiles", "uk")}  # record's 3 last rows alone on a sheet (one table, not two)
PLAYERS_OVER = {("large", "eight-port-path-tiles", "de"): 1, ("large", "eight-port-path-tiles", "uk"): 1,
                **{("large", "shared-path", lang): 1 for lang in LANGS[1:]},
                ("clear", "eight-port-path-tiles", "uk"): 1, ("clear", "hexagon-path-tiles", "uk"): 1}


@pytest.mark.parametrize("profile, game, lang", sweep(itertools.product(["large", "clear"], ALL_GAMES, LANGS[1:]),
                                                      keep=lambda case: case in PLAYERS_FITTED, pairs=False))
def test_every_translation_of_the_players_file_takes_the_sheets_english_takes(host_files, profile, game, lang):
    def players(key: tuple[str, str, str]) -> int:
        host = host_files[key]
        return sheets(host.with_name(host.name.replace("-host-key", "")))

    english = players((profile, game, "en"))
    assert players((profile, game, lang)) == english + PLAYERS_OVER.get((profile, game, lang), 0), (english, PLAYERS_OVER)


def headings(game: str, lang: str) -> set[str]:
    """Every heading the game's text file (or the one it inherits from) prints whole: its `*_heading` words without a
    $ to fill in, spaces and soft hyphens left out (a heading may wrap)."""
    out = set()
    for name in (game, "edge-port-path-tiles"):
        data = tomllib.loads((TEMPLATES / name / f"text.{lang}.toml").read_text(encoding="utf-8"))
        out |= {plain_heading(value) for section in data.values() if isinstance(section, dict)
                for key, value in section.items() if key.endswith("_heading") and "$" not in value}
    return out


def plain_heading(text: str) -> str:
    return "".join(text.split()).replace("\u00ad", "").replace("-", "")


def lone_headings(page, names: set[str], marks: tuple[str, str]) -> list[str]:
    """The headings of a page of columns with nothing under them in their column above the footer (whose first line
    says whose page it is: the lowest of `marks` on the page): bold lines, one or more in a row down a column, whose
    words are a heading's."""
    mid = page.width / 2
    foot = max(w["top"] for w in page.extract_words() if w["text"] in marks)
    rows: dict[tuple[bool, float], list[dict]] = {}
    for c in page.chars:
        if c["bottom"] < foot and not c["text"].isspace():
            rows.setdefault((c["x0"] > mid, round(c["top"], 1)), []).append(c)
    lone = []
    for right in (False, True):
        lines = sorted((top, cs) for (side, top), cs in rows.items() if side == right)
        for i, (_, cs) in enumerate(lines):
            run = i
            while run < len(lines) and all("Bold" in c["fontname"] for c in lines[run][1]):
                words = "".join(c["text"] for line in lines[i:run + 1] for c in sorted(line[1], key=lambda c: c["x0"]))
                if plain_heading(words) in names:
                    if run + 1 == len(lines):
                        lone.append(words)
                    break
                run += 1
    return lone


LONE_HEADINGS = {("large", "edge-port-path-tiles", "fr"), ("large", "edge-port-path-tiles", "de"),
                 ("large", "hexagon-path-tiles", "uk")}  # of the 6 that failed before, with es, eight-port uk, hexagon fr


@pytest.mark.parametrize("profile, game, lang", sweep(itertools.product(HOST_PROFILES, ALL_GAMES, LANGS), pairs=False,
                                                      keep=lambda case: case in LONE_HEADINGS))
def test_a_heading_never_ends_its_column(host_files, profile, game, lang):
    """A heading has its section's first lines under it in its column, in the players' file and the host's. Levelling
    the last sheet's columns left the rules' last heading alone at the foot of the first column, its section at the
    top of the next, in 6 large-print kits (German: "Spielende" over a third of a column left blank): 3 of them run
    by default, all 6 under -m matrix; they fail on the code before."""
    host = host_files[profile, game, lang]
    names = headings(game, lang)
    marks = tuple(word(game, lang, "kit", key).split()[0] for key in ("players", "host_only"))
    for path in (host.with_name(host.name.replace("-host-key", "")), host):
        with open_pdf(path) as pdf:
            lone = [(n + 1, words) for n, page in enumerate(pdf.pages) for words in lone_headings(page, names, marks)]
        assert not lone, (path.name, lone)


def table_rules(page) -> list[dict]:
    """The page's horizontal lines over 20 mm long but the 50 mm and 2 in scale bars: its tables' rules."""
    return [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and mm(ln["x1"] - ln["x0"]) > 20
            and min(abs(mm(ln["x1"] - ln["x0"]) - bar) for bar in (50.0, 50.8)) > 0.05]


TABLE_CLEAR = 2.5  # mm at least from a table's last rule to the top of the footer's first line under it (its word boxes)
CLOSE_TO_FOOT = {("large", "eight-port-path-tiles", "en"), ("large", "eight-port-path-tiles", "fr"),
                 ("large", "eight-port-path-tiles", "uk"), ("clear", "hexagon-path-tiles", "uk")}  # 0.90-1.16 mm before
SET_CLOSER = {("large", "hexagon-path-tiles", "fr")}  # set a step closer to keep its sheet count: its tables may run
# down to the footer (blocks.TIGHT's table_foot), as its lines and gaps run closer


@pytest.mark.parametrize("profile, game, lang", sweep(itertools.product(("large", "clear"), ALL_GAMES, LANGS),
                                                      keep=lambda case: case in CLOSE_TO_FOOT, pairs=False))
def test_a_table_at_a_sheets_foot_stands_clear_of_the_footer(host_files, profile, game, lang):
    """A large-print host key's first-move table broke at a sheet's foot with its last rule 0.9-1.2 mm over the
    footer's first line ("Host only - Eight-port path tiles - Page 2 of 8", as large as the table's words), which
    then read as the table's last row. Measured from the PDF on every sheet of the host's file: from the lowest rule
    of a table (a horizontal line over 20 mm long, not a scale bar) to the top of the footer's audience mark."""
    mark = word(game, lang, "kit", "host_only").split()[0]
    gaps = []
    with open_pdf(host_files[profile, game, lang]) as pdf:
        for page in pdf.pages:
            foot = [w["top"] for w in page.extract_words() if w["text"] == mark and abs(mm(w["x0"]) - content_box("a4")[0]) < 0.5]
            assert foot, (page.page_number, mark)
            rules = [ln["bottom"] for ln in table_rules(page) if ln["bottom"] < max(foot)]
            if rules:
                gaps.append((round(mm(max(foot) - max(rules)), 2), page.page_number))
    assert gaps, "no table in the host's file"
    if (profile, game, lang) not in SET_CLOSER:
        assert min(gaps) >= (TABLE_CLEAR, 0), gaps


@pytest.mark.parametrize("profile, game, lang", sweep(itertools.product(HOST_PROFILES, ALL_GAMES, LANGS),
                                                      keep=lambda case: case == ("large", "hexagon-path-tiles", "fr"),
                                                      pairs=False))
def test_a_table_carried_over_to_the_next_sheet_has_its_head_again(tmp_path, profile, game, lang):
    """A first-move table too long for the rest of a sheet breaks between two rows; the rows on the next sheet
    once stood under no head (the large-print French hexagon key: type 1 at page 1's foot, types 2 to 5 on page 2,
    whose turns were then to be guessed). Measured from the PDF: on every sheet of the host key, the first rule of
    a table is the top of a shaded head."""
    out = build(tmp_path, "key", "build", "--game", game, "--lang", lang, "--only", "host-key", "--host-key", "page",
                *HOST_PROFILES[profile])
    rule = 0.25 / mm(1)
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            heads = [r for r in page.rects if r.get("fill") and mm(r["width"]) > 20]
            ruled = [ln for ln in table_rules(page) if abs(ln["linewidth"] - rule) < 0.05]  # not a head's foot
            if not ruled:
                continue
            top = min(ln["top"] for ln in ruled)
            assert any(abs(r["top"] - top) < 0.5 for r in heads), (page.page_number, round(mm(top), 1))


@pytest.mark.parametrize("profile", ["clear"])  # large print sets the turns in two tables one under the other instead
def test_a_two_up_table_carried_over_reads_down_one_half_and_on_down_the_other(tmp_path, profile):
    """The eight-port host key's tables stand two-up (types 1-18 beside 19-35). Broken over sheets they once kept
    the whole table's pairing: page 1 held types 1-4 beside 19-22, page 2 5-18 beside 23-35. Measured from the
    PDF: under every head, the type numbers down the left half and then down the right run on one by one."""
    out = build(tmp_path, "key", "build", "--game", "eight-port-path-tiles", "--only", "host-key", "--host-key",
                "page", *HOST_PROFILES[profile])
    pieces = 0
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            heads = sorted({round(w["top"], 1) for w in words if w["text"] == "Type"})
            for n, top in enumerate(heads):
                below = heads[n + 1] if n + 1 < len(heads) else page.height
                columns = sorted(w["x0"] for w in words if w["text"] == "Type" and round(w["top"], 1) == top)
                if len(columns) != 2:
                    continue
                numbers = [[int(w["text"]) for w in sorted(words, key=lambda w: w["top"])
                            if w["text"].isdigit() and abs(w["x0"] - x) < 2 and top < w["top"] < below]
                           for x in columns]
                run = numbers[0] + numbers[1]
                assert run == list(range(run[0], run[0] + len(run))), (page.page_number, numbers)
                pieces += 1
    assert pieces >= 3  # the tables do break over sheets here


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("profile, game, lang", [("clear", "eight-port-path-tiles", "en"),
                                                 ("large", "hexagon-path-tiles", "fr"),
                                                 ("large", "eight-port-path-tiles", "uk"),
                                                 ("clear", "eight-port-path-tiles", "de")])
def test_a_table_carried_over_says_which_table_it_goes_on(tmp_path, profile, game, lang):
    """A sheet that starts inside a first-move table once showed only its column heads, not whose first move it
    is (White's or Black's, under a page title "Host key (continued)"). Measured from the PDF: a table's rows that
    start past type 1 (carried over: a table keeps a row on the sheet before) stand under a bold line "<the
    table's heading> (continued)"; a table that starts at type 1 under no such line."""
    out = build(tmp_path, "key", "build", "--game", game, "--lang", lang, "--only", "host-key", "--host-key", "page",
                *HOST_PROFILES[profile])
    suffix = word(game, lang, "kit", "continued").replace("$title", "").strip()
    carried = fresh = 0
    with open_pdf(out) as pdf:
        words = [(page.page_number, page, w) for page in pdf.pages
                 for w in page.extract_words(extra_attrs=["size", "fontname"])]
        body = max(set(w["size"] for _, _, w in words), key=[w["size"] for _, _, w in words].count)
        title_size = max(w["size"] for _, _, w in words)  # the page title ("Host key (continued)") is not the table's
        headings = {" ".join(w["text"] for _, _, w in words if body + 0.5 < w["size"] < title_size - 0.5
                             and "Bold" in w["fontname"])}
        for page in pdf.pages:
            page_words = [w for n, _, w in words if n == page.page_number]
            for head in [r for r in page.rects if r.get("fill") and mm(r["width"]) > 20]:
                if any(r is not head and r.get("fill") and abs(r["top"] - head["top"]) < 0.5 and r["x0"] < head["x0"]
                       for r in page.rects if mm(r["width"]) > 20):
                    continue  # a two-up table's right half: its left half is read
                below = sorted((w for w in page_words if w["text"].isdigit() and 0 < w["x0"] - head["x0"] < 8
                                and head["bottom"] - 0.5 < w["top"] < page.height - SCALE_CHECK_H / mm(1)),
                               key=lambda w: w["top"])  # the type column's numbers (not the scale bar's 50)
                above = [w for w in page_words if w["bottom"] <= head["top"] + 0.5]
                last = max(above, key=lambda w: w["bottom"])
                line = [w for w in above if abs(w["bottom"] - last["bottom"]) < 1]
                said = " ".join(w["text"] for w in sorted(line, key=lambda w: w["x0"]))
                if int(below[0]["text"]) > 1:
                    carried += 1
                    assert said.endswith(suffix) and all("Bold" in w["fontname"] and w["size"] < title_size - 0.5
                                                         for w in line), (page.page_number, said)
                    # the line (or the lines it wraps to) names a heading of the key
                    caption = [w for w in above if "Bold" in w["fontname"] and abs(w["size"] - last["size"]) < 0.1
                               and last["bottom"] - w["bottom"] < 3 * last["size"]]
                    text = " ".join(w["text"] for w in sorted(caption, key=lambda w: (round(w["top"]), w["x0"])))
                    assert any(text.removesuffix(suffix).strip() in h for h in headings), (text, headings)
                else:
                    fresh += 1
                    assert not said.endswith(suffix), (page.page_number, said)
    assert carried and fresh  # these keys do break a table over sheets


# A long step of the rules (its picture and words) or the setup box breaks at a column's foot as a paragraph does,
# rather than leave the column's foot empty: the large-print French eight-port rules took 5 sheets against English's
# 4, a column of them ending 125 mm over the footer (step 2, "Suis la ligne...", 14 lines, waited for the next sheet).
def rules_file(tmp: Path, game: str, lang: str, *args: str) -> Path:
    return build(tmp, f"rules-{game}-{lang}", "build", "--game", game, "--lang", lang, "--only", "rules", *args)


def column_feet(page) -> list[float]:
    """How far over the footer's first line each half of the page's words ends, in mm."""
    words = page.extract_words()
    foot = min(w["top"] for w in words if w["top"] > page.height * 0.8 and w["text"][0].isupper())
    halves = [[w for w in words if w["bottom"] < foot - 1 and (w["x0"] < page.width / 2) == left]
              for left in (True, False)]
    return [mm(foot - max(w["bottom"] for w in half)) for half in halves if half]


@pytest.mark.parametrize("game, lang", [("eight-port-path-tiles", "fr"), ("eight-port-path-tiles", "es"),
                                        ("edge-port-path-tiles", "fr")])
def test_a_long_step_and_the_setup_box_break_at_a_columns_foot(tmp_path, game, lang):
    english = sheets(rules_file(tmp_path, game, "en", "--large-print"))
    with open_pdf(rules_file(tmp_path, game, lang, "--large-print")) as pdf:
        assert len(pdf.pages) == english
        body = Counter(round(c["size"], 1) for page in pdf.pages for c in page.chars if c["size"] > 16.5)
        assert body.most_common(1)[0][0] == 18.0, body  # large print's body: the Spanish was set at 17.3 pt to fit
        feet = [column_feet(page) for page in pdf.pages[:-1]]
        assert max(max(f) for f in feet) < 60, feet  # before: 92 to 125 mm over the footer
        boxes = []
        for page in pdf.pages:
            frames = [r for r in page.rects if mm(r["width"]) > 60 and mm(r["height"]) > 20]
            boxes += frames
            for r in frames:  # a frame closes between two lines, never through one
                for c in page.chars:
                    if c["text"].isspace() or not (r["x0"] < c["x0"] < r["x1"]):
                        continue
                    inside = r["top"] < c["top"] + 0.5 and c["bottom"] - 0.5 < r["bottom"]
                    outside = c["bottom"] <= r["top"] + 0.5 or c["top"] >= r["bottom"] - 0.5
                    assert inside or outside, (c["text"], mm(c["top"]), mm(r["top"]), mm(r["bottom"]))
        if game == "edge-port-path-tiles":  # its setup box closes at the first column's foot and goes on beside it
            assert len(boxes) == 2, [(mm(b["x0"]), mm(b["top"])) for b in boxes]
            # ... under its heading said again ("Mise en place (suite)"), in bold, right over the frame: the part
            # carried over had none, and read as a box of its own
            said = word(game, lang, "kit", "continued").replace("$title", word(game, lang, "rules", "setup_heading"))
            page = next(p for p in pdf.pages if any(r in p.rects for r in boxes[1:]))
            top = boxes[1]["top"]
            over = [c for c in page.chars if boxes[1]["x0"] - 1 < c["x0"] < boxes[1]["x1"] and 0 < top - c["bottom"] < 8]
            assert "".join(c["text"] for c in over) == said, "".join(c["text"] for c in over)
            assert all("Bold" in c["fontname"] for c in over if not c["text"].isspace())
            # ... and a step breaks only where a column runs out, never to level the last sheet's columns: the end
            # step's words and its example ("1 en A1 : Blanc sort ...") stay in one column (they were split)
            words = pdf.pages[-1].extract_words()
            halves = {w["text"]: w["x0"] < pdf.pages[-1].width / 2 for w in words if w["text"] in ("conduit", "sort")}
            assert len(halves) == 2 and len(set(halves.values())) == 1, halves


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_a_step_the_last_sheets_columns_are_levelled_round_is_set_whole(tmp_path, lang):
    """The last sheet's columns are levelled by setting its blocks again under a lower foot. A step that had broken at
    the first column's foot went back in as its two parts, one under the other in a column: once a worked example
    was kept with its step's words, the large-print Ukrainian rules' end step read "Фішка, яку лінія / вивела за
    край", a gap as tall as its picture, then "поля, вибуває." (ColumnPages.balanced sets such a block whole.)
    Measured from the PDF: the step's words (rules.end_1) follow one another a line apart."""
    game = "edge-port-path-tiles"
    text = word(game, lang, "rules", "end_1").split()
    with open_pdf(rules_file(tmp_path, game, lang, "--large-print")) as pdf:
        page = pdf.pages[-1]
        every = page.extract_words()
        first = next(w for w in every if w["text"] == text[0])
        half = first["x0"] < page.width / 2  # the step's column: its words top down
        words = sorted((w for w in every if (w["x0"] < page.width / 2) == half and w["x0"] > first["x0"] - 0.5),
                       key=lambda w: (round(w["top"], 1), w["x0"]))  # right of the picture, as its text lines are set
        starts = [i for i in range(len(words)) if [w["text"] for w in words[i:i + 3]] == text[:3]]
        assert starts, [w["text"] for w in words][:40]
        run = words[starts[0]:starts[0] + len(text)]
        assert [w["text"] for w in run] == text
        tops = sorted({round(w["top"], 1) for w in run})
        size = max(w["bottom"] - w["top"] for w in run)
        assert max(b - a for a, b in zip(tops, tops[1:])) < 1.6 * size, [mm(t) for t in tops]


# A whole board whose note has no room under it starts the note in the corner its drawing leaves free, beside the
# start marker's caption and under the column letters, and goes on under the drawing, rather than split the board in
# two: the large-print shared-path board took 2 sheets in fr, es, de and uk (its note 3 lines, the room under it 2),
# the clear-print edge-port board 2 sheets in every language.
@pytest.mark.parametrize("game, profile, lang", [("shared-path", "--large-print", lang) for lang in LANGS]
                         + [("edge-port-path-tiles", "--clear-print", "en"), ("edge-port-path-tiles", "--clear-print", "uk")])
def test_a_board_note_goes_round_the_start_marker_rather_than_split_the_board(tmp_path, game, profile, lang):
    out = build(tmp_path, f"board-{lang}", "build", "--game", game, profile, "--lang", lang, "--only", "board")
    note = word(game, lang, "board", "note").replace("$size", "35").replace("\u00a0", " ").split()
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        words = page.extract_words()  # in reading order: line by line down the page, each from the left
        said: list[dict] = []
        for w in words:  # the whole note, in order (the marker's caption may come between its lines)
            if len(said) < len(note) and w["text"] == note[len(said)]:
                said.append(w)
        assert [w["text"] for w in said] == note
        bases = sorted({round(w["bottom"], 1) for w in said})
        assert len({round(mm(b - a), 1) for a, b in zip(bases, bases[1:])}) <= 1, bases  # one spacing throughout
        if (game, lang) != ("shared-path", "en"):  # English's note fits under the board
            assert mm(said[0]["x0"]) > 60  # it starts in the corner, beside the caption (the marker is at 27-43 mm)
        middle = (said[0]["top"] + said[0]["bottom"]) / 2
        rules = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["x1"] < said[0]["x0"] < ln["x1"] + 20
                 and ln["top"] < middle < ln["bottom"]]
        if (game, lang) != ("shared-path", "en"):  # a thin rule at the note's left sets it apart from the caption
            assert len(rules) == 1, rules
        others = [w for w in words if w not in said] + page.curves
        for w in said:  # clear of every other word, the marker and its caption
            for o in others:
                assert not (w["x0"] < o["x1"] - 0.3 and o["x0"] < w["x1"] - 0.3 and w["top"] < o["bottom"] - 0.3
                            and o["top"] < w["bottom"] - 0.3), (w["text"], o.get("text"))
