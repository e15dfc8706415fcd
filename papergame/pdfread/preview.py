"""PNG previews of a PDF's pages, rendered by PDFium (pypdfium2)."""

from __future__ import annotations

import os
from pathlib import Path

from papergame.errors import OptionError, OutputError
from papergame.pdfread.open import open_pdf


def parse_pages(text: str | None, count: int) -> list[int]:
    """`1,3-4` -> [1, 3, 4] (1-based); None -> every page.

    >>> parse_pages("1,3-4", 5), parse_pages(None, 2)
    ([1, 3, 4], [1, 2])
    """
    if text is None:
        return list(range(1, count + 1))
    pages: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            a, b = int(first), int(last or first)
        except ValueError:
            raise OptionError("pages", f'"{part.strip()}" is not a page number or range such as 2 or 1-3') from None
        if not 1 <= a <= b <= count:
            raise OptionError("pages", f"{part.strip()} is outside pages 1 to {count}")
        pages.extend(range(a, b + 1))
    return pages


def preview(pdf_path: str | Path, out_dir: str | Path | None, pages: str | None, dpi: float) -> list[Path]:
    pdf_path = Path(pdf_path)
    if not 10 <= dpi <= 1200:
        raise OptionError("dpi", f"{dpi:g} is outside 10 to 1200")
    document = open_pdf(pdf_path)
    out_dir = Path(out_dir) if out_dir else pdf_path.parent
    try:
        os.makedirs(out_dir, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{out_dir}: cannot write: it is a file, not a folder") from None
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot make the folder: {(exc.strerror or str(exc)).lower()}") from None
    written = []
    for number in parse_pages(pages, len(document)):
        image = document[number - 1].render(scale=dpi / 72).to_pil()
        target = out_dir / f"{pdf_path.stem}-p{number}.png"
        try:
            image.save(target)
        except OSError as exc:
            raise OutputError(f"{target}: cannot write: {(exc.strerror or str(exc)).lower()}") from None
        written.append(target)
    return written
