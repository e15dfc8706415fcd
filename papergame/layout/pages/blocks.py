"""Pages read by children and teachers: type sizes, and blocks that flow down columns onto more pages.

A page here is built from blocks (a heading, a paragraph, a row of pictures, a picture with
its text beside it). Each block knows its height for a column width; the blocks fill a
column from the top, then the next column, then a new sheet, so a long tile catalogue or
a long answer table simply takes more pages. A block taller than a whole column is the
only thing that cannot fit, and the error names that block.

Sizes are the type scale of `paper.py`, in mm: body text 11 pt, captions 9 pt, titles 19.8 pt.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from papergame.errors import LayoutError
from papergame.layout.paper import (  # noqa: F401 (the type scale)
    BODY, CAPTION, HEADING, LEADING, STANDARD, TITLE, Sheet, profile_of, title_lines,
)
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap

PT = 0.3528
GUTTER = 7.0
SHADE = 0.9


class Block(NamedTuple):
    """Something `height` mm tall that draws itself with its top-left at (x, top) in a column `width` wide."""

    height: float
    draw: Callable[[float, float], list[Item]]
    what: str
    keep_with_next: bool = False


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


def keep_away_banner(sheet: Sheet, keep: str, details: str, details_size: float, metrics: Metrics) -> None:
    """A key page's dashed "keep this from the pupils" banner, with the sheet's `details` at the right (under it,
    when a profile's wider type leaves no room beside it)."""
    body = profile_of(metrics).body
    room = sheet.width - metrics.width(details, details_size) - 12
    if sheet.type is not STANDARD and metrics.width(keep, body, True) > room:  # a profile's wider type
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
    sheet.add(Text(sheet.x + sheet.width, bottom + 2.0, details, details_size, anchor="end"))


def text_lines(lines: list[str], x: float, top: float, size: float, bold: bool = False, fill: float = 0.0,
               anchor: str = "start", leading: float = LEADING) -> list[Item]:
    out: list[Item] = []
    for i, line in enumerate(lines):
        baseline = top - (i + 1) * size * leading + size * (leading - 1.0) + size * 0.12
        out.append(Text(x, baseline, line, size, bold=bold, anchor=anchor, fill=fill))
    return out


def paragraph(text: str, width: float, metrics: Metrics, what: str, size: float | None = None, bold: bool = False,
              bullet: str = "", indent: float = 0.0, after: float = 0.9) -> Block:
    """Wrapped lines at `size` (the profile's body size by default)."""
    t = profile_of(metrics)
    size = t.body if size is None else t.at_least(size)
    inset = indent or (size * 1.3 if bullet else 0.0)
    lines = wrap(text, width - inset, size, metrics, bold, what)
    leading = t.leading

    def draw(x: float, top: float) -> list[Item]:
        items = text_lines(lines, x + inset, top, size, bold, leading=leading)
        if bullet:
            items += text_lines([bullet], x, top, size, True, leading=leading)
        return items

    return Block(len(lines) * size * leading + after, draw, what)


def heading(text: str, width: float, metrics: Metrics, what: str, size: float | None = None) -> Block:
    t = profile_of(metrics)
    size = t.heading if size is None else t.at_least(size)
    lines = wrap(text, width, size, metrics, True, what)
    leading = t.leading

    def draw(x: float, top: float) -> list[Item]:
        return text_lines(lines, x, top - size * 0.35, size, True, leading=leading)

    return Block(size * 0.35 + len(lines) * size * leading + 0.6, draw, what, keep_with_next=True)


class Figure(NamedTuple):
    """Items drawn with their bottom-left at the origin, their size, and a caption below."""

    items: Sequence[Item]
    width: float
    height: float
    caption: str = ""


def figure_row(figures: Sequence[Figure], width: float, metrics: Metrics, what: str,
               size: float | None = None) -> Block:
    """Figures side by side across the column, each in a place its width plus a share of the rest.

    Captions are centred under their pictures (a label belongs under what it names) at the
    profile's caption size."""
    t = profile_of(metrics)
    size = t.caption if size is None else t.at_least(size)
    leading = t.leading
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

    return Block(1.0 + tallest + 0.8 + cap_h + 2.0, draw, what)


def figure_grid(figures: Sequence[Figure], width: float, per_row: int, metrics: Metrics, what: str) -> list[Block]:
    """A catalogue: rows of `per_row` equal places, each row its own block so rows flow onto more pages."""
    slot = width / per_row
    rows = []
    for i in range(0, len(figures), per_row):
        row = [Figure((Group((slot - f.width) / 2, 0, 0, tuple(f.items)),), slot, f.height, f.caption)
               if f.width <= slot else f for f in figures[i:i + per_row]]
        row += [Figure((), slot, 0)] * (per_row - len(row))
        rows.append(figure_row(row, width, metrics, what))
    return rows


def step(picture: Figure, text: str, width: float, metrics: Metrics, what: str, number: str = "",
         note: str = "", size: float | None = None, note_size: float | None = None) -> Block:
    """A picture on the left and its short text beside it, with an optional note under the text (black, as
    large as the text by default: a worked example is read, not glanced at)."""
    t = profile_of(metrics)
    size = t.body if size is None else t.at_least(size)
    note_size = t.body if note_size is None else t.at_least(note_size)
    leading = t.leading
    pic_w = picture.width
    text_x = pic_w + 3.0
    inset = size * 1.4 if number else 0.0
    lines = wrap(text, width - text_x - inset, size, metrics, what=what)
    notes = wrap(note, width - text_x - inset, note_size, metrics, what=what) if note else []
    text_h = len(lines) * size * leading + (1.0 + len(notes) * note_size * leading if notes else 0.0)
    height = max(picture.height, text_h) + 1.5

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = [Group(x, top - picture.height, 0, tuple(picture.items))]
        if number:
            items += text_lines([number], x + text_x, top, size, True, leading=leading)
        items += text_lines(lines, x + text_x + inset, top, size, leading=leading)
        items += text_lines(notes, x + text_x + inset, top - len(lines) * size * leading - 1.0, note_size,
                            leading=leading)
        return items

    return Block(height, draw, what)


def boxed(block: Block, width: float, pad: float = 2.5, shade: float | None = None) -> Block:
    """A block inside a frame `width` wide (the setup box); draw the inner block `2 * pad` narrower."""

    def draw(x: float, top: float) -> list[Item]:
        frame = Rect(x, top - block.height - 2 * pad, width, block.height + 2 * pad, width=0.35, fill=shade)
        return [frame] + block.draw(x + pad, top - pad)

    return Block(block.height + 2 * pad + 1.5, draw, block.what, block.keep_with_next)


class ColumnPages:
    """Blocks flowing down `columns` columns, onto as many sheets as they need."""

    def __init__(self, name: str, paper: str, metrics: Metrics, title: str, continued: str, columns: int = 2,
                 stamp: Callable[[Sheet], None] | None = None):
        self.name, self.paper, self.metrics = name, paper, metrics
        self.title, self.continued, self.columns = title, continued, min(columns, profile_of(metrics).columns)
        self.stamp = stamp
        self.sheets: list[Sheet] = []
        self.column = 0
        self.new_sheet()

    @property
    def column_width(self) -> float:
        return (self.sheet.width - GUTTER * (self.columns - 1)) / self.columns

    @property
    def room(self) -> float:
        return self.cursor - self.sheet.floor

    def new_sheet(self) -> None:
        sheet = Sheet(f"{self.name}-{len(self.sheets) + 1}" if self.sheets else self.name, self.paper, self.metrics)
        title = self.title if not self.sheets else self.continued
        size = sheet.type.title
        for line in title_lines(title, sheet.width * 0.8, size, self.metrics, sheet.type, f"{self.name} page title"):
            bottom = sheet.take(size * 1.35, "the title")
            sheet.add(Text(sheet.x, bottom + size * 0.3, line, size, bold=True))
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
        """Blocks in order down the columns; a heading stays with the block after it."""
        i = 0
        while i < len(blocks):
            group = [blocks[i]]
            while group[-1].keep_with_next and i + len(group) < len(blocks):
                group.append(blocks[i + len(group)])
            if sum(b.height for b in group) > self.room + 1e-6 and self.cursor != self.top:
                self.next_column()
            for block in group:
                if block.height > self.room + 1e-6:
                    if self.cursor != self.top:
                        self.next_column()
                    if block.height > self.room + 1e-6:  # a sheet's first column, still too short
                        self._check(block)
                        self.new_sheet()
                x = self.sheet.x + self.column * (self.column_width + GUTTER)
                self.sheet.add(*block.draw(x, self.cursor))
                self.cursor -= block.height
            i += len(group)


def stack(blocks: list[Block], what: str) -> Block:
    """Blocks one under the other, as one block (kept together)."""

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        for b in blocks:
            items += b.draw(x, top)
            top -= b.height
        return items

    return Block(sum(b.height for b in blocks), draw, what)
