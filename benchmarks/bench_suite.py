"""CPU seconds of the default test suite (`python -m pytest -q`), beside collecting it alone.

    python benchmarks/bench_suite.py [--runs N] [-- PYTEST ARGS]

Runs the suite as CI does (the options in pyproject.toml: two xdist workers), from the
repository's root, and counts the CPU time of pytest and all its workers (user + system,
from the finished children's rusage), which on a shared machine is steadier than the wall
time. The baseline, taking turns with it, is `pytest --collect-only` with the same
workers: starting them and importing every test module, which every run pays. The
slowest test files by the time their tests took (pytest's own durations, summed per file)
show where the time goes. Target (issue 24): the default suite in at most 100 s of CPU.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from timing import table, take_turns, verdict

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "suite.xml"
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args.pytest_args]

        def run(extra: list[str]):
            return lambda: subprocess.run([*pytest, *extra], cwd=ROOT, check=False, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL)

        measures = take_turns({"suite": run([f"--junitxml={junit}"]), "collect": run(["--collect-only"])},
                              args.runs, warm=False)
        per_file: Counter[str] = Counter()
        tests = 0
        for case in ET.parse(junit).iter("testcase"):
            parts = case.get("classname", "?").split(".")  # tests.test_x or tests.test_x.TestClass
            per_file[next((p for p in parts if p.startswith("test_")), parts[-1])] += float(case.get("time", 0))
            tests += 1
    print(f"default suite ({tests} tests), {args.runs} run(s) taking turns with collecting alone")
    table(measures, "collect", {"suite": "python -m pytest -q", "collect": "pytest --collect-only"}, unit="s")
    total = sum(per_file.values())
    print(f"slowest test files (the seconds their tests took, over every worker; {total:.0f} s in all):")
    for name, seconds in per_file.most_common(8):
        print(f"  {name:32s} {seconds:7.1f} s  {seconds / total:4.0%}")
    cpu = measures["suite"].median_cpu
    verdict("the default suite in at most 100 s of CPU", cpu <= 100,
            f"median {cpu:.0f} s of CPU, {measures['suite'].median:.0f} s wall; collecting alone "
            f"{measures['collect'].median_cpu:.0f} s of CPU")


if __name__ == "__main__":
    main()
