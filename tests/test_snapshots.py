"""Readable snapshots of every page's display list, so a change in drawing shows as a diff.

After an intended change: PAPERGAME_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_snapshots.py,
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
UPDATE = os.environ.get("PAPERGAME_UPDATE_SNAPSHOTS") == "1"


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
    if UPDATE or not path.exists():
        if os.environ.get("CI") and not UPDATE:
            pytest.fail(f"{path} is missing; make it with PAPERGAME_UPDATE_SNAPSHOTS=1 and commit it")
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; see the docstring to update"
