"""Issue 17: every page kind is `pages(ctx) -> list[Sheet]` over the one `PageContext`.

Read from the source: every public page builder (`*_pages`) of the page modules takes the context alone.
Read from the output: the tile page kinds, made from one context whose `pieces` say what to lay out, are
exactly the pages of the kit the command makes with the same options."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pdfplumber
import pytest

import papergame
from papergame.build import make_pages, render_bytes
from papergame.layout.context import PageContext
from papergame.layout.ink import ink_for, ink_metrics
from papergame.layout.kit import finish, piece_pages, print_pieces
from papergame.layout.bleed import with_token_bleed
from papergame.layout.paper import Typeset
from papergame.layout.pieces import tile_list
from papergame.options import KitOptions
from papergame.render.fonts import FontMetrics
from sources import parsed

LAYOUT = Path(papergame.__file__).resolve().parent / "layout"
# builders that still take more than the context, and why (this list only shrinks: each must still exist)
NOT_YET: dict[str, str] = {}


def page_builders() -> dict[str, list[str]]:
    """`module:function` -> its parameters, for every public top-level `*_pages` function under layout/."""
    found = {}
    for path in sorted(LAYOUT.rglob("*.py")):
        for node in parsed(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.endswith("_pages") and not node.name.startswith("_"):
                args = node.args
                found[f"{path.relative_to(LAYOUT)}:{node.name}"] = [a.arg for a in args.posonlyargs + args.args] + [
                    a.arg for a in args.kwonlyargs] + ([args.vararg.arg] if args.vararg else [])
    return found


def test_every_page_builder_takes_one_page_context():
    builders = page_builders()
    assert len(builders) >= 20  # the reader sees the page modules
    for name in ("pages/tiles_sheet.py:tile_pages", "pages/kit_tokens.py:kit_token_pages", "kit.py:piece_pages",
                 "pages/cut_sheets.py:cut_sheet_pages", "pages/tile_backs.py:duplex_pages"):
        assert builders[name] == ["ctx"], name
    others = {name: args for name, args in builders.items() if args != ["ctx"]}
    assert set(others) == set(NOT_YET), others


KINDS = {"tile sheets": {}, "fold-over": {"backs": "fold"}, "duplex": {"backs": "duplex", "duplex_x": 0.4},
         "cutter with backs": {"cutter": "silhouette", "backs": "duplex"}, "print shop": {"print_shop": True}}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_tile_page_kinds_are_pages_of_one_context(kind):
    options = KitOptions(only=("tiles", "tokens"), **KINDS[kind])
    definition, texts, kit = make_pages("hexagon-path-tiles" if kind == "print shop" else None, options=options)
    metrics = ink_metrics(Typeset(FontMetrics(options.type.face), options.type), ink_for(options.ink, options.type.heading))
    ctx = PageContext(definition, texts, options.paper, options.tile_size, metrics, options.ink, options.cut_guides,
                      pieces=print_pieces(options)._replace(tiles=tuple(tile_list(definition)), tokens=("",)))
    sheets = piece_pages(ctx)
    if options.print_shop:  # the kit runs a black token's ring on past its cut, on every page
        for sheet in sheets:
            sheet.own_page.items[:] = with_token_bleed(sheet.own_page.items)
    pages = finish(sheets, texts, options)
    assert [p.name for p in pages] == [p.name for p in kit.pages]
    assert pages == kit.pages
    with pdfplumber.open(io.BytesIO(render_bytes(pages, "kit"))) as pdf:  # the tiles as printed: their ids
        words = " ".join(page.extract_text() for page in pdf.pages)
        assert len(pdf.pages) == len(kit.pages) >= 1
    assert all(f"{t.id}·{t.copies}" in words for t in definition.tiles)


@pytest.mark.parametrize("tiles", [False, True])
def test_the_loops_pages_are_pages_of_one_context(tiles):
    from papergame.activities.loops import make_loop_sheets
    from papergame.build import loops_pdfs, sheet_metrics
    from papergame.data.games import load_definition
    from papergame.data.words import load_texts
    from papergame.layout.context import LoopSet
    from papergame.layout.kit import HOST
    from papergame.layout import loops_layout
    from papergame.layout.pages import loops_sheet
    from papergame.options import LoopOptions
    from papergame.text import Texts

    options = LoopOptions(size="4", level="easy", seed=3, copies=2, tiles=tiles, large_print=True)
    made = loops_pdfs(options, lang="de")
    kit = KitOptions(large_print=True)
    texts = load_texts(lang="de")
    texts = Texts(texts.source, {**texts.sections, "kit": {**texts.sections["kit"], "title": texts.get("loops.title")}})
    ctx = PageContext(load_definition(None), texts, "a4", kit.tile_size, sheet_metrics(FontMetrics, kit, texts),
                      document=LoopSet("easy", 4, 4, tiles))
    count = loops_layout.puzzles_per_sheet(ctx, None)
    assert count == made.puzzles
    sheets = tuple((n, seed, tuple(p)) for n, seed, p in make_loop_sheets(options, count))
    ctx = ctx._replace(document=ctx.loops._replace(sheets=sheets))
    pages = loops_sheet.sheet_pages(ctx) + loops_sheet.rules_pages(ctx)
    keys = loops_sheet.key_pages(ctx) + loops_sheet.guide_pages(ctx)
    assert len(keys) >= 3 and len(pages) >= (6 if tiles else 3)
    title = texts.get("loops.title")
    keywords = "papergame paper=a4 ink=normal"
    assert render_bytes(finish(pages, texts, kit, labels=[p.label for p in pages]), title,
                        keywords + " tile-pages=none board-pages=none") == made.sheets
    assert render_bytes(finish(keys, texts, kit, labels=[k.label for k in keys], whose=HOST),
                        f"{title}: {texts.get('worksheet.key_title')}", keywords) == made.keys


# --- one ordered registry of page kinds ---------------------------------------------------------


def test_every_page_kind_names_a_builder_that_takes_one_context():
    import inspect

    from papergame.layout.page_kinds import PAGE_KINDS

    documents = {kind.document for kind in PAGE_KINDS}
    assert documents == {"kit", "tactile", "worksheets", "loops", "report"}
    for kind in PAGE_KINDS:
        assert list(inspect.signature(kind.builder).parameters) == ["ctx"], kind


def test_the_kinds_of_a_document_are_in_the_order_it_prints_them():
    from papergame.layout.page_kinds import KIT, LOOPS, PARTS, PLAYER_PARTS, WORKSHEETS, kinds_of
    from papergame.options import KIT as KIT_DOCUMENT

    assert PARTS == ("board", "tiles", "tokens", "rules", "record", "host-key", "guide")
    assert PLAYER_PARTS == PARTS[:5]
    only = next(o for o in KIT_DOCUMENT.options if o.name == "only")  # the option's choices and help, from the registry
    assert tuple(only.choices) == PARTS and ",".join(PARTS) in only.help
    from papergame.web.fields import HINTS  # the web page's hint

    assert ", ".join(PARTS) in HINTS["only"]
    assert [(k.name, k.players) for k in kinds_of(WORKSHEETS, "shared")] == [
        ("sheets", True), ("rules", True), ("keys", False), ("guide", False)]
    assert [k.name for k in kinds_of(WORKSHEETS, "own")] == ["sheets", "keys"]
    assert [k.name for k in kinds_of(LOOPS)] == ["sheets", "rules", "keys", "guide"]
    assert kinds_of(KIT) == kinds_of(KIT, "shared") == kinds_of(KIT, "own")


KIND_OF_PAGE = {"board": "board", "tiles": "tiles", "tokens": "tokens", "rules": "rules", "record": "record",
                "host": "host-key", "guide": "guide"}


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "shared-path", "hexagon-path-tiles"])
def test_a_kit_prints_its_page_kinds_in_the_registrys_order(game):
    from papergame.layout.page_kinds import PARTS

    _, _, kit = make_pages(game, options=KitOptions(host_key="page"))
    kinds = [KIND_OF_PAGE[page.name.split("-")[0]] for page in kit.pages]
    assert kinds[0] == "board" and kinds[-1] == "guide"
    assert kinds == sorted(kinds, key=PARTS.index)


def test_a_tactile_kits_swell_sheets_are_its_tactile_page_kinds_over_one_context():
    from papergame.layout.context import Tactile
    from papergame.layout.page_kinds import TACTILE, kinds_of
    from papergame.layout.tactile_kit import kit_tile

    options = KitOptions(only=("board", "tiles", "tokens"), red_labels=True)
    definition, texts, kit = make_pages(None, options=options)
    metrics = ink_metrics(Typeset(FontMetrics(options.type.face), options.type), ink_for(options.ink, options.type.heading))
    ctx = PageContext(definition, texts, options.paper, options.tile_size, metrics, options.ink, options.cut_guides,
                      tactile=Tactile(red=True))
    ctx = ctx._replace(tile=kit_tile(ctx, options.tile))
    assert [k.name for k in kinds_of(TACTILE)] == ["key", "board", "tiles", "guide"]
    key, board, tiles, _ = kinds_of(TACTILE)
    sheets = key.make(ctx) + board.make(ctx) + tiles.make(ctx._replace(
        pieces=ctx.pieces._replace(tiles=tuple(tile_list(definition)), tokens=("",))))
    pages = finish(sheets, texts, options)
    assert [p.name for p in pages][:2] == ["tactile-key", "tactile-board-1"]
    assert pages == kit.pages
