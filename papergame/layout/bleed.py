"""A print shop's bleed: how far a piece's art runs on past its cut, and a black token's ring run on past its own.

The print shop's tile sheets (`layout/pages/print_shop.py`) leave a gutter of twice the bleed between pieces; the
kit runs every black token's ring on by the bleed on each of a print-shop kit's sheets.
"""

from __future__ import annotations

import math

from papergame.layout.primitives import Circle, Group, Item

BLEED = 2.0  # mm a piece's art runs past its cut
GUTTER = 2 * BLEED  # between two pieces


def with_token_bleed(items) -> list[Item]:
    """Every black token's ring run on past its cut by `BLEED` (a white token's edge is white: nothing to run on)."""
    out: list[Item] = []
    cuts = [i for i in items if isinstance(i, Circle) and i.cut == "cut"]
    for item in items:
        if isinstance(item, Group):
            out.append(item._replace(items=tuple(with_token_bleed(item.items))))
            continue
        if (isinstance(item, Circle) and item.fill is None and item.stroke == 0.0 and item.width > 0.5
                and any(math.isclose(c.cx, item.cx) and math.isclose(c.cy, item.cy)
                        and math.isclose(item.r + item.width / 2, c.r, abs_tol=1e-6) for c in cuts)):
            out.append(Circle(item.cx, item.cy, item.r + item.width / 2 + BLEED / 2, width=BLEED, stroke=0.0, fill=None))
        out.append(item)
    return out
