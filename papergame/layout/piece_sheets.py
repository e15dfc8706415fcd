"""What the sheets of pieces share (the tile sheets, the backs, a cutting machine's and a print shop's sheets): a
tile's art at the kit's sizes, the room its number and id need, a sheet's title and head, and where a class set's
guillotine cuts run through its stack of sheets."""

from __future__ import annotations

import math

from papergame.errors import OptionError
from papergame.layout.context import PageContext
from papergame.layout.blocks import CAPTION
from papergame.layout.paper import CONTENT_W, PT, Sheet
from papergame.layout.pieces import MARK_BAND, PrintedTile, kit_id, tile_list
from papergame.layout.primitives import Item
from papergame.layout.shapes import shape_layout
from papergame.layout.tile_art import labels, tile_art
from papergame.layout.token_rows import token_words


def labels_fit(ctx: PageContext, tile: float) -> bool:
    """Whether every type's number and id fit `tile` mm tiles at the profile's sizes clear of the lines (none on a
    halo, as none is on the standard kit's 35 mm tiles)."""
    texts = ctx.texts
    for printed in tile_list(ctx.game):
        if printed.copy != printed.tile.copies:
            continue  # the last copy has the widest id of its type
        placed = labels(ctx.game.shape, tuple(printed.tile.pairs), tile, texts.get("tiles.type", type=printed.tile.id),
                        kit_id(texts, printed), ctx.metrics, ctx.type.least)
        if any(label.halo or not label.free for label in placed):
            return False
    return True


ROOMY_MOST = 90  # mm: the largest tile a profile's labels may choose by themselves (a tactile kit's go to 120)


def roomy_tile(ctx: PageContext) -> float | None:
    """The smallest whole size in mm from `ctx.tile` at which every type's number and id fit clear of the lines
    at the profile's sizes (`labels_fit`), or None up to ROOMY_MOST: tried in 5 mm steps, then mm by mm below
    the first step that fits. The eight-port game in large print: 55 mm, with clear print's face and spacing too
    52; hexagons with both 35."""
    start = math.floor(ctx.tile)
    if labels_fit(ctx, ctx.tile):
        return ctx.tile
    step = next((size for size in range(start // 5 * 5 + 5, ROOMY_MOST + 1, 5) if labels_fit(ctx, float(size))), None)
    if step is None:
        return None
    return next(float(size) for size in range(max(step - 4, start + 1), step + 1) if labels_fit(ctx, float(size)))


def check_label_room(ctx: PageContext, tiles: list[PrintedTile] | None = None) -> None:
    """A profile's larger ids need tiles large enough for them: else an error naming the tile size that has room
    (`tiles`: those to print, None for all, none for a sheet of tokens alone). A kit whose tile size was not
    given is laid out at `roomy_tile`'s, so only a size given can be refused here."""
    if not ctx.type.roomy_labels or tiles == [] or labels_fit(ctx, ctx.tile):
        return
    roomy = roomy_tile(ctx)
    words = f"{ctx.type.least / PT:.0f} pt"
    raise OptionError("tile-size", f"{ctx.tile:g} mm tiles have no room for their type numbers and ids at {words} "
                                   "clear of the lines" + (f"; {roomy:g} mm tiles have: leave tile-size out and the kit "
                                                           f"takes {roomy:g} mm" if roomy else
                                                           f"; no tile size up to {ROOMY_MOST} mm has"))


def art(ctx: PageContext, printed: PrintedTile, outline: bool) -> list[Item]:
    texts = ctx.texts
    return tile_art(ctx.game.shape, printed.tile, ctx.tile,
                    type_label=texts.get("tiles.type", type=printed.tile.id),
                    id_label=kit_id(texts, printed), outline=outline, least=ctx.type.least, metrics=ctx.metrics,
                    cut=True)


HEAD_LEADING = 1.2
TIGHT_LEADING = 1.1  # a tile sheet's head a step tighter (`sheet_head`'s tight), when that saves a sheet:
TIGHT_SIZE = 0.9  # ... its words 8.2 pt for 9.07 (the adult's cutting advice; the footer's is 7.4)


def sheet_head(ctx: PageContext, sheet: Sheet, first: bool, tiles: bool, tokens: bool, token_note: str,
               tight: bool = False) -> None:
    """A tile sheet's title, the order to cut its tiles in, and on the first what the tokens are.

    `tokens`: the tokens are in this section (its title says so); `token_note`: what the first sheet says of them,
    a text key (`tiles.tokens`, or `tiles.tokens_beside` when they went beside the board without their note), or "".
    `tight`: one small step closer, for a sheet that then holds the last tiles (a translation's longer head cost a
    row): the cut order and the note run on in one paragraph, a little smaller, its lines closer, and a narrower
    gap under it."""
    texts = ctx.texts
    # "Tiles and tokens", or "Tiles" when the tokens are on another sheet or beside the board
    title = texts.get("tiles.title" if tokens else "tiles.title_tiles")
    sheet.title(title if first else texts.get("tiles.continued"))
    cut, caption = cut_key(ctx), ctx.type.caption
    leading = TIGHT_LEADING if tight else HEAD_LEADING
    caption = ctx.type.at_least(caption * TIGHT_SIZE) if tight else caption
    note = token_words(ctx, token_note) if first and token_note else ""
    if tight and tiles and note:
        sheet.paragraph(texts.get(cut) + " " + note, size=caption, what=f"{cut} and {token_note}", leading=leading)
    else:
        if tiles:  # the cut order, on every sheet that has tiles
            sheet.paragraph(texts.get(cut), size=caption, what=cut, leading=leading)
        if note:
            sheet.paragraph(note, size=caption, what=token_note, leading=leading)
    sheet.gap(0.5 if tight else 1)


def fitted_head(ctx: PageContext, sheet: Sheet, first: bool, tokens: bool, token_note: str, block, cols: int,
                count: int) -> None:
    """`sheet_head` for a sheet that lays out up to `count` more tiles in `cols` columns of `block`: at the normal
    setting, or a step tighter when the row that gains saves a sheet (none started for the last row or two).
    The sheets after this one are counted as holding what a sheet of their own at the normal setting holds."""
    tight = False
    if count:
        def head_h(first: bool, step: bool) -> float:
            probe = ctx.sheet("probe")
            before = probe.room
            sheet_head(ctx, probe, first, True, tokens, token_note, step)
            return before - probe.room

        later = block.rows(ctx.sheet("probe").room - head_h(False, False), cols) * cols
        room = sheet.room

        def sheets(step: bool) -> float:
            here = max(block.rows(room - head_h(first, step), cols), 0) * cols
            return 1 + (math.ceil((count - here) / later) if count > here and later > 0 else
                        (math.inf if count > here else 0))

        tight = sheets(True) < sheets(False)
    sheet_head(ctx, sheet, first, bool(count), tokens, token_note, tight)


def cut_key(ctx: PageContext) -> str:
    return f"tiles.cut{ctx.game.shape.form.text_suffix}"


def stack_cuts(ctx: PageContext) -> tuple[float, ...]:
    """The x of every vertical straight cut of a class set's tile sheets (`tile_pages` of `Pieces(stack=True)`): the
    first sheet's, a full block's column lines, which a guillotine carries through every sheet of the stack
    to the paper's edge (none for hexagons, cut with scissors)."""
    block = shape_layout(ctx.game.shape).tile_block(ctx, lambda printed, outline: [])
    cols = block.columns(CONTENT_W)
    left = ctx.sheet("probe").box.cx - block.width(cols) / 2
    return block.cuts(cols, cols, left, 0.0)[0] if cols > 0 else ()


def stack_rows(ctx: PageContext) -> tuple[float, ...]:
    """The y of every horizontal straight cut of a class set's tile sheets (`pieces.stack`): the first sheet's,
    a full block's row lines, which a guillotine carries through every sheet of the stack, across the last
    sheet's room below its fewer rows too (none for hexagons)."""
    block = shape_layout(ctx.game.shape).tile_block(ctx, lambda printed, outline: [])
    cols = block.columns(CONTENT_W)
    sheet = ctx.sheet("probe")
    sheet_head(ctx, sheet, True, True, False, "")  # a stack's first sheet: tiles only, their tokens apart
    rows = block.rows(sheet.room, cols) if cols > 0 else 0
    sheet.gap(MARK_BAND)
    return block.cuts(rows * cols, cols, 0.0, sheet.cursor)[1] if rows > 0 else ()


def head(ctx: PageContext, sheet: Sheet, title: str, steps: str, token_note: str = "") -> None:
    """A sheet's title (`title`, a text key) and under it, in small type, the steps for its pieces (`steps`), and
    what the tokens are (`token_note`, a text key, or ""): the backs' sheets' head, and a print shop's."""
    sheet.title(ctx.texts.get(title))
    sheet.paragraph(ctx.texts.get(steps), size=CAPTION, what=steps, leading=1.2)
    if token_note:
        sheet.paragraph(token_words(ctx, token_note), size=CAPTION, what=token_note, leading=1.2)
    sheet.gap(1)
