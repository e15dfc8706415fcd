"""The built-in games' TOML data kept parsed (papergame/data/parsed.py) is what tomllib gives for those texts.

Fails after a built-in game's definition or English words change until the files are written again
(`python -m papergame.data.parsed`); a stale file is never used (the text is parsed instead).
"""

from __future__ import annotations

import marshal
import tomllib

import pytest

from papergame.data import files, parsed
from papergame.data.games import load_definition
from papergame.data.words import load_texts

KEPT = parsed.kept_texts()


def ordered(value):
    """`value` with the order of every table's keys made part of it (== on dicts ignores their order)."""
    if isinstance(value, dict):
        return [(key, ordered(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [ordered(item) for item in value]
    return (type(value).__name__, value)


def test_the_kept_files_are_those_of_the_games_as_they_are():
    on_disk = {path.name: ordered(marshal.loads(path.read_bytes())) for path in parsed.FOLDER.glob("*" + parsed.SUFFIX)}
    wanted = {name: ordered(marshal.loads(blob)) for name, blob in parsed.expected().items()}
    assert on_disk == wanted, "stale: python -m papergame.data.parsed"
    assert len(KEPT) == 8 and {p.name for p in KEPT} == {"game.toml", "text.en.toml"}


@pytest.mark.parametrize("path", KEPT, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_kept_text_gives_what_tomllib_parses(path):
    text = path.read_text(encoding="utf-8")
    kept = parsed.kept(text)
    assert kept is not None
    assert ordered(kept) == ordered(tomllib.loads(text))
    assert parsed.kept(text + "\n# a teacher's note\n") is None  # an edited text is parsed anew


def test_a_build_parses_neither_the_default_game_nor_its_words(monkeypatch):
    calls = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text, **kw: calls.append(len(text)) or real(text, **kw))
    monkeypatch.setattr(files, "_parsed", {})  # nothing read before in this process
    definition = load_definition(None)
    texts = load_texts(None, "fr")
    assert definition.board.columns and texts.get("kit.title")
    # only the French words are parsed (before: the game, the English words and the French ones)
    french = (KEPT[0].parents[1] / "edge-port-path-tiles" / "text.fr.toml").read_text(encoding="utf-8")
    assert calls == [len(french)]


def test_an_unreadable_kept_file_is_passed_over(tmp_path, monkeypatch):
    text = 'title = "A game"\n'
    monkeypatch.setattr(parsed, "FOLDER", tmp_path)
    (tmp_path / parsed.file_name(text)).write_bytes(b"\x00 not marshal data")
    assert parsed.kept(text) is None
    (tmp_path / parsed.file_name(text)).write_bytes(marshal.dumps(["not", "a", "table"]))
    assert parsed.kept(text) is None
    monkeypatch.setattr(files, "_parsed", {})
    assert files.parse_toml(text, "g.toml") == {"title": "A game"}
