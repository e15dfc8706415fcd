"""Worksheets in large print and clear print (issue 22), measured from the PDFs.

Every run of characters on every sheet and key page (the footer, the row and column letters,
the answer labels, the hand's type numbers included) is read back with pdfplumber, and its
size compared with the profile's least: 16 pt in large print, 12 pt in clear print. The
answer boxes are measured too: every word of the key's answer lies inside the box it is
written in.
"""

from __future__ import annotations

import io
import itertools
from functools import lru_cache

import pdfplumber
import pytest

from covering import sweep
from papergame.build import worksheet_pdfs
from papergame.options import WorksheetOptions
from test_access import true_size  # a character's size in points, turned text too

PT_LEAST = {"large": 15.99, "clear": 11.99}


@lru_cache(maxsize=None)
def made(game: str | None, lang: str, level: str, mode: str):
    options = WorksheetOptions(level=level, seed=3, large_print=mode == "large", clear_print=mode == "clear")
    return worksheet_pdfs(game, options, lang=lang)


def runs(data: bytes) -> list[tuple[int, str, float]]:
    """(page, text, size) of every run of characters of one size on one line."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            current: list[dict] = []
            for c in list(page.chars) + [None]:  # type: ignore[list-item]
                if current and (c is None or abs(c["top"] - current[-1]["top"]) > 0.1
                                or round(true_size(c), 1) != round(true_size(current[-1]), 1)):
                    out.append((number, "".join(x["text"] for x in current), round(true_size(current[-1]), 2)))
                    current = []
                if c is not None and c["text"].strip():
                    current.append(c)
    return out


@pytest.mark.parametrize("lang, mode", sweep(itertools.product(["en", "fr", "uk"], ["large", "clear"]), pairs=False))
def test_every_word_of_a_sheet_and_its_key_is_at_the_profiles_least_size(lang, mode):
    sheets = made(None, lang, "medium", mode)
    for data in (sheets.sheets, sheets.keys):
        found = runs(data)
        assert len(found) > 20
        small = sorted({(p, t, s) for p, t, s in found if s < PT_LEAST[mode]})
        assert small == [], small


def cli_sheets(tmp_path, *args: str) -> tuple[bytes, bytes]:
    from click.testing import CliRunner

    from papergame.cli import main

    out = tmp_path / "ws.pdf"
    result = CliRunner().invoke(main, ["worksheet", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes(), (tmp_path / "ws-key.pdf").read_bytes()


CASES = [("edge-port-path-tiles", "de", "easy"), ("hexagon-path-tiles", "uk", "medium"),
         ("eight-port-path-tiles", "fr", "hard"), ("shared-path", "es", "medium"), ("shared-path", "de", "easy")]
EVERY = [(g, lang, level) for g in ("edge-port-path-tiles", "hexagon-path-tiles", "eight-port-path-tiles", "shared-path")
         for lang in ("en", "fr", "es", "de", "uk") for level in ("easy", "medium", "hard")]


def check_sizes(sheets: bytes, keys: bytes, least: float) -> None:
    for data in (sheets, keys):
        found = runs(data)
        assert len(found) > 15
        small = sorted({(p, t, s) for p, t, s in found if s < least})
        assert small == [], small


def boxes_hold_their_words(data: bytes) -> int:
    """No character of a page straddles the edge of an answer box (a rectangle at least 20 x 7 mm): each lies
    wholly inside it or wholly outside. Returns how many characters lie inside a box."""
    inside = 0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            boxes = [r for r in page.rects if r["width"] > 20 / MM and r["height"] > 7 / MM and not r["fill"]]
            for c in page.chars:
                if not c["text"].strip():
                    continue
                for r in boxes:
                    overlaps = c["x1"] > r["x0"] and c["x0"] < r["x1"] and c["bottom"] > r["top"] and c["top"] < r["bottom"]
                    within = (c["x0"] >= r["x0"] - 0.01 and c["x1"] <= r["x1"] + 0.01
                              and c["top"] >= r["top"] - 0.01 and c["bottom"] <= r["bottom"] + 0.01)
                    assert within or not overlaps, (c["text"], page.page_number)
                    inside += within
    return inside


MM = 25.4 / 72


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,lang,level", CASES)
def test_worksheet_large_print_on_the_command_line(tmp_path, game, lang, level):
    sheets, keys = cli_sheets(tmp_path, "--large-print", "--game", game, "--lang", lang, "--level", level)
    check_sizes(sheets, keys, PT_LEAST["large"])
    assert boxes_hold_their_words(keys) > 0 or game == "shared-path"  # the own-token keys write in the boxes


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,lang,level", CASES)
def test_worksheet_clear_print_on_the_command_line(tmp_path, game, lang, level):
    sheets, keys = cli_sheets(tmp_path, "--clear-print", "--game", game, "--lang", lang, "--level", level)
    check_sizes(sheets, keys, PT_LEAST["clear"])
    with pdfplumber.open(io.BytesIO(sheets)) as pdf:
        faces = [(c["text"], c["fontname"].split("+")[-1]) for c in pdf.pages[0].chars if c["text"].strip()]
    cyrillic = [f for t, f in faces if "\u0400" <= t <= "\u04ff"]
    assert all(f.startswith("DejaVuSans") for f in cyrillic)  # Atkinson Hyperlegible has no Cyrillic
    assert bool(cyrillic) == (lang == "uk")
    latin = [f for t, f in faces if t.isascii() and t.isalnum()]
    atkinson = [f for f in latin if f.startswith("AtkinsonHyperlegible")]  # ids that tell l/I/1 and 0/O apart
    if lang == "uk":  # a text with Cyrillic letters is set in DejaVu whole; the board's letters and numbers not
        assert len(atkinson) >= 10
    else:
        assert latin and atkinson == latin, set(latin)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["large", "clear"])
@pytest.mark.parametrize("game,lang,level", EVERY)
def test_every_game_language_and_level_in_both_profiles(tmp_path, game, lang, level, mode):
    sheets, keys = cli_sheets(tmp_path, f"--{mode}-print", "--game", game, "--lang", lang, "--level", level)
    check_sizes(sheets, keys, PT_LEAST[mode])
    boxes_hold_their_words(keys)


def loose_texts(pages) -> list[tuple[str, str, str]]:
    """(page, text, anchor) of the page's own texts (not a diagram's labels, which are grouped with their drawing)
    set centred or to the right."""
    return [(page.name, item.text, item.anchor) for page in pages for item in page.items
            if type(item).__name__ == "Text" and item.anchor != "start"]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", [None, "hexagon-path-tiles", "shared-path"])
def test_large_print_sheets_and_keys_are_left_aligned(game):
    """UKAAF's large print is left-aligned: the sheet's number follows its title, the level and seed start at the
    left, a hand's type numbers start under their tiles; only a diagram's own letters and numbers stand centred on
    what they name. In the PDF: the title line's 'Fiche 1' starts 6 mm after the title's last word."""
    from papergame.build import worksheet_documents

    made = worksheet_documents(game, WorksheetOptions(level="easy", large_print=True, copies=2), "fr")
    assert loose_texts(made.pages + made.keys) == []
    standard = worksheet_documents(game, WorksheetOptions(level="easy"), "fr")
    assert loose_texts(standard.pages)  # the measure tells the two apart: the standard sheet's number is at the right
    data = worksheet_pdfs(game, WorksheetOptions(level="easy", large_print=True), lang="fr").sheets
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        first = page.extract_words()[0]  # the title's first word; the number, at the heading size, on its baseline
        line = sorted((w for w in page.extract_words() if first["top"] - 1 < w["top"] < (first["top"] + first["bottom"]) / 2),
                      key=lambda w: w["x0"])
        at = [i for i, w in enumerate(line) if w["text"] == "Fiche"]
        assert at and at[0] > 0, line
        gap = (line[at[0]]["x0"] - line[at[0] - 1]["x1"]) * MM
        assert 5.0 < gap < 7.5, gap


def test_svg_keys_are_named_after_the_sheets(tmp_path):
    """`-o ws.svg` writes ws-01.svg and ws-key-01.svg (the key was named ws.svg-key-01.svg), in large print too."""
    from click.testing import CliRunner

    from papergame.cli import main

    for args, name in ((["-o", str(tmp_path / "a" / "ws.svg")], "ws"), (["-o", str(tmp_path / "b" / "ws")], "ws"),
                       (["-o", str(tmp_path / "c" / "set.pdf")], "set")):
        folder = tmp_path / args[1].split("/")[-2]
        folder.mkdir()
        result = CliRunner().invoke(main, ["worksheet", "--format", "svg", "--large-print", "--level", "easy", *args])
        assert result.exit_code == 0, result.output
        assert sorted(p.name for p in folder.iterdir()) == [f"{name}-01.svg", f"{name}-key-01.svg"]
