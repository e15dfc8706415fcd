"""Readable snapshots of every page's display list, so a change in drawing shows as a diff.

A snapshot never writes itself: a missing or different one fails every run. After an
intended change, updating them is an explicit step:

    UPDATE_SNAPSHOTS=1 python -m pytest tests/test_snapshots.py

then read the diff of tests/snapshots/ before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from papergame.build import make_pages
from papergame.layout.kit import KitOptions
from papergame.layout.primitives import page_json

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"


@pytest.fixture(scope="module")
def pages():
    _, _, kit = make_pages(options=KitOptions())
    return kit.pages


@pytest.mark.parametrize("index,name", list(enumerate(["board", "tiles-1", "rules", "record-1", "host-key"])))
def test_page_matches_its_snapshot(pages, index, name):
    page = pages[index]
    assert page.name == name
    text = json.dumps(page_json(page), indent=1, ensure_ascii=False) + "\n"
    path = SNAPSHOTS / f"{name}.json"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; make it with UPDATE_SNAPSHOTS=1 (see the docstring) and commit it"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; see the docstring to update"


def test_a_missing_snapshot_fails_and_is_not_written(tmp_path, monkeypatch, pages):
    """The check above, run against an empty folder: it must fail and leave the folder empty."""
    monkeypatch.setitem(globals(), "SNAPSHOTS", tmp_path)
    monkeypatch.setitem(globals(), "UPDATE", False)
    with pytest.raises(AssertionError, match="is missing; make it with UPDATE_SNAPSHOTS=1"):
        test_page_matches_its_snapshot(pages, 0, "board")
    assert list(tmp_path.iterdir()) == []
