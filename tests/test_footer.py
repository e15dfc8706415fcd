"""The foot of every page, measured from the PDF's character boxes: its parts never overprint one another or
the scale bars, stay inside the content box, say whose the page is, and keep the kit and page numbers whole.

The widest labels a kit can have (kit 40 of a class set, page 108 of 110) are set by the kit's own `finish`
on blank sheets, in every language, game and paper, so the matrix takes a second; two real kits (the
Ukrainian hexagon kit, and a German eight-port class set) are measured page by page beside it.
"""

from __future__ import annotations

import io
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.build import render_bytes
from papergame.cli import main
from papergame.data.games import load_definition
from papergame.data.words import load_texts
from papergame.layout.kit import HOST, PLAYERS, finish
from papergame.layout.paper import SCALE_CHECK_H, Sheet
from papergame.model.rulesets import rule_set
from papergame.options import KitOptions
from papergame.render.fonts import FontMetrics
from pdfmeasure import PAPERS, content_box, mm
from covering import covering

GAMES = ["edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path"]
LANGS = ["en", "fr", "es", "de", "uk"]
TOUCH = 0.1  # pt: boxes overlapping by less than this only touch
WITHIN = 1.2  # mm: letters of one part are closer than this (a word space is 0.8 mm at 7.4 pt) ...
APART = 2.5  # ... and two parts of one line at least this far apart


def footer_box(paper: str, scale: float = 1.0) -> tuple[float, float, float, float]:
    """The content box in mm, enlarged about the page's centre by `scale` (a corrected page's is)."""
    pw, ph = PAPERS[paper]
    return tuple(c + (v - c) * scale for v, c in zip(content_box(paper), (pw / 2, ph / 2, pw / 2, ph / 2)))


def footer_parts(page, paper: str, scale: float = 1.0) -> tuple[list[dict], list[list[dict]]]:
    """The characters in the footer band of a page, and the parts they make: runs of letters on one baseline."""
    x0, top, x1, bottom = footer_box(paper, scale)
    chars = [c for c in page.chars if mm(c["bottom"]) > bottom - SCALE_CHECK_H * scale and not c["text"].isspace()]
    lines: dict[float, list[dict]] = {}
    for c in chars:
        lines.setdefault(round(c["bottom"], 0), []).append(c)
    parts = []
    for line in lines.values():
        line.sort(key=lambda c: c["x0"])
        run = [line[0]]
        for c in line[1:]:
            if mm(c["x0"] - run[-1]["x1"]) > WITHIN:
                parts.append(run)
                run = []
            run.append(c)
        parts.append(run)
    return chars, parts


def overlap(a: dict, b: dict) -> bool:
    return (min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > TOUCH
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > TOUCH)


def text(part: list[dict]) -> str:
    return "".join(c["text"] for c in part)


def bare(words: str) -> str:
    """Words without their spaces, as the footer's letters are compared (spaces draw no box)."""
    return "".join(words.split())


def check_footer(page, paper: str, where: str, scale: float = 1.0) -> str:
    """Every check on one page's footer; returns its parts' text, line by line from the top."""
    x0, top, x1, bottom = footer_box(paper, scale)
    chars, parts = footer_parts(page, paper, scale)
    assert chars, where
    for c in chars:  # nothing beyond the margins
        assert x0 - 0.01 <= mm(c["x0"]) and mm(c["x1"]) <= x1 + 0.01, (where, c["text"], mm(c["x0"]), mm(c["x1"]))
        assert mm(c["bottom"]) <= bottom + 0.01, (where, c["text"])
    for a, b in combinations(chars, 2):  # no letter on another
        assert not overlap(a, b), (where, a["text"], b["text"], mm(a["x0"]), mm(b["x0"]))
    drawn = [o for o in page.lines + page.rects if mm(o["top"]) > bottom - SCALE_CHECK_H * scale]
    assert drawn, where  # the bars and their ticks
    for c in chars:  # no letter on a bar or a tick
        for o in drawn:
            assert not overlap(c, o), (where, c["text"], mm(c["x0"]), mm(o["x0"]), mm(o["x1"]))
    by_line: dict[float, list[list[dict]]] = {}
    for part in parts:
        by_line.setdefault(round(part[0]["bottom"], 0), []).append(part)
    for line in by_line.values():  # two parts on one line stand clearly apart
        line.sort(key=lambda p: p[0]["x0"])
        for left, right in zip(line, line[1:]):
            assert mm(right[0]["x0"] - left[-1]["x1"]) >= APART, (where, text(left), text(right))
    return "\n".join(" | ".join(text(p) for p in sorted(line, key=lambda p: p[0]["x0"]))
                     for _, line in sorted(by_line.items()))


def widest_footers(game: str, lang: str, paper: str, measured: float | None = None) -> bytes:
    """Four blank pages with the kit's footers at their widest: unnumbered and kit 40, page 8 of 10 and
    108 of 110, a players' page and a host's."""
    definition = load_definition(game)
    texts = load_texts(None, lang, game, rule_set(definition).words)
    metrics = FontMetrics()
    sheets = [Sheet("blank", paper, metrics) for _ in range(4)]
    kit_of = {id(sheets[1]): "40", id(sheets[3]): "40"}
    labels = [texts.get("kit.page", page=p, pages=n) for p, n in ((8, 10), (108, 110), (2, 2), (110, 110))]
    pages = finish(sheets, texts, KitOptions(paper=paper, measured=measured), kit_of, labels,
                   whose=[PLAYERS, PLAYERS, HOST, HOST])
    return render_bytes(pages, "footers")


# every language and game on A4; on Letter (its box 2.95 mm further right) every language with the longest titles;
# by default a covering subset (every language, game and paper once: tests/covering.py), all 25 under -m slow
MATRIX = [(lang, game, "a4") for lang in LANGS for game in GAMES] + [(lang, "hexagon-path-tiles", "letter")
                                                                     for lang in LANGS]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang,game,paper", covering(MATRIX))
def test_no_part_of_the_widest_footers_overprints_another(lang, game, paper):
    texts = load_texts(None, lang, game, rule_set(load_definition(game)).words)
    with pdfplumber.open(io.BytesIO(widest_footers(game, lang, paper))) as pdf:
        said = [check_footer(page, paper, f"{game} {lang} {paper} page {page.page_number}") for page in pdf.pages]
    marks = [texts.get("kit.players")] * 2 + [texts.get("kit.host_only")] * 2
    for footer, mark, kit, (p, n) in zip(said, marks, ("", "40", "", "40"), ((8, 10), (108, 110), (2, 2), (110, 110))):
        flat = bare(footer.replace("|", ""))
        assert bare(mark) in flat, footer  # whose the page is
        assert bare(texts.get("kit.page", page=p, pages=n)) in flat, footer  # the page number, whole
        if kit:  # and the kit's, whole
            assert bare(texts.get("kit.kit_stamp", kit=kit)) in flat or bare(
                texts.get("kit.footer_kit", game="", kit=kit)) in flat, footer


@pytest.mark.parametrize("lang", ["uk", "de"])
def test_a_corrected_footer_keeps_its_note_clear_of_the_rest(lang):
    """A page corrected for a printer is enlarged about its centre: its footer, note and all, with it."""
    with pdfplumber.open(io.BytesIO(widest_footers("hexagon-path-tiles", lang, "a4", measured=49.2))) as pdf:
        for page in pdf.pages:
            footer = check_footer(page, "a4", f"{lang} page {page.page_number}", scale=50 / 49.2)
            assert "49,2" in footer.replace("\u00a0", " ")


def real_kit(tmp_path: Path, *args: str) -> list[Path]:
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return [out, out.with_name("kit-host-key.pdf")]


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("args,paper", [
    (("--lang", "uk", "--game", "hexagon-path-tiles"), "a4"),  # every page overprinted "2 дюйми" before
    (("--lang", "de", "--game", "eight-port-path-tiles", "--kits", "3", "--only", "rules,host-key"), "letter"),
])
def test_every_footer_of_a_real_kit_fits_and_says_whose_the_page_is(tmp_path, args, paper):
    players, host = real_kit(tmp_path, *args, "--paper", paper)
    texts = load_texts(lang=args[1])
    for path, mark in ((players, texts.get("kit.players")), (host, texts.get("kit.host_only"))):
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                footer = check_footer(page, paper, f"{path.name} page {page.page_number}")
                assert bare(mark) in bare(footer), footer
                assert bare(texts.get("kit.page", page=page.page_number, pages=len(pdf.pages))) in bare(footer), footer
