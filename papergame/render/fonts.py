"""The embedded fonts (Bitstream Vera, shipped with reportlab) and their metrics."""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

import reportlab

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.units import mm

REGULAR = "Vera"
BOLD = "VeraBd"


FONT_DIR = Path(reportlab.__file__).parent / "fonts"


@lru_cache(maxsize=None)
def register() -> None:
    # Open the files ourselves: given a name, reportlab searches with a reader that also
    # handles URLs, and importing that (urllib) costs more than parsing both fonts.
    for name, filename in ((REGULAR, "Vera.ttf"), (BOLD, "VeraBd.ttf")):
        with open(FONT_DIR / filename, "rb") as f:
            pdfmetrics.registerFont(TTFont(name, io.BytesIO(f.read())))


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
