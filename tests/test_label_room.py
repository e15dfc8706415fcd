"""The label search's quick parts (layout/tile_paths.py) give exactly what the plain ones gave (issue 24: same bytes).

`_inside_bits` finds each row's cells inside the outline by bisection; `inside_mask` below (the search
as it was before) works every cell out. `spots` looks only at the rows that can hold the nearest box and
rejects a box too near one already taken without a generator; `plain_spots` below is the search as
it was before, line for line. Rooms of every shipped game's tiles, at the grids the search uses.
"""

from __future__ import annotations

import math

import pytest

from papergame.data.games import load_definition
from papergame.layout import tile_paths
from papergame.layout.tile_paths import GRID, Point, Room, _as_bits, _free_boxes, _inside_bits, _ruled_out
from papergame.model.geometry import TileShape

GAMES = ("edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles")


def inside_mask(shape: TileShape, grid: int, margin: float) -> tuple[tuple[bool, ...], ...]:
    """Cells lying wholly at least `margin` inside the outline."""
    step = 1.0 / grid
    cols = math.ceil(shape.width / step)
    slack = margin + step / 2 * math.sqrt(2)
    edges = tile_paths.inward_sides(shape)  # the sides as _inside_bits reads them: the cells are what is checked
    xs = [(c + 0.5) * step for c in range(cols)]
    rows = []
    for r in range(grid):
        y = (r + 0.5) * step
        # per side, the inward distance is a straight function of x along this row; a cell's
        # distance inside is the least over the sides, taken column by column
        lines = [((y - ay) * ny - ax * nx, nx) for ax, ay, nx, ny in edges]
        nearest = map(min, *([base + x * nx for x in xs] for base, nx in lines))
        rows.append(tuple(d >= slack for d in nearest))
    return tuple(rows)


def plain_spots(room_: Room, w: float, h: float, prefer: Point, taken=(), limit: int = 1) -> list[tuple[float, float]]:
    step = room_.step
    cw, ch = math.ceil(w / step), math.ceil(h / step)
    if cw > room_.cols or ch > room_.rows:
        return []
    boxes = _free_boxes(room_.free_bits, cw, ch)
    x_off, y_off = (cw * step - w) / 2, (ch * step - h) / 2
    near = _ruled_out(taken, room_.cols, step, x_off, w)
    found = []
    for r, bits in enumerate(boxes):
        if not bits:
            continue
        y = r * step + y_off
        for ruled, y0, y1 in near:
            if y < y1 + step and y0 - step < y + h:
                bits &= ~ruled
        while bits:
            low = bits & -bits
            c = low.bit_length() - 1
            bits ^= low
            x = c * step + x_off
            found.append((math.hypot(x + w / 2 - prefer.x, y + h / 2 - prefer.y), x, y))
    if limit == 1:
        return [min(found)[1:]] if found else []
    found.sort()
    out: list[tuple[float, float]] = []
    for _, x, y in found:
        if all(abs(x - ox) >= w or abs(y - oy) >= h for ox, oy in out):
            out.append((x, y))
            if len(out) >= limit:
                break
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_cells_inside_the_outline_are_the_masks(game):
    shape = load_definition(game).shape
    for grid in (GRID, 2 * GRID, 37):
        for margin in (0.0, 0.0429, 0.0938, 0.13, 0.31):
            assert _inside_bits.__wrapped__(shape, grid, margin) == _as_bits(inside_mask(shape, grid, margin))


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game", GAMES)
def test_the_spots_found_are_the_plain_searchs(game):
    definition = load_definition(game)
    shape = definition.shape
    cases = 0
    for tile in definition.tiles[:3]:
        pairs = tuple(tuple(p) for p in tile.pairs)
        for grid, clearance in ((GRID, 0.06), (2 * GRID, 0.02)):
            free = tile_paths.room(shape, pairs, (clearance,) * len(pairs), 0.0429, grid)
            for w, h in ((0.11, 0.155), (0.114, 0.055)):
                for prefer in (Point(0.2 * shape.width, 0.82), Point(0.8 * shape.width, 0.12)):
                    for taken in ((), ((0.1, 0.6, 0.25, 0.8),)):
                        for limit in (1, 24):
                            assert tile_paths.spots(free, w, h, prefer, taken, limit) == plain_spots(
                                free, w, h, prefer, taken, limit), (tile.id, grid, w, h, prefer, taken, limit)
                            cases += 1
    assert cases == 3 * 2 * 2 * 2 * 2 * 2
