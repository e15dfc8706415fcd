"""The rules page: the game in short sentences, a picture for every step, drawn by the kit's own code.

Every sentence about sides, ports and turning is filled in from the tile shape, and the
page flows down two columns onto as many sheets as the tile catalogue needs.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.model.answers import crossing_types, loops_possible, worked_example
from papergame.layout.blocks import (
    label_size, Block, ColumnPages, Fit, fitted, Figure, heading, page_steps, paragraph, step,
)
from papergame.layout.rule_figures import (
    STEP_CELL, catalogue, draw_pile, example_figure, setup_box, turning_blocks, turning_tile,
)
from papergame.layout.rule_words import (
    example_sentence, facts, pairs_text, port_meetings, port_names, step_moves, styles_text, tile_name, types_text,
)
from papergame.layout.paper import Sheet


def rules_pages(ctx: PageContext) -> list[Sheet]:
    """The rules on as many sheets as they need (one for the default game), a step tighter if that saves one."""
    return fitted(lambda fit: set_rules(ctx, fit), page_steps(ctx.metrics))


def set_rules(ctx: PageContext, fit: Fit) -> list[Sheet]:
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    f = facts(definition, texts)
    shape = definition.shape
    pages = ColumnPages("rules", paper, metrics, texts.get("rules.title"), texts.get("rules.continued"))
    full = pages.sheet.width
    pages.full_width([
        paragraph(texts.get("rules.lead", **f) + " " + texts.get("rules.purpose"), full, metrics, "rules.lead",
                  after=2.0, fit=fit),
    ])
    w = pages.column_width

    def para(key: str, bullet: str = "", **values) -> Block:
        return paragraph(texts.get(f"rules.{key}", **(f | values)), w, metrics, f"rules.{key}", bullet=bullet, fit=fit)

    blocks: list[Block] = [heading(texts.get("rules.need_heading"), w, metrics, "rules.need_heading", fit=fit)]
    blocks += [para("need_board", "•"), para("setup_tiles", "•"), para("need_record", "•"),
               paragraph(texts.get("rules.cutting"), w, metrics, "rules.cutting", size=label_size(metrics), fit=fit)]

    start = definition.tokens[0].start
    board = definition.board
    inner = w - 5
    setup = [paragraph(texts.get(f"rules.{key}", **f), inner, metrics, f"rules.{key}", bullet="•", fit=fit)
             for key in ("setup_deal", "setup_tokens")]
    start_key = "notation_start" if shape.ports_per_side == 1 else "notation_start_port"
    setup.append(paragraph(texts.get(f"rules.{start_key}", position=texts.position(board, start),
                                     side=texts.letters(shape.side_of(start.port)), cell=board.cell_name(start.cell),
                                     **({"port": texts.letters(start.port)} if shape.ports_per_side > 1 else {})),
                           inner, metrics, f"rules.{start_key}", bullet="•", fit=fit))
    blocks += setup_box(texts, setup, "rules.setup", w, metrics, fit)

    blocks.append(heading(texts.get("rules.tiles_heading"), w, metrics, "rules.tiles_heading", fit=fit))
    ports_key = "ports_one" if shape.ports_per_side == 1 else "ports_many"
    names_key = "port_names_one" if shape.ports_per_side == 1 else "port_names_many"
    first_port = shape.ports[0]
    blocks += [para(ports_key), para(names_key, names=port_names(shape, texts), first=texts.letters(first_port),
                                     side=texts.letters(shape.side_of(first_port)))]
    if shape.ports_per_side > 1:
        blocks.append(para("port_meets", pairs=port_meetings(shape, texts)))
    captions = [texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs, texts)) for t in definition.tiles]
    rows, listed = catalogue(definition, captions, w, metrics, fit)
    styles = styles_text(definition, texts)
    style_note = [paragraph(texts.get("rules.style_note", styles=styles), w, metrics, "rules.style_note", bold=True,
                            fit=fit)] if styles else []
    if listed:  # the pictures, their captions in a list, then the note on the lines' style
        blocks += [row._replace(keep_with_next=True) for row in rows] + listed + style_note
    else:  # the note on the lines' style stays right under the first row of tiles
        blocks += [rows[0]._replace(keep_with_next=True)] + style_note + rows[1:]
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para("crossing", types=types_text(definition, crossing, texts)))

    blocks.append(heading(texts.get("rules.rotation_heading"), w, metrics, "rules.rotation_heading", fit=fit))
    first = turning_tile(definition)
    step_deg = shape.step_degrees

    blocks += turning_blocks(definition, first, texts, metrics, w, fit)
    moves_key = f"turn_moves{shape.form.text_suffix}"
    blocks += [para("turn_steps"), para(moves_key, moves=step_moves(shape, texts)),
               para("notation_tile", tile=tile_name(first.id, step_deg), type=first.id, degrees=step_deg)]

    example = worked_example(definition)
    step_cell = STEP_CELL * fit.picture
    blocks.append(heading(texts.get("rules.turn_heading"), w, metrics, "rules.turn_heading", fit=fit))
    blocks.append(para("turn_1")._replace(keep_with_next=True))  # who goes first stays with the steps it leads to
    steps: list[tuple[Figure | None, str, str]] = []  # picture, text, note
    if example.stop is not None:
        steps.append((example_figure(definition, example.stop, before=True, cell=step_cell, least=ctx.type.least),
                      texts.get("rules.turn_2", **f), ""))
        steps.append((example_figure(definition, example.stop, cell=step_cell, least=ctx.type.least),
                      texts.get("rules.turn_3", **f) + " " + texts.get("rules.turn_4", **f),
                      example_sentence(definition, texts, example.stop)))
    else:
        steps += [(None, texts.get(f"rules.{key}", **f), "") for key in ("turn_2", "turn_3", "turn_4")]
    steps.append((draw_pile(shape, 12.0 * fit.picture), texts.get("rules.turn_5", **f), ""))
    for i, (picture, text, note) in enumerate(steps, start=1):
        if picture is None:
            blocks.append(paragraph(text, w, metrics, "rules.turn", bullet=f"{i}.", fit=fit))
        else:
            blocks.append(step(picture, text, w, metrics, "rules.turn", number=f"{i}.", note=note, fit=fit))

    blocks.append(heading(texts.get("rules.end_heading"), w, metrics, "rules.end_heading", fit=fit))
    ends = [texts.get(f"rules.end_{i}") for i in range(1, 5)]
    if not loops_possible(definition):
        ends[3] += " " + texts.get("rules.end_4_never")
    if example.out is not None:
        blocks.append(step(example_figure(definition, example.out, cell=step_cell, least=ctx.type.least), ends[0], w, metrics, "rules.end_1",
                           note=example_sentence(definition, texts, example.out), fit=fit))
    else:
        blocks.append(paragraph(ends[0], w, metrics, "rules.end_1", bullet="•", fit=fit))
    blocks += [paragraph(text, w, metrics, f"rules.end_{i}", bullet="•", fit=fit) for i, text in enumerate(ends[1:], 2)]
    blocks.append(paragraph(texts.get("rules.record_hint"), w, metrics, "rules.record_hint", bold=True, fit=fit))
    pages.add(blocks)
    return pages.sheets
