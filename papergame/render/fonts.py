"""The embedded fonts (DejaVu Sans, shipped in papergame/render/fonts/) and their metrics.

DejaVu Sans grew out of Bitstream Vera and keeps its shapes and widths, and adds Latin with
its extensions, Greek and Cyrillic. reportlab embeds each font as a subset of the glyphs a
file uses, so the whole font files never go into a PDF.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.units import mm

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_LABEL = "DejaVu Sans"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=None)
def register() -> None:
    # Read the files ourselves: given a name, reportlab searches with a reader that also
    # handles URLs, and importing that (urllib) costs more than parsing both fonts.
    folder = resources.files("papergame.render").joinpath("fonts")
    for name, filename in FILES.items():
        data = folder.joinpath(filename).read_bytes()
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


class FontMetrics:
    """Text widths in mm, for the layout."""

    def __init__(self) -> None:
        register()

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return pdfmetrics.stringWidth(text, font_name(bold), size * mm) / mm




LAID_OUT = " \n"  # spaces and line breaks are laid out, not printed; any other blank (\v, U+3000) must be in the font


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the embedded font cannot print."""
    register()
    face = pdfmetrics.getFont(font_name(bold)).face
    return {ch for ch in text if ord(ch) not in face.charToGlyph and ch not in LAID_OUT}
