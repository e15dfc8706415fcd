"""One way to set a paragraph (issue 17): down a page's `Flow` (the tile sheets' heads, the board's notes, the shared
path's host key, the worksheet keys' legend, the loops' and win-in-N rules pages) and in a column of blocks (the
rules, record, guide pages: `blocks.ColumnPages`) a paragraph is the same lines on the same baselines, and breaks at a
sheet's foot by the same rule. Read back from the PDF."""

from __future__ import annotations

import io

import pdfplumber

from papergame.build import render_bytes
from papergame.layout.blocks import paragraph
from papergame.layout.paper import STANDARD, Sheet, Typeset
from papergame.render.fonts import FontMetrics

MM = 25.4 / 72
TEXT = ("A tile is laid on the cell the path points into, turned as its player likes; the token then follows the "
        "path from the side it came in by, over every tile it meets, until it reaches an empty cell or the edge of "
        "the board. A player whose token leaves the board is out, and the last player still on it wins.")


def baselines(pages) -> list[list[tuple[float, str]]]:
    """Each page's lines as (baseline from the page's foot in mm, its words), top down."""
    out = []
    with pdfplumber.open(io.BytesIO(render_bytes(pages, "paragraphs"))) as pdf:
        for page in pdf.pages:
            rows: dict[float, list] = {}
            for c in page.chars:
                rows.setdefault(round(c["matrix"][5] * MM, 3), []).append(c)
            out.append([(y, "".join(c["text"] for c in sorted(cs, key=lambda c: c["x0"])))
                        for y, cs in sorted(rows.items(), reverse=True)])
    return out


def test_a_flows_paragraph_is_set_as_a_column_of_blocks_sets_it():
    """Before, a Flow set its first baseline 0.90 em under its top and a block 0.88 em (0.078 mm apart at 11 pt)."""
    metrics = Typeset(FontMetrics(), STANDARD)
    flow = Sheet("flow", "a4", metrics)
    top = flow.cursor
    flow.paragraph(TEXT)
    column = Sheet("blocks", "a4", metrics)
    column.add(*paragraph(TEXT, column.width, metrics, "the paragraph").draw(column.x, top))
    flowed, blocked = baselines([flow.own_page, column.own_page])
    assert len(flowed) >= 3
    assert [t for _, t in flowed] == [t for _, t in blocked]
    assert max(abs(a - b) for (a, _), (b, _) in zip(flowed, blocked)) < 0.01


def test_a_paragraph_at_a_sheets_foot_leaves_two_lines_at_least_on_each_sheet():
    """A paragraph of N lines (five or more) with room for N - 1 at the foot: N - 2 lines, then two on the next sheet, as
    a column of blocks breaks it. Before, a Flow took a line at a time: N - 1, and one left alone on the next."""
    metrics = Typeset(FontMetrics(), STANDARD)
    sheet = Sheet("flow", "a4", metrics, continued=lambda more: None)
    text = " ".join([TEXT] * 2)
    line = STANDARD.body * STANDARD.leading
    lines = len(paragraph(text, sheet.width, metrics, "p", after=0.0).draw(0, 0))
    assert lines >= 5
    sheet.gap(sheet.room - (lines - 1) * line - line / 2)  # room for all its lines but one (and half a line)
    sheet.paragraph(text)
    first, second = baselines([s.own_page for s in sheet.chain()])
    assert (len(first), len(second)) == (lines - 2, 2)


def test_a_flows_heading_is_set_as_a_column_of_blocks_sets_it():
    """A heading and the paragraph under it: the same baselines down a Flow as in a column of blocks. Before, a Flow
    left half an em above a heading (blocks 0.35 em) and no 0.6 mm under it (0.69 mm apart at 13 pt)."""
    from papergame.layout.blocks import heading

    metrics = Typeset(FontMetrics(), STANDARD)
    flow = Sheet("flow", "a4", metrics)
    top = flow.cursor
    flow.heading("How a tile is laid")
    flow.paragraph(TEXT)
    column = Sheet("blocks", "a4", metrics)
    head = heading("How a tile is laid", column.width, metrics, "the heading")
    column.add(*head.draw(column.x, top))
    column.add(*paragraph(TEXT, column.width, metrics, "the paragraph").draw(column.x, top - head.height))
    flowed, blocked = baselines([flow.own_page, column.own_page])
    assert [t for _, t in flowed] == [t for _, t in blocked] and len(flowed) >= 4
    assert max(abs(a - b) for (a, _), (b, _) in zip(flowed, blocked)) < 0.01


def test_a_steps_worked_example_goes_on_at_a_columns_top_only_with_its_steps_words():
    """A step (picture, words, and its worked example under them) broken at a column's foot, at every room from its
    least to its whole height, in both fits (text beside the picture, text round it): the part carried to the next
    column never starts the example alone or with one line of the step's words before it. Before, the large-print French
    eight-port rules began a column with "12 en A1 : Blanc va de A1/S1 à A2/S2 et s'y arrête.", apart from any step."""
    from papergame.layout.blocks import NORMAL, TIGHT, Figure, step
    from papergame.layout.paper import LARGE
    from papergame.layout.primitives import Text

    metrics = Typeset(FontMetrics(), LARGE)
    picture = Figure((), 14.0, 18.0)
    note = "12 in A1: White goes from A1/S1 to A2/S2 and stops there."
    words = "Follow the line. " + TEXT
    broken = 0
    for fit in (NORMAL, TIGHT):
        block = step(picture, words, 80.0, metrics, "a step", number="2.", note=note, fit=fit)
        whole = [i.text for i in block.draw(0, 0) if isinstance(i, Text) and i.text != "2."]
        example = next(whole[-k:] for k in range(1, len(whole)) if " ".join(whole[-k:]) == note)  # its last lines
        assert example and len(whole) - len(example) >= 6, whole
        for tenth in range(0, int(block.height * 10)):
            parts = block.split(tenth / 10)
            if parts is None:
                continue
            broken += 1
            carried = [i.text for i in parts[1].draw(0, 0) if isinstance(i, Text)]
            if example[0] in carried:  # the example starts in the part carried over (its tail may go on alone, as a
                # paragraph's last lines do, a sentence begun above)
                assert len([line for line in carried if line not in example]) >= 2, (fit, tenth / 10, carried)
    assert broken > 20  # the step did break, at many rooms
