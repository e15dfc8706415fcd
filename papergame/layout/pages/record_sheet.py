"""The player record sheet: names and date, and one row per turn of the longest possible game."""

from __future__ import annotations

from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.paper import BODY_SIZE, SMALL_SIZE, Sheet
from papergame.layout.primitives import Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line
from papergame.model.rules import tile_notation
from papergame.text import Texts

COLUMNS = ("turn", "player", "tile", "entry", "exit")
WIDTHS = (0.09, 0.19, 0.22, 0.22, 0.28)  # shares of the table width
HEADER_H = 8.0
ROW_MAX, ROW_MIN = 10.0, 6.5
EXAMPLE_GREY = 0.55


def example_row(definition: GameDefinition, texts: Texts) -> list[str] | None:
    """The worked example's first move, written the way a player fills in a row."""
    move = worked_example(definition).stop
    if move is None:
        return None
    board = definition.board
    return [
        str(move.turn.number),
        texts.get(f"token.{move.turn.player}"),
        tile_notation(move.tile, move.rotation),
        board.position_name(move.trace.start),
        board.position_name(move.trace.end),
    ]


def record_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> list[Sheet]:
    """As many pages as the rows need: the longest game lays every tile, one per turn."""
    turns = definition.total_tiles
    sheets: list[Sheet] = []
    number = 1
    example = example_row(definition, texts)
    while number <= turns or not sheets:
        sheet = Sheet(f"record-{len(sheets) + 1}", paper, metrics)
        sheet.title(texts.get("record.title"))
        if not sheets:
            names_block(sheet, definition, texts)
        rows = [example] if (example and not sheets) else []
        room_rows = int((sheet.room - HEADER_H - 10) // ROW_MIN)
        count = min(turns - number + 1, room_rows - len(rows))
        rows += [[str(n), "", "", "", ""] for n in range(number, number + count)]
        number += count
        table(sheet, texts, rows, example is not None and len(sheets) == 0)
        if number > turns:
            sheet.gap(4)
            sheet.paragraph(texts.get("record.result") + " " + "_" * 40, what="record.result")
        sheets.append(sheet)
    return sheets


def names_block(sheet: Sheet, definition: GameDefinition, texts: Texts) -> None:
    white, black = (texts.get(f"token.{t.name}") for t in definition.tokens)
    labels = [texts.get("record.names", white=white), texts.get("record.names_black", black=black),
              texts.get("record.date")]
    sheet.gap(3)
    for label in labels:
        fit_line(label, sheet.width * 0.4, BODY_SIZE, sheet.metrics, what="record.names")
        bottom = sheet.take(9.0, "the names")
        sheet.add(Text(sheet.x, bottom + 2.0, label, BODY_SIZE))
        start = sheet.x + sheet.metrics.width(label, BODY_SIZE) + 3
        sheet.add(Line(start, bottom + 1.4, sheet.x + sheet.width * 0.75, bottom + 1.4, width=0.25))
    sheet.gap(4)


def table(sheet: Sheet, texts: Texts, rows: list[list[str]], first_is_example: bool) -> None:
    width = sheet.width
    xs = [sheet.x]
    for share in WIDTHS:
        xs.append(xs[-1] + share * width)
    row_h = min(ROW_MAX, (sheet.room - HEADER_H - 12) / max(1, len(rows)))
    top = sheet.cursor
    bottom = sheet.take(HEADER_H, "the table header")
    sheet.add(Rect(sheet.x, bottom, width, HEADER_H, width=0.4, stroke=0.0, fill=0.88))
    for i, key in enumerate(COLUMNS):
        label = fit_line(texts.get(f"record.{key}"), xs[i + 1] - xs[i] - 2, SMALL_SIZE + 0.4, sheet.metrics,
                         True, f"record.{key}")
        sheet.add(Text(xs[i] + 1.5, bottom + 2.8, label, SMALL_SIZE + 0.4, bold=True))
    for n, row in enumerate(rows):
        y = sheet.take(row_h, "the table rows")
        example = first_is_example and n == 0
        for i, value in enumerate(row):
            if value:
                sheet.add(Text(xs[i] + 1.5, y + row_h * 0.32, value, BODY_SIZE,
                               fill=EXAMPLE_GREY if example else 0.0))
        if example:
            note = texts.get("record.example")
            sheet.add(Text(xs[-1] - 1.5, y + row_h * 0.32, note, SMALL_SIZE - 0.4, anchor="end", fill=EXAMPLE_GREY))
        sheet.add(Line(sheet.x, y, sheet.x + width, y, width=0.25))
    for x in xs:
        sheet.add(Line(x, sheet.cursor, x, top, width=0.25))
    sheet.add(Rect(sheet.x, sheet.cursor, width, top - sheet.cursor, width=0.4))
