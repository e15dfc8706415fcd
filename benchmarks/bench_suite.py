"""Wall and CPU seconds of the default test suite (`python -m pytest -q`), beside collecting it alone.

    python benchmarks/bench_suite.py [--runs N] [--matrix] [-- PYTEST ARGS]

Runs the suite as the README's command and CI do (the options in pyproject.toml: two xdist workers, the
`slow`, `bundle`, `install`, `matrix` and `browser` tests left out), from the repository's root, and counts its wall
time and the CPU time of pytest and all its workers and their children (user + system, from the finished
children's rusage), which on a shared machine is steadier than the wall time. The baseline, taking turns
with it, is `pytest --collect-only` with the same workers: starting them and importing every test module,
which every run pays. Before the timed runs one untimed `--collect-only` writes the bytecode (see
timing.py), as any second run of the suite finds it. `--matrix` also times CI's matrix step
(`python -m pytest -q -m "matrix or browser"`), which has no target of its own. The slowest test files by the time
their tests took (pytest's own durations, summed per file) show where the time goes.

Targets (issue 24 and the project's rule): the default suite in at most 60 s of wall time and at most
100 s of CPU on the 2-core machine when it is quiet. The load average (1 minute) is printed before and
after each run: above about 1.5 the machine is shared and the wall time says more about the others than
about the suite (the CPU time much less so), and the verdict line says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from timing import table, take_turns, verdict

ROOT = Path(__file__).resolve().parent.parent


QUIET_LOAD = 1.5  # a 1-minute load average above this on the 2-core machine: others are running too
WALL_TARGET, CPU_TARGET = 60.0, 100.0


def load() -> float:
    return os.getloadavg()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--matrix", action="store_true", help="also time CI's matrix step (-m matrix)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    args = parser.parse_args()
    loads: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "suite.xml"
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args.pytest_args]

        def run(extra: list[str]):
            def task():
                loads.append(load())
                subprocess.run([*pytest, *extra], cwd=ROOT, check=False, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                loads.append(load())
            return task

        run(["--collect-only"])()  # untimed: writes the bytecode every later run reads
        loads.clear()
        tasks = {"suite": run([f"--junitxml={junit}"]), "collect": run(["--collect-only"])}
        if args.matrix:
            tasks["matrix"] = run(["-m", "matrix or browser"])
        measures = take_turns(tasks, args.runs, warm=False)
        per_file: Counter[str] = Counter()
        tests = 0
        for case in ET.parse(junit).iter("testcase"):
            parts = case.get("classname", "?").split(".")  # tests.test_x or tests.test_x.TestClass
            per_file[next((p for p in parts if p.startswith("test_")), parts[-1])] += float(case.get("time", 0))
            tests += 1
    print(f"default suite ({tests} tests), {args.runs} run(s) taking turns with collecting alone; "
          f"load average (1 min) {min(loads):.2f} to {max(loads):.2f} over the runs")
    labels = {"suite": "python -m pytest -q", "collect": "pytest --collect-only", "matrix": "pytest -q -m \"matrix or browser\""}
    table(measures, "collect", labels, unit="s")
    total = sum(per_file.values())
    print(f"slowest test files (the seconds their tests took, over every worker; {total:.0f} s in all):")
    for name, seconds in per_file.most_common(8):
        print(f"  {name:32s} {seconds:7.1f} s  {seconds / total:4.0%}")
    suite = measures["suite"]
    what = "the default suite" if not args.pytest_args else f"pytest -q {' '.join(args.pytest_args)} (not the default suite)"
    quiet = max(loads) <= QUIET_LOAD
    where = ("on a quiet machine" if quiet else
             f"on a loaded machine (load up to {max(loads):.1f}): the wall time is not the suite's alone, "
             f"judge the CPU time")
    verdict(f"{what} in at most {WALL_TARGET:g} s of wall time", suite.median <= WALL_TARGET,
            f"median {suite.median:.0f} s wall, {where}")
    verdict(f"{what} in at most {CPU_TARGET:g} s of CPU", suite.median_cpu <= CPU_TARGET,
            f"median {suite.median_cpu:.0f} s of CPU (user + system, every process); collecting alone "
            f"{measures['collect'].median_cpu:.0f} s of CPU, {measures['collect'].median:.0f} s wall")
    if args.matrix:
        m = measures["matrix"]
        print(f"matrix step (no target): median {m.median:.0f} s wall, {m.median_cpu:.0f} s of CPU")


if __name__ == "__main__":
    main()
