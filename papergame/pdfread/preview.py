"""PNG previews of a PDF's pages, rendered by PDFium (pypdfium2)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from papergame.errors import OptionError, OutputError
from papergame.pdfread.guard import Damaged, bounded, document_sizes, seconds_for
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


MAX_PIXELS = 40_000_000  # of one page's image: A4 at 640 dpi (160 MB while it is drawn)
MAX_FILES = 500  # PNG files one run writes
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def preview(pdf_path: str | Path, out_dir: str | Path | None, pages: str | None, dpi: float) -> list[Path]:
    """Render pages to `PDF-pN.png`; each file is written whole (a temporary file renamed over it),
    never over the PDF itself or over a file that is not a PNG."""
    pdf_path = Path(pdf_path)
    if not 10 <= dpi <= 1200:
        raise OptionError("dpi", f"{dpi:g} is outside 10 to 1200")
    document = open_pdf(pdf_path)
    sizes = document_sizes(document, pdf_path)
    numbers = parse_pages(pages, len(sizes))
    if len(numbers) > MAX_FILES:
        raise OptionError("pages", f"{len(numbers):,} pages would make as many PNG files; at most {MAX_FILES} at a "
                                   f"time: choose some, such as 1-{MAX_FILES}")
    for number in numbers:
        width, height = (round(v * dpi / 72) for v in sizes[number - 1])
        if width * height > MAX_PIXELS:
            most = int((MAX_PIXELS / (sizes[number - 1][0] * sizes[number - 1][1])) ** 0.5 * 72)
            raise OptionError("dpi", f"page {number} at {dpi:g} dpi would be {width:,} × {height:,} pixels; at most "
                                     f"{MAX_PIXELS // 1_000_000} million a page: use {most} dpi or less")
    out_dir = Path(out_dir) if out_dir else pdf_path.parent
    try:
        os.makedirs(out_dir, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{out_dir}: cannot write: it is a file, not a folder") from None
    except OSError as exc:
        raise OutputError(f"{out_dir}: cannot make the folder: {(exc.strerror or str(exc)).lower()}") from None
    from papergame.output import remove_stale_temporaries

    remove_stale_temporaries(out_dir)
    targets = {number: out_dir / f"{pdf_path.stem}-p{number}.png" for number in numbers}
    for target in targets.values():
        check_png_target(target, pdf_path)
    written = []
    for number, png in bounded(pdf_path, seconds_for(len(numbers)), rendered, document, numbers, dpi, pdf_path):
        write_png(targets[number], png)
        written.append(targets[number])
    return written


def check_png_target(target: Path, pdf_path: Path) -> None:
    """Refuse to write a preview over the PDF itself (a link to it, say) or over a file that is not a PNG."""
    try:
        if os.path.lexists(target) and os.path.exists(target) and os.path.samefile(target, pdf_path):
            raise OutputError(f"{target}: cannot write: it is the PDF this command reads; "
                              f"choose another folder for the images")
        if os.path.islink(target) or (os.path.exists(target) and not os.path.isfile(target)):
            raise OutputError(f"{target}: cannot write: it is a link or not a regular file, so it is not replaced; "
                              f"remove it or choose another folder")
        if os.path.isfile(target):
            with open(target, "rb") as existing:
                if existing.read(len(PNG_MAGIC)) != PNG_MAGIC:
                    raise OutputError(f"{target}: cannot write: it exists and is not a PNG, so it is not replaced; "
                                      f"remove it or choose another folder")
    except OSError as exc:
        raise OutputError(f"{target}: cannot write: {(exc.strerror or str(exc)).lower()}") from None


def rendered(document, numbers: list[int], dpi: float, pdf_path: Path) -> Iterator[tuple[int, bytes]]:
    """(page number, PNG bytes) for each page, as `guard.bounded` runs it (in a child process)."""
    import io

    import pypdfium2 as pdfium

    for number in numbers:
        try:
            image = document[number - 1].render(scale=dpi / 72).to_pil()
        except pdfium.PdfiumError:
            raise Damaged(f"{pdf_path}: page {number} cannot be read; make it again or ask for a new copy") from None
        out = io.BytesIO()
        image.save(out, format="PNG")
        yield number, out.getvalue()


def write_png(target: Path, png: bytes) -> None:
    """The whole PNG under a temporary name beside `target`, then renamed over it: a full disk
    leaves the old file as it was."""
    from papergame.output import reason, temporary_name

    tmp = temporary_name(target)
    try:
        with open(tmp, "xb") as f:
            f.write(png)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OutputError(f"{target}: cannot write: {reason(exc)}") from None
