"""Large and clear print together (#22), read back from the PDF: every game in every language builds, every
word at 16 pt or more, with clear print's face and spacing; and large print's tiles as large as their ids need.

What made the pair fail before: record-sheet heads whose Ukrainian words ("Гравець", "Клітинка") are wider
than their column at 16 pt with clear print's spacing; footers whose instruction and label need a fourth line
(Ukrainian, German, Spanish); tiles too small for their 16 pt ids (the eight-port game, hexagons). Now a head
word breaks where its text file marks it with a soft hyphen, only where the whole words leave no room; a
footer without room for the whole instruction prints its short form (`scale.instruction_short`), the page's
label on one line, its game title shortened, where it would take two; and a large-print kit whose tile size
was not given takes the smallest whole size from 35 mm at which every id stands clear of the lines.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pdfplumber
import pytest

from papergame.build import kit_pdfs, worksheet_pdfs
from papergame.layout.paper import LARGE, Typeset, footer_lines_of, footer_room, footer_words, type_profile
from papergame.layout.textflow import wrap
from papergame.options import KitOptions, WorksheetOptions
from papergame.render.fonts import FontMetrics
from test_access import line_sizes

GAMES = ("edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path")
LANGS = ("en", "fr", "es", "de", "uk")
BOTH = {"large_print": True, "clear_print": True}
SHY = "\u00ad"
MM = 25.4 / 72


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


UK_WHOLE = "Друкуйте в масштабі 100 % (фактичний розмір), з одного боку. Виміряйте смужку: вона має бути 50 мм."
UK_SHORT = "Друкуйте в масштабі 100 %, з одного боку: смужка має бути 50 мм."


def test_a_footer_without_room_for_the_instruction_says_it_shortly_or_grows():
    """Three lines (label, instruction, instruction) in English; the Ukrainian instruction wraps onto three lines
    at 16 pt with clear print's spacing, so the footer prints its short form in two; a footer whose short form
    and a correction's note still need more lines gets them; the standard footer is never changed."""
    profile = type_profile(True, True)
    font = FontMetrics(profile.face)
    english = "Print at 100% (Actual size), one-sided. Measure the bar: it must be 50 mm."
    assert footer_lines_of(profile, font, english) == 3 and footer_words(profile, font, english, "short") == english
    assert footer_lines_of(profile, font, UK_WHOLE) == 4
    assert footer_words(profile, font, UK_WHOLE, UK_SHORT) == UK_SHORT
    assert footer_room(profile, font, UK_WHOLE, short=UK_SHORT) is profile
    assert footer_room(profile, font, UK_WHOLE).footer_lines == 4  # a text file without the short form
    note = "Масштабовано на 102 % для принтера, який надрукував смужку 50 мм як 49 мм."
    corrected = type_profile(True, True, corrected=True)
    assert footer_room(corrected, font, UK_WHOLE, note, UK_SHORT).footer_lines == 1 + 2 + len(
        wrap(note, 194.0, corrected.small, Typeset(font, corrected)))
    assert footer_room(LARGE, FontMetrics(""), UK_WHOLE) is LARGE  # without clear print's spacing: two lines
    assert footer_room(type_profile(), font, UK_WHOLE).footer_lines == 0


@pytest.mark.parametrize("game,lang", [("edge-port-path-tiles", "uk"), ("hexagon-path-tiles", "es")])
def test_worksheets_in_both_profiles_build_with_the_footer_they_need(game, lang):
    for data in sheets(game, lang, "easy"):
        assert small_words(data) == []
    with pdfplumber.open(io.BytesIO(sheets(game, lang, "easy")[1])) as pdf:  # the key's footer, its last lines
        foot = (pdf.pages[0].extract_text() or "").splitlines()[-5:]
    if lang == "es":  # the host's label would wrap onto two lines: on one, the game's title shortened
        assert foot[1] == "Solo para el árbitro – Losetas hexagonales de… – Hoja 1", foot
    else:  # the whole instruction would take three lines at 16 pt: its short form takes two
        assert foot[1:4] == ["Лише для ведучого – Плитки зі стежками – Аркуш 1",
                             "Друкуйте в масштабі 100 %, з одного боку: смужка", "має бути 50 мм."], foot


def square_sizes(data: bytes) -> dict[float, int]:
    """How many squares of each size (mm, to 0.01) the PDF draws of at least 30 mm: tiles and board cells."""
    found: dict[float, int] = {}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for r in page.rects:
                w, h = r["width"] * MM, r["height"] * MM
                if w > 30 and abs(w - h) < 0.01:
                    found[round(w, 2)] = found.get(round(w, 2), 0) + 1
    return found


def test_large_print_chooses_a_tile_size_with_room_for_the_ids_when_none_is_given(tmp_path):
    """The eight-port game: 55 mm in large print, 52 mm with clear print's face and spacing too (its digits are
    narrower; labels measured by the embedded font since issue 17, where a table of another font's widths took 63);
    the same bytes as asking for 55; a size given is kept, or refused with the size that has room; `check` reads
    the chosen size back."""
    from click.testing import CliRunner

    from papergame.cli import main

    chosen = kit_pdfs("eight-port-path-tiles", None, "en", KitOptions(large_print=True, only=("tiles",))).kit
    assert max(square_sizes(chosen).items(), key=lambda kv: kv[1])[0] == 55.0
    assert chosen == kit_pdfs("eight-port-path-tiles", None, "en",
                              KitOptions(large_print=True, tile=55, only=("tiles",))).kit
    both = kit("eight-port-path-tiles", "en", ("tiles",))
    assert max(square_sizes(both).items(), key=lambda kv: kv[1]) == (52.0, 35)  # 35 tiles, each 52.00 mm
    assert small_words(both) == []
    out = tmp_path / "kit.pdf"
    made = CliRunner().invoke(main, ["build", "--game", "hexagon-path-tiles", "--large-print", "--clear-print",
                                     "--lang", "de", "--only", "tiles", "-o", str(out)])
    assert made.exit_code == 0, made.output
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert "tiles 35.00 mm across the flat sides" in checked.output, checked.output
    refused = CliRunner().invoke(main, ["build", "--game", "eight-port-path-tiles", "--large-print", "--clear-print",
                                        "--tile-size", "50", "-o", str(tmp_path / "no.pdf")])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines()[-1].endswith("; 52 mm tiles have: leave tile-size out and the kit "
                                                             "takes 52 mm")
    standard = kit_pdfs("eight-port-path-tiles", None, "en", KitOptions(only=("tiles",))).kit
    assert max(square_sizes(standard).items(), key=lambda kv: kv[1])[0] == 35.0  # the standard kit: 35 mm as before


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_large_print_tiles_beside_the_board_leave_room_for_their_words(lang):
    """The shared path's last tiles go beside its board where their cutting words fit the block; in large print
    French ("Détachez-les") and German ("auseinander.") do not fit its narrowest block, which is then not used."""
    data = kit_pdfs("shared-path", None, lang, KitOptions(large_print=True, only=("board", "tiles"))).kit
    assert small_words(data) == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_and_language_builds_in_both_profiles(game, lang):
    data = kit(game, lang)
    assert small_words(data) == []
    for level in ("easy", "medium", "hard"):
        for part in sheets(game, lang, level):
            assert small_words(part) == []


def test_a_game_file_with_a_long_name_gets_a_large_print_guide(tmp_path):
    """The guide names a game given as a file in its commands; at 16 pt a 32-character name is wider than
    the guide's column, which stopped the build ("the word ... is wider than its box"). The name is cut
    short to what the column holds, as a name over 32 characters always was."""
    import shutil

    from click.testing import CliRunner

    from papergame.cli import main

    game = tmp_path / "edge-port-game-for-the-year-four-class.toml"
    shutil.copy("templates/edge-port-path-tiles/game.toml", game)
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "--large-print", "--game", str(game), "-o", str(out)])
    assert result.exit_code == 0, result.output
    host = out.with_name("kit-host-key.pdf").read_bytes()
    with pdfplumber.open(io.BytesIO(host)) as pdf:
        words = [word["text"] for page in pdf.pages for word in page.extract_words()]
    named = [word for word in words if word.startswith("edge-port-game")]
    assert words.count("--game") >= 3 and len(named) == words.count("--game"), (words.count("--game"), named)
    assert all(len(name) >= 20 and game.name.startswith(name) for name in named), named
    assert not small_words(host)
