"""Wall time of a class set of practice sheets with their keys, `papergame worksheet --copies 30`, beside a bare reportlab script.

    python benchmarks/bench_worksheet.py [--runs N] [--copies C] [--level easy|medium|hard]

Each class set is made as a fresh process, as a teacher makes it (start-up, the game and
its words, every sheet and key laid out, both PDFs written), taking turns with the bare
reportlab script of `bench_build.py` (timing.BARE); each run has a new seed, so each is a
new class set. Targets: (issue 5) a class set of 30 sheets with keys under 2 s; (issue 24)
30 medium sheets under 1.2 s.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from pathlib import Path

from timing import bare_command, command, papergame_command, seconds_target, table, take_turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--copies", type=int, default=30)
    parser.add_argument("--level", default=None, help="one level; default: each level in turn")
    args = parser.parse_args()
    levels = [args.level] if args.level else ["easy", "medium", "hard"]
    seeds = itertools.count(1000)
    papergame = papergame_command()
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "sheets.pdf")

        def class_set(level: str):
            return lambda: command([*papergame, "worksheet", "--copies", str(args.copies), "--level", level,
                                    "--seed", str(next(seeds)), "-o", out])()

        tasks = {level: class_set(level) for level in levels}
        tasks["bare"] = command(bare_command(Path(tmp) / "bare.pdf"))
        measures = take_turns(tasks, args.runs)
    print(f"class set of {args.copies} sheets with keys, fresh processes taking turns, {args.runs} runs each")
    table(measures, "bare", {**{level: f"worksheet --level {level}" for level in levels}, "bare": "bare reportlab script"})
    bare = measures["bare"].median
    for level in levels:
        if level == "medium":
            seconds_target(f"{args.copies} medium sheets with keys", measures[level].median, 1.2, bare)
        seconds_target(f"{args.copies} {level} sheets with keys (issue 5)", measures[level].median, 2.0, bare)


if __name__ == "__main__":
    main()
