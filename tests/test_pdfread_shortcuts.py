"""The suite's shortcuts for reading PDFs give what pdfplumber itself gives (tests/fastplumber.py)."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner
from pdfminer.layout import LTContainer

import fastplumber
from papergame.cli import main


def every_object(page, process) -> list[dict]:
    """What `Page.parse_objects` turns into dicts, in its order (no layout analysis, as the suite reads)."""
    out: list[dict] = []

    def walk(objects):
        for obj in objects:
            if isinstance(obj, LTContainer):
                walk(obj._objs)
            else:
                out.append(process(page, obj))

    walk(page.layout._objs)
    return out


@pytest.mark.skipif(not fastplumber.usable(), reason=f"pdfplumber is not {fastplumber.COPIED_FROM}: "
                    "the suite reads pages with pdfplumber's own process_object")
def test_the_quick_process_object_gives_pdfplumbers_own_dicts(tmp_path):
    # the default kit and its host key: text, lines, curves, rectangles, dashes, grey fills, two fonts
    result = CliRunner().invoke(main, ["build", "--ink", "low", "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 0, result.output
    kinds = set()
    for name in ("kit.pdf", "kit-host-key.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                ours, theirs = every_object(page, fastplumber.process_object), every_object(page, fastplumber.ORIGINAL)
                assert ours == theirs, (name, page.page_number)
                assert [list(o) for o in ours] == [list(o) for o in theirs]  # the keys in the same order too
                kinds |= {o["object_type"] for o in ours}
    assert {"char", "curve", "line", "rect"} <= kinds
