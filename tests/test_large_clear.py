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
from papergame.data.games import load_definition
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


def test_the_clear_print_ukrainian_record_keeps_a_whole_game_on_one_sheet_in_two_tables():
    """Clear print's Ukrainian heads are too wide for two tables side by side with their words whole ("Білі:
    зупинка", "Клітинка": 98 mm where half the sheet is 94), so the record was one table whose last 3 rows went
    onto a sheet of their own. Broken at the soft hyphens the text file marks, the heads fit: turns 1 to 13 beside
    14 to 25 on one sheet, rows still 7 mm or taller, no soft hyphen printed."""
    data = kit_pdfs("hexagon-path-tiles", None, "uk", KitOptions(only=("record",), clear_print=True)).kit
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        words = page.extract_words()
        numbers = {w["text"]: w for w in words if w["text"].isdigit() and w["x0"] < page.width * 0.6}
        assert {"1", "13", "14", "25"} <= set(numbers)
        assert numbers["14"]["x0"] > numbers["1"]["x0"] + page.width / 3  # the second table beside the first
        assert abs(numbers["14"]["top"] - numbers["1"]["top"]) < 1  # level with it
        row = (numbers["13"]["top"] - numbers["1"]["top"]) / 12 * MM
    assert 7.0 <= row, row
    heads = [w["text"] for w in words]
    assert {"зупин-", "ка"} <= set(heads), heads
    assert not any(SHY in text for text in page_chars(data))


def test_a_soft_hyphen_is_never_measured_as_a_letter_of_a_record_head():
    """Where the whole words fit, a head word with soft hyphens takes the width of the word without them: the
    standard Ukrainian eight-port record measured "Клітинка" 3 mm wider than it prints (the two soft hyphens'
    own glyphs), so its column was 25.2 mm wide and the stop columns 20.3 (now 23.0 and 21.1)."""
    from papergame.layout.pages.record_sheet import writing_shares

    font = FontMetrics("")
    marked = [("Хід", 0.1), ("Клі\u00adтин\u00adка", 0.2), ("Плитка (35 чи 1@90)", 0.2), ("Білі: зу\u00adпин\u00adка", 0.25),
              ("Чорні: зу\u00adпин\u00adка", 0.25)]
    plain = [(label.replace(SHY, ""), share) for label, share in marked]
    assert writing_shares(marked, 94.0, font, [("35",)], 2) == [
        (label, share) for (label, _), (_, share) in zip(marked, writing_shares(plain, 94.0, font, [("35",)], 2))]


@pytest.mark.default_cases(keep=lambda p: p["lang"] == "de" and p["profile"] == "large")
@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles", "shared-path"])
@pytest.mark.parametrize("profile", ["large", "clear"])
@pytest.mark.parametrize("lang", LANGS)
def test_token_names_stand_apart_under_their_tokens(game, profile, lang):
    """Large print's German token names are wider than the tokens over them: at the tokens' own spacing they ran
    on into one another ("SchwarzSchwarzSchwarz" under three tokens). Each name is a word of its own, 2.9 mm or more
    from the next on its line, measured from the PDF's character boxes."""
    options = {"large_print": True} if profile == "large" else {"clear_print": True}
    made = kit_pdfs(game, None, lang, KitOptions(only=("tiles", "tokens"), **options))
    names = {made.texts.get(f"token.{token.name}") for token in load_definition(game).tokens}
    found = 0
    with pdfplumber.open(io.BytesIO(made.kit)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(x_tolerance=1.5)
            for word in words:
                assert not any(name in word["text"] and word["text"] != name for name in names
                               if word["text"].count(name) > 1), word["text"]
            ours = sorted((w for w in words if w["text"] in names), key=lambda w: (round(w["top"]), w["x0"]))
            for a, b in zip(ours, ours[1:]):
                if abs(a["top"] - b["top"]) < 1:
                    found += 1
                    assert (b["x0"] - a["x1"]) * MM >= 2.9, (a["text"], b["text"], (b["x0"] - a["x1"]) * MM)
    assert found >= 2


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


LONG_NAME = "our-class-hexagon-path-tiles-spring-term.toml"  # 45 characters


@pytest.mark.parametrize("profile, long", [(("--large-print",), LONG_NAME), (("--clear-print",), LONG_NAME),
                                           ((), LONG_NAME), ((), "our-class-hexagon-path-tiles/game.toml")])
def test_a_game_file_with_a_long_name_is_named_whole_in_every_guide_command(tmp_path, profile, long):
    """A command in the guide is the whole, working command (issue 19). The guide names a game given as a file
    in its commands; it once cut a name over 32 characters (and, at 16 pt, whatever its column could not hold as
    one word), so all 7 commands of a large-print guide said `--game our-class-hexagon-path-til`, which a teacher
    could not use, and a folder's game.toml whose name came to 33 characters or more was named `game.toml`. Read
    back from the PDF (a name wider than its line breaks after a hyphen, under the drawn mark), every command is
    the one the same guide prints for a short name, with the long name in its place, and papergame's click parser
    takes it, naming the game file that was built."""
    import shutil

    from click.testing import CliRunner

    from guide_text import commands_of
    from papergame.cli import main
    from test_guide_commands import parses

    def guide_commands(name: str) -> list[str]:
        game = tmp_path / name
        game.parent.mkdir(exist_ok=True)
        shutil.copy("templates/hexagon-path-tiles/game.toml", game)
        out = tmp_path / "guide.pdf"
        made = CliRunner().invoke(main, ["build", *profile, "--game", str(game), "--only", "guide", "--host-key",
                                         "page", "-o", str(out)])
        assert made.exit_code == 0, made.output
        assert profile != ("--large-print",) or not small_words(out.read_bytes())  # every word 16 pt or more
        return commands_of(out)

    commands = guide_commands(long)
    short = "g/game.toml" if "/" in long else "g.toml"
    wanted = [c.replace(f"--game {short}", f"--game {long}") for c in guide_commands(short)]
    assert len(commands) == (7 if profile else 5) and commands == wanted, commands  # which print suits whom: 2 more
    for command in commands:
        assert parses(command)[1]["game"] == long, command


def test_a_game_file_name_that_cannot_break_is_refused_in_one_line(tmp_path):
    """A name wider than the large-print guide's line with no hyphen or underscore to break at is not cut (the
    command would not work): build says so in one `Error:` line and names the fix."""
    import shutil

    from click.testing import CliRunner

    from papergame.cli import main

    game = tmp_path / "ourclasshexagonpathtilesspringtermfile.toml"
    shutil.copy("templates/hexagon-path-tiles/game.toml", game)
    made = CliRunner().invoke(main, ["build", "--large-print", "--game", str(game), "-o", str(tmp_path / "k.pdf")])
    assert made.exit_code == 2 and "Traceback" not in made.output
    said = made.output.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("Error: the teacher's guide cannot print the command"), said
    assert said[0].endswith("has no hyphen or underscore to break at; give the game file a shorter name"), said
