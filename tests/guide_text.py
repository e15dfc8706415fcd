"""The commands a teacher's guide prints, read back from its PDF as a teacher copying them would: each stands at a
line's start, and goes on over the lines after it that a drawn mark says go on with it (tests/test_guide_commands.py,
tests/test_install.py)."""

from __future__ import annotations

from pathlib import Path

from pdfmeasure import mm, open_pdf


def column_lines(page) -> list[tuple[list[dict], bool]]:
    """The page's lines of text, column by column (the guide's two columns, split at the page's middle), each with
    whether a filled mark (a small drawn arrowhead) stands just before its first word."""
    words = page.extract_words(keep_blank_chars=False, use_text_flow=False)
    middle = page.width / 2
    marks = [c for c in page.curves + page.rects if c.get("fill") and mm(c["x1"] - c["x0"]) < 2.5
             and mm(c["bottom"] - c["top"]) < 2.5]
    lines = []
    for side in ("left", "right"):
        mine = [w for w in words if (w["x1"] <= middle + 1) == (side == "left")]
        rows: dict[int, list[dict]] = {}
        for w in sorted(mine, key=lambda w: (round(w["bottom"]), w["x0"])):
            rows.setdefault(round(w["bottom"]), []).append(w)
        for _, row in sorted(rows.items()):
            start, top, bottom = row[0]["x0"], row[0]["top"], row[0]["bottom"]
            marked = any(0 <= start - m["x1"] < 2 / mm(1) and top < (m["top"] + m["bottom"]) / 2 < bottom
                         for m in marks)
            lines.append((row, marked))
    return lines


def commands_of(path: Path) -> list[str]:
    """Every command on the PDF's pages: a line that begins "papergame", with the lines after it that the drawn mark
    says go on with it, joined with spaces, or with nothing after a line that ends in a hyphen or an underscore
    (where the guide breaks an argument too wide for a line, as it says in layout/guide_words.py's BREAKS_AFTER).
    A "papergame" anywhere but at a line's start fails the test."""
    found: list[str] = []
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            lines = column_lines(page)
            for row, marked in lines:
                text = " ".join(w["text"] for w in row)
                if marked:
                    assert found, text
                    found[-1] += ("" if found[-1].endswith(("-", "_")) else " ") + text
                elif text.startswith("papergame "):
                    found.append(text)
                else:
                    assert "papergame " not in text, text  # a command inside a line of prose
    return found
