"""The player record sheet: names and date, then one row per turn with where every token stops.

The example row is shaded and labelled, never numbered, so it cannot be taken for turn 1.
The result line asks for the reason too. A game too long for one table on a sheet (the eight-port
game's 35 turns) takes two tables side by side when their words fit half the width and their
rows stay at least `TWO_UP_ROW` tall to write in; else the rows run onto more sheets.
"""

from __future__ import annotations


from papergame.layout.context import PageContext
from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.blocks import read_size
from papergame.layout.paper import STANDARD, Sheet, profile_of
from papergame.layout.record_table import head_word, header_height, row_height, rows_on_sheet, table
from papergame.layout.primitives import Line, Text
from papergame.layout.textflow import Metrics
from papergame.layout.textflow import fit_line, wrap
from papergame.model.rules import tile_notation
from papergame.text import Texts

RESULT_H = 24.0
TWO_UP_ROW = 7.0  # mm: the least row height of two tables side by side (a child writes "C4/NE1" in it)
TWO_UP_ROW_MOST = 9.0  # ... and the most, however much room the sheet has
TWO_UP_GUTTER = 6.0  # mm between the two tables
TWO_UP_GAP = 4.0  # mm between the example's table and the two below it
WRITE_MIN = 12.0  # mm: the least column a child writes a cell or a tile in ("F6", "1@90")
WRITE_STOP = 18.0  # mm: the least column a child writes where a token stops in ("F6/N1", "A2/Пд2")


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


def record_pages(ctx: PageContext) -> list[Sheet]:
    """As many pages as the rows need: the longest game lays every tile, one per turn."""
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    body, leading = ctx.type.body, ctx.type.leading
    turns = definition.total_tiles
    cols = columns(definition, texts)
    example = example_row(definition, texts)
    sheets: list[Sheet] = []
    number = 1
    while number <= turns or not sheets:
        sheet = Sheet(f"record-{len(sheets) + 1}", paper, metrics)
        sheet.title(texts.get("record.title"), "record.title")
        if not sheets:
            names_block(sheet, definition, texts)
            how = texts.get("record.how", position=texts.position(definition.board, definition.tokens[0].start))
            for line in wrap(how, sheet.width, body, metrics, what="record.how"):
                y = sheet.take(body * leading, "record.how")
                sheet.add(Text(sheet.x, y + body * 0.3, line, body))
            sheet.gap(2)
        header_h = header_height(cols, sheet.width, metrics, example if not sheets else None)
        room = sheet.room - header_h - 1
        rows: list[tuple[str, ...]] = [tuple(example)] if (example and not sheets) else []
        count, row_h = rows_on_sheet(room, result_height(sheet, texts), turns - number + 1, len(rows),
                                     row_height(sheet))
        if not sheets and count < turns and two_up(sheet, definition, cols, example, texts):
            return [sheet]
        rows += [(str(n),) + ("",) * (len(cols) - 1) for n in range(number, number + count)]
        number += count
        table(sheet, cols, rows, example is not None and not sheets, header_h, row_h)
        if number > turns:
            result_block(sheet, texts)
        sheets.append(sheet)
    return sheets


def two_up(sheet: Sheet, definition: GameDefinition, cols, example: list[str] | None, texts: Texts) -> bool:
    """The whole game on this sheet in two tables side by side, turns 1 to k beside k + 1 to the end, with the
    example above them across the sheet and the result below, when every column's words fit half the width and
    the rows can be at least `TWO_UP_ROW` tall (and as tall as a profile's rows); whether it was done.

    The two tables leave out the player column: a line under the how-to says who plays which turns (they
    alternate, White first), so a column's words fit half the width in every language."""
    turns = definition.total_tiles
    width = (sheet.width - TWO_UP_GUTTER) / 2
    kept = [cols[0]] + cols[2:]
    shown = [tuple([example[0]] + example[2:])] if example else []
    metrics = sheet.metrics
    stops = len(definition.tokens)
    cols = writing_shares(kept, width, metrics, [(str(turns),)], stops)
    wide = writing_shares(kept, sheet.width, metrics, shown, stops)
    if cols is None or wide is None:
        return False
    white, black = (texts.get(f"token.{t.name}") for t in (definition.tokens[0], definition.tokens[-1]))
    note = wrap(texts.get("record.turns", white=white, black=black), sheet.width, sheet.type.body, metrics,
                what="record.turns")
    note_h = len(note) * sheet.type.body * sheet.type.leading + 2
    top_h = header_height(wide, sheet.width, metrics, shown[0]) + TWO_UP_GAP if shown else 0.0
    header_h = header_height(cols, width, metrics)
    per_table = -(-turns // 2)
    room = sheet.room - note_h - top_h - header_h - 1 - result_height(sheet, texts)
    row_h = min(room / (per_table + len(shown)) - 1e-6, TWO_UP_ROW_MOST)
    if row_h < max(TWO_UP_ROW, row_height(sheet)):
        return False
    sheet.gap(-2)  # the note goes on under the how-to, as its second paragraph
    for line in note:
        y = sheet.take(sheet.type.body * sheet.type.leading, "record.turns")
        sheet.add(Text(sheet.x, y + sheet.type.body * 0.3, line, sheet.type.body))
    sheet.gap(2)
    if shown:
        table(sheet, wide, shown, True, top_h - TWO_UP_GAP, row_h)
        sheet.gap(TWO_UP_GAP)
    blank = ("",) * (len(cols) - 1)
    bottom = sheet.cursor
    for i, numbers in enumerate((range(1, per_table + 1), range(per_table + 1, turns + 1))):
        column = sheet.column(sheet.x + i * (width + TWO_UP_GUTTER), width, continues=False)
        table(column, cols, [(str(n),) + blank for n in numbers], False, header_h, row_h)
        bottom = min(bottom, column.cursor)
    sheet.gap(sheet.cursor - bottom)
    result_block(sheet, texts)
    return True


def writing_shares(cols, width: float, metrics: Metrics, rows, stops: int) -> list[tuple[str, float]] | None:
    """The columns' shares of a table `width` wide for writing in: each column as wide as its heading's longest
    word and the values of `rows` need, a column written in at least `WRITE_MIN` wide and the last `stops`
    (where the tokens stop, the longest entries) at least `WRITE_STOP`; what is left shared alike by the columns
    written in (all but the first). None when the table is too narrow for that."""
    profile = profile_of(metrics)
    head, body = read_size(profile), profile.body

    def least(broken: bool) -> list[float]:
        need = [max([head_word(label, head, metrics, broken)]
                    + [metrics.width(row[i], body, i == 0) for row in rows if i < len(row) and row[i]]) + 2.6
                for i, (label, _) in enumerate(cols)]
        return [need[0]] + [max(n, WRITE_MIN) for n in need[1:-stops]] + [max(n, WRITE_STOP) for n in need[-stops:]]

    widths = least(False)
    if sum(widths) > width:  # a head word its text file marks with soft hyphens breaks there when it must
        widths = least(True)
    if sum(widths) > width:
        return None
    shared = alike(widths, width)
    fewer = alike(fewest_head_lines(cols, widths, width, metrics, head), width)
    if tallest_head(cols, fewer, metrics, head) < tallest_head(cols, shared, metrics, head):
        shared = fewer
    return [(label, w / width) for (label, _), w in zip(cols, shared)]


def alike(widths: list[float], width: float) -> list[float]:
    """The columns with what is left of `width` shared alike by the columns written in (all but the first)."""
    spare = width - sum(widths)
    return [widths[0]] + [w + spare / (len(widths) - 1) for w in widths[1:]]


def tallest_head(cols, widths: list[float], metrics: Metrics, head: float) -> int:
    return max(head_lines(label, w, metrics, head) for (label, _), w in zip(cols, widths))


def head_lines(label: str, width: float, metrics: Metrics, head: float) -> int:
    """The lines a column's head takes in a column `width` wide (as `record_table.header_height` wraps it)."""
    return len(wrap(label, width - 2.5, head, metrics, True, "record table header"))


def fewest_head_lines(cols, widths: list[float], width: float, metrics: Metrics, head: float) -> list[float]:
    """The columns widened, out of the table's spare width, so that the tallest head takes as few lines as it can,
    each only as far as that needs (to 0.1 mm). `writing_shares` takes them where sharing the spare width alike
    leaves a head a line taller: the clear-print Spanish hexagon record's "Blanco se para en" took 3 lines, and its
    two tables side by side then had no room for rows a child can write in."""
    most = tallest_head(cols, widths, metrics, head)
    best = widths
    for lines in range(most - 1, 0, -1):
        wider = []
        for (label, _), w in zip(cols, widths):
            low, high = w, width
            if head_lines(label, high, metrics, head) > lines:
                return best
            while high - low > 0.1:  # the least width that keeps the head to `lines` lines
                mid = (low + high) / 2
                low, high = (low, mid) if head_lines(label, mid, metrics, head) <= lines else (mid, high)
            wider.append(w if head_lines(label, w, metrics, head) <= lines else high)
        if sum(wider) > width:
            return best
        best = wider
    return best


def names_block(sheet: Sheet, definition: GameDefinition, texts: Texts) -> None:
    """The two players' names side by side on one line, the date on the next."""
    white, black = (texts.get(f"token.{t.name}") for t in (definition.tokens[0], definition.tokens[-1]))
    half = sheet.width / 2
    body = sheet.type.body
    line_h = max(9.0, body * 1.6)
    sheet.gap(1)
    for row in ([(texts.get("record.names", white=white), 0.0, half - 4), (texts.get("record.names_black", black=black),
                 half, sheet.width)], [(texts.get("record.date"), 0.0, half - 4)]):
        bottom = sheet.take(line_h, "the names")
        for label, left, right in row:
            fit_line(label, (right - left) * (0.6 if sheet.type is STANDARD else 0.8), body, sheet.metrics,
                     what="record.names")
            sheet.add(Text(sheet.x + left, bottom + 2.0, label, body))
            start = sheet.x + left + sheet.metrics.width(label, body) + 3
            sheet.add(Line(start, bottom + 1.4, sheet.x + right, bottom + 1.4, width=0.25))
    sheet.gap(3)


def result_height(sheet: Sheet, texts: Texts) -> float:
    """How tall `result_block` is: its gap, two lines to write on, and the examples of a reason."""
    caption, line_h = read_size(sheet.type), max(9.0, sheet.type.body * 1.6)
    choices = wrap(texts.get("record.reason_choices"), sheet.width, caption, sheet.metrics, what="record.reason_choices")
    return max(RESULT_H, 4 + 2 * line_h + len(choices) * caption * sheet.type.leading)


def result_block(sheet: Sheet, texts: Texts) -> None:
    sheet.gap(4)
    body, caption, leading = sheet.type.body, read_size(sheet.type), sheet.type.leading
    for label in (texts.get("record.result_line"), texts.get("record.reason")):
        fit_line(label, sheet.width * (0.5 if sheet.type is STANDARD else 0.75), body, sheet.metrics, True,
                 "record.result")
        bottom = sheet.take(max(9.0, body * 1.6), "the result")
        sheet.add(Text(sheet.x, bottom + 2.0, label, body, bold=True))
        start = sheet.x + sheet.metrics.width(label, body, True) + 3
        sheet.add(Line(start, bottom + 1.4, sheet.x + sheet.width, bottom + 1.4, width=0.25))
    choices = texts.get("record.reason_choices")
    for line in wrap(choices, sheet.width, caption, sheet.metrics, what="record.reason_choices"):
        y = sheet.take(caption * leading, "record.reason_choices")
        sheet.add(Text(sheet.x, y + caption * 0.3, line, caption, fill=0.25))
