"""Wall time of `solve` on the shared-path game, beside a plain search measured in the same run.

    python benchmarks/bench_solve.py [--runs N]

The solver (papergame.model.solver) merges placements that lay the same lines and leaves
used lines out of its position key. The baseline is the same negamax with alike placements
merged but every tile's whole lines in the key, so positions that differ only in lines
the path has already walked are valued again. (Without merging alike placements too, the
search takes over 100 s on 4 x 4: not worth running.) Both run in this one process, taking
turns, on boards of 4 x 4, 5 x 5 and 6 x 5. Target (issue 14): 5 x 5 under 5 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import table, take_turns, verdict  # noqa: E402

from papergame.model.board import Board, Cell, Position  # noqa: E402
from papergame.data.games import load_definition
from papergame.model.definition import TokenStart  # noqa: E402
from papergame.model.playtables import PlayTables  # noqa: E402
from papergame.model.solver import Search, solve  # noqa: E402

SHARED = Path(__file__).resolve().parent.parent / "templates" / "shared-path" / "game.toml"


def on_board(definition, columns: int, rows: int):
    board = Board(tuple("ABCDEFGH"[:columns]), tuple(str(r + 1) for r in range(rows)), definition.shape)
    return dataclasses.replace(definition, board=board, tokens=(TokenStart("path", Position(Cell(0, 0), "S")),))


class WholeTileSearch(Search):
    """The baseline: a cell's key is its whole tile, used lines and all."""

    def __init__(self, tables: PlayTables, cap: int):
        super().__init__(tables, cap)
        self.codes = {(i, used): i + 1 for i in range(len(self.options)) for used in range(1 << tables.port_count)}
        self.bits = (len(self.options) + 1).bit_length()


def baseline_solve(definition) -> int:
    tables = PlayTables(definition)
    search = WholeTileSearch(tables, 50_000_000)
    start = tables.starts[0]
    max(search.outcome(start, o) for o in range(len(search.options)))
    return len(search.memo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    shared = load_definition(SHARED)
    five = None
    for columns, rows in ((4, 4), (5, 5), (6, 5)):
        definition = on_board(shared, columns, rows)
        found = {}
        measures = take_turns({
            "solve": lambda: found.update(solution=solve(definition)),
            "baseline": lambda: found.update(baseline=baseline_solve(definition)),
        }, args.runs, warm=False)
        solution = found["solution"]
        print(f"{columns} x {rows}: {args.runs} runs taking turns; winner {solution.winner}, "
              f"{solution.positions:,} positions (baseline {found['baseline']:,})")
        table(measures, "baseline", {"solve": "papergame solve", "baseline": "whole tiles in the key"}, unit="s")
        print()
        if (columns, rows) == (5, 5):
            five = measures["solve"].median
    verdict("solve 5 x 5 < 5 s (issue 14)", five is not None and five < 5, f"median {five:.3f} s")


if __name__ == "__main__":
    main()
