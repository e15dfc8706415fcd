"""The host key: answers for the person running the game, every one from the rules engine."""

from __future__ import annotations

from typing import Callable

from papergame.layout.context import PageContext
from papergame.model.rulesets import rule_set
from papergame.model.rulesets.own import OwnPath
from papergame.model.answers import FirstMove, crossing_types, first_moves, loops_possible, replies, worked_example
from papergame.model.definition import GameDefinition
from papergame.errors import LayoutError
from papergame.layout.blocks import (
    host_steps, LEADING, NORMAL, PT, Block, ColumnPages, Fit, fitted, heading, paragraph, stack, text_lines,
)
from papergame.layout.paper import STANDARD, Sheet, profile_of
from papergame.layout.primitives import Item, Line, Rect
from papergame.layout.rule_words import example_sentence, facts, types_text
from papergame.layout.textflow import Metrics
from papergame.model.rules import same_under_rotation, symmetric_turns
from papergame.text import Texts


def outcome(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    """Where the token stands after the first move: a position, OUT, or a loop."""
    t = move.trace
    if t.loop:
        return texts.get("host_key.loops")
    if t.end is None:
        return texts.get("notation.out")
    return texts.position(definition.board, t.end)


def turns_text(degrees: list[int]) -> str:
    """`90°, 180°, 270°`."""
    return ", ".join(f"{d}°" for d in degrees)


def host_key_pages(ctx: PageContext) -> list[Sheet]:
    """The host key on as many sheets as its table needs (one for the default game), a step tighter
    (`host_steps`) where that saves a sheet (issue 19)."""
    return fitted(lambda fit: set_host_key(ctx, fit), host_steps(ctx.metrics))


def set_host_key(ctx: PageContext, fit: Fit = NORMAL) -> list[Sheet]:
    """The host key at `fit`: its headings, paragraphs and the gaps between them (its tables as they are)."""
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    f = facts(definition, texts)
    pages = ColumnPages("host-key", paper, metrics, texts.get("host_key.title"), texts.get("host_key.continued"),
                        columns=1)
    w = pages.column_width
    keep = paragraph(texts.get("host_key.keep_away"), w - 6, metrics, "host_key.keep_away", bold=True, after=0,
                     fit=fit)
    # a dashed frame round the banner, so nobody mistakes this for a player page
    pages.full_width([Block(keep.height + 5, lambda x, top: [
        Rect(x, top - keep.height - 4, w, keep.height + 3.5, width=0.8, fill=None, dash=(2.0, 1.2))]
        + keep.draw(x + 3, top - 2), "host_key.keep_away")])

    def para(text: str, what: str, bullet: str = "•") -> Block:
        return paragraph(text, w, metrics, what, bullet=bullet, fit=fit)

    blocks: list[Block] = [heading(texts.get("host_key.setup_heading"), w, metrics, "host_key.setup_heading", fit=fit),
                           para(texts.get("host_key.setup_line", **f), "host_key.setup_line", bullet="")]
    blocks.append(heading(texts.get("host_key.example_heading"), w, metrics, "host_key.example_heading", fit=fit))
    example = worked_example(definition)
    for move in (example.stop, example.out):
        if move is not None:
            blocks.append(para(example_sentence(definition, texts, move), "rules.example"))

    notes: list[Block] = []
    for group in same_under_rotation(definition):
        (a, _), *others = group
        for b, degrees in others:
            notes.append(para(texts.get("host_key.same_tile", a=a, b=b, degrees=degrees), "host_key.same_tile"))
    symmetric = [(tile.id, symmetric_turns(definition, tile)[1:]) for tile in definition.tiles]
    items = [texts.get("host_key.symmetric_item", type=t, degrees=turns_text(turns)) for t, turns in symmetric if turns]
    if items:
        notes.append(para(texts.get("host_key.symmetric_all", list="; ".join(items)), "host_key.symmetric_all"))
    blocks.append(heading(texts.get("host_key.rulings_heading"), w, metrics, "host_key.rulings_heading", fit=fit))
    loop = texts.get("host_key.loop_possible" if loops_possible(definition) else "host_key.loop_impossible")
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para(texts.get("host_key.ruling_crossing", types=types_text(definition, crossing, texts)),
                           "host_key.ruling_crossing"))
    blocks.append(para(texts.get("host_key.ruling_passing"), "host_key.ruling_passing"))
    blocks.append(para(texts.get("host_key.ruling_loop", loop_answer=loop), "host_key.ruling_loop"))
    blocks += notes

    first = definition.tokens[0]
    title = texts.get("host_key.first_move_heading", token=texts.get(f"token.{first.name}"),
                      cell=definition.board.cell_name(first.start.cell))
    blocks.append(heading(title, w, metrics, "host_key.first_move_heading", fit=fit))
    winner = texts.get(f"token.{own_rules(definition).winner_when_out(definition, first.name)}")
    blocks.append(para(texts.get("host_key.table_note", token=texts.get(f"token.{first.name}"), winner=winner,
                                 out=texts.get("notation.out")),
                       "host_key.table_note", bullet="")._replace(keep_with_next=True))  # the note stays with its table
    blocks += first_move_rows(definition, texts, w, metrics, opening_cells(definition, texts), title, fit.table_foot)
    if len(definition.tokens) > 1:  # the second player's first move, after the first player's
        blocks += reply_blocks(definition, texts, w, metrics, para, fit)
    pages.add(blocks)
    return pages.sheets


def own_rules(definition: GameDefinition) -> OwnPath:
    """The definition's rule set, one that plays the own-token game's turns (these tables are its)."""
    rules = rule_set(definition)
    assert isinstance(rules, OwnPath), rules
    return rules


def opening_cells(definition: GameDefinition, texts: Texts) -> dict[int, dict[int, str]]:
    """The first player's opening table: type -> turn -> where that player's token then stands."""
    cells: dict[int, dict[int, str]] = {}
    for move in first_moves(definition):
        cells.setdefault(move.tile, {})[move.rotation] = outcome(definition, texts, move)
    return cells


VARIES = "*"  # marks a reply whose outcome depends on the first player's opening


def reply_blocks(definition: GameDefinition, texts: Texts, width: float, metrics: Metrics,
                 para: Callable[..., Block], fit: Fit = NORMAL) -> list[Block]:
    """The second player's first move, every tile and turn, after the first player's opening (the rules engine
    plays it after every opening that leaves the game going): a heading, a note, the table."""
    first, second = definition.tokens[0], definition.tokens[1]
    names = {t.name: texts.get(f"token.{t.name}") for t in definition.tokens}
    cells: dict[int, dict[int, str]] = {}
    varies = False
    for reply in replies(definition):
        where = (texts.get("host_key.loops") if reply.loop else texts.get("notation.out") if reply.end is None
                 else texts.position(definition.board, reply.end))
        cells.setdefault(reply.tile, {})[reply.rotation] = where + ("" if reply.same_after_every_opening else VARIES)
        varies = varies or not reply.same_after_every_opening
    if not cells:
        return []
    title = texts.get("host_key.reply_heading", token=names[second.name], first=names[first.name],
                      cell=definition.board.cell_name(second.start.cell))
    blocks = [heading(title, width, metrics, "host_key.reply_heading", fit=fit),
              para(texts.get("host_key.reply_note", token=names[second.name], first=names[first.name],
                             winner=names[own_rules(definition).winner_when_out(definition, second.name)],
                             out=texts.get("notation.out")), "host_key.reply_note", bullet="")]
    if varies:
        blocks.append(para(texts.get("host_key.reply_varies", mark=VARIES, first=names[first.name]),
                           "host_key.reply_varies", bullet=""))
    blocks[-1] = blocks[-1]._replace(keep_with_next=True)  # the notes stay with their table
    return blocks + first_move_rows(definition, texts, width, metrics, cells, title, fit.table_foot)


TABLE_GAP = 6.0  # between the halves of a two-up table
CELL_PAD = 3.0


def table_row(cells: list[str], widths: list[float], size: float, header: bool = False,
              rule: float = 0.25) -> tuple[float, Callable[[float, float], list[Item]]]:
    """One row of a first-move table: its height, and how to draw it with its top-left at (x, top)."""
    height = size * LEADING + 1.2

    def draw(x: float, top: float) -> list[Item]:
        width = sum(widths)
        items: list[Item] = []
        if header:
            items.append(Rect(x, top - height, width, height, width=0.3, fill=0.85))
        left = x
        for i, (cell, w) in enumerate(zip(cells, widths)):
            items += text_lines([cell], left + 1.5, top - 0.6, size, bold=header or i == 0)
            items.append(Line(left, top, left, top - height, width=0.25))
            left += w
        items.append(Line(x + width, top, x + width, top - height, width=0.25))
        items.append(Line(x, top - height, x + width, top - height, width=0.4 if header else 0.25))
        items.append(Line(x, top, x + width, top, width=rule))
        return items

    return height, draw


def first_move_rows(definition: GameDefinition, texts: Texts, width: float, metrics: Metrics,
                    by_tile: dict[int, dict[int, str]], title: str, foot: float = 0.0) -> list[Block]:
    """A first-move table, one row a tile type and one column a turn: where the token then stands (`by_tile`).

    A narrow table (square tiles: four turns) goes two-up, the second half of the types beside the first. Carried
    over to another sheet, its rows there stand under "`title` (continued)" and the table's head again; `foot` mm
    stay clear under its last rule.
    """
    again = paragraph(texts.get("kit.continued", title=title), width, metrics, "host_key.first_move_heading",
                      bold=True, after=0.6)
    turns = list(definition.shape.rotations)
    header = [texts.get("host_key.col_type")] + [texts.get("host_key.col_turn", degrees=d) for d in turns]
    rows = [[str(t)] + [cells[d] for d in turns] for t, cells in by_tile.items()]
    profile = profile_of(metrics)
    if profile is not STANDARD and not table_fits(header, rows, width, metrics):
        # a profile's larger type: the turns in two tables, one under the other, each with the type column
        k = (len(turns) + 1) // 2 + 1
        return (table_blocks(header[:k], [row[:k] for row in rows], width, metrics, len(turns), again, foot)
                + table_blocks(header[:1] + header[k:], [row[:1] + row[k:] for row in rows], width, metrics,
                               len(turns), again, foot))
    return table_blocks(header, rows, width, metrics, len(turns), again, foot)


def table_fits(header: list[str], rows: list[list[str]], width: float, metrics: Metrics) -> bool:
    """Whether the table fits `width` at the profile's caption size."""
    size = profile_of(metrics).caption
    return sum(max(metrics.width(row[i], size, True) for row in [header] + rows) + CELL_PAD
               for i in range(len(header))) <= width


def table_blocks(header: list[str], rows: list[list[str]], width: float, metrics: Metrics, turns: int,
                 again: Block | None = None, foot: float = 0.0) -> list[Block]:
    """The first-move table's rows as blocks, at the body size if it fits, else the caption size; `again` over the
    rows it carries on to another sheet."""
    profile = profile_of(metrics)
    for size in (profile.body, profile.caption):
        widths = [max(metrics.width(row[i], size, True) for row in [header] + rows) + CELL_PAD
                  for i in range(len(header))]
        if sum(widths) <= width:
            break
    else:
        raise LayoutError(f"host key table: {turns} turns do not fit a {width:.0f} mm page at "
                          f"{profile.caption / PT:.0f} pt")
    half = (width - TABLE_GAP) / 2
    two_up = len(rows) > 8 and sum(widths) <= half
    if len(rows) > 8 and not two_up:  # measured at the weight each cell prints in (bold: the head and the type)
        printed = [max(metrics.width(row[i], size, row is header or i == 0) for row in [header] + rows) + CELL_PAD
                   for i in range(len(header))]
        if sum(printed) <= half:  # a longer word for OUT (fr DEHORS, uk ВИБУЛА) still goes two-up
            widths, two_up = printed, True
    spread = (half if two_up else min(width, sum(widths) * 1.6)) / sum(widths)
    widths = [w * spread for w in widths]

    def block(left: list[str], right: list[str] | None, header: bool = False) -> Block:
        height, draw_left = table_row(left, widths, size, header)
        draw_right = table_row(right, widths, size, header)[1] if right is not None else None

        def draw(x: float, top: float) -> list[Item]:
            items = draw_left(x, top)
            if draw_right is not None:
                items += draw_right(x + half + TABLE_GAP, top)
            return items

        return Block(height, draw, "the first-move table")

    def as_printed(some: list[list[str]]) -> list[Block]:
        """The rows as printed: two-up, the first half of `some` beside the second; else one under the other."""
        if not two_up:
            return [block(row, None) for row in some]
        n = (len(some) + 1) // 2
        return [block(some[i], some[n + i] if n + i < len(some) else None) for i in range(n)]

    return [table(block(header, header if two_up else None, header=True), rows, as_printed, 2 if two_up else 1,
                  again, foot=foot)]


TABLE_ROWS_APART = 1  # rows a table keeps with its head at a column's foot, and carries over to the next (more
# would start a sheet for the last rows of the large-print French hexagon key, which one row at the foot saves)


def table(head: Block, rows: list[list[str]], printed: Callable[[list[list[str]]], list[Block]], across: int = 1,
          again: Block | None = None, carried: bool = False, foot: float = 0.0) -> Block:
    """A table as one block: its head and `rows`, kept whole where it fits, else broken between two printed rows at a
    column's foot, with at least `TABLE_ROWS_APART` of them on each side, its head set again over the rows it carries
    on to (the rows on the next sheet were once under no head, their columns' turns to be guessed). `printed` sets
    rows as printed rows, `across` table rows a printed row (two-up: 2); each part is set two-up anew, so that the
    numbers run down one half and on down the other on every sheet (the eight-port key's halves once ran 1-4 beside
    19-22, then 5-18 beside 23-35). A part carried on (`carried`) opens with `again` ("... (continued)") over its
    head, so a sheet that starts inside a table says which table it is. `foot` mm stay clear under the last rule of
    the table and of each part, so that at a sheet's foot the footer stands apart from it."""
    body = printed(rows)
    rows_h = [b.height for b in body]
    top = [again, head] if carried and again is not None else [head]
    top_h = sum(b.height for b in top)

    def split(room: float) -> tuple[Block, Block] | None:
        taken, used = 0, top_h + foot
        while taken < len(body) and used + rows_h[taken] <= room + 1e-6:
            used += rows_h[taken]
            taken += 1
        taken = min(taken, len(body) - TABLE_ROWS_APART)
        if taken < TABLE_ROWS_APART:
            return None
        return (table(head, rows[:taken * across], printed, across, again, carried, foot),
                table(head, rows[taken * across:], printed, across, again, True, foot))

    apart = len(body) >= 2 * TABLE_ROWS_APART
    room = [Block(foot, lambda x, top: [], "the room under the table")] if foot else []
    return stack([*top, *body, *room], "the first-move table")._replace(
        split=split if apart else None, first=top_h + sum(rows_h[:TABLE_ROWS_APART]) + foot if apart else None)
