"""The shared-path kit's pages a child or teacher reads are set in the kit's one type scale, measured in the PDF.

Rules, record sheet and guide: the median size of their words is the body size (11 pt),
nothing under 9 pt (the footer, printing advice for the adult who prints, is left out; so
are single characters drawn in the figures: the type number on a pictured tile, 7.4 pt, and
the column and row names of the worked-example diagrams, 7.9 pt, as on the default game's
rules page); titles 19.8 pt as on every other kit; the worked examples as
large as the body, and black.
"""

from __future__ import annotations

import io
import statistics

import pdfplumber
import pytest

from papergame.build import kit_pdfs
from papergame.layout.kit import KitOptions

PT = 72 / 25.4
FOOT = 35.0  # mm above the bottom edge: the scale check and the page's footer


@pytest.fixture(scope="module")
def pages():
    pdf = kit_pdfs("shared-path", options=KitOptions(host_key="page")).kit
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        out = {}
        for page in doc.pages:
            text = page.extract_text() or ""
            name = ("rules" if text.startswith("How to play") else "record" if "game record" in text.split("\n")[0]
                    else "guide" if text.startswith("Teacher") else "host-key" if text.startswith("Host key")
                    else None)
            if name:
                words = page.extract_words(extra_attrs=["size", "non_stroking_color"])
                out[name] = [w for w in words if w["bottom"] < page.height - FOOT * PT]
        return out


@pytest.mark.parametrize("name", ["rules", "record", "guide"])
def test_body_is_11_pt_and_nothing_a_child_reads_is_under_9_pt(pages, name):
    words = pages[name]
    sizes = [round(w["size"], 2) for w in words]
    assert statistics.median(sizes) >= 11.0, (name, statistics.median(sizes))
    small = sorted({(w["text"], round(w["size"], 2)) for w in words if w["size"] < 9.0 and len(w["text"]) > 1})
    assert small == [], small
    letters = {round(w["size"], 2) for w in words if w["size"] < 9.0}
    assert letters <= {7.37, 7.94}, letters  # only the numbers drawn on the tiles, the diagrams' column and row names


@pytest.mark.parametrize("name", ["rules", "record", "guide", "host-key"])
def test_titles_are_as_large_as_the_other_kits(pages, name):
    assert round(max(w["size"] for w in pages[name]), 2) == 19.84


def test_the_worked_examples_are_body_size_and_black(pages):
    words = pages["rules"]
    sentence = [w for w in words if w["text"] in ("waits", "loses.")]
    assert sentence, "the two first moves are on the rules page"
    assert {round(w["size"], 2) for w in sentence} == {11.06}
    assert {tuple(w["non_stroking_color"]) for w in sentence} <= {(0,), (0.0,), (0, 0, 0)}


def test_the_record_sheet_heads_are_the_default_record_sheet_s(pages):
    heads = [w for w in pages["record"] if w["text"] in ("Turn", "Player", "Cell")]
    assert {round(w["size"], 2) for w in heads} == {10.06}  # nothing a child reads under 10 pt
