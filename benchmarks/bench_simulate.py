"""Median time of `simulate` for 10,000 games of the default kit, beside the rules engine's own games.

    python benchmarks/bench_simulate.py [--runs N]

The simulator (papergame.model.simulate) plays on integer tables. The baseline plays the
same kind of games through `rules.Game` (`rules.play_random_game`, the random policy),
1,000 of them, and is scaled to 10,000. Both run in this process, taking turns.
Target (issue 14): 10,000 games in under 5 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from papergame.model.definition import load_definition  # noqa: E402
from papergame.model.rules import play_random_game  # noqa: E402
from papergame.model.simulate import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    definition = load_definition()
    times: dict[str, list[float]] = {"random": [], "careful": [], "shared careful": [], "engine x10": []}
    shared = load_definition("shared-path")
    for _ in range(args.runs):
        for name, game, policy in (("random", definition, "random"), ("careful", definition, "careful"),
                                   ("shared careful", shared, "careful")):
            start = time.perf_counter()
            simulate(game, 10_000, policy, 1)
            times[name].append(time.perf_counter() - start)
        rng = random.Random(1)
        start = time.perf_counter()
        for _ in range(1000):
            play_random_game(definition, rng)
        times["engine x10"].append(10 * (time.perf_counter() - start))
    for name, values in times.items():
        print(f"{name:>16}: {statistics.median(values):6.2f} s for 10,000 games")
    print("target: 10,000 games of the default kit under 5 s")


if __name__ == "__main__":
    main()
