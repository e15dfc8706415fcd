"""The command line's own complaints and choices (issue 12, case 9).

click's usage errors came out as four lines (usage, a hint, a blank line, the error); some
choices took upper case and others did not; `preview -o DIR` needed DIR to exist.
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.options import CHOICE, DOCUMENTS


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


@pytest.mark.parametrize("args,message", [
    (["build", "--paper", "a5"], '--paper: "a5" is not one of a4, letter'),
    (["build", "--xyzzy", "red"], "No such option '--xyzzy'; see papergame build --help"),
    (["build", "--tile-size", "big"], '--tile-size: "big" is not a number (write it as 49.2 or 49,2)'),
    (["trace"], "Missing argument 'MOVES...'; see papergame trace --help"),
    (["dance"], "No such command 'dance'. Did you mean 'trace'? See papergame --help"),
    (["xyz"], "No such command 'xyz'; see papergame --help"),
    (["--colour"], "No such option '--colour'; see papergame --help"),
])
def test_a_usage_error_is_one_error_line_with_exit_status_2(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.output == f"Error: {message}\n"


def choices():
    """Every (document, option) of the library's declaration that is a choice, and every choice of the
    command line that click checks itself."""
    for document in DOCUMENTS.values():
        for option in document.every:
            if option.kind == CHOICE:
                yield document, option
    for name, command in main.commands.items():
        for param in command.params:
            assert not isinstance(param.type, click.Choice) or param.type.case_sensitive is False, (name, param.opts)


def test_every_choice_accepts_upper_case():
    found = list(choices())
    assert {(d.name, o.name) for d, o in found} >= {("kit", "paper"), ("kit", "host-key"), ("kit", "ink"),
                                                   ("kit", "cut-guides"), ("worksheets", "level"),
                                                   ("simulation", "policy"), ("tile set", "shape")}
    for document, option in found:
        small = {"ports-per-side": "1"} if document.name == "tile set" else {}  # a set every shape can hold
        for value in option.choices:
            assert getattr(document.parse({**small, option.name: value.upper()}).options, option.key) == value


def test_upper_case_choices_build_the_same_kit_as_lower_case(tmp_path):
    lower, upper = tmp_path / "lower.pdf", tmp_path / "upper.pdf"
    common = ["--only", "TOKENS,Record"]
    assert invoke("build", "-o", str(lower), "--paper", "letter", "--ink", "low", "--cut-guides", "marks",
                  "--host-key", "omit", "--only", "tokens,record").exit_code == 0
    result = invoke("build", "-o", str(upper), "--paper", "LETTER", "--ink", "LOW", "--cut-guides", "MARKS",
                    "--host-key", "OMIT", *common)
    assert result.exit_code == 0, result.output
    assert lower.read_bytes() == upper.read_bytes()


def test_worksheet_level_accepts_upper_case(tmp_path):
    out = tmp_path / "w.pdf"
    result = invoke("worksheet", "-o", str(out), "--level", "EASY", "--puzzles", "1", "--json")
    assert result.exit_code == 0, result.output
    assert '"level": "easy"' in result.stdout


def test_preview_makes_its_folder(tmp_path):
    kit = tmp_path / "kit.pdf"
    assert invoke("build", "-o", str(kit), "--only", "tokens").exit_code == 0
    out = tmp_path / "new" / "previews"
    result = invoke("preview", str(kit), "--dpi", "20", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote {out}/kit-p1.png\n"
    assert (out / "kit-p1.png").read_bytes().startswith(b"\x89PNG")


def test_preview_into_a_file_is_refused(tmp_path):
    kit = tmp_path / "kit.pdf"
    assert invoke("build", "-o", str(kit), "--only", "tokens").exit_code == 0
    result = invoke("preview", str(kit), "-o", str(kit))
    assert result.exit_code == 2
    assert result.output == (f"Error: Invalid value for '-o' / '--output-dir': Directory '{kit}' is a file; "
                             "see papergame preview --help\n")
