"""A structural check of a PDF: pypdf in strict mode, then qpdf (through pikepdf).

`check_pdf_bytes` raises `InvalidPdf` listing every problem either reader reports,
warnings included: a file that opens only with a warning is not a valid file.
"""

from __future__ import annotations

import hashlib
import io
import logging
import warnings

import pikepdf
import pypdf


class InvalidPdf(AssertionError):
    """The PDF is damaged or does not follow the format strictly."""


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"pypdf warning: {record.getMessage()}")


def embedded(font) -> bool:
    """Whether a font dictionary carries its font program (a Type 0 font: in its descendant)."""
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    return any(key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def pypdf_problems(data: bytes) -> list[str]:
    """Open strictly and read every page: its box, its fonts, its decompressed content."""
    handler = _Collect()
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    problems: list[str] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            reader = pypdf.PdfReader(io.BytesIO(data), strict=True)
            if not reader.pages:
                problems.append("pypdf: the document has no pages")
            for number, page in enumerate(reader.pages, start=1):
                box = page.mediabox
                if box.width <= 0 or box.height <= 0:
                    problems.append(f"pypdf: page {number} has an empty media box")
                resources = page.get("/Resources")
                fonts = resources.get_object().get("/Font", {}) if resources is not None else {}
                for font in fonts.get_object().values():
                    font = font.get_object()
                    if not embedded(font):
                        problems.append(f"pypdf: page {number} names the font {font['/BaseFont']} "
                                        "without embedding it")
                contents = page.get_contents()
                if contents is None:
                    problems.append(f"pypdf: page {number} has no content")
                else:
                    contents.get_data()  # decompressed; qpdf below tokenizes it
            reader.metadata
    except Exception as exc:  # any failure to read is the finding, whatever its type
        problems.append(f"pypdf: {type(exc).__name__}: {exc}")
    finally:
        logger.removeHandler(handler)
    return problems + handler.messages


def qpdf_problems(data: bytes) -> list[str]:
    try:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            check = getattr(pdf, "check_pdf_syntax", None) or pdf.check
            return [f"qpdf: {problem}" for problem in check()]
    except pikepdf.PdfError as exc:
        return [f"qpdf: {exc}"]


VALID: set[bytes] = set()  # the sha256 of every PDF found valid in this process: the same bytes pass again


def check_pdf_bytes(data: bytes, label: str = "PDF") -> None:
    """Raise InvalidPdf unless both readers open `data` without a problem. The same bytes give the same
    answer, so bytes already found valid in this process (a kit that several tests build) are not read again."""
    digest = hashlib.sha256(data).digest()
    if digest in VALID:
        return
    problems = pypdf_problems(data) + qpdf_problems(data)
    if problems:
        raise InvalidPdf(f"{label} is not a valid PDF:\n" + "\n".join(problems))
    VALID.add(digest)
