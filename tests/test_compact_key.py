"""The own-token compact key (`worksheet --compact-key`) on the sheets' own flow and type, measured from the PDF.

It is a `Sheet` flow like every other worksheet page (issue 17: one composition system): its title at the
sheets' title size, its table's head again on each page it goes on to, and in large print it is made (it
stopped with an error while it was composed in blocks, its first column 18 mm at any type size)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from covering import covering

from papergame.build import worksheet_pdfs
from papergame.options import WorksheetOptions
from test_worksheet_print import PT_LEAST, runs


def title_size(data: bytes, page: int = 0) -> float:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return round(max(c["size"] for c in pdf.pages[page].chars), 2)


def test_the_compact_key_sets_its_title_as_the_sheets_do_and_repeats_its_head():
    made = worksheet_pdfs(None, WorksheetOptions(level="easy", seed=3, copies=26, compact_key=True))
    with pdfplumber.open(io.BytesIO(made.keys)) as pdf:
        assert len(pdf.pages) == 2
        texts = [page.extract_text() for page in pdf.pages]
    assert title_size(made.keys) == title_size(made.sheets) == 19.84  # the title of the one type scale (19.84 pt; 17.01 before it)
    for text in texts:  # the head of the table on both pages
        assert "Sheet Seed Predict the exit" in text
    numbers = [line.split()[0] for text in texts for line in text.splitlines() if line.split()[0].isdigit()]
    assert [n for n in numbers if int(n) <= 26][:26] == [str(n) for n in range(1, 27)]  # every sheet, in order


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("mode, lang", covering([(mode, lang) for mode in ("large", "clear")  # each once; all 6:
                                                 for lang in ("en", "fr", "uk")]))  # -m slow
def test_the_compact_key_is_made_in_large_and_clear_print(lang, mode):
    options = WorksheetOptions(level="hard", seed=3, copies=3, compact_key=True, large_print=mode == "large",
                               clear_print=mode == "clear")
    made = worksheet_pdfs(None, options, lang=lang)
    sizes = [size for _, text, size in runs(made.keys) if text.strip()]
    assert sizes and min(sizes) >= PT_LEAST[mode]
    assert title_size(made.keys) == title_size(made.sheets)
    with pdfplumber.open(io.BytesIO(made.keys)) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        columns = sorted({round(line["x0"], 2) for line in page.lines
                          if abs(line["x0"] - line["x1"]) < 0.01 and line["bottom"] - line["top"] > 10})  # not the ticks
    assert len(columns) == 4  # the table's four upright lines: three columns
    for sheet in made.json["sheets"]:  # each sheet's number and seed inside their own column, crossing no line
        for text, column in ((str(sheet["number"]), 0), (str(sheet["seed"]), 1)):
            word = next(w for w in words if w["text"] == text and columns[column] < w["x0"] < columns[column + 1])
            assert word["x1"] < columns[column + 1], (text, word, columns)
