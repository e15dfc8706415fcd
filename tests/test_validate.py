"""`validate` accepts exactly what `build` and `worksheet` accept (issue 12, case 8).

It used to load the definition alone and say "valid" for files that `build` then refused:
tokens without a printed word, names the font cannot print, words beside the game that
do not fit. Now it runs the same checks, with the pages laid out in memory.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.templates import builtin_path

GAME = builtin_path().read_text(encoding="utf-8")
TEXT = builtin_path(filename="text.en.toml").read_text(encoding="utf-8")


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


def verdicts(tmp_path, game):
    """(validate, build, worksheet) results for one game file."""
    return (invoke("validate", str(game)),
            invoke("build", "--game", str(game), "-o", str(tmp_path / "kit.pdf")),
            invoke("worksheet", "--game", str(game), "-o", str(tmp_path / "sheets.pdf"), "--level", "easy"))


CASES = {
    "tokens without printed words": (GAME.replace('name = "white"', 'name = "red"'), None),
    "a column name the font lacks": (GAME.replace('columns = ["A",', 'columns = ["\u2603",'), None),
    "a long words file beside the game": (GAME, TEXT.replace('title = "Board"', 'title = "' + "Board " * 80 + '"')),
    "a character the font lacks beside the game": (GAME, TEXT.replace('title = "Board"', 'title = "Board \u265e"')),
}


@pytest.mark.parametrize("name", CASES)
def test_what_build_refuses_validate_refuses_with_the_same_lines(tmp_path, name):
    game_text, words = CASES[name]
    game = tmp_path / "game.toml"
    game.write_text(game_text, encoding="utf-8")
    if words is not None:
        (tmp_path / "text.en.toml").write_text(words, encoding="utf-8")
    validate, build, _ = verdicts(tmp_path, game)
    assert build.exit_code == 2, build.output
    assert validate.exit_code == 2, validate.output
    assert validate.stderr == build.stderr
    assert validate.stdout == ""


@pytest.mark.parametrize("game", ["examples/six-by-six.toml", "examples/uneven-copies.toml", "examples/broken.toml",
                                  "tests/bad/bad-port.toml", "tests/bad/big-board.toml", "tests/bad/start-inside.toml"])
def test_validate_build_and_worksheet_agree(in_repo, tmp_path, game):
    validate, build, worksheet = verdicts(tmp_path, game)
    assert validate.exit_code == build.exit_code
    if build.exit_code:
        assert validate.stderr == build.stderr
    if worksheet.exit_code == 2:
        assert validate.exit_code == 2 or f"No easy worksheets: {worksheet.stderr.splitlines()[-1][7:]}" in validate.stdout


def test_worksheet_levels_that_cannot_be_made_are_named(in_repo, tmp_path):
    game = tmp_path / "no-crossing.toml"
    game.write_text((in_repo / "examples" / "six-by-six.toml").read_text(encoding="utf-8").replace(
        'pairs = [["N", "S"], ["E", "W"]]', 'pairs = [["N", "E"], ["S", "W"]]'), encoding="utf-8")
    result = invoke("validate", str(game))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == [
        "Worksheets: easy and medium",
        f"No hard worksheets: its routes pass a tile whose lines cross, both ways, but {game} has no "
        "tile type whose lines cross",
    ]
