"""Practice sheets, "predict the exit", and their answer keys: the page kinds over one PageContext whose document is
a SheetSet, laid out by the plan of `layout/worksheet_layout.py`."""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.layout.worksheet_layout import compact_key_pages, layout_of


def sheet_pages(ctx: PageContext) -> list[Sheet]:
    """One page a sheet of the class set, each named in its footer by its number (and level and seed)."""
    layout = layout_of(ctx)
    pages = []
    for worksheet in ctx.sheets.sheets:
        page = layout.page(worksheet, key=False)
        page.label = layout.footer_label(worksheet)
        pages.append(page)
    return pages


def key_pages(ctx: PageContext) -> list[Sheet]:
    """A key page a sheet, its slots where the sheet's are; or every sheet's answers in one table."""
    layout, texts = layout_of(ctx), ctx.texts
    if ctx.sheets.compact_key:
        pages = compact_key_pages(ctx)
        for page in pages:
            page.label = texts.get("worksheet.key_footer")
        return pages
    pages = []
    for worksheet in ctx.sheets.sheets:
        page = layout.page(worksheet, key=True)
        page.label = texts.get("worksheet.sheet", number=worksheet.number)
        pages.append(page)
    return pages
