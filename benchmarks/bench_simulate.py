"""Wall time of `simulate`, 10,000 games, beside a plain implementation of the same random play.

    python benchmarks/bench_simulate.py [--runs N] [--games N]

The simulator (papergame.model.simulate) and the plain implementation in
`reference_simulate.py` play the same games: before timing, this checks that every game
has the same winner and length in both, and that the counts (wins, draws, lengths, tiles
laid) are the same. Then both are timed in this process, taking turns, for the default
kit (random and careful) and the shared-path game (careful), each counting what
`simulate` counts. Targets: (issue 14) 10,000 games of the default kit under 5 s;
(issue 24) the simulator no slower than the plain implementation (ratio <= 1.00).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference_simulate import reference_games, reference_report  # noqa: E402
from timing import table, take_turns, verdict  # noqa: E402

from papergame.data.games import load_definition  # noqa: E402
from papergame.model.simulate import Simulator, simulate  # noqa: E402

CASES = (("default kit, random", None, "random"), ("default kit, careful", None, "careful"),
         ("shared path, careful", "shared-path", "careful"), ("eight-port, careful", "eight-port-path-tiles", "careful"))


def same_games(definition, games: int, policy: str, seed: int) -> None:
    """Stop unless both play the same games, game for game, and count the same."""
    sim, rng = Simulator(definition, policy), random.Random(seed)
    ours = [(p.winner, len(p.moves)) for p in (sim.play(rng) for _ in range(games))]
    if ours != reference_games(definition, games, policy, seed):
        raise SystemExit(f"{definition.name} {policy}: the plain implementation plays other games")
    report = simulate(definition, games, policy, seed)
    wins = {k: v for k, v in report.wins.items() if v}
    if (wins, report.draws, report.lengths, {k: v for k, v in report.tiles.items() if v}) != reference_report(
            definition, games, policy, seed):
        raise SystemExit(f"{definition.name} {policy}: the counts differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    verdicts = []
    for label, game, policy in CASES:
        definition = load_definition(game)
        same_games(definition, 2000, policy, 7)
        measures = take_turns({
            "simulate": lambda: simulate(definition, args.games, policy, 1),
            "plain": lambda: reference_report(definition, args.games, policy, 1),
        }, args.runs, warm=False)
        print(f"{label}: {args.games:,} games, {args.runs} runs taking turns (same games, game for game: checked)")
        table(measures, "plain", {"simulate": "papergame simulate", "plain": "plain implementation"}, unit="s")
        ratio = measures["simulate"].median / measures["plain"].median
        verdicts.append((f"{label}: simulate no slower than the plain implementation", ratio <= 1.0,
                         f"ratio of medians {ratio:.2f}"))
        if game is None:
            seconds = measures["simulate"].median
            verdicts.append((f"{label}: {args.games:,} games < 5 s (issue 14)", seconds < 5, f"median {seconds:.2f} s"))
        print()
    for line in verdicts:
        verdict(*line)


if __name__ == "__main__":
    main()
