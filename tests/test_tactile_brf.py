"""A tactile kit's braille files: the rules, record sheet and host key as BRF (40 cells by 25 lines a page).

liblouis (Debian's python3-louis) writes them where it is installed; without it English is
written by papergame's own uncontracted UEB, which must give the same bytes, and other
languages get no braille files and one line saying why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame import braille
from papergame.braille import CODES, louis_cells
from papergame.build import make_pages
from papergame.cli import main
from papergame.layout.tactile_text import paragraphs
from papergame.options import KitOptions

PARTS = ("rules", "record", "host-key")
ALLOWED = set(range(32, 96)) | {10, 12, 13}


def need_louis():
    if braille.louis() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("liblouis (python3-louis) is missing on CI: .ci/install-tools installs it")
        pytest.skip("liblouis (Debian python3-louis) is not installed")
    return braille.louis()


def build(tmp_path: Path, *args: str):
    result = CliRunner().invoke(main, ["build", "--tactile", "-o", str(tmp_path / "kit.pdf"), *args])
    assert result.exit_code == 0, result.output
    return result.output


def brf_pages(data: bytes) -> list[list[str]]:
    text = data.decode("ascii")
    assert text.endswith("\r\n\f")
    return [page.split("\r\n")[:-1] for page in text.split("\f")[:-1]]


def test_the_kit_writes_its_rules_record_and_host_key_as_brf_beside_it(tmp_path):
    need_louis()
    output = build(tmp_path)
    for part in PARTS:
        path = tmp_path / f"kit-{part}.brf"
        data = path.read_bytes()
        assert set(data) <= ALLOWED, part  # braille ASCII, CR LF, form feed
        pages = brf_pages(data)
        assert all(len(page) <= 25 for page in pages) and all(len(line) <= 40 for p in pages for line in p), part
        assert "\n" not in data.decode().replace("\r\n", ""), "every line ends CR LF"
        assert (f"Wrote kit-{part}.brf ({len(pages)} braille page{'' if len(pages) == 1 else 's'} of 40 cells by "
                f"25 lines, Unified English Braille, uncontracted (grade 1)) in {tmp_path.resolve()}") in output


def back(data: bytes) -> str:
    lib = need_louis()
    text = data.decode("ascii").replace("\f", "\r\n")
    return " ".join(lib.backTranslateString(["en-us-brf.dis", "en-ueb-g1.ctb"], line).strip()
                    for line in text.split("\r\n") if line.strip()).replace("’", "'")


def test_the_braille_reads_back_as_the_printed_words(tmp_path):
    need_louis()
    build(tmp_path)
    rules = back((tmp_path / "kit-rules.brf").read_bytes())
    for words in ("Key: what the raised marks mean", "a: A tile's first line: solid.", "How to play",
                  "White stands at A1/S, Black at E5/N", "3 in A1: White goes from A1/S to A2/S and stops there."):
        assert words in rules, words
    assert "Player record" in back((tmp_path / "kit-record.brf").read_bytes())
    host = back((tmp_path / "kit-host-key.brf").read_bytes())
    assert "Host key" in host and "1 in A1: White goes off the board at the W side. Black wins." in host
    assert "Print at 100%" not in rules, "the foot of the page is left out"


def test_without_liblouis_english_braille_is_the_same_bytes(tmp_path, monkeypatch):
    need_louis()
    build(tmp_path)
    with_louis = {part: (tmp_path / f"kit-{part}.brf").read_bytes() for part in PARTS}
    monkeypatch.setattr(braille, "louis", lambda: None)
    own = tmp_path / "own"
    own.mkdir()
    build(own)
    assert {part: (own / f"kit-{part}.brf").read_bytes() for part in PARTS} == with_louis


def test_without_liblouis_other_languages_get_no_braille_files_and_one_line_why(tmp_path, monkeypatch):
    monkeypatch.setattr(braille, "louis", lambda: None)
    output = build(tmp_path, "--lang", "fr")
    assert (tmp_path / "kit.pdf").exists()
    assert not list(tmp_path.glob("*.brf"))
    assert output.splitlines()[-1] == (
        "No braille files of the rules, record sheet and host key: their words in Code braille français uniformisé, "
        "uncontracted need liblouis (Debian: python3-louis); the sheets to feel are complete.")


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "uk"])
def test_every_paragraph_of_every_language_has_braille_for_every_character(lang):
    need_louis()
    _, texts, kit = make_pages(None, lang=lang, options=KitOptions(tactile=True))
    code = CODES[texts.get("tactile.braille")]
    count = 0
    for part in PARTS:
        own = [p for p in kit.pages + kit.host_key if p.name == part or p.name.startswith(part + "-")]
        for text, _ in paragraphs(own, "a4"):
            for sign, words in braille.SPELLED.get(code.name, {}).items():
                text = text.replace(sign, words)
            louis_cells(text, code.table)  # strict: raises for any character the table cannot write
            count += 1
    assert count > 40


def test_english_needs_no_liblouis_for_any_of_its_words():
    _, texts, kit = make_pages(None, options=KitOptions(tactile=True))
    for part in PARTS:
        own = [p for p in kit.pages + kit.host_key if p.name == part or p.name.startswith(part + "-")]
        for text, _ in paragraphs(own, "a4"):
            braille.ueb_uncontracted(text)  # strict: raises for any character it has no cell for


def test_a_kit_built_again_replaces_its_braille_files(tmp_path):
    build(tmp_path)
    first = (tmp_path / "kit-rules.brf").read_bytes()
    build(tmp_path)
    assert (tmp_path / "kit-rules.brf").read_bytes() == first


def test_an_existing_file_that_is_not_braille_is_never_replaced(tmp_path):
    notes = tmp_path / "kit-rules.brf"
    notes.write_text("my notes\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--tactile", "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 2
    assert result.output.strip() == (f"Error: {notes}: cannot write: it exists and is not a braille file (BRF), so it "
                                     "is not replaced; name another file or remove it first")
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert not (tmp_path / "kit.pdf").exists()
