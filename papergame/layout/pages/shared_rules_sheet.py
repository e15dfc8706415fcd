"""The rules page of a shared-path game: one path, two players, whoever runs it off the board loses.

Composed as the default rules page is (blocks flowing down two columns, `blocks.py`) and in
its type scale: body 11 pt, worked examples as large as the body and black, titles 19.8 pt.
Only the words and their order differ.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.blocks import (
    Block, ColumnPages, Fit, fitted, heading, page_steps, paragraph, step,
)
from papergame.layout.paper import Sheet
from papergame.layout.rule_figures import (
    STEP_CELL, catalogue, example_figure, setup_box, turning_blocks, turning_tile,
)
from papergame.layout.rule_words import pairs_text, tile_name
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
    """The rules on as many sheets as they need (one for the shipped game), a step tighter if that saves one."""
    return fitted(lambda fit: set_shared_rules(ctx, fit), page_steps(ctx.metrics))


def set_shared_rules(ctx: PageContext, fit: Fit) -> list[Sheet]:
    definition, texts, metrics = ctx.game, ctx.texts, ctx.metrics
    board = definition.board
    pages = ColumnPages("rules", ctx.paper, metrics, texts.get("path_rules.title"), texts.get("rules.continued"))
    pages.full_width([paragraph(texts.get("path_rules.intro", columns=len(board.columns), rows=len(board.rows)),
                                pages.sheet.width, metrics, "path_rules.intro", after=2.0, fit=fit)])
    w = pages.column_width

    def para(key: str, bullet: str = "", bold: bool = False, **values) -> Block:
        return paragraph(texts.get(key, **values), w, metrics, key, bullet=bullet, bold=bold, fit=fit)

    start = texts.position(board, definition.tokens[0].start)
    setup = [paragraph(texts.get(key, start=start), w - 5, metrics, key, bullet="•", fit=fit)
             for key in ("path_rules.setup_tiles", "path_rules.setup_path", "path_rules.setup_players",
                         "rules.notation")]
    blocks: list[Block] = setup_box(texts, setup, "path_rules.setup", w, metrics, fit)

    blocks.append(heading(texts.get("rules.tiles_heading"), w, metrics, "rules.tiles_heading", fit=fit))
    captions = [texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs, texts)) for t in definition.tiles]
    rows, listed = catalogue(definition, captions, w, metrics, fit)
    blocks += ([row._replace(keep_with_next=True) for row in rows] if listed else rows) + listed
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para("path_rules.crossing", types=", ".join(map(str, crossing))))
    blocks.append(para("path_rules.run_out" if ctx.rules.unlimited else "path_rules.run_out_kit", bold=True))

    blocks.append(heading(texts.get("rules.rotation_heading"), w, metrics, "rules.rotation_heading", fit=fit))
    first = turning_tile(definition)
    blocks += turning_blocks(definition, first, texts, metrics, w, fit)
    blocks.append(para("rules.rotation_text"))

    blocks.append(heading(texts.get("rules.turn_heading"), w, metrics, "rules.turn_heading", fit=fit))
    example = worked_example(definition)  # the engine's two first moves, beside the steps they show
    step_cell = STEP_CELL * fit.picture
    turns = [para(f"path_rules.turn_{i}", bullet=f"{i}.") for i in (1, 2)]
    if example.stop is not None:
        turns.append(step(example_figure(definition, example.stop, cell=step_cell, least=ctx.type.least), texts.get("path_rules.turn_3"), w, metrics,
                          "path_rules.turn_3", number="3.", note=example_sentence(definition, texts, example.stop), fit=fit))
    else:
        turns.append(para("path_rules.turn_3", bullet="3."))
    blocks += turns + [para("path_rules.turn_4", bullet="4.")]

    blocks.append(heading(texts.get("rules.end_heading"), w, metrics, "rules.end_heading", fit=fit))
    ends = [texts.get("path_rules.end_1"), texts.get("path_rules.end_2")]
    if not loops_possible(definition):
        ends[1] += " " + texts.get("path_rules.end_2_never")
    if example.out is not None:
        blocks.append(step(example_figure(definition, example.out, cell=step_cell, least=ctx.type.least), ends[0], w, metrics, "path_rules.end_1",
                           note=example_sentence(definition, texts, example.out), fit=fit))
    else:
        blocks.append(paragraph(ends[0], w, metrics, "path_rules.end_1", bullet="•", fit=fit))
    blocks.append(paragraph(ends[1], w, metrics, "path_rules.end_2", bullet="•", fit=fit))
    blocks.append(para("path_rules.think", bold=True))
    pages.add(blocks)
    return pages.sheets
