"""Practice sheets and their answer keys laid out: one page per sheet, the puzzles in a grid of slots (the page kinds
are `layout/pages/worksheet_sheet.py`; the build asks the plan how many puzzles a sheet holds).

A sheet has its title, number and seed at the top, a line for the pupil's name and the
date, how to write an answer, and then the puzzles, each with its diagram and an answer
box. The key page of a sheet has the same slots in the same places, so a teacher can lay
the two side by side: the diagram with the route shaded and numbered in the order the
token passes, and the answer written in the box.

The slots are planned once for a level (the same plan for every sheet of a class set):
the biggest cells that let the asked number of puzzles fit the page, with each diagram
either above its answer box ("stacked") or beside it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from papergame.records import NamedTuple, dataclass
from papergame.model.board import Cell
from papergame.model.definition import GameDefinition
from papergame.errors import LayoutError, OptionError
from papergame.layout.context import PageContext
from papergame.layout.diagram import Diagram, Marker, label_band
from papergame.layout.blocks import BODY, CAPTION, Figure, key_head, read_size, rule_across, text_lines
from papergame.layout.paper import CONTENT_W, FAINT, SMALL, Sheet, profile_of
from papergame.layout.primitives import Group, Item, Line, Rect, Text
from papergame.layout.shapes import shape_layout
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.layout.tile_art import tile_art
from papergame.text import Texts
from papergame.activities.worksheet import LEVELS, MAX_COPIES, MAX_PUZZLES, MAX_SEED, ExitPuzzle, HandPuzzle, Level, Puzzle, Worksheet, kinds

VIEWS_ALL = (ExitPuzzle, HandPuzzle)
QUESTION_SIZE = BODY  # 11 pt: read by children
LEADING = 1.25
ANSWER_LINE = 8.0  # room to write one line by hand
WRITE_ROOM = 22.0  # beside an answer's label: room to write a stop such as A2/S by hand
EXIT_BOX = 14.5  # one line to write where the token stops (the key: a route of two lines and the stop)
SAFE_BOX = 2 * ANSWER_LINE + 2.0  # two lines to write the safe tiles on
KEY_SIZE = BODY
KEY_LEADING = 1.15
KEY_SIZES = (KEY_SIZE, CAPTION, SMALL)  # 11, 9 and 7.4 pt: the body, caption and small steps of the scale


def KEY_SIZES_OF(t) -> tuple[float, float, float]:  # noqa: N802 (the profile's KEY_SIZES)
    """The sizes a key's answer is tried at, in profile `t` (paper.TypeProfile): KEY_SIZES in the standard one."""
    return (t.body, t.caption, t.at_least(KEY_SIZES[-1]))
EXAMPLE_GAP = 5.0  # between the instructions and the drawn example
SIDE_KEY = 9.0  # the hexagon that names the sides, in the instructions
TEXT_BESIDE = 12.0  # ems of body text: the instructions' narrowest column with the pictures beside them
HAND_TILE = 10.0
HAND_GAP = 2.5  # between the tiles of a hand
HAND_LABEL = 5.0  # the "Hand:" line above a column of tiles
HAND_COLUMN = HAND_TILE + 7.0  # a hand upright beside the diagram: a gap, the tiles, their numbers
HAND_ROW = HAND_TILE + 4.5  # a hand in a row under the diagram: the tiles and their numbers below
GUTTER = 6.0  # between slot columns
ROW_GAP = 4.0  # between slot rows
INNER_GAP = 4.0  # between a diagram and the text beside it
MIN_CELL, MAX_CELL = 12.0, 40.0  # a sheet of few puzzles draws them big: the page is used
CELL_STEP = 0.25
FILL_SHARE = 0.08  # cells this much smaller are worth it when the puzzles then fill the page
COMFORT_CELL = 12.0  # without --puzzles, a sheet holds as many puzzles as fit with cells this big
PORTS_COMFORT_CELL = 20.0  # ... and this big with two or three ports a side: 12 mm packs four lines too tight
NAME_ROOM = 60.0  # the least room to write a name and a date on
TITLE_GAP = 6.0  # between the title, the name line beside it and the sheet's number
SIDE_MIN = 60.0  # the text column of a slot with its diagram beside it
TOKEN = "white"  # drawn as the white token: an outlined disc with a black arrow


@dataclass(frozen=True)
class Plan:
    beside: bool  # the diagram left of the question and answer box, else above them
    columns: int
    rows: int
    cell: float
    slot_w: float
    diagram_w: float  # room kept for a diagram, tokens outside every edge included
    diagram_h: float
    text_w: float  # width of the question and the answer box
    hand_beside: bool  # a hand stands upright right of the diagram, else in a row below it


def token_room(cell: float) -> float:
    """Room outside the grid for a token waiting there (as `Diagram.margins` keeps)."""
    return 2 * max(2.2, cell * 0.14) + 1.5


class RememberedWidths:
    """Text widths measured once: a class set prints the same words on every page."""

    def __init__(self, metrics: Metrics):
        self.metrics = metrics
        self.type = profile_of(metrics)  # the profile the widths are measured in (paper.TypeProfile)
        self.known: dict[tuple[str, float, bool], float] = {}

    def width(self, text: str, size: float, bold: bool = False) -> float:
        key = (text, size, bold)
        if key not in self.known:
            self.known[key] = self.metrics.width(text, size, bold)
        return self.known[key]


class WorksheetLayout:
    """Pages of one class set: every sheet and key page laid out on the same plan."""

    def __init__(self, definition: GameDefinition, texts: Texts, metrics: Metrics, level: str, paper: str = "a4"):
        self.definition = definition
        self.paper = paper
        self.texts = texts
        self.metrics = RememberedWidths(metrics)
        self.t = self.metrics.type  # the type profile every size below is read from (paper.TypeProfile)
        self.k = self.t.body / BODY  # room for words grows with the profile's body size (1 in the standard one)
        metrics = self.metrics
        self.level: Level = LEVELS[level]
        board = definition.board
        self.window = (min(self.level.window, len(board.columns)), min(self.level.window, len(board.rows)))
        self._lines: dict[tuple[type[Puzzle], float, str], list[str]] = {}
        self.longest_cell = max((board.cell_name(c) for c in board.cells),
                                key=lambda n: metrics.width(n, self.t.body))
        key_probe = Sheet("worksheet-key", paper, metrics)
        self.key_header(key_probe, 1, 0)
        self.key_head = key_probe.box.top - key_probe.cursor
        self._heads: dict[frozenset[type[Puzzle]], tuple[float, float]] = {}
        self._plans: dict[int, Plan | None] = {}
        self._boxes: dict[tuple[type[Puzzle], float], float] = {}

    # --- planning ------------------------------------------------------------------------

    def head(self, kinds_on: frozenset[type[Puzzle]]) -> tuple[float, float]:
        """(mm from the top of the page's box to its first row of puzzles, mm left for the puzzles) on a sheet
        with these kinds of puzzle, whose instructions are those the kinds need, and on its key, whose slots sit
        where the sheet's do."""
        if kinds_on not in self._heads:
            probe = Sheet("worksheet", self.paper, self.metrics)
            self.sheet_header(probe, 1, 0, kinds_on)
            sheet_head = probe.box.top - probe.cursor
            head = max(sheet_head, self.key_head)
            self._heads[kinds_on] = (head, probe.room - (head - sheet_head))
        return self._heads[kinds_on]

    def room(self, count: int) -> float:
        """The height left for `count` puzzles below the heading of their sheet."""
        return self.head(frozenset(kinds(count)))[1]

    def diagram_size(self, cell: float) -> tuple[float, float]:
        band = label_band(self.t.least)
        extra = band + 1 + 2 * token_room(cell)
        probe = Diagram(self.definition, (0, self.window[0] - 1), (0, self.window[1] - 1), cell, least=self.t.least)
        right = band if probe.staggered is not None else 0.0  # row names at the right too
        return probe.grid_w + extra + right, self.window[1] * cell + extra

    def question(self, kind: type[Puzzle], cell_name: str) -> str:
        return self.texts.get(VIEWS[kind].question, cell=cell_name)

    def question_lines(self, kind: type[Puzzle], width: float, cell_name: str | None = None) -> list[str]:
        key = (kind, width, cell_name or self.longest_cell)
        if key not in self._lines:
            indent = self.metrics.width("00. ", self.t.body, True)
            self._lines[key] = wrap(self.question(kind, key[2]), width - indent, self.t.body,
                                    self.metrics, what=VIEWS[kind].question)
        return self._lines[key]

    def box_h(self, kind: type[Puzzle], width: float) -> float:
        """The answer box: lines to write on, and room on the key for the longest answer the level can have, in
        lines of the key's smallest size."""
        key = (kind, width)
        if key not in self._boxes:
            size = KEY_SIZES_OF(self.t)[-1]
            lines = sum(len(wrap(text, width - 4.0, size, self.metrics, what="worksheet key answer"))
                        for text in VIEWS[kind].longest(self))
            self._boxes[key] = max(VIEWS[kind].box * self.k, lines * size * KEY_LEADING + 1.0 + 1e-6)
        return self._boxes[key]

    def hand_column_w(self) -> float:
        """A hand upright beside the diagram: a gap, the tiles, their numbers."""
        return HAND_TILE + (HAND_COLUMN - HAND_TILE) * self.k

    def hand_row_h(self) -> float:
        """A row of a hand's tiles under the diagram, their numbers below them."""
        return HAND_TILE + (HAND_ROW - HAND_TILE) * self.k

    def hand_column_h(self) -> float:
        return HAND_LABEL * self.k + self.definition.hand * (HAND_TILE + HAND_GAP)

    def hand_label_w(self) -> float:
        return self.metrics.width(self.texts.get("worksheet.hand"), self.t.body, True) + 3.0

    def hand_per_row(self, width: float) -> int:
        return max(1, int((width - self.hand_label_w() + HAND_GAP) // (HAND_TILE + HAND_GAP)))

    def hand_rows(self, width: float) -> int:
        return math.ceil(self.definition.hand / self.hand_per_row(width))

    def slot_h(self, kind: type[Puzzle], plan: Plan) -> float:
        q = len(self.question_lines(kind, plan.text_w)) * self.t.body * LEADING
        hand = 0.0 if not VIEWS[kind].hand or plan.hand_beside else self.hand_rows(plan.text_w) * self.hand_row_h()
        if plan.beside:
            return max(plan.diagram_h, q + 1.5 + hand + self.box_h(kind, plan.text_w))
        return q + 1.0 * self.k + plan.diagram_h + 1.5 + hand + self.box_h(kind, plan.text_w)

    def row_heights(self, plan: Plan, order: list[type[Puzzle]]) -> list[float]:
        cols = plan.columns
        return [max(self.slot_h(k, plan) for k in order[r * cols:(r + 1) * cols]) for r in range(plan.rows)]

    def plan_for(self, count: int, beside: bool, columns: int, cell: float) -> Plan | None:
        """The plan for `count` puzzles in this arrangement and cell size, if it fits the page."""
        rows = math.ceil(count / columns)
        slot_w = (CONTENT_W - (columns - 1) * GUTTER) / columns
        dw, dh = self.diagram_size(cell)
        text_w = slot_w - dw - INNER_GAP if beside else slot_w
        if dw > slot_w or (beside and text_w < SIDE_MIN * self.k):
            return None
        hand_beside = not beside and slot_w - dw >= self.hand_column_w() and self.hand_column_h() <= dh
        plan = Plan(beside, columns, rows, cell, slot_w, dw, dh, text_w, hand_beside)
        if self.used(plan, count) > self.room(count):
            return None
        return plan

    def used(self, plan: Plan, count: int) -> float:
        """The height the plan's rows of `count` puzzles take, gaps included."""
        return sum(self.row_heights(plan, kinds(count))) + (plan.rows - 1) * ROW_GAP

    def plan(self, count: int) -> Plan | None:
        """The plan with the biggest cells for `count` puzzles, or None if no plan has cells of MIN_CELL.

        Of the plans whose cells are within FILL_SHARE of the biggest, the one that leaves the least of the
        page blank: two big puzzles one under the other, each with its question beside it, rather than side
        by side over the top half of the page."""
        if count not in self._plans:
            found: list[Plan] = []
            steps = int(round((MAX_CELL - MIN_CELL) / CELL_STEP))
            for beside in (False, True):
                for columns in (1, 2, 3):
                    if self.plan_for(count, beside, columns, MIN_CELL) is None:
                        continue
                    low, high = 0, steps  # the most steps above MIN_CELL that still fit: a bigger cell never fits where a smaller does not
                    while low < high:
                        mid = (low + high + 1) // 2
                        if self.plan_for(count, beside, columns, MIN_CELL + mid * CELL_STEP) is not None:
                            low = mid
                        else:
                            high = mid - 1
                    plan = self.plan_for(count, beside, columns, MIN_CELL + low * CELL_STEP)
                    assert plan is not None
                    found.append(plan)
            biggest = max((p.cell for p in found), default=None)
            near = [p for p in found if p.cell >= (biggest or 0) * (1 - FILL_SHARE) - 1e-9]
            best = min(near, key=lambda p: (self.room(count) - self.used(p, count), -p.cell), default=None)
            self._plans[count] = best
        return self._plans[count]

    def most(self, min_cell: float = MIN_CELL) -> int:
        """The most puzzles a sheet holds with cells of at least `min_cell` mm."""
        fits = [n for n in range(1, MAX_PUZZLES + 1)
                if (p := self.plan(n)) is not None and p.cell >= min_cell - 1e-9]
        return max(fits, default=0)

    def puzzle_count(self, asked: int | None) -> int:
        """Puzzles per sheet: as asked if they fit one page, else a clear error; without a number, as many as fit."""
        most = self.most()
        if not most:
            raise OptionError(
                "level", f"{self.level.name}: a puzzle of {self.window[0]} x {self.window[1]} cells of at least "
                f"{MIN_CELL:g} mm does not fit on a sheet"
            )
        if asked is None:
            comfort = COMFORT_CELL if self.definition.shape.ports_per_side == 1 else PORTS_COMFORT_CELL
            return max(self.most(comfort), 1)
        if asked > most:
            raise OptionError(
                "puzzles", f"{asked} {self.level.name} puzzles do not fit on one sheet "
                f"({self.window[0]} x {self.window[1]} cells each); at most {most} do"
            )
        return asked

    # --- headings -------------------------------------------------------------------------

    def top_line(self, sheet: Sheet, left: str, number: int, what: str) -> float:
        """The title at the left and the sheet's number at the right, at the heading size (the title's line holds
        the name and date too where they fit: `name_room`), as `Flow.title` sets every title; returns its baseline."""
        return sheet.title(left, what, beside=self.texts.get("worksheet.sheet", number=number))

    def details(self, seed: int) -> str:
        level = self.texts.get(f"worksheet.level_{self.level.name}")
        return self.texts.get("worksheet.details", level=level, seed=seed)

    def name_room(self) -> float | None:
        """The room to write a name and a date on the title's line, between the title and the sheet's number (the
        widest a class set prints), or None if that leaves less than NAME_ROOM: the name line goes under it."""
        t, metrics, texts = self.t, self.metrics, self.texts
        title_w = metrics.width(texts.get("worksheet.title"), t.title, True)
        number_w = metrics.width(texts.get("worksheet.sheet", number=MAX_COPIES), t.heading, True)
        words_w = metrics.width(texts.get("worksheet.name"), t.body, True) + metrics.width(
            texts.get("worksheet.date"), t.body, True)
        room = CONTENT_W - title_w - number_w - 2 * TITLE_GAP - words_w - 8.0
        return room if room >= NAME_ROOM else None

    def footer_label(self, worksheet: Worksheet) -> str:
        """The sheet's label in its footer: its number, and its level and seed where the heading has no room for
        them (a teacher reprints a sheet from its seed)."""
        label = self.texts.get("worksheet.sheet", number=worksheet.number)
        return label if self.name_room() is None else f"{label} · {self.details(worksheet.seed)}"

    def name_line(self, sheet: Sheet, base: float, x: float, room: float) -> None:
        """"Name: ____ Date: __" from `x` on `base`, the two lines sharing `room`."""
        name, date = self.texts.get("worksheet.name"), self.texts.get("worksheet.date")
        name_line = room * 0.68
        sheet.add(Text(x, base, name, self.t.body, bold=True))
        x += self.metrics.width(name, self.t.body, True) + 2.0
        sheet.add(Line(x, base - 0.8, x + name_line, base - 0.8, width=0.25))
        x += name_line + 4.0
        sheet.add(Text(x, base, date, self.t.body, bold=True))
        x += self.metrics.width(date, self.t.body, True) + 2.0
        sheet.add(Line(x, base - 0.8, x + room - name_line, base - 0.8, width=0.25))

    def sheet_header(self, sheet: Sheet, number: int, seed: int, kinds_on: frozenset[type[Puzzle]] = frozenset(VIEWS_ALL)
                     ) -> None:
        """The title, name and date lines and the instructions for the kinds of puzzle on the sheet (the planning
        probe has every kind, so its header is the tallest a sheet of the level can have)."""
        texts, metrics = self.texts, self.metrics
        room_beside = self.name_room()
        if room_beside is not None:  # the name and date on the title's line; the level and seed in the footer
            baseline = self.top_line(sheet, texts.get("worksheet.title"), number, "worksheet.title")
            x = sheet.x + metrics.width(texts.get("worksheet.title"), self.t.title, True) + TITLE_GAP
            self.name_line(sheet, baseline, x, room_beside)
            sheet.gap(1.5)
            self.instructions(sheet, kinds_on)
            rule_across(sheet)
            return
        self.top_line(sheet, texts.get("worksheet.title"), number, "worksheet.title")
        # lines to write the name and the date on, right under the title (the band's top 3 mm are blank); the
        # level and seed at the right
        bottom = sheet.take(8.0 * self.k, "the name line")
        base = bottom + 2.0
        details = self.details(seed)
        name, date = texts.get("worksheet.name"), texts.get("worksheet.date")
        name_w = metrics.width(name, self.t.body, True)
        date_w = metrics.width(date, self.t.body, True)
        widest = sheet.width - metrics.width(self.details(MAX_SEED), read_size(self.t)) - name_w - date_w - 14.0
        room = sheet.width - metrics.width(details, read_size(self.t)) - name_w - date_w - 14.0
        # the level and seed on a line of their own where a profile's wider type leaves too little room to write
        # beside them (whatever the seed: every sheet of a class set has the same heading)
        below = widest < 60 and sheet.width - name_w - date_w - 14.0 >= 60
        if below:
            room = sheet.width - name_w - date_w - 14.0
        elif room < 60:
            raise LayoutError("worksheet page: the name and date leave too little room to write; "
                              "shorten worksheet.name, worksheet.date or worksheet.details")
        name_line = room * 0.68
        x = sheet.x
        sheet.add(Text(x, base, name, self.t.body, bold=True))
        x += name_w + 2.0
        sheet.add(Line(x, base - 0.8, x + name_line, base - 0.8, width=0.25))
        x += name_line + 4.0
        sheet.add(Text(x, base, date, self.t.body, bold=True))
        x += date_w + 2.0
        sheet.add(Line(x, base - 0.8, x + room - name_line, base - 0.8, width=0.25))
        if below:
            base = sheet.take(read_size(self.t) * 1.3, "the sheet's level and seed") + read_size(self.t) * 0.3
            sheet.add(Text(sheet.x, base, details, read_size(self.t)))
        else:
            sheet.add(Text(sheet.x + sheet.width, base, details, read_size(self.t), anchor="end"))  # read by the pupil too
        sheet.gap(1.0)
        self.instructions(sheet, kinds_on)
        rule_across(sheet)

    def intro(self, kinds_on: frozenset[type[Puzzle]] = frozenset(VIEWS_ALL)) -> list[str]:
        """A few short lines: how to trace, how to write a stop, and how to answer a hand if the sheet has one."""
        board = self.definition.board
        start = self.definition.tokens[0].start
        tile = self.definition.tiles[0]
        step = self.definition.shape.step_degrees
        values = dict(example=self.texts.position(board, start), cell=board.cell_name(start.cell),
                      side=self.texts.letters(self.definition.shape.side_of(start.port)), tile=f"{tile.id}@{step}", type=tile.id,
                      degrees=step)
        keys = ["intro", "intro_stop"] + (["intro_hand"] if HandPuzzle in kinds_on else [])
        return [self.texts.get(f"worksheet.{key}", **values) for key in keys]

    def instructions(self, sheet: Sheet, kinds_on: frozenset[type[Puzzle]]) -> None:
        """The short instructions, with one drawn example at their right."""
        from papergame.layout.rule_figures import example_figure
        from papergame.model.answers import worked_example

        move = worked_example(self.definition).stop
        figure = example_figure(self.definition, move, cell=9.0, least=self.t.least) if move is not None else None
        caption = (self.texts.get("worksheet.example", start=self.texts.position(self.definition.board, move.trace.start),
                                  end=self.texts.position(self.definition.board, move.trace.end), tile=f"{move.tile}@{move.rotation}")
                   if move is not None else "")
        cap_w = 30.0 * self.k
        fig_w = figure.width + 2.0 + cap_w if figure else 0.0
        sides = self.side_key()  # a hexagon's side names, which pupils write and cannot guess
        key_w = sides.width + EXAMPLE_GAP if sides is not None else 0.0
        pictures_h = max(figure.height if figure else 0.0, sides.height if sides is not None else 0.0)
        intro = self.intro(kinds_on)

        def wrapped(width: float) -> list[list[str]]:
            return [wrap(text, width - 4.0 * self.k, self.t.body, self.metrics, what="worksheet.intro") for text in intro]

        def text_h(paragraphs: list[list[str]]) -> float:
            return sum(len(lines) * self.t.body * 1.22 + 0.4 for lines in paragraphs)

        # the pictures at the right of the text, or in a row under it where that makes the heading shorter (a
        # profile's wider type leaves the text too narrow a column beside them)
        beside_w = sheet.width - (fig_w + EXAMPLE_GAP if figure else 0.0) - key_w
        beside = beside_w >= TEXT_BESIDE * self.t.body
        full = wrapped(sheet.width)
        paragraphs = wrapped(beside_w) if beside else full
        if beside and max(text_h(paragraphs), pictures_h) > text_h(full) + 1.0 + pictures_h:
            beside, paragraphs = False, full
        top = sheet.cursor
        y = top
        for lines in paragraphs:
            sheet.add(*text_lines(["•"], sheet.x, y, self.t.body, True))
            sheet.add(*text_lines(lines, sheet.x + 4.0 * self.k, y, self.t.body))
            y -= len(lines) * self.t.body * 1.22 + 0.4
        height = top - y
        if beside:  # the side key and the example at the right of the text, the example's caption beside it
            fig_x = sheet.x + sheet.width - fig_w
            key_x = fig_x - key_w
            pictures_top = top
        else:
            pictures_top = y - 1.0
            key_x = sheet.x
            fig_x = key_x + key_w
            cap_w = min(sheet.width - (fig_x - sheet.x) - figure.width - 2.0, 2 * cap_w) if figure else 0.0
        if figure is not None:
            cap = wrap(caption, cap_w, read_size(self.t), self.metrics, what="worksheet.example")
            sheet.add(Group(fig_x, pictures_top - figure.height, 0, tuple(figure.items)))
            sheet.add(*text_lines(cap, fig_x + figure.width + 2.0,
                                  pictures_top - figure.height / 2 + len(cap) * read_size(self.t) * 0.6,
                                  read_size(self.t)))
            height = max(height, top - pictures_top + figure.height)
        if sides is not None:
            sheet.add(Group(key_x, pictures_top - sides.height, 0, tuple(sides.items)))
            height = max(height, top - pictures_top + sides.height)
        sheet.take(height, "worksheet.intro", "shorten it")

    def side_key(self):
        """A small hexagon with its sides named round it (None for squares: N E S W need no key)."""
        from papergame.layout.rule_figures import shape_outline, side_letters

        shape = self.definition.shape
        if not shape_layout(shape).side_key:
            return None
        size = SIDE_KEY * self.k  # its side names grow with the type: they must not run into each other
        labels = side_letters(shape, size, self.texts, self.metrics)
        half = [self.metrics.width(t.text, read_size(self.t), True) / 2 for t in labels]
        left = min([0.0] + [t.x - h for t, h in zip(labels, half)])
        right = max([shape.width * size] + [t.x + h for t, h in zip(labels, half)])
        bottom = min([0.0] + [t.y for t in labels])
        top = max([size] + [t.y + read_size(self.t) for t in labels])
        items: tuple[Item, ...] = (shape_outline(shape, size, 0, 0, None), *labels)
        return Figure([Group(-left, -bottom, 0, items)], right - left, top - bottom)

    def key_header(self, sheet: Sheet, number: int, seed: int) -> None:
        texts, metrics = self.texts, self.metrics
        self.top_line(sheet, texts.get("worksheet.key_title"), number, "worksheet.key_title")
        key_head(sheet, self.details(seed), texts.get("worksheet.key_keep_away"), texts.get("worksheet.key_legend"),
                 "worksheet.key_legend", self.t, metrics)

    # --- pages ----------------------------------------------------------------------------

    def page(self, worksheet: Worksheet, key: bool) -> Sheet:
        """The sheet's page or its key page, without their foot (the kit's `finish` adds it)."""
        count = len(worksheet.puzzles)
        self.puzzle_count(count)  # refuses a count no plan fits
        plan = self.plan(count)
        assert plan is not None
        name = f"worksheet-{worksheet.number}" + ("-key" if key else "")
        sheet = Sheet(name, self.paper, self.metrics)
        if key:
            self.key_header(sheet, worksheet.number, worksheet.seed)
        else:
            self.sheet_header(sheet, worksheet.number, worksheet.seed, frozenset(type(p) for p in worksheet.puzzles))
        sheet.cursor = sheet.box.top - self.head(frozenset(kinds(count)))[0]  # the key's slots sit where the sheet's do
        puzzles = list(worksheet.puzzles)
        for r, height in enumerate(self.row_heights(plan, [type(p) for p in puzzles])):
            if r:
                sheet.take(ROW_GAP, "the gap between puzzles")
            top = sheet.cursor
            sheet.take(height, "a row of puzzles")
            for i, puzzle in enumerate(puzzles[r * plan.columns:(r + 1) * plan.columns]):
                self.slot(sheet, plan, sheet.x + i * (plan.slot_w + GUTTER), top, puzzle, key)
        return sheet

    def slot(self, sheet: Sheet, plan: Plan, x: float, top: float, puzzle: Puzzle, key: bool) -> None:
        board = self.definition.board
        text_x = x + plan.diagram_w + INNER_GAP if plan.beside else x
        lines = self.question_lines(type(puzzle), plan.text_w, board.cell_name(puzzle.token.cell))
        indent = self.metrics.width("00. ", self.t.body, True)
        y = top
        for i, line in enumerate(lines):
            y -= self.t.body * LEADING
            if i == 0:
                sheet.add(Text(text_x, y + self.t.body * 0.3, f"{puzzle.number}.", self.t.body, bold=True))
            sheet.add(Text(text_x + indent, y + self.t.body * 0.3, line, self.t.body))
        safe = VIEWS[type(puzzle)].hand
        if plan.beside:
            diagram_top, answer_top, dx = top, y - 1.5, x
        else:
            diagram_top = y - 1.0 * self.k
            answer_top = diagram_top - plan.diagram_h - 1.5
            block = plan.diagram_w + (self.hand_column_w() if plan.hand_beside else 0.0)
            dx = x + (plan.slot_w - block) / 2
        sheet.add(self.diagram_items(plan, puzzle, key, dx, diagram_top - plan.diagram_h))
        if safe and plan.hand_beside:
            self.hand_column(sheet, dx + plan.diagram_w, diagram_top, puzzle)
        elif safe:
            answer_top = self.hand_row(sheet, text_x, answer_top, plan.text_w, puzzle)
        (self.key_box if key else self.answer_box)(sheet, text_x, answer_top, plan.text_w, puzzle)

    def diagram(self, plan: Plan, puzzle: Puzzle, key: bool) -> Diagram:
        definition = self.definition
        w = puzzle.window
        d = Diagram(definition, w.cols, w.rows, plan.cell, type_labels=False, least=self.t.least, metrics=self.metrics)
        for p in puzzle.tiles:
            d.tiles[p.cell] = (definition.tile_type(p.tile), p.rotation)
        VIEWS[type(puzzle)].mark(d, puzzle, key)
        return d

    def diagram_items(self, plan: Plan, puzzle: Puzzle, key: bool, x: float, y: float) -> Item:
        """The diagram with its grid at the same place in every slot, whatever margins its tokens need."""
        d = self.diagram(plan, puzzle, key)
        left, bottom, _, _ = d.margins()
        room = token_room(plan.cell)
        return d.items(x + label_band(self.t.least) + room - left, y + 1 + room - bottom)

    def hand_tile(self, sheet: Sheet, type_id: int, x: float, y: float) -> None:
        """A hand's tile in a HAND_TILE square (a hexagon as wide as the square, centred in it)."""
        shape = self.definition.shape
        size = HAND_TILE / shape.width
        art = tile_art(shape, self.definition.tile_type(type_id), size)
        sheet.add(Group(x, y + (HAND_TILE - size) / 2, 0, tuple(art)))

    def hand_column(self, sheet: Sheet, x: float, top: float, puzzle: Puzzle) -> None:
        """The hand upright beside the diagram, each tile with its type number at its right."""
        x += 2.0
        label = self.texts.get("worksheet.hand")
        fit_line(label, self.hand_column_w() - 2.0, self.t.body, self.metrics, True, "worksheet.hand")
        sheet.add(Text(x, top - self.t.body * 1.1, label, self.t.body, bold=True))
        y = top - HAND_LABEL * self.k
        for type_id in puzzle.hand:
            y -= HAND_TILE
            self.hand_tile(sheet, type_id, x, y)
            sheet.add(Text(x + HAND_TILE + 1.2, y + HAND_TILE / 2 - 1.0 * self.k, str(type_id), read_size(self.t), bold=True))
            y -= HAND_GAP

    def hand_row(self, sheet: Sheet, x: float, top: float, width: float, puzzle: Puzzle) -> float:
        """The hand in rows under the diagram, numbers below the tiles; returns where the rows end."""
        label = self.texts.get("worksheet.hand")
        per_row = self.hand_per_row(width)
        for i, type_id in enumerate(puzzle.hand):
            row, col = divmod(i, per_row)
            base = top - row * self.hand_row_h() - HAND_TILE
            if i == 0:
                sheet.add(Text(x, base + HAND_TILE / 2 - self.t.body * 0.36, label, self.t.body, bold=True))
            tx = x + self.hand_label_w() + col * (HAND_TILE + HAND_GAP)
            self.hand_tile(sheet, type_id, tx, base)
            if self.t.start_only:  # left-aligned: the number starts under its tile's left edge
                sheet.add(Text(tx, base - 3.3 * self.k, str(type_id), read_size(self.t), bold=True))
            else:
                sheet.add(Text(tx + HAND_TILE / 2, base - 3.3 * self.k, str(type_id), read_size(self.t), bold=True,
                               anchor="middle"))
        return top - self.hand_rows(width) * self.hand_row_h()

    def answer_box(self, sheet: Sheet, x: float, top: float, width: float, puzzle: Puzzle) -> None:
        """Room to write: where the token stops, or the safe tiles."""
        height = self.box_h(type(puzzle), width)
        sheet.add(Rect(x, top - height, width, height, width=0.4))
        view = VIEWS[type(puzzle)]
        label = self.texts.get(view.answer_label)
        fit_line(label, max(width / 2, width - WRITE_ROOM), self.t.body, self.metrics, True,
                 "worksheet answer label")
        lines = view.lines
        for i in range(lines):
            base = top - height + 3.0 * self.k + (lines - 1 - i) * ANSWER_LINE * self.k
            lx = x + 2.0
            if i == 0:
                sheet.add(Text(lx, base, label, self.t.body, bold=True))
                lx += self.metrics.width(label, self.t.body, True) + 1.5
            sheet.add(Line(lx, base - 0.6, x + width - 2.0, base - 0.6, width=0.2, stroke=FAINT))

    def key_box(self, sheet: Sheet, x: float, top: float, width: float, puzzle: Puzzle) -> None:
        """The answer, in the box where the pupil writes it."""
        height = self.box_h(type(puzzle), width)
        sheet.add(Rect(x, top - height, width, height, width=0.4))
        for size in KEY_SIZES_OF(self.t):  # 11 pt, or smaller for a long list of safe tiles (six turns of a hexagon)
            lines = [line for text in self.key_texts(puzzle)
                     for line in wrap(text, width - 4.0, size, self.metrics, what="worksheet key answer")]
            room = int((height - 1.0) // (size * KEY_LEADING))
            if len(lines) <= room:
                break
        else:
            raise LayoutError(f"worksheet key, puzzle {puzzle.number}: the answer needs {len(lines)} lines; "
                              f"its box holds {room}")
        y = top - 0.8
        for line in lines:
            y -= size * KEY_LEADING
            sheet.add(Text(x + 2.0, y + size * 0.3, line, size))

    def key_texts(self, puzzle: Puzzle) -> list[str]:
        """The answer as printed on the key: the route and where it ends, or the safe placements."""
        return VIEWS[type(puzzle)].key_texts(self, puzzle)


COMPACT_SHARES = (0.11, 0.14, 0.75)  # sheet, seed, answers


def compact_answer(layout: WorksheetLayout, puzzle: Puzzle) -> str:
    """One puzzle's answer, short: where the token stops (or OUT), or the safe looks."""
    return f"{puzzle.number}. " + VIEWS[type(puzzle)].compact(layout, puzzle)


# --- each kind of puzzle, as the sheet and its key show it ------------------------------


def mark_exit(d: Diagram, puzzle: Puzzle, key: bool) -> None:
    """The token at the edge; on the key, the route shaded and numbered in order, and where it ends."""
    assert isinstance(puzzle, ExitPuzzle) and puzzle.route is not None, "an exit puzzle carries its route"
    route = puzzle.route
    if not key:
        d.markers.append(Marker(TOKEN, position=puzzle.token))
        return
    d.shaded = tuple(dict.fromkeys(route.route))
    steps: dict[Cell, list[str]] = {}
    for i, cell in enumerate(route.route, start=1):
        steps.setdefault(cell, []).append(str(i))
    d.notes = {cell: " ".join(s) for cell, s in steps.items()}
    d.markers.append(Marker(TOKEN, position=puzzle.token, outline=True))
    if route.end is None:
        assert route.exit_port is not None, "a route that left the board left through a port"
        d.markers.append(Marker(TOKEN, left_from=(route.route[-1], route.exit_port)))
    else:
        d.markers.append(Marker(TOKEN, position=route.end))


def mark_hand(d: Diagram, puzzle: Puzzle, key: bool) -> None:
    """The token facing the shaded cell to lay a tile in."""
    d.shaded = (puzzle.token.cell,)
    d.markers.append(Marker(TOKEN, position=puzzle.token))


def exit_key_texts(layout: WorksheetLayout, puzzle: Puzzle) -> list[str]:
    assert isinstance(puzzle, ExitPuzzle)
    board, texts = layout.definition.board, layout.texts
    route = puzzle.route
    assert route is not None and (route.end is not None or route.exit_port is not None)
    out = [texts.get("worksheet.key_route", route=" ".join(board.cell_name(c) for c in route.route))]
    if route.end is None:
        out.append(texts.get("worksheet.key_out", cell=board.cell_name(route.route[-1]),
                             side=texts.letters(layout.definition.shape.side_of(route.exit_port or ""))))
    else:
        out.append(texts.get("worksheet.key_stop", position=texts.position(board, route.end)))
    return out


def safe_looks_text(layout: WorksheetLayout, puzzle: Puzzle) -> str:
    """The safe answers, easy to mark: `type 3: any turn` for a type safe at every turn, then each other look
    once, its same-looking turns joined by "or": `type 3: any turn; 1@0 or 1@180`."""
    assert isinstance(puzzle, HandPuzzle)
    either = f" {layout.texts.get('worksheet.or')} "
    turns = len(layout.definition.shape.rotations)
    safe_turns: dict[int, set[int]] = {}
    for option in puzzle.options:
        if option.safe:
            safe_turns.setdefault(option.tile, set()).add(option.rotation)
    any_turn = [t for t, rotations in safe_turns.items() if len(rotations) == turns]
    parts = [layout.texts.get("worksheet.any_turn", type=t) for t in any_turn]
    names = {o.name: o.tile for o in puzzle.options}
    parts += [either.join(look) for look in puzzle.safe_looks if names[look[0]] not in any_turn]
    return "; ".join(parts)


def hand_key_texts(layout: WorksheetLayout, puzzle: Puzzle) -> list[str]:
    return [layout.texts.get("worksheet.key_safe", tiles=safe_looks_text(layout, puzzle))]


def exit_longest(layout: WorksheetLayout) -> list[str]:
    """The longest answer an exit puzzle of the level can have on the key: its longest route of the widest cell
    names, and the longer of the two ways to end."""
    texts, shape = layout.texts, layout.definition.shape
    widest = layout.longest_cell
    side = max((texts.letters(shape.side_of(p)) for p in shape.ports),
               key=lambda s: layout.metrics.width(s, layout.t.body))
    route = texts.get("worksheet.key_route", route=" ".join([widest] * layout.level.longest))
    ends = [texts.get("worksheet.key_out", cell=widest, side=side),
            texts.get("worksheet.key_stop", position=f"{widest}/{side}")]
    return [route, max(ends, key=lambda e: layout.metrics.width(e, layout.t.body))]


def hand_longest(layout: WorksheetLayout) -> list[str]:
    """The longest list of safe tiles a hand can have: each of its types (the widest numbers) safe at every turn
    but one, each turn looking different."""
    definition = layout.definition
    either = f" {layout.texts.get('worksheet.or')} "
    types = sorted({t.id for t in definition.tiles}, key=lambda i: (-len(str(i)), -i))[:definition.hand]
    rotations = definition.shape.rotations
    widest_turns = sorted(rotations, key=lambda r: -len(str(r)))[:len(rotations) - 1]
    tiles = "; ".join(either.join(f"{t}@{r}" for r in widest_turns) for t in types)
    return [layout.texts.get("worksheet.key_safe", tiles=tiles)]


def exit_compact(layout: WorksheetLayout, puzzle: Puzzle) -> str:
    assert isinstance(puzzle, ExitPuzzle) and puzzle.route is not None, "an exit puzzle has its route"
    end = puzzle.route.end
    return layout.texts.position(layout.definition.board, end)


class KindView(NamedTuple):
    """How one kind of puzzle is shown: its question, its answer box, its hand, its answer on the key."""

    question: str  # text key
    answer_label: str  # text key
    box: float  # height of the answer box
    lines: int  # lines to write on
    hand: bool  # a hand of tiles is shown
    mark: Callable[[Diagram, Puzzle, bool], None]
    key_texts: Callable[[WorksheetLayout, Puzzle], list[str]]
    compact: Callable[[WorksheetLayout, Puzzle], str]
    longest: Callable[[WorksheetLayout], list[str]]  # the longest answer the key may have to hold


VIEWS: dict[type[Puzzle], KindView] = {
    ExitPuzzle: KindView("worksheet.exit_question", "worksheet.stop", EXIT_BOX, 1, False,
                         mark_exit, exit_key_texts, exit_compact, exit_longest),
    HandPuzzle: KindView("worksheet.safe_question", "worksheet.safe", SAFE_BOX, 2, True,
                         mark_hand, hand_key_texts, safe_looks_text, hand_longest),
}


COMPACT_LEADING = 1.22
CELL_PAD = 3.0  # mm of a table cell's width left round its words (1.5 a side)


def compact_widths(header: list[str], rows: list[list[str]], width: float, metrics: Metrics) -> list[float]:
    """The compact key's column widths: the sheet's number and its seed each as wide as their share of the page or,
    in a larger type, as their widest word (the head bold at the caption size, a number at the body size); the
    answers the rest."""
    t = profile_of(metrics)
    widths = []
    for i, share in enumerate(COMPACT_SHARES[:-1]):
        words = [metrics.width(header[i], t.caption, True)] + [metrics.width(r[i], t.body, i == 0) for r in rows]
        widths.append(max(share * width, max(words) + CELL_PAD))
    return widths + [width - sum(widths)]


def row_lines(sheet: Sheet, cells: list[str], widths: list[float], header: bool) -> tuple[float, list[list[str]]]:
    """A compact key row's size and its cells' lines."""
    size = sheet.type.caption if header else sheet.type.body
    return size, [wrap(c, w - CELL_PAD, size, sheet.metrics, header, "worksheet compact key")
                  for c, w in zip(cells, widths)]


def row_height(sheet: Sheet, cells: list[str], widths: list[float], header: bool = False) -> float:
    size, wrapped = row_lines(sheet, cells, widths, header)
    return max(len(w) for w in wrapped) * size * COMPACT_LEADING + 1.8


def compact_row(sheet: Sheet, cells: list[str], widths: list[float], header: bool = False) -> None:
    """One row of the compact key on `sheet`'s flow (on the next sheet when this one has no room for it)."""
    size, wrapped = row_lines(sheet, cells, widths, header)
    height = row_height(sheet, cells, widths, header)
    top = sheet.take(height, "a row of the compact key") + height
    x, width = sheet.x, sum(widths)
    items: list[Item] = []
    if header:
        items.append(Rect(x, top - height, width, height, width=0.3, fill=0.85))
    left = x
    for i, (lines, w) in enumerate(zip(wrapped, widths)):
        items += text_lines(lines, left + 1.5, top - 0.9, size, bold=header or i == 0, leading=COMPACT_LEADING)
        items.append(Line(left, top, left, top - height, width=0.25))
        left += w
    items += [Line(x + width, top, x + width, top - height, width=0.25),
              Line(x, top, x + width, top, width=0.25),
              Line(x, top - height, x + width, top - height, width=0.4 if header else 0.25)]
    sheet.add(*items)


def compact_key_pages(ctx: PageContext) -> list[Sheet]:
    """Every sheet's answers in one table, on as few pages as it fits: the sheets' own flow and type (the title at
    their title size), the table's head again under the title of each page it goes on to."""
    layout, texts, metrics = layout_of(ctx), ctx.texts, ctx.metrics
    title = texts.get("worksheet.compact_key_title")
    header = [texts.get("worksheet.col_sheet"), texts.get("worksheet.col_seed"), texts.get("worksheet.title")]
    rows = [[str(w.number), str(w.seed), "   ".join(compact_answer(layout, p) for p in w.puzzles)]
            for w in ctx.sheets.sheets]

    def continued(more: Sheet) -> None:
        more.title(texts.get("kit.continued", title=title))
        more.gap(1.5)
        compact_row(more, header, widths, header=True)

    sheet = Sheet("worksheet-key", ctx.paper, metrics, continued=continued)
    widths = compact_widths(header, rows, sheet.width, metrics)
    sheet.title(title)
    sheet.gap(1.5)
    body = sheet.type.body
    keep = wrap(texts.get("worksheet.key_keep_away"), sheet.width - 6, body, metrics, True, "worksheet.key_keep_away")
    high = len(keep) * body * sheet.type.leading
    bottom = sheet.take(high + 5, "worksheet.key_keep_away")
    sheet.add(Rect(sheet.x, bottom + 1, sheet.width, high + 3.5, width=0.8, fill=None, dash=(2.0, 1.2)),
              *text_lines(keep, sheet.x + 3, bottom + 3 + high, body, True, leading=sheet.type.leading))
    if rows:  # the head kept with the first row
        sheet.need(row_height(sheet, header, widths, True) + row_height(sheet, rows[0], widths))
    compact_row(sheet, header, widths, header=True)
    for row in rows:
        compact_row(sheet, row, widths)
    return sheet.chain()


# --- the plan of a class set: over one PageContext whose document is a SheetSet -------------------

LAYOUTS_HELD = 8
_layouts: dict[tuple, tuple[PageContext, WorksheetLayout]] = {}  # (context's ids, paper, level) -> its layout


def layout_of(ctx: PageContext) -> WorksheetLayout:
    """The plan a context's class set is laid out on, made once for its game, words, type and paper and level
    (the context is held beside it, so the ids in the key stay its own)."""
    key = (id(ctx.game), id(ctx.texts), id(ctx.metrics), ctx.paper, ctx.sheets.level)
    held = _layouts.get(key)
    if held is None:
        while len(_layouts) >= LAYOUTS_HELD:
            _layouts.pop(next(iter(_layouts)))
        held = _layouts[key] = (ctx, WorksheetLayout(ctx.game, ctx.texts, ctx.metrics, ctx.sheets.level, ctx.paper))
    return held[1]


def puzzles_per_sheet(ctx: PageContext, asked: int | None) -> int:
    """Puzzles on each sheet of the context's level: as asked if they fit a page, else as many as fit comfortably."""
    return layout_of(ctx).puzzle_count(asked)
