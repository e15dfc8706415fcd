"""The sheets of a tactile kit that go on swell paper (the key, the board, the tiles and tokens), and the guide's
page on printing them.

The board, tile and token parts of a kit are drawn in their tactile mode here; the rules, the
record sheet, the host key and the guide stay as they are (plain paper, and BRF files). Every
sheet keeps what a finger must tell apart `APART` apart, the foot of the page included.
"""

from __future__ import annotations

import math

from papergame.records import NamedTuple
from papergame.braille import BrailleCode, coordinate
from papergame.errors import OptionError
from papergame.layout.context import PageContext
from papergame.layout.grid import Grid
from papergame.layout.blocks import BODY, HEADING, TITLE
from papergame.layout.tokens import SPARES
from papergame.layout.paper import Sheet
from papergame.layout.pieces import PrintedTile, kit_id
from papergame.layout.primitives import Circle, Group, Item, Line, Text
from papergame.layout.tactile import (APART, DOT, EDGE, LABEL, PATH, RED, TOKEN, Span, braille_items, braille_size,
                                      dash_dots, dashes, dot_places, tactile_tile, token_items, token_shape)
from papergame.layout.tactile_kit import braille_code, key_entries
from papergame.layout.textflow import wrap
from papergame.model.board import Cell

TITLE_BAND = TITLE * 1.6  # mm at the top of a sheet for its red title (kept empty without red labels)


class Area(NamedTuple):
    """Where a tactile sheet may put raised things: the content box above the foot, `APART` clear of it."""

    left: float
    bottom: float
    right: float
    top: float


def area(sheet: Sheet) -> Area:
    return Area(sheet.box.x, sheet.floor + APART, sheet.box.right, sheet.box.top - TITLE_BAND)


def label_size(ctx: PageContext) -> float:
    """A sighted helper's red label: 4 mm (11.3 pt), or the profile's least size where that is more (16 pt in
    large print: the labels a helper with low vision reads are as large as the kit's other words)."""
    return ctx.type.at_least(LABEL)


def titled(ctx: PageContext, name: str, title: str, red: bool) -> Sheet:
    """A tactile sheet; its title printed in red for a sighted helper when asked for (black would rise)."""
    sheet = ctx.sheet(name)
    if red:
        sheet.add(Text(sheet.box.x, sheet.box.top - TITLE, title, TITLE, bold=True, colour=RED))
    return sheet


# --- the key ------------------------------------------------------------------------------------

SAMPLE = 60.0  # mm: a line type's sample on the key


def sample_items(kind: str, x: float, cy: float, code: BrailleCode) -> list[Item]:
    """The key's sample of one raised mark, from x, centred on the height cy."""
    if kind == "solid":
        return [Line(x, cy, x + SAMPLE, cy, width=PATH)]
    if kind == "dashed":
        return [Line(x + s.start, cy, x + s.end, cy, width=PATH) for s in dashes(Span(0.0, SAMPLE))]
    if kind == "dotted":
        return [Circle(x + at, cy, DOT / 2, width=0, stroke=None, fill=0.0) for at in dot_places(Span(0.0, SAMPLE))]
    if kind == "dashdot":
        dashes_, dots = dash_dots(Span(0.0, SAMPLE))
        sample: list[Item] = [Line(x + s.start, cy, x + s.end, cy, width=PATH) for s in dashes_]
        return sample + [Circle(x + at, cy, DOT / 2, width=0, stroke=None, fill=0.0) for at in dots]
    if kind == "edge":
        return [Line(x, cy, x + SAMPLE, cy, width=EDGE)]
    if kind.startswith("token-"):
        return token_items(kind.removeprefix("token-"), x + TOKEN / 2, cy, cut="none")
    cells = coordinate("3", code)  # a type number, as on the tiles
    w, h = braille_size(cells)
    return braille_items(cells, x, cy + h / 2)


ROW = TOKEN + APART  # mm from one key entry to the next


def key_sheet(ctx: PageContext, red: bool) -> Sheet:
    """Every raised mark of the kit beside a braille letter (a, b, c ...), and its meaning in red for a helper.

    The letters are the key's own, the same in every braille code; the BRF rules list what each means.
    """
    code = braille_code(ctx)
    sheet = titled(ctx, "tactile-key", ctx.texts.get("tactile.key_title"), red)
    room = area(sheet)
    letter_w = braille_size([1])[0]
    x_sample = room.left + letter_w + APART
    x_words = x_sample + SAMPLE + APART
    entries = key_entries(ctx.game, ctx.texts)
    if len(entries) * ROW > room.top - room.bottom:
        raise OptionError("tactile", "the key has more marks than one sheet holds")
    for i, (kind, words) in enumerate(entries):
        cy = room.top - ROW / 2 - i * ROW
        letter = coordinate(chr(ord("a") + i), code)
        sheet.add(*braille_items(letter, room.left, cy + braille_size(letter)[1] / 2))
        sheet.add(*sample_items(kind, x_sample, cy, code))
        if red:
            size = label_size(ctx)
            lines = wrap(f"{chr(ord('a') + i)}: {words}", room.right - x_words, size, ctx.metrics, what="tactile key")
            top = cy + len(lines) * size * 1.25 / 2
            for k, line in enumerate(lines):
                sheet.add(Text(x_words, top - size * 0.95 - k * size * 1.25, line, size, colour=RED))
    return sheet


# --- the tiles and tokens -----------------------------------------------------------------------------


def tile_sheets(ctx: PageContext, tiles: list[PrintedTile], tokens: bool, red: bool) -> list[Sheet]:
    """The tiles butted in rows (their thin edges are the cut lines: hexagons meet at their flat sides and
    corners), then the tokens in a row of their own."""
    code = braille_code(ctx)
    size = ctx.tile
    wide = ctx.shape.width * size  # a tile's box: a square's side, a hexagon's corner to corner
    sheets: list[Sheet] = []
    remaining = list(tiles)
    title = ctx.texts.get("tactile.tiles_title")
    current: Sheet | None = None
    bottom = 0.0
    while remaining:
        current = titled(ctx, f"tactile-tiles-{len(sheets) + 1}", title, red)
        sheets.append(current)
        room = area(current)
        cols = math.floor((room.right - room.left) / wide)
        rows = math.floor((room.top - room.bottom) / size)
        if cols < 1 or rows < 1:
            raise OptionError("tile-size", f"a {size:g} mm tactile tile does not fit on a sheet")
        chunk, remaining = remaining[: cols * rows], remaining[cols * rows:]
        used = min(cols, len(chunk))
        x0 = (room.left + room.right) / 2 - used * wide / 2
        for i, printed in enumerate(chunk):
            c, r = i % used, i // used
            label = kit_id(ctx.texts, printed) if red else None
            current.add(Group(x0 + c * wide, room.top - (r + 1) * size, 0,
                              tuple(tactile_tile(ctx.shape, printed.tile, size, code, label, label=label_size(ctx),
                                                 red_width=ctx.metrics.width(label, label_size(ctx), True)
                                                 if label else 0.0))))
        bottom = room.top - math.ceil(len(chunk) / used) * size
    if tokens:
        names = [t for t in range(len(ctx.game.tokens)) for _ in range(1 + SPARES)]
        pitch = TOKEN + 2 * APART
        per_row = max(1, math.floor((ctx.sheet("probe").box.w + 2 * APART) / pitch))
        rows = math.ceil(len(names) / per_row)
        need = APART + rows * pitch
        if current is None or bottom - need < area(current).bottom:
            current = titled(ctx, f"tactile-tiles-{len(sheets) + 1}", title, red)
            sheets.append(current)
            bottom = area(current).top + APART
        room = area(current)
        for k, index in enumerate(names):
            row, place = divmod(k, per_row)
            cx = room.left + TOKEN / 2 + place * pitch
            cy = bottom - APART - TOKEN / 2 - row * pitch
            current.add(*token_items(token_shape(index), cx, cy))
            if red:
                name = ctx.texts.get(f"token.{ctx.game.tokens[index].name}")
                if ctx.type.start_only:  # large print: a caption starts under its picture's left edge
                    current.add(Text(cx - TOKEN / 2, cy - TOKEN / 2 - label_size(ctx) * 1.2, name, label_size(ctx),
                                     colour=RED))
                else:
                    current.add(Text(cx, cy - TOKEN / 2 - LABEL * 1.2, name, LABEL, anchor="middle", colour=RED))
    return sheets


# --- the board --------------------------------------------------------------------------------


class Part(NamedTuple):
    """A piece of the board on one sheet: columns and rows (indexes) and which of its sides carry the labels."""

    cols: range
    rows: range
    left: bool  # row numbers on the left (else on the right)
    top: bool  # column letters above (else below)
    numbers: bool = True  # the row numbers are on this part (a part between two others has none)
    letters: bool = True  # ... and the column letters


def runs(count: int, ends: int, middle: int) -> list[range]:
    """`count` cells in as few runs as will do, as even as they can be, the first and last at most `ends`
    long (they carry the labels) and those between at most `middle`.

    >>> runs(5, 3, 3), runs(6, 1, 2), runs(2, 4, 4)
    ([range(0, 3), range(3, 5)], [range(0, 1), range(1, 3), range(3, 5), range(5, 6)], [range(0, 2)])
    """
    for k in range(1, count + 1):
        room = [ends] if k == 1 else [ends] + [middle] * (k - 2) + [ends]
        if sum(room) < count:
            continue
        sizes = [0] * k
        for _ in range(count):  # one more cell to the shortest run that has room, the first of equals
            i = min((i for i in range(k) if sizes[i] < room[i]), key=lambda i: sizes[i])
            sizes[i] += 1
        out, start = [], 0
        for n in sizes:
            out.append(range(start, start + n))
            start += n
        return out
    return []


def labelled_runs(count: int, ends: int, middle: int) -> tuple[list[range], bool]:
    """The runs of a board's columns (or rows), every part with its labels; or, when leaving the labels off
    the parts between the first and the last (`middle` cells fit there) saves a sheet, those runs and True."""
    every, fewer = runs(count, ends, ends), runs(count, ends, max(ends, middle))
    return (fewer, True) if len(fewer) < len(every) else (every, False)


def parts_of(cols: tuple[list[range], bool], rows: tuple[list[range], bool]) -> list[Part]:
    """The parts, north first (`rows` run south to north): labels on the outer sides, and on a part between
    two others unless its runs leave them off (`labelled_runs`)."""
    (col_runs, bare_cols), (row_runs, bare_rows) = cols, (rows[0][::-1], rows[1])
    last_col, last_row = len(col_runs) - 1, len(row_runs) - 1
    return [Part(c, r, left=i == 0, top=j == 0, numbers=not bare_cols or i in (0, last_col),
                 letters=not bare_rows or j in (0, last_row))
            for j, r in enumerate(row_runs) for i, c in enumerate(col_runs)]


def label_room(ctx: PageContext, code: BrailleCode) -> tuple[float, float]:
    """The widest row number's braille, and a column letter's height, with the gap to the grid."""
    board = ctx.game.board
    widest = max(braille_size(coordinate(r, code))[0] for r in board.rows)
    return widest + APART + EDGE / 2, braille_size([1])[1] + APART + EDGE / 2


def board_parts(ctx: PageContext, code: BrailleCode) -> list[Part]:
    """The board in parts, each on a sheet with its labels on the outer sides (the sides that meet stay bare), for
    any shape (`layout/grid.Grid` says where its cells lie): as many columns and rows a part as fit a sheet
    with the braille round them."""
    probe = area(ctx.sheet("probe"))
    across, down = label_room(ctx, code)
    board = ctx.game.board

    def size_of(cols: int, rows: int) -> tuple[float, float]:
        left, bottom, right, top = board.extent([Cell(c, r) for c in range(cols) for r in range(rows)])
        return (right - left) * ctx.tile, (top - bottom) * ctx.tile

    def most(count: int, fits) -> int:
        return max((n for n in range(1, count + 1) if fits(n)), default=0)

    width, height = probe.right - probe.left, probe.top - probe.bottom
    cols, middle_cols = (most(len(board.columns), lambda n: size_of(n, 1)[0] <= room) for room in (width - across, width))
    wide = max(cols, middle_cols, 1)
    rows, middle_rows = (most(len(board.rows), lambda n: size_of(wide, n)[1] <= room) for room in (height - down, height))
    if cols < 1 or rows < 1:
        raise OptionError("tile-size", f"a {ctx.tile:g} mm board cell and its braille do not fit on a sheet")
    return parts_of(labelled_runs(len(board.columns), cols, middle_cols),
                    labelled_runs(len(board.rows), rows, middle_rows))


def board_sheets(ctx: PageContext, red: bool) -> list[Sheet]:
    """The board at full size, in parts that fit a sheet (squares, hexagons, any shape `Grid` lays out): each
    side of a cell once, a thin line; the column letters above or below each column's end cell and the row
    numbers beside the part's first or last column, in braille, `APART` clear of the grid (with `red`, each
    also in print for a sighted helper)."""
    code = braille_code(ctx)
    board = ctx.game.board
    size = ctx.tile
    across, down = label_room(ctx, code)
    letter_h = braille_size([1])[1]
    clear = APART + EDGE / 2
    sheets = []
    for n, part in enumerate(board_parts(ctx, code), start=1):
        first, last = board.columns[part.cols.start], board.columns[part.cols.stop - 1]
        low, high = board.rows[part.rows.start], board.rows[part.rows.stop - 1]
        sheet = titled(ctx, f"tactile-board-{n}", ctx.texts.get("tactile.board_title", first=first, last=last, low=low,
                                                                high=high), red)
        room = area(sheet)
        cells = [Cell(c, r) for c in part.cols for r in part.rows]
        left, bottom, right, top = Grid(board, size, 0.0, 0.0).extent(cells)
        x = (room.left + across - left if part.left else room.right - across - right) if part.numbers else (
            (room.left + room.right - left - right) / 2)
        y = room.top - (down if part.top and part.letters else 0.0) - top
        grid = Grid(board, size, x, y)
        sheet.add(*(Line(*side.start, *side.end, width=EDGE) for side in grid.sides(cells)))
        for c in part.cols if part.letters else ():
            end = Cell(c, part.rows.stop - 1 if part.top else part.rows.start)
            cx, cy = grid.centre(end)
            cells_of = coordinate(board.columns[c], code)
            bw, _ = braille_size(cells_of)
            label_top = cy + size / 2 + clear + letter_h if part.top else cy - size / 2 - clear
            sheet.add(*braille_items(cells_of, cx - bw / 2, label_top))
            if red:
                sheet.add(Text(cx + bw / 2 + 2.0, label_top - letter_h, board.columns[c], label_size(ctx), bold=True,
                               colour=RED))
        for r in part.rows if part.numbers else ():
            side = Cell(part.cols.start if part.left else part.cols.stop - 1, r)
            corners = grid.outline(side)
            cx, cy = grid.centre(side)
            cells_of = coordinate(board.rows[r], code)
            bw, bh = braille_size(cells_of)
            at = min(p[0] for p in corners) - clear - bw if part.left else max(p[0] for p in corners) + clear
            sheet.add(*braille_items(cells_of, at, cy + bh / 2))
            if red:
                sheet.add(Text(at, cy - bh / 2 - label_size(ctx) * 1.3, board.rows[r], label_size(ctx), bold=True,
                               colour=RED))
        sheets.append(sheet)
    return sheets


# --- the tactile page kinds (`page_kinds` TACTILE), each `pages(ctx)` ----------------------------------------


def cornered(ctx: PageContext, sheets: list[Sheet]) -> list[Sheet]:
    """The sheets, each with a class set's kit number at its top right when red labels are asked for."""
    given = ctx.touch
    if given.red and given.kit:
        for sheet in sheets:
            kit_corner(ctx, sheet, given.kit)
    return sheets


def key_pages(ctx: PageContext) -> list[Sheet]:
    """The key to the kit's raised marks: the first of its swell sheets."""
    return cornered(ctx, [key_sheet(ctx, ctx.touch.red)])


def board_pages(ctx: PageContext) -> list[Sheet]:
    """The board at full size, in parts that fit a sheet (`board_sheets`)."""
    return cornered(ctx, board_sheets(ctx, ctx.touch.red))


def piece_pages(ctx: PageContext) -> list[Sheet]:
    """The tiles of `ctx.pieces` (each carrying its kit), then the tokens when `ctx.pieces.tokens` names a set."""
    pieces = ctx.pieces
    return cornered(ctx, tile_sheets(ctx, list(pieces.tiles), bool(pieces.tokens), ctx.touch.red))


def guide_pages(ctx: PageContext) -> list[Sheet]:
    """The guide's page on printing the tactile kit (its `swell` sheets), after the teacher's guide."""
    return guide_sheet(ctx, ctx.touch.swell).chain()


def kit_corner(ctx: PageContext, sheet: Sheet, kit: str) -> None:
    """`Kit 7` in red at a swell sheet's top right, level with its red title (flat: nothing a finger reads)."""
    words = ctx.texts.get("kit.kit_stamp", kit=kit)
    x = sheet.box.right - ctx.metrics.width(words, TITLE, True)
    sheet.add(Text(x, sheet.box.top - TITLE, words, TITLE, bold=True, colour=RED))


def guide_sheet(ctx: PageContext, swell_sheets: int) -> Sheet:
    """The guide's page on printing the tactile kit (plain paper, black print)."""
    texts = ctx.texts
    code = braille_code(ctx)

    def continued(sheet: Sheet) -> None:
        sheet.title(texts.get("tactile.guide_title"))

    sheet = ctx.sheet("tactile-guide")
    sheet.continued = continued
    sheet.title(texts.get("tactile.guide_title"))
    for key in ("guide_intro", "guide_feed", "guide_heat", "guide_glue", "guide_red", "guide_braille", "guide_brf"):
        words = texts.get(f"tactile.{key}", sheets=swell_sheets, code=code.label)
        sheet.paragraph(words, size=BODY, what=f"tactile.{key}", leading=1.3)
        sheet.gap(HEADING * 0.4)
    return sheet

