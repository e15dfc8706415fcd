"""Readable snapshots of every page's display list, so a change in drawing shows as a diff.

Every page of every shipped template (`templates/*`), the low-ink pages of the default game
and of the hexagon game, and a class set of two kits of the default game, each page in
its own file: `tests/snapshots/CASE/NN-PAGE.json`. A file is the page's JSON
(`papergame.layout.primitives.page_json`, numbers rounded to 0.001 mm) with one drawn item
a line, so a diff shows which items changed; a group's items follow it, indented.

A snapshot never writes itself: a missing, extra or different one fails every run and the
failure names the page. After an intended change, updating them is an explicit step:

    UPDATE_SNAPSHOTS=1 python -m pytest tests/test_snapshots.py

(it rewrites every case's folder and removes pages that are gone), then read the diff of
tests/snapshots/ before committing it, and run the tests once more without the variable.
"""

from __future__ import annotations

import difflib
import json
import os
from functools import lru_cache
from pathlib import Path

import pytest

from papergame.build import make_pages
from papergame.layout.kit import KitOptions
from papergame.layout.primitives import Page, page_json

SNAPSHOTS = Path(__file__).parent / "snapshots"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"

# case (a folder of snapshots) -> the built-in game and the kit's options
CASES: dict[str, tuple[str, KitOptions]] = {
    "edge-port-path-tiles": ("edge-port-path-tiles", KitOptions()),
    "eight-port-path-tiles": ("eight-port-path-tiles", KitOptions()),
    "hexagon-path-tiles": ("hexagon-path-tiles", KitOptions()),
    "shared-path": ("shared-path", KitOptions()),
    "edge-port-path-tiles.ink-low": ("edge-port-path-tiles", KitOptions(ink="low")),
    "hexagon-path-tiles.ink-low": ("hexagon-path-tiles", KitOptions(ink="low")),
    "edge-port-path-tiles.kits-2": ("edge-port-path-tiles", KitOptions(kits=2)),
}


@lru_cache(maxsize=None)
def pages_of(case: str) -> tuple[Page, ...]:
    """Every page of the case, the kit's then any separate host key's (built once a process)."""
    game, options = CASES[case]
    _, _, kit = make_pages(game, options=options)
    return tuple(kit.pages + kit.host_key)


def stem(number: int, page: Page) -> str:
    return f"{number:02d}-{page.name}"


def snapshot_text(page: Page) -> str:
    """The page's JSON, one drawn item a line (a group's items indented under it)."""
    data = page_json(page)
    head = json.dumps({k: v for k, v in data.items() if k != "items"}, ensure_ascii=False)[:-1]
    return f'{head}, "items": [\n' + ",\n".join(item_lines(data["items"], 1)) + "]}\n"


def item_lines(items: list[dict], depth: int) -> list[str]:
    lines = []
    for item in items:
        pad = " " * depth
        if item["kind"] == "group":
            head = json.dumps({k: v for k, v in item.items() if k != "items"}, ensure_ascii=False,
                              separators=(",", ":"))[:-1]
            inner = item_lines(item["items"], depth + 1)
            lines.append(f'{pad}{head},"items":[' + ("\n" + ",\n".join(inner) if inner else "") + "]}")
        else:
            lines.append(pad + json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    return lines


def on_disk(case: str) -> list[str]:
    return sorted(p.stem for p in (SNAPSHOTS / case).glob("*.json"))


def difference(old: str, new: str, limit: int = 40) -> str:
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "snapshot", "now", n=1, lineterm=""))
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


HOW = "if the change is intended, see the docstring of tests/test_snapshots.py to update the snapshots"


@pytest.mark.parametrize("case,name", [(c, n) for c in CASES for n in on_disk(c)],
                         ids=[f"{c}/{n}" for c in CASES for n in on_disk(c)])
def test_page_matches_its_snapshot(case, name):
    if UPDATE:
        pytest.skip("UPDATE_SNAPSHOTS=1: test_every_page_has_a_snapshot rewrites the snapshots")
    pages = pages_of(case)
    number = int(name.split("-", 1)[0])
    if number > len(pages):
        pytest.fail(f"{case}: page {name} is gone (the kit has {len(pages)} pages); {HOW}", pytrace=False)
    page = pages[number - 1]
    if stem(number, page) != name:
        pytest.fail(f"{case}: page {number} is now {page.name!r}, not the snapshot's {name}; {HOW}", pytrace=False)
    path = SNAPSHOTS / case / f"{name}.json"
    old, new = path.read_text(encoding="utf-8"), snapshot_text(page)
    if old != new:
        pytest.fail(f"{case}: page {name} changed ({path.relative_to(SNAPSHOTS.parent.parent)}); {HOW}\n"
                    f"{difference(old, new)}", pytrace=False)


@pytest.mark.parametrize("case", CASES)
def test_every_page_has_a_snapshot(case):
    """The files on disk are exactly the case's pages, in order: a new page or a lost one fails."""
    pages = pages_of(case)
    wanted = [stem(n, p) for n, p in enumerate(pages, start=1)]
    folder = SNAPSHOTS / case
    if UPDATE:
        folder.mkdir(parents=True, exist_ok=True)
        for name in set(on_disk(case)) - set(wanted):
            (folder / f"{name}.json").unlink()
        for name, page in zip(wanted, pages):
            (folder / f"{name}.json").write_text(snapshot_text(page), encoding="utf-8")
    have = on_disk(case)
    missing = [n for n in wanted if n not in have]
    extra = [n for n in have if n not in wanted]
    assert not missing and not extra, (
        f"{case}: pages without a snapshot: {missing or 'none'}; snapshots of no page: {extra or 'none'}; {HOW}")


def test_every_shipped_template_has_its_pages_snapshotted():
    shipped = sorted(p.parent.name for p in TEMPLATES.glob("*/game.toml"))
    assert shipped and sorted({game for game, options in CASES.values() if options == KitOptions()}) == shipped


def test_the_snapshot_is_the_json_of_the_page():
    """The one-item-a-line form is still the page's JSON, groups and all."""
    pages = pages_of("edge-port-path-tiles")
    assert any(item["kind"] == "group" for page in pages for item in page_json(page)["items"])
    for page in pages:
        assert json.loads(snapshot_text(page)) == page_json(page)


def test_a_changed_page_fails_and_names_the_page(tmp_path, monkeypatch):
    """The check above, against a snapshot with one number changed: it fails, names the page, shows the line."""
    case = "edge-port-path-tiles"
    (tmp_path / case).mkdir()
    text = (SNAPSHOTS / case / "01-board.json").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if '"width":0.25' in line)
    changed = line.replace('"width":0.25', '"width":0.26')
    (tmp_path / case / "01-board.json").write_text(text.replace(line, changed, 1), encoding="utf-8")
    monkeypatch.setitem(globals(), "SNAPSHOTS", tmp_path)
    monkeypatch.setitem(globals(), "UPDATE", False)
    with pytest.raises(pytest.fail.Exception, match=r"edge-port-path-tiles: page 01-board changed") as failure:
        test_page_matches_its_snapshot(case, "01-board")
    assert f"\n-{changed}\n" in str(failure.value) and f"\n+{line}\n" in str(failure.value)


def test_a_missing_snapshot_fails_and_is_not_written(tmp_path, monkeypatch):
    """The page-set check, run against an empty folder: it must fail and leave the folder empty."""
    monkeypatch.setitem(globals(), "SNAPSHOTS", tmp_path)
    monkeypatch.setitem(globals(), "UPDATE", False)
    with pytest.raises(AssertionError, match=r"pages without a snapshot: \['01-board'"):
        test_every_page_has_a_snapshot("edge-port-path-tiles")
    assert list(tmp_path.iterdir()) == []
