"""Paper sizes, the content box every page keeps to, and the scale check on every page."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from papergame.records import NamedTuple
from papergame.errors import LayoutError, OptionError
from papergame.layout.primitives import MM_PER_INCH, Group, Item, Line, Page, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.printmarks import BAR_MM, INCH_BAR_EIGHTHS, bar_ticks

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# The area A4 and Letter share (210 x 279.4 mm), less 8 mm for printers that cannot print
# to the edge: content inside it prints uncut on either paper.
CONTENT_W = 194.0
CONTENT_H = 263.0
STROKE_REACH = 1.0  # how far a line drawn along the content box's edge may reach past it (half its width, and corners)

# The kit's one type scale, in mm (1 pt = 0.3528 mm): every word of every page is set at one of these steps
# (as a `TypeProfile` sizes them), a page's own size for a word that is not running text (a port name, a
# token number, a tile id) raised to the profile's least size (`TypeProfile.at_least`):
TITLE = 7.0  # 19.8 pt: a page's title
HEADING = 4.6  # 13 pt: a heading
BODY = 3.9  # 11.05 pt: body text, worked examples, questions
CAPTION = 3.2  # 9.07 pt: captions, table heads (a child reads none under 10 pt: see blocks.py's read_size)
SMALL = 2.6  # 7.4 pt: the adult's small print: the footer, the scale check, printing and cutting advice
LEADING = 1.22  # the line height of running text, in em
SCALE_CHECK_H = 15.0
INK = 0.0
FAINT = 0.55
PT = 0.3528  # mm in a point


class TypeProfile(NamedTuple):
    """How every word of a kit is set: the sizes (mm) of the type scale above, and the spacing and face.

    Chosen once by option (standard, clear print, large print) and read by every page, so
    a page is laid out afresh at its sizes, never enlarged. The field names are the scale's
    constants in small letters (`BODY` is `body`, `SMALL` is `small`): a page that
    sets a word writes `ctx.type.body` where it wrote `BODY`, and a size of its own (a port
    name, a token number) through `ctx.type.at_least(size)`, so no word is under `least`.

    `tracking` and `word_gap` are extra space after each letter and at each word space, in em;
    the metrics a profile hands the layout (`Typeset`) measure them, and `finish` marks every
    text of a page with them so the renderer sets what was measured. `face` is the face the
    renderer sets text in: "" DejaVu Sans; "hyperlegible" Atkinson Hyperlegible (which tells
    l, I and 1 and 0 and O apart) for every text whose letters it has, DejaVu for the rest
    (Cyrillic). `start_only`: every text left-aligned, none centred or set to the right.
    """

    name: str = "standard"
    title: float = TITLE
    heading: float = HEADING
    body: float = BODY
    caption: float = CAPTION
    small: float = SMALL
    leading: float = LEADING  # line height of running text, in em
    least: float = 0.0  # no word is set smaller than this
    tracking: float = 0.0
    word_gap: float = 0.0
    face: str = ""
    start_only: bool = False
    footer_lines: int = 0  # lines of words in the profile's own footer (0: the standard footer)
    roomy_labels: bool = False  # tiles must leave their type numbers and ids room clear of the lines (large print)
    columns: int = 2  # the most columns a page of running text is set in

    def at_least(self, size: float) -> float:
        """A page's own size for a word, raised to the profile's least size (the same size in the standard profile)."""
        return size if size >= self.least else self.least

    @property
    def spaced(self) -> bool:
        return bool(self.tracking or self.word_gap)


STANDARD = TypeProfile()
# Clear print (RNIB's clear print guidance, and Galliussi et al. 2020: size with wider letter
# and word spacing together): body 14 pt, nothing under 12 pt, letters 0.1 em and words 0.16 em
# further apart (WCAG 1.4.12's word spacing), lines 1.5 apart for paragraphs.
CLEAR = TypeProfile("clear", title=20 * PT, heading=17 * PT, body=14 * PT, caption=12 * PT, small=12 * PT,
                    leading=1.45, least=12 * PT, tracking=0.1, word_gap=0.16, face="hyperlegible", footer_lines=3)
# Large print (UKAAF): every word 16 pt at least, body 18 pt, labels as large as body text
# where they fit, all of it left-aligned.
LARGE = TypeProfile("large", title=24 * PT, heading=20 * PT, body=18 * PT, caption=16 * PT, small=16 * PT,
                    leading=1.3, least=16 * PT, start_only=True, footer_lines=3, roomy_labels=True)


def type_profile(large_print: bool = False, clear_print: bool = False, corrected: bool = False) -> TypeProfile:
    """The profile the options ask for; both together: large print's sizes with clear print's spacing and face.

    `corrected`: the pages carry a printer correction's note, which a profile's footer gives a line of its own.
    """
    if large_print and clear_print:
        profile = LARGE._replace(name="large-clear", tracking=CLEAR.tracking, word_gap=CLEAR.word_gap,
                                 face=CLEAR.face, leading=max(LARGE.leading, CLEAR.leading),
                                 columns=1)  # wide type: one column
    else:
        profile = LARGE if large_print else CLEAR if clear_print else STANDARD
    return profile._replace(footer_lines=profile.footer_lines + 1) if corrected and profile.footer_lines else profile


class Typeset:
    """A font's metrics as a profile sets it: widths with the profile's letter and word spacing added.

    The layout measures every text with this, so a line that fits is a line that fits as printed.

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text) * size
    >>> Typeset(Mono(), CLEAR).width("ab c", 10.0) == 40.0 + 0.1 * 10 * 3 + 0.16 * 10
    True
    >>> Typeset(Mono(), STANDARD).width("ab c", 10.0)
    40.0
    """

    def __init__(self, font: Metrics, profile: TypeProfile = STANDARD):
        self.font = font
        self.type = profile

    def width(self, text: str, size: float, bold: bool = False) -> float:
        base = self.font.width(text, size, bold)
        if not self.type.spaced or not text:
            return base
        return base + size * (self.type.tracking * (len(text) - 1) + self.type.word_gap * text.count(" "))


# A page's title, the same on every page kind (`Flow.title` sets it): a band 1.2 em tall a line, its baseline 0.95 em
# under the band's top (0.25 em over its foot, the descenders' room), wrapped within 0.8 of the sheet's width
TITLE_BAND = 1.2
TITLE_DROP = 0.95
TITLE_MEASURE = 0.8
TITLE_GAP = 6.0  # between a title and words beside it on its line


def title_measure(width: float) -> float:
    """The widest a title's line may be on a sheet `width` wide."""
    return width * TITLE_MEASURE


def title_height(profile: "TypeProfile", text: str = "", metrics: Metrics | None = None,
                 width: float = CONTENT_W) -> float:
    """The height a title takes at the top of a page `width` wide (what `Flow.title` takes): one line, or as many as
    `text` wraps to in `metrics`."""
    lines = len(title_lines(text, title_measure(width), profile.title, metrics, "a title")) if text and metrics else 1
    return profile.title * TITLE_BAND * lines


def title_lines(title: str, width: float, size: float, metrics: Metrics, what: str) -> list[str]:
    """A title on one line where it fits, else wrapped (a profile's larger type; a long translation at the
    standard title size, such as the Ukrainian loops guide's)."""
    if metrics.width(title, size, True) <= width:
        return [fit_line(title, width, size, metrics, True, what)]
    return wrap(title, width, size, metrics, True, what)


def profile_of(metrics: Metrics) -> TypeProfile:
    """The profile a page's metrics set text by: their `type` (a `Typeset`'s, or a wrapper's that passes it on),
    the standard one for bare font metrics."""
    profile = getattr(metrics, "type", None)
    return profile if isinstance(profile, TypeProfile) else STANDARD


def typeset_text(item: Item, profile: TypeProfile) -> Item:
    """A text (or a group's texts) marked with the profile's face and spacing, left-aligned if the profile says so."""
    if isinstance(item, Group):
        return item._replace(items=tuple(typeset_text(i, profile) for i in item.items))
    if not isinstance(item, Text):
        return item
    changes: dict = {}
    if profile.face:
        changes["face"] = profile.face
    if profile.spaced:
        changes["tracking"], changes["word_gap"] = profile.tracking, profile.word_gap
    return item._replace(**changes) if changes else item


def typeset_page(page: Page, profile: TypeProfile) -> Page:
    """Every text of `page` as `profile` sets it (the page itself when the profile changes nothing)."""
    if not profile.face and not profile.spaced:
        return page
    return Page(page.name, page.width, page.height, [typeset_text(i, profile) for i in page.items])


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


# --- a paragraph: wrapped lines set as a block (the one route every page's paragraphs take) ---------

class Block(NamedTuple):
    """Something `height` mm tall that draws itself with its top-left at (x, top) in a column `width` wide.

    `split(room)`, when given, breaks the block into a part at most `room` mm tall and the rest (a paragraph
    at a column's foot), or says it cannot (None).
    """

    height: float
    draw: Callable[[float, float], list[Item]]
    what: str
    keep_with_next: bool = False
    split: Callable[[float], tuple["Block", "Block"] | None] | None = None
    first: float | None = None  # the least part of it that may stand at a column's foot (None: all of it)
    levels: bool = True  # it may also break to level the last sheet's columns (a paragraph); False: only where a
    # column runs out of room (a step, whose picture and words read as one, or the setup box)

    @property
    def least(self) -> float:
        return self.height if self.first is None else self.first


def text_lines(lines: list[str], x: float, top: float, size: float, bold: bool = False, fill: float = 0.0,
               anchor: str = "start", leading: float = LEADING) -> list[Item]:
    out: list[Item] = []
    for i, line in enumerate(lines):
        baseline = top - (i + 1) * size * leading + size * (leading - 1.0) + size * 0.12
        out.append(Text(x, baseline, line, size, bold=bold, anchor=anchor, fill=fill))
    return out


SPLIT_LINES = 2  # a paragraph broken at a column's foot leaves at least this many lines on each side


def lines_block(lines: list[str], size: float, bold: bool, bullet: str, inset: float, after: float, leading: float,
                what: str, fill: float = INK) -> Block:
    """A paragraph's lines as a block that can break after any line that leaves two lines on each side: the one way
    a paragraph is set, in a column of blocks (`blocks.ColumnPages`) or down a `Flow`."""
    line_h = size * leading

    def draw(x: float, top: float) -> list[Item]:
        items = text_lines(lines, x + inset, top, size, bold, fill, leading=leading)
        if bullet:
            items += text_lines([bullet], x, top, size, True, fill, leading=leading)
        return items

    def split(room: float) -> tuple[Block, Block] | None:
        count = min(int((room + 1e-6) // line_h), len(lines) - SPLIT_LINES)
        if count < SPLIT_LINES:
            return None
        return (lines_block(lines[:count], size, bold, bullet, inset, 0.0, leading, what, fill),
                lines_block(lines[count:], size, bold, "", inset, after, leading, what, fill))

    if len(lines) < 2 * SPLIT_LINES:
        return Block(len(lines) * line_h + after, draw, what)
    return Block(len(lines) * line_h + after, draw, what, split=split, first=SPLIT_LINES * line_h)


def heading_block(lines: list[str], size: float, leading: float, what: str, space: float = 1.0) -> Block:
    """A heading's lines in bold, 0.35 em (times `space`) above them and 0.6 mm below, kept with what follows: the one
    way a heading is set, in a column of blocks or down a `Flow`."""
    above = size * 0.35 * space

    def draw(x: float, top: float) -> list[Item]:
        return text_lines(lines, x, top - above, size, True, leading=leading)

    return Block(above + len(lines) * size * leading + 0.6, draw, what, keep_with_next=True)


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
    def type(self) -> TypeProfile:
        """The profile this flow's text is set by (its metrics')."""
        return profile_of(self.metrics)

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

    def title(self, text: str, what: str = "", beside: str = "", beside_size: float | None = None) -> float:
        """The page's title: the one way every page sets it (tests/test_architecture.py holds every page module to
        it), so every page kind's title has one size, one band and one width: bold at the profile's title size, each
        line in a band `TITLE_BAND` em tall with its baseline `TITLE_DROP` em under the band's top, wrapped within
        `title_measure` (0.8 of the sheet's width: the rest of its line is kept for what stands at the top right, a
        class set's kit stamp or the board's north mark) and within what `beside` leaves.

        `beside`: words on the title's line at the right (a practice sheet's number, at `beside_size`, the heading
        size unless given): at the right of its first line, or after its last in a profile that sets everything
        left-aligned. Returns the baseline of the title's last line."""
        t, metrics = self.type, self.metrics
        size, what = t.title, what or f"{self.name} page title"
        measure = title_measure(self.width)
        beside_size = t.heading if beside_size is None else beside_size
        room = self.width - metrics.width(beside, beside_size, True) - TITLE_GAP if beside else self.width
        lines = title_lines(text, measure if t.start_only else min(measure, room), size, metrics, what)
        if beside and t.start_only and metrics.width(lines[-1], size, True) > room:
            lines = title_lines(text, min(measure, room), size, metrics, what)  # its last line leaves the room
        baselines = []
        for line in lines:
            bottom = self.take(size * TITLE_BAND, "the title")
            baselines.append(bottom + size * (TITLE_BAND - TITLE_DROP))
            self.add(Text(self.x, baselines[-1], line, size, bold=True))
        if beside and t.start_only:
            x = self.x + metrics.width(lines[-1], size, True) + TITLE_GAP
            self.add(Text(x, baselines[-1], beside, beside_size, bold=True))
        elif beside:
            self.add(Text(self.x + self.width, baselines[0], beside, beside_size, bold=True, anchor="end"))
        return baselines[-1]

    def heading(self, text: str, size: float | None = None, keep: float | None = None) -> None:
        """A bold heading (`heading_block`, as a column of blocks sets it), kept on one sheet with the first `keep` mm
        of what follows it (two lines of body)."""
        size = self.type.heading if size is None else size
        keep = 2 * self.type.body * self.type.leading if keep is None else keep
        what, width = f"{self.name} page heading", self.width
        block = heading_block(wrap(text, width, size, self.metrics, True, what), size, self.type.leading, what)
        self.need(block.height + keep)  # never alone at the foot of a page
        if self.width != width:  # it went on to a sheet where the column is wider
            block = heading_block(wrap(text, self.width, size, self.metrics, True, what), size, self.type.leading, what)
        self.place(block)

    def paragraph(self, text: str, size: float | None = None, indent: float = 0.0, bold: bool = False,
                  fill: float = INK, what: str = "a paragraph", leading: float | None = None, bullet: str = "",
                  after: float = 0.0) -> None:
        """Wrapped lines, set as a column of blocks sets them (`lines_block`); a paragraph that reaches the foot of a
        sheet goes on on the next, two lines at least on each side (a short one stays whole)."""
        size = self.type.body if size is None else size
        leading = self.type.leading if leading is None else leading
        width = self.width
        block = lines_block(wrap(text, width - indent, size, self.metrics, bold, what), size, bold, bullet, indent,
                            after, leading, what, fill)
        self.need(block.least, what)
        if self.width != width:  # it went on to a sheet where the column is wider
            block = lines_block(wrap(text, self.width - indent, size, self.metrics, bold, what), size, bold, bullet,
                                indent, after, leading, what, fill)
        self.place(block)

    def place(self, block: Block) -> None:
        """A block at the cursor; one taller than the room left breaks where it may (`Block.split`) and goes on at
        the same column of the next sheet."""
        while not self.fits(block.height) and block.split is not None and self.can_break():
            parts = block.split(self.room)
            if parts is None:
                break
            first, block = parts
            self.add(*first.draw(self.x, self.cursor))
            self.take(first.height, first.what)
            self.break_page(block.what)
        self.need(block.height, block.what)
        top = self.cursor
        self.take(block.height, block.what, "shorten it")
        self.add(*block.draw(self.x, top))


class Sheet(Flow):
    """A page being filled from the top of its content box down, above the scale check.

    `continued`, if given, lets the text go on to further sheets: it is called with each new
    sheet to put its heading on (such as "How to play (continued)"), and `chain()` lists them.
    """

    def __init__(self, name: str, paper: str, metrics: Metrics, continued: Callable[[Sheet], object] | None = None):
        pw, ph = PAPERS[paper]
        self.box = content_box(paper)
        self.own_page = Page(name, pw, ph)
        self.paper = paper
        self.continued = continued
        self.next: Sheet | None = None
        self.used = False  # whether a flow has gone on to this sheet
        self.first: Sheet = self  # the sheet this one continues
        self.index = 1
        super().__init__(self, name, self.box.x, self.box.w, self.box.top,
                         self.box.y + footer_height(profile_of(metrics)), metrics)
        self.body_top = self.cursor
        self.scale_words = "scale.instruction"  # the text key of the line over the scale check
        self.label = ""  # the page's own name in its footer ("Sheet 3"), where a document's pages have one

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


FOOTER_BARS = 5.0  # mm below a profile footer's lines of words (the page's label, the instruction, any correction) for
# the bars and their labels
FOOTER_LEADING = 1.15


def footer_height(profile: TypeProfile) -> float:
    """The band at the foot of every page that the scale check and the page's label take, in mm."""
    if not profile.footer_lines:
        return SCALE_CHECK_H
    return profile.footer_lines * profile.small * FOOTER_LEADING + FOOTER_BARS


class FooterLabel(NamedTuple):
    """What the foot of a page says beside the scale check, in the forms it may take to fit.

    `whose` is the audience mark ("Players", "Host only"), set bold; `whole` the label on one line
    ("Game – Kit 7 – Page 3 of 110"); when that has no room, it goes on two lines: `title` (the
    game, shortened with an ellipsis if need be) above `place` ("Kit 7 – Page 3 of 110").
    """

    whole: str
    title: str = ""
    place: str = ""
    whose: str = ""

    @property
    def one_line(self) -> str:
        """The label and the mark on one line, for a footer that sets its lines one under another."""
        return " – ".join(part for part in (self.whose, self.whole) if part)


FOOTER_GAP = 3.0  # mm at least between two parts of the footer on one line
ELLIPSIS = "\u2026"


def shorten(text: str, width: float, size: float, metrics: Metrics, bold: bool = False) -> str:
    """`text` cut at a space (or, failing one, a letter) and ended with an ellipsis, to fit `width` mm.

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text)
    >>> shorten("Sechseckige Wegeplättchen", 30, 1, Mono()), shorten("Sechseckige Wegeplättchen", 16, 1, Mono())
    ('Sechseckige Wegeplättchen', 'Sechseckige…')
    """
    if metrics.width(text, size, bold) <= width:
        return text
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:n]).rstrip(" –-,:;") + ELLIPSIS
        if metrics.width(cut, size, bold) <= width:
            return cut
    for n in range(len(text) - 1, 0, -1):
        if metrics.width(text[:n] + ELLIPSIS, size, bold) <= width:
            return text[:n] + ELLIPSIS
    return ""


def scale_check(box: Box, instruction: str, mm_label: str, inch_label: str, metrics: Metrics,
                label: FooterLabel | None = None, note: str = "") -> list[Item]:
    """A 50 mm bar with millimetre ticks and a 2-inch bar, with one line saying how to use them, and the page's
    label and audience mark, each part in a width of its own so none overprints another.

    The instruction stands at the top left, the mark at the top right (bold); the bars along the foot, the
    label to their right in the width left after the inch bar's label: on one line when it fits, else the
    game's title (shortened if need be) over the kit and page. A mark with no room beside the instruction
    goes before the title. `note` (a correction's) goes under them in the standard footer, above them in a
    profile's own."""
    profile = profile_of(metrics)
    if profile.footer_lines:
        return profile_scale_check(box, instruction, mm_label, inch_label, metrics, label, profile, note)
    items: list[Item] = []
    fit_line(instruction, box.w, SMALL, metrics, False, "scale.instruction")
    top = box.y + SCALE_CHECK_H - SMALL - 0.6
    items.append(foot_text(box.x, top, instruction, SMALL))
    base = box.y + 4.5
    items.extend(ruler(box.x, base, BAR_MM, bar_ticks()))
    items.append(foot_text(box.x + BAR_MM + 1.5, base + 0.3, mm_label, SMALL))
    x2 = box.x + BAR_MM + 6.0 + metrics.width(mm_label, SMALL)
    eighth = MM_PER_INCH / 8
    inch_ticks = [(i * eighth, 1.0 + 0.8 * (i % 4 == 0) + 1.0 * (i % 8 == 0)) for i in range(INCH_BAR_EIGHTHS + 1)]
    items.extend(ruler(x2, base, 2 * MM_PER_INCH, inch_ticks))
    inch_x = x2 + 2 * MM_PER_INCH + 1.5
    items.append(foot_text(inch_x, base + 0.3, inch_label, SMALL))
    if label is not None:
        room = box.right - (inch_x + metrics.width(inch_label, SMALL) + FOOTER_GAP)  # the label's budget
        items += footer_label(box, label, room, instruction, top, base + 0.3, metrics)
    return items


def footer_label(box: Box, label: FooterLabel, room: float, instruction: str, top: float, baseline: float,
                 metrics: Metrics) -> list[Item]:
    """The audience mark and the page's label of the standard footer, each kept to its budget (see scale_check)."""
    items: list[Item] = []
    whose = label.whose
    mark_w = metrics.width(whose, SMALL, True) if whose else 0.0
    if whose and metrics.width(instruction, SMALL) + FOOTER_GAP + mark_w <= box.w:
        items.append(foot_text(box.right, top, whose, SMALL, bold=True, anchor="end"))
        whose = ""  # placed
    if not whose and metrics.width(label.whole, SMALL) <= room:
        return items + [foot_text(box.right, baseline, label.whole, SMALL, anchor="end")]
    place = label.place or label.whole
    fit_line(place, room, SMALL, metrics, False, "kit.page")  # the kit and page numbers are never cut
    items.append(foot_text(box.right, baseline, place, SMALL, anchor="end"))
    above = baseline + SMALL * 1.2
    title_room = room - (mark_w + FOOTER_GAP if whose else 0.0)
    title = shorten(label.title, title_room, SMALL, metrics) if label.place else ""
    if title:
        items.append(foot_text(box.right, above, title, SMALL, anchor="end"))
    if whose:
        x = box.right - (metrics.width(title, SMALL) + FOOTER_GAP if title else 0.0)
        fit_line(whose, room, SMALL, metrics, True, "kit.players")
        items.append(foot_text(x, above, whose, SMALL, bold=True, anchor="end"))
    return items


def profile_scale_check(box: Box, instruction: str, mm_label: str, inch_label: str, metrics: Metrics,
                        label: FooterLabel | None, profile: TypeProfile, note: str = "") -> list[Item]:
    """The scale check in a profile's larger footer type, every line left-aligned from the top of the band down:
    the page's label, the instruction, a correction's note, then the two bars with their labels beside them.

    A label that would take more lines than the footer has is set on one line with the game's title shortened
    (`short_label`); `footer_room` gives a document's footer the lines its instruction and note need besides."""
    size = profile.small
    line = size * FOOTER_LEADING
    top = box.y + footer_height(profile)
    items: list[Item] = []
    words = wrap(instruction, box.w, size, metrics, False, "scale.instruction")
    words += wrap(note, box.w, size, metrics, False, "scale.corrected") if note else []
    lines = wrap(label.one_line, box.w, size, metrics, False, "kit.footer") if label else []
    if label and len(lines) + len(words) > profile.footer_lines and len(lines) > 1:
        lines = [short_label(label, box.w, size, metrics)]
    lines += words
    if len(lines) > profile.footer_lines:
        raise LayoutError(f'scale.instruction: "{instruction}" takes too many lines at {size / PT:.0f} pt: the foot '
                          f"of a page has room for {profile.footer_lines} with the page's name and any correction; "
                          "shorten it")
    for i, text in enumerate(lines):
        items.append(foot_text(box.x, top - (i + 1) * line + size * 0.25, text, size))
    base = box.y + 1.5
    items.extend(ruler(box.x, base, BAR_MM, bar_ticks()))
    items.append(foot_text(box.x + BAR_MM + 1.5, base + 0.3, mm_label, size))
    x2 = box.x + BAR_MM + 6.0 + metrics.width(mm_label, size)
    eighth = MM_PER_INCH / 8
    inch_ticks = [(i * eighth, 1.0 + 0.8 * (i % 4 == 0) + 1.0 * (i % 8 == 0)) for i in range(INCH_BAR_EIGHTHS + 1)]
    items.extend(ruler(x2, base, 2 * MM_PER_INCH, inch_ticks))
    fit_line(inch_label, box.right - (x2 + 2 * MM_PER_INCH + 1.5), size, metrics, False, "scale.inch")
    items.append(foot_text(x2 + 2 * MM_PER_INCH + 1.5, base + 0.3, inch_label, size))
    return items


def short_label(label: FooterLabel, width: float, size: float, metrics: Metrics) -> str:
    """The label on one line `width` wide, the game's title shortened with an ellipsis: `Players – Losetas
    hexagonales… – Sheet 1` (the mark and the place are never cut)."""
    place = label.place or label.whole
    fixed = (label.whose + " – " if label.whose else "") + " – " + place
    title = shorten(label.title, width - metrics.width(fixed, size), size, metrics) if label.place else ""
    text = " – ".join(part for part in (label.whose, title, place) if part)
    return fit_line(text, width, size, metrics, False, "kit.footer")


def footer_lines_of(profile: TypeProfile, metrics: Metrics, instruction: str, note: str = "") -> int:
    """The lines a profile's footer takes for these words: one for the page's label (see `profile_scale_check`),
    the instruction's and any correction note's as they wrap at the footer's size. `metrics` measure the
    profile's face: the font's, or metrics that set text as `profile` does already (a sheet's)."""
    base = profile_of(metrics)
    typeset = metrics if (base.tracking, base.word_gap) == (profile.tracking, profile.word_gap) else Typeset(
        getattr(metrics, "font", metrics), profile)
    size = profile.small
    need = 1 + len(wrap(instruction, CONTENT_W, size, typeset, False, "scale.instruction"))
    return need + (len(wrap(note, CONTENT_W, size, typeset, False, "scale.corrected")) if note else 0)


def footer_words(profile: TypeProfile, metrics: Metrics, instruction: str, short: str, note: str = "") -> str:
    """The instruction a profile's footer prints: the whole one where its lines fit the footer's, else the
    `short` one (`scale.instruction_short`: the bar's length and 100%, one-sided)."""
    if not profile.footer_lines or not short or footer_lines_of(profile, metrics, instruction, note) <= \
            profile.footer_lines:
        return instruction
    return short


def footer_room(profile: TypeProfile, metrics: Metrics, instruction: str, note: str = "",
                short: str = "") -> TypeProfile:
    """`profile` with as many footer lines as a document's words need (`footer_lines_of`), the `short` instruction
    taken where the whole one does not fit (`footer_words`). The standard footer, and a profile's footer these
    words fit, are returned as they are: only a footer whose short instruction and correction note still need
    more lines (large print with a printer correction) grows."""
    if not profile.footer_lines:
        return profile
    words = footer_words(profile, metrics, instruction, short, note)
    need = footer_lines_of(profile, metrics, words, note)
    return profile._replace(footer_lines=need) if need > profile.footer_lines else profile


def ruler(x: float, y: float, length: float, ticks: list[tuple[float, float]]) -> list[Item]:
    """A bar `length` mm long on baseline y with upward ticks at (offset, height).

    The same bar is the same items (kept: every page's foot has two, where the PDF writer draws an item it has
    drawn before by copying what it wrote, `render.pdf.draw_items`)."""
    return list(_ruler(x, y, length, tuple(ticks)))


@lru_cache(maxsize=64, typed=True)
def _ruler(x: float, y: float, length: float, ticks: tuple[tuple[float, float], ...]) -> tuple[Item, ...]:
    items: list[Item] = [Line(x, y, x + length, y, width=0.25, role="scale")]
    for offset, height in ticks:
        items.append(Line(x + offset, y, x + offset, y + height, width=0.15, role="scale"))
    items.append(Rect(x, y - 1.2, length, 1.2, width=0.15, stroke=INK, fill=None, role="scale"))
    return tuple(items)


foot_text = lru_cache(maxsize=256, typed=True)(Text)
"""A text of a page's foot: the same words at the same place the same item, page after page (see `ruler`)."""


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
