"""The rules page of a shared-path game: one path, two players, whoever runs it off the board loses.

Drawn with the default rules page's helpers (tile figures, the turning arrow, the example
diagrams), so a restyle of those shows here too; only the words and their order differ.
"""

from __future__ import annotations

from papergame.layout.paper import HEADING_SIZE, Sheet
from papergame.layout.pages.rules_sheet import (
    GUTTER, NOTE_SIZE, RULE_SIZE, TILE, example_diagram, figures_row, pairs_text, tile_name, turn_arrow,
)
from papergame.layout.primitives import Item, Rect
from papergame.layout.textflow import Metrics, wrap
from papergame.layout.tile_art import tile_art, turned
from papergame.model.answers import FirstMove, crossing_types, loops_possible, worked_example
from papergame.model.definition import GameDefinition
from papergame.model.rules import rule_set
from papergame.text import Texts


def example_sentence(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    board = definition.board
    t = move.trace
    common = dict(tile=tile_name(move.tile, move.rotation), cell=board.cell_name(move.turn.cell))
    if t.end is None:
        return texts.get("path_rules.example_out", side=texts.letters(definition.shape.side_of(t.exit_port or "")),
                         **common)
    return texts.get("path_rules.example_stop", **{"from": texts.position(board, t.start)},
                     to=texts.position(board, t.end), **common)


def shared_rules_page(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> Sheet:
    sheet = Sheet("rules", paper, metrics, continued=lambda more: more.title(
        texts.get("kit.continued", title=texts.get("path_rules.title"))))
    board, shape = definition.board, definition.shape
    sheet.title(texts.get("path_rules.title"))
    sheet.paragraph(texts.get("path_rules.intro", columns=len(board.columns), rows=len(board.rows)),
                    what="path_rules.intro")
    sheet.gap(2)
    left_w = (sheet.width - GUTTER) * 0.54
    left = sheet.column(sheet.x, left_w)
    right = sheet.column(sheet.x + left_w + GUTTER, sheet.width - left_w - GUTTER, widen=True)

    left.heading(texts.get("rules.tiles_heading"))
    left.gap(1)
    figures_row(left, [
        (tile_art(shape, t, TILE, type_label=str(t.id)), TILE, TILE,
         texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs, texts)))
        for t in definition.tiles
    ], "rules.tile_caption")
    crossing = crossing_types(definition)
    if crossing:
        left.paragraph(texts.get("path_rules.crossing", types=", ".join(map(str, crossing))),
                       size=NOTE_SIZE, what="path_rules.crossing")
    run_out = "path_rules.run_out" if rule_set(definition).unlimited else "path_rules.run_out_kit"
    left.paragraph(texts.get(run_out), size=NOTE_SIZE, bold=True, what=run_out)
    left.heading(texts.get("rules.rotation_heading"))
    left.gap(1)
    first = definition.tiles[0]
    art = tile_art(shape, first, TILE, type_label=str(first.id))
    step = shape.step_degrees
    figures_row(left, [
        (art, TILE, TILE, texts.get("rules.rotation_caption_0", tile=tile_name(first.id, 0))),
        (turn_arrow(8, TILE / 2 - 4, 8), 16, TILE, ""),
        ([turned(art, TILE, step, 0, 0)], TILE, TILE,
         texts.get("rules.rotation_caption_1", tile=tile_name(first.id, step), degrees=step)),
    ], "rules.rotation_caption")
    left.paragraph(texts.get("rules.rotation_text"), size=NOTE_SIZE, what="rules.rotation_text")

    example = worked_example(definition)
    moves = [m for m in (example.stop, example.out) if m is not None]
    if moves:
        left.heading(texts.get("rules.example_heading"))
        left.gap(1)
        figures: list[tuple[list[Item] | Item, float, float, str]] = []
        for move in moves:
            d = example_diagram(definition, move)
            figures.append(([d.items(0, 0)], d.width, d.height, example_sentence(definition, texts, move)))
        figures_row(left, figures, "path_rules.example")

    start = texts.position(board, definition.tokens[0].start)
    keys = ("path_rules.setup_tiles", "path_rules.setup_path", "path_rules.setup_players", "rules.notation")
    setup = [texts.get(key, start=start) for key in keys]
    box_h = 3 + sum(len(wrap(text, right.width - 8, RULE_SIZE, metrics)) * RULE_SIZE * 1.3 + 0.8 for text in setup)
    right.need(HEADING_SIZE * 2 + 1 + box_h)  # the heading and its box stay together
    right.heading(texts.get("rules.setup_heading"))
    right.gap(1)
    box_top = right.cursor
    inner = right.column(right.x + 2.5, right.width - 5, continues=False)
    inner.gap(2)
    for i, (key, text) in enumerate(zip(keys, setup)):
        inner.paragraph(text, size=RULE_SIZE, what=key, indent=3, bullet="•")
        if i < len(keys) - 1:
            inner.gap(0.8)
    inner.gap(1.8)
    right.cursor = inner.cursor
    right.add(Rect(right.x, right.cursor, right.width, box_top - right.cursor, width=0.4))

    right.heading(texts.get("rules.turn_heading"))
    for i in range(1, 5):
        right.paragraph(texts.get(f"path_rules.turn_{i}"), size=RULE_SIZE, indent=5.5, bullet=f"{i}.",
                        what=f"path_rules.turn_{i}")
        right.gap(0.8)
    right.heading(texts.get("rules.end_heading"))
    for i in range(1, 3):
        text = texts.get(f"path_rules.end_{i}")
        if i == 2 and not loops_possible(definition):
            text += " " + texts.get("path_rules.end_2_never")
        right.paragraph(text, size=RULE_SIZE, indent=3, bullet="•", what=f"path_rules.end_{i}")
        right.gap(0.8)
    right.gap(2)
    right.paragraph(texts.get("path_rules.think"), size=RULE_SIZE, bold=True, what="path_rules.think")
    return sheet
