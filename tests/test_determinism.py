"""The default test run is the same every time: hypothesis is derandomized, the fuzz seeds fixed.

New random cases are asked for explicitly: `-m slow`, or PAPERGAME_SEED=random (see
tests/conftest.py and tests/test_fuzz.py).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hashlib

from conftest import QPDF_SAMPLE, check_made_pdf, hypothesis_profile, qpdf_for_all
from pdfcheck import InvalidPdf

RANDOM_ASKED = os.environ.get("PAPERGAME_SEED") == "random"


def test_the_profile_follows_the_marker_and_the_variable():
    assert hypothesis_profile("not slow", "") == "deterministic"
    assert hypothesis_profile("", "") == "deterministic"
    assert hypothesis_profile("slow", "") == "random"
    assert hypothesis_profile("slow and not browser", "") == "random"
    assert hypothesis_profile("not slow", "random") == "random"
    assert hypothesis_profile("not slow", "7") == "deterministic"
    assert settings.get_profile("deterministic").derandomize and settings.get_profile("deterministic").database is None
    assert not settings.get_profile("random").derandomize


def test_this_run_draws_the_same_examples_as_the_last(pytestconfig):
    asked = hypothesis_profile(pytestconfig.option.markexpr or "", os.environ.get("PAPERGAME_SEED", ""))
    if asked != "deterministic" or pytestconfig.getoption("hypothesis_profile", None):
        pytest.skip("new random examples were asked for")
    assert settings.get_current_profile_name() == "deterministic"
    assert settings.default.derandomize and settings.default.database is None and settings.default.deadline is None


def drawn(examples: int = 40) -> list[int]:
    seen = []

    @settings(max_examples=examples)
    @given(st.integers())
    def check(n):
        seen.append(n)

    check()
    return seen


def test_a_property_test_draws_the_same_numbers_twice():
    if RANDOM_ASKED or settings.get_current_profile_name() != "deterministic":
        pytest.skip("new random examples were asked for")
    assert drawn() == drawn()


def test_qpdf_checks_a_fixed_sample_by_default_and_every_pdf_under_slow():
    """conftest's check of each PDF made: pypdf on every one, qpdf on the PDFs whose sha256 falls in the
    sample (the same files every run) or on all of them under -m slow; a broken file fails either way."""
    assert not qpdf_for_all("not slow and not bundle and not install", "")
    assert qpdf_for_all("slow", "") and qpdf_for_all("slow or not slow", "") and qpdf_for_all("not slow", "all")
    broken = [b"%PDF-1.7\n%broken " + str(n).encode() for n in range(40)]
    sampled = [data for data in broken if hashlib.sha256(data).digest()[0] % QPDF_SAMPLE == 0]
    left_out = [data for data in broken if hashlib.sha256(data).digest()[0] % QPDF_SAMPLE != 0]
    assert sampled and left_out
    for data in (sampled[0], left_out[0]):
        for everything in (False, True):
            with pytest.raises(InvalidPdf, match="pypdf"):
                check_made_pdf(data, "a broken file", everything)
