"""The host key: answers for the person running the game, every one from the rules engine."""

from __future__ import annotations

from papergame.model.answers import FirstMove, crossing_types, first_moves, loops_possible, worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.pages.blocks import BODY, CAPTION, LEADING, Block, ColumnPages, heading, paragraph, text_lines
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Item, Line, Rect
from papergame.layout.pages.rules_sheet import example_sentence, facts, tile_name
from papergame.layout.textflow import Metrics, wrap
from papergame.model.rules import same_under_rotation, symmetric_turns
from papergame.text import Texts



def outcome(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    t = move.trace
    if t.loop:
        return texts.get("host_key.loops")
    if t.end is None:
        winner = move.turn.result.winner
        return texts.get("host_key.goes_out", winner=texts.get(f"token.{winner}"))
    return texts.get("host_key.stops", position=texts.position(definition.board, t.end))


def route_text(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    board = definition.board
    t = move.trace
    steps = [f"{board.cell_name(c)} {texts.letters(a)}–{texts.letters(b)}" for c, (a, b) in zip(t.route, t.crossings)]
    return ", ".join(steps)


def host_key_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> list[Sheet]:
    """The host key on as many sheets as its table needs (one for the default game)."""
    f = facts(definition, texts)
    pages = ColumnPages("host-key", paper, metrics, texts.get("host_key.title"), texts.get("host_key.continued"),
                        columns=1)
    w = pages.column_width
    keep = paragraph(texts.get("host_key.keep_away"), w - 6, metrics, "host_key.keep_away", bold=True, after=0)
    # a dashed frame round the banner, so nobody mistakes this for a player page
    pages.full_width([Block(keep.height + 5, lambda x, top: [
        Rect(x, top - keep.height - 4, w, keep.height + 3.5, width=0.8, fill=None, dash=(2.0, 1.2))]
        + keep.draw(x + 3, top - 2), "host_key.keep_away")])

    def para(text: str, what: str, bullet: str = "•") -> Block:
        return paragraph(text, w, metrics, what, bullet=bullet)

    blocks: list[Block] = [heading(texts.get("host_key.setup_heading"), w, metrics, "host_key.setup_heading"),
                           para(texts.get("host_key.setup_line", **f), "host_key.setup_line", bullet="")]
    blocks.append(heading(texts.get("host_key.example_heading"), w, metrics, "host_key.example_heading"))
    example = worked_example(definition)
    for move in (example.stop, example.out):
        if move is not None:
            blocks.append(para(example_sentence(definition, texts, move), "rules.example"))

    notes: list[Block] = []
    for group in same_under_rotation(definition):
        (a, _), *others = group
        for b, degrees in others:
            notes.append(para(texts.get("host_key.same_tile", a=a, b=b, degrees=degrees), "host_key.same_tile"))
    for tile in definition.tiles:
        turns = symmetric_turns(definition, tile)[1:]
        if turns:
            notes.append(para(texts.get("host_key.symmetric", type=tile.id, degrees="°, ".join(map(str, turns))),
                              "host_key.symmetric"))
    blocks.append(heading(texts.get("host_key.rulings_heading"), w, metrics, "host_key.rulings_heading"))
    loop = texts.get("host_key.loop_possible" if loops_possible(definition) else "host_key.loop_impossible")
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para(texts.get("host_key.ruling_crossing", types=", ".join(map(str, crossing))),
                           "host_key.ruling_crossing"))
    blocks.append(para(texts.get("host_key.ruling_passing"), "host_key.ruling_passing"))
    blocks.append(para(texts.get("host_key.ruling_loop", loop_answer=loop), "host_key.ruling_loop"))
    blocks += notes

    first = definition.tokens[0]
    blocks.append(heading(texts.get("host_key.first_move_heading", token=texts.get(f"token.{first.name}"),
                                    cell=definition.board.cell_name(first.start.cell)), w, metrics,
                          "host_key.first_move_heading"))
    blocks += first_move_rows(definition, texts, w, metrics)
    pages.add(blocks)
    return pages.sheets


TABLE_SHARES = (0.14, 0.50, 0.36)


def table_row(cells: list[str], width: float, metrics: Metrics, header: bool = False, rule: float = 0.15) -> Block:
    """One row of the first-move table; long routes wrap inside their column."""
    xs = [0.0]
    for share in TABLE_SHARES:
        xs.append(xs[-1] + share * width)
    wrapped = [wrap(c, xs[i + 1] - xs[i] - 3, CAPTION if header else BODY, metrics, header or i == 0,
                    "host_key table") for i, c in enumerate(cells)]
    size = CAPTION if header else BODY
    height = max(len(w) for w in wrapped) * size * LEADING + 1.6

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        if header:
            items.append(Rect(x, top - height, width, height, width=0.3, fill=0.85))
        for i, lines in enumerate(wrapped):
            items += text_lines(lines, x + xs[i] + 1.5, top - 0.8, size, bold=header or i == 0)
            items.append(Line(x + xs[i], top, x + xs[i], top - height, width=0.25))
        items.append(Line(x + width, top, x + width, top - height, width=0.25))
        items.append(Line(x, top - height, x + width, top - height, width=0.4 if header else 0.25))
        items.append(Line(x, top, x + width, top, width=rule))
        return items

    return Block(height, draw, "the first-move table", keep_with_next=header)


def first_move_rows(definition: GameDefinition, texts: Texts, width: float, metrics: Metrics) -> list[Block]:
    """Every tile type at every turn as the first move: the route and what happens."""
    header = [texts.get("host_key.col_tile"), texts.get("host_key.col_route"), texts.get("host_key.col_result")]
    rows = [table_row(header, width, metrics, header=True)]
    previous = None
    for move in first_moves(definition):
        cells = [tile_name(move.tile, move.rotation), route_text(definition, texts, move), outcome(definition, texts, move)]
        rows.append(table_row(cells, width, metrics, rule=0.6 if previous not in (None, move.tile) else 0.15))
        previous = move.tile
    return rows
