"""What a kit carries so it can be checked later: the scale bar and the PDF keywords.

Defined once here and shared by the side that draws (`layout/paper.py`, `build.py`) and the
side that measures (`pdfread/check.py`), so the two cannot drift apart. Pure data: no
reportlab, no click.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from papergame.model.geometry import SHAPES

BAR_MM = 50.0  # the length of the millimetre bar printed on every page
BAR_TICKS = int(BAR_MM) + 1  # one tick a millimetre, both ends included: how check finds the bar
INCH_BAR_EIGHTHS = 16  # the inch bar: 2 inches in eighths


def bar_ticks() -> list[tuple[float, float]]:
    """The millimetre bar's ticks as (offset mm, height mm): taller every 5 mm, tallest every 10.

    >>> ticks = bar_ticks()
    >>> len(ticks) == BAR_TICKS, ticks[0], ticks[5], ticks[1]
    (True, (0, 2.8), (5, 1.8), (1, 1.0))
    """
    return [(i, 1.0 + 0.8 * (i % 5 == 0) + 1.0 * (i % 10 == 0)) for i in range(BAR_TICKS)]


def correction_scale(measured: float | None) -> float:
    """How much a page is enlarged to make up for a printer that prints the 50 mm bar `measured` mm long.

    >>> correction_scale(None), correction_scale(40.0)
    (1.0, 1.25)
    """
    return 1.0 if measured is None else BAR_MM / measured


class KitMarks(NamedTuple):
    """What `build` writes into a kit's PDF keywords, and `check` reads back."""

    tile: float | None = None  # tile size in mm
    paper: str | None = None  # a4 or letter
    ink: str | None = None
    measured: float | None = None  # the printer correction, if any
    tile_pages: tuple[int, ...] | None = None  # 1-based pages that carry tiles (None: not stated)
    board_pages: tuple[int, ...] | None = None  # 1-based pages that carry the board's grid
    shape: str | None = None  # the shape's name when its tiles are measured across the flats (hexagons); None: squares

    @property
    def across_flats(self) -> bool:
        """Whether the kit's tiles and cells are measured between two flat sides (a hexagon kit)."""
        kind = SHAPES.get(self.shape or "")
        return kind is not None and kind.measured_across_flats

    def keywords(self) -> str:
        """The keywords line.

        >>> KitMarks(35, "a4", "normal", None, (2,), (1,)).keywords()
        'papergame tile=35 paper=a4 ink=normal tile-pages=2 board-pages=1'
        >>> KitMarks(35, "letter", "low", 49.2, (), ()).keywords()
        'papergame tile=35 paper=letter ink=low measured=49.2 tile-pages=none board-pages=none'
        """
        words = ["papergame", f"tile={self.tile:g}", f"paper={self.paper}", f"ink={self.ink}"]
        if self.measured is not None:
            words.append(f"measured={self.measured:g}")
        for name, pages in (("tile-pages", self.tile_pages), ("board-pages", self.board_pages)):
            if pages is not None:
                words.append(f"{name}={','.join(map(str, pages)) or 'none'}")
        if self.shape is not None:
            words.append(f"shape={self.shape}")
        return " ".join(words)


WORD = re.compile(r"(?<!\S)([a-z-]+)=(\S+)")


def read_keywords(keywords: str | None) -> KitMarks | None:
    """The marks in a PDF's keywords; None when papergame did not write them.

    >>> read_keywords("papergame tile=35 paper=a4 ink=normal measured=49.2 tile-pages=2,3 board-pages=none")
    KitMarks(tile=35.0, paper='a4', ink='normal', measured=49.2, tile_pages=(2, 3), board_pages=(), shape=None)
    >>> read_keywords("papergame tile=35 paper=a4 ink=normal shape=hexagon").shape
    'hexagon'
    >>> read_keywords("papergame tile=35 paper=a4 ink=normal").tile_pages is None
    True
    >>> read_keywords("holiday photos") is None
    True
    """
    words = (keywords or "").split()
    if not words or words[0] != "papergame":
        return None
    found = dict(WORD.findall(keywords or ""))

    def number(key: str) -> float | None:
        try:
            return float(found[key])
        except (KeyError, ValueError):
            return None

    def pages(key: str) -> tuple[int, ...] | None:
        value = found.get(key)
        if value is None:
            return None
        if value == "none":
            return ()
        try:
            return tuple(int(p) for p in value.split(","))
        except ValueError:
            return None

    return KitMarks(number("tile"), found.get("paper"), found.get("ink"), number("measured"),
                    pages("tile-pages"), pages("board-pages"), found.get("shape"))
