"""How one tile and one token look, in their own frame (origin at the bottom-left corner).

The same functions draw the cut-out tiles, the rule diagrams and the host key, so a
diagram always shows the tile exactly as printed. The curves, their crossings and the
free room come from `tile_paths` (tile units); this module gives them widths and styles.

A tile's lines are thick (1.5 mm at 35 mm, scaling with the tile). Lines that cross never
share a style (a greedy colouring of the crossing lines: solid, outlined, dashed, dotted,
triple, ladder), so they are told apart without colour; lines that do not cross are all
solid. Where two lines cross, the later one passes over a white gap cut into the earlier
one: a bridge, not a junction. The type number stands upright and underlined as printed,
so a turned tile shows its turn; there are no port names on a tile.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from papergame.records import NamedTuple
from papergame.model.definition import TileType
from papergame.model.geometry import Point, TileShape
from papergame.layout.primitives import Arc, Circle, Curve, Group, Item, Line, Polygon, Rect, Text
from papergame.layout.textflow import Metrics
from papergame.layout.tile_paths import GRID, Path, TileDrawing, drawing, find_spot, least_blocked, piece, room, spots, spots_in_turn

REFERENCE = 35.0  # the tile size the proportions below are chosen for
MIN_LABEL = 2.5  # mm (7.1 pt): ids never smaller than this, even on small tiles
ID_READ = 3.55  # mm (10.06 pt): an id as large as this where the tile has room for it clear of the lines
MIN_TYPE = 2.6  # mm (7.4 pt): the type number never smaller than this, even on a crowded small tile
STYLE_NAMES = ("solid", "outlined", "dashed", "dotted", "triple", "ladder")
CORE_GREY = 0.78  # the light grey core of a banded line: never mistaken for two thin lines or a cut line
# a dotted line's dots are the round ends of dashes this long (mm), not of empty ones: PDFium (Chrome's viewer and
# printing) draws an empty dash a tenth of a point long, and its dots then drift 0.035 mm a step from where they
# were placed (0.4 mm by the end of a 35 mm tile's line), out from under the white that hides them beside a bridge
DOT_RUN = 0.01



def scale(size: float) -> float:
    return size / REFERENCE


def line_width(size: float, shape: TileShape | None = None) -> float:
    """The width of a tile's lines: 1.5 mm at 35 mm, thinner where ports sit close together
    (at most a sixth of the distance between neighbouring ports), never under 0.7 mm."""
    width = 1.5 * scale(size)
    if shape is not None:
        spacing = shape.side_length * size / (shape.ports_per_side + 1)
        width = min(width, spacing / 6)
    return max(width, 0.7)


def border_width(size: float, shape: TileShape | None = None) -> float:
    """The black edges of a banded line (outlined, triple, ladder): 0.27 of the line's width, never
    under 0.4 mm, so they stay twice as heavy as a 0.2 mm cut line (0.3 mm once low ink thins them)."""
    return max(0.27 * line_width(size, shape), 0.4)


def core_width(size: float, shape: TileShape | None = None) -> float:
    """The light grey core of an outlined (or ladder) line: 1.2 mm at 35 mm, scaling with the tile."""
    return 0.8 * line_width(size, shape)


def centre_width(size: float, shape: TileShape | None = None) -> float:
    """The black line down the middle of a triple line."""
    return max(0.3 * line_width(size, shape), border_width(size, shape))


def gap_width(size: float) -> float:
    """The white gap either side of a line where it bridges over another: 0.3 mm at 35 mm and under,
    so a bridge knocks out of the line underneath only the width of the line on top and 0.6 mm."""
    return max(0.3 * scale(size), 0.3)


def outer_width(style: int, size: float, shape: TileShape | None = None) -> float:
    """How wide a line of this style is drawn, ink included.

    A banded line is a black band with a light grey core, never two thin black lines: an
    outlined (or ladder) line is its core and two edges wide; a triple line holds two grey
    stripes, each 0.4 of a line's width, either side of its centre line.
    """
    w, b = line_width(size, shape), border_width(size, shape)
    name = STYLE_NAMES[style]
    if name in ("outlined", "ladder"):
        return core_width(size, shape) + 2 * b
    if name == "triple":
        return 2 * b + centre_width(size, shape) + 0.8 * w
    return 1.3 * w if name == "dotted" else w


def curve_item(c: Path, size: float, width: float, stroke: float, role: str, dash: tuple[float, ...] = (),
               cap: str = "butt", phase: float = 0.0) -> Curve:
    """A line's cubics in tile units as one Curve primitive in mm (a bent line's second cubic in its `more`)."""
    (p0, p1, p2, p3), *rest = c
    more = tuple(v * size for _, *points in rest for p in points for v in p)
    return Curve(p0.x * size, p0.y * size, p1.x * size, p1.y * size, p2.x * size, p2.y * size, p3.x * size,
                 p3.y * size, width=width, stroke=stroke, cap=cap, dash=dash, role=role, dash_phase=phase, more=more)


def fitted_dashes(length: float, on: float, off: float, n: int | None = None) -> tuple[float, float]:
    """The gap that makes dashes of `on` fill a line of `length` from a whole dash at one end to a
    whole dash at the other (so a line looks the same from both of its ports); `n` gaps if given.

    >>> fitted_dashes(10.0, 2.0, 2.0)
    (2.0, 2.0)
    >>> tuple(round(v, 3) for v in fitted_dashes(10.0, 2.0, 2.0, 3))
    (2.0, 0.667)
    """
    if n is None:
        n = dash_count(length, on, off)
    return on, max((length - on) / n - on, 0.1)


def dash_count(length: float, on: float, off: float) -> int:
    return max(1, round((length - on) / (on + off)))


class Rhythm(NamedTuple):
    """How a broken line puts its ink down: dashes `on` long every `step` from a whole dash at each
    port, or dots `on` across every `step` (the first half a step in). Solid lines have none."""

    on: float
    step: float  # from the start of one dash (or the centre of one dot) to the next
    dotted: bool

    def marks(self, length: float) -> list[tuple[float, float]]:
        """Where the line puts ink, as (from, to) distances along it in mm."""
        if self.dotted:
            r = self.on / 2
            return [(self.step / 2 + k * self.step - r, self.step / 2 + k * self.step + r)
                    for k in range(max(1, round(length / self.step)))]
        return [(k * self.step, k * self.step + self.on) for k in range(int(length // self.step + 1e-9) + 1)]


def rhythms(style: int, length: float, size: float, shape: TileShape | None) -> list[Rhythm]:
    """The rhythms a broken line may take: the natural one first, then one more and one fewer dash or dot."""
    w = line_width(size, shape)
    name = STYLE_NAMES[style]
    out = []
    if name == "dashed":
        n0 = dash_count(length, 2.2 * w, 1.3 * w)
        for n in (n0, n0 + 1, n0 - 1):
            on, off = fitted_dashes(length, 2.2 * w, 1.3 * w, n) if n >= 1 else (0.0, 0.0)
            if n >= 1 and (n == n0 or 0.9 * w <= off <= 1.9 * w):
                out.append(Rhythm(on, on + off, False))
    elif name == "dotted":
        n0 = max(1, round(length / (2.3 * w)))
        for n in (n0, n0 + 1, n0 - 1, n0 + 2, n0 - 2):
            if n >= 1 and (n == n0 or 1.9 * w <= length / n <= 2.8 * w):
                out.append(Rhythm(1.3 * w, length / n, True))
    return out


def shortest_piece(rhythm: Rhythm, size: float, shape: TileShape | None) -> float:
    """Pieces of a dash shorter than this beside a bridge are whitened; a dot goes whole or not at all."""
    if rhythm.dotted:
        return rhythm.on + 0.01
    return max(1.0, 0.5 * line_width(size, shape))


def cost(marks: list[tuple[float, float]], cuts: list[tuple[float, float]], shortest: float) -> float:
    """How much a rhythm loses to the bridges over it: ink knocked out or left as crumbs, and a
    penalty for every dash or dot the bridge breaks (best: the bridge falls in a gap).

    >>> cost([(0.0, 2.0), (4.0, 6.0)], [(2.5, 3.5)], 1.0)
    0.0
    >>> cost([(0.0, 2.0), (4.0, 6.0)], [(1.5, 2.5)], 1.0)
    1.5
    """
    total = 0.0
    for a, b in cuts:
        for s0, s1 in marks:
            if s1 <= a or s0 >= b:
                continue
            lost = min(s1, b) - max(s0, a)
            if a - s0 > 0 and a - s0 < shortest:
                lost += a - s0
            if s1 - b > 0 and s1 - b < shortest:
                lost += s1 - b
            total += lost + 1.0
    return total


def styled(c: Path, style: int, size: float, shape: TileShape | None = None, rhythm: Rhythm | None = None,
           ink: float = 0.0) -> list[Item]:
    """One line drawn in one of the styles: solid, outlined, dashed, dotted, triple or ladder.

    A banded line is a black band with a light grey core (role "port-core"). `rhythm` places a
    broken line's dashes or dots (by default they run from the line's start).
    """
    w, b = line_width(size, shape), border_width(size, shape)
    name = STYLE_NAMES[style]

    def part(width: float, grey: float, role: str, dash: tuple[float, ...] = (), cap: str = "butt",
             phase: float = 0.0) -> Curve:
        return curve_item(c, size, width, grey, role, dash, cap, phase)

    wide = outer_width(style, size, shape)
    if name == "solid":
        return [part(w, ink, "port")]
    if name == "outlined":
        return [part(wide, ink, "port"), part(wide - 2 * b, CORE_GREY, "port-core")]
    if name == "dashed":
        on, step = (rhythm.on, rhythm.step) if rhythm else (2.2 * w, 3.5 * w)
        return [part(w, ink, "port", dash=(on, step - on))]
    if name == "dotted":
        step = rhythm.step if rhythm else 2.3 * w
        return [part(1.3 * w, ink, "port", dash=(DOT_RUN, step - DOT_RUN), cap="round", phase=(step + DOT_RUN) / 2)]
    if name == "triple":
        return [part(wide, ink, "port"), part(wide - 2 * b, CORE_GREY, "port-core"),
                part(centre_width(size, shape), ink, "port")]
    # ladder: black rungs across a grey core
    return [part(wide, ink, "port"), part(wide - 2 * b, CORE_GREY, "port-core", dash=(1.1 * w, 0.7 * w))]


# which styles lie underneath where lines cross: broken lines (dashed, dotted) first, so the
# line that passes over is always unbroken and its bridge never falls in one of its own gaps
UNDER_FIRST = {"dashed": 0, "dotted": 0, "solid": 1, "outlined": 2, "triple": 3, "ladder": 4}


def drawing_order(styles: tuple[int, ...]) -> list[int]:
    """The lines from bottom to top: by style as UNDER_FIRST says, then in the tile's pair order."""
    return sorted(range(len(styles)), key=lambda i: (UNDER_FIRST[STYLE_NAMES[styles[i]]], i))


BROKEN = ("dashed", "dotted")


def slivers(marks: list[tuple[float, float]], at: float, cut: float, shortest: float,
            skew: float = 0.0) -> list[tuple[float, float]]:
    """Bits of dashes or dots left shorter than `shortest` beside a cut of `cut` either side of `at`,
    widened to reach back to `at`, so whitening them leaves no crumbs beside a bridge.

    A slanting cut reaches `skew` less far along one edge of the line than at its middle: a mark that
    ends within that much of the cut's middle reach still shows a corner on that edge (a small
    triangle, apart from anything), and goes too.

    >>> slivers([(0.0, 2.0), (3.0, 5.0)], 1.5, 0.4, 0.5)
    [(1.5, 2.05)]
    >>> slivers([(0.0, 1.8), (3.0, 5.0)], 1.5, 0.4, 0.5), slivers([(0.0, 1.8), (3.0, 5.0)], 1.5, 0.4, 0.5, skew=0.2)
    ([], [(1.5, 1.85)])
    """
    out = []
    for s0, s1 in marks:
        if s1 <= at - cut or s0 >= at + cut:
            continue
        if s1 > at + cut - skew and s1 - (at + cut) < shortest:
            out.append((at, s1 + 0.05))
        if s0 < at - cut + skew and (at - cut) - s0 < shortest:
            out.append((s0 - 0.05, at))
    return out


def tile_lines(shape: TileShape, tile: TileType, size: float, ink: float = 0.0) -> list[Item]:
    """The port lines in their styles; where two cross, the upper one passes over a white gap."""
    return list(_tile_lines(shape, tuple(tuple(p) for p in tile.pairs), size, ink))


@lru_cache(maxsize=1024)
def _tile_lines(shape: TileShape, pairs: tuple, size: float, ink: float) -> tuple[Item, ...]:
    """The port lines in their styles; where two cross, the upper one passes over a white gap
    that knocks out of the lower one only the upper one's width and `gap_width` either side.

    Broken lines lie under unbroken ones (UNDER_FIRST). Which of two broken lines that cross
    passes over is the tile's pair order, unless that leaves a dotted line's unbroken piece
    over the other with no dot of its own beside it (`dot_beside`): a bar between two bridges
    reads as a dash laid across the line below, a junction, not as dots passing over. Then the
    order of the broken lines that leaves the fewest such bars is taken (of those, the first).
    """
    d = drawing(shape, pairs)
    first = drawing_order(d.styles)
    best = _lines_in_order(d, tuple(first), shape, size, ink)
    if best[1] == 0:
        return best[0]
    broken = [i for i in first if STYLE_NAMES[d.styles[i]] in BROKEN]
    rest = [i for i in first if i not in broken]
    for order in itertools.permutations(broken):
        if list(order) == broken:
            continue
        trial = _lines_in_order(d, tuple(order) + tuple(rest), shape, size, ink)
        if trial[1] < best[1]:
            best = trial
    return best[0]


def _lines_in_order(d: TileDrawing, order: tuple[int, ...], shape: TileShape, size: float,
                    ink: float) -> tuple[tuple[Item, ...], int]:
    """The lines drawn from the bottom up in `order`, and how many of their dotted bars are lonely.

    A dashed or dotted line that passes over another is drawn unbroken across the crossing,
    so the crossing never falls in one of its gaps. One that passes under takes, of the
    rhythms it may have, the one whose dashes or dots the bridges break least (a gap on the
    crossing if it can), and loses any crumb the bridge would leave: a piece of a dash under
    1 mm, any part of a dot.
    """
    w, g = line_width(size, shape), gap_width(size)
    rank = {line: n for n, line in enumerate(order)}
    lengths = [d.lengths[i][-1] * size for i in range(len(d.curves))]
    cuts: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(d.curves))}
    skew: dict[int, list[float]] = {i: [] for i in range(len(d.curves))}
    for x in d.crossings:
        over, under = (x.other, x.one) if rank[x.other] > rank[x.one] else (x.one, x.other)
        # how far along the lower line the gap reaches at its centre, and how much further along
        # one of its edges (a slanting gap cuts a thick line's edges at different places)
        sine = max(math.sin(x.angle), 0.35)
        cut = (outer_width(d.styles[over], size, shape) / 2 + g) / sine
        at = (x.at_one if under == x.one else x.at_other) * size
        cuts[under].append((at, cut))
        skew[under].append(outer_width(d.styles[under], size, shape) / 2 * math.cos(x.angle) / sine)
    rhythm: dict[int, Rhythm | None] = {}
    crumbs: dict[int, list[Item]] = {i: [] for i in range(len(d.curves))}
    whited: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(d.curves))}  # mm along each line
    for i in range(len(d.curves)):
        options = rhythms(d.styles[i], lengths[i], size, shape)
        if not options:
            rhythm[i] = None
            continue
        spans = [(at - cut, at + cut) for at, cut in cuts[i]]
        best = min(options, key=lambda r: cost(r.marks(lengths[i]), spans, shortest_piece(r, size, shape)))
        rhythm[i] = best
        marks = best.marks(lengths[i])
        for (at, cut), extra in zip(cuts[i], skew[i]):
            whited[i].append((at - cut - extra, at + cut + extra))
            for s0, s1 in slivers(marks, at, cut, shortest_piece(best, size, shape) + extra, extra):
                whited[i].append((s0, s1))
                crumbs[i].append(curve_item(piece(d, i, s0 / size, s1 / size), size,
                                            outer_width(d.styles[i], size, shape) + 0.6, 1.0, "port-gap"))
    for i in range(len(d.curves)):
        # two bridges close together over one line: the bit of it left between them goes too,
        # so it reads as one line passing under both, not as a loose stub
        # (bridges that overlap too: from the middle of one to the middle of the other nothing of
        # this line shows, even once low ink has thinned the upper lines and their gaps)
        bridges = sorted(cuts[i])
        for (at1, cut1), (at2, cut2) in zip(bridges, bridges[1:]):
            if (at2 - cut2) - (at1 + cut1) < max(1.5, 1.5 * w):
                whited[i].append((at1, at2))
                crumbs[i].append(curve_item(piece(d, i, at1 / size, at2 / size), size,
                                            outer_width(d.styles[i], size, shape) + 0.6, 1.0, "port-gap"))
    items: list[Item] = []
    lonely = 0
    for j in order:
        solid: list[Item] = []
        for x in d.crossings:
            if j not in (x.one, x.other):
                continue
            under = x.other if j == x.one else x.one
            if rank[under] > rank[j]:
                continue
            at = x.at_one if j == x.one else x.at_other
            half = outer_width(d.styles[under], size, shape) / 2 / size
            reach = (half + g / size) / max(math.sin(x.angle), 0.35) + w / 2 / size
            bridge = piece(d, j, at - reach, at + reach)
            width = outer_width(d.styles[j], size, shape)
            # over a dashed or dotted line the gap keeps its width in every ink (role "port-gap-wide"): the marks
            # beside it were placed and trimmed for it (`slivers`), and a narrower one would show their ends
            wide = STYLE_NAMES[d.styles[under]] in BROKEN
            items.append(curve_item(bridge, size, width + 2 * g, 1.0, "port-gap-wide" if wide else "port-gap"))
            # a broken line passes over unbroken, unless a line above it bridges the same spot
            # (then it is knocked out there anyway and the unbroken piece would leave stubs)
            knocked = any(abs(c_at - at * size) < c_cut for c_at, c_cut in cuts[j])
            if STYLE_NAMES[d.styles[j]] in BROKEN and not knocked:
                dotted = STYLE_NAMES[d.styles[j]] == "dotted"
                solid.append(curve_item(bridge, size, width, ink, "port", cap="round" if dotted else "butt"))
                dots = rhythm[j]
                if dotted and dots is not None:
                    lonely += not dot_beside(dots.marks(lengths[j]), whited[j], cuts[j], lengths[j],
                                             ((at - reach) * size, (at + reach) * size), width / 2)
        items += styled(d.curves[j], d.styles[j], size, shape, rhythm[j], ink) + crumbs[j] + solid
    return tuple(items), lonely


def dot_beside(marks: list[tuple[float, float]], whited: list[tuple[float, float]], cuts: list[tuple[float, float]],
               length: float, bar: tuple[float, float], cap: float) -> bool:
    """Whether a dotted line shows a whole dot of its own beside its unbroken piece `bar` (from, to along it, in mm;
    round ends `cap` beyond), on one side or the other, before the next bridge over it (`cuts`: where, how far
    either way) or its port: a dot not `whited` out, and standing apart from the bar's ends.

    >>> dot_beside([(0.5, 2.5), (4.0, 6.0), (7.5, 9.5)], [], [], 10.0, (4.5, 5.5), 1.0)
    True
    >>> dot_beside([(0.5, 2.5), (4.0, 6.0), (7.5, 9.5)], [(0.0, 3.0), (7.0, 10.0)], [(1.5, 1.5), (8.5, 1.5)],
    ...            10.0, (4.5, 5.5), 1.0)
    False
    """
    start, end = bar
    before = max((at + cut for at, cut in cuts if at + cut <= start), default=0.0)
    after = min((at - cut for at, cut in cuts if at - cut >= end), default=length)
    for s0, s1 in marks:
        apart = s1 <= start - cap or s0 >= end + cap
        inside = before <= s0 and s1 <= after
        if apart and inside and not any(s0 < w1 and s1 > w0 for w0, w1 in whited):
            return True
    return False


class Label(NamedTuple):
    """A label's text, its em size and where it sits (bottom-left of its box, in mm, tile frame)."""

    text: str
    size: float
    x: float
    y: float
    w: float
    h: float
    bold: bool
    angle: float = 0.0  # degrees; labels on tiles are always upright (0)
    halo: float = 0.0  # mm of white knocked out round its box, where it sits close to a line: never more
    # than the room it keeps from the lines, so a halo never cuts a path line (0: none)
    free: bool = True  # False: no room clear of the lines was found; it lies over them (the tile is crowded)


NEAR_CORNER = 0.16  # tile units: a type number this near its preferred place is placed at once
PADS = (0.8, 0.45, 0.2, 0.1, 0.0)  # mm between a label and a line: as much as there is room for


def _clearances(shape: TileShape, pairs, size: float, pad: float) -> tuple[float, ...]:
    d = drawing(shape, pairs)
    return tuple(round((outer_width(s, size, shape) / 2 + pad) / size, 4) for s in d.styles)


EDGE_INSET = 1.5  # mm: no label's ink nearer the tile's edge (the cut) than this, at any size
HALO_BELOW = 0.45  # mm: a label placed closer than this to a line gets a white halo


def _margin(size: float) -> float:
    return round(max(EDGE_INSET, 1.2 * scale(size)) / size, 4)


# a label's box holds the ink of its digits (Vera's digits reach 0.743 em up and 0.015 em
# down) and, under the type number, its underline bar
TYPE_RISE, TYPE_DROP = 0.75, 0.22
ID_RISE, ID_DROP = 0.75, 0.02


def _sizes(em: float, smallest: float) -> list[float]:
    out = [em]
    while out[-1] > smallest:
        out.append(max(smallest, out[-1] * 0.88))
    return out


class Measured(NamedTuple):
    """The widths of the few texts a tile's labels are placed by, read from the page's metrics once (mm for a
    1 mm size; a width grows with the size): a `Metrics` that can key the label search's cache."""

    widths: tuple[tuple[str, bool, float], ...]  # (text, bold, width at 1 mm)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        for known, weight, width in self.widths:
            if known == text and weight == bold:
                return width * size
        raise KeyError(f"{text!r} was not measured")


def measured(metrics: Metrics, texts: dict[tuple[str, bool], str]) -> Measured:
    """`texts` measured: each (as the search sees it, its stand-in; bold or not) the text as printed."""
    return Measured(tuple((twin, bold, metrics.width(text, 1.0, bold)) for (twin, bold), text in texts.items()))


def labels(shape: TileShape, pairs: tuple, size: float, type_label: str | None, id_label: str | None,
           metrics: Metrics, least: float = 0.0) -> tuple[Label, ...]:
    """Where the type number (top left if it can) and the id (bottom right if it can) go.

    Every label is measured by `metrics`, the page's (the font the kit embeds, set as its type profile sets
    text: its face, its letter and word spacing; at the weight its ink prints), as every other text is.
    Ids as wide as each other (`1·1` … `3·6`) go to the same place, so the search runs once
    for every copy of a type: it is made with a stand-in (`width_twin`) and the widths measured.
    `least` is a type profile's (paper.TypeProfile): no label smaller than `least` mm.
    """
    if not type_label and not id_label:
        return ()
    twin, widths = stand_in(type_label, id_label, metrics)
    placed = _labels(shape, tuple(tuple(p) for p in pairs), size, type_label, twin, least, widths)
    back = {twin: id_label or "", stacked(twin or ""): stacked(id_label or "")}
    return tuple(label._replace(text=back[label.text]) if label.text in back and not label.bold else label
                 for label in placed)


def stand_in(type_label: str | None, id_label: str | None, metrics: Metrics) -> tuple[str | None, Measured]:
    """The id's stand-in for the search (`width_twin`), and the widths of what the search measures."""
    twin = width_twin(id_label)
    texts = {(type_label, True): type_label} if type_label else {}
    if id_label and twin:  # the id on one line, and each line of it stacked
        texts |= {(t, False): real for t, real in zip([twin, *stacked(twin).split("\n")],
                                                      [id_label, *stacked(id_label).split("\n")])}
    return twin, measured(metrics, texts)


def labels_clear(shape: TileShape, pairs: tuple, size: float, type_label: str | None, id_label: str | None,
                 metrics: Metrics, least: float = 0.0) -> bool:
    """Whether the labels find room clear of the lines (asking only that: no place is sought where they do not)."""
    twin, widths = stand_in(type_label, id_label, metrics)
    return clear_labels(shape, tuple(tuple(p) for p in pairs), size, type_label, twin, least, widths) is not None


def width_twin(text: str | None) -> str | None:
    """The stand-in the label search places `text` by: every digit 0 (the widths measured go with it).

    >>> width_twin("K7 · 3·4")
    'K0 · 0·0'
    """
    if text is None:
        return None
    return "".join("0" if ch.isdigit() else ch for ch in text)


@lru_cache(maxsize=4096)
def _labels(shape: TileShape, pairs: tuple, size: float, type_label: str | None, id_label: str | None,
            least: float, metrics: Measured) -> tuple[Label, ...]:
    """Where the type number (top left if it can) and the id (bottom right if it can) go.

    Both sit in room the lines leave free (`tile_paths.room`), the type number as large as
    fits. When the first place found for the number leaves the id no room, the next places
    are tried; the room kept round the lines shrinks only when nothing fits.
    """
    placed = clear_labels(shape, pairs, size, type_label, id_label, least, metrics)
    return placed if placed is not None else _crowded_labels(shape, pairs, size, type_label, id_label, least, metrics)


@lru_cache(maxsize=4096)
def clear_labels(shape: TileShape, pairs: tuple, size: float, type_label: str | None, id_label: str | None,
                 least: float, metrics: Measured, stacked_only: bool = False) -> tuple[Label, ...] | None:
    """`_labels` where room clear of the lines is found for them; None where it is not (the tile is crowded:
    `_crowded_labels` then puts them where they hide the least, which a caller asking only whether they fit
    need not wait for)."""
    s = scale(size)
    pairs = tuple(tuple(p) for p in pairs)
    type_prefer, id_prefer = Point(0.2 * shape.width, 0.82), Point(0.8 * shape.width, 0.12)
    min_label, min_type = max(MIN_LABEL, least), max(MIN_TYPE, least)
    id_em = max(2.4 * s, min_label, ID_READ)
    first = max(0.8, 0.9 * s)

    # as much room round the labels as the tile has: less and less only where nothing fits
    edge = _margin(size)
    tries = ((first, GRID), (PADS[1], GRID), (PADS[2], 2 * GRID), (PADS[3], 2 * GRID), (PADS[4], 4 * GRID))
    # a class set's id (K15 · 28·1) that finds no room on one line clear of the lines tries two: the kit over the id
    texts = (id_label,) + ((stacked(id_label),) if id_label and stacked(id_label) != id_label else ())
    texts = texts[1:] if stacked_only else texts

    def legible(placed: tuple[Label, ...]) -> tuple[Label, ...]:
        return placed if len(texts) < 2 else legible_id(placed, lambda: clear_labels(
            shape, pairs, size, type_label, id_label, least, metrics, True))

    def search(id_text: str | None, pad: float, grid: int, need: float) -> tuple[Label, ...] | None:
        """The labels in the room `pad` mm clear of the lines, none under `need` mm (0: down to the least)."""
        free = room(shape, pairs, _clearances(shape, pairs, size, pad), edge, grid)
        halo = min(HALO, pad) if pad < HALO_BELOW else 0.0

        def id_in(taken: tuple) -> Label | None:
            return id_place(free, id_text or "", (id_em, max(min_label, need)), size, id_prefer, taken, halo, metrics)

        alone = id_in(()) if id_label or not type_label else None  # the id with no type number beside it
        if not type_label or (id_label and alone is None):  # no room for the id alone: none beside any number either
            return None if alone is None else (alone,)
        # the largest number whose place is near the top-left corner; failing that, the place
        # nearest the corner (a larger number only if it sits about as near)
        found: list[tuple[float, float, tuple[Label, ...]]] = []
        for em in _sizes(max(5.6 * s, min_type), max(min_type, need)):
            w, h = metrics.width(type_label, em, True), (TYPE_RISE + TYPE_DROP) * em
            for x, y in spots_in_turn(free, w / size, h / size, type_prefer, limit=24 if id_label else 1):
                label = Label(type_label, em, x * size, y * size + TYPE_DROP * em, w, h, True, halo=halo)
                found_id = id_in(((x, y, x + w / size, y + h / size),)) if id_label else None
                if id_label and found_id is None:
                    continue
                placed = (label,) if found_id is None else (label, found_id)
                far = math.hypot(x + w / size / 2 - type_prefer.x, y + h / size / 2 - type_prefer.y)
                if far <= NEAR_CORNER:
                    return placed
                found.append((far, -em, placed))
                break
        if found:
            nearest = min(far for far, _, _ in found)
            return min((f for f in found if f[0] <= nearest + NEAR_CORNER / 2), key=lambda f: f[1])[2]
        return None

    if not type_label and not id_label:
        return ()
    # first with every label 9 pt (ID_LEGIBLE) or more, with as much room round them as the tile has (a label kept
    # readable comes closer to a line before it shrinks); then as large as fits, from the most room down
    readable = (ID_LEGIBLE > min(min_label, min_type) and id_em >= ID_LEGIBLE
                and (not type_label or max(5.6 * s, min_type) >= ID_LEGIBLE))
    if readable:  # each way of setting the id (one line, the kit over it) at its first room: the larger number wins
        found = [placed for placed in (next((p for p in (search(t, pad, grid, ID_LEGIBLE) for pad, grid in tries)
                                             if p is not None), None) for t in texts) if placed is not None]
        if found:
            return max(found, key=lambda placed: max((label.size for label in placed if label.bold), default=0.0))
    for id_text, (pad, grid) in ((t, p) for t in texts for p in tries):
        placed = search(id_text, pad, grid, 0.0)
        if placed is not None:
            return legible(placed)
    return None


def _crowded_labels(shape: TileShape, pairs: tuple, size: float, type_label: str | None, id_label: str | None,
                    least: float, metrics: Measured) -> tuple[Label, ...]:
    """The labels of a tile whose lines leave them no room clear (see `_labels`)."""
    pairs = tuple(tuple(p) for p in pairs)
    type_prefer, id_prefer = Point(0.2 * shape.width, 0.82), Point(0.8 * shape.width, 0.12)
    min_label, min_type = max(MIN_LABEL, least), max(MIN_TYPE, least)
    edge = _margin(size)
    # nowhere free: as small as allowed, where each hides the least of the lines, with no halo (a
    # knockout would cut the line, and a break in a path reads as an end); still the edge inset away
    # from the cut. `crowded_tiles` counts such tiles and `build` says what tile size would do.
    free = room(shape, pairs, _clearances(shape, pairs, size, 0.0), edge, 4 * GRID)
    out: list[Label] = []
    taken: tuple = ()
    for text, em, bold, prefer, drop in ((type_label, min_type, True, type_prefer, TYPE_DROP),
                                         (id_label, min_label, False, id_prefer, ID_DROP)):
        if text:
            w, h = metrics.width(text, em, bold), (TYPE_RISE + drop) * em
            spot = least_blocked(free, w / size, h / size, prefer, apart(taken, em, size))
            x, y = (prefer.x - w / size / 2, prefer.y - h / size / 2) if spot is None else spot
            out.append(Label(text, em, x * size, y * size + drop * em, w, h, bold, free=False))
            taken += ((x, y, x + w / size, y + h / size),)
    return tuple(out)


def legible_id(placed: tuple[Label, ...], stacked_labels) -> tuple[Label, ...]:
    """A class set's id on one line under 9 pt (ID_LEGIBLE) gives way to its kit over the id at 9 pt or more
    (`stacked_labels()`: the labels with the id stacked, None where they find no room clear of the lines), where that
    has room clear of the lines with a type number as large. Eight-port kits 1-3 at 35 mm: ids under 9 pt 57 of 105 -> 9, type numbers as large."""
    if all(label.bold or label.size >= ID_LEGIBLE - 1e-9 for label in placed):
        return placed
    other = stacked_labels()  # None: no room clear of the lines for it
    number = max((label.size for label in placed if label.bold), default=0.0)
    if other is not None and any(not label.bold for label in other) and all(
            label.free and label.size >= (number if label.bold else ID_LEGIBLE) - 1e-9 for label in other):
        return other
    return placed


def id_place(free, text: str, sizes: tuple[float, float], size: float, prefer: Point, taken: tuple, halo: float,
             metrics: Metrics) -> Label | None:
    """Where an id goes in the `free` room of a tile `size` mm wide, clear of `taken`: always upright (a turned
    id would read as a sign of which way the tile lies), as large as fits near its corner `prefer` (from the
    first of `sizes`, 10 pt, down to the second, the least), else wherever the largest fits; None if nowhere.

    Never smaller than ID_LEGIBLE (9 pt) only to stay near the corner: an id that fits at 9 pt or more only
    further off goes to the free place nearest the corner that one of those sizes has (the larger where two
    are as near), so it moves no further than it must (the eight-port game's 35 mm tiles: 12 of 35 ids were
    7.1-8.9 pt by their corners with room for 9 pt or more a little further in)."""
    away: list[tuple[float, float, Label]] = []  # (how far from the corner, -size, the id) at 9 pt or more
    anywhere = None  # below 9 pt: the largest that fits anywhere
    for em in id_sizes(*sizes):
        legible = em >= ID_LEGIBLE - 1e-9
        if away and not legible:
            break
        w, h = id_box(text, em, metrics)
        found = spots(free, w / size, h / size, prefer, apart(taken, em, size))
        if found:
            x, y = found[0]
            label = Label(text, em, x * size, y * size + ID_DROP * em, w, h, False, halo=halo)
            far = math.hypot(x + w / size / 2 - prefer.x, y + h / size / 2 - prefer.y)
            if far <= NEAR_CORNER:
                return label
            if legible:
                away.append((far, -em, label))
            anywhere = anywhere or label
    return min(away)[2] if away else anywhere


# em of an id: the least gap between a tile's type number and its id, so that the two read as two labels. Inside an
# id the widest gaps are the word spaces round a class set's "·" (0.32 em: 1.0 mm at 9 pt) and between its two
# stacked lines (1.1 em pitch less its digits' 0.77 em: 0.33 em); a gap no wider than those reads as part of the id
# ("17" 0.55 mm beside "K10 · 17·1" read "17 K10 · 17·1"). Half an em (1.6 mm at 9 pt) is half as wide again.
LABELS_APART = 0.5


def apart(taken: tuple, em: float, size: float) -> tuple:
    """The `taken` boxes (tile units) grown by LABELS_APART of an id `em` high on a tile `size` mm wide: an id kept
    clear of them stands that far from them.

    >>> apart(((0.1, 0.1, 0.3, 0.2),), 3.2, 32.0)
    ((0.05, 0.05, 0.35, 0.25),)
    """
    g = LABELS_APART * em / size
    return tuple((x0 - g, y0 - g, x1 + g, y1 + g) for x0, y0, x1, y1 in taken)


KIT_APART = " · "  # between a class set's kit and the tile's id in every language's tiles.kit_id (K15 · 28·1)
PITCH = 1.1  # em from one line of a stacked id to the next


def stacked(text: str) -> str:
    """A class set's id on two lines, its kit over the tile's id; any other id as it is.

    >>> stacked("K15 · 28·1")
    'K15\\n28·1'
    >>> stacked("28·1")
    '28·1'
    """
    return text.replace(KIT_APART, "\n", 1)


def id_box(text: str, em: float, metrics: Metrics) -> tuple[float, float]:
    """The width and height (mm) of the ink of an id `em` high, on one line or stacked."""
    lines = text.split("\n")
    return (max(metrics.width(line, em, False) for line in lines),
            (ID_RISE + ID_DROP) * em + (len(lines) - 1) * PITCH * em)


# mm (9 pt): the least size a tile's id or type number is readable at. MIN_LABEL and MIN_TYPE (7.1 and 7.4 pt) are
# floors for tiles with no room at all, where a label's digits stand 1.8 mm high; at 9 pt they stand 2.3 mm, the
# size every id of every shipped set prints at 35 mm (the default kit's least; 10 pt would leave the eight-port set
# at 35 mm 12 ids short, and the body text a child reads is 11 pt). An id moves from its corner, or comes nearer a
# line, rather than shrink below this; `build` warns, naming a size that has room, where a label still would.
ID_LEGIBLE = 9 * 25.4 / 72


def id_sizes(em: float, smallest: float) -> list[float]:
    """The sizes an id is tried at, largest first: `_sizes`' steps with 9 pt (ID_LEGIBLE) among them.

    >>> [round(v / (25.4 / 72), 2) for v in id_sizes(3.55, 2.5)]
    [10.06, 9.0, 8.86, 7.79, 7.09]
    """
    steps = _sizes(em, smallest)
    return sorted(set(steps) | {ID_LEGIBLE}, reverse=True) if smallest < ID_LEGIBLE < em else steps


HALO = 0.3  # mm of white round a label's box where it sits close to a line


def label_items(label: Label, ink: float, underline: bool) -> list[Item]:
    """A label's halo, words and underline: the same label the same items (kept: a class set's tiles of a type
    carry the same type number, which the PDF writer then copies, `render.pdf.draw_items`)."""
    return list(_label_items(label, ink, underline))


@lru_cache(maxsize=2048)
def _label_items(label: Label, ink: float, underline: bool) -> tuple[Item, ...]:
    items: list[Item] = []
    if label.halo > 0:  # the box holds the digits' ink (and the underline): white round it, under the text
        drop = (TYPE_DROP if label.bold else ID_DROP) * label.size
        m = label.halo
        items.append(Rect(label.x - m, label.y - drop - m, label.w + 2 * m, label.h + 2 * m, width=0,
                          stroke=None, fill=1.0, role="halo"))
    lines = label.text.split("\n")  # a stacked id: its first line on top
    for n, line in enumerate(lines):
        items.append(Text(label.x, label.y + (len(lines) - 1 - n) * PITCH * label.size, line, label.size,
                          bold=label.bold, fill=ink, angle=label.angle))
    if underline:  # shows which way up the tile was printed (a 6 is not a 9)
        y = label.y - 0.15 * label.size
        items.append(Line(label.x, y, label.x + label.w, y, width=0.1 * label.size, stroke=ink))
    return tuple(items)


def hard_to_read(placed: tuple[Label, ...]) -> bool:
    """Whether a tile's labels include one over its lines or under 9 pt (ID_LEGIBLE): the least size an id
    or type number is printed at where the tile has room for it clear of the lines."""
    return any(not label.free or label.size < ID_LEGIBLE - 1e-9 for label in placed)


def crowded_tiles(shape: TileShape, tiles, size: float, tile_labels, metrics: Metrics, least: float = 0.0
                  ) -> list[TileType]:
    """The tiles whose type number or id finds no room at 9 pt (ID_LEGIBLE) or more clear of their lines at this
    size: their labels print smaller, or over the lines. `tile_labels(tile)` gives the (type number, id) pairs the
    kit prints on a tile of that type (ids as wide as each other once: `width_twin`); `least` is the type
    profile's least size, as `labels` takes it."""
    return [t for t in tiles if _hard(shape, t, size, tile_labels, metrics, least)]


def _hard(shape: TileShape, tile: TileType, size: float, tile_labels, metrics: Metrics, least: float) -> bool:
    return any(hard_to_read(labels(shape, tuple(tile.pairs), size, type_label, id_label, metrics, least))
               for type_label, id_label in tile_labels(tile))


def over_lines(shape: TileShape, tiles, size: float, tile_labels, metrics: Metrics, least: float = 0.0
               ) -> list[TileType]:
    """The tiles some label of which finds no room clear of the lines at any size and, where it is put (where it
    hides the least of them), lies on a line's ink (`on_a_line`): a label that finds no room on the room's grid
    may still stand clear of the ink, between the cells the grid counts as blocked."""
    return [t for t in tiles if any(not label.free and on_a_line(shape, tuple(t.pairs), size, label)
                                    for type_label, id_label in tile_labels(t) for label in labels(
                                        shape, tuple(t.pairs), size, type_label, id_label, metrics, least))]


def on_a_line(shape: TileShape, pairs: tuple, size: float, label: Label) -> bool:
    """Whether `label`'s box (its digits' ink and, under a type number, its underline: TYPE_RISE and TYPE_DROP)
    comes nearer a tile line's centre than half the line's outer width, the line's ink as drawn."""
    d = drawing(shape, tuple(tuple(p) for p in pairs))
    rise, drop = (TYPE_RISE, TYPE_DROP) if label.bold else (ID_RISE, ID_DROP)
    box = (label.x / size, (label.y - drop * label.size) / size, (label.x + label.w) / size,
           (label.y + rise * label.size) / size)
    return any(_polyline_box(line, box) < outer_width(style, size, shape) / 2 / size
               for line, style in zip(d.polylines, d.styles))


def _polyline_box(points, box: tuple[float, float, float, float]) -> float:
    """The least distance between a polyline and a box (x0, y0, x1, y1): 0 where they meet.

    >>> _polyline_box((Point(0, 0), Point(4, 0)), (1, 1, 2, 2)), _polyline_box((Point(0, 0), Point(4, 4)), (1, 0, 2, 3))
    (1.0, 0.0)
    """
    x0, y0, x1, y1 = box
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    edges = list(zip(corners, corners[1:] + corners[:1]))
    best = math.inf
    for a, b in zip(points, points[1:]):
        p, q = (a.x, a.y), (b.x, b.y)
        if _inside(p, box) or any(_cross(p, q, c, e) for c, e in edges):
            return 0.0
        best = min(best, _from_box(p, box), _from_box(q, box),
                   *(_to_segment(c, p, q) for c in corners))
    return best


def _inside(p: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _from_box(p: tuple[float, float], box: tuple[float, float, float, float]) -> float:
    """A point's distance from the box (0 inside)."""
    dx, dy = max(box[0] - p[0], 0.0, p[0] - box[2]), max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _to_segment(c: tuple[float, float], p: tuple[float, float], q: tuple[float, float]) -> float:
    """A point's distance from the segment p-q."""
    vx, vy = q[0] - p[0], q[1] - p[1]
    length = vx * vx + vy * vy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((c[0] - p[0]) * vx + (c[1] - p[1]) * vy) / length))
    return math.hypot(c[0] - p[0] - t * vx, c[1] - p[1] - t * vy)


def _cross(p, q, c, e) -> bool:
    """Whether segments p-q and c-e cross."""
    def side(a, b, x) -> float:
        return (b[0] - a[0]) * (x[1] - a[1]) - (b[1] - a[1]) * (x[0] - a[0])

    return side(p, q, c) * side(p, q, e) <= 0 and side(c, e, p) * side(c, e, q) <= 0


def roomy_size(shape: TileShape, tiles, size: float, tile_labels, metrics: Metrics, least: float = 0.0,
               largest: float = 60.0) -> float | None:
    """The smallest whole size in mm above `size` (up to `largest`) at which every tile's labels have room at 9 pt
    or more clear of its lines (no tile is `crowded_tiles`'), or None where none has."""
    tiles = list(tiles)
    crowded = crowded_tiles(shape, tiles, size, tile_labels, metrics, least)
    for bigger in range(math.floor(size) + 1, math.floor(largest) + 1):
        # a size is roomy when no tile is crowded there: the search stops at the first crowded tile,
        # trying first the ones crowded a size below (the likeliest still to be), so the answer is the
        # same as checking every tile at every size, in a fraction of the layouts
        known = {id(t) for t in crowded}
        still = next((t for t in crowded + [t for t in tiles if id(t) not in known]
                      if _hard(shape, t, float(bigger), tile_labels, metrics, least)), None)
        if still is None:
            return float(bigger)
        crowded = [still] + [t for t in crowded if t is not still]
    return None


BLEED = 1.5  # mm a line is carried on past a tile's edge where no tile lies across it on the sheet


def bleed(shape: TileShape, pairs, size: float, sides: set[str], ink: float = 0.0) -> list[Item]:
    """Each line that meets one of `sides` (the tile's sides with no tile across them on its sheet) carried
    BLEED mm on past the edge, straight out and in its style, so a cut a little outside the edge leaves no
    white notch in the line. Only there: across a shared edge the next tile's line meets it. A dotted line
    ends in a gap at its port and gets none; a dashed one ends in a whole dash, carried on solid.
    The same tile with the same open sides gets the same items (kept: a class set's tiles of a type, which
    the PDF writer then copies)."""
    return list(_bleed(shape, tuple(tuple(p) for p in pairs), size, frozenset(sides), ink))


@lru_cache(maxsize=2048)
def _bleed(shape: TileShape, pairs: tuple, size: float, sides: frozenset[str], ink: float) -> tuple[Item, ...]:
    d = drawing(shape, pairs)
    out: list[Item] = []
    for i, pair in enumerate(pairs):
        name = STYLE_NAMES[d.styles[i]]
        if name == "dotted":
            continue
        for port in pair:
            if shape.side_of(port) not in sides:
                continue
            p, n = shape.port_point(port), shape.outward(port)
            reach = BLEED / size
            stub = (p, Point(p.x + n.x * reach / 3, p.y + n.y * reach / 3),
                    Point(p.x + n.x * reach * 2 / 3, p.y + n.y * reach * 2 / 3), Point(p.x + n.x * reach, p.y + n.y * reach))
            out += styled((stub,), 0 if name == "dashed" else d.styles[i], size, shape, None, ink)
    return tuple(out)


@lru_cache(maxsize=256)
def outline_item(shape: TileShape, size: float, ink: float) -> Item:
    """The tile's cut outline, drawn as its shape draws it (`layout/shapes`); the same item for every tile alike."""
    from papergame.layout.shapes import shape_layout

    return shape_layout(shape).outline(shape, size, ink)


def tile_art(shape: TileShape, tile: TileType, size: float, type_label: str | None = None,
             id_label: str | None = None, outline: bool = True, ink: float = 0.0, least: float = 0.0,
             metrics: Metrics | None = None, cut: bool = False) -> list[Item]:
    """A whole tile, `size` high: its lines, the type number upright and underlined, the id, the outline.

    No port names: they would turn with the tile and read wrongly (N on the east side).
    The labels sit in room the lines leave free, found from the drawing itself, measured by `metrics` (the
    page's: a tile drawn with a label needs them).
    `cut`: the tile is a piece to cut out (a tile sheet's), so its outline keeps the cut role its shape
    gives it; a picture of a tile (a rules page, the guide, a worksheet) is drawn the same, cut nowhere.
    """
    items = tile_lines(shape, tile, size, ink)
    if (type_label or id_label) and metrics is None:
        raise TypeError("a tile drawn with its labels needs the page's metrics to measure them")
    for label in labels(shape, tuple(tile.pairs), size, type_label, id_label, metrics, least) if metrics else ():
        items += label_items(label, ink, underline=label.bold)
    if outline:
        edge = outline_item(shape, size, ink)
        assert isinstance(edge, (Rect, Polygon)), "a shape's outline is one path"
        items.append(edge if cut else edge._replace(cut="none"))
    return items


def free_box(shape: TileShape, pairs, size: float, w: float, h: float, prefer: Point,
             taken: tuple = ()) -> tuple[float, float] | None:
    """Bottom-left (mm, tile frame) of a free w × h mm box nearest `prefer` (tile units), or None."""
    pairs = tuple(tuple(p) for p in pairs)
    free = room(shape, pairs, _clearances(shape, pairs, size, PADS[1]), _margin(size))
    spot = find_spot(free, w / size, h / size, prefer, tuple(tuple(v / size for v in box) for box in taken))
    return None if spot is None else (spot[0] * size, spot[1] * size)


def on_ground(items, ground: float) -> list[Item]:
    """Tile art laid on a grey ground: the white bridge gaps of its lines take the ground's grey."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Curve) and item.role.startswith("port-gap"):
            item = item._replace(stroke=ground)
        out.append(item)
    return out


def turned(items: list[Item], size: float, degrees: int, x: float, y: float, width: float | None = None) -> Item:
    """Tile art placed with its bounding box's bottom-left at (x, y), turned `degrees` clockwise about its centre.

    `width` is the bounding box's width in mm (the tile's `size` for a square).
    """
    if degrees % 360 == 0:
        return Group(x, y, 0, tuple(items))
    half_w, half = (size if width is None else width) / 2, size / 2
    return Group(x + half_w, y + half, degrees, (Group(-half_w, -half, 0, tuple(items)),))


# --- tokens --------------------------------------------------------------------------


def arrow(cx: float, cy: float, length: float, heading: float, fill: float | None, stroke: float | None,
          width: float = 0.25) -> Polygon:
    """A broad arrow centred on (cx, cy), pointing `heading` degrees clockwise from north."""
    shape = [(0.0, 0.5), (0.42, 0.02), (0.16, 0.02), (0.16, -0.5), (-0.16, -0.5), (-0.16, 0.02), (-0.42, 0.02)]
    t = math.radians(heading)
    cos, sin = math.cos(t), math.sin(t)
    pts = tuple((cx + (px * cos + py * sin) * length, cy + (-px * sin + py * cos) * length) for px, py in shape)
    return Polygon(pts, width=width, stroke=stroke, fill=fill)


def hatch_circle(cx: float, cy: float, r: float, spacing: float, width: float, grey: float) -> list[Item]:
    """Diagonal hatching clipped to a circle, computed as chords (no clipping path needed)."""
    items: list[Item] = []
    k = math.floor(r * math.sqrt(2) / spacing)
    for i in range(-k, k + 1):
        d = i * spacing  # signed distance of the chord from the centre
        if abs(d) >= r:
            continue
        half = math.sqrt(r * r - d * d)
        # chord perpendicular to (1, 1)/sqrt2 at distance d: direction (1, -1)/sqrt2
        ox, oy = cx + d / math.sqrt(2), cy + d / math.sqrt(2)
        dx, dy = half / math.sqrt(2), -half / math.sqrt(2)
        items.append(Line(ox - dx, oy - dy, ox + dx, oy + dy, width=width, stroke=grey))
    return items


def token_art(kind: str, cx: float, cy: float, r: float, heading: float = 0.0, outline_only: bool = False) -> list[Item]:
    """A token: a disc with an arrow showing which way it faces.

    The white token is an outlined disc with a black arrow. The black token is a thick
    black ring, diagonal hatching and a white arrow edged in black: clearly dark, but
    not a solid block of ink. `outline_only` draws where a token was on a diagram (`was_here`).
    """
    items: list[Item] = []
    if outline_only:
        return was_here(cx, cy, r, heading)
    if kind == "white":
        items.append(Circle(cx, cy, r, width=0.5, stroke=0.0, fill=1.0))
        items.append(arrow(cx, cy, r * 1.2, heading, fill=0.0, stroke=None))
    else:
        ring = 0.22 * r
        items.append(Circle(cx, cy, r, width=0.4, stroke=0.0, fill=1.0))
        items += hatch_circle(cx, cy, r - ring, 0.18 * r, 0.3, 0.0)
        items.append(Circle(cx, cy, r - ring / 2, width=ring, stroke=0.0, fill=None))
        items.append(arrow(cx, cy, r * 1.2, heading, fill=1.0, stroke=0.0, width=0.35))
    return items


def cut_out(items: list[Item]) -> list[Item]:
    """A token to cut out of its sheet: its outer disc (the first item `token_art` draws) is the cut path."""
    first, *rest = items
    assert isinstance(first, Circle), "a token's art starts with its outer disc"
    return [first._replace(cut="cut"), *rest]


WAS_DASHES = 12  # dashes round the ring that marks where a token was


def was_here(cx: float, cy: float, r: float, heading: float) -> list[Item]:
    """Where a token was, on a diagram: a dashed ring on white with a thin open arrowhead (a chevron).

    Nothing in it looks like a token: no solid or hatched disc, no broad arrow with an edge.
    """
    items: list[Item] = [Circle(cx, cy, r, width=0, stroke=None, fill=1.0)]
    part = 360 / WAS_DASHES
    items += [Arc(cx, cy, r - 0.2, k * part + part / 4, part / 2, width=0.4) for k in range(WAS_DASHES)]
    t = math.radians(heading)
    cos, sin = math.cos(t), math.sin(t)
    chevron = ((-0.42, -0.12), (0.0, 0.3), (0.42, -0.12))
    points = tuple((cx + (px * cos + py * sin) * r, cy + (-px * sin + py * cos) * r) for px, py in chevron)
    items.append(Polygon(points, width=0.4, stroke=0.0, fill=None, closed=False, join="round"))
    return items
