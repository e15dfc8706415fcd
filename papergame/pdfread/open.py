"""Opening a PDF someone hands us (for check and preview), with errors that name the file."""

from __future__ import annotations

import os
from pathlib import Path

from papergame.errors import PapergameError


def open_pdf(path: Path):
    """The PDF at `path` as a pypdfium2 document, or a PapergameError saying why not."""
    import pypdfium2 as pdfium

    if not os.path.isfile(path):  # False for any name the system cannot look up, too
        raise PapergameError(f"{path}: no such PDF file")
    try:
        return pdfium.PdfDocument(str(path))
    except (pdfium.PdfiumError, OSError) as exc:
        raise PapergameError(f"{path}: cannot open as a PDF ({exc})") from None
