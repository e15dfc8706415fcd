"""The embedded fonts (DejaVu Sans, and Atkinson Hyperlegible for clear print, shipped in papergame/render/fonts/) and their metrics.

DejaVu Sans grew out of Bitstream Vera and keeps its shapes and widths, and adds Latin with
its extensions, Greek and Cyrillic. reportlab embeds each font as a subset of the glyphs a
file uses, so the whole font files never go into a PDF.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.lib.units import mm

from papergame.render.faces import font

FOLDER = Path(__file__).with_name("fonts")  # beside this module in a checkout, a wheel and the offline page
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_LABEL = "DejaVu Sans"
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


# Atkinson Hyperlegible 1.006 (Braille Institute of America, SIL OFL 1.1, see LICENSE-AtkinsonHyperlegible),
# regular and bold as shipped in the fontpkg-atkinson-hyperlegible 1.6 wheel: its letters tell
# l, I and 1 and 0 and O apart. It has Latin but no Cyrillic, and no narrow no-break space.
HYPER = "hyperlegible"
HYPER_REGULAR = "AtkinsonHyperlegible"
HYPER_BOLD = "AtkinsonHyperlegible-Bold"
HYPER_LABEL = "Atkinson Hyperlegible"
HYPER_FILES = {HYPER_REGULAR: "AtkinsonHyperlegible-Regular.ttf", HYPER_BOLD: "AtkinsonHyperlegible-Bold.ttf"}
# what the face prints in place of a character it lacks: French's narrow no-break space as a no-break space
HYPER_STANDS_IN = {"\u202f": "\u00a0"}


def _register(files: dict[str, str]) -> None:
    # Read the files ourselves: given a name, reportlab searches with a reader that also
    # handles URLs, and importing that (urllib) costs more than parsing both fonts. Their
    # metrics come parsed already, from the .face file beside each font (render/faces.py).
    for name, filename in files.items():
        pdfmetrics.registerFont(font(name, FOLDER, filename))


@lru_cache(maxsize=None)
def register() -> None:
    _register(FILES)


@lru_cache(maxsize=None)
def register_hyperlegible() -> None:
    """The second face, read only by a document that asks for it (clear print)."""
    _register(HYPER_FILES)


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


def hyper_text(text: str) -> str:
    """`text` as Atkinson Hyperlegible prints it (its stand-ins put in)."""
    return text.translate(HYPER_TRANSLATION) if any(ch in HYPER_STANDS_IN for ch in text) else text


HYPER_TRANSLATION = str.maketrans(HYPER_STANDS_IN)


def setting(text: str, bold: bool, face: str = "") -> tuple[str, str]:
    """(font name, text as printed) for a text in `face`: Atkinson Hyperlegible where it has every letter, else DejaVu."""
    if face == HYPER:
        register_hyperlegible()
        printed = hyper_text(text)
        font = HYPER_BOLD if bold else HYPER_REGULAR
        chars = pdfmetrics.getFont(font).face.charToGlyph
        if all(ord(ch) in chars or ch in LAID_OUT for ch in printed):
            return font, printed
    return font_name(bold), text


MEASURED_KEPT = 100_000  # widths a FontMetrics keeps (the largest class set measures about as many texts)


class FontMetrics:
    """Text widths in mm, for the layout; `face` as for `setting` (the renderer sets text the same way)."""

    def __init__(self, face: str = "") -> None:
        register()
        self.face = face
        self._widths: dict[tuple[str, float, bool], float] = {}  # a build measures the same text again and again

    def width(self, text: str, size: float, bold: bool = False) -> float:
        key = (text, size, bold)
        known = self._widths.get(key)
        if known is not None:
            return known
        if self.face:
            font, printed = setting(text, bold, self.face)
            measured = pdfmetrics.stringWidth(printed, font, size * mm) / mm
        else:
            measured = pdfmetrics.stringWidth(text, font_name(bold), size * mm) / mm
        if len(self._widths) < MEASURED_KEPT:
            self._widths[key] = measured
        return measured


def char_width(char: str, font: str) -> float:
    """One character's advance in thousandths of an em in a registered font, as the PDF places it (for the SVG)."""
    register()
    return pdfmetrics.getFont(font).face.getCharWidth(ord(char))


def font_file(font: str) -> str:
    """The file in papergame/render/fonts/ of a registered font's name."""
    return {**FILES, **HYPER_FILES}[font]


LAID_OUT = " \n"  # spaces and line breaks are laid out, not printed; any other blank (\v, U+3000) must be in the font


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the embedded font cannot print."""
    register()
    face = pdfmetrics.getFont(font_name(bold)).face
    return {ch for ch in text if ord(ch) not in face.charToGlyph and ch not in LAID_OUT}
