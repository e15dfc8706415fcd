"""The record sheet of a shared-path game: the two players, then one row per tile laid.

Laid out like the default record sheet, with its own columns: who laid the tile, where,
which tile, and where the path stopped. The example row is shaded and says "Example" in
its Turn column, never a number, so it cannot be taken for turn 1.
"""

from __future__ import annotations

from papergame.layout.pages.record_sheet import table_rows
from papergame.layout.paper import BODY_SIZE, SMALL_SIZE, Sheet
from papergame.layout.primitives import Line, Rect, Text
from papergame.layout.textflow import Metrics, fit_line
from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.model.rules import rule_set, tile_notation
from papergame.text import Texts

COLUMNS = ("turn", "player", "cell", "tile", "stop")
WIDTHS = (0.13, 0.15, 0.12, 0.24, 0.36)  # shares of the table width
HEADER_H = 8.0
ROW_MAX, ROW_MIN = 10.0, 6.5
EXAMPLE_SHADE = 0.88  # the example row's background, as on the default record sheet
EXAMPLE_TEXT = 0.25


def example_row(definition: GameDefinition, texts: Texts) -> list[str] | None:
    move = worked_example(definition).stop
    if move is None:
        return None
    board = definition.board
    return [texts.get("path_record.example"), texts.get("path_record.first_short"), board.cell_name(move.turn.cell),
            tile_notation(move.tile, move.rotation), texts.position(board, move.trace.end)]


def longest_game(definition: GameDefinition) -> int:
    """Every placement fills a cell; with the kit's copies the tiles may run out first."""
    cells = len(definition.board.cells)
    return cells if rule_set(definition).unlimited else min(cells, definition.total_tiles)


def shared_record_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> list[Sheet]:
    turns = longest_game(definition)
    example = example_row(definition, texts)
    sheets: list[Sheet] = []
    number = 1
    labels = {key: texts.get(f"path_record.{key}") for key in COLUMNS}
    while number <= turns or not sheets:
        sheet = Sheet(f"record-{len(sheets) + 1}", paper, metrics)
        sheet.title(texts.get("path_record.title"))
        if not sheets:
            names_block(sheet, texts)
        rows = [example] if (example and not sheets) else []
        room_rows = int((sheet.room - HEADER_H - 10) // ROW_MIN)
        count = min(turns - number + 1, room_rows - len(rows))
        rows += [[str(n), "", "", "", ""] for n in range(number, number + count)]
        number += count
        columns_table(sheet, labels, rows, example is not None and not sheets)
        if number > turns:
            sheet.gap(4)
            sheet.paragraph(texts.get("path_record.result") + " " + "_" * 40, what="path_record.result")
        sheets.append(sheet)
    return sheets


def names_block(sheet: Sheet, texts: Texts) -> None:
    sheet.gap(3)
    for key in ("first", "second", "date"):
        label = texts.get(f"path_record.{key}")
        fit_line(label, sheet.width * 0.4, BODY_SIZE, sheet.metrics, what=f"path_record.{key}")
        bottom = sheet.take(9.0, "the names")
        sheet.add(Text(sheet.x, bottom + 2.0, label, BODY_SIZE))
        start = sheet.x + sheet.metrics.width(label, BODY_SIZE) + 3
        sheet.add(Line(start, bottom + 1.4, sheet.x + sheet.width * 0.75, bottom + 1.4, width=0.25))
    sheet.gap(4)


def columns_table(sheet: Sheet, labels: dict[str, str], rows: list[list[str]], first_is_example: bool) -> None:
    """A ruled table: a grey header, then the rows (the first shaded, "Example" in its Turn column)."""
    width = sheet.width
    xs = [sheet.x]
    for share in WIDTHS:
        xs.append(xs[-1] + share * width)
    row_h = min(ROW_MAX, (sheet.room - HEADER_H - 12) / max(1, len(rows)))
    top = sheet.cursor
    bottom = sheet.take(HEADER_H, "the table header")
    sheet.add(Rect(sheet.x, bottom, width, HEADER_H, width=0.4, stroke=0.0, fill=0.88))
    for i, key in enumerate(COLUMNS):
        label = fit_line(labels[key], xs[i + 1] - xs[i] - 2, SMALL_SIZE + 0.4, sheet.metrics, True,
                         f"path_record.{key}")
        sheet.add(Text(xs[i] + 1.5, bottom + 2.8, label, SMALL_SIZE + 0.4, bold=True))
    table_rows(sheet, xs, width, top, rows, row_h, first_is_example, BODY_SIZE, lambda i: f"path_record.{COLUMNS[i]}",
               EXAMPLE_TEXT, 0.32)
