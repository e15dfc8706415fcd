"""Where `build` and `worksheet` write: the name a user expects, and never over a file they need.

Issue 12, cases 2 to 5: `-o game.toml` replaced the definition with a PDF; `-o kit`,
`-o kit.png`, `-o -` and `-o out2/` were taken as they were; the default name ignored
`--game`; `--host-key omit --only host-key` crashed.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.templates import builtin_path

FAST = ["--only", "tokens"]
GAME = builtin_path().read_text(encoding="utf-8")


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


def names(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def game(here):
    path = here / "my-game.toml"
    path.write_text(GAME, encoding="utf-8")
    return path


# --- 2. never overwrite an input, never overwrite what is not a PDF --------------------------------


def test_the_game_file_is_never_overwritten(game):
    before = game.read_bytes()
    fake_pdf = game.with_name("my-game.pdf")  # a game file called .pdf, so no ".pdf" is added
    fake_pdf.write_bytes(before)
    result = invoke("build", "--game", str(fake_pdf), "-o", str(fake_pdf), *FAST)
    assert result.exit_code == 2
    assert result.output == f"Error: {fake_pdf}: cannot write: it is the game file this command reads; name another file\n"
    assert fake_pdf.read_bytes() == before


def test_the_text_file_is_never_overwritten(here):
    words = here / "words.pdf"
    words.write_bytes(builtin_path(filename="text.en.toml").read_bytes())
    result = invoke("build", "--text", str(words), "-o", "words.pdf", *FAST)
    assert result.exit_code == 2
    assert result.output == "Error: words.pdf: cannot write: it is the text file this command reads; name another file\n"
    assert words.read_bytes() == builtin_path(filename="text.en.toml").read_bytes()


def test_the_game_file_named_as_output_gets_a_pdf_beside_it(game):
    before = game.read_bytes()
    result = invoke("build", "--game", str(game), "-o", str(game), *FAST)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote {game.name}.pdf (1 sheet: tokens of the kit) for the players in {game.parent}\n"
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", ["build", "worksheet"])
def test_a_file_that_is_not_a_pdf_is_never_replaced(here, command):
    notes = here / "notes.pdf"
    notes.write_text("my notes, not a PDF\n")
    result = invoke(command, "-o", "notes.pdf", *(FAST if command == "build" else ["--puzzles", "1"]))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == ("Error: notes.pdf: cannot write: it exists and is not a PDF, so it is "
                                              "not replaced; name another file or remove it first")
    assert notes.read_text() == "my notes, not a PDF\n"
    assert names(here) == ["notes.pdf"]


def test_a_separate_host_key_that_is_not_a_pdf_stops_both(here):
    (here / "kit-host-key.pdf").write_text("a list\n")
    result = invoke("build", "-o", "kit.pdf", "--only", "tokens,host-key", "--host-key", "separate")
    assert result.exit_code == 2
    assert "Error: kit-host-key.pdf: cannot write: it exists and is not a PDF" in result.output
    assert names(here) == ["kit-host-key.pdf"]


def test_an_old_pdf_is_still_replaced(here):
    (here / "kit.pdf").write_bytes(b"%PDF-1.4 last week's kit\n")
    result = invoke("build", "-o", "kit.pdf", *FAST)
    assert result.exit_code == 0, result.output
    assert (here / "kit.pdf").read_bytes().startswith(b"%PDF-1.3\n%")


# --- 3. what -o means ------------------------------------------------------------------------------


@pytest.mark.parametrize("given,written", [
    ("kit", "kit.pdf"),
    ("kit.png", "kit.png.pdf"),
    ("kit.PDF", "kit.PDF"),
    ("kit.v2", "kit.v2.pdf"),
])
def test_pdf_is_added_when_the_name_lacks_it(here, given, written):
    result = invoke("build", "-o", given, *FAST)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote {written} (1 sheet: tokens of the kit) for the players in {here}\n"
    assert names(here) == [written]


def test_a_name_ending_in_a_slash_is_a_folder(here):
    (here / "out2").mkdir()
    result = invoke("build", "-o", "out2/", *FAST)
    assert result.exit_code == 0, result.output
    assert names(here / "out2") == ["edge-port-path-tiles.pdf"]
    assert names(here) == ["out2"]


def test_a_folder_that_does_not_exist_is_not_made(here):
    result = invoke("build", "-o", "out3/", *FAST)
    assert result.exit_code == 2
    assert result.output == "Error: out3/edge-port-path-tiles.pdf: cannot write: the folder out3 does not exist\n"
    assert names(here) == []


@pytest.mark.parametrize("command,example", [("build", "edge-port-path-tiles.pdf"), ("worksheet", "worksheets.pdf")])
def test_standard_output_is_refused(here, command, example):
    result = invoke(command, "-o", "-")
    assert result.exit_code == 2
    assert result.output == f"Error: -: cannot write a PDF to standard output; name a file such as {example}\n"
    assert names(here) == []


def test_the_help_says_what_o_does():
    for command in ("build", "worksheet"):
        text = " ".join(invoke(command, "--help").output.split())
        assert ".pdf added" in text or ".pdf is added" in text
        assert "folder" in text and "- refused" in text or "(-) is refused" in text


# --- 4. the default name comes from the game -------------------------------------------------------


def test_the_default_kit_is_named_after_the_game(game, here):
    result = invoke("build", "--game", str(game), *FAST)
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote my-game.pdf (1 sheet: tokens of the kit) for the players in {here}\n"
    result = invoke("build", *FAST)
    assert result.output == f"Wrote edge-port-path-tiles.pdf (1 sheet: tokens of the kit) for the players in {here}\n"
    assert names(here) == ["edge-port-path-tiles.pdf", "my-game.pdf", "my-game.toml"]


def test_a_game_toml_in_its_own_folder_is_named_after_the_folder(here):
    folder = here / "castle"
    folder.mkdir()
    (folder / "game.toml").write_text(GAME, encoding="utf-8")
    result = invoke("build", "--game", "castle/game.toml", *FAST)
    assert result.output == f"Wrote castle.pdf (1 sheet: tokens of the kit) for the players in {here}\n"


def test_worksheets_are_named_after_the_game(game, here):
    result = invoke("worksheet", "--game", str(game), "--puzzles", "1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == [f"Wrote my-game-worksheets.pdf (1 sheet, 1 puzzle each) in {here}",
                                               f"Wrote my-game-worksheets-key.pdf (the answer keys) in {here}"]
    result = invoke("worksheet", "-o", "class", "--puzzles", "1")
    assert result.output.splitlines()[-2:] == [f"Wrote class.pdf (1 sheet, 1 puzzle each) in {here}",
                                               f"Wrote class-key.pdf (the answer keys) in {here}"]


# --- 5. nothing to print ---------------------------------------------------------------------------


def test_omitting_the_only_part_asked_for_is_an_error_not_a_crash(here):
    result = invoke("build", "--host-key", "omit", "--only", "host-key")
    assert result.exit_code == 2
    assert result.output == ("Error: --only: host-key is the only part asked for, and the host key is set to be "
                             "omitted, so there is nothing to print; ask for another part or keep the host key\n")
    assert names(here) == []
