"""The examples in every module's docstrings run as tests, so none can go stale unseen."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import papergame

MODULES = sorted(m.name for m in pkgutil.walk_packages(papergame.__path__, "papergame.")
                 if not m.name.startswith("papergame.templates") and m.name != "papergame.__main__")


def test_every_module_is_found():
    assert {"papergame.errors", "papergame.model.geometry", "papergame.printmarks", "papergame.output"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def test_the_modules_with_examples_all_ran():
    """At least the modules known to hold examples are among those run (a rename would drop them)."""
    finder = doctest.DocTestFinder()
    with_examples = {name for name in MODULES
                     if any(t.examples for t in finder.find(importlib.import_module(name)))}
    assert len(with_examples) >= 8
    assert {"papergame.errors", "papergame.printmarks", "papergame.output", "papergame.build"} <= with_examples
