"""The embedded fonts (Bitstream Vera, shipped with reportlab) and their metrics."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.units import mm

REGULAR = "Vera"
BOLD = "VeraBd"


@lru_cache(maxsize=None)
def register() -> None:
    pdfmetrics.registerFont(TTFont(REGULAR, "Vera.ttf"))
    pdfmetrics.registerFont(TTFont(BOLD, "VeraBd.ttf"))


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


class VeraMetrics:
    """Text widths in mm, for the layout."""

    def __init__(self) -> None:
        register()

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return pdfmetrics.stringWidth(text, font_name(bold), size * mm) / mm


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the embedded font cannot print."""
    register()
    face = pdfmetrics.getFont(font_name(bold)).face
    return {ch for ch in text if ord(ch) not in face.charToGlyph and not ch.isspace()}
