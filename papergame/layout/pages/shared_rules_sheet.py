"""The rules page of a shared-path game: one path, two players, whoever runs it off the board loses.

Composed as the default rules page is (blocks flowing down two columns, `blocks.py`) and in
its type scale: body 11 pt, worked examples as large as the body and black, titles 19.8 pt.
Only the words and their order differ.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.pages.blocks import (
    Block, ColumnPages, Figure, boxed, figure_grid, heading, paragraph, stack, step,
)
from papergame.layout.paper import Sheet
from papergame.layout.rule_figures import (
    TILE_GAP, catalogue_size, example_figure, turning_blocks, turning_tile,
)
from papergame.layout.rule_words import pairs_text, tile_name
from papergame.layout.tile_art import tile_art
from papergame.model.answers import FirstMove, crossing_types, loops_possible, worked_example
from papergame.model.definition import GameDefinition
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


def shared_rules_pages(ctx: PageContext) -> list[Sheet]:
    """The rules on as many sheets as they need (one for the shipped game)."""
    definition, texts, metrics = ctx.game, ctx.texts, ctx.metrics
    board, shape = definition.board, definition.shape
    pages = ColumnPages("rules", ctx.paper, metrics, texts.get("path_rules.title"), texts.get("rules.continued"))
    pages.full_width([paragraph(texts.get("path_rules.intro", columns=len(board.columns), rows=len(board.rows)),
                                pages.sheet.width, metrics, "path_rules.intro", after=2.0)])
    w = pages.column_width

    def para(key: str, bullet: str = "", bold: bool = False, **values) -> Block:
        return paragraph(texts.get(key, **values), w, metrics, key, bullet=bullet, bold=bold)

    start = texts.position(board, definition.tokens[0].start)
    setup = [paragraph(texts.get(key, start=start), w - 5, metrics, key, bullet="•")
             for key in ("path_rules.setup_tiles", "path_rules.setup_path", "path_rules.setup_players",
                         "rules.notation")]
    blocks: list[Block] = [heading(texts.get("rules.setup_heading"), w, metrics, "rules.setup_heading"),
                           boxed(stack(setup, "path_rules.setup"), w)]

    blocks.append(heading(texts.get("rules.tiles_heading"), w, metrics, "rules.tiles_heading"))
    captions = [texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs, texts)) for t in definition.tiles]
    size = catalogue_size(shape, captions, w, metrics)
    tile_w = shape.width * size
    per_row = max(1, min(len(definition.tiles), int(w // (tile_w + TILE_GAP))))
    catalogue = [Figure(tile_art(shape, t, size, type_label=str(t.id), least=ctx.type.least, loose=ctx.type.tracking), tile_w, size, caption)
                 for t, caption in zip(definition.tiles, captions)]
    blocks += figure_grid(catalogue, w, per_row, metrics, "rules.tile_caption")
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para("path_rules.crossing", types=", ".join(map(str, crossing))))
    blocks.append(para("path_rules.run_out" if ctx.rules.unlimited else "path_rules.run_out_kit", bold=True))

    blocks.append(heading(texts.get("rules.rotation_heading"), w, metrics, "rules.rotation_heading"))
    first = turning_tile(definition)
    blocks += turning_blocks(definition, first, texts, metrics, w)
    blocks.append(para("rules.rotation_text"))

    blocks.append(heading(texts.get("rules.turn_heading"), w, metrics, "rules.turn_heading"))
    example = worked_example(definition)  # the engine's two first moves, beside the steps they show
    turns = [para(f"path_rules.turn_{i}", bullet=f"{i}.") for i in (1, 2)]
    if example.stop is not None:
        turns.append(step(example_figure(definition, example.stop, least=ctx.type.least), texts.get("path_rules.turn_3"), w, metrics,
                          "path_rules.turn_3", number="3.", note=example_sentence(definition, texts, example.stop)))
    else:
        turns.append(para("path_rules.turn_3", bullet="3."))
    blocks += turns + [para("path_rules.turn_4", bullet="4.")]

    blocks.append(heading(texts.get("rules.end_heading"), w, metrics, "rules.end_heading"))
    ends = [texts.get("path_rules.end_1"), texts.get("path_rules.end_2")]
    if not loops_possible(definition):
        ends[1] += " " + texts.get("path_rules.end_2_never")
    if example.out is not None:
        blocks.append(step(example_figure(definition, example.out, least=ctx.type.least), ends[0], w, metrics, "path_rules.end_1",
                           note=example_sentence(definition, texts, example.out)))
    else:
        blocks.append(paragraph(ends[0], w, metrics, "path_rules.end_1", bullet="•"))
    blocks.append(paragraph(ends[1], w, metrics, "path_rules.end_2", bullet="•"))
    blocks.append(para("path_rules.think", bold=True))
    pages.add(blocks)
    return pages.sheets
