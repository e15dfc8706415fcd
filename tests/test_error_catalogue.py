"""Every row of the README's error catalogue, run: the exact message, exit status 2, nothing written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## Error catalogue", 1)[1].split("\n## ", 1)[0]
ROW = re.compile(r"^\| (?P<what>[^|]+) \| (?P<try>[^|]+) \| `(?P<message>Error: .*?)`(?P<rest>[^|]*) \|$", re.M)
ROWS = [m.groupdict() for m in ROW.finditer(SECTION)]


def broken_texts() -> dict[str, str]:
    """The catalogue's broken text files: the English file with one thing wrong in each."""
    english = (ROOT / "templates" / "edge-port-path-tiles" / "text.en.toml").read_text(encoding="utf-8")
    return {
        "text-placeholder.toml": english.replace('start = "$token starts here"', 'start = "$who starts here"'),
        "text-arrow.toml": english.replace('title = "Board"', 'title = "Board ⮕ here"'),
        "text-long.toml": re.sub(r'^lead = ".*"$', 'lead = "' + "Tiles and tokens and rules. " * 400 + '"',
                                 english, count=1, flags=re.M),
    }


def test_the_broken_text_files_follow_the_english_one():
    """tests/bad/text-*.toml must stay the English file with one thing wrong (a new key would make
    them 'missing' it). The test never rewrites them: `python tests/test_error_catalogue.py` does."""
    for name, content in broken_texts().items():
        path = ROOT / "tests" / "bad" / name
        assert path.read_text(encoding="utf-8") == content, (
            f"{path} is out of step with text.en.toml; run python tests/test_error_catalogue.py and commit it")


def committed_files() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (ROOT / "tests" / "bad").iterdir()}


def test_the_catalogue_has_every_kind_of_bad_input_the_issue_names():
    kinds = " ".join(r["what"].lower() for r in ROWS)
    for word in ("toml", "type", "unknown key", "port", "board", "paper", "move", "missing file",
                 "folder that does not exist", "cannot be written", "full disk"):
        assert word in kinds, word
    assert len(ROWS) >= 30


@pytest.mark.parametrize("row", [r for r in ROWS if r["try"].startswith("`papergame ")], ids=lambda r: r["what"])
def test_each_catalogue_row_gives_its_exact_message(row, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = shlex.split(row["try"].split("`")[1])[1:]
    if "huge.toml" in row["try"]:  # made in a folder of its own, never among the committed files
        made = tmp_path / "made"
        (made / "tests" / "bad").mkdir(parents=True)
        (made / "tests" / "bad" / "huge.toml").write_bytes(b"#" * 1_100_000)
        monkeypatch.chdir(made)
    out = tmp_path / "out"
    out.mkdir()
    if args[0] in ("build", "worksheet") and "-o" not in args:
        args += ["-o", str(out / "never.pdf")]
    before = committed_files()
    result = CliRunner().invoke(main, args)
    assert committed_files() == before
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert errors[0] == row["message"]
    assert not list(out.iterdir())


@pytest.mark.parametrize("row", [r for r in ROWS if "simulated" in r["try"]], ids=lambda r: r["what"])
def test_simulated_rows_are_the_messages_the_failure_tests_check(row):
    source = (ROOT / "tests" / "test_failures.py").read_text(encoding="utf-8")
    tail = row["message"].split(": cannot write: ", 1)[1]
    assert f"cannot write: {tail}" in source


if __name__ == "__main__":  # the explicit step that brings tests/bad/text-*.toml in step with text.en.toml
    for name, content in broken_texts().items():
        (ROOT / "tests" / "bad" / name).write_text(content, encoding="utf-8")
        print(f"wrote tests/bad/{name}")
