"""Median time to draw every tile of a set from nothing (curves, crossings, styles, label room).

    python benchmarks/bench_tile_art.py [--runs N]

Each run clears the caches and draws every tile type of the built-in sets once at 35 mm
with its type number and an id, in one process, as `build` does for the tile sheets. The
baseline is the default game's 3 types. Target (issue 9): the 35-tile kit builds in under
1 s, so its tile art must stay a small part of that.
"""

from __future__ import annotations

import argparse
import statistics
import time

from papergame.layout import tile_art, tile_paths
from papergame.model.definition import builtin_path, load_definition

GAMES = ("edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles")


def clear() -> None:
    for cached in (tile_paths.drawing, tile_paths.room, tile_paths._inside_mask, tile_art._labels,
                   tile_art._tile_lines):
        cached.cache_clear()


def draw_all(definition, size: float = 35.0) -> float:
    clear()
    start = time.perf_counter()
    for tile in definition.tiles:
        tile_art.tile_art(definition.shape, tile, size, type_label=str(tile.id), id_label=f"{tile.id}·1")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for name in GAMES:
        definition = load_definition(builtin_path(name))
        times = [draw_all(definition) for _ in range(args.runs)]
        print(f"{name:24s} {len(definition.tiles):3d} types: {statistics.median(times) * 1000:6.1f} ms median "
              f"({statistics.median(times) * 1000 / len(definition.tiles):.1f} ms a type)")


if __name__ == "__main__":
    main()
