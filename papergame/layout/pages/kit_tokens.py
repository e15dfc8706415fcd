"""Tokens for numbered kits: every kit's tokens and two spares of each colour, its number on each token.

Each kit's tokens stay together in one block (a row per colour, its kit's number below),
so one kit's tokens are never split over two sheets. A block goes in free room on its
own kit's board sheets when one has it, else on the last tile sheet, else on sheets of
their own. On the last tile sheet no token stands on the line of a straight cut that runs on to
the paper's edge (the stack's column cuts): each token is centred between two cuts, as a single
kit's are (`tiles_sheet.row_places`). Each token carries its kit's number on a small white disc inside the ring,
clear of the arrow, so a stray token still tells which kit it belongs to.
"""

from __future__ import annotations

import math

from papergame.layout.context import PageContext
from papergame.model.definition import GameDefinition
from papergame.layout.blocks import BODY, read_size
from papergame.layout.paper import STANDARD, TypeProfile
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Circle, Item, Text
from papergame.layout.textflow import wrap
from papergame.layout.piece_sheets import stack_rows
from papergame.layout.token_rows import TOKEN_CLEAR, row_places
from papergame.layout.tokens import SPARES, token_radius
from papergame.layout.tile_art import cut_out, token_art
from papergame.text import Texts

GAP = 4.5  # between two tokens: room for scissors
ROW_GAP = 3.5  # between the rows of one kit's block
BLOCK_GAP = 9.0  # between two kits' blocks
NUMBER_SIZE = 2.7  # mm, 7.7 pt
CLEAR = 3.0  # between a block on a board's sheet and the board or any cut


def numbered_token(kind: str, cx: float, cy: float, r: float, number: str, size: float = NUMBER_SIZE) -> list[Item]:
    """A token with its kit's number on a white disc at the lower right, inside the ring and clear of the arrow
    (a profile's larger number on a larger disc)."""
    items = cut_out(token_art(kind, cx, cy, r, 0.0))
    nx, ny = cx + 0.55 * r, cy - 0.42 * r
    disc = max(0.28 * r, 2.1) + (size - NUMBER_SIZE) * 0.8
    items.append(Circle(nx, ny, disc, width=0.25, stroke=0.0, fill=1.0))
    items.append(Text(nx, ny - size * 0.36, number, size, bold=True, anchor="middle"))
    return items


class Blocks:
    """The size of one kit's block of tokens, and how to draw it: a row per colour, or (`turned`) a column
    per colour, which takes fewer columns of a tile sheet's lanes between its cuts."""

    def __init__(self, definition: GameDefinition, texts: Texts, tile: float, profile: TypeProfile = STANDARD,
                 turned: bool = False):
        self.texts = texts
        self.type = profile
        self.names = [t.name for t in definition.tokens]
        self.turned = turned
        self.across = len(self.names) if turned else 1 + SPARES  # tokens in a row of the block
        self.down = 1 + SPARES if turned else len(self.names)  # ... and rows
        self.r = token_radius(tile)
        self.pitch = 2 * self.r + GAP
        self.width = self.across * self.pitch - GAP
        self.height = self.down * (2 * self.r + ROW_GAP) - ROW_GAP + 1.0 + read_size(profile) * profile.leading

    def items(self, kit: str, left: float, top: float, xs: list[float] | None = None,
              ys: list[float] | None = None) -> list[Item]:
        """The block with its top-left at (left, top); `xs`, when given, the centres of a row's tokens, and `ys`
        the centres of its rows (its kit's number then under the last)."""
        items: list[Item] = []
        r = self.r
        for row in range(self.down):
            cy = top - r - row * (2 * r + ROW_GAP) if ys is None else ys[row]
            for i in range(self.across):
                cx = left + r + i * self.pitch if xs is None else xs[i]
                name = self.names[i if self.turned else row]
                items += numbered_token(name, cx, cy, r, kit, self.type.at_least(NUMBER_SIZE))
        label = self.texts.get("kit.kit_stamp", kit=kit)
        caption = read_size(self.type)  # the kit's number under its block, read by the pupils
        middle = left + self.width / 2 if xs is None else (xs[0] + xs[-1]) / 2
        bottom = top - self.height if ys is None else ys[-1] - r - self.foot
        items.append(Text(middle, bottom + caption * 0.3, label, caption, bold=True, anchor="middle"))
        return items

    @property
    def foot(self) -> float:
        """The kit's number under the block's last row: its band, from the row's discs down."""
        return 1.0 + read_size(self.type) * self.type.leading

    def row_slots(self, top: float, floor: float, rows: tuple[float, ...]) -> list[list[float]]:
        """The centres of each block's rows, block after block, from `top` down to `floor` when straight cuts
        run across at `rows` (the y of a stack's row cuts): every token TOKEN_CLEAR off their lines, the kit's
        number under its block's last row in the same band between two cuts."""
        lines = sorted((y for y in rows if floor < y < top), reverse=True)
        bands = [(a - (TOKEN_CLEAR if a != top else 0.0), b + (TOKEN_CLEAR if b != floor else 0.0))
                 for a, b in zip([top] + lines, lines + [floor])]
        r = self.r
        blocks: list[list[float]] = []
        current: list[float] = []
        for high, low in bands:
            cy = high - r
            while cy - r >= low - 1e-9:
                last = len(current) == self.down - 1
                if last and cy - r - self.foot < low - 1e-9:
                    break
                current.append(cy)
                if last:
                    blocks.append(current)
                    current = []
                cy -= 2 * r + (BLOCK_ROW_GAP + self.foot if last else ROW_GAP)
        return blocks

    def between_cuts(self, left: float, width: float, cuts: tuple[float, ...]) -> list[list[float]]:
        """The blocks of one row across `width` from `left` when straight cuts run through it at `cuts`: each
        block's token centres, every token between two cuts and CUT_CLEAR off their lines (`row_places`)."""
        places = row_places(left, width, self.r, cuts)
        k = self.across
        return [places[i * k:(i + 1) * k] for i in range(len(places) // k)]

    def rows_in(self, room: float) -> int:
        """How many rows of blocks fit `room` mm, one under another."""
        return max(0, math.floor((room + BLOCK_ROW_GAP) / (self.height + BLOCK_ROW_GAP) + 1e-9))


BLOCK_ROW_GAP = ROW_GAP + 1.0  # between two rows of blocks


HEAD = BODY * 1.3  # the heading over a block on a board's sheet (the profile's body size, 1.3 lines)


def on_board_sheets(blocks: Blocks, kit: str, boards: list[Sheet]) -> bool:
    """The kit's block, under a heading, in free room on one of its board's sheets; whether it went."""
    for sheet in boards:
        free_room = getattr(sheet, "free_room", None)
        body = blocks.type.body
        head = body * 1.3
        room = free_room(blocks.width, head + blocks.height, CLEAR) if free_room is not None else None
        if room is None:
            continue
        left, _, _, top = room
        sheet.add(Text(left, top - body * 1.05, blocks.texts.get("kit.class_tokens"), body, bold=True))
        sheet.add(*blocks.items(kit, left, top - head))
        return True
    return False


def kit_token_pages(ctx: PageContext) -> list[Sheet]:
    """Every kit's block of tokens (`ctx.pieces.tokens`, the kits' numbers): on its board's sheets
    (`pieces.boards[kit]`), else on `pieces.start` while it has room, then on new sheets.

    `pieces.cuts`: the x of the straight cuts on `start` that run on to the paper's edge (a tile sheet's column
    cuts); no token there stands on their lines."""
    definition, texts, paper, tile, metrics = ctx.game, ctx.texts, ctx.paper, ctx.tile, ctx.metrics
    kits, start, boards, cuts = list(ctx.pieces.tokens), ctx.pieces.start, ctx.pieces.boards, ctx.pieces.cuts
    blocks = Blocks(definition, texts, tile, ctx.type)
    turned = Blocks(definition, texts, tile, ctx.type, turned=True)
    caption, leading = ctx.type.caption, ctx.type.leading
    left_over = [kit for kit in kits if not on_board_sheets(blocks, kit, list(boards.get(kit, ())))]
    sheets: list[Sheet] = []
    sheet = start
    note = texts.get("tiles.kit_tokens")
    if start is not None and cuts and left_over:  # the last sheet of a stack: off its column and row cuts
        left_over = on_stacked_sheet(ctx, (blocks, turned), left_over, start, cuts, stack_rows(ctx))
        sheet = None
    while left_over:
        note_h = len(wrap(note, sheet.width if sheet else 1e9, caption, metrics)) * caption * leading + 4
        here, lanes = blocks, None  # the blocks as they go on this sheet; between its cuts, if it has any
        if sheet is not None and sheet is start and cuts:
            room = sheet.room - note_h
            here, lanes = max(((b, b.between_cuts(sheet.x, sheet.width, cuts)) for b in (blocks, turned)),
                              key=lambda b_lanes: len(b_lanes[1]) * b_lanes[0].rows_in(room))
        if sheet is None or sheet.room < here.height + note_h or lanes == []:
            sheet = Sheet(f"tokens-{len(sheets) + 1}", paper, metrics)
            sheet.title(texts.get("kit.class_tokens"))
            sheets.append(sheet)
            here, lanes = blocks, None
        else:
            sheet.gap(2)
        for line in wrap(note, sheet.width, caption, metrics, what="tiles.kit_tokens"):
            y = sheet.take(caption * leading, "tiles.kit_tokens")
            sheet.add(Text(sheet.x, y + caption * 0.3, line, caption))
        sheet.gap(2)
        per_row = max(1, int((sheet.width + BLOCK_GAP) // (here.width + BLOCK_GAP))) if lanes is None else len(lanes)
        while left_over and sheet.room >= here.height:
            row, left_over = left_over[:per_row], left_over[per_row:]
            top = sheet.cursor
            sheet.take(here.height, "the tokens")
            for i, kit in enumerate(row):
                sheet.add(*here.items(kit, sheet.x + i * (here.width + BLOCK_GAP), top,
                                      None if lanes is None else lanes[i]))
            sheet.gap(BLOCK_ROW_GAP)
        sheet = None
    return sheets


def on_stacked_sheet(ctx: PageContext, shapes: tuple[Blocks, Blocks], kits: list[str], sheet: Sheet,
                     cuts: tuple[float, ...], rows: tuple[float, ...]) -> list[str]:
    """As many kits' blocks as fit on the last tile sheet of a stack below its tiles, each token between two of
    the stack's column `cuts` and two of its `rows` (the first sheet's row cuts, which a guillotine carries
    through the last sheet too), the blocks a row or a column per colour, whichever holds more; the kits left."""
    caption, leading = ctx.type.caption, ctx.type.leading
    note = wrap(ctx.texts.get("tiles.kit_tokens"), sheet.width, caption, ctx.metrics, what="tiles.kit_tokens")
    head = 2 + len(note) * caption * leading + 2
    if sheet.room < head:
        return kits
    top = sheet.cursor - head
    here, lanes, slots = max(((b, b.between_cuts(sheet.x, sheet.width, cuts), b.row_slots(top, sheet.floor, rows))
                              for b in shapes), key=lambda option: len(option[1]) * len(option[2]))
    if not lanes or not slots:
        return kits
    sheet.gap(2)
    for line in note:
        y = sheet.take(caption * leading, "tiles.kit_tokens")
        sheet.add(Text(sheet.x, y + caption * 0.3, line, caption))
    for ys in slots:
        row, kits = kits[:len(lanes)], kits[len(lanes):]
        for kit, xs in zip(row, lanes):
            sheet.add(*here.items(kit, sheet.x, top, xs, ys))
        if not kits:
            break
    sheet.gap(sheet.room)
    return kits
