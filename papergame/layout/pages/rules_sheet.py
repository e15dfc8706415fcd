"""The rules page: the game in short sentences, a picture for every step, drawn by the kit's own code.

Every sentence about sides, ports and turning is filled in from the tile shape, and the
page flows down two columns onto as many sheets as the tile catalogue needs.
"""

from __future__ import annotations

import math

from papergame.model.answers import FirstMove, crossing_types, loops_possible, worked_example
from papergame.model.definition import GameDefinition
from papergame.model.geometry import TileShape
from papergame.layout.diagram import Diagram, Marker
from papergame.layout.pages.blocks import (
    CAPTION, Block, ColumnPages, Figure, boxed, figure_grid, figure_row, heading, paragraph, step,
)
from papergame.layout.paper import SMALL_SIZE, Flow, Sheet
from papergame.layout.primitives import Arc, Group, Item, Polygon, Text
from papergame.layout.textflow import Metrics, wrap
from papergame.layout.tile_art import STYLE_NAMES, tile_art, turned
from papergame.layout.tile_paths import drawing
from papergame.model.rules import symmetric_turns, tile_notation
from papergame.text import Texts

CATALOGUE_TILE = 16.0  # the catalogue's tiles (and the turning pictures)
SMALLEST_CATALOGUE_TILE = 14.0
TILE_GAP = 1.5  # at least this between the catalogue's tiles
STEP_CELL = 10.0  # the cells of the pictures beside the steps
# The sizes the shared-path rules page lays its figures out with (shared_rules_sheet.py).
GUTTER = 6.0
TILE = 27.0
EXAMPLE_CELL = 20.0
RULE_SIZE = 3.6
NOTE_SIZE = 3.2


def tile_name(type_id: int, rotation: int) -> str:
    """`TYPE@DEG` as printed on the kit, with `@0` left out."""
    return tile_notation(type_id, rotation, short=True)


def pairs_text(pairs, texts: Texts) -> str:
    return ", ".join(f"{texts.letters(a)}–{texts.letters(b)}" for a, b in pairs)


def facts(definition: GameDefinition, texts: Texts) -> dict[str, str]:
    """The numbers and names the setup texts are filled with, from the definition."""
    board = definition.board
    white, black = definition.tokens[0], definition.tokens[-1]
    shape = definition.shape
    return {
        "copies": str(definition.total_tiles),
        "per_type": per_type(definition, texts),
        "hand": str(definition.hand),
        "pile": str(definition.pile),
        "white": texts.get(f"token.{white.name}"),
        "black": texts.get(f"token.{black.name}"),
        "white_start": texts.position(board, white.start),
        "black_start": texts.position(board, black.start),
        "first": texts.get(f"token.{white.name}"),
        "columns": str(len(board.columns)),
        "rows": str(len(board.rows)),
        "players": str(len(definition.tokens)),
        "token_list": ", ".join(texts.get(f"token.{t.name}") for t in definition.tokens),
        "shape": texts.get(f"rules.shape_{shape.kind}"),
        "sides": str(len(shape.sides)),
        "per_side": str(shape.ports_per_side),
        "step": str(shape.step_degrees),
        "ways": str(len(shape.rotations)),
    }


def per_type(definition: GameDefinition, texts: Texts) -> str:
    """`6 of type 1, 6 of type 2, ...`, or `1 of each type, 1 to 35` when every type has as many copies."""
    tiles = definition.tiles
    if len(tiles) > 4 and len({t.copies for t in tiles}) == 1:
        return texts.get("rules.per_type_each", copies=tiles[0].copies, first=tiles[0].id, last=tiles[-1].id)
    return ", ".join(texts.get("kit.per_type", copies=t.copies, type=t.id) for t in tiles)


def port_names(shape: TileShape, texts: Texts) -> str:
    """The ports named in the rules: all of them for one a side, else the first two sides' worth."""
    if shape.ports_per_side == 1:
        return ", ".join(map(texts.letters, shape.ports))
    return ", ".join(map(texts.letters, shape.ports[: 2 * shape.ports_per_side]))


def step_moves(shape: TileShape, texts: Texts) -> str:
    """What one turning step does, port by port, as far as one round of sides: `N to E, E to S, and so on`."""
    ports = shape.ports[:: shape.ports_per_side] if shape.ports_per_side == 1 else shape.ports[: 2 * shape.ports_per_side]
    shown = [texts.get("rules.move_to", **{"from": texts.letters(p)}, to=texts.letters(shape.rotate(p, shape.step_degrees)))
             for p in ports]
    if shape.ports_per_side == 1 and len(shown) == len(shape.sides):
        return ", ".join(shown)
    return ", ".join(shown + [texts.get("rules.and_so_on")])


def port_meetings(shape: TileShape, texts: Texts) -> str:
    """How numbered ports meet across a shared side (port i meets k-1-i): `N1 touches S2 of the tile above, ...`.

    Said for the top side (N) and, on a square, the right-hand one (E), each for its first port.
    """
    where = {"N": "rules.where_above", "E": "rules.where_right"}
    sides = [side for side in shape.sides if side in where]
    parts = []
    for side in sides:
        port = shape.ports[shape.side_index(side) * shape.ports_per_side]
        parts.append(texts.get("rules.port_touch", port=texts.letters(port), other=texts.letters(shape.facing(port)),
                               where=texts.get(where[side])))
    return ", ".join(parts)


def types_text(definition: GameDefinition, types: list[int], texts: Texts) -> str:
    """`type 3`, `type 3, 4, 5`, `every type`, or `every type except 1, 2, 9` when that is shorter."""
    every = [t.id for t in definition.tiles]
    if types == every:
        return texts.get("rules.types_all")
    others = [t for t in every if t not in types]
    if len(others) < len(types) and len(types) > 3:
        return texts.get("rules.types_except", list=", ".join(map(str, others)))
    return texts.get("rules.types_listed" if len(types) == 1 else "rules.types_listed_many",
                     list=", ".join(map(str, types)))


def styles_text(definition: GameDefinition, texts: Texts) -> str:
    """The line styles the set's tiles are drawn in, other than solid: `hollow, dashed or dotted`."""
    used = {s for t in definition.tiles for s in drawing(definition.shape, tuple(t.pairs)).styles}
    names = [texts.get(f"rules.style_{STYLE_NAMES[s]}") for s in sorted(used) if STYLE_NAMES[s] != "solid"]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " " + texts.get("rules.or") + " " + names[-1]


def catalogue_size(shape: TileShape, captions: list[str], width: float, metrics: Metrics) -> float:
    """The catalogue's tile size: CATALOGUE_TILE, or a little smaller when that puts a small set in one row
    (and every word of the captions still fits the narrower places)."""
    count = len(captions)
    if count * (shape.width * CATALOGUE_TILE + TILE_GAP) <= width or count > 6:
        return CATALOGUE_TILE
    fits = (width / count - TILE_GAP) / shape.width
    words_fit = all(metrics.width(word, CAPTION) <= width / count - 1.5 for c in captions for word in c.split())
    return fits if fits >= SMALLEST_CATALOGUE_TILE and words_fit else CATALOGUE_TILE


def turning_tile(definition: GameDefinition):
    """The tile the turning pictures show: one that looks different turned (the fewest same-looking turns)."""
    return min(definition.tiles, key=lambda t: len(symmetric_turns(definition, t)))


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


LABEL_CLEAR = 1.5  # mm between a side's name and the tile's outline


def side_letters(shape: TileShape, size: float, texts: Texts, metrics: Metrics) -> list[Text]:
    """The side names just outside a tile at the origin, clear of its outline: they belong to the page, so they
    stay put when the tile turns."""
    items: list[Text] = []
    corners = shape.corners()
    hh = CAPTION * 0.36
    for i, side in enumerate(shape.sides):
        a, b = corners[i], corners[(i + 1) % len(corners)]
        o = shape.outward(side)
        label = texts.letters(side)
        hw = metrics.width(label, CAPTION, True) / 2
        d = LABEL_CLEAR + hw * abs(o.x) + hh * abs(o.y)  # the label's box, pushed out until it clears the side
        mx, my = (a.x + b.x) / 2 * size + o.x * d, (a.y + b.y) / 2 * size + o.y * d
        items.append(Text(mx, my - hh, label, CAPTION, bold=True, anchor="middle", fill=0.35))
    return items


def turning_figure(definition: GameDefinition, tile, size: float, degrees: int, caption: str, texts: Texts,
                   metrics: Metrics) -> Figure:
    """A tile turned `degrees`, unlabelled (a turned number reads as a squiggle), with the side names round it."""
    shape = definition.shape
    tile_w = shape.width * size
    art = tile_art(shape, tile, size, type_label="")
    labels = side_letters(shape, size, texts, metrics)
    hh = CAPTION * 0.36
    left = min([0.0] + [t.x - metrics.width(t.text, CAPTION, True) / 2 for t in labels])
    right = max([tile_w] + [t.x + metrics.width(t.text, CAPTION, True) / 2 for t in labels])
    bottom = min([0.0] + [t.y for t in labels])
    top = max([size] + [t.y + 2 * hh for t in labels])
    items: list[Item] = [turned(art, size, degrees, 0, 0, tile_w), *labels]
    return Figure([Group(-left, -bottom, 0, tuple(items))], right - left, top - bottom, caption)


def shape_outline(shape: TileShape, size: float, x: float, y: float, fill: float | None) -> Polygon:
    return Polygon(tuple((x + c.x * size, y + c.y * size) for c in shape.corners()), width=0.35, fill=fill)


def draw_pile(shape: TileShape) -> Figure:
    """Three tiles face down, stacked: the draw pile."""
    size = 12.0
    items: list[Item] = [shape_outline(shape, size, 2 * i, 2 * i, 0.82 - 0.08 * i) for i in range(3)]
    return Figure(items, shape.width * size + 4, size + 4)


def example_diagram(definition: GameDefinition, move: FirstMove, cell: float = EXAMPLE_CELL) -> Diagram:
    """The cells the first player's route passes, with the tile laid and the token after it."""
    start = definition.tokens[0].start
    t = move.trace
    cells = list(t.route) + ([t.end.cell] if t.end is not None else [])
    cols = (min(c.col for c in cells), max(c.col for c in cells))
    rows = (min(c.row for c in cells), max(c.row for c in cells))
    d = Diagram(definition, cols, rows, cell, type_labels=False)
    d.tiles[start.cell] = (definition.tile_type(move.tile), move.rotation)
    name = definition.tokens[0].name
    d.markers.append(Marker(name, position=start, outline=True))
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
        return texts.get("rules.example_out", side=texts.letters(definition.shape.side_of(t.exit_port or "")),
                         winner=texts.get(f"token.{winner}") if winner in {x.name for x in definition.tokens} else winner,
                         **common)
    return texts.get("rules.example_stop", **{"from": texts.position(board, t.start)},
                     to=texts.position(board, t.end), **common)


def example_figure(definition: GameDefinition, move: FirstMove, before: bool = False,
                   cell: float = STEP_CELL) -> Figure:
    d = example_diagram(definition, move, cell)
    if before:  # the tile just laid, the token still waiting at its start
        d.markers = [Marker(definition.tokens[0].name, position=definition.tokens[0].start)]
    return Figure([d.items(0, 0)], d.width, d.height)


def rules_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics,
                stamp=None) -> list[Sheet]:
    """The rules on as many sheets as they need (one for the default game)."""
    f = facts(definition, texts)
    shape = definition.shape
    pages = ColumnPages("rules", paper, metrics, texts.get("rules.title"), texts.get("rules.continued"), stamp=stamp)
    full = pages.sheet.width
    pages.full_width([
        paragraph(texts.get("rules.lead", **f) + " " + texts.get("rules.purpose"), full, metrics, "rules.lead",
                  after=2.0),
    ])
    w = pages.column_width

    def para(key: str, bullet: str = "", **values) -> Block:
        return paragraph(texts.get(f"rules.{key}", **(f | values)), w, metrics, f"rules.{key}", bullet=bullet)

    blocks: list[Block] = [heading(texts.get("rules.need_heading"), w, metrics, "rules.need_heading")]
    blocks += [para("need_board", "•"), para("setup_tiles", "•"), para("need_record", "•"),
               paragraph(texts.get("rules.cutting"), w, metrics, "rules.cutting", size=CAPTION)]

    blocks.append(heading(texts.get("rules.setup_heading"), w, metrics, "rules.setup_heading"))
    start = definition.tokens[0].start
    board = definition.board
    inner = w - 5
    setup = [paragraph(texts.get(f"rules.{key}", **f), inner, metrics, f"rules.{key}", bullet="•")
             for key in ("setup_deal", "setup_tokens")]
    start_key = "notation_start" if shape.ports_per_side == 1 else "notation_start_port"
    setup.append(paragraph(texts.get(f"rules.{start_key}", position=texts.position(board, start),
                                     side=texts.letters(shape.side_of(start.port)), cell=board.cell_name(start.cell),
                                     **({"port": texts.letters(start.port)} if shape.ports_per_side > 1 else {})),
                           inner, metrics, f"rules.{start_key}", bullet="•"))
    blocks.append(boxed(stack(setup, "rules.setup"), w))

    blocks.append(heading(texts.get("rules.tiles_heading"), w, metrics, "rules.tiles_heading"))
    ports_key = "ports_one" if shape.ports_per_side == 1 else "ports_many"
    names_key = "port_names_one" if shape.ports_per_side == 1 else "port_names_many"
    first_port = shape.ports[0]
    blocks += [para(ports_key), para(names_key, names=port_names(shape, texts), first=texts.letters(first_port),
                                     side=texts.letters(shape.side_of(first_port)))]
    if shape.ports_per_side > 1:
        blocks.append(para("port_meets", pairs=port_meetings(shape, texts)))
    captions = [texts.get("rules.tile_caption", type=t.id, pairs=pairs_text(t.pairs, texts)) for t in definition.tiles]
    size = catalogue_size(shape, captions, w, metrics)
    tile_w = shape.width * size
    per_row = max(1, min(len(definition.tiles), int(w // (tile_w + TILE_GAP))))
    while per_row > 1 and any(metrics.width(word, CAPTION) > w / per_row - 1.5 for c in captions for word in c.split()):
        per_row -= 1  # a caption's word must fit its place
    catalogue = [Figure(tile_art(shape, t, size, type_label=str(t.id)), tile_w, size, caption)
                 for t, caption in zip(definition.tiles, captions)]
    rows = figure_grid(catalogue, w, per_row, metrics, "rules.tile_caption")
    # the note on the lines' style stays right under the first row of tiles
    blocks.append(rows[0]._replace(keep_with_next=True))
    styles = styles_text(definition, texts)
    if styles:
        blocks.append(paragraph(texts.get("rules.style_note", styles=styles), w, metrics, "rules.style_note",
                                bold=True))
    blocks += rows[1:]
    crossing = crossing_types(definition)
    if crossing:
        blocks.append(para("crossing", types=types_text(definition, crossing, texts)))

    blocks.append(heading(texts.get("rules.rotation_heading"), w, metrics, "rules.rotation_heading"))
    first = turning_tile(definition)
    step_deg = shape.step_degrees
    blocks.append(figure_row([
        turning_figure(definition, first, CATALOGUE_TILE, 0,
                       texts.get("rules.rotation_caption_0", tile=tile_name(first.id, 0)), texts, metrics),
        Figure(turn_arrow(7, 3, 7), 14, 12),
        turning_figure(definition, first, CATALOGUE_TILE, step_deg,
                       texts.get("rules.rotation_caption_1", tile=tile_name(first.id, step_deg), degrees=step_deg),
                       texts, metrics),
    ], w, metrics, "rules.rotation_caption"))
    moves_key = f"turn_moves{shape.form.text_suffix}"
    blocks += [para("turn_steps"), para(moves_key, moves=step_moves(shape, texts)),
               para("notation_tile", tile=tile_name(first.id, step_deg), type=first.id, degrees=step_deg)]

    example = worked_example(definition)
    blocks.append(heading(texts.get("rules.turn_heading"), w, metrics, "rules.turn_heading"))
    blocks.append(para("turn_1"))
    steps: list[tuple[Figure | None, str, str]] = []  # picture, text, note
    if example.stop is not None:
        steps.append((example_figure(definition, example.stop, before=True), texts.get("rules.turn_2", **f), ""))
        steps.append((example_figure(definition, example.stop),
                      texts.get("rules.turn_3", **f) + " " + texts.get("rules.turn_4", **f),
                      example_sentence(definition, texts, example.stop)))
    else:
        steps += [(None, texts.get(f"rules.{key}", **f), "") for key in ("turn_2", "turn_3", "turn_4")]
    steps.append((draw_pile(shape), texts.get("rules.turn_5", **f), ""))
    for i, (picture, text, note) in enumerate(steps, start=1):
        if picture is None:
            blocks.append(paragraph(text, w, metrics, "rules.turn", bullet=f"{i}."))
        else:
            blocks.append(step(picture, text, w, metrics, "rules.turn", number=f"{i}.", note=note))

    blocks.append(heading(texts.get("rules.end_heading"), w, metrics, "rules.end_heading"))
    ends = [texts.get(f"rules.end_{i}") for i in range(1, 5)]
    if not loops_possible(definition):
        ends[3] += " " + texts.get("rules.end_4_never")
    if example.out is not None:
        blocks.append(step(example_figure(definition, example.out), ends[0], w, metrics, "rules.end_1",
                           note=example_sentence(definition, texts, example.out)))
    else:
        blocks.append(paragraph(ends[0], w, metrics, "rules.end_1", bullet="•"))
    blocks += [paragraph(text, w, metrics, f"rules.end_{i}", bullet="•") for i, text in enumerate(ends[1:], 2)]
    blocks.append(paragraph(texts.get("rules.record_hint"), w, metrics, "rules.record_hint", bold=True))
    pages.add(blocks)
    return pages.sheets


def stack(blocks: list[Block], what: str) -> Block:
    """Blocks one under the other, as one block (kept together)."""

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        for b in blocks:
            items += b.draw(x, top)
            top -= b.height
        return items

    return Block(sum(b.height for b in blocks), draw, what)
