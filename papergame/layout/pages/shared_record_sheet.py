"""The record sheet of a shared-path game: the two players, then one row per tile laid.

Laid out as the default record sheet is (`record_table.py`: its title, type sizes and ruled
table), with its own columns: who laid the tile, where,
which tile, and where the path stopped. The example row is shaded and says "Example" in
its Turn column, never a number, so it cannot be taken for turn 1.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Line, Text
from papergame.layout.record_table import header_height, row_height, rows_on_sheet, table
from papergame.layout.textflow import fit_line
from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.model.rules import rule_set, tile_notation
from papergame.text import Texts

COLUMNS = ("turn", "player", "cell", "tile", "stop")
WIDTHS = (0.13, 0.15, 0.12, 0.24, 0.36)  # shares of the table width
LINE_H = 9.0  # a line to write a name or the result on


def example_row(definition: GameDefinition, texts: Texts) -> tuple[str, ...] | None:
    move = worked_example(definition).stop
    if move is None:
        return None
    board = definition.board
    return (texts.get("path_record.example"), texts.get("path_record.first_short"), board.cell_name(move.turn.cell),
            tile_notation(move.tile, move.rotation), texts.position(board, move.trace.end))


def longest_game(definition: GameDefinition) -> int:
    """Every placement fills a cell; with the kit's copies the tiles may run out first."""
    cells = len(definition.board.cells)
    return cells if rule_set(definition).unlimited else min(cells, definition.total_tiles)


def shared_record_pages(ctx: PageContext) -> list[Sheet]:
    """As many pages as the rows need: the longest game fills every cell, one per turn."""
    definition, texts, metrics = ctx.game, ctx.texts, ctx.metrics
    turns = longest_game(definition)
    example = example_row(definition, texts)
    cols = [(texts.get(f"path_record.{key}"), share) for key, share in zip(COLUMNS, WIDTHS)]
    sheets: list[Sheet] = []
    number = 1
    while number <= turns or not sheets:
        sheet = Sheet(f"record-{len(sheets) + 1}", ctx.paper, metrics)
        sheet.title(texts.get("path_record.title"), "path_record.title")
        if not sheets:
            names_block(sheet, texts)
        header_h = header_height(cols, sheet.width, metrics, example if not sheets else None)
        rows: list[tuple[str, ...]] = [example] if (example and not sheets) else []
        count, row_h = rows_on_sheet(sheet.room - header_h - 1, 4 + line_height(sheet), turns - number + 1, len(rows),
                                     row_height(sheet))
        rows += [(str(n),) + ("",) * (len(cols) - 1) for n in range(number, number + count)]
        number += count
        table(sheet, cols, rows, example is not None and not sheets, header_h, row_h)
        if number > turns:
            write_line(sheet, texts.get("path_record.result"), "path_record.result", bold=True)
        sheets.append(sheet)
    return sheets


def write_line(sheet: Sheet, label: str, what: str, right: float = 1.0, bold: bool = False) -> None:
    """A label and a ruled line after it to write on, `right` of the width long."""
    body = sheet.type.body
    fit_line(label, sheet.width * 0.4, body, sheet.metrics, bold, what)
    bottom = sheet.take(line_height(sheet), what)
    sheet.add(Text(sheet.x, bottom + 2.0, label, body, bold=bold))
    start = sheet.x + sheet.metrics.width(label, body, bold) + 3
    sheet.add(Line(start, bottom + 1.4, sheet.x + sheet.width * right, bottom + 1.4, width=0.25))


def line_height(sheet: Sheet) -> float:
    """A line to write on: 9 mm, or taller for a profile's larger body type."""
    return max(LINE_H, sheet.type.body * 1.6)


def names_block(sheet: Sheet, texts: Texts) -> None:
    sheet.gap(1)
    for key in ("first", "second", "date"):
        write_line(sheet, texts.get(f"path_record.{key}"), f"path_record.{key}", 0.75)
    sheet.gap(3)
