"""Kits and worksheets in every built-in language, checked from the PDFs they make.

For each language: every character is in the embedded font (read back with pdfplumber and
looked up in the font's own character map), every piece lies inside the 194 x 263 mm box,
no English word is left on a page, and the sides are written with the language's letters.
The default run builds each language once (A4, normal ink; Letter and low ink for some);
`-m slow` builds every page in every language on both papers with both inks.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFont

from papergame.cli import main
from papergame.data.words import english, load_texts
from pdfmeasure import content_box, content_extent, open_pdf, page_text

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "papergame" / "render" / "fonts"
LANGS = ["fr", "es", "de", "uk"]

# Words a page may print in any language: names, units, notation.
NAMES = {"type", "deg", "mm"}

# What each language must print where English prints N–E / S–W and B1/W (the worked example).
LETTERS = {
    "en": ("N–E, S–W", "B1/W", "A1/S"),
    "fr": ("N–E, S–O", "B1/O", "A1/S"),
    "es": ("N–E, S–O", "B1/O", "A1/S"),
    "de": ("N–O, S–W", "B1/W", "A1/S"),
    "uk": ("Пн–Сх, Пд–Зх", "B1/Зх", "A1/Пд"),
}


@pytest.fixture(scope="module")
def cmaps() -> dict[bool, set[int]]:
    """The characters each embedded font has, read from the shipped font files themselves."""
    out = {}
    for bold, name in ((False, "DejaVuSans.ttf"), (True, "DejaVuSans-Bold.ttf")):
        out[bold] = set(TTFont(f"check-{bold}", io.BytesIO((FONTS / name).read_bytes())).face.charToGlyph)
    return out


def words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]+", text)}


def english_only(lang: str) -> set[str]:
    """English words of three letters or more that the language's own file never uses."""
    def printed(texts) -> set[str]:  # the words of every text, less the $placeholders' names
        return set().union(*(words(re.sub(r"\$\w+", " ", v)) for _, v in texts.all_strings()))

    own, english_words = printed(load_texts(lang=lang)), printed(english())
    return {w for w in english_words if len(w) >= 3} - own - NAMES


def make(tmp: Path, command: str, lang: str, *args: str) -> list[Path]:
    out = tmp / f"{command}-{lang}-{'-'.join(a.strip('-') for a in args) or 'default'}.pdf"
    result = CliRunner().invoke(main, [command, "--lang", lang, "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return [out] + sorted(set(tmp.glob(out.stem + "-*.pdf")))  # the file, then its key or host key


def check_pdf(path: Path, lang: str, paper: str, cmaps, in_box: bool = True, names: str = "") -> list[str]:
    """Every check made on every page; returns the pages' text. `names`: words printed as they are (a file name)."""
    forbidden = (english_only(lang) - words(names)) if lang != "en" else set()
    texts = []
    box = content_box(paper)
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            where = f"{path.name} page {page.page_number}"
            for ch in page.chars:
                bold = "Bold" in ch["fontname"]
                assert ch["fontname"].split("+")[-1] in ("DejaVuSans", "DejaVuSans-Bold"), (where, ch["fontname"])
                if not ch["text"].isspace():
                    assert ord(ch["text"]) in cmaps[bold], (where, ch["text"])
            left, top, right, bottom = content_extent(page)
            assert not in_box or box[0] - 0.01 <= left and right <= box[2] + 0.01, (where, left, right)
            assert not in_box or box[1] - 0.01 <= top and bottom <= box[3] + 0.01, (where, top, bottom)
            text = page_text(page)
            left_over = sorted(words(text) & forbidden)
            assert not left_over, (where, left_over)
            texts.append(text)
    for number, page in enumerate(PdfReader(path).pages, start=1):  # no font named but not embedded
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object(), (path.name, number, font["/BaseFont"])
    return texts


def kit_files(out: Path) -> list[Path]:
    """A kit's files: the players' file, then the host's file beside it (host key and guide) when there is one."""
    host = out.with_name(f"{out.stem}-host-key.pdf")
    return [out, host] if host.exists() else [out]


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, list[Path]]:
    """Each language's kit as `build` writes it by default: the players' file and the host's."""
    tmp = tmp_path_factory.mktemp("languages")
    made = {lang: make(tmp, "build", lang) for lang in ["en", *LANGS]}
    assert all(len(files) == 2 for files in made.values())
    return made


@pytest.mark.default_cases(keep=lambda p: p["lang"] in ("en", "uk"))
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_every_page_of_the_kit_in_every_language(kits, cmaps, lang):
    texts = [text for path in kits[lang] for text in check_pdf(path, lang, "a4", cmaps)]
    pairs, stop, start = LETTERS[lang]
    everything = "\n".join(texts)
    rules = next(t for t in texts if t.startswith(load_texts(lang=lang).get("rules.title")))
    assert all(pair in rules for pair in pairs.split(", "))  # the tile captions (which may wrap)
    assert start in rules  # the setup and the notation
    assert stop in everything  # the worked example and the host key
    if lang != "en":
        english_stop = LETTERS["en"][1]
        assert english_stop == stop or english_stop not in everything


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", LANGS)
def test_no_side_is_left_under_the_files_letter(kits, lang):
    """Wherever a page names a side (positions, captions, routes), it is the language's letters:
    no single letter of the file's own names is left where the language writes another."""
    letters = load_texts(lang=lang).sections["notation"]
    foreign = "|".join(side for side in ("N", "E", "S", "W") if letters[side] != side)
    # a side in a position (A1/W) or a pair of a tile (N–W); single letters alone are column names
    pattern = re.compile(rf"/(?:{foreign})\b|\b(?:{foreign})–|–(?:{foreign})\b")
    for path in kits[lang]:
        with open_pdf(path) as pdf:
            for page in pdf.pages:
                assert not pattern.findall(page_text(page)), (path.name, page.page_number,
                                                              pattern.findall(page_text(page)))


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang,paper,ink", [("fr", "letter", "low"), ("uk", "a4", "low"), ("de", "letter", "normal")])
def test_worksheets_and_keys_in_every_language(tmp_path, cmaps, lang, paper, ink):
    # worksheets are A4 only; paper and ink vary the kit built beside them
    sheet, key = make(tmp_path, "worksheet", lang, "--level", "hard", "--puzzles", "2")
    pairs, stop, start = LETTERS[lang]
    sheet_text = "\n".join(check_pdf(sheet, lang, "a4", cmaps))
    key_text = "\n".join(check_pdf(key, lang, "a4", cmaps))
    letters = load_texts(lang=lang).sections["notation"]
    assert f"A1/{letters['S']}" in sheet_text  # the instructions' example position
    sides = [v for k, v in letters.items() if k not in ("out", "decimal")]
    assert any(f"/{v}" in key_text for v in sides) or letters["out"] in key_text
    (kit,) = make(tmp_path, "build", lang, "--paper", paper, "--ink", ink, "--host-key", "page")
    check_pdf(kit, lang, paper, cmaps)


@pytest.mark.parametrize("lang,mark", [("fr", ","), ("de", ","), ("uk", ","), ("en", ".")])
def test_decimals_are_written_the_languages_way(tmp_path, lang, mark):
    (kit,) = make(tmp_path, "build", lang, "--measured", "49.2", "--only", "board", "--tile-size", "27.5")
    with open_pdf(kit) as pdf:
        text = page_text(pdf.pages[0])
    assert f"49{mark}2" in text and f"101{mark}63" in text and f"27{mark}5" in text


def test_a_hexagon_kit_names_its_six_sides_in_ukrainian(tmp_path, cmaps):
    out = tmp_path / "hex.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "hexagon-path-tiles", "--lang", "uk", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = "\n".join(t for path in kit_files(out)  # the guide's commands, in the host's file
                     for t in check_pdf(path, "uk", "a4", cmaps, names="hexagon-path-tiles"))
    assert {"пнсх", "пдзх"} <= words(text)
    assert "--game hexagon-path-tiles" in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["normal", "low"])
def test_every_page_in_every_language_paper_and_ink(tmp_path, cmaps, lang, paper, ink):
    files = make(tmp_path, "build", lang, "--paper", paper, "--ink", ink, "--host-key", "separate")
    files += make(tmp_path, "build", lang, "--paper", paper, "--ink", ink, "--tile-size", "60")
    for level in ("easy", "medium", "hard"):
        files += make(tmp_path, "worksheet", lang, "--level", level)
    for path in files:
        check_pdf(path, lang, "a4" if path.name.startswith("worksheet") else paper, cmaps)


def test_the_check_for_english_words_has_teeth():
    left = english_only("fr")
    assert {"board", "tile", "turn", "player", "host", "continued", "out", "stops"} <= left
    assert "page" not in left and "type" not in left  # French words too


# --- where a language's words are found ----------------------------------------------------------


def english_file() -> str:
    return (ROOT / "templates" / "edge-port-path-tiles" / "text.en.toml").read_text(encoding="utf-8")


def test_lang_looks_beside_the_game_file_then_here_then_built_in(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game_dir = tmp_path / "mine"
    game_dir.mkdir()
    (game_dir / "game.toml").write_text((ROOT / "templates" / "edge-port-path-tiles" / "game.toml").read_text())
    (game_dir / "text.xx.toml").write_text(english_file().replace('title = "Board"', 'title = "Beside board"'))
    (tmp_path / "text.xx.toml").write_text(english_file().replace('title = "Board"', 'title = "Here board"'))
    runner = CliRunner()

    def board_title(*args: str) -> str:
        out = tmp_path / "k.pdf"
        result = runner.invoke(main, ["build", "--only", "board", "-o", str(out), *args])
        assert result.exit_code == 0, result.output
        with open_pdf(out) as pdf:
            return page_text(pdf.pages[0]).splitlines()[0]

    assert board_title("--lang", "xx", "--game", "mine/game.toml") == "Beside board"
    assert board_title("--lang", "xx") == "Here board"
    (tmp_path / "text.xx.toml").unlink()
    result = runner.invoke(main, ["build", "--lang", "xx", "-o", "never.pdf"])
    assert result.exit_code == 2
    assert result.output == ('Error: --lang: no text file for language "xx" (looked for text.xx.toml in the '
                             "current folder and among the built-in templates; available: de, en, es, fr, uk)\n")
    result = runner.invoke(main, ["build", "--lang", "yy", "--game", "mine/game.toml", "-o", "never.pdf"])
    assert result.output == ('Error: --lang: no text file for language "yy" (looked for text.yy.toml beside the '
                             "game file, in the current folder and among the built-in templates; "
                             "available: de, en, es, fr, uk, xx)\n")
    assert not (tmp_path / "never.pdf").exists()


def test_worksheet_takes_lang_and_text(tmp_path):
    words_file = tmp_path / "w.toml"
    words_file.write_text(english_file().replace('title = "Predict the exit"', 'title = "Follow it"'))
    out = tmp_path / "w.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--text", str(words_file), "-o", str(out)])
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        assert page_text(pdf.pages[0]).startswith("Follow it")


@pytest.mark.parametrize("old,new,message", [
    ('W = "W"', 'W = "N"', 'notation.W: "N" is already the letters of notation.N'),
    ('E = "E"', 'E = "E 1"', 'notation.E: "E 1" must be letters without spaces or a slash'),
    ('S = "S"', 'S = "S2"', 'notation.S: "S2" must not end in a digit: port numbers follow it, as in S22'),
    ('decimal = "."', 'decimal = ";"', 'notation.decimal: ";" must be "." or ","'),
])
def test_side_letters_must_read_back(tmp_path, old, new, message):
    words_file = tmp_path / "t.toml"
    words_file.write_text(english_file().replace(old, new, 1))
    result = CliRunner().invoke(main, ["build", "--text", str(words_file), "-o", str(tmp_path / "never.pdf")])
    assert result.exit_code == 2
    assert result.output == f"Error: {words_file}: {message}\n"


# --- papergame init ---------------------------------------------------------------------------------


def test_init_copies_a_game_and_its_words_commented_and_they_build(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["init", "my-game", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"Wrote game.toml (the game: shape, board, tokens, deal, tiles) in {tmp_path / 'my-game'}",
        f"Wrote text.fr.toml (every printed word) in {tmp_path / 'my-game'}",
        "Edit them, then:",
        "  papergame validate my-game/game.toml",
        "  papergame build --game my-game/game.toml --lang fr",
        "  papergame worksheet --game my-game/game.toml --lang fr",
    ]
    game = (tmp_path / "my-game" / "game.toml").read_text(encoding="utf-8")
    words_text = (tmp_path / "my-game" / "text.fr.toml").read_text(encoding="utf-8")
    for field in ("sides", "ports", "columns", "rows", "name", "start", "hand", "type", "pairs", "copies"):
        assert re.search(rf"^#.*\b{field}: ", game, re.M), field
    assert "2 to 12 of each" in game and "at most 200 tiles" in game and "1 to 99" in game
    assert '# English: "Board"\ntitle = "Plateau"' in words_text
    assert "# may use $token (a token's word)" in words_text
    # the copies are the game as built in: the same kit, byte for byte (all but the guide, whose commands
    # name the copy's file)
    pieces = ["--only", "board,tiles,tokens,rules,record,host-key"]
    assert runner.invoke(main, ["build", "--game", "my-game/game.toml", "--lang", "fr", "-o", "a.pdf", *pieces]).exit_code == 0
    assert runner.invoke(main, ["build", "--lang", "fr", "-o", "b.pdf", *pieces]).exit_code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert runner.invoke(main, ["build", "--game", "my-game/game.toml", "--lang", "fr", "-o", "g.pdf",
                                "--only", "guide"]).exit_code == 0
    with open_pdf(tmp_path / "g.pdf") as pdf:  # the guide's two columns, one after the other
        page = pdf.pages[0]
        halves = [page.crop((0, 0, page.width / 2, page.height)), page.crop((page.width / 2, 0, page.width, page.height))]
        guide = " ".join(" ".join((h.extract_text() or "").split()) for h in halves)
    assert "papergame build --game my-game/game.toml --lang fr --kits 15" in guide  # in the words it was built in
    # never over an existing file: the first one found is named, nothing is written
    (tmp_path / "my-game" / "game.toml").write_text("# mine\n")
    result = runner.invoke(main, ["init", "my-game", "--lang", "fr"])
    assert result.exit_code == 2
    assert result.output == ("Error: my-game/game.toml: already exists; papergame init never replaces a file: "
                             "choose another folder, or move the file away first\n")
    assert (tmp_path / "my-game" / "game.toml").read_text() == "# mine\n"


def test_init_of_a_hexagon_game_in_ukrainian_validates(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["init", "--game", "hexagon-path-tiles", "--lang", "uk"]).exit_code == 0
    result = runner.invoke(main, ["validate", "game.toml"])
    assert result.exit_code == 0, result.output
    assert "Шестикутні плитки зі стежками" in (tmp_path / "text.uk.toml").read_text(encoding="utf-8")


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", ["fr", "uk"])
def test_the_shared_path_game_in_other_languages(tmp_path, cmaps, lang):
    out = tmp_path / "shared.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "shared-path", "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    # the 27 tiles on one sheet and the rules on one page, as in English
    assert "(4 sheets: the kit) for the players" in result.output
    assert "(2 sheets: 1 for the host key, 1 for the teacher's guide) for the host only" in result.output
    # the guide's commands name the game as typed: `papergame build --game shared-path`
    text = "\n".join(t for path in kit_files(out) for t in check_pdf(path, lang, "a4", cmaps, names="game shared-path"))
    # the winner proved by dominoes, in the language's own words (no search, so no count of positions)
    proved = {"fr": "Démontré par les dominos ci-dessous", "uk": "Доведено доміношками нижче"}[lang]
    assert proved in re.sub("[\u00a0\u202f]", " ", text) and "7,054" not in text
    # a tile's caption may wrap in the rules' column, beside the others' lines
    assert all(pair in text for pair in LETTERS[lang][0].split(", "))


def test_init_of_the_shared_path_game_builds_the_same_kit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["init", "sp", "--game", "shared-path", "--lang", "es"]).exit_code == 0
    game = (tmp_path / "sp" / "game.toml").read_text(encoding="utf-8")
    assert 'path = "shared"' in game and "[deal]" not in game
    for args, out in ((["--game", "sp/game.toml"], "a.pdf"), (["--game", "shared-path"], "b.pdf")):
        # every part but the guide, whose commands name the game as the command line did
        result = runner.invoke(main, ["build", *args, "--lang", "es", "-o", out,
                                      "--only", "board,tiles,tokens,rules,record,host-key"])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize("lang", ["de", "uk"])
def test_the_simulation_report_in_other_languages(tmp_path, cmaps, lang):
    out = tmp_path / "report.pdf"
    result = CliRunner().invoke(main, ["simulate", "--games", "40", "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    # the game is named by its file, as the command line named it
    text = "\n".join(check_pdf(out, lang, "a4", cmaps, names="edge-port-path-tiles/game.toml"))
    assert load_texts(lang=lang).get("simulate.chart_won") in text


def test_35_tile_types_go_on_over_further_sheets_in_german(tmp_path, cmaps):
    """The eight-port game's rules show 35 tiles and continue on a further sheet, titled in the language;
    its host key's 140 first moves of each player, a row a type and a column a turn, fit a sheet each."""
    out = tmp_path / "eight.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "eight-port-path-tiles", "--lang", "de",
                                       "--only", "rules,host-key", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert len(kit_files(out)) == 2  # the rules for the players, the host key in the host's file
    texts = [t for path in kit_files(out) for t in check_pdf(path, "de", "a4", cmaps)]
    titles = [t.splitlines()[0] for t in texts]
    assert titles[0] == "So wird gespielt" and "So wird gespielt (Fortsetzung)" in titles
    # the host key: White's first moves on its first sheet, Black's on one more
    assert titles.count("Lösungsblatt für die Spielleitung") == 1 and titles.count("Lösungsblatt (Fortsetzung)") == 1


def test_port_names_on_the_board_in_ukrainian(tmp_path, cmaps):
    out = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "eight-port-path-tiles", "--lang", "uk", "--only", "board",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = check_pdf(out, "uk", "a4", cmaps)[0]
    assert set(re.findall(r"(?:Пн|Сх|Пд|Зх)[12]", text)) == {f"{s}{i}" for s in ("Пн", "Сх", "Пд", "Зх") for i in (1, 2)}
    assert not re.search(r"\b[NESW][12]\b", text)  # no port under the file's own name
