"""Single-loop clue squares laid out: the plan of the puzzle sheets, their keys, and the tile version to build by hand
(the page kinds are `layout/pages/loops_sheet.py`; the build asks the plan how many puzzles a sheet holds).

A sheet: the title and its number, a line for the name and the date, two short instructions,
then the puzzles, each a lattice of dots with its numbers in large print. The key page has
the same puzzles in the same places with the loop drawn. The tile version puts one puzzle on
a board whose cells are the size of the tiles, one cell for each dot of the puzzle, with each
number where four cells meet; the tiles to cut are blank, straight and corner ones, and the
loop is built by laying a tile on every cell.
"""

from __future__ import annotations

import math

from papergame.activities.loops import LoopPuzzle
from papergame.errors import OptionError
from papergame.layout.context import PageContext
from papergame.layout.blocks import BODY, keep_away_banner, text_lines, name_and_date
from papergame.layout.paper import CONTENT_W, Sheet, profile_of
from papergame.layout.primitives import Arc, Circle, Group, Item, Line, Rect, Text
from papergame.layout.textflow import Metrics, wrap
from papergame.text import Texts

GUTTER = 8.0
ROW_GAP = 6.0
MIN_CELL, MAX_CELL, COMFORT_CELL = 9.0, 18.0, 12.0
CLUE_SHARE = 0.55  # a number's size, in cells
MOST = 12
DOT = 0.6
LOOP_W = 1.1
TILE_MIN, TILE_MAX = 15.0, 30.0
EXAMPLE_CELL = 14.0
# The rules page's example: 3 x 3 squares, the loop round an L of three squares (its only loop: tests/test_loops.py).
EXAMPLE = LoopPuzzle(0, 3, 3, "easy", ((None, 3, 1), (3, None, 0), (None, 0, None)),
                     ((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0), (1, 0)))


class LoopsLayout:
    def __init__(self, texts: Texts, metrics: Metrics, rows: int, columns: int, level: str, paper: str = "a4"):
        self.texts = texts
        self.metrics = metrics
        self.t = profile_of(metrics)  # the type profile every size is read from (standard, large or clear print)
        self.k = self.t.body / BODY  # room for words grows with the profile's body size (1 in the standard one)
        # the smallest cell whose numbers (CLUE_SHARE of the cell) are still at the profile's least size
        self.min_cell = max(MIN_CELL, self.t.least / CLUE_SHARE)
        self.rows, self.columns = rows, columns
        self.level = level
        self.paper = paper
        rooms = []
        for key in (False, True):  # the key's heading may be the taller (its banner wraps in a larger profile)
            probe = Sheet("loops", paper, metrics)
            self.header(probe, 1, 0, key)
            rooms.append(probe.room)
        self.room = min(rooms)

    # --- planning -------------------------------------------------------------------------

    def fit(self, count: int) -> tuple[int, float]:
        """(columns of puzzles, cell size) with the biggest cells for `count` puzzles, or (0, 0)."""
        best = (0, 0.0)
        for cols in (1, 2, 3, 4):
            rows = math.ceil(count / cols)
            slot_w = (CONTENT_W - (cols - 1) * GUTTER) / cols
            row_h = (self.room - (rows - 1) * ROW_GAP) / rows - self.t.body * 1.4
            cell = min(MAX_CELL, (slot_w - 4) / self.columns, (row_h - 4) / self.rows)
            if cell >= self.min_cell and cell > best[1]:
                best = (cols, cell)
        return best

    def most(self) -> int:
        """How many puzzles of this size one sheet holds."""
        return max((n for n in range(1, MOST + 1) if self.fit(n)[0]), default=0)

    def puzzle_count(self, asked: int | None) -> int:
        most = self.most()
        if asked is None:
            return max([n for n in range(1, most + 1) if self.fit(n)[1] >= COMFORT_CELL] or [1])
        if asked > most:
            raise OptionError("puzzles", f"{asked} puzzles of {self.columns} x {self.rows} do not fit on one sheet; "
                              f"at most {most} do")
        return asked

    # --- pages ------------------------------------------------------------------------------

    def details(self, seed: int | None) -> str:
        """The level, the size and the seed to make the sheet again (None: puzzles read from a file)."""
        level = self.texts.get(f"loops.level_{self.level}")
        if seed is None:
            return self.texts.get("loops.details_file", level=level, columns=self.columns, rows=self.rows)
        return self.texts.get("loops.details", level=level, columns=self.columns, rows=self.rows, seed=seed)

    def top_line(self, sheet: Sheet, left: str, number: int) -> None:
        # a long one wraps (a key's, in French or Spanish); the sheet's number at the heading size, as a worksheet's
        sheet.title(left, "loops.title", beside=self.texts.get("worksheet.sheet", number=number))

    def header(self, sheet: Sheet, number: int, seed: int | None, key: bool = False) -> None:
        texts, metrics = self.texts, self.metrics
        title = texts.get("loops.title")
        self.top_line(sheet, f"{title}: {texts.get('worksheet.key_title')}" if key else title, number)
        t = self.t
        details = self.details(seed)
        keep = texts.get("worksheet.key_keep_away")
        if key and t.least and metrics.width(keep, t.body, True) + metrics.width(details, t.caption) + 12 > sheet.width:
            sheet.gap(1.5)
            keep_away_banner(sheet, keep, details, t.caption, metrics)  # a profile's larger type: under its own rule
        else:
            bottom = sheet.take(8.0 * self.k, "the name line")  # right under the title: the band's top 3 mm are blank
            base = bottom + 2.0
            sheet.add(Text(sheet.x + sheet.width, base, details, t.caption, anchor="end"))
            if key:
                sheet.add(Text(sheet.x, base, keep, t.body, bold=True))
            else:
                name_and_date(sheet, base, texts.get("worksheet.name"), texts.get("worksheet.date"), details, metrics)
        sheet.gap(1.0)
        for text in (texts.get("loops.intro"), texts.get("loops.intro_numbers")):
            lines = wrap(text, sheet.width - 4.0 * self.k, t.body, metrics, what="loops.intro")
            top = sheet.cursor
            sheet.take(len(lines) * t.body * 1.22 + 0.4, "loops.intro", "shorten it")
            sheet.add(*text_lines(["•"], sheet.x, top, t.body, True))
            sheet.add(*text_lines(lines, sheet.x + 4.0 * self.k, top, t.body))
        sheet.gap(1.0)
        sheet.add(Line(sheet.x, sheet.cursor, sheet.x + sheet.width, sheet.cursor, width=0.4))
        sheet.gap(2.5)

    def page(self, number: int, seed: int | None, puzzles: list[LoopPuzzle], key: bool) -> Sheet:
        sheet = Sheet(f"loops-{number}" + ("-key" if key else ""), self.paper, self.metrics)
        self.header(sheet, number, seed, key)
        cols, cell = self.fit(len(puzzles))
        slot_w = (CONTENT_W - (cols - 1) * GUTTER) / cols
        row_h = self.t.body * 1.4 + self.rows * cell + 4
        for r in range(math.ceil(len(puzzles) / cols)):
            if r:
                sheet.take(ROW_GAP, "the gap between puzzles")
            top = sheet.cursor
            sheet.take(row_h, "a row of puzzles")
            for k, puzzle in enumerate(puzzles[r * cols:(r + 1) * cols]):
                x = sheet.x + k * (slot_w + GUTTER)
                sheet.add(Text(x, top - self.t.body, f"{puzzle.number}.", self.t.body, bold=True))
                w = self.columns * cell
                gx = x + (slot_w - w) / 2
                sheet.add(Group(gx, top - row_h + 2, 0, tuple(lattice(puzzle, cell, key, self.t.least))))
        return sheet

    # --- the rules page (players) and the teacher's guide (with the keys) -------------------

    def titled(self, name: str, title_key: str) -> Sheet:
        """A page with its title; a text too long for it (in a larger profile) goes on to another page."""
        title = self.texts.get(title_key)
        sheet = Sheet(name, self.paper, self.metrics, continued=lambda more: more.title(
            self.texts.get("kit.continued", title=title)))
        sheet.title(title)  # one line; wrapped only in a larger profile
        sheet.gap(2.0)
        return sheet

    def rules_pages(self) -> list[Sheet]:
        """The rules page, and the page its words go on to in a larger profile if they need one."""
        return self.rules_page().chain()

    def guide_pages(self) -> list[Sheet]:
        return self.guide_page().chain()

    def rules_page(self) -> Sheet:
        """How to play, for the players: the aim, the rule, a small puzzle beside its one loop, where to start,
        and the tile version."""
        texts = self.texts
        sheet = self.titled("loops-rules", "loops.rules_title")
        for key in ("loops.rules_goal", "loops.rules_steps"):
            sheet.paragraph(texts.get(key), size=self.t.body, what=key)
            sheet.gap(1.5)
        sheet.paragraph(texts.get("loops.rules_example"), size=self.t.body, bold=True, what="loops.rules_example")
        sheet.gap(2.0)
        cell = EXAMPLE_CELL
        h = EXAMPLE.rows * cell
        bottom = sheet.take(h + 2.0, "the example")
        w = EXAMPLE.columns * cell
        left = sheet.x + sheet.width / 4 - w / 2
        sheet.add(Group(left, bottom + 1.0, 0, tuple(lattice(EXAMPLE, cell, False, self.t.least))))
        sheet.add(Group(left + sheet.width / 2, bottom + 1.0, 0, tuple(lattice(EXAMPLE, cell, True, self.t.least))))
        sheet.gap(4.0)
        for key in ("loops.rules_tip", "loops.rules_tiles"):
            sheet.paragraph(texts.get(key), size=self.t.body, what=key)
            sheet.gap(1.5)
        return sheet

    def guide_page(self) -> Sheet:
        """The teacher's guide, with the keys: what to print for whom, the levels, class sets, checking."""
        sheet = self.titled("loops-guide", "loops.guide_title")
        for key in ("loops.guide_print", "loops.guide_levels", "loops.guide_class", "loops.guide_check"):
            sheet.paragraph(self.texts.get(key), size=self.t.body, what=key)
            sheet.gap(2.0)
        return sheet

    # --- the tile version -------------------------------------------------------------------

    def tile_size(self) -> float:
        size = min(TILE_MAX, CONTENT_W / (self.columns + 1), (self.room - 10) / (self.rows + 1))
        if size < TILE_MIN:
            raise OptionError("tiles", f"a {self.columns} x {self.rows} puzzle needs {self.columns + 1} x {self.rows + 1} "
                              f"tiles, which at {TILE_MIN:g} mm do not fit on one page; take 7 x 7 or smaller")
        return math.floor(size * 2) / 2

    def tile_board(self, number: int, seed: int | None, puzzle: LoopPuzzle) -> Sheet:
        """The clue board with cells the size of the tiles: one cell a dot, each number where four cells meet."""
        size = self.tile_size()
        sheet = Sheet(f"loops-{number}-board-{puzzle.number}", self.paper, self.metrics)
        self.top_line(sheet, self.texts.get("loops.board_title", number=puzzle.number), number)
        sheet.paragraph(self.texts.get("loops.board_note", size=self.texts.number(size)), size=self.t.body,
                        what="loops.board_note")
        sheet.gap(2.0)
        w, h = (self.columns + 1) * size, (self.rows + 1) * size
        bottom = sheet.take(h, "the board")
        x0 = sheet.x + (sheet.width - w) / 2
        items: list[Item] = []
        for c in range(self.columns + 2):
            items.append(Line(c * size, 0, c * size, h, width=0.6 if c in (0, self.columns + 1) else 0.25))
        for r in range(self.rows + 2):
            items.append(Line(0, r * size, w, r * size, width=0.6 if r in (0, self.rows + 1) else 0.25))
        clue_size = self.t.at_least(min(size * 0.28, 6.0))
        for i, row in enumerate(puzzle.clues):
            for j, clue in enumerate(row):
                if clue is None:
                    continue
                cx, cy = (j + 1) * size, h - (i + 1) * size
                items.append(Circle(cx, cy, clue_size * 0.75, width=0.4, stroke=0.0, fill=1.0))
                items.append(Text(cx, cy - clue_size * 0.36, str(clue), clue_size, bold=True, anchor="middle"))
        sheet.add(Group(x0, bottom, 0, tuple(items)))
        return sheet

    def tile_counts(self, puzzle: LoopPuzzle) -> dict[str, int]:
        """Blank, straight and corner tiles to print: what the answer uses, a fifth more (at least 2)
        of the straights and corners, so the counts give nothing away."""
        pts = puzzle.loop
        corners = sum(1 for k in range(len(pts))
                      if (pts[k - 1][0] == pts[k][0]) != (pts[(k + 1) % len(pts)][0] == pts[k][0]))
        straights = len(pts) - corners
        blanks = (self.rows + 1) * (self.columns + 1) - len(pts)
        spare = lambda n: n + max(2, math.ceil(n / 5))  # noqa: E731
        return {"blank": spare(blanks), "straight": spare(straights), "corner": spare(corners)}

    def tile_sheets(self, number: int, puzzle: LoopPuzzle) -> list[Sheet]:
        size = self.tile_size()
        counts = self.tile_counts(puzzle)
        kinds = [k for k, n in counts.items() for _ in range(n)]
        per_row = int(CONTENT_W // size)
        sheets: list[Sheet] = []
        while kinds:
            sheet = Sheet(f"loops-{number}-tiles-{len(sheets) + 1}", self.paper, self.metrics)
            self.top_line(sheet, self.texts.get("loops.tiles_title", blank=counts["blank"], straight=counts["straight"],
                                                corner=counts["corner"]), number)
            sheet.gap(2.0)
            rows = int(sheet.room // size)
            take, kinds = kinds[:rows * per_row], kinds[rows * per_row:]
            top = sheet.cursor
            for k, kind in enumerate(take):
                r, c = divmod(k, per_row)
                sheet.add(Group(sheet.x + c * size, top - (r + 1) * size, 0, tuple(tile_art(kind, size))))
            sheet.take(math.ceil(len(take) / per_row) * size, "the tiles")
            sheets.append(sheet)
        return sheets


def lattice(puzzle: LoopPuzzle, cell: float, key: bool, least: float = 0.0) -> list[Item]:
    """The dots and numbers (at least `least` mm high), bottom-left at the origin; on the key, the loop drawn
    through them."""
    rows, cols = puzzle.rows, puzzle.columns
    h = rows * cell
    items: list[Item] = []
    if key:
        pts = puzzle.loop
        for k in range(len(pts)):
            (r1, c1), (r2, c2) = pts[k], pts[(k + 1) % len(pts)]
            items.append(Line(c1 * cell, h - r1 * cell, c2 * cell, h - r2 * cell, width=LOOP_W, cap="round"))
    size = max(least, min(cell * CLUE_SHARE, 8.5))
    for i, row in enumerate(puzzle.clues):
        for j, clue in enumerate(row):
            if clue is not None:
                items.append(Text((j + 0.5) * cell, h - (i + 0.5) * cell - size * 0.36, str(clue), size, bold=True,
                                  anchor="middle"))
    for r in range(rows + 1):
        for c in range(cols + 1):
            items.append(Circle(c * cell, h - r * cell, DOT, width=0, stroke=None, fill=0.0))
    return items


def tile_art(kind: str, size: float) -> list[Item]:
    """A square tile to cut: blank, a straight line across, or a corner joining two neighbouring sides."""
    items: list[Item] = [Rect(0, 0, size, size, width=0.3)]
    band = size * 0.12
    if kind == "straight":
        items.append(Line(0, size / 2, size, size / 2, width=band))
    elif kind == "corner":
        items.append(Arc(size, 0, size / 2, 90, 90, width=band))
    return items


# --- the plan of a class set: over one PageContext whose document is a LoopSet ---------------------
# (the context's game is the default game, whose words the sheets are printed in: no loops page reads it)


def layout_of(ctx: PageContext) -> LoopsLayout:
    """The plan of the context's class set of puzzle sheets (its size and level, the context's type and paper)."""
    loops = ctx.loops
    return LoopsLayout(ctx.texts, ctx.metrics, loops.rows, loops.columns, loops.level, ctx.paper)


def puzzles_per_sheet(ctx: PageContext, asked: int | None) -> int:
    """Puzzles on each sheet: one in the tile version, else as asked if they fit a page, or as many as fit
    comfortably (a tile version too big for its tiles is refused here, before any puzzle is made)."""
    layout = layout_of(ctx)
    if ctx.loops.tiles:
        layout.tile_size()
        return 1
    return layout.puzzle_count(asked)
