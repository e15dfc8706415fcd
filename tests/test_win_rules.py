""""Win in N": a rules page after the sheets and a teacher's guide after the keys, read back from the PDFs;
the rules page's worked example is checked by the engine alone (`test_win_sheets`), not by the solver."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.build import win_rules_example
from papergame.cli import main
from papergame.data.words import load_texts
from papergame.model.rules import replay
from test_win_sheets import SHARED, all_replies_lose, move_at

TITLES = {"en": ("How to play: win in 1, 2 or 3", "Teacher's guide: win in N sheets", "How to play"),
          "fr": ("Comment jouer", "Guide de l’enseignant", "Règles"),
          "es": ("Cómo se juega", "Guía del docente", "Reglas"),
          "de": ("So wird gespielt", "Für Lehrkräfte", "Spielregel"),
          "uk": ("Як грати", "Для вчителя", "Правила")}


def first_words(text: str, n: int = 6) -> str:
    return " ".join(text.split()[:n])


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", list(TITLES))
def test_how_to_play_after_the_sheets_and_the_guide_after_the_keys(tmp_path, lang):
    rules, guide, label = TITLES[lang]
    texts = load_texts(None, lang, "shared-path", "shared-path")
    out = tmp_path / "win.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "--level", "easy", "--puzzles", "1",
                                       "--copies", "2", "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    example = win_rules_example(SHARED)
    cell, tile = example.tree.move.split(":")
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 3  # two sheets, then how to play, once
        page = pdf.pages[2]
        text = " ".join(page.extract_text().split())
        words = [w for w in page.extract_words(extra_attrs=["size"]) if w["top"] < page.height - 90]  # above the footer
        labels = [w for w in words if w["text"] in "ABCDE12345" and len(w["text"]) == 1 and w["size"] < 11]
        letters = [w["text"] for w in labels if w["text"].isalpha()]
        sizes = {round(w["size"], 2) for w in words if w not in labels}
    assert text.startswith(rules) and f"– {label}" in text
    for key in ("rules_game", "rules_goal", "rules_tip"):
        assert first_words(texts.get(f"win_sheet.{key}")) in text, key
    shown = texts.get("win_sheet.rules_example", tile=tile.removesuffix("@0"), cell=cell)
    assert " ".join(shown.split()) in text  # the example's answer, as the solver made it
    assert letters == list("ABCDE") * 2 and len(labels) == 20  # two boards: the puzzle and its answer
    assert min(sizes) >= 11.0 and min(w["size"] for w in labels) >= 10.0  # text 11 pt, the boards' labels 10 pt
    with pdfplumber.open(tmp_path / "win-key.pdf") as pdf:
        assert len(pdf.pages) == 3  # two keys, then the guide
        text = " ".join(pdf.pages[2].extract_text().split())
    assert text.startswith(guide)
    for key in ("guide_print", "guide_levels", "guide_class", "guide_check"):
        assert first_words(texts.get(f"win_sheet.{key}")) in text, key


def test_the_worked_example_wins_at_once_by_the_engine_alone():
    example = win_rules_example(SHARED)
    played = tuple(example.played)
    game = replay(SHARED, list(played))
    assert not game.over and example.moves == 1
    mine = played + (move_at(game, example.tree.move.split(":")[1]),)
    assert mine[-1] == example.tree.move
    assert not replay(SHARED, list(mine)).over  # the answer keeps the path on the board
    assert all_replies_lose(mine, game.mover, 1)  # and every reply runs it off


def test_a_compact_key_ends_with_the_guide_too(tmp_path):
    out = tmp_path / "win.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "--level", "easy", "--puzzles", "1",
                                       "--compact-key", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "win-key.pdf") as pdf:
        assert pdf.pages[-1].extract_text().startswith(TITLES["en"][1])


@pytest.mark.parametrize("profile, least, lang", [("--large-print", 16.0, "uk"), ("--clear-print", 12.0, "de")])
def test_the_rules_page_and_guide_are_on_the_sheets_type_profile(tmp_path, profile, least, lang):
    out = tmp_path / "win.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "--level", "easy", "--puzzles", "1",
                                       profile, "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    for name in ("win.pdf", "win-key.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            last = pdf.pages[-1]
            assert min(c["size"] for c in last.chars) >= least - 0.01, name  # every word, the footer too
            assert last.extract_text().startswith(TITLES[lang][0 if name == "win.pdf" else 1])
