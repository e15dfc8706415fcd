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

import math

from papergame.errors import LayoutError, OptionError
from papergame.layout.context import PageContext

from papergame.layout.paper import CONTENT_W, PT, Sheet
from papergame.layout.primitives import Item, Text
from papergame.layout.textflow import fit_line, wrap
from papergame.layout.tile_art import bleed, cut_out, labels, tile_art, token_art
from papergame.layout.pages.board_sheet import BoardSheet
from papergame.layout.pages.tokens import NAME_SIZE, SPARES, token_radius
from papergame.layout.pieces import MARK_BAND, MARK_GAP, MARK_LEN, PrintedTile, kit_id, tile_list
from papergame.layout.shapes import shape_layout
from papergame.model.definition import GameDefinition
from papergame.progress import TILES, step

TOKEN_GAP = 8.0  # between two tokens in a row
TOKEN_CLEAR = 3.0  # at least this between a token and any cut line or mark
CUT_CLEAR = 1.5  # at least this between a token and the line a cut runs on along, to the paper's edge
FOOT_CLEAR = 3.0  # below the tokens, above the foot of the page, where there is room (names then 6 mm above it)
NAME_GAP = 1.0  # between a token's disc and the top of its name's capitals
CAP = 0.73  # a capital letter's height, as a share of the type size
NAME_BELOW = 2.4  # below a name's baseline: the next row of tokens, or the band's foot


def labels_fit(ctx: PageContext, tile: float) -> bool:
    """Whether every type's number and id fit `tile` mm tiles at the profile's sizes clear of the lines (none on a
    halo, as none is on the standard kit's 35 mm tiles)."""
    texts = ctx.texts
    for printed in tile_list(ctx.game):
        if printed.copy != printed.tile.copies:
            continue  # the last copy has the widest id of its type
        placed = labels(ctx.game.shape, tuple(printed.tile.pairs), tile, texts.get("tiles.type", type=printed.tile.id),
                        kit_id(texts, printed), ctx.type.least, ctx.type.tracking)
        if any(label.halo or not label.free for label in placed):
            return False
    return True


ROOMY_MOST = 90  # mm: the largest tile a profile's labels may choose by themselves (a tactile kit's go to 120)


def roomy_tile(ctx: PageContext) -> float | None:
    """The smallest whole size in mm from `ctx.tile` at which every type's number and id fit clear of the lines
    at the profile's sizes (`labels_fit`), or None up to ROOMY_MOST: tried in 5 mm steps, then mm by mm below
    the first step that fits. The eight-port game in large print: 55 mm, with clear print's spacing too 63;
    hexagons with both 38."""
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
                    id_label=kit_id(texts, printed), outline=outline, least=ctx.type.least, loose=ctx.type.tracking,
                    cut=True)



# --- tokens --------------------------------------------------------------------------------------


def token_count(definition: GameDefinition) -> int:
    return len(definition.tokens) * (1 + SPARES)


def token_pitch(tile: float) -> float:
    return 2 * token_radius(tile) + TOKEN_GAP


def row_places(left: float, width: float, r: float, cuts: tuple[float, ...] = ()) -> list[float]:
    """The centres of one row of tokens of radius `r` across `width` mm from `left`, none on the line of a
    cut: every token at least CUT_CLEAR mm off each of the `cuts` (x of the straight cuts that run on to the
    paper's edge). Between two cuts the tokens stand centred; elsewhere they are packed from the left.

    >>> row_places(0.0, 64.0, 8.0)
    [8.0, 32.0, 56.0]
    >>> row_places(0.0, 64.0, 8.0, (0.0, 35.0))
    [17.5, 44.5]
    """
    pitch = 2 * r + TOKEN_GAP
    lanes: list[tuple[float, float, bool, bool]] = []  # (from, to, a cut at its left, a cut at its right)
    start, after_cut = left, False
    for c in sorted(c for c in cuts if left - r - CUT_CLEAR < c < left + width + r + CUT_CLEAR):
        lanes.append((start, c - CUT_CLEAR, after_cut, True))
        start, after_cut = max(start, c + CUT_CLEAR), True
    lanes.append((start, left + width, after_cut, False))
    places: list[float] = []
    for a, b, cut_a, cut_b in lanes:
        n = math.floor((b - a + TOKEN_GAP) / pitch + 1e-9)
        if n < 1:
            continue
        offset = (b - a - (n * pitch - TOKEN_GAP)) / 2 if cut_a and cut_b else 0.0
        places += [a + offset + r + k * pitch for k in range(n)]
    return places


def token_band(ctx: PageContext, width: float, cuts: tuple[float, ...] = (), left: float = 0.0) -> float:
    """Height of the rows of tokens, with their names, in a band `width` wide from `left` (inf: none fit)."""
    per_row = len(row_places(left, width, token_radius(ctx.tile), cuts))
    if per_row < 1:
        return math.inf
    rows = math.ceil(token_count(ctx.game) / per_row)
    return rows * token_row(ctx) + TOKEN_CLEAR


def name_drop(ctx: PageContext) -> float:
    """From the foot of a token to the baseline of its name (at NAME_SIZE, 10 pt: the players read it)."""
    return NAME_GAP + CAP * ctx.type.at_least(NAME_SIZE)


def token_row(ctx: PageContext) -> float:
    """The height of one row of tokens with their names."""
    return 2 * token_radius(ctx.tile) + name_drop(ctx) + NAME_BELOW


def token_items(ctx: PageContext, left: float, top: float, width: float, cuts: tuple[float, ...] = ()) -> list[Item]:
    """Every token and its spares in rows from (left, top), each with its name below, none on the line of a cut."""
    r = token_radius(ctx.tile)
    places = row_places(left, width, r, cuts)
    names = [t.name for t in ctx.game.tokens for _ in range(1 + SPARES)]
    if cuts:  # rows as even as the lanes between the cuts allow (3 and 3, not 5 and 1)
        places = places[:math.ceil(len(names) / math.ceil(len(names) / len(places)))]
    items: list[Item] = []
    size = ctx.type.at_least(NAME_SIZE)
    for i, name in enumerate(names):
        row, place = divmod(i, len(places))
        cx = places[place]
        cy = top - TOKEN_CLEAR - r - row * token_row(ctx)
        items += cut_out(token_art(name, cx, cy, r, 0.0))
        items.append(Text(cx, cy - r - name_drop(ctx), ctx.texts.get(f"token.{name}"), size, anchor="middle"))
    return items


NOTE_MIN = 45.0  # mm: the narrowest the tokens' note is wrapped to


def token_note_lines(ctx: PageContext, width: float) -> list[str]:
    return wrap(ctx.texts.get("tiles.tokens") + " " + ctx.texts.get("tiles.spares"), width, ctx.type.caption,
                ctx.metrics, what="tiles.tokens")


def token_head(ctx: PageContext, width: float, note: bool = True) -> float:
    """The height of the heading (and the note) over tokens that share the board's sheet."""
    return ctx.type.body * 1.3 + (len(token_note_lines(ctx, width)) * ctx.type.caption * 1.25 + 1.0 if note else 0.0)


def board_tokens(ctx: PageContext, left: float, top: float, width: float, note: bool = True,
                 cuts: tuple[float, ...] = ()) -> list[Item]:
    """The tokens on a board's sheet, under their own heading (and what to do with them, unless the
    tiles' note on the same sheet says it), off the lines of the sheet's `cuts`."""
    body, caption = ctx.type.body, ctx.type.caption
    items: list[Item] = [Text(left, top - body * 1.05, ctx.texts.get("kit.class_tokens"), body, bold=True)]
    y = top - body * 1.3
    for line in token_note_lines(ctx, width) if note else []:
        items.append(Text(left, y - caption * 1.0, line, caption))
        y -= caption * 1.25
    return items + token_items(ctx, left, top - token_head(ctx, width, note), width, cuts)


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


def tokens_on_boards(ctx: PageContext, boards: list[Sheet]) -> str:
    """Every token, under its heading, in free room on one of the board's sheets: "with note" when
    the note on what to do with them went too, "alone" when only the heading did, "" when they did not go."""
    pitch = token_pitch(ctx.tile)
    for note in (True, False):
        for sheet in boards:
            if not isinstance(sheet, BoardSheet):
                continue
            for per_row in range(token_count(ctx.game), 0, -1):
                width = per_row * pitch - TOKEN_GAP
                if note and width < NOTE_MIN:
                    continue
                room = sheet.free_room(width, token_head(ctx, width, note) + token_band(ctx, width), TOKEN_CLEAR)
                if room is not None:
                    left, _, _, top = room
                    sheet.add(*board_tokens(ctx, left, top, width, note, sheet.cuts_x))
                    return "with note" if note else "alone"
    return ""


def beside_span(free: tuple[float, float, float, float], cuts: tuple[float, ...]) -> tuple[float, float]:
    """(left, width) of the row of tokens beside a short last row: from TOKEN_CLEAR into the room, or, when
    straight cuts run through it, from the last cut before it (each token then stands centred between two)."""
    left, _, right, _ = free
    before = [c for c in cuts if c <= left]
    start = max(before) if before else left + TOKEN_CLEAR
    return start, right - start


def tokens_fit_beside(ctx: PageContext, free: tuple[float, float, float, float] | None,
                      cuts: tuple[float, ...] = ()) -> bool:
    """Whether every token fits in one row in the room beside a short last row, off the lines of the cuts."""
    if free is None:
        return False
    left, bottom, right, top = free
    if not cuts:
        return (right - left - 2 * TOKEN_CLEAR >= token_count(ctx.game) * token_pitch(ctx.tile) - TOKEN_GAP
                and top - bottom >= token_band(ctx, right - left))
    start, width = beside_span(free, cuts)
    return (len(row_places(start, width, token_radius(ctx.tile), cuts)) >= token_count(ctx.game)
            and top - bottom >= token_band(ctx, width, cuts, start))


# --- the pages -----------------------------------------------------------------------------------


def onto_board_sheet(ctx: PageContext, start: Sheet, tiles_h: float, band: float,
                     tokens: bool, cuts: tuple[float, ...] = ()) -> tuple[Sheet | None, bool]:
    """Use the room on the board's (last) sheet: the sheet the tiles start on (None: a new one),
    and whether the tokens are still to be placed.

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
            return None, tokens
        start.add(*board_tokens(ctx, *side, note=False, cuts=start.cuts_x))
        return None, False
    below = start.room >= tiles_h + band  # the tokens fit below the tiles
    if not below and (side is None or start.room < tiles_h):
        return None, tokens
    start.gap(3)
    if isinstance(start, BoardSheet):
        start.cuts_x += cuts
    if not below and side is not None:
        start.add(*board_tokens(ctx, *side, note=False, cuts=getattr(start, "cuts_x", cuts)))
        return start, False
    return start, tokens


TITLE_LEADING = 1.2


def tile_title(sheet: Sheet, text: str) -> None:
    """The sheet's title at the text pages' title size, in a band a little tighter than theirs."""
    size = sheet.type.title
    fit_line(text, sheet.width, size, sheet.metrics, True, f"{sheet.name} page title")
    bottom = sheet.take(size * TITLE_LEADING, "the title")
    sheet.add(Text(sheet.x, bottom + size * 0.25, text, size, bold=True))


def sheet_head(ctx: PageContext, sheet: Sheet, first: bool, tiles: bool, tokens: bool, token_note: bool) -> None:
    """A tile sheet's title, the order to cut its tiles in, and on the first what the tokens are."""
    texts = ctx.texts
    # "Tiles and tokens", or "Tiles" when the tokens are on another sheet
    title = texts.get("tiles.title" if tokens or token_note else "tiles.title_tiles")
    tile_title(sheet, title if first else texts.get("tiles.continued"))
    cut, caption = cut_key(ctx), ctx.type.caption
    if tiles:  # the cut order, on every sheet that has tiles
        sheet.paragraph(texts.get(cut), size=caption, what=cut, leading=1.2)
    if first and token_note:
        sheet.paragraph(texts.get("tiles.tokens") + " " + texts.get("tiles.spares"), size=caption,
                        what="tiles.tokens", leading=1.2)
    sheet.gap(1)


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
    sheet_head(ctx, sheet, True, True, False, False)  # a stack's first sheet: tiles only, their tokens apart
    rows = block.rows(sheet.room, cols) if cols > 0 else 0
    sheet.gap(MARK_BAND)
    return block.cuts(rows * cols, cols, 0.0, sheet.cursor)[1] if rows > 0 else ()


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
        len(token_note_lines(ctx, CONTENT_W)) if tokens else 0)
    head = ctx.type.title * TITLE_LEADING + caption * 1.2 * lines + 1
    sheets: list[Sheet] = []
    current: Sheet | None = None
    token_note = tokens
    # the tiles a last sheet of their own would hold, when more than one: beside the board (or a part of it)
    # instead, where one of its sheets has room; the tokens then go on another sheet
    remaining, boards, start = set_beside_board(ctx, block, cols, remaining, boards, start, stack)
    if start is not None and remaining:
        tiles_h = 3 + head + block.height(len(remaining), cols) + 2 * MARK_BAND
        band = below_band(ctx, box, block_left(len(remaining)), cuts_x(len(remaining))) if tokens else 0.0
        current, tokens = onto_board_sheet(ctx, start, tiles_h, band, tokens, cuts_x(len(remaining)))
    # the tokens on a board's sheet only when the tiles' last sheet has no room for them: cut with the tiles,
    # they leave the board's sheet whole
    placed = tokens_on_boards(ctx, boards) if tokens and boards and not (
        current is None and remaining and tokens_with_tiles(ctx, block, cols, len(remaining), block_left)) else ""
    if placed:
        tokens = False
        token_note = placed == "alone"  # else the note went with them
    if not remaining and not tokens:  # nothing left for a sheet of its own
        return sheets
    first = True
    tiles_left, cuts = box.x + MARK_BAND, tuple[float, ...]()
    grid_top: float | None = None  # where the first sheet's tiles start: the others' too, in a stack
    while first or remaining:
        if current is None:
            current = ctx.sheet(f"tiles-{len(sheets) + 1}")
            sheets.append(current)
        sheet_head(ctx, current, first, bool(remaining), tokens, token_note)
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
        free = block.free_beside_last_row(len(chunk), used_cols, x0, top)
        if not remaining and tokens and tokens_fit_beside(ctx, free, cuts):
            assert free is not None
            row_left, width = beside_span(free, cuts) if cuts else (free[0] + TOKEN_CLEAR, free[2] - free[0] - TOKEN_CLEAR)
            current.add(*token_items(ctx, row_left, free[3], width, cuts))
            return sheets
        if remaining:
            current = None
    if tokens:
        assert current is not None  # the loop ends on a sheet with the last tiles (or the title alone)
        tokens_below(ctx, current, sheets, tiles_left, cuts)
    return sheets


def last_sheet_count(ctx: PageContext, block, cols: int, count: int) -> tuple[int, int]:
    """How many sheets `count` tiles take on sheets of their own, and how many go on the last (probe sheets,
    thrown away, filled as `tile_pages` fills them)."""
    sheets, first = 0, True
    while True:
        sheet = ctx.sheet("probe")
        sheet_head(ctx, sheet, first, True, first, first)
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
        sheet_head(ctx, sheet, first, True, True, first)
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
    return (tokens_fit_beside(ctx, block.free_beside_last_row(chunk, used, x0, top), cuts)
            or sheet.room >= below_band(ctx, sheet.box, x0, cuts))


def below_options(ctx: PageContext, box, tiles_left: float) -> list[tuple[float, float]]:
    """(left, width) of the rows of tokens below the tiles: in line with the tiles' left edge, else the sheet's."""
    return [(tiles_left, box.right - tiles_left), (box.x + MARK_BAND, CONTENT_W - MARK_BAND)]


def below_band(ctx: PageContext, box, tiles_left: float, cuts: tuple[float, ...]) -> float:
    """The height the tokens take below the tiles, off the lines of the tiles' `cuts`."""
    return min(token_band(ctx, width, cuts, left) for left, width in below_options(ctx, box, tiles_left))


def tokens_below(ctx: PageContext, current: Sheet, sheets: list[Sheet], tiles_left: float,
                 cuts: tuple[float, ...]) -> None:
    """The tokens below the last tiles, off the lines of their `cuts`, or on a sheet of their own (added to
    `sheets`) when there is no room."""
    spare = MARK_BAND - MARK_GAP - MARK_LEN  # the tiles' band of marks below the marks' ends: TOKEN_CLEAR counts from them
    if current.room + spare < below_band(ctx, current.box, tiles_left, cuts):
        current = ctx.sheet(f"tiles-{len(sheets) + 1}")
        tile_title(current, ctx.texts.get("tiles.continued"))
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
