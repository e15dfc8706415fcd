"""Median wall time to make a class set of practice sheets with their keys, in one process.

    python benchmarks/bench_worksheet.py [--runs N] [--copies C] [--level easy|medium|hard]

One run is what `papergame worksheet --copies C` does after start-up: load the game and
its words, plan the page, make every sheet, lay out every sheet and key page, render both
PDFs to bytes (nothing is written to disk). Imports are paid once, before the timed runs.
Target (issue 5): a class set of 30 sheets with keys under 2 s. The CPU time is printed
beside the wall time: on a busy machine it is the steadier of the two.
"""

from __future__ import annotations

import argparse
import statistics
import time


def class_set(level: str, copies: int, seed: int) -> tuple[int, int]:
    from papergame.build import render_bytes, worksheet_pages
    from papergame.model.definition import load_definition
    from papergame.text import load_texts
    from papergame.activities.worksheet import parse_options

    definition = load_definition()
    texts = load_texts()
    options = parse_options(level, None, seed, copies)
    _, _, pages, keys = worksheet_pages(definition, texts, options)  # laid out and finished, as the command does
    return len(render_bytes(pages, "sheets")), len(render_bytes(keys, "keys"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--copies", type=int, default=30)
    parser.add_argument("--level", default=None, help="one level; default: each level in turn")
    args = parser.parse_args()
    class_set("easy", 1, 1)  # imports and font loading, untimed
    print(f"class set of {args.copies} sheets with keys, one process, {args.runs} runs each")
    for level in [args.level] if args.level else ["easy", "medium", "hard"]:
        times, cpu = [], []
        for run in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            sizes = class_set(level, args.copies, 1000 + run)  # a new class set every run
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        print(f"{level:7s} {statistics.median(times) * 1000:7.1f} ms median wall "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}), "
              f"{statistics.median(cpu) * 1000:7.1f} ms median CPU; "
              f"PDFs {sizes[0] // 1024} + {sizes[1] // 1024} KiB  (target < 2000 ms)")


if __name__ == "__main__":
    main()
