"""Median wall time of `papergame build` beside a bare reportlab script, and of `papergame --help`.

    python benchmarks/bench_build.py [--runs N]

Both builds run as fresh processes with the same interpreter, so each pays for starting
Python and importing reportlab; the bare script draws only a 5 x 5 grid and 18 squares.
`papergame` is run as the console script installed beside this interpreter, as a user
runs it. Targets (issue 3): the full kit within 2x the bare script; `papergame --help`
under 80 ms; (issue 9) the 35-tile two-ports-a-side kit in under 1 s. Run it from a regular install (`pip install .`): an editable install adds
an import hook to every Python start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
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


def median_seconds(commands: dict[str, list[str]], runs: int) -> dict[str, float]:
    """Median wall time of each command, the commands taking turns so that any drift in the
    machine's speed falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    py = sys.executable
    script = Path(py).with_name("papergame")
    papergame = [str(script)] if script.exists() else [py, "-m", "papergame"]
    with tempfile.TemporaryDirectory() as tmp:
        kit = str(Path(tmp) / "kit.pdf")
        bare = str(Path(tmp) / "bare.pdf")
        # one untimed run of each, so the file cache is warm for both
        subprocess.run([*papergame, "build", "-o", kit], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([py, "-c", BARE, bare], check=True)
        medians = median_seconds({
            "build": [*papergame, "build", "-o", kit],
            "eight": [*papergame, "build", "--game", "eight-port-path-tiles", "-o", str(Path(tmp) / "eight.pdf")],
            "hexagon": [*papergame, "build", "--game", "hexagon-path-tiles", "-o", str(Path(tmp) / "hex.pdf")],
            "bare": [py, "-c", BARE, bare],
            "help": [*papergame, "--help"],
            "python": [py, "-c", "pass"],
        }, args.runs)
        build, base, helps, python_alone = (medians[k] for k in ("build", "bare", "help", "python"))
        eight, hexagon = medians["eight"], medians["hexagon"]
    print(f"runs each:                  {args.runs}  ({' '.join(papergame)})")
    print(f"papergame build (full kit): {build * 1000:7.1f} ms median")
    print(f"bare reportlab grid script: {base * 1000:7.1f} ms median")
    print(f"ratio build / bare:         {build / base:7.2f}  (target <= 2.00)")
    print(f"eight-port kit (35 tiles):  {eight * 1000:7.1f} ms median  (target < 1000 ms)")
    print(f"hexagon kit (25 tiles):     {hexagon * 1000:7.1f} ms median")
    print(f"papergame --help:           {helps * 1000:7.1f} ms median  (target < 80 ms)")
    print(f"python -c pass:             {python_alone * 1000:7.1f} ms median  (for reference)")


if __name__ == "__main__":
    main()
