"""What every record sheet shares, whatever its rule set: the title, a ruled table of turns, how many rows fit."""

from __future__ import annotations

from collections.abc import Callable

from papergame.layout.blocks import read_size
from papergame.layout.paper import Flow, Sheet, profile_of
from papergame.layout.primitives import Line, Rect, Text
from papergame.layout.textflow import SHY, Metrics, fit_line, least_width, wrap

ROW_H = 6.8  # 25 turns and the example fit one A4 sheet
ROW_H_MIN = 6.2  # rows a little closer when that keeps a whole game on one sheet (longer words above the table)
EXAMPLE_SHADE = 0.88


def row_height(sheet: Sheet) -> float:
    """A table row: 6.8 mm, or taller for a profile's larger body type."""
    return max(ROW_H, sheet.type.body * 1.5)


def fitted(cols, width: float, metrics: Metrics, rows=()):
    """The columns, each widened until its heading's longest word and the values of `rows` (a filled-in
    example) fit: in a profile's larger type, or in a language with longer words ("Клітинка").

    Columns whose words fit keep the shares the page gave; else each takes what its words need
    and the rest is shared out as the page did. Heads are set at `read_size` (10 pt at least).
    Where the whole words leave no room, a head word its text file marks with soft hyphens
    ("Гра\u00adвець") needs only its widest piece: it breaks there (`textflow.wrap`).
    """
    profile = profile_of(metrics)
    head = read_size(profile)

    def needs(broken: bool) -> list[float]:
        return [(max([head_word(label, head, metrics, broken)]
                     + [metrics.width(row[i], profile.body, True) for row in rows if i < len(row)]) + 2.6) / width
                for i, (label, _) in enumerate(cols)]

    need = needs(False)
    if all(n <= share for n, (_, share) in zip(need, cols)):
        return cols
    spare = 1.0 - sum(max(n, share) for n, (_, share) in zip(need, cols))
    if spare < 0 and any(SHY in label for label, _ in cols) and not heads_fit(
            [(label, n / sum(need)) for n, (label, _) in zip(need, cols)], width, head, metrics):
        need = needs(True)
        spare = 1.0 - sum(max(n, share) for n, (_, share) in zip(need, cols))
    if spare < 0:
        return [(label, n / sum(need)) for n, (label, _) in zip(need, cols)]  # every column as its words need
    loose = [share for n, (_, share) in zip(need, cols) if n <= share]
    taken = 1.0 - sum(n for n, (_, share) in zip(need, cols) if n > share)
    return [(label, n if n > share else share / sum(loose) * taken) for n, (label, share) in zip(need, cols)]


def head_word(label: str, head: float, metrics: Metrics, broken: bool = False) -> float:
    """How wide a column's head needs to be for its widest word, bold at `head`: the word whole (its soft hyphens
    are never printed), or, `broken`, its widest piece where its text file marks it with soft hyphens (as
    `textflow.wrap` breaks it)."""
    return max((least_width(w, head, metrics, True) if broken else metrics.width(w.replace(SHY, ""), head, True)
                for w in label.split()), default=0.0)


def heads_fit(cols, width: float, head: float, metrics: Metrics) -> bool:
    """Whether every head's words fit their column whole (as `table` wraps them)."""
    return all(metrics.width(w.replace(SHY, ""), head, True) <= share * width - 2.5
               for label, share in cols for w in label.split())


def rows_on_sheet(room: float, result_h: float, remaining: int, taken: int,
                  row_h: float = ROW_H) -> tuple[int, float]:
    """How many numbered rows go on a sheet with `room` mm below the header, and their height.

    `taken` rows (the example) are there already; the sheet that ends the game also holds
    the result, `result_h` high. Rows close up a little when that keeps the game on one sheet
    (rows of the standard height, `ROW_H`; a profile's taller rows keep their height).
    """
    if row_h == ROW_H and int((room - result_h) // ROW_H) - taken < remaining <= int(
            (room - result_h) // ROW_H_MIN) - taken:
        row_h = (room - result_h) / (remaining + taken) - 1e-6
    plain = int(room // row_h) - taken
    with_result = int((room - result_h) // row_h) - taken
    if remaining <= with_result:
        return remaining, row_h
    return min(plain, remaining - 1), row_h  # leave at least one row for the sheet that carries the result


def header_height(cols, width: float, metrics: Metrics, example=None) -> float:
    """The header's height; `example`, the filled-in row the table will have, if any (a profile fits the columns to it)."""
    profile = profile_of(metrics)
    lines = max(len(wrap(label, share * width - 2.5, read_size(profile), metrics, True, "record table header"))
                for label, share in fitted(cols, width, metrics, [example] if example else []))
    return lines * read_size(profile) * profile.leading + 3.0


def table(sheet: Flow, cols, rows: list[tuple[str, ...]], first_is_example: bool, header_h: float,
          row_h: float = ROW_H) -> None:
    width = sheet.width
    cols = fitted(cols, width, sheet.metrics, rows[:1] if first_is_example else [])
    size, leading = read_size(sheet.type), sheet.type.leading
    xs = [sheet.x]
    for _, share in cols:
        xs.append(xs[-1] + share * width)
    top = sheet.cursor
    bottom = sheet.take(header_h, "the table header")
    sheet.add(Rect(sheet.x, bottom, width, header_h, width=0.4, stroke=0.0, fill=0.8))
    for i, (label, share) in enumerate(cols):
        lines = wrap(label, share * width - 2.5, size, sheet.metrics, True, "record table header")
        for k, line in enumerate(lines):
            sheet.add(Text(xs[i] + 1.5, top - 1.5 - (k + 1) * size * leading + size * 0.3, line, size,
                           bold=True))
    table_rows(sheet, xs, width, top, rows, row_h, first_is_example, sheet.type.body, lambda i: "record table",
               0.25, 0.3)


def table_rows(sheet: Flow, xs: list[float], width: float, top: float, rows, row_h: float, first_is_example: bool,
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
