"""The output formats, one renderer module each, found by name: a renderer takes pages of primitives.

Every renderer has the same call: `(pages, out, title, subject, keywords)`, writing one file
of the pages to the binary stream `out`. The pages are display lists (`layout/primitives.py`),
whose paths carry their cut roles (cut, fold, score, none) for formats that need them. A new
format is one module beside `pdf.py` and one line in `RENDERERS`.
"""

from __future__ import annotations

from typing import BinaryIO, Callable

from papergame.layout.primitives import Page

Renderer = Callable[[list[Page], BinaryIO, str, str, str], None]


def pdf(pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "") -> None:
    from papergame.render import pdf as module  # reportlab, loaded only when a PDF is made

    module.render_pdf(pages, out, title, subject, keywords)


RENDERERS: dict[str, Renderer] = {"pdf": pdf}


def render(name: str, pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "") -> None:
    """Write `pages` to `out` in the format called `name` (see `RENDERERS`)."""
    RENDERERS[name](pages, out, title, subject, keywords)
