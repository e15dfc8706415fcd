"""Hostile input and faults (issue 24): files, options and requests made to pin a core, fill the
memory or crash papergame get one `Error:` line, quickly, and no traceback.

Each case here failed before its fix: it took minutes (a duplicate check that was quadratic),
or raised a traceback. The time limits (`within`) are generous guards against a hang, not
speed measurements: every case answers in well under a second on this machine.
"""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = (ROOT / "templates" / "edge-port-path-tiles" / "game.toml").read_text(encoding="utf-8")


class TooSlow(Exception):
    pass


@contextlib.contextmanager
def within(seconds: float):
    """Fail (raise TooSlow) if the block runs longer than `seconds` (a guard against a hang)."""

    def alarm(signum, frame):
        raise TooSlow(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def errors_of(args: list[str], seconds: float = 10) -> list[str]:
    """The `Error:` lines of a command that must fail cleanly (exit status 2, no traceback)."""
    with within(seconds):
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines and all(line.startswith("Error: ") for line in lines), lines[:5]
    return lines


def names(prefix: str, count: int) -> str:
    return "[" + ",".join(f'"{prefix}{i}"' for i in range(count)) + "]"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files are named as a person types them: g.toml


def game_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size <= 1024 * 1024  # under the size limit: the checks themselves must be quick
    return "g.toml"


TOKEN = '[[tokens]]\nname = "t{i}"\nstart = "A1/S"\n'
TILE = '[[tiles]]\ntype = {t}\npairs = [["N", "E"], ["S", "W"]]\ncopies = 1\n'
HUGE = {  # what replaces what in the default game (n times), and the one line that must answer it
    "sides": (lambda n: ('sides = ["N", "E", "S", "W"]', f"sides = {names('s', n)}"),
              "g.toml: shape.sides: has {n:,} sides; a tile is a square (4 sides"),
    "ports": (lambda n: ('ports = ["N", "E", "S", "W"]', f"ports = {names('p', n)}"),
              "g.toml: shape.ports: has {n:,} ports; a tile has at most 12"),
    "tokens": (lambda n: ("[deal]", "".join(TOKEN.format(i=i) for i in range(n - 2)) + "[deal]"),
               "g.toml: tokens: has {n:,} tokens; this game is for exactly 2"),
    "tile types": (lambda n: ("[deal]", "".join(TILE.format(t=i % 99 + 1) for i in range(n - 3)) + "[deal]"),
                   "g.toml: tiles: has {n:,} tile types; a set has at most 99 (types 1 to 99)"),
    "pairs": (lambda n: ('pairs = [["N", "E"], ["S", "W"]]', "pairs = [" + ",".join(['["N","E"]'] * n) + "]"),
              "g.toml: tiles[0].pairs: has {n:,} pairs; a tile with 4 ports has 2"),
    "unknown keys": (lambda n: ("[deal]", "[rules]\n" + "".join(f"k{i} = 1\n" for i in range(n)) + "[deal]"),
                     "g.toml: rules: {n:,} unknown keys (k0, k1, k10, k100, k1000, ...; expected only: path, supply)"),
}
MOST = {"sides": 60000, "ports": 60000, "tokens": 25000, "tile types": 16000, "pairs": 60000, "unknown keys": 60000}


@pytest.mark.parametrize("case", HUGE)
def test_thousands_of_names_get_one_line_naming_the_limit(tmp_path, case):
    one_line_for(tmp_path, case, 3000)


@pytest.mark.slow
@pytest.mark.parametrize("case", HUGE)
def test_a_file_just_under_1_mib_of_names_answers_at_once(tmp_path, case):
    one_line_for(tmp_path, case, MOST[case], seconds=4)


def one_line_for(tmp_path, case, n, seconds=10):
    make, expected = HUGE[case]
    expected = expected.format(n=n)
    old, new = make(n)
    assert old in TEMPLATE
    text = TEMPLATE.replace(old, new, 1)
    lines = errors_of(["validate", game_file(tmp_path, text)], seconds)
    assert len(lines) == 1, lines[:3]
    assert lines[0].startswith("Error: " + expected), lines[0]


def test_repeated_names_are_still_found_below_the_limits(tmp_path):
    text = TEMPLATE.replace('rows = ["1", "2", "3", "4", "5"]', 'rows = ["1", "2", "1", "4", "2"]')
    assert errors_of(["validate", game_file(tmp_path, text)]) == ['Error: g.toml: board.rows: repeats "1", "2"']


@pytest.mark.parametrize("text, expected", [
    ("a = " + "[" * 500 + "]" * 500 + "\n", "lists or tables nested too deeply to read; a definition file needs at most 16"),
    ("a = " + "{b = " * 500 + "1" + "}" * 500 + "\n", "lists or tables nested too deeply to read"),
    ("a = " + "[" * 40 + "]" * 40 + "\n", "lists or tables nested more than 16 levels deep"),
    (TEMPLATE.replace("hand = 3", "hand = " + "9" * 4301), "a number has more than 4,300 digits"),
    (TEMPLATE.replace("copies = 6", "copies = " + "9" * 5000, 1), "a number has more than 4,300 digits"),
])
def test_deep_nesting_and_huge_numbers_in_a_file(tmp_path, text, expected):
    path = game_file(tmp_path, text)
    for args in (["validate", path], ["build", "--game", path, "-o", str(tmp_path / "k.pdf")],
                 ["trace", "A1:1", "--game", path]):
        lines = errors_of(args)
        assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: {expected}"), lines


def test_deep_nesting_in_a_text_file(tmp_path):
    path = tmp_path / "text.en.toml"
    path.write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    assert errors_of(["build", "--text", str(path), "-o", str(tmp_path / "k.pdf")]) == [
        f"Error: {path}: lists or tables nested too deeply to read; a text file needs at most 16 levels"]


@pytest.mark.parametrize("tiles, expected", [
    (",".join(["1x6"] * 12000), "--tiles: names 12,000 parts; a reprint names at most 200"),
    ("1x" + "9" * 4301, '--tiles: "1x999'),
    ("9" * 5000 + ".1", '--tiles: "999'),
    ("1" + " " * 40000 + "q", '--tiles: "1 '),
])
def test_hostile_tile_lists(tmp_path, tiles, expected):
    lines = errors_of(["build", "--tiles", tiles, "-o", str(tmp_path / "k.pdf")], seconds=5)
    assert len(lines) == 1 and lines[0].startswith("Error: " + expected), lines
    assert len(lines[0]) < 200
    assert not (tmp_path / "k.pdf").exists()


def test_tile_lists_within_the_limit_still_work(tmp_path):
    lines = errors_of(["build", "--tiles", ",".join(["1x6"] * 200), "-o", str(tmp_path / "k.pdf")])
    assert lines == ["Error: --tiles: tile 1·1 is named twice"]
