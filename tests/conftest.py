"""Shared fixtures for the test suite."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

# --- speed: the test processes run from bytecode, as after `pip install .` ------------------------
#
# Where PYTHONDONTWRITEBYTECODE is set (these sessions' shells set it; CI's does not), every test process
# compiled papergame and every module the suite imports from source, and pytest rewrote every test module's
# asserts anew: collecting the suite in one process took 7.8 s of CPU, from kept bytecode 4.2 s (load about
# 5), and each worker and each papergame process a test starts pays it. So the suite keeps its bytecode, as
# Python would without the variable, under a folder of its own (PYTHONPYCACHEPREFIX, in the temporary
# folder: no __pycache__ in the checkout, none in a wheel the tests build), for itself and the processes
# it starts (the xdist workers among them). Python checks each .pyc against its source's time and size,
# and pytest's against its own version too, so an edited file is compiled again. A prefix already given
# is kept; PAPERGAME_TEST_BYTECODE=0 leaves the variable as it is.


def run_from_bytecode(environ=os.environ) -> str | None:
    """Write and read .pyc files under a prefix of their own if bytecode writing is off; returns the prefix.

    >>> env = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/tmp/x"}
    >>> import sys; was = sys.dont_write_bytecode, sys.pycache_prefix; sys.dont_write_bytecode = True
    >>> run_from_bytecode(env), sorted(env), sys.dont_write_bytecode
    ('/tmp/x', ['PYTHONPYCACHEPREFIX'], False)
    >>> sys.dont_write_bytecode, sys.pycache_prefix = was
    """
    if not (sys.dont_write_bytecode or environ.get("PYTHONDONTWRITEBYTECODE")) \
            or environ.get("PAPERGAME_TEST_BYTECODE") == "0":
        return None
    prefix = environ.get("PYTHONPYCACHEPREFIX") or sys.pycache_prefix or os.path.join(
        tempfile.gettempdir(), f"papergame-test-pycache-{os.getuid() if hasattr(os, 'getuid') else 0}")
    environ.pop("PYTHONDONTWRITEBYTECODE", None)
    environ["PYTHONPYCACHEPREFIX"] = prefix
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False
    return prefix


run_from_bytecode()

from papergame.data.files import read_toml  # noqa: E402
from papergame.data.games import load_definition  # noqa: E402
from papergame.data.templates import builtin_path  # noqa: E402
from papergame.model.definition import GameDefinition  # noqa: E402

pytest_plugins = ["pytester"]  # tests/test_covering.py runs the default_cases hook over a module of its own

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


# --- foundation: game definitions and the rules engine --------------------------------


@pytest.fixture(scope="session")
def default_game() -> GameDefinition:
    """The built-in Edge-port path tiles game."""
    return load_definition()


@pytest.fixture
def default_data() -> dict[str, Any]:
    """The built-in definition as plain TOML data: a fresh copy for each test to change."""
    return read_toml(builtin_path())


@pytest.fixture
def in_repo(monkeypatch) -> Path:
    """Run the test from the repository root, so `examples/...` paths read as in the docs."""
    monkeypatch.chdir(ROOT)
    return ROOT


# --- speed: the cycle collector runs as seldom as in papergame's own process ---------------
#
# `papergame` raises the collector's thresholds in its own process (papergame/start.py: a build makes
# hundreds of thousands of small objects and hardly any cycles), but the suite runs the commands in
# its own processes, at Python's defaults (700, 10, 10). There, with the parsed pages and the product's
# caches alive, the collector took 6.3 s of 34 s of CPU of six test files (test_access, test_footer,
# test_kit_pdf, test_reading_pages, test_architecture, test_tile_art; 6,162 young, 560 middle and 39 full
# collections); at the command's own thresholds 2.4 s (147, 6 and 1), the process 35 MB larger (measured
# when they were 20,000 new objects; 100,000 since).


def spare_the_collector() -> None:
    import gc

    from papergame.start import GC_THRESHOLDS

    gc.set_threshold(*GC_THRESHOLDS)


# --- the same run every time: hypothesis derandomized unless asked for new cases -------------
#
# The default run draws the same examples every time (derandomize, no example database, no
# deadline or timing health check, which depend on the machine's load). `-m slow` and
# PAPERGAME_SEED=random load the "random" profile: new examples every run, with the database
# of failures and a blob to reproduce one printed. `--hypothesis-profile NAME` wins over both.
# The fuzz tests (tests/test_fuzz.py) choose their seeds by the same rule.

import os  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("deterministic", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# derandomize=False in so many words: with CI set, hypothesis's default profile is its "ci" one, which
# derandomizes, and a profile registered without it would inherit that.
settings.register_profile("random", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])


def hypothesis_profile(markexpr: str, seed_choice: str) -> str:
    """>>> hypothesis_profile("not slow", ""), hypothesis_profile("slow", ""), hypothesis_profile("", "random")
    ('deterministic', 'random', 'random')
    """
    slow = "slow" in markexpr.split() and "not slow" not in markexpr
    return "random" if slow or seed_choice == "random" else "deterministic"


# hypothesis makes its own Random the first time a test of it runs in the process, and registering it
# runs gc.collect() and gc.get_referrers() (hypothesis.internal.entropy.register_random), which walk every
# object in the process: after a worker has read a few hundred pages (tests/conftest.py keeps their
# objects), about 3 s a worker at load 1 (16 s of a profiled run's two workers). Made here, it walks an
# almost empty process; the examples drawn are the same (each test seeds it).


def hypothesis_random_made_early() -> None:
    try:
        from hypothesis.internal.entropy import deterministic_PRNG
    except ImportError:  # another hypothesis: it registers its Random where it will
        return
    with deterministic_PRNG():
        pass


@pytest.hookimpl(tryfirst=True)  # before `-m` chooses the tests
def pytest_collection_modifyitems(config, items):
    from covering import trim_default_cases

    trim_default_cases(items)


def pytest_configure(config):
    spare_the_collector()
    hypothesis_random_made_early()
    if not config.getoption("hypothesis_profile", None):
        settings.load_profile(hypothesis_profile(config.option.markexpr or "", os.environ.get("PAPERGAME_SEED", "")))


def pytest_report_header(config):
    return f"hypothesis profile: {settings.get_current_profile_name()}; PAPERGAME_SEED={os.environ.get('PAPERGAME_SEED', '')!r}"


# --- trust: every PDF the suite makes is checked; fuzz cases are counted and reported ----
#
# Every PDF rendered in this process goes through `papergame.render.pdf.render_pdf`
# (`papergame.build.render_bytes` calls it), so wrapping that one function checks them all,
# whichever command or test made them. The counts are printed at the end of the run.
#
# Each distinct PDF (by sha256, once a process) is opened by pypdf in strict mode, every page read.
# qpdf's check (26 ms a kit here, four times pypdf's 6 ms; 1,368 PDFs a run) runs on a fixed
# sample in the default run: the PDFs whose sha256 starts with a byte divisible by QPDF_SAMPLE,
# the same files every run (bytes are deterministic), about one in four, whichever test made them.
# `-m slow` (any mark expression that selects slow tests) and PAPERGAME_QPDF=all check every PDF
# with qpdf too.

import hashlib  # noqa: E402
from collections import Counter  # noqa: E402

from pdfcheck import VALID, InvalidPdf, check_pdf_bytes, pypdf_problems  # noqa: E402

QPDF_SAMPLE = 4
PYPDF_VALID: set[bytes] = set()  # the sha256 of the PDFs pypdf alone found valid in this process


def qpdf_for_all(markexpr: str, choice: str) -> bool:
    """Whether qpdf checks every PDF: a mark expression that selects slow tests, or PAPERGAME_QPDF=all."""
    words = markexpr.replace("(", " ").replace(")", " ").split()
    selects_slow = any(word == "slow" and (i == 0 or words[i - 1] != "not") for i, word in enumerate(words))
    return selects_slow or choice == "all"


def check_made_pdf(data: bytes, label: str, everything: bool) -> bool:
    """Raise InvalidPdf unless the PDF passes; returns whether qpdf checked it too."""
    digest = hashlib.sha256(data).digest()
    if everything or digest[0] % QPDF_SAMPLE == 0 or digest in VALID:
        check_pdf_bytes(data, label)
        return True
    if digest not in PYPDF_VALID:
        problems = pypdf_problems(data)
        if problems:
            raise InvalidPdf(f"{label} is not a valid PDF:\n" + "\n".join(problems))
        PYPDF_VALID.add(digest)
    return False

PDF_COUNTS = pytest.StashKey[Counter]()
FUZZ_COUNTS = pytest.StashKey[Counter]()


def counter(config, key) -> Counter:
    if key not in config.stash:
        config.stash[key] = Counter()
    return config.stash[key]


@pytest.fixture(scope="session", autouse=True)
def every_pdf_is_checked(pytestconfig):
    """Each PDF rendered in-process must open in pypdf (strict, no warnings); a fixed sample of about one
    in four (all of them under -m slow or PAPERGAME_QPDF=all) must pass qpdf's check too (see above)."""
    import io

    import papergame.render.pdf as pdf_module

    counts = counter(pytestconfig, PDF_COUNTS)
    original = pdf_module.render_pdf
    everything = qpdf_for_all(pytestconfig.option.markexpr or "", os.environ.get("PAPERGAME_QPDF", ""))

    def render_and_check(pages, out, title, *args, **kwargs):
        buffer = io.BytesIO()
        original(pages, buffer, title, *args, **kwargs)
        data = buffer.getvalue()
        try:
            by_qpdf = check_made_pdf(data, f'the PDF "{title}"', everything)
        except InvalidPdf:
            counts["invalid"] += 1
            raise
        counts["checked"] += 1
        counts["qpdf"] += by_qpdf
        out.write(data)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf_module, "render_pdf", render_and_check)
        yield counts


# --- speed: a page of the same bytes is parsed once ---------------------------------------
#
# pdfplumber reads a page's content stream in pure Python (pdfminer) and turns every drawn
# object into a dict: most of the suite's time went there, and many tests read the same PDF
# (a kit several modules build, a module-scoped fixture read by every test in the module).
# The same bytes give the same objects, so each page's objects are kept, by the sha256 of the
# whole file and everything else pdfplumber reads them with, and every Page gets fresh copies.
# A page read for the first time is turned into dicts by tests/fastplumber.py's copy of
# pdfplumber's process_object (the same dicts, in about 60 % of the time), from the objects
# tests/fastcontent.py reads out of the content stream (pdfminer's, in about a quarter of the time).

from collections import OrderedDict  # noqa: E402

import fastcontent  # noqa: E402
import fastplumber  # noqa: E402

PARSED_PAGES = 400  # kept per process, the least recently read dropped first
Objects = dict[str, list[dict]]
Lists = dict[str, list[tuple[str, ...]]]  # for each object of each kind, its keys whose values are lists
PARSED: OrderedDict[tuple, tuple[Objects, Lists]] = OrderedDict()


def kept(objects: Objects) -> tuple[Objects, Lists]:
    """A page's objects as PARSED keeps them, with the keys `fresh` must copy the lists of (found once)."""
    return objects, {kind: [tuple(key for key, value in obj.items() if isinstance(value, list)) for obj in objs]
                     for kind, objs in objects.items()}


def fresh(page: tuple[Objects, Lists]) -> Objects:
    """A copy a test may change without changing what the next reader of the page gets: each dict copied,
    and each list in it (a curve's points and path), one level deep, as {k: list(v) if a list else v}
    made them (a page's 4,400 objects in 4 ms where that comprehension took 48)."""
    objects, lists = page
    out = {}
    for kind, objs in objects.items():
        copies = [obj.copy() for obj in objs]
        for copy, keys in zip(copies, lists[kind]):
            for key in keys:
                copy[key] = list(copy[key])
        out[kind] = copies
    return out


@pytest.fixture(scope="session", autouse=True)
def each_pdf_page_is_parsed_once():
    import hashlib

    from pdfminer import pdfinterp
    from pdfplumber.page import Page

    original = Page.parse_objects

    def parse_once(page):
        pdf = page.pdf
        digest = getattr(pdf, "_suite_digest", None)
        if digest is None:
            stream = pdf.stream
            at = stream.tell()
            stream.seek(0)
            digest = pdf._suite_digest = hashlib.sha256(stream.read()).digest()
            stream.seek(at)
        laparams = None if pdf.laparams is None else sorted(vars(pdf.laparams).items())
        key = (digest, page.page_number, page.initial_doctop, page.mediabox, repr(laparams), pdf.unicode_norm,
               pdf.password)
        if key in PARSED:
            PARSED.move_to_end(key)
        else:
            PARSED[key] = kept(original(page))
            if len(PARSED) > PARSED_PAGES:
                PARSED.popitem(last=False)
        return fresh(PARSED[key])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "parse_objects", parse_once)
        if fastplumber.usable():  # the same dicts in less time (tests/fastplumber.py)
            patch.setattr(Page, "process_object", fastplumber.process_object)
        if fastcontent.usable():  # the same objects from the content stream in less time (tests/fastcontent.py)
            patch.setattr(pdfinterp, "PDFContentParser", fastcontent.content_parser)
            patch.setattr(pdfinterp.PDFPageInterpreter, "execute", fastcontent.execute)  # its loop, quicker
        yield


@pytest.fixture(scope="session")
def fuzz_counts(pytestconfig) -> Counter:
    """Fuzz cases by kind, and how many crashed (`tracebacks`); reported at the end of the run."""
    return counter(pytestconfig, FUZZ_COUNTS)


FUZZ_CALL_SECONDS: list[float] = []  # time spent running the fuzz tests' bodies


def pytest_runtest_logreport(report):
    if report.when == "call" and "test_fuzz.py::" in report.nodeid:
        FUZZ_CALL_SECONDS.append(report.duration)


# Run in parallel (pytest-xdist), each worker counts its own PDFs and fuzz cases and hands
# them to the controller when it finishes; the controller adds them up for the summary.

WORKER_COUNTS = "papergame_counts"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    counts = getattr(node, "workeroutput", {}).get(WORKER_COUNTS)
    if counts:
        counter(node.config, PDF_COUNTS).update(counts["pdf"])
        counter(node.config, FUZZ_COUNTS).update(counts["fuzz"])


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    pdfs = counter(config, PDF_COUNTS)
    fuzz = counter(config, FUZZ_COUNTS)
    write = terminalreporter.write_line
    if pdfs["checked"] or pdfs["invalid"]:
        write(f"PDFs made in this run: {pdfs['checked']:,} checked with pypdf (strict), {pdfs['qpdf']:,} of them "
              f"with qpdf too, {pdfs['invalid']:,} invalid")
    seeds = sorted({(r.nodeid.split("::")[-1], value) for reports in terminalreporter.stats.values() for r in reports
                    for name, value in getattr(r, "user_properties", ()) if name == "fuzz seed"})
    if seeds:
        write("fuzz seeds: " + ", ".join(f"{test} {value}" for test, value in seeds))
    cases = sum(n for kind, n in fuzz.items() if kind.startswith("case:"))
    if cases:
        kinds = ", ".join(f"{kind[5:]} {n:,}" for kind, n in sorted(fuzz.items()) if kind.startswith("case:"))
        seconds = sum(FUZZ_CALL_SECONDS)
        write(f"fuzz: {cases:,} cases in {seconds:.1f} s ({kinds}); {fuzz['tracebacks']:,} tracebacks; "
              f"{fuzz['built']:,} built a PDF, {fuzz['clean errors']:,} clean errors")


def pytest_sessionfinish(session, exitstatus):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller reports
        workeroutput[WORKER_COUNTS] = {"pdf": dict(counter(session.config, PDF_COUNTS)),
                                       "fuzz": dict(counter(session.config, FUZZ_COUNTS))}
    if counter(session.config, PDF_COUNTS)["invalid"] and session.exitstatus == 0:
        session.exitstatus = 1
    # The run is over: every test, fixture and report is done. What follows is pytest's own cleanup, whose
    # unraisable-exception plugin runs the cycle collector over the whole process twice (pytest_unconfigure and
    # its cleanup), and Python's exit, which runs it once more: each time through every object still alive, the
    # parsed pages and the product's caches (810,000 objects in a worker at the end of the default run; 0.8 s of
    # CPU a process over six test files' worth, `-n 0`). As papergame's own command does at its end
    # (papergame/start.py), they are frozen, so those collections skip them; nothing a test checks runs after.
    import gc

    gc.freeze()
