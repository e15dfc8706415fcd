"""Large and clear print together (#22), read back from the PDF: every game in every language builds, every
word at 16 pt or more, with clear print's face and spacing.

Two things made the pair fail before: record-sheet heads whose Ukrainian words ("Гравець", "Клітинка") are
wider than their column at 16 pt with clear print's spacing, and footers whose instruction and label need a
fourth line (Ukrainian, German, Spanish). Now a head word breaks where its text file marks it with a soft
hyphen, only where the whole words leave no room, and a document whose words need more footer lines gets them
(the page's label on one line, its game title shortened, where the label would take two).
"""

from __future__ import annotations

import io
from functools import lru_cache

import pdfplumber
import pytest

from papergame.build import kit_pdfs, worksheet_pdfs
from papergame.layout.paper import LARGE, footer_room, type_profile
from papergame.options import KitOptions, WorksheetOptions
from papergame.render.fonts import FontMetrics
from test_access import line_sizes

GAMES = ("edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path")
LANGS = ("en", "fr", "es", "de", "uk")
BOTH = {"large_print": True, "clear_print": True}
SHY = "\u00ad"


@lru_cache(maxsize=None)
def kit(game: str, lang: str, only: tuple[str, ...] | None = None, **options) -> bytes:
    return kit_pdfs(game, None, lang, KitOptions(only=only, **BOTH, **options)).kit


@lru_cache(maxsize=None)
def sheets(game: str, lang: str, level: str) -> tuple[bytes, bytes]:
    made = worksheet_pdfs(game, WorksheetOptions(level=level, **BOTH), lang=lang)
    return made.sheets, made.keys


def small_words(data: bytes) -> list[tuple[int, str, float]]:
    return sorted({(p, t, s) for p, t, s in line_sizes(data) if s < 15.99})


def page_chars(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return ["".join(c["text"] for c in page.chars) for page in pdf.pages]


def table_heads(data: bytes) -> list[str]:
    """The words in the record table's shaded header, top to bottom and left to right (all its words, in bold)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        head = max((r for r in page.rects if r.get("non_stroking_color") not in (None, (1,), [1])
                    and r["width"] > 150 * 72 / 25.4), key=lambda r: r["height"])
        inside = page.within_bbox((head["x0"], head["top"], head["x1"], head["bottom"]))
        return [w["text"] for w in inside.extract_words()]


@pytest.mark.parametrize("game,broken", [("edge-port-path-tiles", ["Гра-", "вець", "Клі-", "тин-", "ка"]),
                                         ("shared-path", ["Гравець", "Клі-", "тин-", "ка"])])
def test_ukrainian_record_heads_break_at_their_soft_hyphens_at_16_pt(game, broken):
    data = kit(game, "uk", ("record",))
    assert small_words(data) == []
    heads = table_heads(data)
    assert all(piece in heads for piece in broken), heads  # where the text file marks them, and only if need be
    assert not any(SHY in text for text in page_chars(data))  # a soft hyphen is never printed


def test_soft_hyphens_change_nothing_where_the_whole_words_fit():
    """The standard Ukrainian record sheet has room for "Гравець" and "Клітинка" whole: no hyphen is printed."""
    data = kit_pdfs("edge-port-path-tiles", None, "uk", KitOptions(only=("record",))).kit
    assert {"Гравець", "Клітинка"} <= set(table_heads(data))
    assert not any("Гра-" in text or SHY in text for text in page_chars(data))


def test_a_document_gets_the_footer_lines_its_words_need():
    """Three lines (label, instruction, instruction) in English; the Ukrainian instruction wraps onto three lines
    at 16 pt with clear print's spacing, so its documents get a fourth; the standard footer is never changed."""
    profile = type_profile(True, True)
    font = FontMetrics(profile.face)
    english = "Print at 100% (Actual size), one-sided. Measure the bar: it must be 50 mm."
    ukrainian = "Друкуйте в масштабі 100 % (фактичний розмір), з одного боку. Виміряйте смужку: вона має бути 50 мм."
    assert footer_room(profile, font, english) is profile
    assert footer_room(profile, font, ukrainian).footer_lines == 4
    assert footer_room(LARGE, FontMetrics(""), ukrainian) is LARGE  # without clear print's spacing: two lines
    assert footer_room(type_profile(), font, ukrainian).footer_lines == 0


@pytest.mark.parametrize("game,lang", [("edge-port-path-tiles", "uk"), ("hexagon-path-tiles", "es")])
def test_worksheets_in_both_profiles_build_with_the_footer_they_need(game, lang):
    for data in sheets(game, lang, "easy"):
        assert small_words(data) == []
    with pdfplumber.open(io.BytesIO(sheets(game, lang, "easy")[1])) as pdf:  # the key's footer, its last lines
        foot = (pdf.pages[0].extract_text() or "").splitlines()[-5:]
    if lang == "es":  # the host's label would wrap onto two lines: on one, the game's title shortened
        assert foot[1] == "Solo para el árbitro – Losetas hexagonales de… – Hoja 1", foot
    else:  # the instruction takes three lines at 16 pt, with the label a fourth
        assert foot[:4] == ["Лише для ведучого – Плитки зі стежками – Аркуш 1",
                            "Друкуйте в масштабі 100 % (фактичний розмір), з",
                            "одного боку. Виміряйте смужку: вона має бути 50", "мм."], foot


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_and_language_builds_in_both_profiles(game, lang):
    data = kit(game, lang)
    assert small_words(data) == []
    for level in ("easy", "medium", "hard"):
        for part in sheets(game, lang, level):
            assert small_words(part) == []
