"""The figures the rules pages, host keys, guides and worksheets share (tiles turning, first moves): pure helpers."""

from __future__ import annotations

import math

from papergame.layout.diagram import Diagram, Marker
from papergame.errors import LayoutError
from papergame.layout.blocks import (
    NORMAL, Block, Figure, Fit, boxed, figure_grid, figure_row, heading, label_size, paragraph, stack, step,
)
from papergame.layout.paper import STANDARD, profile_of
from papergame.layout.rule_words import tile_name
from papergame.layout.primitives import Arc, Group, Item, Polygon, Text
from papergame.layout.textflow import Metrics
from papergame.layout.tile_art import labels_clear, tile_art, turned
from papergame.model.answers import FirstMove
from papergame.model.definition import GameDefinition
from papergame.model.geometry import TileShape
from papergame.model.rules import symmetric_turns
from papergame.text import Texts

CATALOGUE_TILE = 16.0  # the catalogue's tiles (and the turning pictures)
SMALLEST_CATALOGUE_TILE = 14.0
TILE_GAP = 1.5  # at least this between the catalogue's tiles
STEP_CELL = 10.0  # the cells of the pictures beside the steps
EXAMPLE_CELL = 20.0


def setup_box(texts: Texts, setup: list[Block], what: str, width: float, metrics: Metrics, fit: Fit) -> list[Block]:
    """The setup heading and its bullets in a frame: the box may break at a column's foot, and the part carried over
    is headed again in the kit's words for a continued title ("Setting up (continued)": `kit.continued`)."""
    title = texts.get("rules.setup_heading")
    continued = heading(texts.get("kit.continued", title=title), width, metrics, "rules.setup_heading", fit=fit)
    return [heading(title, width, metrics, "rules.setup_heading", fit=fit),
            boxed(stack(setup, what, breakable=True), width, fit=fit, continued=continued)]


def catalogue_size(shape: TileShape, captions: list[str], width: float, metrics: Metrics) -> float:
    """The catalogue's tile size: CATALOGUE_TILE, or a little smaller when that puts a small set in one row
    (and every word of the captions still fits the narrower places)."""
    count = len(captions)
    if count * (shape.width * CATALOGUE_TILE + TILE_GAP) <= width or count > 6:
        return CATALOGUE_TILE
    fits = (width / count - TILE_GAP) / shape.width
    words_fit = all(metrics.width(word, label_size(metrics)) <= width / count - 1.5 for c in captions for word in c.split())
    return fits if fits >= SMALLEST_CATALOGUE_TILE and words_fit else CATALOGUE_TILE


def numbers_fit(definition: GameDefinition, size: float, least: float, metrics: Metrics) -> bool:
    """Whether every type number of the set, at `least` (10 pt), finds room clear of its lines on a catalogue
    picture `size` mm high. Else the catalogue prints each number under its picture, or only in the caption that
    names the type: on the picture it would lie over the lines (eight-port at 16 mm: 15 of 35, "33" between two
    lines, the dots of 35 through its digits; the hexagon's 2 at 14 mm)."""
    return all(labels_clear(definition.shape, tuple(t.pairs), size, str(t.id), None, metrics, least)
               for t in definition.tiles)  # (asking only whether they fit: no place is sought where one does not)


def catalogue(definition: GameDefinition, captions: list[str], width: float, metrics: Metrics,
              fit: Fit = NORMAL) -> tuple[list[Block], list[Block]]:
    """Every tile type in rows, as (rows of pictures, captions listed under them): each caption under its
    tile, or, when that is shorter (long side names make narrow places wrap captions onto many lines), the
    pictures closer in their rows with the captions in a list below. The second list is empty in the first case."""
    shape = definition.shape
    least = label_size(metrics)  # the type numbers at 10 pt at least
    size = catalogue_size(shape, captions, width, metrics) * fit.picture
    tile_w = shape.width * size
    most = max(1, min(len(definition.tiles), int(width // (tile_w + TILE_GAP))))
    per_row = most

    def pictures(size: float) -> list[list[Item]]:
        if fit.sketch:  # only the sheet count is wanted: a picture's size is all of it that counts
            return [[] for _ in definition.tiles]
        on = numbers_fit(definition, size, least, metrics)
        return [tile_art(shape, t, size, type_label=str(t.id) if on else None, least=least, metrics=metrics)
                for t in definition.tiles]

    while per_row > 1 and any(metrics.width(word, label_size(metrics)) > width / per_row - 1.5
                              for c in captions for word in c.split()):
        per_row -= 1  # a caption's word must fit its place
    arts = pictures(size)
    under = figure_grid([Figure(a, tile_w, size, c) for a, c in zip(arts, captions)], width, per_row, metrics,
                        "rules.tile_caption", fit=fit)
    if per_row == most and size == catalogue_size(shape, [""] * len(captions), width, metrics) * fit.picture:
        return under, []
    size = catalogue_size(shape, [""] * len(captions), width, metrics) * fit.picture  # no caption word to fit
    tile_w = shape.width * size
    most = max(1, min(len(definition.tiles), int(width // (tile_w + TILE_GAP))))
    arts = pictures(size)
    on_pictures = numbers_fit(definition, size, least, metrics)  # else each number under its picture
    numbers = [""] * len(arts) if on_pictures else [str(t.id) for t in definition.tiles]
    rows = figure_grid([Figure(a, tile_w, size, n) for a, n in zip(arts, numbers)], width, most, metrics,
                       "rules.tile_caption", fit=fit)
    listed = [paragraph(c, width, metrics, "rules.tile_caption", size=label_size(metrics), after=0.4, fit=fit)
              for c in captions]
    if sum(b.height for b in rows + listed) < sum(b.height for b in under) - 1e-6:
        return rows, listed
    return under, []


def turning_tile(definition: GameDefinition):
    """The tile the turning pictures show: one that looks different turned (the fewest same-looking turns)."""
    return min(definition.tiles, key=lambda t: len(symmetric_turns(definition, t)))


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
    hh = label_size(metrics) * 0.36
    for i, side in enumerate(shape.sides):
        a, b = corners[i], corners[(i + 1) % len(corners)]
        o = shape.outward(side)
        label = texts.letters(side)
        hw = metrics.width(label, label_size(metrics), True) / 2
        d = LABEL_CLEAR + hw * abs(o.x) + hh * abs(o.y)  # the label's box, pushed out until it clears the side
        mx, my = (a.x + b.x) / 2 * size + o.x * d, (a.y + b.y) / 2 * size + o.y * d
        items.append(Text(mx, my - hh, label, label_size(metrics), bold=True, anchor="middle", fill=0.35))
    return items


def turning_figure(definition: GameDefinition, tile, size: float, degrees: int, caption: str, texts: Texts,
                   metrics: Metrics) -> Figure:
    """A tile turned `degrees`, unlabelled (a turned number reads as a squiggle), with the side names round it."""
    shape = definition.shape
    tile_w = shape.width * size
    art = tile_art(shape, tile, size, type_label="")
    labels = side_letters(shape, size, texts, metrics)
    hh = label_size(metrics) * 0.36
    left = min([0.0] + [t.x - metrics.width(t.text, label_size(metrics), True) / 2 for t in labels])
    right = max([tile_w] + [t.x + metrics.width(t.text, label_size(metrics), True) / 2 for t in labels])
    bottom = min([0.0] + [t.y for t in labels])
    top = max([size] + [t.y + 2 * hh for t in labels])
    items: list[Item] = [turned(art, size, degrees, 0, 0, tile_w), *labels]
    return Figure([Group(-left, -bottom, 0, tuple(items))], right - left, top - bottom, caption)


def shape_outline(shape: TileShape, size: float, x: float, y: float, fill: float | None) -> Polygon:
    return Polygon(tuple((x + c.x * size, y + c.y * size) for c in shape.corners()), width=0.35, fill=fill)


def draw_pile(shape: TileShape, size: float = 12.0) -> Figure:
    """Three tiles face down, stacked: the draw pile."""
    items: list[Item] = [shape_outline(shape, size, 2 * i, 2 * i, 0.82 - 0.08 * i) for i in range(3)]
    return Figure(items, shape.width * size + 4, size + 4)


def example_diagram(definition: GameDefinition, move: FirstMove, cell: float = EXAMPLE_CELL,
                    least: float = 0.0) -> Diagram:
    """The cells the first player's route passes, with the tile laid and the token after it."""
    start = definition.tokens[0].start
    t = move.trace
    cells = list(t.route) + ([t.end.cell] if t.end is not None else [])
    cols = (min(c.col for c in cells), max(c.col for c in cells))
    rows = (min(c.row for c in cells), max(c.row for c in cells))
    d = Diagram(definition, cols, rows, cell, type_labels=False, least=least)
    d.tiles[start.cell] = (definition.tile_type(move.tile), move.rotation)
    name = definition.tokens[0].name
    d.markers.append(Marker(name, position=start, outline=True))
    if t.end is None:
        assert t.exit_port is not None, "a token that left the board left through a port"
        d.markers.append(Marker(name, left_from=(t.route[-1], t.exit_port)))
    else:
        d.markers.append(Marker(name, position=t.end))
    return d


def example_figure(definition: GameDefinition, move: FirstMove, before: bool = False,
                   cell: float = STEP_CELL, least: float = 0.0) -> Figure:
    """The example's diagram as a figure; `least`: no word smaller (a type profile's least size)."""
    d = example_diagram(definition, move, cell, least)
    if before:  # the tile just laid, the token still waiting at its start
        d.markers = [Marker(definition.tokens[0].name, position=definition.tokens[0].start)]
    return Figure([d.items(0, 0)], d.width, d.height)


def turning_blocks(definition: GameDefinition, first, texts: Texts, metrics: Metrics, width: float,
                   fit: Fit = NORMAL) -> list[Block]:
    """A tile as printed, an arrow, and the tile turned one step, side by side with their captions under them.

    A profile's larger side names make the tiles a little smaller until the row fits; when its
    captions' words still do not fit under the pictures, each picture gets its words beside it.
    """
    step_deg = definition.shape.step_degrees

    def row(size: float) -> list[Figure]:
        return [
            turning_figure(definition, first, size, 0,
                           texts.get("rules.rotation_caption_0", tile=tile_name(first.id, 0)), texts, metrics),
            Figure(turn_arrow(7, 3, 7), 14, 12),
            turning_figure(definition, first, size, step_deg,
                           texts.get("rules.rotation_caption_1", tile=tile_name(first.id, step_deg), degrees=step_deg),
                           texts, metrics),
        ]

    size = CATALOGUE_TILE * fit.picture
    turning = row(size)
    while sum(f.width for f in turning) > width and size > CATALOGUE_TILE / 2:
        size -= 1.0
        turning = row(size)
    try:
        return [figure_row(turning, width, metrics, "rules.rotation_caption", fit=fit)]
    except LayoutError:
        if profile_of(metrics) is STANDARD:
            raise
        return [step(Figure(f.items, f.width, f.height), f.caption, width, metrics, "rules.rotation_caption", fit=fit)
                for f in (turning[0], turning[2])]
