"""papergame.braille: cells, the codes coordinates are written in (checked against liblouis), dot
geometry and BRF files.

liblouis (Debian's python3-louis) is a second opinion here, never a need of papergame's: a test
that asks it skips when it is missing, except on CI (CI=true), where `.ci/install-tools` installs it.
"""

from __future__ import annotations

import itertools
import math
import os
import sys

import pytest

from papergame import braille
from papergame.braille import (CODES, STANDARD, UEB, BrailleError, brf_file, brf_pages, brf_text, cell, coordinate,
                               dot_centres, louis_cells, ueb_uncontracted, unicode_braille)
from papergame.model.definition import BOARD_MAX


def need_louis():
    if braille.louis() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("liblouis (python3-louis) is missing on CI: .ci/install-tools installs it")
        pytest.skip("liblouis (Debian python3-louis) is not installed")
    return braille.louis()


COLUMNS = [chr(ord("A") + i) for i in range(BOARD_MAX)]
ROWS = [str(i) for i in range(1, BOARD_MAX + 1)]


@pytest.mark.parametrize("name", sorted(CODES))
def test_every_coordinate_a_board_can_have_is_written_as_liblouis_writes_it(name):
    need_louis()
    code = CODES[name]
    texts = COLUMNS + ROWS + [c + r for c, r in itertools.product(COLUMNS, ROWS)] + [str(n) for n in range(1, 100)]
    wrong = {t: (unicode_braille(coordinate(t, code)), unicode_braille(louis_cells(t, code.table))) for t in texts}
    assert {t: pair for t, pair in wrong.items() if pair[0] != pair[1]} == {}


def test_the_codes_follow_each_language_s_number_and_capital_signs():
    assert unicode_braille(coordinate("A1")) == "⠠⠁⠼⠁"  # UEB: capital dot 6, numeric indicator 3456, digit a
    assert unicode_braille(coordinate("L12")) == "⠠⠇⠼⠁⠃"  # one numeric indicator for the run of digits
    assert unicode_braille(coordinate("A1", CODES["bfu"])) == "⠨⠁⠠⠡"  # French: capital 46, number dot 6, Antoine 1
    assert unicode_braille(coordinate("A10", CODES["bfu"])) == "⠨⠁⠠⠡⠼"  # Antoine 0 is dots 3456
    assert unicode_braille(coordinate("A1", CODES["de"])) == "⠁⠼⠁"  # German Basisschrift marks no capitals
    assert unicode_braille(coordinate("A1", CODES["es"])) == unicode_braille(coordinate("A1", CODES["uk"])) == "⠨⠁⠼⠁"
    with pytest.raises(BrailleError):
        coordinate("1A")
    with pytest.raises(BrailleError):
        coordinate("A/1")


ENGLISH = ["A1", "E5/N", "OUT", "Lay tile 3@90 in A1.", "Turn 1: White lays 3 at A1, stands at A2/S.", "K7 · 3·4",
           "1a", "x2", "A1/S1", "TYPE@DEG", "C4/NE", "The host (an adult) keeps it; players don't.", "a–b", "25%",
           "“Yes”, she said!", "Is it 12.5 mm?", "2-3 tiles", "1+1=2", "Sides N E S W.",
           "Example; White; A1; 3; A2/S; E5/N", "1; OUT; B1/W; OUT; B1/W", "NE and SW only"]


@pytest.mark.parametrize("text", ENGLISH)
def test_own_uncontracted_english_is_liblouis_ueb_grade_1(text):
    need_louis()
    assert unicode_braille(ueb_uncontracted(text)) == unicode_braille(louis_cells(text, "en-ueb-g1.ctb"))


def test_own_english_refuses_what_it_has_no_cell_for():
    with pytest.raises(BrailleError, match="U\\+00E9"):
        ueb_uncontracted("café")


def test_braille_ascii_is_liblouis_brf_display():
    lib = need_louis()
    every = [c for c in range(64)]
    text = "".join(chr(0x2800 + c) for c in every)
    assert lib.translateString(["en-us-brf.dis", "unicode.dis", "en-ueb-g1.ctb"], "A1") == brf_text(coordinate("A1"))
    assert brf_text(every) == " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="
    assert lib.backTranslateString(["en-us-brf.dis", "unicode.dis"], brf_text(every), mode=lib.dotsIO) or text


def test_ukrainian_letters_lose_liblouis_s_ninth_dot():
    need_louis()
    # є 345, і 13456, ї 1456, ґ 12456 (uk.utb sets dot 9 to tell them from Latin letters inside liblouis)
    assert unicode_braille(louis_cells("є і ї ґ", "uk.utb")) == "⠜⠀⠽⠀⠹⠀⠻"


def test_a_character_liblouis_cannot_write_is_an_error_not_a_dot_7_cell():
    need_louis()
    with pytest.raises(BrailleError):
        louis_cells("Б", "en-ueb-g1.ctb")


def test_no_liblouis_in_a_browser(monkeypatch):
    braille.louis.cache_clear()
    monkeypatch.setattr(sys, "platform", "emscripten")
    try:
        assert braille.louis() is None
    finally:
        monkeypatch.undo()
        braille.louis.cache_clear()


def test_dot_geometry_is_the_standard_one():
    g = STANDARD
    assert 2.3 <= g.dot <= 2.5 and 6.1 <= g.cell <= 7.6 and 10.0 <= g.line <= 10.2 and 1.4 <= g.diameter <= 1.6
    full = dot_centres([cell(1, 2, 3, 4, 5, 6), cell(1)], 10.0, 50.0)
    assert len(full) == 7
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = full[0], full[1], full[2], full[3]
    assert (x1, y1) == (10.75, 49.25)  # dot 1's top-left at (10, 50)
    assert math.isclose(y1 - y2, g.dot) and math.isclose(y2 - y3, g.dot) and x1 == x2 == x3
    assert math.isclose(x4 - x1, g.dot) and y4 == y1  # dot 4 beside dot 1
    assert math.isclose(full[6][0] - x1, g.cell) and full[6][1] == y1  # dot 1 of the next cell
    assert math.isclose(g.width(2), g.cell + g.dot + g.diameter)


def test_brf_lines_and_pages_keep_to_40_cells_and_25_lines():
    words = ueb_uncontracted(" ".join(f"Word{n} A{n % 9 + 1}" for n in range(400)))
    paragraphs = [words, ueb_uncontracted("A short one."), [], ueb_uncontracted("After a page break.")]
    pages = brf_pages(paragraphs)
    assert len(pages) >= 3
    assert all(len(page) <= 25 for page in pages)
    assert all(len(line) <= 40 for page in pages for line in page)
    assert pages[-1] == ["  " + brf_text(ueb_uncontracted("After a page break."))]  # the empty paragraph began a page
    data = brf_file(paragraphs)
    assert data.endswith(b"\r\n\f") and data.count(b"\f") == len(pages)
    assert set(data) <= set(range(32, 96)) | {13, 10, 12}  # braille ASCII, CR LF, form feed only
    # every word is kept, none is cut (none is longer than a line)
    written = [word for page in pages for line in page for word in line.split()]
    assert written == [word for p in paragraphs for word in brf_text(p).split()]


def test_a_word_longer_than_a_line_is_cut_not_lost():
    lines = braille.wrap_cells([1] * 90, 40)
    assert [len(line) for line in lines] == [40, 40, 10]


def test_ueb_is_the_code_of_every_other_language():
    assert braille.code_for("it") is UEB and braille.code_for("en") is UEB and braille.code_for("uk").table == "uk.utb"
