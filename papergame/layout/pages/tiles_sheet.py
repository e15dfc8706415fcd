"""The tile sheets: every tile butted against its neighbours, cut guides, and the tokens.

Square tiles sit in rows and columns; a cut line runs the whole length of the block and
its crop marks continue it in the margin, so one straight cut serves two rows. Hexagon
tiles are laid honeycomb-fashion (odd columns half a tile higher, as on the board), so
every cut between two tiles serves both: the zigzag between two columns is cut first,
from its mark at the top to its mark at the bottom, then the short straight cuts between
the tiles of a column.

The tokens, with spares, go in a band of their own (or beside the last row of square
tiles when it has room), clear of every cut line and crop mark.
"""

from __future__ import annotations


from papergame.errors import LayoutError, OptionError
from papergame.layout.context import PageContext

from papergame.layout.paper import CONTENT_W, Sheet, title_height
from papergame.layout.primitives import Text
from papergame.layout.textflow import wrap
from papergame.layout.tile_art import bleed
from papergame.layout.board_room import BoardSheet
from papergame.layout.tokens import token_radius
from papergame.layout.pieces import MARK_BAND, MARK_GAP, MARK_LEN, PrintedTile
from papergame.layout.piece_sheets import (
    art, check_label_room, cut_key, fitted_head, sheet_head,
)
from papergame.layout.token_rows import (
    FOOT_CLEAR, TOKEN_CLEAR, board_tokens, row_places, spacing, token_band, token_count, token_head, token_items,
    TOKEN_NOTES, token_note_lines, tokens_on_boards,
)
from papergame.layout.shapes import shape_layout
from papergame.progress import TILES, step


# --- tokens --------------------------------------------------------------------------------------


def beside_board(ctx: PageContext, sheet: Sheet, cuts: tuple[float, ...] = ()) -> tuple[float, float, float] | None:
    """(left, top, width) of room for every token (and their heading) beside the board drawn on
    `sheet`, or None; off the lines of the sheet's own cuts and of `cuts` (the tiles' below it).

    Beside a part of a split board only on its right, and only when that is the board's
    edge: the cuts along a seam run on to the paper's edge.
    """
    if not isinstance(sheet, BoardSheet):
        return None
    left, bottom, right, top = sheet.drawing
    if sheet.notes_beside is not None:  # the board's notes stand beside it: the tokens go below them
        top = min(top, sheet.notes_beside[1] - TOKEN_CLEAR)
    # clear of the cuts along a top or bottom seam, which run on to the paper's edge
    top = min([top] + [y - TOKEN_CLEAR for y in sheet.cuts_y if y > bottom])
    bottom = max([bottom] + [y + TOKEN_CLEAR for y in sheet.cuts_y if y < top])
    sides = [(right + TOKEN_CLEAR, sheet.box.right)]
    if not sheet.seams:
        sides.append((sheet.box.x, left - TOKEN_CLEAR))
    elif "right" in sheet.seams:
        return None
    for x0, x1 in sides:
        width = x1 - x0
        if width >= 2 * token_radius(ctx.tile) and (
                token_head(ctx, width, False) + token_band(ctx, width, sheet.cuts_x + cuts, x0) <= top - bottom):
            return (x0, top, width)
    return None


def beside_span(free: tuple[float, float, float, float], cuts: tuple[float, ...]) -> tuple[float, float]:
    """(left, width) of the row of tokens beside a short last row: from TOKEN_CLEAR into the room, or, when
    straight cuts run through it, from the last cut before it (each token then stands centred between two)."""
    left, _, right, _ = free
    before = [c for c in cuts if c <= left]
    start = max(before) if before else left + TOKEN_CLEAR
    return start, right - start


def tokens_fit_beside(ctx: PageContext, free: tuple[float, float, float, float] | None,
                      cuts: tuple[float, ...] = ()) -> bool:
    """Whether every token fits in the room beside a short last row, off the lines of the cuts: in one row when
    straight cuts run through it, else in as many rows as the room takes (beside a hexagon block's short last
    row, down to the sheet's foot)."""
    if free is None:
        return False
    left, bottom, right, top = free
    if not cuts:
        return top - bottom >= token_band(ctx, right - left - 2 * TOKEN_CLEAR)
    start, width = beside_span(free, cuts)
    return (len(row_places(start, width, token_radius(ctx.tile), cuts, *spacing(ctx))) >= token_count(ctx.game)
            and top - bottom >= token_band(ctx, width, cuts, start))


# --- the pages -----------------------------------------------------------------------------------


NOTE = {True: "tiles.tokens", False: ""}  # what the tiles' head says of the tokens: they are among the tiles, or not
BESIDE = "tiles.tokens_beside"  # they went beside the board without their note


def onto_board_sheet(ctx: PageContext, start: Sheet, tiles_h: float, band: float,
                     tokens: bool, cuts: tuple[float, ...] = ()) -> tuple[Sheet | None, bool, str]:
    """Use the room on the board's (last) sheet: the sheet the tiles start on (None: a new one),
    whether the tokens are still to be placed, and what the tiles' head says of them (`sheet_head`'s token_note).

    The tiles go there when they fit, with the tokens below them or beside the board. A
    split board's part takes the tokens beside it only: cuts along its seams run on to the
    paper's edge, and the tiles go on sheets of their own. `cuts` are the x of the tiles' cuts if they
    go there (the tokens keep off their lines); they are added to the board sheet's own.
    """
    split = isinstance(start, BoardSheet) and bool(start.seams)
    side = beside_board(ctx, start, () if split else cuts) if tokens else None
    if split:
        assert isinstance(start, BoardSheet)
        if side is None:
            return None, tokens, NOTE[tokens]
        start.add(*board_tokens(ctx, *side, note=False, cuts=start.cuts_x))
        return None, False, BESIDE
    below = start.room >= tiles_h + band  # the tokens fit below the tiles
    if not below and (side is None or start.room < tiles_h):
        return None, tokens, NOTE[tokens]
    start.gap(3)
    if isinstance(start, BoardSheet):
        start.cuts_x += cuts
    if not below and side is not None:
        start.add(*board_tokens(ctx, *side, note=False, cuts=getattr(start, "cuts_x", cuts)))
        return start, False, BESIDE
    return start, tokens, NOTE[tokens]


def tile_pages(ctx: PageContext) -> list[Sheet]:
    """The tiles of `ctx.pieces` and a single kit's tokens (`pieces.tokens` is `("",)`), on as few sheets as they need.

    The tokens go beside the last row of tiles when it has room, else below the tiles;
    never on the line of a cut that runs on to the paper's edge (`row_places`).
    When `pieces.start` (the board's sheet) has room for every tile and the tokens, they go there
    and no new sheet is made; else the tokens go in free room on any of the board's sheets
    (`pieces.boards[""]`, a split board's parts) when one has it. Returns the new sheets.

    `pieces.stack` (a class set): every sheet's tiles on the first sheet's grid, at the same top and
    the same left, so a guillotine cuts the whole stack of sheets at once.
    """
    texts, pieces = ctx.texts, ctx.pieces
    tiles, tokens, start, stack = list(pieces.tiles), bool(pieces.tokens), pieces.start, pieces.stack
    boards = list(pieces.boards.get("", ()))
    check_label_room(ctx, tiles)
    block = shape_layout(ctx.game.shape).tile_block(
        ctx, lambda printed, outline: art(ctx, printed, outline),
        lambda printed, sides: bleed(ctx.game.shape, printed.tile.pairs, ctx.tile, sides))  # lines bleed where open
    remaining = list(tiles)
    total = len(remaining)
    cols = block.columns(CONTENT_W)
    if cols < 1:
        raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet")
    box = ctx.sheet("probe").box

    def block_left(count: int) -> float:  # in a stack, every sheet's block is as wide as a full one
        return box.cx - block.width(cols if stack else min(cols, count)) / 2

    def cuts_x(count: int) -> tuple[float, ...]:
        return block.cuts(count, cols, block_left(count), 0.0)[0] if count else ()

    cut = cut_key(ctx)
    caption = ctx.type.caption
    lines = (len(wrap(texts.get(cut), CONTENT_W, caption, ctx.metrics, what=cut)) if remaining else 0) + (
        max(len(token_note_lines(ctx, CONTENT_W, key)) for key in TOKEN_NOTES) if tokens else 0)
    head = title_height(ctx.type) + caption * 1.2 * lines + 1
    sheets: list[Sheet] = []
    current: Sheet | None = None
    token_note = NOTE[tokens]
    # the tiles a last sheet of their own would hold, when more than one: beside the board (or a part of it)
    # instead, where one of its sheets has room; the tokens then go on another sheet
    remaining, boards, start = set_beside_board(ctx, block, cols, remaining, boards, start, stack)
    if start is not None and remaining:
        tiles_h = 3 + head + block.height(len(remaining), cols) + 2 * MARK_BAND
        band = below_band(ctx, box, block_left(len(remaining)), cuts_x(len(remaining))) if tokens else 0.0
        current, tokens, token_note = onto_board_sheet(ctx, start, tiles_h, band, tokens, cuts_x(len(remaining)))
    # the tokens on a board's sheet only when the tiles' last sheet has no room for them: cut with the tiles,
    # they leave the board's sheet whole
    placed = tokens_on_boards(ctx, boards) if tokens and boards and not (
        current is None and remaining and tokens_with_tiles(ctx, block, cols, len(remaining), block_left)) else ""
    if placed:
        tokens = False
        token_note = BESIDE if placed == "alone" else ""  # else the note went with them
    if not remaining and not tokens:  # nothing left for a sheet of its own
        return sheets
    first = True
    tiles_left, cuts = box.x + MARK_BAND, tuple[float, ...]()
    grid_top: float | None = None  # where the first sheet's tiles start: the others' too, in a stack
    while first or remaining:
        if current is None:
            current = ctx.sheet(f"tiles-{len(sheets) + 1}")
            sheets.append(current)
        tile_head(ctx, current, first, tokens, token_note, block, cols, len(remaining), stack)
        first = False
        if not remaining:
            break
        if stack and grid_top is not None:  # a later sheet's head is shorter: down to the first's grid
            current.gap(current.cursor - MARK_BAND - grid_top)
        rows = block.rows(current.room, cols)
        if rows < 1:
            raise OptionError("tile-size", f"a {ctx.tile:g} mm tile does not fit on a tile sheet")
        chunk, remaining = remaining[: rows * cols], remaining[rows * cols:]
        used_cols = cols if stack else min(cols, len(chunk))
        x0 = block_left(len(chunk))
        tiles_left, cuts = x0, cuts_x(len(chunk))
        current.gap(MARK_BAND)
        top = current.cursor
        grid_top = top if grid_top is None else grid_top
        current.take(block.height(len(chunk), used_cols) + MARK_BAND, "the tiles")
        current.add(*block.items(chunk, used_cols, x0, top))
        step(TILES, total - len(remaining), total)  # a class set's shared sheets say how far they are
        free = block.free_beside_last_row(len(chunk), used_cols, x0, top, current.floor)
        # beside a square block's short last row when they fit there; beside a hexagon block's (no straight cut,
        # the room runs down to the foot) only when they do not fit below it
        if not remaining and tokens and tokens_fit_beside(ctx, free, cuts) and (
                cuts or not fit_below(ctx, current, x0, cuts)):
            assert free is not None
            row_left, width = beside_span(free, cuts) if cuts else (free[0] + TOKEN_CLEAR,
                                                                    free[2] - free[0] - 2 * TOKEN_CLEAR)
            current.add(*token_items(ctx, row_left, free[3], width, cuts))
            return sheets
        if remaining:
            current = None
    if tokens:
        assert current is not None  # the loop ends on a sheet with the last tiles (or the title alone)
        tokens_below(ctx, current, sheets, tiles_left, cuts)
    return sheets


def tile_head(ctx: PageContext, sheet: Sheet, first: bool, tokens: bool, token_note: str, block, cols: int,
              count: int, stack: bool) -> None:
    """A tile sheet's head as `fitted_head` sets it, or in a class set's `stack` at the normal setting: every
    sheet's grid where the first's is, as `stack_rows` finds it."""
    if stack:
        sheet_head(ctx, sheet, first, bool(count), tokens, token_note)
    else:
        fitted_head(ctx, sheet, first, tokens, token_note, block, cols, count)


def last_sheet_count(ctx: PageContext, block, cols: int, count: int) -> tuple[int, int]:
    """How many sheets `count` tiles take on sheets of their own, and how many go on the last (probe sheets,
    thrown away, filled as `tile_pages` fills them)."""
    sheets, first = 0, True
    while True:
        sheet = ctx.sheet("probe")
        fitted_head(ctx, sheet, first, first, "tiles.tokens" if first else "", block, cols, count)
        first = False
        sheets += 1
        rows = block.rows(sheet.room, cols)
        if rows < 1:
            return sheets, count
        if count <= rows * cols:
            return sheets, count
        count -= rows * cols


def set_beside_board(ctx: PageContext, block, cols: int, tiles: list[PrintedTile], boards: list[Sheet],
                     start: Sheet | None, stack: bool) -> tuple[list[PrintedTile], list[Sheet], Sheet | None]:
    """`tiles_beside_board` (never in a `stack`, whose sheets share one grid), and what is left: the tiles still
    to lay out, the board's sheets still free for the tokens, and the sheet the tiles may start on (None when it
    took the tiles beside its board)."""
    beside = None if stack else tiles_beside_board(ctx, block, cols, tiles, boards)
    if beside is None:
        return tiles, boards, start
    sheet, count = beside
    return tiles[:-count], [b for b in boards if b is not sheet], None if start is sheet else start


def tiles_beside_board(ctx: PageContext, block, cols: int, tiles: list[PrintedTile],
                       boards: list[Sheet]) -> tuple[Sheet, int] | None:
    """The tiles the last of their sheets would hold, when there is more than one, put beside the board (or a
    part of it) instead: in free room on a board's sheet off every line its cuts carry to the paper's edge, as a
    block of as many columns as fit, under a line that says to cut it off first, along the long line beside the
    board (its cuts across would run on over the board). (The sheet and how many tiles went there), or None."""
    if not tiles or not boards:
        return None
    sheets, count = last_sheet_count(ctx, block, cols, len(tiles))
    if sheets < 2 or block.cuts(1, 1, 0.0, 0.0) == ((), ()):  # one sheet; or no straight cuts (scissors)
        return None
    caption = ctx.type.caption
    for sheet in boards:
        if not isinstance(sheet, BoardSheet):
            continue
        for across in range(min(cols, count), 0, -1):
            width = block.width(across)  # the words between the block's long cuts, which run on through them
            try:
                lines = wrap(ctx.texts.get("tiles.beside_board"), width, caption, ctx.metrics,
                             what="tiles.beside_board")
            except LayoutError:  # a block this narrow cannot carry the words (large print: "Détachez-les")
                continue
            head = len(lines) * caption * 1.2 + 1
            room = sheet.free_room(width + 2 * MARK_BAND, head + block.height(count, across) + 2 * MARK_BAND,
                                   TOKEN_CLEAR)
            if room is None:
                continue
            left, _, _, top = room
            for line in lines:
                top -= caption * 1.2
                sheet.add(Text(left + MARK_BAND, top + caption * 0.25, line, caption))
            sheet.add(*block.items(tiles[-count:], across, left + MARK_BAND, top - 1 - MARK_BAND))
            return sheet, count
    return None


def tokens_with_tiles(ctx: PageContext, block, cols: int, count: int, block_left) -> bool:
    """Whether `count` tiles laid on sheets of their own leave room on the last for the tokens (beside its
    short last row or below its tiles), so they need no sheet of their own: the sheets as `tile_pages` fills
    them, measured on probe sheets that are thrown away."""
    first = True
    while True:
        sheet = ctx.sheet("probe")
        fitted_head(ctx, sheet, first, True, "tiles.tokens" if first else "", block, cols, count)
        first = False
        rows = block.rows(sheet.room, cols)
        if rows < 1:
            return False
        chunk, count = min(count, rows * cols), count - min(count, rows * cols)
        if not count:
            break
    used = min(cols, chunk)
    x0 = block_left(chunk)
    sheet.gap(MARK_BAND)
    top = sheet.cursor
    sheet.take(block.height(chunk, used) + MARK_BAND, "the tiles")
    cuts = block.cuts(chunk, cols, x0, 0.0)[0]
    return (tokens_fit_beside(ctx, block.free_beside_last_row(chunk, used, x0, top, sheet.floor), cuts)
            or sheet.room >= below_band(ctx, sheet.box, x0, cuts))


def below_options(ctx: PageContext, box, tiles_left: float) -> list[tuple[float, float]]:
    """(left, width) of the rows of tokens below the tiles: in line with the tiles' left edge, else the sheet's."""
    return [(tiles_left, box.right - tiles_left), (box.x + MARK_BAND, CONTENT_W - MARK_BAND)]


def below_band(ctx: PageContext, box, tiles_left: float, cuts: tuple[float, ...]) -> float:
    """The height the tokens take below the tiles, off the lines of the tiles' `cuts`."""
    return min(token_band(ctx, width, cuts, left) for left, width in below_options(ctx, box, tiles_left))


BELOW_SPARE = MARK_BAND - MARK_GAP - MARK_LEN  # the tiles' band of marks below the marks' ends: TOKEN_CLEAR counts from them


def fit_below(ctx: PageContext, sheet: Sheet, tiles_left: float, cuts: tuple[float, ...]) -> bool:
    """Whether the tokens fit below the last tiles on `sheet`, off the lines of their `cuts`."""
    return sheet.room + BELOW_SPARE >= below_band(ctx, sheet.box, tiles_left, cuts)


def tokens_below(ctx: PageContext, current: Sheet, sheets: list[Sheet], tiles_left: float,
                 cuts: tuple[float, ...]) -> None:
    """The tokens below the last tiles, off the lines of their `cuts`, or on a sheet of their own (added to
    `sheets`) when there is no room."""
    spare = BELOW_SPARE
    if not fit_below(ctx, current, tiles_left, cuts):
        current = ctx.sheet(f"tiles-{len(sheets) + 1}")
        current.title(ctx.texts.get("tiles.continued"))
        sheets.append(current)
        tiles_left, cuts, spare = current.x + MARK_BAND, tuple[float, ...](), 0.0
    band = below_band(ctx, current.box, tiles_left, cuts)
    top = current.cursor + spare
    current.take(band - spare + min(FOOT_CLEAR, current.room + spare - band), "the tokens")
    # in line with the tiles' left edge when the tokens still fit as many rows from there
    for left, width in below_options(ctx, current.box, tiles_left):
        if token_band(ctx, width, cuts, left) <= band:
            current.add(*token_items(ctx, left, top, width, cuts))
            break
