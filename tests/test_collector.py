"""The `papergame` process's cycle collector: a default build ends before it has to look for cycles once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# The console script's way in (papergame.start.main with the process's own arguments), with a
# callback counting the collector's runs and reporting them at exit (leave_now runs the exit handlers).
COUNTING = """
import atexit, gc, json, sys
runs = []
def seen(phase, info):  # only once the command has set its own thresholds (not while Python starts)
    if phase == "start" and gc.get_threshold()[0] > 700:
        runs.append(info["generation"])
gc.callbacks.append(seen)
atexit.register(lambda: sys.stderr.write("collections " + json.dumps(runs) + "\\n"))
from papergame.start import main
sys.argv = ["papergame", *sys.argv[1:]]
sys.exit(main())
"""


def collections_in(tmp_path: Path, *args: str) -> list[int]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", COUNTING, *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "kit.pdf").stat().st_size > 10_000
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("collections ")]
    return json.loads(line[-1].split(" ", 1)[1])


def test_a_default_build_never_runs_the_collector(tmp_path):
    # at the thresholds before (20,000 new objects) it ran twice, 12 to 29 ms of the build
    assert collections_in(tmp_path, "build", "-o", "kit.pdf") == []
