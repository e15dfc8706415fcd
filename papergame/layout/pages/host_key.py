"""The host key: answers for the person running the game, every one from the rules engine."""

from __future__ import annotations

from papergame.model.answers import FirstMove, crossing_types, first_moves, loops_possible, worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.paper import BODY_SIZE, SMALL_SIZE, Sheet
from papergame.layout.primitives import Line, Rect, Text
from papergame.layout.pages.rules_sheet import example_sentence, facts, tile_name
from papergame.layout.textflow import Metrics, fit_line
from papergame.model.rules import same_under_rotation, symmetric_turns
from papergame.text import Texts

ROW_H = 5.2
KEY_SIZE = BODY_SIZE - 0.2


def outcome(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    t = move.trace
    if t.loop:
        return texts.get("host_key.loops")
    if t.end is None:
        winner = move.turn.result.winner
        return texts.get("host_key.goes_out", winner=texts.get(f"token.{winner}"))
    return texts.get("host_key.stops", position=definition.board.position_name(t.end))


def route_text(definition: GameDefinition, move: FirstMove) -> str:
    board = definition.board
    t = move.trace
    steps = [f"{board.cell_name(c)} {a}–{b}" for c, (a, b) in zip(t.route, t.crossings)]
    return ", ".join(steps)


def host_key_page(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> Sheet:
    sheet = Sheet("host-key", paper, metrics)
    f = facts(definition, texts)
    sheet.title(texts.get("host_key.title"))
    # a bold banner, so nobody mistakes this for a player page
    keep = texts.get("host_key.keep_away")
    fit_line(keep, sheet.width - 6, BODY_SIZE + 0.4, metrics, True, "host_key.keep_away")
    bottom = sheet.take(9, "the banner")
    sheet.add(Rect(sheet.x, bottom + 0.5, sheet.width, 8, width=0.8, stroke=0.0, fill=None, dash=(2.0, 1.2)))
    sheet.add(Text(sheet.x + 3, bottom + 3.2, keep, BODY_SIZE + 0.4, bold=True))

    sheet.heading(texts.get("host_key.setup_heading"))
    sheet.paragraph(texts.get("host_key.setup_line", **f), size=KEY_SIZE, what="host_key.setup_line")

    sheet.heading(texts.get("host_key.example_heading"))
    example = worked_example(definition)
    for move in (example.stop, example.out):
        if move is not None:
            sheet.paragraph(example_sentence(definition, texts, move), size=KEY_SIZE, indent=3, bullet="•",
                            what="rules.example")

    first = definition.tokens[0]
    sheet.heading(texts.get("host_key.first_move_heading", token=texts.get(f"token.{first.name}"),
                            cell=definition.board.cell_name(first.start.cell)))
    first_move_table(sheet, definition, texts)

    sheet.gap(2)
    for group in same_under_rotation(definition):
        (a, _), *others = group
        for b, degrees in others:
            sheet.paragraph(texts.get("host_key.same_tile", a=a, b=b, degrees=degrees), size=KEY_SIZE,
                            indent=3, bullet="•", what="host_key.same_tile")
    for tile in definition.tiles:
        turns = symmetric_turns(definition, tile)[1:]
        if turns:
            sheet.paragraph(texts.get("host_key.symmetric", type=tile.id, degrees="°, ".join(map(str, turns))),
                            size=KEY_SIZE, indent=3, bullet="•", what="host_key.symmetric")

    sheet.heading(texts.get("host_key.rulings_heading"))
    loop = texts.get("host_key.loop_possible" if loops_possible(definition) else "host_key.loop_impossible")
    crossing = crossing_types(definition)
    if crossing:
        sheet.paragraph(texts.get("host_key.ruling_crossing", types=", ".join(map(str, crossing))), size=KEY_SIZE,
                        indent=3, bullet="•", what="host_key.ruling_crossing")
    sheet.paragraph(texts.get("host_key.ruling_passing"), size=KEY_SIZE, indent=3, bullet="•",
                    what="host_key.ruling_passing")
    sheet.paragraph(texts.get("host_key.ruling_loop", loop_answer=loop), size=KEY_SIZE, indent=3, bullet="•",
                    what="host_key.ruling_loop")
    return sheet


def first_move_table(sheet: Sheet, definition: GameDefinition, texts: Texts) -> None:
    """Every tile type at every turn as the first move: the route and what happens."""
    moves = first_moves(definition)
    xs = [sheet.x, sheet.x + 22, sheet.x + 70, sheet.x + sheet.width]
    header = [texts.get("host_key.col_tile"), texts.get("host_key.col_route"), texts.get("host_key.col_result")]
    top = sheet.cursor
    y = sheet.take(ROW_H + 1, "the first-move table")
    sheet.add(Rect(sheet.x, y, sheet.width, ROW_H + 1, width=0.3, stroke=0.0, fill=0.88))
    for i, label in enumerate(header):
        fit_line(label, xs[i + 1] - xs[i] - 3, SMALL_SIZE + 0.4, sheet.metrics, True, "host_key.col")
        sheet.add(Text(xs[i] + 1.5, y + 1.8, label, SMALL_SIZE + 0.4, bold=True))
    previous = None
    for move in moves:
        y = sheet.take(ROW_H, "the first-move table")
        cells = [tile_name(move.tile, move.rotation), route_text(definition, move), outcome(definition, texts, move)]
        for i, value in enumerate(cells):
            fit_line(value, xs[i + 1] - xs[i] - 3, KEY_SIZE, sheet.metrics, False, "host_key table")
            sheet.add(Text(xs[i] + 1.5, y + 1.5, value, KEY_SIZE, bold=(i == 0)))
        weight = 0.4 if previous is not None and previous != move.tile else 0.15
        sheet.add(Line(sheet.x, y + ROW_H, sheet.x + sheet.width, y + ROW_H, width=weight))
        previous = move.tile
    for x in xs:
        sheet.add(Line(x, sheet.cursor, x, top, width=0.25))
    sheet.add(Rect(sheet.x, sheet.cursor, sheet.width, top - sheet.cursor, width=0.4))
