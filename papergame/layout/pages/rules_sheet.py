"""The rules page: the game in the project's own words, with diagrams drawn by the kit's own code."""

from __future__ import annotations

import math

from papergame.model.answers import FirstMove, crossing_types, loops_possible, worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.diagram import Diagram, Marker
from papergame.layout.paper import SMALL_SIZE, Flow, Sheet
from papergame.layout.primitives import Arc, Group, Item, Polygon, Rect, Text
from papergame.layout.textflow import Metrics, wrap
from papergame.layout.tile_art import tile_art, turned
from papergame.model.rules import tile_notation
from papergame.text import Texts

GUTTER = 6.0
TILE = 27.0
EXAMPLE_CELL = 20.0
RULE_SIZE = 3.6  # mm, about 10 pt: the rules are read by children
NOTE_SIZE = 3.2


def tile_name(type_id: int, rotation: int) -> str:
    """`TYPE@DEG` as printed on the kit, with `@0` left out."""
    return tile_notation(type_id, rotation, short=True)


def pairs_text(pairs) -> str:
    return ", ".join(f"{a}–{b}" for a, b in pairs)


def facts(definition: GameDefinition, texts: Texts) -> dict[str, str]:
    """The numbers and names the setup texts are filled with, from the definition."""
    board = definition.board
    white, black = definition.tokens
    return {
        "copies": str(definition.total_tiles),
        "per_type": ", ".join(texts.get("kit.per_type", copies=t.copies, type=t.id) for t in definition.tiles),
        "hand": str(definition.hand),
        "pile": str(definition.pile),
        "white": texts.get("token.white"),
        "black": texts.get("token.black"),
        "white_start": board.position_name(white.start),
        "black_start": board.position_name(black.start),
        "first": texts.get(f"token.{white.name}"),
        "columns": str(len(board.columns)),
        "rows": str(len(board.rows)),
    }


def caption(flow: Flow, text: str, x: float, width: float, top: float, size: float = SMALL_SIZE,
            what: str = "a caption") -> float:
    """Centred lines under a figure; returns the height used."""
    lines = wrap(text, width, size, flow.metrics, what=what)
    for i, line in enumerate(lines):
        flow.add(Text(x + width / 2, top - (i + 1) * size * 1.25, line, size, anchor="middle"))
    return len(lines) * size * 1.25


def figures_row(flow: Flow, figures: list[tuple[list[Item] | Item, float, float, str]], what: str) -> None:
    """Figures side by side, spread across the column, each with a caption below.

    Each figure is (items drawn with their bottom-left at the origin, width, height, caption).
    """
    n = len(figures)
    slot = flow.width / n
    height = max(h for _, _, h, _ in figures)
    cap_lines = max(len(wrap(c, slot - 2, SMALL_SIZE, flow.metrics, what=what)) for *_, c in figures)
    bottom = flow.take(height + cap_lines * SMALL_SIZE * 1.25 + 2, what)
    fig_bottom = bottom + cap_lines * SMALL_SIZE * 1.25 + 2
    for i, (items, w, h, text) in enumerate(figures):
        x = flow.x + i * slot + (slot - w) / 2
        flow.add(Group(x, fig_bottom + (height - h), 0, tuple(items) if isinstance(items, list) else (items,)))
        caption(flow, text, flow.x + i * slot + 1, slot - 2, fig_bottom - 0.5, what=what)


def turn_arrow(x: float, y: float, r: float) -> list[Item]:
    """A clockwise quarter-turn arrow drawn as shapes (the font has no arrow glyph)."""
    items: list[Item] = [Arc(x, y, r, 135, -90, width=0.6)]
    end = math.radians(45)
    ex, ey = x + r * math.cos(end), y + r * math.sin(end)
    # head tangent to the circle, pointing clockwise (down and right at 45 degrees)
    tx, ty = math.cos(end - math.pi / 2), math.sin(end - math.pi / 2)
    nx, ny = -ty, tx
    head = 2.2
    items.append(Polygon(((ex + tx * head, ey + ty * head), (ex + nx * head * 0.6, ey + ny * head * 0.6),
                          (ex - nx * head * 0.6, ey - ny * head * 0.6)), width=0.1, stroke=None, fill=0.0))
    return items


def example_diagram(definition: GameDefinition, move: FirstMove) -> Diagram:
    """The first player's start cell and its neighbours, with the tile laid and the token after it."""
    board = definition.board
    start = definition.tokens[0].start

    def two_from(index: int, count: int) -> tuple[int, int]:
        """Two neighbouring columns (or rows) that include `index`, inside the board."""
        first = max(0, min(index, count - 2))
        return first, first + 1

    cols = two_from(start.cell.col, len(board.columns))
    rows = two_from(start.cell.row, len(board.rows))
    d = Diagram(definition, cols, rows, EXAMPLE_CELL)
    d.tiles[start.cell] = (definition.tile_type(move.tile), move.rotation)
    name = definition.tokens[0].name
    d.markers.append(Marker(name, position=start, outline=True))
    t = move.trace
    if t.end is None:
        assert t.exit_port is not None, "a token that left the board left through a port"
        d.markers.append(Marker(name, left_from=(t.route[-1], t.exit_port)))
    else:
        d.markers.append(Marker(name, position=t.end))
    return d


def example_sentence(definition: GameDefinition, texts: Texts, move: FirstMove) -> str:
    board = definition.board
    t = move.trace
    token = definition.tokens[0].name
    common = dict(tile=tile_name(move.tile, move.rotation), cell=board.cell_name(move.turn.cell),
                  token=texts.get(f"token.{token}"))
    if t.end is None:
        winner = move.turn.result.winner
        return texts.get("rules.example_out", side=definition.shape.side_of(t.exit_port or ""),
                         winner=texts.get(f"token.{winner}") if winner in {x.name for x in definition.tokens} else winner,
                         **common)
    return texts.get("rules.example_stop", **{"from": board.position_name(t.start)}, to=board.position_name(t.end), **common)


def rules_page(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics) -> Sheet:
    sheet = Sheet("rules", paper, metrics)
    f = facts(definition, texts)
    sheet.title(texts.get("rules.title"))
    sheet.paragraph(texts.get("rules.intro", columns=f["columns"], rows=f["rows"]), what="rules.intro")
    sheet.gap(2)
    left_w = (sheet.width - GUTTER) * 0.54
    left = sheet.column(sheet.x, left_w)
    right = sheet.column(sheet.x + left_w + GUTTER, sheet.width - left_w - GUTTER)
    shape = definition.shape

    # left: the tiles, turning, the worked example
    left.heading(texts.get("rules.tiles_heading"))
    left.gap(1)
    figures_row(left, [
        (tile_art(shape, t, TILE, type_label=str(t.id)), shape.width * TILE, TILE,
         texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs)))
        for t in definition.tiles
    ], "rules.tile_caption")
    crossing = crossing_types(definition)
    if crossing:
        left.paragraph(texts.get("rules.crossing", types=", ".join(map(str, crossing))), size=NOTE_SIZE,
                       what="rules.crossing")

    left.heading(texts.get("rules.rotation_heading"))
    left.gap(1)
    first = definition.tiles[0]
    art = tile_art(shape, first, TILE, type_label=str(first.id))
    step = shape.step_degrees
    figures_row(left, [
        (art, shape.width * TILE, TILE, texts.get("rules.rotation_caption_0", tile=tile_name(first.id, 0))),
        (turn_arrow(8, TILE / 2 - 4, 8), 16, TILE, ""),
        ([turned(art, TILE, step, 0, 0, shape.width * TILE)], shape.width * TILE, TILE,
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
        figures_row(left, figures, "rules.example")

    # right: setup box, a turn, the end
    right.heading(texts.get("rules.setup_heading"))
    right.gap(1)
    box_top = right.cursor
    inner = right.column(right.x + 2.5, right.width - 5)
    inner.gap(2)
    for key in ("setup_tiles", "setup_tokens", "setup_deal", "notation"):
        inner.paragraph(texts.get(f"rules.{key}", **f), size=RULE_SIZE, what=f"rules.{key}", indent=3, bullet="•")
        inner.gap(0.8)
    inner.gap(1)
    right.cursor = inner.cursor
    right.add(Rect(right.x, right.cursor, right.width, box_top - right.cursor, width=0.4))

    right.heading(texts.get("rules.turn_heading"))
    for i in range(1, 6):
        right.paragraph(texts.get(f"rules.turn_{i}", **f), size=RULE_SIZE, indent=5.5, bullet=f"{i}.",
                        what=f"rules.turn_{i}")
        right.gap(0.8)
    right.heading(texts.get("rules.end_heading"))
    for i in range(1, 5):
        text = texts.get(f"rules.end_{i}")
        if i == 4 and not loops_possible(definition):
            text += " " + texts.get("rules.end_4_never")
        right.paragraph(text, size=RULE_SIZE, indent=3, bullet="•", what=f"rules.end_{i}")
        right.gap(0.8)
    right.gap(2)
    right.paragraph(texts.get("rules.record_hint"), size=RULE_SIZE, bold=True, what="rules.record_hint")
    return sheet
