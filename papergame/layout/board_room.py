"""A board's sheet, which knows where its board was drawn and where it has room left, so that the tiles and
tokens laid out after it (`pages/tiles_sheet.py`, `token_rows.py`) can go beside the board."""

from __future__ import annotations

from papergame.layout.extent import Extent, items_extent
from papergame.layout.paper import Sheet


class BoardSheet(Sheet):
    """A board's sheet, which knows where its board was drawn (so the tokens can go beside it)."""

    drawing: Extent = (0.0, 0.0, 0.0, 0.0)
    seams: tuple[str, ...] = ()  # edges of the part that join another part
    notes_beside: Extent | None = None  # where notes went beside the board, if they did
    cuts_x: tuple[float, ...] = ()  # cuts that run on across the whole sheet: vertical ones at these x
    cuts_y: tuple[float, ...] = ()  # ... and horizontal ones at these y

    def free_room(self, need_w: float, need_h: float, clear: float) -> Extent | None:
        """A rectangle (left, bottom, right, top) at least `need_w` by `need_h` mm on this sheet that
        nothing is drawn on and no cut crosses, `clear` mm from both: below the board (and its
        notes), else beside it; None if there is none."""
        left, bottom, right, top = self.drawing
        if self.notes_beside is not None:
            top = min(top, self.notes_beside[1])
        regions = [(self.box.x, self.floor, self.box.right, self.cursor - clear),
                   (right + clear, bottom, self.box.right, top - clear),
                   (self.box.x, bottom, left - clear, top - clear)]
        for x0, y0, x1, y1 in regions:
            xs = sorted({x0, x1} | {x for x in self.cuts_x if x0 < x < x1})
            ys = sorted({y0, y1} | {y for y in self.cuts_y if y0 < y < y1}, reverse=True)
            for a, b in zip(xs, xs[1:]):
                a, b = (a + clear if a != x0 else a), (b - clear if b != x1 else b)
                for c, d in zip(ys, ys[1:]):  # from the top down
                    c, d = (c - clear if c != y1 else c), (d + clear if d != y0 else d)
                    if b - a >= need_w - 1e-9 and c - d >= need_h - 1e-9:
                        return (a, d, b, c)
        return self.corner_room(need_w, need_h, clear)

    def corner_room(self, need_w: float, need_h: float, clear: float) -> Extent | None:
        """A rectangle in a bottom corner of a whole board's sheet, beside what is drawn under the board (a
        start's token and its words), `clear` mm from everything drawn; None if there is none (or the sheet
        is a part of a board, whose seam cuts run on across it)."""
        if self.cuts_x or self.cuts_y:
            return None
        drawn = [item_extent(item, self.metrics) for item in self.page.items]
        for left in (self.box.right - need_w, self.box.x):
            a, d, b, c = left, self.floor, left + need_w, self.floor + need_h
            if all(e[2] + clear <= a or b <= e[0] - clear or e[3] + clear <= d or c <= e[1] - clear for e in drawn):
                return (a, d, b, c)
        return None


_EXTENTS: dict[tuple[int, int], tuple[object, object, Extent]] = {}


def item_extent(item, metrics) -> Extent:
    """`items_extent([item], metrics)`, kept for the item (the same object) and metrics: every kit of a class set
    looks for room for its tokens on its copy of the first kit's board sheet, the same items."""
    key = (id(item), id(metrics))
    kept = _EXTENTS.get(key)
    if kept is not None and kept[0] is item and kept[1] is metrics:  # (the entry holds both, so no id is reused)
        return kept[2]
    if len(_EXTENTS) > 100_000:
        _EXTENTS.clear()
    extent = _EXTENTS[key] = (item, metrics, items_extent([item], metrics))
    return extent[2]
