"""Pages read by children and teachers: type sizes, and blocks that flow down columns onto more pages.

A page here is built from blocks (a heading, a paragraph, a row of pictures, a picture with
its text beside it). Each block knows its height for a column width; the blocks fill a
column from the top, then the next column, then a new sheet, so a long tile catalogue or
a long answer table simply takes more pages. A block taller than a whole column is the
only thing that cannot fit, and the error names that block.

Sizes are the type scale of `paper.py`, in mm: body text 11 pt, captions 9 pt, titles 19.8 pt; nothing a
child reads is set under SMALLEST_READ (10 pt): the rules' captions, record heads, labels on pictures.
"""

from __future__ import annotations

from typing import Callable, Sequence

from papergame.records import NamedTuple
from papergame.errors import LayoutError
from papergame.layout.paper import (  # noqa: F401 (the type scale, and the one way a paragraph is set)
    BODY, CAPTION, HEADING, LEADING, SPLIT_LINES, STANDARD, TITLE, Block, Sheet, TypeProfile, heading_block,
    lines_block, profile_of, text_lines, title_lines,
)
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap

PT = 0.3528
SMALLEST_READ = 3.55  # 10.06 pt: the smallest words a child reads (labels, captions, table heads, token names)
GUTTER = 7.0
SHADE = 0.9


class Fit(NamedTuple):
    """How tightly a page is set, as shares of its profile's sizes: the normal setting, or a step closer that a
    page takes only when it saves a sheet (`fitted`). Nothing a child reads goes under 10 pt (`label_size`)."""

    body: float = 1.0  # the body size, as a share of the profile's
    leading: float = 1.0  # the line height, as a share of the profile's
    space: float = 1.0  # gaps between blocks, as a share of the normal ones
    picture: float = 1.0  # the pictures' size, as a share of the normal one
    wrap_pictures: bool = False  # a step's text goes on under its picture once past it
    table_foot: float = 2.0  # mm kept under a table's last rule, clear of the footer's first line at a sheet's foot
    # (a large-print host key's table once ended 1.2 mm over the "Host only" under it, which read as its last row)
    sketch: bool = False  # only the sheet count is wanted (`fitted`): pictures may leave out what changes no
    # size (a tile's labels, whose places take long to find)
    lone_notes: bool = False  # a step's worked example may start a column alone (`step_block`): only where keeping it
    # with its step's words would cost a sheet (`fitted`)


NORMAL = Fit()
BULLET_INSET = 1.3  # a bulleted paragraph's lines start this many times its size in
TIGHT = Fit(1.0, 1.15 / LEADING, 0.6, 0.88, True, 0.0)  # lines and gaps closer, pictures smaller, text round them,
# a table down to the footer
SMALLER = Fit(3.75 / BODY, 1.15 / LEADING, 0.6, 0.8, True, 0.0)  # ... and the body 10.6 pt, when that alone is not enough


def read_size(t: TypeProfile) -> float:
    """The size of the smallest words a child reads in profile `t`: its captions, never under SMALLEST_READ (10 pt)."""
    return t.caption if t.caption >= SMALLEST_READ else SMALLEST_READ


def label_size(metrics: Metrics) -> float:
    """`read_size` of the profile a page's `metrics` set text by."""
    return read_size(profile_of(metrics))


def body_of(t: TypeProfile, fit: Fit) -> float:
    return t.body if fit.body == 1.0 else t.at_least(max(t.body * fit.body, SMALLEST_READ))


def leading_of(t: TypeProfile, fit: Fit) -> float:
    return t.leading if fit.leading == 1.0 else t.leading * fit.leading


def name_and_date(sheet: Sheet, base: float, name: str, date: str, details: str, metrics: Metrics) -> None:
    """A pupil's "Name ____ Date __" line on `base`, leaving room at the right for the sheet's `details`."""
    t = profile_of(metrics)
    name_w, date_w = metrics.width(name, t.body, True), metrics.width(date, t.body, True)
    room = sheet.width - metrics.width(details, t.caption) - name_w - date_w - 14.0
    x = sheet.x
    sheet.add(Text(x, base, name, t.body, bold=True))
    x += name_w + 2.0
    sheet.add(Line(x, base - 0.8, x + room * 0.68, base - 0.8, width=0.25))
    x += room * 0.68 + 4.0
    sheet.add(Text(x, base, date, t.body, bold=True))
    x += date_w + 2.0
    sheet.add(Line(x, base - 0.8, x + room * 0.32, base - 0.8, width=0.25))


def rule_across(sheet: Sheet) -> None:
    """A rule across the sheet under what is above it (a practice or key sheet's head), with room under it."""
    sheet.gap(1.0)
    sheet.add(Line(sheet.x, sheet.cursor, sheet.x + sheet.width, sheet.cursor, width=0.4))
    sheet.gap(2.5)


def key_head(sheet: Sheet, details: str, keep: str, legend: str, legend_key: str, t: TypeProfile,
             metrics: Metrics) -> None:
    """What a key sheet has under its top line: the keep-away banner with the sheet's details, the key's
    legend (`legend`, the words of the text key `legend_key`) and a rule across."""
    sheet.gap(1.5)
    keep_away_banner(sheet, keep, details, t.caption, metrics)
    sheet.gap(1.0)
    sheet.paragraph(legend, size=t.body, what=legend_key)
    rule_across(sheet)


def keep_away_banner(sheet: Sheet, keep: str, details: str, details_size: float, metrics: Metrics) -> None:
    """A key page's dashed "keep this from the pupils" banner, with the sheet's `details` at the right (under it,
    when a profile's wider type leaves no room beside it; in a left-aligned profile, after it or under it at the
    left)."""
    body = profile_of(metrics).body
    room = sheet.width - metrics.width(details, details_size) - 12
    wrapped = sheet.type is not STANDARD and metrics.width(keep, body, True) > room  # a profile's wider type
    if wrapped:
        lines = wrap(keep, sheet.width - 6, body, metrics, True, "worksheet.key_keep_away")
        high = len(lines) * body * 1.3 + 2.5
        bottom = sheet.take(high + 0.4, "the banner")
        sheet.add(Rect(sheet.x, bottom - 0.3 + 0.4, sheet.width, high, width=0.8, stroke=0.0, fill=None,
                       dash=(2.0, 1.2)))
        for i, line in enumerate(lines):
            sheet.add(Text(sheet.x + 3, bottom + high - (i + 1) * body * 1.3 + 0.6, line, body, bold=True))
        bottom = sheet.take(details_size * 1.5, "the banner")
    else:
        fit_line(keep, room, body, metrics, True, "worksheet.key_keep_away")
        bottom = sheet.take(8.0, "the banner")
        sheet.add(Rect(sheet.x, bottom - 0.3, metrics.width(keep, body, True) + 6, 7.6, width=0.8,
                       stroke=0.0, fill=None, dash=(2.0, 1.2)))
        sheet.add(Text(sheet.x + 3, bottom + 2.0, keep, body, bold=True))
    if sheet.type.start_only:  # left-aligned: under a wrapped banner at its left, else just after the banner
        x = sheet.x if wrapped else sheet.x + metrics.width(keep, body, True) + 10
        sheet.add(Text(x, bottom + 2.0, details, details_size))
    else:
        sheet.add(Text(sheet.x + sheet.width, bottom + 2.0, details, details_size, anchor="end"))


def paragraph(text: str, width: float, metrics: Metrics, what: str, size: float | None = None, bold: bool = False,
              bullet: str = "", indent: float = 0.0, after: float = 0.9, fit: Fit = NORMAL) -> Block:
    """Wrapped lines at `size` (the profile's body size by default); long enough, it may break at a column's foot."""
    t = profile_of(metrics)
    size = body_of(t, fit) if size is None else t.at_least(size)
    inset = indent or (size * BULLET_INSET if bullet else 0.0)
    return lines_block(wrap(text, width - inset, size, metrics, bold, what), size, bold, bullet, inset,
                       after * fit.space, leading_of(t, fit), what)


def heading(text: str, width: float, metrics: Metrics, what: str, size: float | None = None,
            fit: Fit = NORMAL) -> Block:
    t = profile_of(metrics)
    size = t.heading if size is None else t.at_least(size)
    return heading_block(wrap(text, width, size, metrics, True, what), size, leading_of(t, fit), what, fit.space)


class Figure(NamedTuple):
    """Items drawn with their bottom-left at the origin, their size, and a caption below."""

    items: Sequence[Item]
    width: float
    height: float
    caption: str = ""


def figure_row(figures: Sequence[Figure], width: float, metrics: Metrics, what: str,
               size: float | None = None, fit: Fit = NORMAL) -> Block:
    """Figures side by side across the column, each in a place its width plus a share of the rest.

    Captions are centred under their pictures (a label belongs under what it names), at the size of the
    smallest words a child reads (`label_size`)."""
    t = profile_of(metrics)
    size = label_size(metrics) if size is None else t.at_least(size)
    leading = leading_of(t, fit)
    spare = width - sum(f.width for f in figures)
    if spare < -1e-6:
        raise LayoutError(f"{what}: pictures {width - spare:.0f} mm wide together do not fit a {width:.0f} mm column")
    slots = [f.width + spare / len(figures) for f in figures]
    captions = [wrap(f.caption, slot - 1.5, size, metrics, what=what) if f.caption else []
                for f, slot in zip(figures, slots)]
    cap_h = max((len(c) for c in captions), default=0) * size * leading
    tallest = max(f.height for f in figures)

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        left = x
        for f, lines, slot in zip(figures, captions, slots):
            fig_top = top - 1.0
            items.append(Group(left + (slot - f.width) / 2, fig_top - tallest + (tallest - f.height) / 2, 0,
                               tuple(f.items)))
            if t.start_only:  # a profile that sets every text left-aligned: the caption from the picture's left
                items += text_lines(lines, left + (slot - f.width) / 2, fig_top - tallest - 0.8, size, leading=leading)
            else:
                items += text_lines(lines, left + slot / 2, fig_top - tallest - 0.8, size, anchor="middle",
                                    leading=leading)
            left += slot
        return items

    return Block(1.0 + tallest + 0.8 + cap_h + 2.0 * fit.space, draw, what)


def figure_grid(figures: Sequence[Figure], width: float, per_row: int, metrics: Metrics, what: str,
                fit: Fit = NORMAL) -> list[Block]:
    """A catalogue: rows of `per_row` equal places, each row its own block so rows flow onto more pages."""
    slot = width / per_row
    rows = []
    for i in range(0, len(figures), per_row):
        row = [Figure((Group((slot - f.width) / 2, 0, 0, tuple(f.items)),), slot, f.height, f.caption)
               if f.width <= slot else f for f in figures[i:i + per_row]]
        row += [Figure((), slot, 0)] * (per_row - len(row))
        rows.append(figure_row(row, width, metrics, what, fit=fit))
    return rows


def step(picture: Figure, text: str, width: float, metrics: Metrics, what: str, number: str = "",
         note: str = "", size: float | None = None, note_size: float | None = None, fit: Fit = NORMAL) -> Block:
    """A picture on the left and its short text beside it, with an optional note under the text (black, as
    large as the text by default: a worked example is read, not glanced at)."""
    t = profile_of(metrics)
    size = body_of(t, fit) if size is None else t.at_least(size)
    note_size = body_of(t, fit) if note_size is None else t.at_least(note_size)
    leading = leading_of(t, fit)
    pic_w = picture.width
    text_x = pic_w + 3.0
    inset = size * 1.4 if number else 0.0
    beside = width - text_x - inset
    if not fit.wrap_pictures or "\n" in text + note:
        lines = wrap(text, beside, size, metrics, what=what)
        notes = wrap(note, beside, note_size, metrics, what=what) if note else []
        text_h = len(lines) * size * leading + (1.0 + len(notes) * note_size * leading if notes else 0.0)
        dx, note_top = text_x + inset, len(lines) * size * leading + 1.0
        every = [(dx, i * size * leading, line, size) for i, line in enumerate(lines)]
        every += [(dx, note_top + j * note_size * leading, line, note_size) for j, line in enumerate(notes)]
        return step_block(max(picture.height, text_h) + 1.5 * fit.space, what, picture, number, text_x, size, every,
                          leading, fit, len(lines))

    # the text goes on under the picture, the column's whole width, once it is past the picture's foot
    def under(depth: float) -> bool:
        return depth >= picture.height + 1.0

    placed: list[StepLine] = []
    depth = 0.0
    text_lines_count = 0
    for words, line_size, gap in ((text, size, 0.0), (note, note_size, 1.0)):
        if not words:
            continue
        if gap:
            text_lines_count = len(placed)
        depth += gap
        line_h = line_size * leading

        def widths(i: int, d: float = depth, h: float = line_h) -> float:
            return width if under(d + i * h) else beside

        for line in wrap_widths(words, widths, line_size, metrics, what):
            placed.append((0.0 if under(depth) else text_x + inset, depth, line, line_size))
            depth += line_h
    return step_block(max(picture.height, depth) + 1.5 * fit.space, what, picture, number, text_x, size, placed,
                      leading, fit, text_lines_count or len(placed))


STEP_SPLIT_LINES = 6  # the fewest lines a step may break in (two or more on each side, as a paragraph's)
StepLine = tuple[float, float, str, float]  # a step's line: its x offset, the depth of its top, its words, its size


def step_block(height: float, what: str, picture: Figure, number: str, text_x: float, size: float,
               lines: list[StepLine], leading: float, fit: Fit, text_count: int) -> Block:
    """A step `height` mm tall: its picture, its number and its `lines`, each where `step` placed it. It may break
    at a column's foot as a paragraph does: the picture, its number and at least two lines stay together, and at
    least two lines go on at the top of the next column, where they keep the place across they had (the step's
    indent, or the column's left under the picture). A step is read as one instruction, so it breaks less readily
    than a paragraph: a short one (under STEP_SPLIT_LINES) never does, nor one that would break only to level the
    last sheet's columns. The first `text_count` lines are the step's text, the rest its note (the worked example
    under it): a note goes on at the top of the next column only with two lines or more of the text before it, never
    alone, where it would read as a line apart from any step ("12 en A1 : Blanc va de A1/S1 ..."), unless
    `fit.lone_notes` (where that alone saves a sheet)."""
    after = 1.5 * fit.space

    def foot(taken: list[StepLine]) -> float:
        return taken[-1][1] + taken[-1][3] * leading

    def part(taken: list[StepLine], with_picture: bool, high: float) -> Block:
        def draw(x: float, top: float) -> list[Item]:
            items: list[Item] = []
            if with_picture:
                items.append(Group(x, top - picture.height, 0, tuple(picture.items)))
                if number:
                    items += text_lines([number], x + text_x, top, size, True, leading=leading)
            for dx, depth, line, line_size in taken:
                items += text_lines([line], x + dx, top - depth, line_size, leading=leading)
            return items

        return Block(high, draw, what)

    whole = part(lines, True, height)
    if len(lines) < STEP_SPLIT_LINES:
        return whole

    def allowed(count: int) -> bool:
        """Whether the step may break after its first `count` lines: not to carry its note over alone, or with a
        single line of its text."""
        return fit.lone_notes or not (count <= text_count < len(lines) and text_count - count < SPLIT_LINES)

    counts = [count for count in range(len(lines) - SPLIT_LINES, SPLIT_LINES - 1, -1) if allowed(count)]
    if not counts:
        return whole

    def split(room: float) -> tuple[Block, Block] | None:
        for count in counts:
            head = max(picture.height, foot(lines[:count]))
            if head <= room + 1e-6:
                shift = lines[count][1]
                rest = [(dx, depth - shift, line, line_size) for dx, depth, line, line_size in lines[count:]]
                return part(lines[:count], True, head), part(rest, False, foot(rest) + after)
        return None

    least = max(picture.height, foot(lines[:counts[-1]]))
    return whole._replace(split=split, first=least, levels=False)


def wrap_widths(text: str, widths: Callable[[int], float], size: float, metrics: Metrics, what: str) -> list[str]:
    """`wrap`, with line i no wider than `widths(i)` mm (text beside a picture, then under it).

    >>> class Mono:
    ...     def width(self, text, size, bold=False): return len(text)
    >>> wrap_widths("aa bb cc dd ee", lambda i: 5 if i < 1 else 8, 1, Mono(), "a text")
    ['aa bb', 'cc dd ee']
    """
    lines: list[str] = []
    current = ""
    for word in (w for w in text.replace("\t", " ").split(" ") if w):
        trial = f"{current} {word}" if current else word
        if metrics.width(trial, size) <= widths(len(lines)):
            current = trial
            continue
        if current:
            lines.append(current)
        if metrics.width(word, size) > widths(len(lines)):
            raise LayoutError(f'{what}: the word "{word}" is wider than its box ({widths(len(lines)):.0f} mm)')
        current = word
    lines.append(current)
    return lines


def boxed(block: Block, width: float, pad: float = 2.5, shade: float | None = None, fit: Fit = NORMAL,
          continued: Block | None = None) -> Block:
    """A block inside a frame `width` wide (the setup box); draw the inner block `2 * pad` narrower. Broken at a
    column's foot, each part has a frame of its own, and the part carried over has `continued` over it (its heading
    said again: "Setting up (continued)"), so the top of the next column does not read as a box of its own."""

    def draw(x: float, top: float) -> list[Item]:
        frame = Rect(x, top - block.height - 2 * pad, width, block.height + 2 * pad, width=0.35, fill=shade)
        return [frame] + block.draw(x + pad, top - pad)

    whole = Block(block.height + 2 * pad + 1.5 * fit.space, draw, block.what, block.keep_with_next)
    inner = block.split
    if inner is None:
        return whole

    def split(room: float) -> tuple[Block, Block] | None:
        # a frame round each part: the box closed at the column's foot and opened again at the next column's top
        parts = inner(room - 2 * pad - 1.5 * fit.space)
        if parts is None:
            return None
        head, rest = (boxed(part, width, pad, shade, fit, continued) for part in parts)
        if continued is not None:
            rest = stack([continued, rest], rest.what, breakable=True)._replace(levels=False)
        return head, rest

    return whole._replace(split=split, first=block.least + 2 * pad + 1.5 * fit.space, levels=False)


Placed = tuple[Sheet, int, float, Block]  # a block on a sheet: its column and the top it is drawn from


class SheetFull(Exception):
    """A trial layout of a sheet's blocks needed another sheet."""


class ColumnPages:
    """Blocks flowing down `columns` columns, onto as many sheets as they need."""

    def __init__(self, name: str, paper: str, metrics: Metrics, title: str, continued: str, columns: int = 2,
                 stamp: Callable[[Sheet], None] | None = None):
        self.name, self.paper, self.metrics = name, paper, metrics
        self.title, self.continued, self.columns = title, continued, min(columns, profile_of(metrics).columns)
        self.stamp = stamp
        self.sheets: list[Sheet] = []
        self.column = 0
        self.cap: float | None = None  # while balancing: the columns' foot on this sheet, above its floor
        self.broken: dict[int, tuple[Block, Block]] = {}  # a part carried over (by id): the part before it, the whole
        self.new_sheet()

    @property
    def column_width(self) -> float:
        return (self.sheet.width - GUTTER * (self.columns - 1)) / self.columns

    @property
    def room(self) -> float:
        return self.cursor - (self.sheet.floor if self.cap is None else self.cap)

    def new_sheet(self) -> None:
        if self.cap is not None:
            raise SheetFull
        sheet = Sheet(f"{self.name}-{len(self.sheets) + 1}" if self.sheets else self.name, self.paper, self.metrics)
        title = self.title if not self.sheets else self.continued
        sheet.title(title, f"{self.name} page title")
        sheet.gap(1.5)
        if self.stamp:
            self.stamp(sheet)
        self.sheets.append(sheet)
        self.sheet = sheet
        self.column = 0
        self.page_room = sheet.cursor - sheet.floor
        self.top = self.cursor = sheet.cursor

    def full_width(self, blocks: Sequence[Block]) -> None:
        """Blocks across every column, above this sheet's columns (a new sheet once columns have begun)."""
        for block in blocks:
            if self.column or self.cursor != self.top or block.height > self.room + 1e-6:
                self.new_sheet()
            self._check(block)
            self.sheet.add(*block.draw(self.sheet.x, self.cursor))
            self.cursor -= block.height
            self.top = self.cursor

    def _check(self, block: Block) -> None:
        if block.height > self.page_room + 1e-6:
            raise LayoutError(f"{self.name} page: {block.what} does not fit on a page: it needs "
                              f"{block.height:.1f} mm and a page holds {self.page_room:.1f} mm")

    def next_column(self) -> None:
        self.column += 1
        if self.column >= self.columns:
            self.new_sheet()
        else:
            self.cursor = self.top

    def add(self, blocks: Sequence[Block]) -> None:
        """Blocks in order down the columns; a heading stays with the block after it, a long paragraph may break at
        a column's foot (two lines at least each side), and the last sheet's columns end about level."""
        self.broken = {}  # the parts `balanced` may join again are this call's
        placed = self.flow(list(blocks))
        last = [p for p in placed if p[0] is self.sheet]
        if self.columns > 1 and last and last[0][1] == 0 and abs(last[0][2] - self.top) < 1e-6:
            placed = placed[:len(placed) - len(last)] + self.balanced(last)
        for sheet, column, top, block in placed:
            sheet.add(*block.draw(sheet.x + column * (self.column_width + GUTTER), top))

    def lifted(self, placed: list[Placed], count: int) -> list[Block]:
        """The last `count` blocks placed (the headings kept with a block that goes on in the next column whole), taken
        off again where they all stand in this column below its top: left there, a heading would stand alone at a
        column's foot. That happens while the last sheet's columns are levelled, where a step may not break (a block
        that breaks only for room), and where a block's least part fits and it still finds no place to break."""
        tail = placed[len(placed) - count:] if count else []
        if not tail or tail[0][2] >= self.top - 1e-6 or any(sheet is not self.sheet or column != self.column
                                                            for sheet, column, _, _ in tail):
            return []
        del placed[len(placed) - count:]
        return [block for *_, block in tail]

    def flow(self, blocks: list[Block]) -> list[Placed]:
        """Where each block goes, making sheets as they are needed."""
        placed: list[Placed] = []
        i = 0
        while i < len(blocks):
            group = [blocks[i]]
            while group[-1].keep_with_next and i + len(group) < len(blocks):
                group.append(blocks[i + len(group)])
            need = sum(b.height for b in group[:-1]) + group[-1].least
            if need > self.room + 1e-6 and self.cursor != self.top:
                self.next_column()
            for k, block in enumerate(group):
                while block.height > self.room + 1e-6:
                    split = block.split if block.levels or self.cap is None else None  # some break only for room
                    parts = split(self.room) if split is not None else None
                    if parts is not None:
                        whole = block
                        head, block = parts
                        self.broken[id(block)] = (head, whole)
                        placed.append((self.sheet, self.column, self.cursor, head))
                        self.next_column()
                    elif self.cursor != self.top:
                        lifted = self.lifted(placed, k)
                        self.next_column()
                        for kept in lifted:  # the headings over it go on with it
                            placed.append((self.sheet, self.column, self.cursor, kept))
                            self.cursor -= kept.height
                    else:  # a sheet's first column, still too short
                        self._check(block)
                        self.new_sheet()
                placed.append((self.sheet, self.column, self.cursor, block))
                self.cursor -= block.height
            i += len(group)
        return placed

    def balanced(self, last: list[Placed]) -> list[Placed]:
        """The last sheet's blocks again, its columns no longer than they need to be to hold them all. A block that
        broke at a column's foot of this sheet is set again whole: its parts, set one under the other in a column, would
        leave the gap the picture beside its first part left (a step), and a block breaks only for room."""
        blocks: list[Block] = []
        for _, _, _, block in last:
            while blocks and id(block) in self.broken and self.broken[id(block)][0] is blocks[-1]:
                block = self.broken[id(block)][1]
                blocks.pop()
            blocks.append(block)
        end = (self.column, self.cursor)
        low, high = self.top - sum(b.height for b in blocks) / self.columns, self.sheet.floor
        best = last
        for _ in range(12):  # the highest foot that still holds them, to 0.05 mm
            cap = (low + high) / 2
            self.column, self.cursor, self.cap = 0, self.top, cap
            try:
                best, high, end = self.flow(blocks), cap, (self.column, self.cursor)
            except SheetFull:
                low = cap
            finally:
                self.cap = None
        self.column, self.cursor = end
        return best


def stack(blocks: list[Block], what: str, breakable: bool = False) -> Block:
    """Blocks one under the other, as one block: kept together, or (`breakable`) broken at a column's foot between
    two of its blocks or inside one that breaks (a paragraph, a step), never after a heading."""

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        for b in blocks:
            items += b.draw(x, top)
            top -= b.height
        return items

    def split(room: float) -> tuple[Block, Block] | None:
        used = 0.0
        for i, block in enumerate(blocks):
            if used + block.height > room + 1e-6:
                break
            used += block.height
        else:
            return None
        parts = block.split(room - used) if block.split is not None and used + block.least <= room + 1e-6 else None
        if parts is not None and (i == 0 or not blocks[i - 1].keep_with_next):
            return (stack([*blocks[:i], parts[0]], what, True), stack([parts[1], *blocks[i + 1:]], what, True))
        while i > 0 and blocks[i - 1].keep_with_next:
            i -= 1
        if i == 0:
            return None
        return stack(blocks[:i], what, True), stack(blocks[i:], what, True)

    whole = Block(sum(b.height for b in blocks), draw, what)
    if not breakable or len(blocks) < 2 and (not blocks or blocks[0].split is None):
        return whole
    kept = next((i for i, b in enumerate(blocks) if not b.keep_with_next), len(blocks) - 1)  # headings and what follows
    return whole._replace(split=split, first=sum(b.height for b in blocks[:kept]) + blocks[kept].least)


def page_steps(metrics: Metrics) -> tuple[Fit, ...]:
    """The steps a players' page of running text (the rules) may take when that saves a sheet: `TIGHT`, then
    `SMALLER`'s 10.6 pt body in the standard profile only; large and clear print keep the body size they are
    made for (18 and 14 pt) and take `TIGHT`'s closer lines and gaps alone."""
    return (TIGHT, SMALLER) if profile_of(metrics) is STANDARD else (TIGHT,)


def host_steps(metrics: Metrics) -> tuple[Fit, ...]:
    """The steps the host's pages (host key and guide) may take when that saves a sheet: `TIGHT`'s closer lines and
    gaps, never a smaller body (large print keeps its sizes); none in a profile that spaces its type (clear print),
    whose wider line spacing is what it is for (its English guide would shed a sheet at `TIGHT` too, and the
    translations, a sheet longer, stay one behind it)."""
    return () if profile_of(metrics).spaced else (TIGHT,)


def fitted(make: Callable[[Fit], list[Sheet]], steps: Sequence[Fit] = (TIGHT, SMALLER)) -> list[Sheet]:
    """Pages set at the normal scale, or one small step tighter (`TIGHT`, then `SMALLER`: `steps`) when that saves a
    sheet: a translation a little longer than the English keeps the English sheet count. The setting is chosen with a
    step's worked example free to start a column alone (`Fit.lone_notes`); the pages are then set at that setting
    with each example kept with its step's words, unless that takes a sheet more."""
    strict = make(NORMAL)
    if len(strict) == 1:  # one sheet: nothing to choose, nothing to lose
        return strict
    count, fit = chosen(lambda f: len(make(f._replace(sketch=True))), [f._replace(lone_notes=True) for f in steps],
                        NORMAL._replace(lone_notes=True))
    if fit._replace(lone_notes=False) == NORMAL and len(strict) <= count:
        return strict
    kept = make(fit._replace(lone_notes=False))
    return kept if len(kept) <= count else make(fit)


def chosen(count: Callable[[Fit], int], steps: Sequence[Fit], first: Fit) -> tuple[int, Fit]:
    """`fitted`'s choice of a setting: `first`, or the first of `steps` that takes fewer sheets, as `count` (on a
    sketch) counts them; with its count."""
    sheets = count(first)
    for fit in steps:
        if sheets == 1:
            break
        fewer = count(fit)
        if fewer < sheets:
            return fewer, fit
    return sheets, first
