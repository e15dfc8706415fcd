"""Single-loop clue squares (`papergame loops`): making puzzles, checking one answer, a full sheet.

    python benchmarks/bench_loops.py [--runs N]

Three groups, each taking turns run by run (see timing.py):

1. One answer, checked. The SAT check the generator makes after every clue it takes away
   (`activities.loops.solutions`: python-sat's CaDiCaL with lazy single-loop cuts) on a
   hard puzzle of 5 x 5, 7 x 7 and 10 x 10, beside the baseline: the same question, "is
   there a second loop?", asked of the 5 x 5 puzzle by plain backtracking in pure Python
   (below, sharing no code with papergame), as the first experiment of issue 23 did.
2. Making one puzzle (a loop grown at random, then clues taken away while the level and the
   single answer hold) at 5 x 5, 7 x 7 and 10 x 10, easy and hard, from the same seed each run.
   Issue 23 measured a unique puzzle in 0.03 s (5 x 5), 0.11 s (7 x 7) and 0.61 s (10 x 10).
3. A full sheet of 10 x 10 hard puzzles with its key, as a user makes it
   (`papergame loops --size 10 --level hard --puzzles 2` in a fresh process: the most that fit
   one sheet), beside the bare reportlab script. Target (issue 23): under 10 s.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import bare_command, papergame_command, seconds_target, table, take_turns, verdict  # noqa: E402

from papergame.activities.loops import Grid, make_puzzle, solutions  # noqa: E402

SIZES = (5, 7, 10)
FULL_SHEET = ["loops", "--size", "10", "--level", "hard", "--puzzles", "2"]  # at most 2 of 10 x 10 fit a sheet


def quiet(cmd: list[str]):
    """A task that runs `cmd` as a fresh process, its output and progress bar thrown away."""
    return lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class PlainSearch:
    """Every single loop that fits the clues, stopping at 2: each edge tried off, then on, dot by dot."""

    def __init__(self, rows: int, columns: int, clues):
        edges = [((r, c), (r, c + 1)) for r in range(rows + 1) for c in range(columns)]
        edges += [((r, c), (r + 1, c)) for r in range(rows) for c in range(columns + 1)]
        self.edges = sorted(edges, key=lambda e: (e[1], e[0]))
        self.at: dict = {}
        for e in self.edges:
            self.at.setdefault(e[0], []).append(e)
            self.at.setdefault(e[1], []).append(e)
        self.squares_of: dict = {e: [] for e in self.edges}
        for i in range(rows):
            for j in range(columns):
                if clues[i][j] is not None:
                    sides = [((i, j), (i, j + 1)), ((i, j + 1), (i + 1, j + 1)), ((i + 1, j), (i + 1, j + 1)),
                             ((i, j), (i + 1, j))]
                    for e in sides:
                        self.squares_of[e].append((sides, clues[i][j]))
        self.state: dict = {}
        self.found = 0

    def counted(self, edges) -> tuple[int, int]:
        return sum(self.state.get(x) is True for x in edges), sum(x not in self.state for x in edges)

    def fits(self, e) -> bool:
        for point in e:
            on, left = self.counted(self.at[point])
            if on > 2 or (on == 1 and left == 0):
                return False
        return all(on <= clue <= on + left for sides, clue in self.squares_of[e] for on, left in [self.counted(sides)])

    def go(self, k: int = 0) -> int:
        if self.found >= 2:
            return self.found
        if k == len(self.edges):
            on = {e for e, v in self.state.items() if v}
            self.found += bool(on) and one_loop(on)
            return self.found
        for value in (False, True):
            self.state[self.edges[k]] = value
            if self.fits(self.edges[k]):
                self.go(k + 1)
            del self.state[self.edges[k]]
        return self.found


def one_loop(on: set) -> bool:
    """Whether the edges, each dot on two of them, make one loop (not two or more)."""
    nxt: dict = {}
    for a, b in on:
        nxt.setdefault(a, []).append(b)
        nxt.setdefault(b, []).append(a)
    start = min(nxt)
    prev, here, length = None, start, 0
    while True:
        prev, here = here, next(p for p in nxt[here] if p != prev)
        length += 1
        if here == start:
            return length == len(on)


def second_loop_by_backtracking(rows: int, columns: int, clues) -> int:
    return PlainSearch(rows, columns, clues).go()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    puzzles = {n: make_puzzle(1, n, n, "hard", random.Random(f"bench {n}")) for n in SIZES}
    five = puzzles[5]
    assert second_loop_by_backtracking(5, 5, five.clues) == 1 == len(solutions(five.grid, five.clues))

    checks = {f"sat {n}": (lambda p=puzzles[n]: solutions(Grid(p.rows, p.columns), p.clues)) for n in SIZES}
    checks["plain 5"] = lambda: second_loop_by_backtracking(5, 5, five.clues)
    measures = take_turns(checks, args.runs)
    print(f"1. one answer checked (a second loop looked for), hard puzzles, {args.runs} runs")
    table(measures, "plain 5", {**{f"sat {n}": f"SAT, {n} x {n}" for n in SIZES},
                                "plain 5": "plain backtracking, 5 x 5 (baseline)"})
    ratio = measures["sat 5"].median / measures["plain 5"].median
    verdict("the SAT check at 5 x 5 quicker than plain backtracking", ratio < 1,
            f"ratio of medians {ratio:.4f}")

    makers = {f"{level} {n}": (lambda n=n, level=level: make_puzzle(1, n, n, level, random.Random(f"bench {n}")))
              for level in ("easy", "hard") for n in SIZES}
    measures = take_turns(makers, args.runs, warm=False)
    print(f"\n2. one puzzle made, the same seed each run, {args.runs} runs (issue 23: 0.03 / 0.11 / 0.61 s unique)")
    table(measures, None, {k: f"{k.split()[0]}, {k.split()[1]} x {k.split()[1]}" for k in makers}, unit="s")

    with tempfile.TemporaryDirectory() as tmp:
        sheet = quiet(papergame_command() + FULL_SHEET + ["-o", f"{tmp}/s.pdf"])
        bare = quiet(bare_command(f"{tmp}/bare.pdf"))
        measures = take_turns({"sheet": sheet, "bare": bare}, args.runs)
        made = subprocess.run(papergame_command() + FULL_SHEET + ["--json", "-o", f"{tmp}/s.pdf"],
                              capture_output=True, text=True, check=True)
    count = made.stdout.count('"rows"')
    print(f"\n3. a full sheet of 10 x 10 hard puzzles ({count} on the sheet) and its key, fresh process, "
          f"{args.runs} runs")
    table(measures, "bare", {"sheet": "papergame " + " ".join(FULL_SHEET), "bare": "bare reportlab script"},
          unit="s")
    seconds_target("a full sheet of 10 x 10 puzzles", measures["sheet"].median, 10.0, measures["bare"].median)


if __name__ == "__main__":
    main()
