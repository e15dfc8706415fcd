"""One type scale (issue 17): every document's pages set their titles, headings and running text at the sizes the
kit's rules page sets them, as read from the PDFs.

Before it, practice sheets and their keys, win-in-N sheets, single-loop sheets and the simulation report had an
older scale of their own: titles 17.01 pt where the kit's are 19.84, headings 11.91 where the kit's are 13.04, the
report's summary 9.64 pt where the kit's body is 11.06.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.layout.page_kinds import PARTS
from pdfmeasure import mm

KIT = {}  # the rules page's sizes, measured once


def run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output


def sizes(path: Path, page: int = 0) -> Counter:
    """How many letters of the page are set at each size (pt, to 0.01)."""
    with pdfplumber.open(path) as pdf:
        return Counter(round(c["size"], 2) for c in pdf.pages[page].chars if c["text"].strip())


def kit_scale(tmp: Path) -> dict[str, float]:
    """The kit rules page's title (its largest words), heading (the next size down) and body (its commonest size)."""
    if not KIT:
        out = tmp / "rules.pdf"
        run("build", "--only", "rules", "-o", str(out))
        found = sizes(out)
        ordered = sorted(found, reverse=True)
        KIT.update(title=ordered[0], heading=ordered[1], body=found.most_common(1)[0][0])
    return KIT


DOCUMENTS = {  # a document's command, and the file whose first page is measured
    "practice sheet": (["worksheet", "--seed", "3"], "ws.pdf"),
    "its key": (["worksheet", "--seed", "3"], "ws-key.pdf"),
    "win-in-N sheet": (["worksheet", "--game", "shared-path", "--seed", "3"], "ws.pdf"),
    "single-loop sheet": (["loops", "--seed", "3"], "ws.pdf"),
    "single-loop key": (["loops", "--seed", "3"], "ws-key.pdf"),
    "simulation report": (["simulate", "--games", "40", "--seed", "3"], "ws.pdf"),
}


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_document_is_titled_at_the_kits_title_size(tmp_path, document):
    args, name = DOCUMENTS[document]
    run(*args, "-o", str(tmp_path / "ws.pdf"))
    kit = kit_scale(tmp_path)
    assert kit["title"] == 19.84 and kit["heading"] == 13.04 and kit["body"] == 11.06, kit
    with pdfplumber.open(tmp_path / name) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    top = min(c["top"] for c in chars)
    title = {round(c["size"], 2) for c in chars if c["top"] < top + 1}  # the page's first line of words
    assert title == {kit["title"]}, title


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_reports_headings_and_summary_are_the_kits(tmp_path, lang):
    """The report's chart headings at the kit's heading size and its summary lines at the body size: no other
    size of running text on the page (the charts' own words are 7.5 and 7.94 pt, the line under them too)."""
    out = tmp_path / "report.pdf"
    run("simulate", "--games", "40", "--seed", "3", "--lang", lang, "-o", str(out))
    kit = kit_scale(tmp_path)
    found = sizes(out)
    assert {size for size in found if size >= 8} == {kit["title"], kit["heading"], kit["body"]}, sorted(found)


def test_35_tile_types_summary_keeps_the_report_on_one_sheet_with_its_last_line_clear(tmp_path):
    """The eight-port game in Ukrainian: the tiles line of the summary (35 types' shares) takes six lines at the body
    size; the charts give up height for it (52 mm each at most, 44 at least), so the report stays on one sheet, and
    the line under the charts stands clear of the last chart's axis words."""
    out = tmp_path / "report.pdf"
    run("simulate", "--game", "eight-port-path-tiles", "--games", "200", "--seed", "3", "--lang", "uk",
        "-o", str(out))
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 1
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    foot_top = max(c["top"] for c in chars)  # the lowest line of words: the report's own footer line
    last = [c for c in chars if c["top"] > foot_top - 0.5]
    assert "".join(c["text"] for c in sorted(last, key=lambda c: c["x0"])).startswith("Створено")
    above = max(c["bottom"] for c in chars if c["top"] < foot_top - 0.5)
    assert mm(min(c["top"] for c in last) - above) >= 0.5


def title_of(page) -> tuple[str, float, float, float]:
    """A page's title as printed: its words, size (pt), the distance of its baseline from the top of the sheet and of
    its first letter from the sheet's left edge (mm): the topmost line of the page's largest bold letters."""
    chars = [c for c in page.chars if c["text"].strip() and "Bold" in c["fontname"]]
    size = max(c["size"] for c in chars)
    line = [c for c in chars if abs(c["size"] - size) < 0.01]
    top = min(c["top"] for c in line)
    line = sorted((c for c in line if abs(c["top"] - top) < 0.5), key=lambda c: c["x0"])
    baseline = page.height - line[0]["matrix"][5]
    return "".join(c["text"] for c in line), round(size, 2), round(mm(baseline), 2), round(mm(line[0]["x0"]), 2)


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "shared-path"])
def test_every_page_kinds_title_has_one_size_and_one_place(tmp_path, game):
    """Every kind of page of the kit (each part printed alone: the board, tiles, tokens, rules, record, host key,
    guide) has its title at the kit's title size with its baseline the same distance from the top of the sheet
    and its first letter the same distance from the left edge (issue 17). Before, each way of setting a title put it
    elsewhere: the board's and the shared-path host key's 24.00 mm under the top (`Flow.title`, 1.3 em), the tile
    and token sheets' 23.65 mm (`tile_title`, 1.2 em), the rules', guide's, host key's and record's 24.35 mm (1.35 em)."""
    found = {}
    for part in PARTS:
        out = tmp_path / f"{part}.pdf"
        run("build", "--game", game, "--only", part, "-o", str(out))
        with pdfplumber.open(out) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                found[f"{part} p{n}"] = title_of(page)
    assert len(found) >= len(PARTS)
    kit = kit_scale(tmp_path)
    assert {size for _, size, _, _ in found.values()} == {kit["title"]}, found
    assert len({(top, left) for _, _, top, left in found.values()}) == 1, found
