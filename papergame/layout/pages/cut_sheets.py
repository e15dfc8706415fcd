"""Tile and token sheets for a cutting machine (`cutter` silhouette, cricut or laser): each piece apart.

The tile sheets of a printed kit butt the tiles together so one scissor cut serves two; a
machine cuts every piece round instead, so here each piece (a tile with its closed outline,
a token's disc) stands `gap` mm from the next, inside the machine's area:

- **silhouette**: the Cameo's four-corner registration marks (`printmarks.silhouette_marks`)
  and a content box of its own inside them, clear of the 20 mm square at each mark, for the
  pieces and the page's foot (the usual box's 8 mm side margins would run over the marks);
- **cricut**: Design Space's print-then-cut area, 6.75 by 9.25 inches, the sheet's pieces
  inside it, each on a white ground of its own shape, so an image of the sheet with a
  clear background is cut round each piece (`render/cuts.py` gives the same outlines);
- **laser**: the usual content box, pieces a kerf plus 1 mm apart, so each outline can be
  moved out by half the kerf without meeting its neighbour's.

Pure layout: the cutter's geometry comes from `printmarks.py`, nothing here knows a format.
"""

from __future__ import annotations

from papergame.records import NamedTuple
from papergame.layout.context import PageContext
from papergame.layout.blocks import CAPTION
from papergame.layout.backs import Shift, Slot, back_page, calibration_pages
from papergame.layout.paper import PAPERS, SCALE_CHECK_H, SMALL, Box, Flow, Sheet
from papergame.layout.piece_sheets import art
from papergame.layout.tokens import SPARES, token_radius
from papergame.layout.pieces import PrintedTile
from papergame.layout.primitives import Circle, Group, Item, Line, Page, Polygon, Rect, Text
from papergame.layout.tile_art import cut_out, token_art
from papergame.printmarks import CRICUT_AREA, SILHOUETTE_LINE, silhouette_box, silhouette_mark_lines

GAP = 2.0  # mm between two pieces for a blade: room for the print and the cut to be a little out


CRICUT_MARGIN = 1.0  # mm inside the print-then-cut image, round its pieces and foot (the foot needs the width)


class Frame(NamedTuple):
    """Where a cutter's pieces go on a sheet, how far apart, and what else it prints there."""

    box: Box  # the sheet's content box: pieces, title and foot
    gap: float
    marks: tuple[Item, ...] = ()
    grounds: bool = False  # a white ground under each piece (an image cut round its shapes)
    page: tuple[float, float] | None = None  # the sheet's own size when it is not the paper's


def silhouette_marks(pw: float, ph: float) -> list[Item]:
    """The four L marks as lines (square ends, as the template draws them), for the machine's eye to find.

    Their cut role "register" says what they are for (the SVG puts them in a layer of their own);
    their role "scale" keeps them black and 0.3 mm wide in low ink, like the scale bar.
    """
    items: list[Item] = []
    for across, corner, down in silhouette_mark_lines(pw, ph).values():
        for end in (across, down):
            items.append(Line(*corner, *end, width=SILHOUETTE_LINE, cap="square", role="scale", cut="register"))
    return items


def frame(cutter: str, paper: str, kerf: float = 0.0) -> Frame:
    pw, ph = PAPERS[paper]
    if cutter == "silhouette":
        return Frame(Box(*silhouette_box(pw, ph)), GAP, tuple(silhouette_marks(pw, ph)))
    if cutter == "cricut":
        w, h = CRICUT_AREA
        return Frame(Box(CRICUT_MARGIN, CRICUT_MARGIN, w - 2 * CRICUT_MARGIN, h - 2 * CRICUT_MARGIN), GAP,
                     grounds=True, page=CRICUT_AREA)
    from papergame.layout.paper import content_box

    return Frame(content_box(paper), kerf + 1.0)


class CutSheet(Sheet):
    """A sheet whose content box (and, for a print-then-cut image, size) is the cutter's; its foot is set inside."""

    def __init__(self, name: str, paper: str, metrics, spot: Frame):
        super().__init__(name, paper, metrics)
        box = spot.box
        self.box = box
        if spot.page is not None:
            self.own_page = Page(name, *spot.page)
        Flow.__init__(self, self, name, box.x, box.w, box.top, box.y + SCALE_CHECK_H, metrics)
        self.body_top = self.cursor


class Piece(NamedTuple):
    items: tuple[Item, ...]  # drawn from (0, 0) at the bottom-left of the piece's box
    w: float
    h: float
    below: float = 0.0  # room under the piece for its name (a token's)
    label: tuple[Item, ...] = ()  # printed beside the piece, not on it (a token's name under it)
    printed: PrintedTile | None = None  # the tile it is (None: a token), for its back


def bounds(items) -> tuple[float, float, float, float]:
    """The box round a piece's cut outline (its first path marked to cut)."""
    for item in items:
        if isinstance(item, Rect) and item.cut == "cut":
            return item.x, item.y, item.x + item.w, item.y + item.h
        if isinstance(item, Polygon) and item.cut == "cut":
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            return min(xs), min(ys), max(xs), max(ys)
        if isinstance(item, Circle) and item.cut == "cut":
            return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    raise ValueError("a piece to cut has a path marked to cut")


def ground(items) -> Item:
    """The piece's own shape in white, under its drawing: an image of it is opaque just where it is cut."""
    for item in items:
        if getattr(item, "cut", "none") == "cut":
            ground = item._replace(stroke=None, fill=1.0, cut="none")
            return ground._replace(role="") if "role" in item._fields else ground
    raise ValueError("a piece to cut has a path marked to cut")


def tile_piece(ctx: PageContext, printed: PrintedTile, grounds: bool) -> Piece:
    items = art(ctx, printed, True)
    x0, y0, x1, y1 = bounds(items)
    drawn = ([ground(items)] if grounds else []) + list(items)
    return Piece((Group(-x0, -y0, 0, tuple(drawn)),), x1 - x0, y1 - y0, printed=printed)


def token_pieces(ctx: PageContext, grounds: bool) -> list[Piece]:
    r = token_radius(ctx.tile)
    pieces = []
    for token in ctx.game.tokens:
        for _ in range(1 + SPARES):
            items = cut_out(token_art(token.name, r, r, r, 0.0))
            drawn = ([ground(items)] if grounds else []) + items
            name = Text(r, -SMALL - 0.6, ctx.texts.get(f"token.{token.name}"), SMALL, anchor="middle")
            pieces.append(Piece(tuple(drawn), 2 * r, 2 * r, SMALL + 1.2, (name,)))
    return pieces


def cut_sheet_pages(ctx: PageContext) -> list[Sheet]:
    """The pieces (`ctx.pieces`) in rows from the top of the cutter's box, as many sheets as they need.

    `pieces.tokens`: the kits whose tokens (with their spares) follow the tiles. `pieces.backs` "duplex" (with
    tiles): they get printed backs on the sheet's other side, moved by the two-sided test's reading
    (`pieces.shift`): the test's two pages come first, then each sheet is followed by its page of backs, which
    has no registration marks (the machine reads them on the front, the side it cuts; the back saves their ink).
    """
    given = ctx.pieces
    tiles = list(given.tiles)
    backs = Shift(*given.shift) if given.backs == "duplex" and tiles else None
    spot = frame(given.cutter, ctx.paper, given.kerf)
    pieces = [tile_piece(ctx, printed, spot.grounds) for printed in tiles]
    tokens = bool(given.tokens)
    for _ in given.tokens:
        pieces += token_pieces(ctx, spot.grounds)
    sheets: list[Sheet] = []
    slots: list[list[Slot]] = []  # each sheet's tiles, where they lie
    title = ctx.texts.get("tiles.title" if tokens else "tiles.title_tiles")

    def new_sheet() -> CutSheet:
        sheet = CutSheet(f"cut-{len(sheets) + 1}", ctx.paper, ctx.metrics, spot)
        sheet.add(*spot.marks)
        sheet.title(title if not sheets else ctx.texts.get("tiles.continued"))
        if backs is not None:
            sheet.paragraph(ctx.texts.get("backs.cutter_steps"), size=CAPTION, what="backs.cutter_steps", leading=1.2)
            sheet.scale_words = "backs.scale_both_sides"  # (the two-sided line is too wide for the marks' box)
        sheet.gap(spot.gap)
        sheets.append(sheet)
        slots.append([])
        return sheet

    sheet = new_sheet()
    row: list[Piece] = []

    def row_height(pieces: list[Piece]) -> float:
        return max(p.h + p.below for p in pieces)

    def place(sheet: CutSheet, row: list[Piece]) -> None:
        top = sheet.cursor
        sheet.take(row_height(row) + spot.gap, "the pieces")
        x = sheet.x
        for p in row:
            sheet.add(Group(x, top - p.h, 0, p.items))  # a piece is a group of its own (see `pieces_of`)
            if p.label:
                sheet.add(Group(x, top - p.h, 0, p.label))
            if p.printed is not None:
                slots[-1].append(Slot(p.printed, x, top - p.h))
            x += p.w + spot.gap

    for piece in pieces:
        width = sum(p.w for p in row) + spot.gap * len(row) + piece.w
        if row and width > sheet.width + 1e-9:
            if not sheet.fits(row_height(row) + spot.gap):
                sheet = new_sheet()
            place(sheet, row)
            row = []
        row.append(piece)
    if row:
        if not sheet.fits(row_height(row) + spot.gap):
            sheet = new_sheet()
        place(sheet, row)
    return sheets if backs is None else with_backs(ctx, spot, sheets, slots, backs)


def with_backs(ctx: PageContext, spot: Frame, fronts: list[Sheet], slots: list[list[Slot]], shift: Shift) -> list[Sheet]:
    """The two-sided test, then each cutter sheet followed by its page of backs: in the front's content
    box (nothing in the marks' corners on either side), with no marks and no cuts."""
    paired: list[Sheet] = calibration_pages(ctx)
    for number, (front, placed) in enumerate(zip(fronts, slots), start=1):
        plain = CutSheet(f"backs-{number}", ctx.paper, ctx.metrics, spot)
        plain.scale_words = front.scale_words
        paired += [front, back_page(ctx, placed, number, shift, plain)]
    return paired
