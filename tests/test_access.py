"""Type profiles (#22): clear print measured in the PDF itself.

Every size, gap and face below is read back from the PDF with pdfplumber (points; 1 pt =
0.3528 mm) and compared with what the profile asks for: clear print sets body text at 14 pt,
nothing under 12 pt, letters 0.1 em and words a further 0.16 em apart, in Atkinson
Hyperlegible wherever that face has every letter of a text (DejaVu Sans for Cyrillic).
"""

from __future__ import annotations

import io
import math
import statistics
from functools import lru_cache
from importlib import resources

import pdfplumber
import pytest
from reportlab.pdfbase.ttfonts import TTFont

from papergame.build import kit_pdfs
from papergame.layout.paper import CLEAR, CONTENT_W, PAPERS
from papergame.options import KitOptions

MM = 25.4 / 72
FONT_FILES = {"AtkinsonHyperlegible-Regular": "AtkinsonHyperlegible-Regular.ttf",
              "AtkinsonHyperlegible-Bold": "AtkinsonHyperlegible-Bold.ttf",
              "DejaVuSans": "DejaVuSans.ttf", "DejaVuSans-Bold": "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=None)
def face(name: str):
    """The TrueType face of a font named in the PDF (its subset prefix dropped)."""
    base = name.split("+", 1)[-1]
    data = resources.files("papergame.render").joinpath("fonts", FONT_FILES[base]).read_bytes()
    return TTFont(base, io.BytesIO(data)).face


@lru_cache(maxsize=None)
def pdf(lang: str, clear: bool, only: tuple[str, ...] = ("rules",)) -> bytes:
    return kit_pdfs(lang=lang, options=KitOptions(clear_print=clear, only=only or None)).kit


@lru_cache(maxsize=None)
def chars(data: bytes) -> list[list[dict]]:
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [list(page.chars) for page in doc.pages]


def words(data: bytes) -> list[list[dict]]:
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [page.extract_words(extra_attrs=["size", "fontname"], use_text_flow=True) for page in doc.pages]


def test_clear_print_body_is_14_pt_and_no_word_is_under_12_pt():
    every = [c for page in chars(pdf("en", True)) for c in page if c["text"].strip()]
    assert statistics.median(round(c["size"], 2) for c in every) >= 13.99
    small = sorted({(w["text"], round(w["size"], 2)) for page in words(pdf("en", True)) for w in page
                    if w["size"] < 11.99 and len(w["text"]) > 1})
    assert small == [], small
    standard = [c for page in chars(pdf("en", False)) for c in page if c["text"].strip()]
    assert statistics.median(round(c["size"], 2) for c in standard) < 12  # the measure tells the two apart


def letter_gaps(pages: list[list[dict]], size: float) -> list[float]:
    """Gaps in em between neighbouring letters of one word at `size` pt (a glyph's end to the next one's start)."""
    gaps = []
    for page in pages:
        for a, b in zip(page, page[1:]):
            same_line = abs(a["top"] - b["top"]) < 0.1 and round(a["size"], 2) == round(b["size"], 2) == size
            if same_line and a["text"].strip() and b["text"].strip() and 0 <= b["x0"] - a["x1"] < size:
                gaps.append((b["x0"] - a["x1"]) / size)
    return gaps


def test_clear_print_spaces_letters_a_tenth_of_an_em_apart():
    clear = letter_gaps(chars(pdf("en", True)), 14.0)
    assert len(clear) > 500
    assert statistics.median(clear) == pytest.approx(CLEAR.tracking, abs=0.005)
    standard = letter_gaps(chars(pdf("en", False)), 11.06)
    assert statistics.median(standard) == pytest.approx(0.0, abs=0.005)


def word_gaps(pages: list[list[dict]], size: float) -> list[float]:
    """From a word's last glyph to the next word's first on one line, in em, less the font's own space.

    (The renderer draws each word where the profile puts it, so the PDF holds no space characters.)"""
    gaps = []
    for page in pages:
        for a, b in zip(page, page[1:]):
            if abs(a["top"] - b["top"]) > 0.1 or round(a["size"], 2) != size or round(b["size"], 2) != size:
                continue
            font = face(a["fontname"])
            space = font.charWidths[32] * size / 1000  # keyed by character
            if space <= b["x0"] - a["x1"] < 2 * size:
                gaps.append((b["x0"] - a["x1"] - space) / size)
    return gaps


def test_clear_print_puts_words_further_apart_too():
    clear = word_gaps(chars(pdf("en", True)), 14.0)
    assert len(clear) > 200
    # the space itself is a letter: it gets the tracking, and so does the letter before it
    assert statistics.median(clear) == pytest.approx(2 * CLEAR.tracking + CLEAR.word_gap, abs=0.01)


def test_clear_print_sets_latin_in_atkinson_hyperlegible_and_every_character_is_in_its_font():
    for lang in ("en", "fr", "uk"):
        fonts = set()
        for page in chars(pdf(lang, True)):
            for c in page:
                if not c["text"].strip():
                    continue
                fonts.add(c["fontname"].split("+")[-1])
                assert ord(c["text"]) in face(c["fontname"]).charToGlyph, (lang, c["text"], c["fontname"])
                if "\u0400" <= c["text"] <= "\u04ff":
                    assert "DejaVu" in c["fontname"], c
        assert not any("Italic" in f or "Oblique" in f for f in fonts), fonts  # no italics for emphasis
        if lang == "uk":  # Cyrillic in DejaVu; the ids, numbers and coordinates in Atkinson Hyperlegible
            assert {"DejaVuSans", "AtkinsonHyperlegible-Bold"} <= fonts, fonts
        else:
            assert fonts <= {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}, (lang, fonts)


def test_clear_print_keeps_every_character_inside_the_content_box():
    pw, _ = PAPERS["a4"]
    left, right = (pw - CONTENT_W) / 2, (pw + CONTENT_W) / 2
    for lang in ("en", "de"):
        for page in chars(pdf(lang, True)):
            xs = [(c["x0"] * MM, c["x1"] * MM) for c in page if c["text"].strip()]
            assert min(x0 for x0, _ in xs) >= left - 0.01 and max(x1 for _, x1 in xs) <= right + 0.01, lang


# --- the whole clear-print kit -------------------------------------------------------------------

LANGS = ("en", "fr", "es", "de", "uk")


@lru_cache(maxsize=None)
def clear_kit(lang: str, game: str | None = None) -> bytes:
    """Every page of the clear-print kit, the host's too, in one file (`page`: by default they are a file apart)."""
    return kit_pdfs(game, lang=lang, options=KitOptions(clear_print=True, host_key="page")).kit


def true_size(c: dict) -> float:
    """A character's font size in points, turned text too: pdfminer gives a turned character's box, the box of
    its advance and its size turned by the text's angle, which this undoes."""
    a, b = c["matrix"][0], c["matrix"][1]
    if abs(b) < 1e-6:
        return c["size"]
    cos, sin = abs(a) / math.hypot(a, b), abs(b) / math.hypot(a, b)
    w, h = c["x1"] - c["x0"], c["bottom"] - c["top"]
    return (cos * h - sin * w) / (cos * cos - sin * sin)


def body_sizes(data: bytes) -> list[float]:
    """The size of every line of running text (more than 30 characters) above the footer, once a character."""
    sizes = []
    with pdfplumber.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            for line in page.extract_text_lines(strip=True):
                if len(line["text"]) > 30 and (page.height - line["bottom"]) * MM > 40:
                    sizes += [round(c["size"], 2) for c in line["chars"] if c["text"].strip()]
    return sizes


def line_sizes(data: bytes) -> list[tuple[int, str, float]]:
    """(page, text, size) of every run of characters of one size on one line (a word, a label, a number)."""
    runs = []
    for number, page in enumerate(chars(data), start=1):
        current: list[dict] = []
        for c in page + [None]:  # type: ignore[list-item]
            if current and (c is None or abs(c["top"] - current[-1]["top"]) > 0.1
                            or round(true_size(c), 1) != round(true_size(current[-1]), 1)):
                runs.append((number, "".join(x["text"] for x in current), round(true_size(current[-1]), 2)))
                current = []
            if c is not None and c["text"].strip():
                current.append(c)
    return runs


@pytest.mark.default_cases(keep=lambda p: p["lang"] == "uk")
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang in ("en", "uk") else pytest.mark.slow)
                                  for lang in LANGS])
def test_every_word_of_the_clear_print_kit_is_12_pt_or_more_and_its_body_14(lang):
    runs = line_sizes(clear_kit(lang))
    small = sorted({(page, text, size) for page, text, size in runs if size < 11.99})
    assert small == [], small[:10]  # footers, table heads, tile ids, board letters, diagram labels included
    sizes = [size for _, text, size in runs for _ in text]
    assert statistics.median(sizes) >= 11.99
    assert statistics.median(body_sizes(clear_kit(lang))) >= 13.99  # the running text, above the footer


@pytest.mark.slow
@pytest.mark.parametrize("game", ["eight-port-path-tiles", "hexagon-path-tiles", "shared-path"])
def test_the_other_games_clear_print_kits_too(game):
    runs = line_sizes(clear_kit("en", game))
    assert sorted({(p, t, s) for p, t, s in runs if s < 11.99}) == []


def test_clear_print_keeps_true_scale_and_passes_check(tmp_path):
    from click.testing import CliRunner

    from papergame.cli import main

    out = tmp_path / "clear.pdf"
    result = CliRunner().invoke(main, ["build", "--clear-print", "-o", str(out)])
    assert result.exit_code == 0, result.output
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    with pdfplumber.open(out) as doc:  # the 35 mm cells and tiles are still 35 mm
        squares = [r for page in doc.pages for r in page.rects
                   if abs(r["width"] * MM - 35.0) < 0.01 and abs(r["height"] * MM - 35.0) < 0.01]
    assert len(squares) >= 18


def test_the_standard_and_clear_print_kits_print_no_colour():
    """The grey-only kit stays the default: every stroke and fill of the standard and clear-print
    kits is a grey level (ink is normal or low, both grey). The one colour option, the tactile
    kit's red labels, is checked for colour-blind eyes in tests/test_colour_vision.py."""
    from papergame.layout.ink import INKS

    assert all(hasattr(ink, "name") for ink in INKS.values())
    for data in (pdf("en", False, ()), clear_kit("en")):
        with pdfplumber.open(io.BytesIO(data)) as doc:
            for page in doc.pages:
                for thing in page.chars + page.rects + page.lines + page.curves:
                    for key in ("stroking_color", "non_stroking_color"):
                        colour = thing.get(key)
                        assert colour is None or isinstance(colour, (int, float)) or len(colour) == 1, (key, colour)


# --- large print -----------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def large_kit(lang: str, game: str | None = None, tile: float = 35.0) -> bytes:
    return kit_pdfs(game, lang=lang, options=KitOptions(large_print=True, tile=tile)).kit


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang in ("en", "uk") else pytest.mark.slow)
                                  for lang in LANGS])
def test_every_word_of_the_large_print_kit_is_16_pt_or_more_and_its_body_18(lang):
    runs = line_sizes(large_kit(lang))
    small = sorted({(page, text, size) for page, text, size in runs if size < 15.99})
    assert small == [], small[:10]  # body, labels, tile ids, table heads and the footer alike
    assert statistics.median(body_sizes(large_kit(lang))) >= 17.99
    standard = line_sizes(pdf(lang, False, ()))
    assert min(size for _, _, size in standard) < 8  # the measure tells the two kits apart


@pytest.mark.slow
@pytest.mark.parametrize("game, tile", [("eight-port-path-tiles", 55.0), ("hexagon-path-tiles", 35.0),
                                        ("shared-path", 35.0)])
def test_the_other_games_large_print_kits_too(game, tile):
    runs = line_sizes(large_kit("en", game, tile))
    assert sorted({(p, t, s) for p, t, s in runs if s < 15.99}) == []


def test_large_print_text_is_left_aligned():
    """Every text of the pages read as text (not a label inside a drawing) starts at its left edge: no centred
    titles or captions, nothing set to the right."""
    from papergame.build import make_pages

    _, _, kit = make_pages(options=KitOptions(large_print=True))
    texts = [(page.name, item) for page in kit.pages + kit.host_key  # the players' pages and the host's
             for item in page.items if type(item).__name__ == "Text"]
    assert len(texts) > 300
    loose = [(name, item.text) for name, item in texts if item.anchor != "start" and not name.startswith("board")]
    assert loose == []  # only the board's own labels (column letters, a start's caption) stand by what they name


def test_large_print_keeps_true_scale_and_says_which_tiles_have_room(tmp_path):
    from click.testing import CliRunner

    from papergame.cli import main

    out = tmp_path / "large.pdf"
    result = CliRunner().invoke(main, ["build", "--large-print", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(main, ["check", str(out)]).exit_code == 0
    with pdfplumber.open(out) as doc:  # 35 mm is still 35 mm: re-laid, not enlarged
        squares = [r for page in doc.pages for r in page.rects
                   if abs(r["width"] * MM - 35.0) < 0.01 and abs(r["height"] * MM - 35.0) < 0.01]
    assert len(squares) >= 18
    refused = CliRunner().invoke(main, ["build", "--large-print", "--game", "eight-port-path-tiles",
                                        "--tile-size", "35", "-o", str(tmp_path / "eight.pdf")])
    assert refused.exit_code == 2  # a size given is kept, or refused with the size that has room
    assert refused.output.strip().splitlines()[-1] == (
        "Error: --tile-size: 35 mm tiles have no room for their type numbers and ids at 16 pt clear of the lines; "
        "55 mm tiles have: leave tile-size out and the kit takes 55 mm")
    assert not (tmp_path / "eight.pdf").exists()


GUIDE_WORDS = {"en": ("cream or off-white matt paper", "--large-print", "--clear-print"),
               "fr": ("papier mat crème", "--large-print", "--clear-print"),
               "es": ("papel mate de color crema", "--large-print", "--clear-print"),
               "de": ("cremefarbenes", "--large-print", "--clear-print"),
               "uk": ("кремовому", "--large-print", "--clear-print")}


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang in ("en", "uk") else pytest.mark.slow)
                                  for lang in LANGS])
def test_the_guide_of_a_clear_or_large_kit_says_which_print_suits_whom(lang):
    large = kit_pdfs(None, lang=lang, options=KitOptions(large_print=True, host_key="page")).kit  # guide last
    for data in (clear_kit(lang), large):
        with pdfplumber.open(io.BytesIO(data)) as doc:  # the words in the order they are drawn, line after line
            text = " ".join(w["text"] for page in doc.pages[-3:] for w in page.extract_words(use_text_flow=True))
        for words in GUIDE_WORDS[lang]:
            assert words in text, (lang, words)
    with pdfplumber.open(io.BytesIO(pdf(lang, False, ()))) as doc:  # the standard kit's guide is as it was
        assert GUIDE_WORDS[lang][0] not in " ".join((p.extract_text() or "").replace("\n", " ") for p in doc.pages)


def test_large_and_clear_print_together():
    data = kit_pdfs(options=KitOptions(large_print=True, clear_print=True)).kit
    runs = line_sizes(data)
    assert sorted({(p, t, s) for p, t, s in runs if s < 15.99}) == []
    fonts = {c["fontname"].split("+")[-1] for page in chars(data) for c in page}
    assert fonts <= {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}, fonts
    assert statistics.median(letter_gaps(chars(data), 18.0)) == pytest.approx(CLEAR.tracking, abs=0.005)


def test_the_predict_the_exit_sheets_read_the_profile_too():
    """The own-token worksheets are laid out from the profile: in English every word of a large-print sheet and
    its key is 16 pt or more (`worksheet --large-print`; tests/test_worksheet_print.py measures the rest)."""
    from papergame.build import worksheet_pdfs
    from papergame.options import WorksheetOptions

    made = worksheet_pdfs(None, WorksheetOptions(large_print=True), lang="en")
    for data in (made.sheets, made.keys):
        assert sorted({(p, t, s) for p, t, s in line_sizes(data) if s < 15.99}) == []
