"""Each tile shape's own drawing, one module a shape, found by the shape's name.

A shape layout answers what a page draws differently for its shape: the tile-sheet packing
(`tile_block`), a tile's outline, the board's grid lines, whether cells carry their names
and ports their names, how the shared path's host key draws its dominoes. A new shape is one module here and one line in `LAYOUTS`.
"""

from __future__ import annotations

from typing import Protocol

from papergame.layout.grid import XY
from papergame.layout.primitives import Item
from papergame.model.geometry import TileShape


class ShapeLayout(Protocol):
    name: str
    cell_names: bool
    strip_grid_lines: bool
    side_key: bool
    domino_grid: bool

    def port_names(self, per_side: int) -> bool: ...
    def tile_block(self, ctx, draw, edges=None): ...
    def outline(self, shape: TileShape, size: float, ink: float) -> Item: ...
    def cell_fill(self, corners: list[XY], x: float, y: float, size: float, fill: float) -> Item: ...
    def label_inset(self, shape: TileShape) -> float: ...
    def grid_items(self, board, part, grid, join: float) -> list[Item]: ...
    def diagram_lines(self, diagram) -> list[Item]: ...


def layouts() -> dict[str, ShapeLayout]:
    """Every shape's layout by its name (imported when first asked for: the modules draw tiles)."""
    from papergame.layout.shapes import hexagon, square

    return {module.LAYOUT.name: module.LAYOUT for module in (square, hexagon)}


def shape_layout(shape: TileShape) -> ShapeLayout:
    """The layout of a tile's shape."""
    return layouts()[shape.kind]
