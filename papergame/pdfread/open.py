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
    except pdfium.PdfiumError as exc:
        raise PapergameError(f"{path}: {WHY.get(exc.err_code, DAMAGED)}") from None
    except OSError as exc:
        raise PapergameError(f"{path}: cannot read: {(exc.strerror or str(exc)).lower()}") from None


DAMAGED = "cannot open: it is not a PDF, or a damaged one; make it again or ask for a new copy"
WHY = {  # PDFium's reasons (FPDF_ERR_*), in words
    2: "cannot open: the file cannot be read",
    3: DAMAGED,
    4: "cannot open: the PDF is locked with a password; open it with the password and save a copy without one",
    5: "cannot open: the PDF's security settings do not allow it; save a copy without them",
}
