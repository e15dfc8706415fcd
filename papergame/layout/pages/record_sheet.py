"""The player record sheet: names and date, then one row per turn with where every token stops.

The example row is shaded and labelled, never numbered, so it cannot be taken for turn 1.
The result line asks for the reason too. Rows run onto more sheets for long games.
"""

from __future__ import annotations

from collections.abc import Callable

from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.pages.blocks import BODY, CAPTION, LEADING, TITLE
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line, wrap
from papergame.model.rules import tile_notation
from papergame.text import Texts

ROW_H = 6.8  # 25 turns and the example fit one A4 sheet
ROW_H_MIN = 6.2  # rows a little closer when that keeps a whole game on one sheet (longer words above the table)
EXAMPLE_SHADE = 0.88
RESULT_H = 24.0


def tile_examples(definition: GameDefinition) -> dict[str, str]:
    """How a tile is written, from the game's own types and turn step: `3` as printed, `1@90` turned."""
    first, last = definition.tiles[0].id, definition.tiles[-1].id
    return {"plain": tile_notation(last, 0, short=True), "turned": tile_notation(first, definition.shape.step_degrees)}


def columns(definition: GameDefinition, texts: Texts) -> list[tuple[str, float]]:
    """(header, share of the width): turn, player, cell, tile, then one stop column per token."""
    fixed = [(texts.get("record.turn"), 0.125), (texts.get("record.player"), 0.14),
             (texts.get("record.entry"), 0.105), (texts.get("record.tile", **tile_examples(definition)), 0.19)]
    rest = 1.0 - sum(w for _, w in fixed)
    tokens = definition.tokens
    return fixed + [(texts.get("record.stop", token=texts.get(f"token.{t.name}")), rest / len(tokens))
                    for t in tokens]


def example_row(definition: GameDefinition, texts: Texts) -> list[str] | None:
    """The worked example's first move, written the way a player fills in a row."""
    move = worked_example(definition).stop
    if move is None:
        return None
    board = definition.board
    stops = [texts.position(board, p)
             for p in (move.turn.positions[t.name] for t in definition.tokens)]
    return [texts.get("record.example"), texts.get(f"token.{move.turn.player}"), board.cell_name(move.turn.cell),
            tile_notation(move.tile, move.rotation, short=True)] + stops


def record_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics, stamp=None) -> list[Sheet]:
    """As many pages as the rows need: the longest game lays every tile, one per turn."""
    turns = definition.total_tiles
    cols = columns(definition, texts)
    example = example_row(definition, texts)
    sheets: list[Sheet] = []
    number = 1
    while number <= turns or not sheets:
        sheet = Sheet(f"record-{len(sheets) + 1}", paper, metrics)
        title = texts.get("record.title")
        fit_line(title, sheet.width * 0.8, TITLE, metrics, True, "record.title")
        bottom = sheet.take(TITLE * 1.35, "the title")
        sheet.add(Text(sheet.x, bottom + TITLE * 0.3, title, TITLE, bold=True))
        if stamp:
            stamp(sheet)
        if not sheets:
            names_block(sheet, definition, texts)
            how = texts.get("record.how", position=texts.position(definition.board, definition.tokens[0].start))
            for line in wrap(how, sheet.width, BODY, metrics, what="record.how"):
                y = sheet.take(BODY * LEADING, "record.how")
                sheet.add(Text(sheet.x, y + BODY * 0.3, line, BODY))
            sheet.gap(2)
        header_h = header_height(cols, sheet.width, metrics)
        room = sheet.room - header_h - 1
        rows: list[tuple[str, ...]] = [tuple(example)] if (example and not sheets) else []
        remaining = turns - number + 1
        result_h = result_height(sheet, texts)
        row_h = ROW_H
        if int((room - result_h) // ROW_H) - len(rows) < remaining <= int((room - result_h) // ROW_H_MIN) - len(rows):
            row_h = (room - result_h) / (remaining + len(rows)) - 1e-6
        plain = int(room // row_h) - len(rows)
        with_result = int((room - result_h) // row_h) - len(rows)
        if remaining <= with_result:
            count = remaining
        else:  # leave at least one row for the sheet that carries the result
            count = min(plain, remaining - 1)
        rows += [(str(n),) + ("",) * (len(cols) - 1) for n in range(number, number + count)]
        number += count
        table(sheet, cols, rows, example is not None and not sheets, header_h, row_h)
        if number > turns:
            result_block(sheet, texts)
        sheets.append(sheet)
    return sheets


def names_block(sheet: Sheet, definition: GameDefinition, texts: Texts) -> None:
    """The two players' names side by side on one line, the date on the next."""
    white, black = (texts.get(f"token.{t.name}") for t in (definition.tokens[0], definition.tokens[-1]))
    half = sheet.width / 2
    sheet.gap(1)
    for row in ([(texts.get("record.names", white=white), 0.0, half - 4), (texts.get("record.names_black", black=black),
                 half, sheet.width)], [(texts.get("record.date"), 0.0, half - 4)]):
        bottom = sheet.take(9.0, "the names")
        for label, left, right in row:
            fit_line(label, (right - left) * 0.6, BODY, sheet.metrics, what="record.names")
            sheet.add(Text(sheet.x + left, bottom + 2.0, label, BODY))
            start = sheet.x + left + sheet.metrics.width(label, BODY) + 3
            sheet.add(Line(start, bottom + 1.4, sheet.x + right, bottom + 1.4, width=0.25))
    sheet.gap(3)


def header_height(cols, width: float, metrics: Metrics) -> float:
    lines = max(len(wrap(label, share * width - 2.5, CAPTION, metrics, True, "record table header"))
                for label, share in cols)
    return lines * CAPTION * LEADING + 3.0


def table(sheet: Sheet, cols, rows: list[tuple[str, ...]], first_is_example: bool, header_h: float,
          row_h: float = ROW_H) -> None:
    width = sheet.width
    xs = [sheet.x]
    for _, share in cols:
        xs.append(xs[-1] + share * width)
    top = sheet.cursor
    bottom = sheet.take(header_h, "the table header")
    sheet.add(Rect(sheet.x, bottom, width, header_h, width=0.4, stroke=0.0, fill=0.8))
    for i, (label, share) in enumerate(cols):
        lines = wrap(label, share * width - 2.5, CAPTION, sheet.metrics, True, "record table header")
        for k, line in enumerate(lines):
            sheet.add(Text(xs[i] + 1.5, top - 1.5 - (k + 1) * CAPTION * LEADING + CAPTION * 0.3, line, CAPTION,
                           bold=True))
    table_rows(sheet, xs, width, top, rows, row_h, first_is_example, BODY, lambda i: "record table", 0.25, 0.3)


def table_rows(sheet: Sheet, xs: list[float], width: float, top: float, rows, row_h: float, first_is_example: bool,
               size: float, what: Callable[[int], str], example_fill: float, lift: float) -> None:
    """The rows of a record table below its header (the first may be a shaded example), then its rules and frame.

    `xs` are the column edges; `what(i)` names column i in an error when a value does not fit it.
    """
    for n, row in enumerate(rows):
        y = sheet.take(row_h, "the table rows")
        example = first_is_example and n == 0
        if example:
            sheet.add(Rect(sheet.x, y, width, row_h, width=0, stroke=None, fill=EXAMPLE_SHADE))
        for i, value in enumerate(row):
            if value:
                value = fit_line(value, xs[i + 1] - xs[i] - 2.5, size, sheet.metrics, example and i == 0, what(i))
                sheet.add(Text(xs[i] + 1.5, y + row_h * lift, value, size, bold=example and i == 0,
                               fill=example_fill if example else 0.0))
        sheet.add(Line(sheet.x, y, sheet.x + width, y, width=0.6 if example else 0.25))
    for x in xs:
        sheet.add(Line(x, sheet.cursor, x, top, width=0.25))
    sheet.add(Rect(sheet.x, sheet.cursor, width, top - sheet.cursor, width=0.4))


def result_height(sheet: Sheet, texts: Texts) -> float:
    """How tall `result_block` is: its gap, two lines to write on, and the examples of a reason."""
    choices = wrap(texts.get("record.reason_choices"), sheet.width, CAPTION, sheet.metrics, what="record.reason_choices")
    return max(RESULT_H, 4 + 2 * 9.0 + len(choices) * CAPTION * LEADING)


def result_block(sheet: Sheet, texts: Texts) -> None:
    sheet.gap(4)
    for label in (texts.get("record.result_line"), texts.get("record.reason")):
        fit_line(label, sheet.width * 0.5, BODY, sheet.metrics, True, "record.result")
        bottom = sheet.take(9.0, "the result")
        sheet.add(Text(sheet.x, bottom + 2.0, label, BODY, bold=True))
        start = sheet.x + sheet.metrics.width(label, BODY, True) + 3
        sheet.add(Line(start, bottom + 1.4, sheet.x + sheet.width, bottom + 1.4, width=0.25))
    choices = texts.get("record.reason_choices")
    for line in wrap(choices, sheet.width, CAPTION, sheet.metrics, what="record.reason_choices"):
        y = sheet.take(CAPTION * LEADING, "record.reason_choices")
        sheet.add(Text(sheet.x, y + CAPTION * 0.3, line, CAPTION, fill=0.25))
