"""Parametrize matrices trimmed to a covering subset in the default run, the rest marked `matrix` or `slow`.

A test parametrized over several axes (game × paper × ink × tile size ...) mostly finds its faults
with one value of one axis, or two values of two axes together; each further combination costs a
build. Two tiers:

- `sweep(cases)` keeps, in the default run, a pairwise cover: a subset in which every value of every
  axis and every two values of two axes found together in the sweep appear at least once
  (`pairs=False`: every value once, for sweeps whose pairs would cost too much); every other case is
  marked `matrix`, which CI runs as a step of its own, so CI still runs the whole sweep:

      python -m pytest                       runs the covering subset,
      python -m pytest -m matrix             runs exactly the rest (.ci/run does, after the default run's step),

- `covering(cases)` keeps every value of every axis at least once and marks every other case `slow`,
  left to the runs before a release (`-m slow`; `-m "slow or not slow"` runs the full matrix, add
  "or bundle or install or matrix" for all).

The subset is chosen greedily and deterministically (no randomness): cases listed in `keep` first,
then, over and over, the first case in the list's order that brings the most (axis, value) pairs not
yet covered (with pairs: also the ((axis, value), (axis, value)) pairs), until every one is covered.
For axes of n1 ≥ n2 ≥ ... values covering keeps n1 cases when the matrix is a full product (a Latin
diagonal), at most one case per pair in any matrix; a pairwise cover of a full product keeps at least
n1 × n2 cases, and the greedy choice a few more than the fewest possible.

    @pytest.mark.parametrize("game, paper, ink", sweep(itertools.product(GAMES, PAPERS, INKS)))

A case is a tuple (one value per axis), a single value (one axis: every case is kept), or a
`pytest.param(...)` whose id and marks are kept (a case already marked slow or matrix stays so and
covers nothing). `axes` names the positions that count (default: all), e.g. `axes=(0, 1)` when the
third value follows from the first two. Values that cannot be hashed are compared by their repr.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet


def _key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        return ("repr", type(value).__name__, repr(value))
    return value


def _as_param(case: Any) -> ParameterSet:
    if isinstance(case, ParameterSet):
        return case
    return pytest.param(*case) if isinstance(case, tuple) else pytest.param(case)


def _is_slow(param: ParameterSet) -> bool:
    return any(getattr(mark, "name", None) == "slow" for mark in param.marks)


def _left_out(param: ParameterSet) -> bool:
    """Already out of the default run (slow or matrix): it stays so and covers nothing."""
    return any(getattr(mark, "name", None) in ("slow", "matrix") for mark in param.marks)


def _features(values: Sequence[Any], positions: Sequence[int], pairs: bool) -> set:
    """What a case covers: each (axis, value), and with `pairs` each two of them on two axes."""
    single = [(i, _key(values[i])) for i in positions if i < len(values)]
    out: set = set(single)
    if pairs:
        out |= {(a, b) for n, a in enumerate(single) for b in single[n + 1:]}
    return out


def chosen(cases: Iterable[Any], *, axes: Sequence[int] | None = None,
           keep: Callable[[tuple], bool] | None = None, pairs: bool = False) -> list[bool]:
    """For each case, whether it is in the covering subset (run by default): every value of every axis
    at least once, and with `pairs` also every two values of two axes that occur together in the
    matrix (a pairwise cover).

    >>> chosen([(a, b) for a in "xyz" for b in (1, 2)])
    [True, False, False, True, True, False]
    >>> chosen([(a, b) for a in "xy" for b in (1, 2)], keep=lambda case: case == ("y", 2))
    [True, False, False, True]
    >>> sum(chosen([(a, b, c) for a in "xy" for b in (1, 2) for c in "pq"], pairs=True))  # greedy: 5 of 8 (4 would do)
    5
    """
    params = [_as_param(case) for case in cases]
    width = max((len(p.values) for p in params), default=0)
    positions = list(range(width)) if axes is None else list(axes)
    covers = [set() if _left_out(p) else _features(p.values, positions, pairs) for p in params]
    taken = [False] * len(params)
    covered: set = set()
    for n, p in enumerate(params):
        if keep is not None and not _left_out(p) and keep(tuple(p.values)):
            taken[n] = True
            covered |= covers[n]
    needed = set().union(*covers) - covered if covers else set()
    while needed:
        best = max(range(len(params)), key=lambda n: (len(covers[n] & needed), -n))
        taken[best] = True
        needed -= covers[best]
    return taken


def covering(cases: Iterable[Any], *, axes: Sequence[int] | None = None,
             keep: Callable[[tuple], bool] | None = None) -> list[ParameterSet]:
    """The cases as `pytest.param`s, those outside the covering subset marked `slow` (see the module)."""
    params = [_as_param(case) for case in cases]
    taken = chosen(params, axes=axes, keep=keep)
    return [p if take or _is_slow(p) else pytest.param(*p.values, id=p.id, marks=(*p.marks, pytest.mark.slow))
            for p, take in zip(params, taken)]


def sweep(cases: Iterable[Any], *, axes: Sequence[int] | None = None,
          keep: Callable[[tuple], bool] | None = None, pairs: bool = True) -> list[ParameterSet]:
    """An exhaustive sweep (languages x games x sizes x inks ...) as `pytest.param`s: a covering subset runs
    by default (every value of every axis, and with `pairs`, the default, every two values of two axes
    found together in the sweep), every other case is marked `matrix`, which the default run leaves out
    and `python -m pytest -m matrix` runs (a step of its own in .ci/run: CI runs the whole sweep).

    >>> [bool(p.marks) for p in sweep([(a, b) for a in "xy" for b in (1, 2, 3)])]
    [False, False, False, False, False, False]
    >>> [bool(p.marks) for p in sweep([(a, b) for a in "xy" for b in (1, 2, 3)], pairs=False)]
    [False, True, False, True, False, True]
    """
    params = [_as_param(case) for case in cases]
    taken = chosen(params, axes=axes, keep=keep, pairs=pairs)
    return [p if take or _left_out(p) else pytest.param(*p.values, id=p.id, marks=(*p.marks, pytest.mark.matrix))
            for p, take in zip(params, taken)]


def every(items: Sequence[Any], *, keep: Callable[[Any], bool] | None = None,
          default: int = 1) -> list[ParameterSet]:
    """One axis trimmed: the items `keep` names (or the first `default` of them) run by default, the
    others under `-m slow`, for a list such as the shipped games where any one finds most faults.

    >>> [bool(p.marks) for p in every(["a", "b", "c"])]
    [False, True, True]
    """
    params = [_as_param(item) for item in items]
    out = []
    for n, p in enumerate(params):
        fast = keep(p.values[0] if len(p.values) == 1 else tuple(p.values)) if keep is not None else n < default
        out.append(p if fast or _is_slow(p) else pytest.param(*p.values, id=p.id, marks=(*p.marks, pytest.mark.slow)))
    return out


class OnDemand(dict):
    """A module fixture's files made when a test first asks for them, so a trimmed matrix builds only the
    cases it runs: `OnDemand(lambda key: build(...))[key]`.

    >>> made = OnDemand(lambda key: key * 2); made[3], sorted(made)
    (6, [3])
    """

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


# --- a parametrized test's costly cases beyond its first, out of the default run ----------------------
#
# The default run is the quick loop, about a minute on the 2-core machine (CI and a landing run every
# case: the matrix step). A test whose cases each build and read PDFs (one a language, a game, a size)
# mostly finds its faults in any one of them, so it carries `@pytest.mark.default_cases`: the default
# run keeps its first `n` cases (collection order: the order of its parametrize lists), or the ones
# `keep(params)` accepts, and marks the others `matrix`. Unlike `sweep`, it needs no change to the
# lists, and it trims the product of stacked parametrize decorators as one.

DEFAULT_CASES = "default_cases"


def trimmed(cases: Sequence[tuple[Any, dict, bool]], n: int = 1,
            keep: Callable[[dict], bool] | None = None) -> list[bool]:
    """For each case of one test (an id, its params, whether it is already out of the default run), whether
    the default run leaves it out: every case after the first `n` still in it, or, with `keep`, every case
    `keep(params)` refuses.

    >>> trimmed([("a", {"x": 1}, False), ("b", {"x": 2}, False), ("c", {"x": 3}, False)])
    [False, True, True]
    >>> trimmed([("a", {"x": 1}, True), ("b", {"x": 2}, False), ("c", {"x": 3}, False)])  # a is out already
    [False, False, True]
    >>> trimmed([("a", {"x": 1}, False), ("b", {"x": 2}, False)], keep=lambda p: p["x"] == 2)
    [True, False]
    """
    out, kept = [], 0
    for _, params, left_out in cases:
        if left_out:
            out.append(False)
        elif keep is not None:
            out.append(not keep(params))
        else:
            out.append(kept >= n)
            kept += 1
    return out


def trim_default_cases(items: list) -> int:
    """Mark `matrix` the cases that the `default_cases` marks of `items` leave out; returns how many."""
    groups: dict[tuple, list] = {}
    for item in items:
        mark = item.get_closest_marker(DEFAULT_CASES)
        if mark is not None and hasattr(item, "callspec"):
            groups.setdefault((item.path, item.cls, item.originalname), []).append((item, mark))
    marked = 0
    for members in groups.values():
        mark = members[0][1]
        n = mark.args[0] if mark.args else mark.kwargs.get("n", 1)
        cases = [(item.nodeid, item.callspec.params,
                  any(m.name in ("slow", "matrix") for m in item.iter_markers())) for item, _ in members]
        for (item, _), out in zip(members, trimmed(cases, n, mark.kwargs.get("keep"))):
            if out:
                item.add_marker(pytest.mark.matrix)
                marked += 1
    return marked
