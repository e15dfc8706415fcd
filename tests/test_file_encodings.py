"""Files saved by Notepad or a word processor (issue 12, case 6).

A UTF-8 byte-order mark is accepted in definition and text files; a file saved as UTF-16,
and TOML whose quotes were curled, get a message naming the line and saying how to fix it.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.templates import builtin_path

GAME = builtin_path().read_text(encoding="utf-8")
TEXT = builtin_path(filename="text.en.toml").read_text(encoding="utf-8")
BOM = b"\xef\xbb\xbf"
FIX = "save it as UTF-8 (in Notepad: File, Save as, Encoding: UTF-8)"


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


def test_a_definition_with_a_byte_order_mark_is_read_like_one_without(tmp_path):
    plain, marked = tmp_path / "plain.toml", tmp_path / "marked.toml"
    plain.write_bytes(GAME.encode())
    marked.write_bytes(BOM + GAME.encode())
    result = invoke("validate", str(marked))
    assert result.exit_code == 0, result.output
    assert result.output.replace(str(marked), "X") == invoke("validate", str(plain)).output.replace(str(plain), "X")


def test_a_text_file_with_a_byte_order_mark_builds_the_same_kit(tmp_path):
    words = tmp_path / "words.toml"
    words.write_bytes(BOM + TEXT.replace('title = "Board"', 'title = "Spielbrett"').encode())
    out = tmp_path / "kit.pdf"
    result = invoke("build", "--text", str(words), "-o", str(out), "--only", "board")
    assert result.exit_code == 0, result.output
    import pdfplumber

    with pdfplumber.open(out) as pdf:
        assert "Spielbrett" in pdf.pages[0].extract_text()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("command", ["validate", "build --game", "build --text"])
def test_a_utf16_file_is_named_with_the_fix(tmp_path, encoding, command):
    path = tmp_path / "notepad.toml"
    path.write_bytes((TEXT if "text" in command else GAME).encode(encoding))
    result = invoke(*command.split(), str(path), *(["-o", str(tmp_path / "k.pdf")] if "build" in command else []))
    assert result.exit_code == 2
    assert result.output == f"Error: {path}: line 1: the file is saved as UTF-16; {FIX}\n"


@pytest.mark.parametrize("before,after,line,shown", [
    ('name = "white"', "name = \u201cwhite\u201d", 0, 'name = "white"'),
    ('columns = ["A",', "columns = [\u2018A\u2019,", 0, "columns = ['A', \"B\", \"C\", \"D\", \"E\"]"),
])
def test_curly_quotes_in_a_definition_name_the_line(tmp_path, before, after, line, shown):
    path = tmp_path / "word.toml"
    text = GAME.replace(before, after, 1)
    path.write_text(text, encoding="utf-8")
    number = next(i for i, ln in enumerate(text.splitlines(), start=1) if after in ln)
    result = invoke("validate", str(path))
    assert result.exit_code == 2
    assert result.output == (f"Error: {path}: line {number}: curly quotes are not quotes in TOML; "
                             f"type straight ones: {shown}\n")


def test_curly_quotes_in_a_text_file_name_the_line(tmp_path):
    path = tmp_path / "words.toml"
    text = TEXT.replace('title = "Board"', "title = \u201cBoard\u201d", 1)
    path.write_text(text, encoding="utf-8")
    number = next(i for i, ln in enumerate(text.splitlines(), start=1) if "\u201c" in ln)
    result = invoke("build", "--text", str(path), "-o", str(tmp_path / "k.pdf"))
    assert result.exit_code == 2
    assert result.output == (f"Error: {path}: line {number}: curly quotes are not quotes in TOML; "
                             'type straight ones: title = "Board"\n')
    assert not (tmp_path / "k.pdf").exists()


def test_curly_quotes_inside_a_straight_quoted_text_are_just_text(tmp_path):
    path = tmp_path / "words.toml"
    path.write_text(TEXT.replace('title = "Board"', 'title = "The \u2018Board\u2019"', 1), encoding="utf-8")
    out = tmp_path / "k.pdf"
    result = invoke("build", "--text", str(path), "-o", str(out), "--only", "board")
    assert result.exit_code == 0, result.output
