"""Issue 17: the practice sheets' and the simulation report's pages are `pages(ctx) -> list[Sheet]` over the one
`PageContext` every kit page takes, its document the class set (a `SheetSet`) or the report, every size from the
context's type profile; the command's PDFs are exactly those sheets finished and rendered."""

from __future__ import annotations

import importlib
import io

import pdfplumber
import pytest

from papergame.activities.worksheet import make_worksheets
from papergame.build import game_and_folder, render_bytes, sheet_metrics, worksheet_pdfs
from papergame.data.words import load_texts
from papergame.layout.context import PageContext, SheetSet
from papergame.layout.kit import HOST, finish
from papergame.layout.paper import STANDARD, Sheet
from papergame.model.rulesets import rule_set
from papergame.options import KitOptions, WorksheetOptions
from papergame.render.fonts import FontMetrics
from test_access import true_size  # a character's size in points, turned text too

MM = 25.4 / 72


@pytest.mark.parametrize("game,module", [("edge-port-path-tiles", "worksheet_sheet"), ("shared-path", "win_sheet")])
def test_worksheet_pages_are_pages_of_one_context(game, module):
    pages_of = importlib.import_module(f"papergame.layout.pages.{module}")
    definition, folder = game_and_folder(game)
    texts = load_texts(lang="fr", game_path=folder, words=rule_set(definition).words)
    options = WorksheetOptions(level="medium", seed=5, copies=2, large_print=True)
    kit = KitOptions(large_print=True)
    ctx = PageContext(definition, texts, "a4", kit.tile_size, sheet_metrics(FontMetrics, kit), document=SheetSet("medium"))
    from papergame.build import sheet_kind

    count = sheet_kind(definition).puzzles_per_sheet(ctx, None)  # the rule set's plan (layout/worksheet_layout.py, win_layout.py)
    ctx = ctx._replace(document=ctx.sheets._replace(sheets=tuple(make_worksheets(definition, options, count))))
    sheets, keys = pages_of.sheet_pages(ctx), pages_of.key_pages(ctx)
    assert all(isinstance(s, Sheet) for s in sheets + keys) and len(sheets) == 2 and len(keys) >= 2
    from papergame.layout.page_kinds import WORKSHEETS, kinds_of

    kinds = kinds_of(WORKSHEETS, rule_set(definition).name)  # the rule set's page kinds, in the order they print
    assert [k.builder for k in kinds if k.name in ("sheets", "keys")] == [pages_of.sheet_pages, pages_of.key_pages]
    for kind in kinds:  # the win sheets' rules page and guide, over the same context
        if kind.name not in ("sheets", "keys"):
            if kind.players:
                sheets = sheets + kind.make(ctx)
            else:
                keys = keys + kind.make(ctx)
    assert [s.label for s in sheets][:2] == [texts.get("worksheet.sheet", number=n) for n in (1, 2)] or \
        all(s.label.startswith(texts.get("worksheet.sheet", number=n)) for n, s in zip((1, 2), sheets))
    made = worksheet_pdfs(game, options, lang="fr")
    title = made.texts  # the command's words are the same words
    assert title.get("worksheet.sheet", number=1) == texts.get("worksheet.sheet", number=1)
    finished = finish(sheets, texts, kit, labels=[s.label for s in sheets])
    finished_keys = finish(keys, texts, kit, labels=[k.label for k in keys], whose=HOST)
    with pdfplumber.open(io.BytesIO(made.sheets)) as pdf:
        assert len(pdf.pages) == len(finished)
    with pdfplumber.open(io.BytesIO(made.keys)) as pdf:
        assert len(pdf.pages) == len(finished_keys)
    name = sheet_kind(definition).title(texts, "medium")
    keywords = "papergame paper=a4 ink=normal tile-pages=none board-pages=none"
    assert render_bytes(finished, name, keywords) == made.sheets
    assert render_bytes(finished_keys, f"{name}: {texts.get('worksheet.key_title')}", keywords) == made.keys


def test_the_simulation_report_takes_its_sizes_from_the_context():
    """Laid out over a large-print context, no word of the report (its charts' axes included) is under 16 pt (on
    two sheets); over the standard one its summary is the standard profile's body size and its axes 7.5 pt."""
    from papergame.layout.pages.simulation_report import report_pages
    from papergame.model.simulate import simulate

    definition, _ = game_and_folder(None)
    report = simulate(definition, 60, "careful", 2)
    texts = load_texts(lang="en")
    sizes = {}
    for large in (False, True):
        kit = KitOptions(large_print=large)
        ctx = PageContext(definition, texts, "a4", kit.tile_size, sheet_metrics(FontMetrics, kit), document=report)
        data = render_bytes([s.page for s in report_pages(ctx)], "report")
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            assert len(pdf.pages) == (2 if large else 1)
            sizes[large] = sorted({round(true_size(c), 1) for page in pdf.pages for c in page.chars if c["text"].strip()})
    assert sizes[True][0] >= 15.9, sizes[True]
    assert sizes[False][0] == 7.5 and round(STANDARD.body / MM, 1) in sizes[False], sizes[False]
