"""Paper sizes, the content box every page keeps to, and the scale check on every page."""

from __future__ import annotations

import math
from typing import Callable, NamedTuple

from papergame.errors import LayoutError, OptionError
from papergame.layout.primitives import MM_PER_INCH, Item, Line, Page, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.printmarks import BAR_MM, INCH_BAR_EIGHTHS, bar_ticks

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# The area A4 and Letter share (210 x 279.4 mm), less 8 mm for printers that cannot print
# to the edge: content inside it prints uncut on either paper.
CONTENT_W = 194.0
CONTENT_H = 263.0
STROKE_REACH = 1.0  # how far a line drawn along the content box's edge may reach past it (half its width, and corners)

# The kit's one type scale, in mm (1 pt = 0.3528 mm). Every page a child or teacher reads
# (rules, record, host key, guide, board and tile titles) is set in the first four:
TITLE = 7.0  # 19.8 pt: a page's title
HEADING = 4.6  # 13 pt
BODY = 3.9  # 11.05 pt: body text, worked examples
CAPTION = 3.2  # 9.07 pt: captions, table heads, the smallest words a child reads
LEADING = 1.22
# ... and these the pages that keep their own older sizes (worksheets, simulation report,
# notes beside the board's starts) and the adult's small print (footer, scale check):
TITLE_SIZE = 6.0  # 17 pt: a worksheet's title
BODY_SIZE = 3.4  # 9.6 pt
SMALL_SIZE = 2.6  # 7.4 pt: the footer and printing advice
HEADING_SIZE = 4.2  # 11.9 pt
SCALE_CHECK_H = 15.0
INK = 0.0
FAINT = 0.55


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def cx(self) -> float:
        return self.x + self.w / 2


def content_box(paper: str) -> Box:
    pw, ph = PAPERS[paper]
    return Box((pw - CONTENT_W) / 2, (ph - CONTENT_H) / 2, CONTENT_W, CONTENT_H)


MAX_SHEETS = 12  # continuation sheets one page may grow to: past that, a text is runaway


class Flow:
    """A column being filled from the top down, never below its floor.

    When a column runs out of room on a sheet that can be continued (see `Sheet`), it goes
    on at the same place on the next sheet; a block that does not fit even a fresh sheet
    is an error.
    """

    def __init__(self, sheet: "Sheet", name: str, x: float, width: float, top: float, floor: float,
                 metrics: Metrics, continues: bool = True, widen: bool = False):
        self.sheet = sheet  # the sheet being written on (a later one after a continuation)
        self.name = name
        self.x = x
        self.width = width
        self.cursor = top
        self.floor = floor
        self.metrics = metrics
        self.continues = continues
        self.widen = widen  # on a continuation sheet nothing else uses, take its whole width

    @property
    def page(self) -> Page:
        """The page this flow is writing on now."""
        return self.sheet.own_page

    @property
    def room(self) -> float:
        """Height left, in mm."""
        return self.cursor - self.floor

    def fits(self, height: float) -> bool:
        return height <= self.room + 1e-6

    def can_break(self) -> bool:
        """Whether a fresh sheet would help: this flow can continue and is below the top of this one."""
        return self.continues and self.sheet.continued is not None and self.cursor < self.sheet.body_top - 1e-6

    def break_page(self, what: str = "the text") -> None:
        """Go on at the same column of the next sheet."""
        following = self.sheet.following(what)
        if self.widen and not following.used:
            self.x, self.width = following.x, following.width
        following.used = True
        self.sheet = following
        self.cursor = following.body_top
        self.floor = following.floor

    def need(self, height: float, what: str = "the text") -> None:
        """Make sure `height` mm are left, going on to the next sheet if that helps."""
        if not self.fits(height) and self.can_break():
            self.break_page(what)

    def take(self, height: float, what: str, hint: str = "") -> float:
        """Reserve `height` mm below the cursor; returns the bottom of the reserved band."""
        self.need(height, what)
        if not self.fits(height):
            raise LayoutError(f"{self.name} page: {what} does not fit: it needs {height:.1f} mm and "
                              f"{max(self.room, 0):.1f} mm are left" + (f"; {hint}" if hint else ""))
        self.cursor -= height
        return self.cursor

    def gap(self, height: float) -> None:
        self.cursor -= min(height, self.room)

    def add(self, *items: Item) -> None:
        self.page.add(*items)

    def column(self, x: float, width: float, continues: bool = True, widen: bool = False) -> "Flow":
        """A column of this page starting at the current cursor.

        `widen`: if it goes on to a sheet no other column has gone on to, it takes the sheet's
        whole width there (give it to the last column laid out).
        """
        return Flow(self.sheet, self.name, x, width, self.cursor, self.floor, self.metrics,
                    continues and self.continues, widen)

    def title(self, text: str, size: float = TITLE_SIZE) -> None:
        fit_line(text, self.width, size, self.metrics, True, f"{self.name} page title")
        bottom = self.take(size * 1.3, "the title")
        self.add(Text(self.x, bottom + size * 0.3, text, size, bold=True))

    def heading(self, text: str, size: float = HEADING_SIZE, keep: float = 2 * BODY_SIZE * 1.3) -> None:
        """A bold heading, kept on one sheet with the first `keep` mm of what follows it."""
        self.gap(size * 0.5)
        lines = wrap(text, self.width, size, self.metrics, True, f"{self.name} page heading")
        self.need(len(lines) * size * 1.3 + keep)  # never alone at the foot of a page
        self.paragraph(text, size=size, bold=True, what=f"{self.name} page heading")

    def paragraph(self, text: str, size: float = BODY_SIZE, indent: float = 0.0, bold: bool = False,
                  fill: float = INK, what: str = "a paragraph", leading: float = 1.3, bullet: str = "") -> None:
        """Wrapped lines; a paragraph that reaches the foot of a sheet goes on on the next."""
        width = self.width
        lines = wrap(text, width - indent, size, self.metrics, bold, what)
        # a short paragraph stays whole; a longer one leaves no single line at the foot
        self.need((len(lines) if len(lines) <= 3 else 2) * size * leading, what)
        if self.width != width:  # it went on to a sheet where the column is wider
            lines = wrap(text, self.width - indent, size, self.metrics, bold, what)
        for i, line in enumerate(lines):
            bottom = self.take(size * leading, what, "shorten it")
            baseline = bottom + size * (leading - 1.0) + size * 0.1
            if bullet and i == 0:
                self.add(Text(self.x, baseline, bullet, size, bold=True, fill=fill))
            self.add(Text(self.x + indent, baseline, line, size, bold=bold, fill=fill))


class Sheet(Flow):
    """A page being filled from the top of its content box down, above the scale check.

    `continued`, if given, lets the text go on to further sheets: it is called with each new
    sheet to put its heading on (such as "How to play (continued)"), and `chain()` lists them.
    """

    def __init__(self, name: str, paper: str, metrics: Metrics, continued: Callable[[Sheet], None] | None = None):
        pw, ph = PAPERS[paper]
        self.box = content_box(paper)
        self.own_page = Page(name, pw, ph)
        self.paper = paper
        self.continued = continued
        self.next: Sheet | None = None
        self.used = False  # whether a flow has gone on to this sheet
        self.first: Sheet = self  # the sheet this one continues
        self.index = 1
        super().__init__(self, name, self.box.x, self.box.w, self.box.top, self.box.y + SCALE_CHECK_H, metrics)
        self.body_top = self.cursor

    def following(self, what: str = "the text") -> "Sheet":
        """The sheet after this one, made (with its heading) the first time it is asked for."""
        if self.next is None:
            if self.continued is None:
                raise LayoutError(f"{self.name} page: cannot continue on another sheet")
            if self.index >= MAX_SHEETS:
                raise LayoutError(f"{self.first.name} page: {what} would need more than {MAX_SHEETS} "
                                  "sheets; shorten it")
            nxt = Sheet(f"{self.first.name}-{self.index + 1}", self.paper, self.metrics, self.continued)
            nxt.index = self.index + 1
            nxt.first = self.first
            self.continued(nxt)
            nxt.body_top = nxt.cursor
            self.next = nxt
        return self.next

    def chain(self) -> list["Sheet"]:
        """This sheet and every sheet it continued on."""
        sheets: list[Sheet] = []
        sheet: Sheet | None = self
        while sheet is not None:
            sheets.append(sheet)
            sheet = sheet.next
        return sheets


def scale_check(box: Box, instruction: str, mm_label: str, inch_label: str, metrics: Metrics,
                page_label: str = "") -> list[Item]:
    """A 50 mm bar with millimetre ticks and a 2-inch bar, with one line saying how to use them."""
    items: list[Item] = []
    fit_line(instruction, box.w, SMALL_SIZE, metrics, False, "scale.instruction")
    items.append(Text(box.x, box.y + SCALE_CHECK_H - SMALL_SIZE - 0.6, instruction, SMALL_SIZE))
    base = box.y + 4.5
    items.extend(ruler(box.x, base, BAR_MM, bar_ticks()))
    items.append(Text(box.x + BAR_MM + 1.5, base + 0.3, mm_label, SMALL_SIZE))
    x2 = box.x + BAR_MM + 6.0 + metrics.width(mm_label, SMALL_SIZE)
    eighth = MM_PER_INCH / 8
    inch_ticks = [(i * eighth, 1.0 + 0.8 * (i % 4 == 0) + 1.0 * (i % 8 == 0)) for i in range(INCH_BAR_EIGHTHS + 1)]
    items.extend(ruler(x2, base, 2 * MM_PER_INCH, inch_ticks))
    items.append(Text(x2 + 2 * MM_PER_INCH + 1.5, base + 0.3, inch_label, SMALL_SIZE))
    if page_label:
        items.append(Text(box.right, base + 0.3, page_label, SMALL_SIZE, anchor="end"))
    return items


def ruler(x: float, y: float, length: float, ticks: list[tuple[float, float]]) -> list[Item]:
    """A bar `length` mm long on baseline y with upward ticks at (offset, height)."""
    items: list[Item] = [Line(x, y, x + length, y, width=0.25, role="scale")]
    for offset, height in ticks:
        items.append(Line(x + offset, y, x + offset, y + height, width=0.15, role="scale"))
    items.append(Rect(x, y - 1.2, length, 1.2, width=0.15, stroke=INK, fill=None, role="scale"))
    return items


def lowest_measurement(paper: str) -> float:
    """The shortest 50 mm bar a correction can make up for on `paper`, to 0.1 mm, rounded up.

    A correction enlarges every page about its centre; below this the content box (with the
    strokes drawn on its edge) would grow past the paper's edge and be cut off.

    >>> lowest_measurement("a4"), lowest_measurement("letter")
    (46.7, 47.5)
    """
    pw, ph = PAPERS[paper]
    w, h = CONTENT_W + 2 * STROKE_REACH, CONTENT_H + 2 * STROKE_REACH
    return math.ceil(BAR_MM * max(w / pw, h / ph) * 10 - 1e-9) / 10


def require_paper(paper: str) -> str:
    key = paper.lower()
    if key not in PAPERS:
        raise OptionError("paper", f'"{paper}" is not a known paper (a4, letter)')
    return key
