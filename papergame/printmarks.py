"""What a kit carries so it can be checked later: the scale bar and the PDF keywords.

Defined once here and shared by the side that draws (`layout/paper.py`, `build.py`) and the
side that measures (`pdfread/check.py`), so the two cannot drift apart. Pure data: no
reportlab, no click.
"""

from __future__ import annotations

import re

from papergame.records import NamedTuple
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


# --- cutting machines ----------------------------------------------------------------------------
#
# Silhouette Cameo, four-corner registration (inkscape-silhouette's Cameo 5 A4 template and its mark
# generator): four L marks pointing inward, each corner 10 mm in from both edges of the paper (so
# 190 x 277 mm apart on A4), arms 20 mm long, lines 0.3 mm wide; nothing printed within the 20 mm
# square inside each corner.
SILHOUETTE_INSET = 10.0
SILHOUETTE_ARM = 20.0
SILHOUETTE_LINE = 0.3
SILHOUETTE_CLEAR = 2.0  # between the marks (and their squares) and the sheet's content box
SILHOUETTE_CORNERS = ("tl", "tr", "bl", "br")

# Cricut Design Space's print-then-cut area: 9.25 x 6.75 inches, as a portrait sheet (w, h) in mm
CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)


def silhouette_mark_lines(pw: float, ph: float) -> dict[str, tuple[tuple[float, float], tuple[float, float],
                                                                     tuple[float, float]]]:
    """Each mark (tl, tr, bl, br) as its two arms' ends and its corner: (end of the across arm, corner, end of the
    up-or-down arm), in mm, y up from the bottom-left of a `pw` by `ph` page.

    >>> marks = silhouette_mark_lines(210, 297)
    >>> marks["tl"], marks["br"]
    (((30.0, 287.0), (10.0, 287.0), (10.0, 267.0)), ((180.0, 10.0), (200.0, 10.0), (200.0, 30.0)))
    """
    i, arm = SILHOUETTE_INSET, SILHOUETTE_ARM
    out = {}
    for name in SILHOUETTE_CORNERS:
        x, dx = (i, 1) if name[1] == "l" else (pw - i, -1)
        y, dy = (ph - i, -1) if name[0] == "t" else (i, 1)
        out[name] = ((x + dx * arm, y), (x, y), (x, y + dy * arm))
    return out


def silhouette_box(pw: float, ph: float) -> tuple[float, float, float, float]:
    """The content box (x, y, w, h) of a sheet with the marks: inside them, clear of each mark's 20 mm square.

    >>> silhouette_box(210, 297)
    (12.15, 32.0, 185.7, 233.0)
    """
    side = SILHOUETTE_INSET + SILHOUETTE_LINE / 2 + SILHOUETTE_CLEAR
    end = SILHOUETTE_INSET + SILHOUETTE_ARM + SILHOUETTE_CLEAR
    return (side, end, round(pw - 2 * side, 6), round(ph - 2 * end, 6))
