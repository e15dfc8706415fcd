""""Win in N" sheets of the shared path and their answer keys: the plan every page of a class set of them
shares (`WinLayout`), which the sheets and keys here and the rules and guide that go with them
(`pages/win_rules.py`) lay out their pages with.

A sheet: the title ("Win in 2") and its number, a line for the name and the date, three
short instructions, then the puzzles two to a row, each the whole board with its tiles and
the path's marker, a question and a line to write the first tile on. The key page of a sheet
lists, puzzle by puzzle, the board small with the winning first tile shaded, the winning
first tiles, and how the first of them wins against every reply (a reply not listed runs
the path off at once). Everything shown comes from `activities.win_in`, checked by the
solver's search.
"""

from __future__ import annotations

import math

from papergame.activities.win_in import LEVEL_MOVES, Line as WinLine, WinPuzzle
from papergame.errors import LayoutError, OptionError
from papergame.layout.context import PageContext
from papergame.layout.diagram import Diagram, Marker, label_band
from papergame.layout.blocks import BODY, CAPTION, key_head, name_and_date, rule_across, text_lines
from papergame.layout.paper import CONTENT_W, FAINT, Sheet, profile_of
from papergame.layout.primitives import Line, Text
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.model.board import Cell
from papergame.model.definition import GameDefinition
from papergame.text import Texts

QUESTION_SIZE = BODY  # 11 pt: read by children (the profile's body size)
LEADING = 1.25
GUTTER = 6.0
ROW_GAP = 5.0
ANSWER_H = 10.0
ANSWER_ROOM = 25.0  # to write a tile such as 1@90 beside the answer's label
MIN_CELL, MAX_CELL = 10.0, 16.0
DEFAULT_PUZZLES = 4
MOST_PUZZLES = 6
KEY_CELL = 7.0
KEY_SIZE = CAPTION
TOKEN = "white"


def short(move: str) -> tuple[str, str]:
    """("C3", "2") from "C3:2@0"; "1@90" keeps its turn."""
    cell, _, tile = move.partition(":")
    return cell, tile.removesuffix("@0")


class WinLayout:
    """Pages of one class set of "win in N" sheets."""

    def __init__(self, definition: GameDefinition, texts: Texts, metrics: Metrics, moves: int, level: str,
                 paper: str = "a4"):
        self.definition = definition
        self.texts = texts
        self.metrics = metrics
        self.t = profile_of(metrics)  # the type profile every size below is read from (paper.TypeProfile)
        self.k = self.t.body / BODY  # room for words grows with the profile's body size (1 in the standard one)
        self.key_size = self.t.at_least(KEY_SIZE)
        self.moves = moves
        self.level = level
        self.paper = paper
        board = definition.board
        probe = Diagram(definition, (0, len(board.columns) - 1), (0, len(board.rows) - 1), 1.0, least=self.t.least)
        self.aspect = (probe.grid_w, probe.grid_h)  # the board's grid at a cell of 1 mm
        sheet = Sheet("win-sheet", paper, metrics)
        self.header(sheet, 1, 0)
        self.room = sheet.room

    # --- planning ---------------------------------------------------------------------------

    def extra(self, cell: float) -> float:
        return label_band(self.t.least) + 1 + 2 * (2 * max(2.2, cell * 0.14) + 1.5)

    def question_lines(self, width: float) -> list[str]:
        cell = max((self.definition.board.cell_name(c) for c in self.definition.board.cells),
                   key=lambda n: self.metrics.width(n, self.t.body))
        return wrap(self.texts.get("win_sheet.question", cell=cell), width - 6.0 * self.k, self.t.body, self.metrics,
                    what="win_sheet.question")

    def answer_label_w(self) -> float:
        cell = max((self.definition.board.cell_name(c) for c in self.definition.board.cells),
                   key=lambda n: self.metrics.width(n, self.t.body))
        return self.metrics.width(self.texts.get("win_sheet.answer", cell=cell), self.t.body, True)

    def answer_h(self, width: float) -> float:
        """The answer's line under the board: its label and a line to write on beside it, or under it where a
        profile's wider type leaves no room to write beside the label."""
        if self.answer_label_w() <= width - ANSWER_ROOM:
            return ANSWER_H * self.k
        return ANSWER_H * self.k + self.t.body * LEADING

    def cell_for(self, count: int) -> float:
        """The biggest cell (mm) that fits `count` puzzles on one page, or 0 if none of MIN_CELL does."""
        columns = 1 if count == 1 else 2
        rows = math.ceil(count / columns)
        slot_w = (CONTENT_W - (columns - 1) * GUTTER) / columns
        text_h = len(self.question_lines(slot_w)) * self.t.body * LEADING + 1.5 + self.answer_h(slot_w)
        row_h = (self.room - (rows - 1) * ROW_GAP) / rows
        cell = MAX_CELL
        while cell >= MIN_CELL - 1e-9:
            if (self.aspect[0] * cell + self.extra(cell) <= slot_w
                    and self.aspect[1] * cell + self.extra(cell) + text_h <= row_h):
                return cell
            cell -= 0.25
        return 0.0

    def puzzle_count(self, asked: int | None) -> int:
        most = max((n for n in range(1, MOST_PUZZLES + 1) if self.cell_for(n)), default=0)
        if not most:
            raise OptionError("level", f"{self.level}: a board of cells of at least {MIN_CELL:g} mm does not fit on a sheet")
        if asked is None:
            return min(DEFAULT_PUZZLES, most)
        if asked > most:
            raise OptionError("puzzles", f"{asked} puzzles do not fit on one sheet; at most {most} do")
        return asked

    # --- the sheet ----------------------------------------------------------------------------

    def title(self) -> str:
        return self.texts.get("win_sheet.title_1" if self.moves == 1 else "win_sheet.title", moves=self.moves)

    def details(self, seed: int) -> str:
        return self.texts.get("worksheet.details", level=self.texts.get(f"worksheet.level_{self.level}"), seed=seed)

    def top_line(self, sheet: Sheet, left: str, number: int, what: str) -> None:
        """The title at the left and the sheet's number at the right, at the heading size (as a worksheet's)."""
        # a left-aligned one too long for one line with the number after it ("Виграй за 2 ходи: Відповіді" in large
        # and clear print) wraps, its last line as short as the number needs beside it
        sheet.title(left, what, beside=self.texts.get("worksheet.sheet", number=number))

    def header(self, sheet: Sheet, number: int, seed: int) -> None:
        texts, metrics = self.texts, self.metrics
        self.top_line(sheet, self.title(), number, "win_sheet.title")
        bottom = sheet.take(8.0 * self.k, "the name line")  # right under the title: the band's top 3 mm are blank
        base = bottom + 2.0
        details = self.details(seed)
        if self.t.start_only:  # left-aligned: the level and seed on a line of their own, under the name and date
            name_and_date(sheet, base, texts.get("worksheet.name"), texts.get("worksheet.date"), "", metrics)
            base = sheet.take(self.t.caption * 1.3, "the sheet's level and seed") + self.t.caption * 0.3
            sheet.add(Text(sheet.x, base, details, self.t.caption))
        else:
            name_and_date(sheet, base, texts.get("worksheet.name"), texts.get("worksheet.date"), details, metrics)
            sheet.add(Text(sheet.x + sheet.width, base, details, self.t.caption, anchor="end"))
        sheet.gap(1.0)
        tile = self.definition.tiles[0]
        step = self.definition.shape.step_degrees
        goal = "win_sheet.goal_1" if self.moves == 1 else "win_sheet.goal"
        for text in (texts.get("win_sheet.intro"), texts.get(goal, moves=self.moves),
                     texts.get("win_sheet.how", tile=f"{tile.id}@{step}", type=tile.id, degrees=step)):
            lines = wrap(text, sheet.width - 4.0 * self.k, self.t.body, metrics, what="win_sheet.intro")
            top = sheet.cursor
            sheet.take(len(lines) * self.t.body * 1.22 + 0.4, "win_sheet.intro", "shorten it")
            sheet.add(*text_lines(["•"], sheet.x, top, self.t.body, True))
            sheet.add(*text_lines(lines, sheet.x + 4.0 * self.k, top, self.t.body))
        rule_across(sheet)

    def diagram(self, puzzle: WinPuzzle, cell: float, shade: tuple[Cell, ...] = ()) -> Diagram:
        board = self.definition.board
        d = Diagram(self.definition, (0, len(board.columns) - 1), (0, len(board.rows) - 1), cell, type_labels=False,
                    least=self.t.least)
        for p in puzzle.tiles:
            d.tiles[p.cell] = (self.definition.tile_type(p.tile), p.rotation)
        d.markers.append(Marker(TOKEN, position=puzzle.path))
        d.shaded = shade or (puzzle.path.cell,)
        return d

    def page(self, worksheet) -> Sheet:
        count = len(worksheet.puzzles)
        cell = self.cell_for(count)
        if not cell:
            raise LayoutError(f"win sheet: {count} puzzles do not fit on a page")
        sheet = Sheet(f"win-sheet-{worksheet.number}", self.paper, self.metrics)
        self.header(sheet, worksheet.number, worksheet.seed)
        columns = 1 if count == 1 else 2
        slot_w = (CONTENT_W - (columns - 1) * GUTTER) / columns
        lines = self.question_lines(slot_w)
        text_h = len(lines) * self.t.body * LEADING + 1.5
        row_h = text_h + self.aspect[1] * cell + self.extra(cell) + self.answer_h(slot_w)
        for r in range(math.ceil(count / columns)):
            if r:
                sheet.take(ROW_GAP, "the gap between puzzles")
            top = sheet.cursor
            sheet.take(row_h, "a row of puzzles")
            for i, puzzle in enumerate(worksheet.puzzles[r * columns:(r + 1) * columns]):
                self.slot(sheet, sheet.x + i * (slot_w + GUTTER), top, slot_w, cell, puzzle)
        return sheet

    def slot(self, sheet: Sheet, x: float, top: float, width: float, cell: float, puzzle: WinPuzzle) -> None:
        board = self.definition.board
        name = board.cell_name(puzzle.path.cell)
        lines = wrap(self.texts.get("win_sheet.question", cell=name), width - 6.0 * self.k, self.t.body, self.metrics,
                     what="win_sheet.question")
        y = top
        for i, line in enumerate(lines):
            y -= self.t.body * LEADING
            if i == 0:
                sheet.add(Text(x, y + self.t.body * 0.3, f"{puzzle.number}.", self.t.body, bold=True))
            sheet.add(Text(x + 6.0 * self.k, y + self.t.body * 0.3, line, self.t.body))
        y -= 1.5
        d = self.diagram(puzzle, cell)
        h = self.aspect[1] * cell + self.extra(cell)
        y_top = top - len(self.question_lines(width)) * self.t.body * LEADING - 1.5
        sheet.add(d.items(x + (width - d.width) / 2, y_top - h + (h - d.height) / 2))
        base = y_top - h - self.answer_h(width) + 3.0 * self.k
        label = self.texts.get("win_sheet.answer", cell=name)
        lx = x + self.metrics.width(label, self.t.body, True) + 1.5
        if self.answer_h(width) > ANSWER_H * self.k:  # the label on a line of its own, the line to write on below
            fit_line(label, width, self.t.body, self.metrics, True, "win_sheet.answer")
            sheet.add(Text(x, base + self.t.body * LEADING, label, self.t.body, bold=True))
            lx = x + 4.0 * self.k
        else:
            fit_line(label, width - ANSWER_ROOM, self.t.body, self.metrics, True, "win_sheet.answer")
            sheet.add(Text(x, base, label, self.t.body, bold=True))
        sheet.add(Line(lx, base - 0.6, x + width, base - 0.6, width=0.2, stroke=FAINT))

    # --- the key ------------------------------------------------------------------------------

    def key_header(self, sheet: Sheet, number: int, seed: int) -> None:
        texts, metrics = self.texts, self.metrics
        self.top_line(sheet, f"{self.title()}: {texts.get('worksheet.key_title')}", number, "worksheet.key_title")
        key_head(sheet, self.details(seed), texts.get("worksheet.key_keep_away"), texts.get("win_sheet.key_legend"),
                 "win_sheet.key_legend", self.t, metrics)

    def looks(self, puzzle: WinPuzzle) -> str:
        joiner = f" {self.texts.get('worksheet.or')} "
        return "; ".join(joiner.join(short(m)[1] for m in group) for group in puzzle.winning)

    def tree_lines(self, line: WinLine, depth: int = 0) -> list[tuple[int, str]]:
        """(depth, sentence) for each reply of the tree, the answers to it below it."""
        out: list[tuple[int, str]] = []
        for reply in line.replies:
            cell, tile = short(reply.reply)
            next_cell, answer = short(reply.then.move)
            key = "win_sheet.key_reply_last" if not reply.then.replies else "win_sheet.key_reply"
            out.append((depth, self.texts.get(key, tile=tile, cell=cell, path=reply.path, answer=answer, next=next_cell)))
            out += self.tree_lines(reply.then, depth + 1)
        return out

    def key_texts(self, puzzle: WinPuzzle) -> list[tuple[int, str, bool]]:
        """(indent level, sentence, bold) printed for a puzzle on the key."""
        texts = self.texts
        cell, first = short(puzzle.tree.move)
        out = [(0, texts.get("win_sheet.key_wins", cell=cell, tiles=self.looks(puzzle)), True)]
        if not puzzle.tree.replies:
            out.append((0, texts.get("win_sheet.key_all_off", tile=first, cell=cell), False))
        else:
            out.append((0, texts.get("win_sheet.key_with", tile=first, cell=cell), False))
            out += [(1 + d, s, False) for d, s in self.tree_lines(puzzle.tree)]
        return out

    def key_page(self, worksheet) -> list[Sheet]:
        title = f"{self.title()}: {self.texts.get('worksheet.key_title')}"
        sheet = Sheet(f"win-sheet-{worksheet.number}-key", self.paper, self.metrics,
                      continued=lambda more: more.title(self.texts.get("kit.continued", title=title)))
        self.key_header(sheet, worksheet.number, worksheet.seed)
        for puzzle in worksheet.puzzles:
            d = self.diagram(puzzle, KEY_CELL * self.k)
            cell, first = short(puzzle.tree.move)
            tile, _, turn = first.partition("@")
            d.tiles[puzzle.path.cell] = (self.definition.tile_type(int(tile)), int(turn or 0))  # the winning tile, shaded
            text_x = sheet.x + d.width + 4.0 * self.k
            width = sheet.x + sheet.width - text_x
            rows: list[tuple[float, str, bool]] = []
            for level, text, bold in self.key_texts(puzzle):
                indent = 4.0 * self.k * level
                for line in wrap(text, width - indent - 5.0 * self.k, self.key_size, self.metrics, bold, "win_sheet key"):
                    rows.append((indent, line, bold))
            height = max(d.height, len(rows) * self.key_size * LEADING + 2.0) + 3.0
            top = sheet.take(height, f"the answer to puzzle {puzzle.number}") + height  # on the next sheet if need be
            sheet.add(d.items(sheet.x, top - d.height))
            sheet.add(Text(sheet.x + d.width + 0.5, top - self.key_size * 1.2, f"{puzzle.number}.", self.t.body, bold=True))
            y = top
            for indent, line, bold in rows:
                y -= self.key_size * LEADING
                sheet.add(Text(text_x + 5.0 * self.k + indent, y + self.key_size * 0.3, line, self.key_size, bold=bold))
            sheet.gap(2.0)
        return sheet.chain()

    def compact_key_pages(self, worksheets) -> list[Sheet]:
        """Every sheet's winning first tiles in one list, on as few pages as it fits."""
        title = f"{self.title()}: {self.texts.get('worksheet.compact_key_title')}"
        sheet = Sheet("win-sheet-key", self.paper, self.metrics,
                      continued=lambda more: more.title(self.texts.get("kit.continued", title=title)))
        sheet.title(title)
        sheet.paragraph(self.texts.get("worksheet.key_keep_away"), bold=True, what="worksheet.key_keep_away")
        for w in worksheets:
            answers = "   ".join(f"{p.number}. {short(p.tree.move)[0]}: {self.looks(p)}" for p in w.puzzles)
            sheet.paragraph(f"{self.texts.get('worksheet.sheet', number=w.number)} · {w.seed}: {answers}", size=self.t.body,
                            what="win_sheet compact key")
        return sheet.chain()


def layout_of(ctx: PageContext) -> WinLayout:
    """The plan of the context's class set ("win in N": the level gives N, easy 1, medium 2, hard 3)."""
    level = ctx.sheets.level
    return WinLayout(ctx.game, ctx.texts, ctx.metrics, LEVEL_MOVES[level], level, ctx.paper)


def puzzles_per_sheet(ctx: PageContext, asked: int | None) -> int:
    """Puzzles on each sheet: as asked if they fit a page, else DEFAULT_PUZZLES (or as many as fit; `win_layout.DEFAULT_PUZZLES`)."""
    return layout_of(ctx).puzzle_count(asked)

# --- the rules page's worked example ---------------------------------------------------------------

EXAMPLE_SEED = 1


def rules_example(definition) -> WinPuzzle:
    """The rules page's worked example: a win in 1 on this game's board, made and checked by the solver."""
    from papergame.activities.win_in import make_win_sheet

    return make_win_sheet(definition, 0, EXAMPLE_SEED, "easy", 1).puzzles[0]
