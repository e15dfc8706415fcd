"""Tile backs: every tile gets the same grey back, so tiles shuffled face down give nothing away.

Two ways to print them:

- **fold-over** (any paper, any one-sided printer): the fronts in the upper half of a sheet,
  a dashed fold line below them, and the backs in the lower half, each the reflection of its
  front across the fold line. Folded along the line with the printed sides out and glued,
  every back lies exactly behind its front; cut along the front's lines through both layers.
- **duplex**: each sheet of fronts is followed by a page of backs for its other side, each
  back where its front's reflection across the page's upright centre line falls (a
  two-sided printer turning the sheet over its long edge), moved by what the calibration
  page measured of the printer's front-to-back offset.

A back, and a duplex page of them, are drawn by `layout/backs.py`, which a cutting machine's
sheets share.

Every sheet of backs has its head, and so its grid, in the same place, so a class set's
sheets cut as one stack.
"""

from __future__ import annotations

from papergame.errors import OptionError
from papergame.layout.context import PageContext
from papergame.layout.blocks import CAPTION
from papergame.layout.backs import Shift, Slot, back_page, backs_of, box_size
from papergame.layout.piece_sheets import art, head
from papergame.layout.token_rows import token_band, token_items, tokens_on_boards
from papergame.layout.paper import CONTENT_W, SMALL, Sheet
from papergame.layout.pieces import MARK_BAND, MARK_GAP, MARK_LEN, PrintedTile
from papergame.layout.primitives import Group, Item, Line, Text
from papergame.layout.shapes import shape_layout

FOLD_GAP = MARK_GAP + MARK_LEN + 0.6  # between the fronts (and their marks) and the fold line, and the fold and the backs
FOLD_LINE = 0.3
FOLD_DASH = (3.0, 2.0)


# --- sheets of fronts --------------------------------------------------------------------------


class Fronts:
    """A sheet's block of fronts: the shape's own tile block, with each tile's place read back from it."""

    def __init__(self, ctx: PageContext):
        self.ctx = ctx
        self.block = shape_layout(ctx.game.shape).tile_block(ctx, lambda printed, outline: art(ctx, printed, outline))
        self.cols = self.block.columns(CONTENT_W)
        if self.cols < 1:
            raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet")

    def draw(self, sheet: Sheet, chunk: list[PrintedTile], top: float) -> tuple[list[Item], list[Slot]]:
        x0 = sheet.box.cx - self.block.width(self.cols) / 2
        items = self.block.items(chunk, self.cols, x0, top)
        # each tile's art is one group at its box's corner, in the order of the tiles (see the blocks)
        groups = [item for item in items if isinstance(item, Group)][: len(chunk)]
        assert len(groups) == len(chunk), "a tile block draws each tile as one group"
        return items, [Slot(printed, g.x, g.y) for printed, g in zip(chunk, groups)]


def fold_pages(ctx: PageContext) -> list[Sheet]:
    """Fold-over sheets of `ctx.pieces.tiles`: fronts above the fold line, their backs reflected below it."""
    fronts = Fronts(ctx)
    sheets: list[Sheet] = []
    remaining = list(ctx.pieces.tiles)
    while remaining:
        sheet = ctx.sheet(f"tiles-{len(sheets) + 1}")
        head(ctx, sheet, "backs.fold_title", "backs.fold_steps", "" if sheets else ctx.pieces.token_note)
        top = sheet.cursor - MARK_BAND
        # fronts, marks and the fold gap above the line; the same again, mirrored, below it
        half = (top - sheet.floor) / 2 - FOLD_GAP
        rows = fronts.block.rows(half + 2 * MARK_BAND, fronts.cols)
        if rows < 1:
            raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit twice on a fold-over sheet")
        chunk, remaining = remaining[: rows * fronts.cols], remaining[rows * fronts.cols:]
        items, slots = fronts.draw(sheet, chunk, top)
        fold = top - fronts.block.height(rows * fronts.cols, fronts.cols) - FOLD_GAP
        sheet.take(sheet.cursor - sheet.floor, "the tiles and their backs")
        h = box_size(ctx)[1]
        sheet.add(*items)
        sheet.add(Line(sheet.box.x, fold, sheet.box.right, fold, width=FOLD_LINE, dash=FOLD_DASH, cut="fold"))
        sheet.add(Text(sheet.box.x, fold - 1.2 - SMALL, ctx.texts.get("backs.fold"), SMALL))
        sheet.add(*backs_of(ctx, slots, lambda slot: (slot.x, 2 * fold - slot.y - h), turned=True))
        sheets.append(sheet)
    return sheets


# --- duplex ----------------------------------------------------------------------------------


def duplex_pages(ctx: PageContext) -> list[Sheet]:
    """A sheet of fronts, then a page of their backs for its other side (moved by `ctx.pieces.shift`), until every
    tile of `ctx.pieces.tiles` is placed."""
    fronts = Fronts(ctx)
    sheets: list[Sheet] = []
    remaining = list(ctx.pieces.tiles)
    shift = Shift(*ctx.pieces.shift)
    while remaining:
        front = ctx.sheet(f"tiles-{len(sheets) // 2 + 1}")
        head(ctx, front, "backs.duplex_title", "backs.duplex_steps", "" if sheets else ctx.pieces.token_note)
        front.gap(MARK_BAND)
        top = front.cursor
        rows = fronts.block.rows(front.room + MARK_BAND, fronts.cols)
        if rows < 1:
            raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet")
        chunk, remaining = remaining[: rows * fronts.cols], remaining[rows * fronts.cols:]
        items, slots = fronts.draw(front, chunk, top)
        front.take(fronts.block.height(len(chunk), fronts.cols) + MARK_BAND, "the tiles")
        front.add(*items)
        front.scale_words = "backs.scale_two_sided"
        sheets += [front, back_page(ctx, slots, len(sheets) // 2 + 1, shift)]
    return sheets


def blank_pages(ctx: PageContext) -> list[Sheet]:
    """A page left blank, so that the two-sided pages after it start on a front (an odd page)."""
    sheet = ctx.sheet("blank")
    sheet.paragraph(ctx.texts.get("backs.blank"), size=CAPTION, what="backs.blank", leading=1.2)
    return [sheet]


def placed_token_pages(ctx: PageContext) -> tuple[list[Sheet], str]:
    """A single kit's tokens when its tiles are on sheets with backs: on the board's sheets (`ctx.pieces.boards[""]`)
    if one has room, else on a sheet of their own; and what the first sheet of fronts is to say of the tokens:
    `tiles.tokens_beside` when they went on a board's sheet without their note (there was room for them and their
    heading alone), else ""."""
    placed = tokens_on_boards(ctx, list(ctx.pieces.boards.get("", ())))
    if placed:
        return [], "tiles.tokens_beside" if placed == "alone" else ""
    sheet = ctx.sheet("tokens-1")
    sheet.title(ctx.texts.get("kit.class_tokens"))
    sheet.paragraph(ctx.texts.get("tiles.tokens") + " " + ctx.texts.get("tiles.spares"), size=CAPTION,
                    what="tiles.tokens", leading=1.2)
    sheet.gap(1)
    width = CONTENT_W - MARK_BAND
    top = sheet.cursor
    sheet.take(token_band(ctx, width), "the tokens")
    sheet.add(*token_items(ctx, sheet.x + MARK_BAND, top, width))
    return [sheet], ""
