""""Win in N" sheets of the shared path and their answer keys, laid out by `layout/win_layout.py`."""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.layout.win_layout import layout_of


# --- the page kinds: pages(ctx) over one PageContext whose document is a SheetSet --------------


def sheet_pages(ctx: PageContext) -> list[Sheet]:
    """One page a sheet of the class set, each named in its footer by its number."""
    layout = layout_of(ctx)
    pages = []
    for worksheet in ctx.sheets.sheets:
        page = layout.page(worksheet)
        page.label = ctx.texts.get("worksheet.sheet", number=worksheet.number)
        pages.append(page)
    return pages


def key_pages(ctx: PageContext) -> list[Sheet]:
    """The key of each sheet (on further pages where its answers need them), or every sheet's winning first tiles
    in one list."""
    layout, texts = layout_of(ctx), ctx.texts
    if ctx.sheets.compact_key:
        pages = layout.compact_key_pages(list(ctx.sheets.sheets))
        for page in pages:
            page.label = texts.get("worksheet.key_footer")
        return pages
    pages = []
    for worksheet in ctx.sheets.sheets:
        for page in layout.key_page(worksheet):
            page.label = texts.get("worksheet.sheet", number=worksheet.number)
            pages.append(page)
    return pages
