"""The printed words: text files checked against the English one, printed literally, never overflowing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.words import english
from papergame.text import placeholders
from pdfmeasure import open_pdf, page_text

ENGLISH = Path(__file__).parent.parent / "templates" / "edge-port-path-tiles" / "text.en.toml"


def write_text(tmp_path: Path, changes: dict[str, str], drop: tuple[str, ...] = (), extra: str = "") -> Path:
    """A copy of the English text file with some values replaced, some keys dropped, lines added."""
    out = []
    section = ""
    for line in ENGLISH.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[]")
        key = stripped.split("=", 1)[0].strip() if "=" in stripped and not stripped.startswith("#") else None
        full = f"{section}.{key}" if key else None
        if full in drop:
            continue
        if full in changes:
            value = changes[full].replace("\\", "\\\\").replace('"', '\\"')
            line = f'{key} = "{value}"'
        out.append(line)
    path = tmp_path / "text.xx.toml"
    path.write_text("\n".join(out) + "\n" + extra, encoding="utf-8")
    return path


def build(*args):
    return CliRunner().invoke(main, ["build", *args])


def test_every_text_key_is_used_by_its_english_placeholders():
    data = tomllib.loads(ENGLISH.read_text(encoding="utf-8"))
    texts = english()
    assert set(data) == set(texts.sections)
    assert placeholders(texts.sections["rules"]["setup_tokens"]) == {"white", "white_start", "black", "black_start"}


def test_a_translation_replaces_the_printed_words(tmp_path):
    text = write_text(tmp_path, {"board.title": "Spielbrett", "rules.title": "So wird gespielt"})
    out = tmp_path / "kit.pdf"
    result = build("--text", str(text), "-o", str(out))
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        assert page_text(pdf.pages[0]).startswith("Spielbrett")
        assert page_text(pdf.pages[2]).startswith("So wird gespielt")


def test_text_beside_a_game_file_is_found_by_lang(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text((ENGLISH.parent / "game.toml").read_text(encoding="utf-8"), encoding="utf-8")
    write_text(tmp_path, {"board.title": "Plateau"})
    (tmp_path / "text.xx.toml").rename(tmp_path / "text.fr.toml")
    out = tmp_path / "kit.pdf"
    result = build("--game", str(game), "--lang", "fr", "-o", str(out))
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        assert page_text(pdf.pages[0]).startswith("Plateau")


def test_markup_and_special_characters_print_as_typed(tmp_path):
    title = '<font color="red">Kit</font> & <b>x</b> <> &amp;'
    text = write_text(tmp_path, {"kit.title": title, "board.title": title})
    out = tmp_path / "kit.pdf"
    result = build("--text", str(text), "-o", str(out), "--only", "board")
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        page = pdf.pages[0]  # the board's title, wrapped (too long for 0.8 of the width), read at its size
        size = max(c["size"] for c in page.chars)
        words = page.filter(lambda o: o.get("object_type") != "char" or abs(o["size"] - size) < 0.01)
        assert " ".join(page_text(words).splitlines()) == title


@pytest.mark.parametrize("changes,drop,extra,message", [
    ({}, ("rules.title",), "", "{path}: rules.title: missing"),
    ({}, (), "\n[rules2]\nx = \"y\"\n", '{path}: "rules2" is not a key; did you mean "rules"?'),
    ({}, (), "\n[zzz]\nx = \"y\"\n", '{path}: "zzz" is not a key (the keys: '),
    ({"board.start": "$who starts here"}, (), "",
     "{path}: board.start: $who is not a placeholder of this text (valid: $token)"),
    ({"board.title": "Cost: $5"}, (), "",
     "{path}: board.title: has a $ that is not a placeholder; write $$ for a dollar sign"),
    ({"board.title": "Board ⮕ here"}, (), "",
     '{path}: board.title: the character "⮕" (U+2B95) is not in the embedded font (DejaVu Sans), '
     "so it would print as a box; write it another way"),
])
def test_a_broken_text_file_gets_clear_errors(tmp_path, changes, drop, extra, message):
    text = write_text(tmp_path, changes, drop, extra)
    result = build("--text", str(text), "-o", str(tmp_path / "never.pdf"))
    assert result.exit_code == 2
    assert result.output.startswith("Error: " + message.format(path=text))
    assert "Traceback" not in result.output
    assert not (tmp_path / "never.pdf").exists()


def test_text_taller_than_a_page_is_an_error_that_names_it(tmp_path):
    text = write_text(tmp_path, {"rules.lead": "Tiles and tokens and rules. " * 400})
    result = build("--text", str(text), "-o", str(tmp_path / "never.pdf"))
    assert result.exit_code == 2
    line, = result.output.splitlines()
    assert line.startswith("Error: rules page: rules.lead does not fit on a page: it needs ")
    assert not (tmp_path / "never.pdf").exists()


def test_long_rules_flow_onto_another_page(tmp_path):
    text = write_text(tmp_path, {"rules.style_note": "Solid or outlined only tells lines apart. " * 40})  # fitting keeps 12 on one sheet
    result = build("--text", str(text), "-o", str(tmp_path / "long.pdf"), "--only", "rules")
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote long.pdf (2 sheets: rules of the kit) for the players in {tmp_path}\n"


def test_a_word_wider_than_its_box_is_an_error(tmp_path):
    text = write_text(tmp_path, {"rules.turn_1": "W" * 80})
    result = build("--text", str(text), "-o", str(tmp_path / "never.pdf"))
    assert result.exit_code == 2
    assert result.output.startswith('Error: rules.turn_1: the word "WWW')


def test_unknown_language_is_refused():
    result = build("--lang", "qq", "-o", "never.pdf")
    assert result.exit_code == 2
    assert result.output == ('Error: --lang: no text file for language "qq" (looked for text.qq.toml in the '
                             "current folder and among the built-in templates; available: de, en, es, fr, uk)\n")
