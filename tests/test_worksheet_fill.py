"""Worksheets that use the page (issue 19): the puzzles fill it, and a hexagon's every cell can be named.

Measured from the sheets' PDFs: where the last thing drawn above the footer ends, and where
the row names stand beside each diagram.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfmeasure import content_box, mm, open_pdf

FOOT = 15.0  # the scale check and footer at the foot of every page
MOST_BLANK = 25.0
LABEL_PT = 10.06


def sheet(tmp: Path, game: str, level: str, paper: str = "a4") -> Path:
    out = tmp / f"{game}-{level}-{paper}.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", game, "--level", level, "--paper", paper, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def blank_below(path: Path, paper: str = "a4") -> float:
    """mm between the lowest thing drawn on the first page and the top of its footer."""
    foot_top = content_box(paper)[3] - FOOT
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        drawn = [o for o in page.chars + page.lines + page.rects + page.curves if mm(o["bottom"]) < foot_top - 0.5]
        return foot_top - max(mm(o["bottom"]) for o in drawn)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,level", [
    ("edge-port-path-tiles", "hard"),  # was 71.7 mm: two puzzles side by side over the top of the page
    ("hexagon-path-tiles", "hard"),
    ("eight-port-path-tiles", "easy"),  # were 85.5, 70.4 and 50.4 mm: cells kept at 20 mm
    ("eight-port-path-tiles", "medium"),
    ("edge-port-path-tiles", "medium"),
])
def test_the_puzzles_fill_the_page(tmp_path, game, level):
    assert blank_below(sheet(tmp_path, game, level)) <= MOST_BLANK


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,level", [("edge-port-path-tiles", "easy"), ("hexagon-path-tiles", "hard"),
                                        ("shared-path", "medium")])  # "win in 2" sheets: 4.5 mm on A4 and Letter
def test_letter_sheets_fill_the_page_too(tmp_path, game, level):
    assert blank_below(sheet(tmp_path, game, level, "letter"), "letter") <= MOST_BLANK


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["edge-port-path-tiles", "hexagon-path-tiles", "eight-port-path-tiles"])
def test_every_level_fills_the_page(tmp_path, game, paper):
    for level in ("easy", "medium", "hard"):
        assert blank_below(sheet(tmp_path, game, level, paper), paper) <= MOST_BLANK, level


def cell_sizes(path: Path) -> list[float]:
    """mm between neighbouring column letters of each diagram on the first page: a square cell's width."""
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        letters = [c for c in page.chars if c["text"] in "ABCDEF" and abs(c["size"] - LABEL_PT) < 0.05]
        gaps = []
        for top in sorted({round(c["top"], 1) for c in letters}):
            row = sorted((c for c in letters if abs(c["top"] - top) < 0.5), key=lambda c: c["x0"])
            gaps += [mm(b["x0"] - a["x0"]) for a, b in zip(row, row[1:]) if mm(b["x0"] - a["x0"]) < 45]
        return gaps


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,level,was,puzzles", [
    ("edge-port-path-tiles", "easy", 13.5, 6),  # the cells at the start of this session, the same puzzles a sheet
    ("edge-port-path-tiles", "medium", 12.0, 4),
    ("edge-port-path-tiles", "hard", 15.25, 2),
    ("eight-port-path-tiles", "easy", 24.0, 2),
    ("eight-port-path-tiles", "hard", 29.0, 1),
])
def test_the_cells_grew(tmp_path, game, level, was, puzzles):
    """The heading gives its room to the puzzles (the name and date on the title's line, the level and seed in
    the footer; no hand instruction on a sheet without a hand): bigger cells than before, as many puzzles."""
    path = sheet(tmp_path, game, level)
    gaps = cell_sizes(path)
    assert len(gaps) >= puzzles * 2 and min(gaps) > was + 0.5, (gaps, was)
    with open_pdf(path) as pdf:
        numbers = [w["text"] for w in pdf.pages[0].extract_words() if w["text"].rstrip(".").isdigit()
                   and w["text"].endswith(".")]
        assert numbers[:puzzles] == [f"{n}." for n in range(1, puzzles + 1)], numbers


def test_eight_port_medium_has_two_puzzles_at_the_comfortable_size(tmp_path):
    """One puzzle at 32 mm before; now two at 20 mm or more (four lines a side need 20 mm to be followed)."""
    gaps = cell_sizes(sheet(tmp_path, "eight-port-path-tiles", "medium"))
    assert len(gaps) == 6 and min(gaps) >= 20.0 - 0.01, gaps


def test_every_hexagon_cell_has_its_row_named_level_with_it(tmp_path):
    """Row numbers at the left are level with the columns of A; the columns half a cell up (B, D) have theirs
    at the right, level with them: half a cell from the left ones."""
    with open_pdf(sheet(tmp_path, "hexagon-path-tiles", "hard")) as pdf:
        page = pdf.pages[0]
        digits = [c for c in page.chars if c["text"].isdigit() and abs(c["size"] - LABEL_PT) < 0.05
                  and "Bold" in c["fontname"]]
        letters = [c for c in page.chars if c["text"] == "A" and abs(c["size"] - LABEL_PT) < 0.05]
        checked = 0
        for a in letters:  # each diagram: its column A's letter, its row names below it at the left and right
            left = sorted((c for c in digits if c["x1"] < a["x0"] and 0 < c["top"] - a["top"] < 110 * 72 / 25.4
                           and a["x0"] - c["x1"] < 60), key=lambda c: c["top"])
            right = sorted((c for c in digits if c["x0"] > a["x0"] + 40 and 0 < c["top"] - a["top"] < 110 * 72 / 25.4
                            and c["x0"] - a["x0"] < 400), key=lambda c: c["top"])
            if len(left) < 3:
                continue
            right = [c for c in right if left[0]["top"] - 30 < c["top"] < left[-1]["top"] + 30]
            assert [c["text"] for c in left] == [c["text"] for c in right]
            cell = mm(left[1]["top"] - left[0]["top"])
            for lft, rgt in zip(left, right):
                assert abs(abs(mm(rgt["top"] - lft["top"])) - cell / 2) < 0.05, (lft["text"], cell)
            checked += 1
        assert checked == 2  # both puzzles' diagrams
