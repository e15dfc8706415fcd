"""The output formats, one renderer module each, found by name: a renderer takes pages of primitives.

Every renderer has the same call: `(pages, out, title, subject, keywords)`, writing one file
of the pages to the binary stream `out`. The pages are display lists (`layout/primitives.py`),
whose paths carry their cut roles (cut, fold, score, none) for formats that need them. A new
format is one module beside `pdf.py` and one line in `RENDERERS` (and in `FORMATS`, which
says how its files are named).

A PDF holds every page of a document; an SVG holds one sheet (`NAME-01.svg`, ...), whose
`Cut` layer is what a cutting machine follows (`render/svg.py`, `render/cuts.py`).
"""

from __future__ import annotations

from typing import Any, BinaryIO, Callable

from papergame.records import NamedTuple
from papergame.layout.primitives import Page

Renderer = Callable[..., None]  # (pages, out, title, subject, keywords, **format's own settings)


def pdf(pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "",
        print_shop: bool = False) -> None:
    """`print_shop`: with the boxes and the grey output intent a print shop's preflight asks for."""
    from papergame.render import pdf as module  # reportlab, loaded only when a PDF is made

    module.render_pdf(pages, out, title, subject, keywords, print_shop)


def svg(pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "", plan: Any = None) -> None:
    from papergame.render import svg as module  # fontTools, loaded only when an SVG is made

    module.render_svg(pages, out, title, subject, keywords, plan)


class Format(NamedTuple):
    """How a format's files are named: the suffix, and whether each sheet is a file of its own."""

    suffix: str
    per_sheet: bool
    magic: tuple[bytes, ...]  # how an existing file of this format starts (only such a file is replaced)


RENDERERS: dict[str, Renderer] = {"pdf": pdf, "svg": svg}
FORMATS = {"pdf": Format(".pdf", False, (b"%PDF-",)), "svg": Format(".svg", True, (b"<?xml", b"<svg"))}


def render(name: str, pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "",
           **settings: Any) -> None:
    """Write `pages` to `out` in the format called `name` (see `RENDERERS`)."""
    RENDERERS[name](pages, out, title, subject, keywords, **settings)
