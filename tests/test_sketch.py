"""`blocks.fitted` counts the sheets of a tighter setting on a sketch (the catalogue's tiles without their
labels, which take long to place and change no size) and makes only the setting it keeps in full. That is
the same pages only if a sketch takes exactly the sheets its full setting takes: checked here for every
setting of the rules pages, the two rule sets, translations and the type profiles (all four games under -m slow)."""

from __future__ import annotations

import pytest

from covering import sweep
from papergame.build import make_pages
from papergame.layout import blocks
from papergame.layout.pages import rules_sheet, shared_rules_sheet
from papergame.options import KitOptions

FAST = [("edge-port-path-tiles", lang, {}) for lang in ("en", "fr", "es", "de", "uk")] + [
    ("edge-port-path-tiles", "en", {"large_print": True}), ("edge-port-path-tiles", "uk", {"clear_print": True}),
    ("hexagon-path-tiles", "uk", {}), ("shared-path", "en", {}), ("shared-path", "fr", {})]
SLOW = [(game, lang, profile) for game in ("eight-port-path-tiles", "hexagon-path-tiles", "shared-path")
        for lang in ("en", "fr", "uk") for profile in ({}, {"clear_print": True})]


def every_setting(seen: list) -> object:
    """A `fitted` that also sets the pages at every setting, in full and as a sketch, and notes both counts."""
    def fitted(make, steps=(blocks.TIGHT, blocks.SMALLER)):
        for fit in (blocks.NORMAL, blocks.TIGHT, blocks.SMALLER):  # every setting, the ones `steps` leaves out too
            seen.append((fit, len(make(fit)), len(make(fit._replace(sketch=True)))))
        return blocks.fitted(make, steps)
    return fitted


def sheet_counts(monkeypatch, game: str, lang: str, profile: dict) -> list:
    seen: list = []
    monkeypatch.setattr(rules_sheet, "fitted", every_setting(seen))
    monkeypatch.setattr(shared_rules_sheet, "fitted", every_setting(seen))
    make_pages(game, lang=lang, options=KitOptions(only=("rules",), **profile))
    return seen


def check(seen: list) -> None:
    assert len(seen) == 3, "the rules pages were set once at each of the three settings"
    for fit, full, sketch in seen:
        assert sketch == full, f"at {fit} the full pages take {full} sheets, the sketch {sketch}"


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("game, lang, profile", sweep(FAST, pairs=False))  # each game, language, profile
def test_a_sketch_of_the_rules_takes_the_sheets_the_full_setting_takes(monkeypatch, game, lang, profile):
    check(sheet_counts(monkeypatch, game, lang, profile))


@pytest.mark.slow
@pytest.mark.parametrize("game, lang, profile", SLOW)
def test_every_game_sketched_takes_the_sheets_in_full(monkeypatch, game, lang, profile):
    check(sheet_counts(monkeypatch, game, lang, profile))
