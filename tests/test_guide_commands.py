"""The teacher's guide's commands copy whole (issue 19): read from the PDF, every command on the guide's pages
stands on a line of its own, or on lines that go on under it after a drawn mark, and put back together it is a
command papergame's own parser takes. The guide once wrapped them mid-command ("papergame build --game" at a line's
end, "eight-port-path-tiles --kits 15. Every tile, ..." on the next), and ran the sentence's full stop into them."""

from __future__ import annotations

import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from guide_text import commands_of
from papergame.cli import main

LANGS = ["en", "fr", "es", "de", "uk"]
GAMES = ["edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path"]


def guide(tmp: Path, *args: str) -> Path:
    out = tmp / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "--only", "guide", "--host-key", "page", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def parses(command: str) -> tuple[str, dict]:
    """The subcommand and its options as papergame's click parser takes `command` (it raises where it would not)."""
    args = shlex.split(command)
    assert args[0] == "papergame" and args[1] in main.commands, command  # papergame takes no options of its own
    with main.commands[args[1]].make_context(args[1], args[2:]) as ctx:
        return args[1], dict(ctx.params)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", GAMES)
def test_every_command_in_the_guide_copies_whole_in_every_language(tmp_path, game):
    for lang in LANGS:
        commands = commands_of(guide(tmp_path, "--game", game, "--lang", lang))
        options = set()
        for command in commands:
            try:
                name, params = parses(command)
            except click.ClickException as error:
                raise AssertionError(f"{lang}: {command!r}: {error.format_message()}") from None
            options |= {f"{name} {k}" for k, v in params.items() if v not in (None, False, (), "")}
            if game != "edge-port-path-tiles":  # a command for another game names it
                assert params["game"] == game, command
            assert params["lang"] == lang, command  # a translated guide's commands make kits in its language
        wanted = {"build measured", "build kits", "build kit", "build tiles"}
        wanted |= set() if game == "shared-path" else {"worksheet level"}
        assert wanted <= options, (lang, commands)


@pytest.mark.parametrize("lang, profile", [("uk", "--large-print"), ("fr", "--clear-print")])
def test_the_guides_of_large_and_clear_print_set_their_commands_whole_too(tmp_path, lang, profile):
    commands = commands_of(guide(tmp_path, "--game", "eight-port-path-tiles", "--lang", lang, profile))
    flags = {k for c in commands for k, v in parses(c)[1].items() if v is True}
    assert {"large_print", "clear_print"} <= flags, commands


def test_a_guide_printed_from_a_text_file_of_ones_own_names_that_file(tmp_path):
    """Words given by `--text` are what the guide's commands ask for again, by the file's name (as the game file
    is named): the language code alone would print the built-in words, not the teacher's own."""
    own = tmp_path / "words.fr.toml"
    own.write_text('inherits = "edge-port-path-tiles"\n[guide]\ntitle = "Pour la maîtresse"\n', encoding="utf-8")
    commands = commands_of(guide(tmp_path, "--text", str(own), "--lang", "fr"))
    assert commands and all(parses(c)[1]["text"] == "words.fr.toml" for c in commands), commands


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", ["edge-port-path-tiles", "shared-path"])
def test_a_sentence_never_goes_on_after_a_command_set_on_its_own_line(tmp_path, game):
    """A command stands on a line of its own, so the words after it in its paragraph begin a sentence: a command
    set between two halves of one read as a line missing ("a Predict the exit sheet" / the command / "answers on
    its key." in every language, once its brackets were taken off it). From the PDF, in all five languages: the
    line after a command and the lines it goes on to, where it is in the same paragraph (no bullet, no wider gap),
    begins with a capital letter or a figure."""
    from guide_text import column_lines
    from pdfmeasure import open_pdf

    for lang in LANGS:
        with open_pdf(guide(tmp_path, "--game", game, "--lang", lang)) as pdf:
            for page in pdf.pages:
                lines = column_lines(page)
                for (row, _), (after, marked) in zip(lines, lines[1:]):
                    before = " ".join(w["text"] for w in row)
                    if marked or not (before.startswith("papergame ") or before == "papergame"):
                        continue
                    ends = [k for k, (r, m) in enumerate(lines) if r is row][0]
                    while ends + 1 < len(lines) and lines[ends + 1][1]:  # the lines the command goes on to
                        ends += 1
                    if ends + 1 == len(lines):
                        continue
                    last, (nxt, _) = lines[ends][0], lines[ends + 1]
                    height = last[0]["bottom"] - last[0]["top"]
                    if nxt[0]["text"] == "•" or nxt[0]["top"] - last[0]["bottom"] > 0.8 * height or nxt[0]["top"] < last[0]["top"]:
                        continue  # a new item, a new paragraph or the next column
                    first = nxt[0]["text"][0]
                    assert not first.islower(), (lang, before, " ".join(w["text"] for w in nxt))
