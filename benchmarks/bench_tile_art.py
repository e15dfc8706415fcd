"""Wall time to draw every tile of a set from nothing (curves, crossings, styles, label room).

    python benchmarks/bench_tile_art.py [--runs N]

Each run clears the caches and draws every tile type of the built-in sets once at 35 mm
with its type number and an id, in one process, as `build` does for the tile sheets. The
sets take turns; the baseline is the default game's 3 types, and the ratio is per type.
Issue 24 sets no target for the tile art alone: its line is the eight-port kit's (35
types) 0.6 s, of which the tile art is a part (`bench_build.py` times the whole kit).
"""

from __future__ import annotations

import argparse

from timing import table, take_turns, verdict

from papergame.layout import tile_art, tile_paths
from papergame.data.games import load_definition
from papergame.data.templates import builtin_path

GAMES = ("edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles")


def clear() -> None:
    """Every cache the two modules define, found rather than listed (a list went stale twice)."""
    for module in (tile_paths, tile_art):
        for value in vars(module).values():
            if hasattr(value, "cache_clear") and getattr(value, "__module__", None) == module.__name__:
                value.cache_clear()


def draw_all(definition, size: float = 35.0) -> None:
    clear()
    for tile in definition.tiles:
        tile_art.tile_art(definition.shape, tile, size, type_label=str(tile.id), id_label=f"{tile.id}·1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    definitions = {name: load_definition(builtin_path(name)) for name in GAMES}
    measures = take_turns({name: (lambda d=d: draw_all(d)) for name, d in definitions.items()}, args.runs)
    print(f"every tile type drawn from nothing at 35 mm, {args.runs} runs taking turns")
    table(measures, GAMES[0], {name: f"{name} ({len(d.tiles)} types)" for name, d in definitions.items()})
    per_type = {name: measures[name].median / len(d.tiles) for name, d in definitions.items()}
    print("ms a type: " + ", ".join(f"{name} {t * 1000:.1f}" for name, t in per_type.items()) +
          "  (ratio to the default's: " + ", ".join(f"{t / per_type[GAMES[0]]:.2f}" for t in per_type.values()) + ")")
    eight = measures["eight-port-path-tiles"].median
    verdict("eight-port tile art < 0.6 s, the whole eight-port kit's target (bench_build.py times the kit)", eight < 0.6,
            f"median {eight:.3f} s, {eight / 0.6:.0%} of 0.6 s")


if __name__ == "__main__":
    main()
