"""The missing-glyph check, and a mutation of it (issue 24): switched off, the tests here fail.

A character the embedded font lacks prints as a box. Two checks refuse it before anything is
written: `build.check_text_glyphs` (the words of a text file) and `build.check_page_glyphs`
(whatever else reaches a page, such as a column named in the definition). The mutation test
switches both off and shows that (1) the refusal test fails, and (2) the PDFs then made do print
boxes, as the fuzz's PDF reader (`characters_the_font_lacks`, which does not use the checks) finds.
Each case builds only the board page: the whole file runs in about a second.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from papergame import build as build_module
from papergame.cli import main
from papergame.data.templates import builtin_path
from test_fuzz import characters_the_font_lacks

ARROW = "\u2b95"  # ⮕: not in DejaVu Sans
HAN = "\u6f22"  # 漢: nor this


def cases(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    """name -> (the build's arguments, the one Error line it must get): a text file's word, a definition's name."""
    words = tmp_path / "words.toml"
    words.write_text(builtin_path(filename="text.en.toml").read_text(encoding="utf-8")
                     .replace('title = "Board"', f'title = "Board {ARROW} here"'), encoding="utf-8")
    game = tmp_path / "han.toml"
    game.write_text(builtin_path().read_text(encoding="utf-8")
                    .replace('columns = ["A", "B", "C", "D", "E"]', f'columns = ["A", "B", "C", "D", "{HAN}"]')
                    .replace('start = "E5/N"', f'start = "{HAN}5/N"'), encoding="utf-8")
    return {
        "text": (["--text", str(words)],
                 f'Error: {words}: board.title: the character "{ARROW}" (U+2B95) is not in the embedded font '
                 "(DejaVu Sans), so it would print as a box; write it another way"),
        "definition": (["--game", str(game)],
                       f'Error: board page: the character "{HAN}" (U+6F22) in "{HAN}" is not in the embedded font '
                       "(DejaVu Sans); rename it in the definition or text file"),
    }


def run(tmp_path: Path, args: list[str], name: str):
    out = tmp_path / f"{name}.pdf"
    return CliRunner().invoke(main, ["build", *args, "--only", "board", "-o", str(out)]), out


def assert_refused(tmp_path: Path) -> None:
    for name, (args, line) in cases(tmp_path).items():
        result, out = run(tmp_path, args, name)
        assert result.exit_code == 2, f"{name}: exit {result.exit_code}"
        assert result.output.splitlines() == [line]
        assert not out.exists(), f"{name}: nothing is written"


def test_a_character_the_font_lacks_is_refused(tmp_path):
    assert_refused(tmp_path)


def test_switching_off_the_glyph_checks_fails_the_test_and_prints_boxes(tmp_path, monkeypatch):
    monkeypatch.setattr(build_module, "check_text_glyphs", lambda texts: None)
    monkeypatch.setattr(build_module, "check_page_glyphs", lambda pages: None)
    with pytest.raises(AssertionError):
        assert_refused(tmp_path)
    for name, (args, _) in cases(tmp_path).items():  # the mutant writes each file, with a box in it
        result, out = run(tmp_path, args, name)
        assert result.exit_code == 0, result.output
        lacking = characters_the_font_lacks(pypdf.PdfReader(out))
        assert lacking, f"{name}: the mutant's PDF prints a box"
