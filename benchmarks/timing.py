"""What every benchmark here shares: runs taking turns, min / median / max, a target line.

Each benchmark measures what it is about beside a baseline in the same run, the two (or
more) taking turns run by run, so that a machine whose speed wanders (this project's
2-core machine is shared, and wanders by 20 % from minute to minute) slows all of them
alike. It prints, for every measure, the fastest, median and slowest run, the ratio of the
medians to the baseline, and one `target met` / `target NOT met` line for each of issue
24's figures it concerns. A target in seconds is judged on the median measured in this run,
on this machine as it is (met: that median is under the figure); the line also prints the
bare script's median of the same run and the ratio to it, labelled as such, for comparing
runs, but never scales the time to another machine to call a target met.

Every process a benchmark starts runs from bytecode, as after `pip install .`: importing this
module unsets PYTHONDONTWRITEBYTECODE for the children and points PYTHONPYCACHEPREFIX at a
temporary folder, so the warm-up run compiles each module once (papergame's and reportlab's alike)
and the timed runs read the .pyc files. Without that, an environment that sets
PYTHONDONTWRITEBYTECODE with papergame installed editable (no .pyc beside the sources) makes
every `papergame` process compile all of papergame from source (about 70 ms of a 540 ms build
on the 2-core machine), while reportlab reads its .pyc from site-packages: a cost no user has.
`bench_build.py` also times that case, on its own line, so that it stays visible.
"""

from __future__ import annotations

import atexit
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BARE = r"""
import sys
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
c = Canvas(sys.argv[1], pagesize=(210 * mm, 297 * mm), invariant=1)
for i in range(6):
    c.line((17.5 + 35 * i) * mm, 50 * mm, (17.5 + 35 * i) * mm, 225 * mm)
    c.line(17.5 * mm, (50 + 35 * i) * mm, 192.5 * mm, (50 + 35 * i) * mm)
c.showPage()
for k in range(18):
    c.rect((17.5 + 35 * (k % 5)) * mm, (240 - 35 * (k // 5)) * mm, 35 * mm, 35 * mm)
c.showPage()
c.save()
"""
"""The bare reportlab script: Python, reportlab's import, a 5 x 5 grid and 18 squares on two A4 pages."""


SOURCE_ENV = dict(os.environ)
"""The environment as it came, for a task that means to run as it does (PYTHONDONTWRITEBYTECODE kept)."""


def _as_installed() -> str:
    """Children run from bytecode kept in a temporary folder (see the module's docstring)."""
    folder = tempfile.mkdtemp(prefix="papergame-bench-pyc-")
    atexit.register(shutil.rmtree, folder, True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    return folder


PYCACHE = _as_installed()
BYTECODE_NOTE = (f"every process runs from bytecode, as after `pip install .` (.pyc written on the warm-up run "
                 f"under {PYCACHE}; PYTHONDONTWRITEBYTECODE unset for them)")


def papergame_command() -> list[str]:
    """`papergame` as a user runs it: the console script beside this interpreter."""
    script = Path(sys.executable).with_name("papergame")
    return [str(script)] if script.exists() else [sys.executable, "-m", "papergame"]


def bare_command(out: str | Path) -> list[str]:
    return [sys.executable, "-c", BARE, str(out)]


@dataclass
class Measure:
    """Wall and CPU seconds of each run of one task."""

    name: str
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)


def take_turns(tasks: dict[str, Callable[[], object]], runs: int, warm: bool = True) -> dict[str, Measure]:
    """Run each task `runs` times, the tasks taking turns (one untimed run each first when
    `warm`, so the file cache and any in-process cache of imports is warm for all alike).
    CPU time is this process's plus its finished children's."""
    if warm:
        for task in tasks.values():
            task()
    measures = {name: Measure(name) for name in tasks}
    for _ in range(runs):
        for name, task in tasks.items():
            cpu0 = _cpu()
            start = time.perf_counter()
            task()
            measures[name].wall.append(time.perf_counter() - start)
            measures[name].cpu.append(_cpu() - cpu0)
    return measures


def _cpu() -> float:
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def command(cmd: list[str], env: dict[str, str] | None = None) -> Callable[[], object]:
    """A task that runs `cmd` as a fresh process (in `env` if given), its output thrown away."""
    return lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)


def table(measures: dict[str, Measure], baseline: str | None, labels: dict[str, str] | None = None,
          unit: str = "ms") -> None:
    """One line a measure: min / median / max wall, median CPU, and the ratio to the baseline."""
    scale, digits = (1000, 1) if unit == "ms" else (1, 3)
    labels = labels or {}
    width = max(len(labels.get(n, n)) for n in measures)
    print(f"{unit + ' (wall)':{width}}  {'min':>8} {'median':>8} {'max':>8}  {'CPU med':>8}  ratio of medians to the baseline")
    for name, m in measures.items():
        ratio = "baseline" if name == baseline else (f"{m.median / measures[baseline].median:.2f}" if baseline else "")
        low, middle, high, cpu = (v * scale for v in (min(m.wall), m.median, max(m.wall), m.median_cpu))
        print(f"{labels.get(name, name):{width}}  {low:8.{digits}f} {middle:8.{digits}f} {high:8.{digits}f}  "
              f"{cpu:8.{digits}f}  {ratio}")


def paired_ratios(measures: dict[str, Measure], name: str, baseline: str) -> list[float]:
    """The ratio of each run to the baseline's run of the same turn."""
    return [a / b for a, b in zip(measures[name].wall, measures[baseline].wall)]


def verdict(target: str, met: bool, figure: str) -> str:
    """The one line a benchmark prints for each target."""
    line = f"target {'met' if met else 'NOT met'}: {target}  [{figure}]"
    print(line)
    return line


def seconds_target(what: str, seconds: float, target: float, bare: float | None) -> str:
    """The line for a target in seconds, judged on the median measured here, on this machine as it is:
    `target met` means that median is under the figure. Beside it, labelled as such, the bare
    script's median of the same run and the ratio to it (no scaling to another machine is claimed)."""
    figure = f"median {seconds:.3f} s measured here"
    if bare is not None:
        figure += f"; bare script {bare * 1000:.1f} ms in this run, ratio to it {seconds / bare:.2f}"
    return verdict(f"{what} < {target:g} s", seconds < target, figure)
