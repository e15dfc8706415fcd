"""A tactile kit's words for braille files: the printed pages' text in reading order, as paragraphs.

The rules, the record sheet and the host key are laid out for print; their BRF files carry the
same words, read off the pages (top-level text only: figures are left out, as their captions and
the worked examples say what they show; the foot of every page too). Reading order: a page whose
right half holds text on baselines of its own is read as two columns, left first; otherwise
(tables) row by row. Lines of one paragraph (same size, weight and indent, one line-step apart)
are joined again; a bullet or a number starts a new paragraph (a bullet itself is left out: in braille
each item is its own paragraph).
"""

from __future__ import annotations

import re

from papergame.records import NamedTuple
from papergame.layout.paper import SCALE_CHECK_H, content_box
from papergame.layout.primitives import Page, Text

SMALLEST = 3.0  # mm: smaller words are a figure's labels or the foot of a page
MARKER = re.compile(r"^(?:•|\d{1,2}\.)$")


class Line(NamedTuple):
    y: float
    x: float  # where its words start (after a bullet or number)
    size: float
    bold: bool
    marker: bool  # it begins with a bullet or a number
    text: str


def page_texts(page: Page, paper: str) -> list[Text]:
    """The page's own words: top-level text above the foot, at least `SMALLEST` high."""
    floor = content_box(paper).y + SCALE_CHECK_H
    return [item for item in page.items if isinstance(item, Text) and item.size >= SMALLEST and item.y > floor
            and item.text.strip()]


def lines_of(texts: list[Text]) -> list[Line]:
    """Texts on one baseline joined left to right, top to bottom."""
    rows: list[list[Text]] = []
    for t in sorted(texts, key=lambda t: (-round(t.y, 1), t.x)):
        if rows and abs(rows[-1][0].y - t.y) < 0.3:
            rows[-1].append(t)
        else:
            rows.append([t])
    out = []
    for row in rows:
        row.sort(key=lambda t: t.x)
        marker = bool(MARKER.match(row[0].text.strip())) and len(row) > 1
        words = row[1:] if marker else row
        shown = words if marker and row[0].text.strip() == "•" else row  # a bullet item is a paragraph of its own
        cells = [t.text.strip() for t in shown]
        # a marker and its words read as one; the cells of a table row are parted by semicolons, so
        # that neighbouring numbers never read as one number
        text = " ".join(cells) if marker else "; ".join(cells)
        out.append(Line(row[0].y, words[0].x, words[0].size, words[0].bold, marker, text))
    return out


def reading_order(texts: list[Text], middle: float) -> list[list[Text]]:
    """The page's texts as one stream (tables, single columns) or two (left column, then right)."""
    left = [t for t in texts if t.x < middle]
    right = [t for t in texts if t.x >= middle]
    if not left or not right:
        return [texts]
    baselines = {round(t.y, 1) for t in left}
    shared = sum(1 for t in right if any(abs(round(t.y, 1) - b) < 0.3 for b in baselines))
    return [left, right] if shared < len(right) / 2 else [texts]


def paragraphs(pages: list[Page], paper: str) -> list[tuple[str, bool]]:
    """(text, heading) for each paragraph of the pages, in reading order."""
    middle = content_box(paper).cx
    out: list[tuple[str, bool]] = []
    for page in pages:
        for stream in reading_order(page_texts(page, paper), middle):
            last: Line | None = None
            for line in lines_of(stream):
                joins = (last is not None and not line.marker and line.size == last.size and line.bold == last.bold
                         and abs(line.x - last.x) < 0.5 and 0 < last.y - line.y <= line.size * 1.45)
                if joins and out:
                    out[-1] = (out[-1][0] + " " + line.text, out[-1][1])
                else:
                    out.append((line.text, line.bold and line.size > 4.0))
                last = line
    return out
