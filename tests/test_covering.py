"""tests/covering.py: the default subset covers every value of every axis (a sweep: every pair too), and
default + slow (a sweep: default + matrix) = the matrix."""

from __future__ import annotations

import doctest
import itertools
import pytest

import covering as covering_module
from covering import chosen, covering, every, sweep

MATRICES = {
    "product 3x2x2": list(itertools.product("abc", (1, 2), ("black", "colour"))),
    "product 5x4x3x2": list(itertools.product(range(5), "wxyz", (10, 20, 35), (True, False))),
    "uneven": [("a", 1), ("a", 2), ("a", 3), ("b", 1), ("c", 3)],
    "one axis": ["en", "uk", "fr"],
    "unhashable": [({"x": 1}, [1]), ({"x": 2}, [1]), ({"x": 1}, [2])],
}


def pairs_of(values, axes=None):
    positions = range(len(values)) if axes is None else axes
    return {(i, repr(values[i])) for i in positions}


@pytest.mark.parametrize("name", MATRICES)
def test_every_value_of_every_axis_runs_by_default(name):
    params = covering(MATRICES[name])
    fast = [p for p in params if not p.marks]
    slow = [p for p in params if any(m.name == "slow" for m in p.marks)]
    assert len(fast) + len(slow) == len(params) == len(MATRICES[name])  # each case once, in one of the two
    assert [tuple(p.values) for p in params] == [tuple(c) if isinstance(c, tuple) else (c,) for c in MATRICES[name]]
    everything = set().union(*(pairs_of(p.values) for p in params))
    assert set().union(*(pairs_of(p.values) for p in fast)) == everything
    assert fast, "nothing runs by default"


def test_a_full_product_keeps_as_many_cases_as_its_longest_axis():
    assert sum(chosen(MATRICES["product 3x2x2"])) == 3
    assert sum(chosen(MATRICES["product 5x4x3x2"])) == 5
    assert sum(chosen(MATRICES["one axis"])) == 3  # one axis: nothing to trim


def test_the_choice_is_the_same_every_time_and_keeps_what_it_is_told():
    matrix = MATRICES["product 5x4x3x2"]
    assert chosen(matrix) == chosen(list(matrix))
    kept = chosen(matrix, keep=lambda case: case == (4, "z", 35, False))
    assert kept[matrix.index((4, "z", 35, False))]
    assert sum(kept) <= 6


def test_axes_that_do_not_count_are_not_covered():
    cases = [("a", 1), ("a", 2), ("b", 3)]
    assert chosen(cases, axes=(0,)) == [True, False, True]


def test_ids_and_marks_are_kept_and_a_slow_case_stays_slow():
    cases = [pytest.param("a", 1, id="first"), pytest.param("b", 1, marks=pytest.mark.slow, id="slow one"),
             pytest.param("a", 2, marks=pytest.mark.browser), ("b", 2)]
    params = covering(cases)
    assert params[0].id == "first" and not params[0].marks
    assert [m.name for m in params[1].marks] == ["slow"]  # marked once, covers nothing
    assert "browser" in [m.name for m in params[2].marks]
    fast = {tuple(p.values) for p in params if not any(m.name == "slow" for m in p.marks)}
    assert {v for v, _ in fast} == {"a", "b"} and {n for _, n in fast} == {1, 2}


def test_every_trims_one_axis_to_what_it_is_told():
    marks = [[m.name for m in p.marks] for p in every(["x", "y", "z"], keep=lambda item: item == "y")]
    assert marks == [["slow"], [], ["slow"]]


def test_the_doctests():
    result = doctest.testmod(covering_module, report=True)
    assert result.attempted >= 3 and result.failed == 0


def test_the_mark_expressions_select_the_subset_the_rest_and_the_whole():
    """The selection `-m` makes, with pytest's own expression parser, over the marks the cases carry."""
    from _pytest.mark.expression import Expression

    params = covering(itertools.product("xyz", (1, 2), "pq"))

    def selected(expression):
        compiled = Expression.compile(expression)
        return {tuple(p.values) for p in params
                if compiled.evaluate(lambda name, **kwargs: name in {m.name for m in p.marks})}

    default, slow, both = selected("not slow"), selected("slow"), selected("slow or not slow")
    assert len(both) == 12 and len(default) == 3
    assert default | slow == both and not default & slow


def two_at_a_time(values):
    """Every value of a case on its axis, and every two of them."""
    single = sorted(pairs_of(values))
    return set(single) | {(a, b) for n, a in enumerate(single) for b in single[n + 1:]}


@pytest.mark.parametrize("name", MATRICES)
def test_a_sweep_runs_every_pair_by_default_and_the_rest_under_matrix(name):
    params = sweep(MATRICES[name])
    fast = [p for p in params if not p.marks]
    rest = [p for p in params if [m.name for m in p.marks] == ["matrix"]]
    assert len(fast) + len(rest) == len(params) == len(MATRICES[name])  # each case once, in one of the two
    assert [tuple(p.values) for p in params] == [tuple(c) if isinstance(c, tuple) else (c,) for c in MATRICES[name]]
    everything = set().union(*(two_at_a_time(p.values) for p in params))
    assert set().union(*(two_at_a_time(p.values) for p in fast)) == everything


def test_a_pairwise_cover_of_a_product_is_far_smaller_than_the_product():
    product = MATRICES["product 5x4x3x2"]  # 120 cases, 5 x 4 = 20 pairs of its two longest axes at least
    kept = sum(chosen(product, pairs=True))
    assert 20 <= kept <= 30, kept
    assert sum(chosen(product)) == 5  # every value once: the longest axis
    assert sum(chosen(MATRICES["one axis"], pairs=True)) == 3


def test_a_sweep_leaves_slow_and_matrix_cases_as_they_are():
    cases = [pytest.param("a", 1, marks=pytest.mark.slow), pytest.param("b", 1, marks=pytest.mark.matrix),
             ("a", 2), ("b", 2), ("a", 1)]
    marks = [[m.name for m in p.marks] for p in sweep(cases)]
    assert marks[:2] == [["slow"], ["matrix"]]  # marked once, covering nothing
    assert marks[2:] == [[], [], []]  # (a, 1) and (b, 2) are still needed, by the ones left in


def test_the_mark_expressions_select_a_sweeps_subset_and_its_rest():
    from _pytest.mark.expression import Expression

    params = sweep(itertools.product("xyz", (1, 2), "pq", "uv"))

    def selected(expression):
        compiled = Expression.compile(expression)
        return {tuple(p.values) for p in params
                if compiled.evaluate(lambda name, **kwargs: name in {m.name for m in p.marks})}

    default = selected("not slow and not bundle and not install and not matrix")  # pyproject's addopts
    rest = selected("matrix")
    assert len(default | rest) == 24 and not default & rest
    assert 6 <= len(default) < 24


MARKED_MODULE = '''
import pytest

@pytest.mark.default_cases(2)
@pytest.mark.parametrize("lang", ["en", "fr", pytest.param("es", marks=pytest.mark.slow), "de", "uk"])
@pytest.mark.parametrize("game", ["one", "two"])
def test_first(game, lang):
    pass

@pytest.mark.default_cases(keep=lambda params: params["lang"] == "uk")
@pytest.mark.parametrize("lang", ["en", "uk", "de"])
def test_kept(lang):
    pass

@pytest.mark.parametrize("lang", ["en", "uk"])
def test_unmarked(lang):
    pass
'''


def test_default_cases_keeps_the_first_n_or_the_kept_and_the_matrix_step_runs_the_rest(pytester):
    """The conftest's hook over a module of its own: the default run's expression and the matrix step's
    select disjoint halves of each marked test, together every case not already slow."""
    import shutil
    from pathlib import Path

    here = Path(__file__).parent
    shutil.copy(here / "covering.py", pytester.path / "covering.py")
    pytester.makeconftest("from covering import trim_default_cases\n\n"
                          "def pytest_collection_modifyitems(config, items):\n    trim_default_cases(items)\n")
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\nmarkers = ["default_cases", "matrix", "slow"]\n')
    pytester.makepyfile(test_marked=MARKED_MODULE)

    def names(expression):
        result = pytester.runpytest_inprocess("-p", "no:xdist", "-p", "no:cacheprovider", "-q", "--co",
                                              "-m", expression)
        return {line.split("::")[1] for line in result.outlines if "::" in line}

    default = names("not slow and not matrix")
    rest = names("matrix")
    assert default == {"test_first[one-en]", "test_first[one-fr]", "test_kept[uk]",
                       "test_unmarked[en]", "test_unmarked[uk]"}
    assert rest == {f"test_first[{g}-{lang}]" for g in ("one", "two") for lang in ("en", "fr", "de", "uk")} - default \
        | {"test_kept[en]", "test_kept[de]"}
