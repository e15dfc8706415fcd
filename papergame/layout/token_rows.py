"""The tokens on the sheets of pieces: rows of tokens, each with its name below, none on the line of a cut; the
band they take; and the tokens under their own heading in free room on one of the board's sheets."""

from __future__ import annotations

import math

from papergame.layout.context import PageContext
from papergame.layout.board_room import BoardSheet
from papergame.layout.tokens import NAME_SIZE, SPARES, token_radius
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Item, Text
from papergame.layout.textflow import wrap
from papergame.layout.tile_art import cut_out, token_art
from papergame.model.definition import GameDefinition


TOKEN_GAP = 8.0  # between two tokens in a row
NAME_APART = 3.0  # at least this between two tokens' names, where the names are wider than the tokens
TOKEN_CLEAR = 3.0  # at least this between a token and any cut line or mark
CUT_CLEAR = 1.5  # at least this between a token and the line a cut runs on along, to the paper's edge
FOOT_CLEAR = 3.0  # below the tokens, above the foot of the page, where there is room (names then 6 mm above it)
NAME_GAP = 1.0  # between a token's disc and the top of its name's capitals
CAP = 0.73  # a capital letter's height, as a share of the type size
NAME_BELOW = 2.4  # below a name's baseline: the next row of tokens, or the band's foot


def token_count(definition: GameDefinition) -> int:
    return len(definition.tokens) * (1 + SPARES)


def spacing(ctx: PageContext) -> tuple[float, float]:
    """(gap, half) for `row_places`: the tokens' own TOKEN_GAP and radius, or, where a name is wider than its token
    (large-print German "Schwarz", 23 mm under a 16 mm token), the gap that keeps two names NAME_APART apart (they
    ran on as "SchwarzSchwarzSchwarz") and half the widest name, which keeps a name CUT_CLEAR off a cut's line
    where there is room for that (across a cut two names ran into one another as "WegmarkWegmarke")."""
    r = token_radius(ctx.tile)
    size = ctx.type.at_least(NAME_SIZE)
    widest = max(ctx.metrics.width(ctx.texts.get(f"token.{t.name}"), size) for t in ctx.game.tokens)
    if widest <= 2 * r:
        return TOKEN_GAP, r
    return max(TOKEN_GAP, widest + NAME_APART - 2 * r), widest / 2


def row_width(ctx: PageContext, per_row: int) -> float:
    """How wide a row of `per_row` tokens is (their names may reach a little past its ends, as they always could)."""
    gap, _ = spacing(ctx)
    return per_row * (2 * token_radius(ctx.tile) + gap) - gap


def row_places(left: float, width: float, r: float, cuts: tuple[float, ...] = (), gap: float = TOKEN_GAP,
               half: float | None = None) -> list[float]:
    """The centres of one row of tokens of radius `r` across `width` mm from `left`, none on the line of a
    cut: every token at least CUT_CLEAR mm off each of the `cuts` (x of the straight cuts that run on to the
    paper's edge). Between two cuts the tokens stand centred; elsewhere they are packed from the left.
    `gap`: between two tokens; `half`: half the widest name under one, where wider than the token, kept
    CUT_CLEAR off a cut's line too where the lane holds as many tokens so (at the row's own ends a name may reach
    past it, as it always could).

    >>> row_places(0.0, 64.0, 8.0)
    [8.0, 32.0, 56.0]
    >>> row_places(0.0, 64.0, 8.0, (0.0, 35.0))
    [17.5, 44.5]
    >>> row_places(0.0, 64.0, 8.0, gap=12.0, half=11.0)  # names 22 mm wide: 3 mm apart
    [8.0, 36.0]
    >>> row_places(0.0, 64.0, 8.0, (0.0, 35.0), gap=12.0, half=11.0)  # ... and off the cuts
    [17.5, 47.5]
    """
    pitch = 2 * r + gap
    inset = 0.0 if half is None else max(0.0, half - r)  # a name's overhang, off a cut
    lanes: list[tuple[float, float, bool, bool]] = []  # (from, to, a cut at its left, a cut at its right)
    start, after_cut = left, False
    for c in sorted(c for c in cuts if left - r - CUT_CLEAR < c < left + width + r + CUT_CLEAR):
        lanes.append((start, c - CUT_CLEAR, after_cut, True))
        start, after_cut = max(start, c + CUT_CLEAR), True
    lanes.append((start, left + width, after_cut, False))
    places: list[float] = []
    for a, b, cut_a, cut_b in lanes:
        n = math.floor((b - a + gap) / pitch + 1e-9)
        if inset:  # the names off the cuts too, where the lane holds as many tokens so (else as before)
            a2, b2 = a + (inset if cut_a else 0.0), b - (inset if cut_b else 0.0)
            if math.floor((b2 - a2 + gap) / pitch + 1e-9) == n:
                a, b = a2, b2
        if n < 1:
            continue
        offset = (b - a - (n * pitch - gap)) / 2 if cut_a and cut_b else 0.0
        places += [a + offset + r + k * pitch for k in range(n)]
    return places


def token_band(ctx: PageContext, width: float, cuts: tuple[float, ...] = (), left: float = 0.0) -> float:
    """Height of the rows of tokens, with their names, in a band `width` wide from `left` (inf: none fit)."""
    per_row = len(row_places(left, width, token_radius(ctx.tile), cuts, *spacing(ctx)))
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
    places = row_places(left, width, r, cuts, *spacing(ctx))
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


def token_words(ctx: PageContext, key: str) -> str:
    """What to do with the tokens, and how many are spares: `key` is `tiles.tokens`, or `tiles.tokens_beside` (a
    text file of one's own may leave it out: then `tiles.tokens`)."""
    return (ctx.texts.optional(key) or ctx.texts.get("tiles.tokens")) + " " + ctx.texts.get("tiles.spares")


TOKEN_NOTES = ("tiles.tokens", "tiles.tokens_beside")  # what a tile sheet's head may say of the tokens


def token_note_lines(ctx: PageContext, width: float, key: str = "tiles.tokens") -> list[str]:
    return wrap(token_words(ctx, key), width, ctx.type.caption, ctx.metrics, what=key)


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


def tokens_on_boards(ctx: PageContext, boards: list[Sheet]) -> str:
    """Every token, under its heading, in free room on one of the board's sheets: "with note" when
    the note on what to do with them went too, "alone" when only the heading did, "" when they did not go."""
    for note in (True, False):
        for sheet in boards:
            if not isinstance(sheet, BoardSheet):
                continue
            for per_row in range(token_count(ctx.game), 0, -1):
                width = row_width(ctx, per_row)
                if note and width < NOTE_MIN:
                    continue
                room = sheet.free_room(width, token_head(ctx, width, note) + token_band(ctx, width), TOKEN_CLEAR)
                if room is not None:
                    left, _, _, top = room
                    sheet.add(*board_tokens(ctx, left, top, width, note, sheet.cuts_x))
                    return "with note" if note else "alone"
    return ""
