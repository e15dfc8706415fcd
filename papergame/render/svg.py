"""One page of primitives to one SVG file: a `Print` layer (what the PDF prints) and a `Cut` layer.

The SVG is in millimetres (`width="210mm"`, a viewBox of 210 by 297), true to scale. Its
layers are Inkscape's (`inkscape:groupmode="layer"`), which Inkscape, Silhouette Studio's
SVG import and laser programs show as layers.

- **Print** draws every primitive as `render/pdf.py` does, in the same order and with the
  same line state (caps and joins carry on from one item to the next, as in a PDF content
  stream). Text is drawn as the outlines of DejaVu Sans's glyphs (from the same font files
  the PDF embeds, placed with the same advance widths), so every program shows the same
  letters without the font installed; each text's words are kept in its `aria-label`.
- **Cut** holds every path whose cut role is "cut" (`layout/primitives.py`), in page
  coordinates, as hairlines of one colour (`cuts.py` merges each shared edge into one cut,
  or gives each piece its closed outline).
- **Score** (laser only) holds the port lines, to engrave or score in a second colour.
"""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources
from typing import Any, BinaryIO, Callable
from xml.sax.saxutils import escape, quoteattr

from papergame.layout.charts import BarChart
from papergame.layout.primitives import Arc, Circle, Curve, Group, Line, Page, Polygon, Rect, Text
from papergame.render.cuts import CutPlan, CutShape, cut_shapes, placed, score_lines
from papergame.render.fonts import font_file, setting

INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
CUT_COLOUR = "#ff0000"  # red: the colour laser programs and cutting services read as "cut through"
SCORE_COLOUR = "#0000ff"  # blue: score or engrave
HAIRLINE = 0.0254  # mm: 0.001 inch, the hairline laser drivers and services ask for
PDF_MITER_LIMIT = 10  # a PDF's default miter limit; SVG's default is 4


def num(value: float) -> str:
    """A coordinate as the file writes it: at most 4 decimals (0.1 µm), no trailing zeros.

    >>> num(210.0), num(0.30000000000000004), num(-0.00001), num(12.34567)
    ('210', '0.3', '0', '12.3457')
    """
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def grey(level: float) -> str:
    """A grey level (0 black, 1 white) as an sRGB colour, rounded as a PDF renderer rounds DeviceGray."""
    v = max(0, min(255, round(level * 255)))
    return f"#{v:02x}{v:02x}{v:02x}"


TEXT_COLOURS = {"red": "#ff0000"}  # a text's `colour` (the tactile kit's sighted labels), as render/pdf.py draws it


def render_svg(pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "",
               plan: CutPlan | None = None) -> None:
    """Write one page (a list of exactly one) as an SVG to the binary stream `out`; same page, same bytes."""
    if len(pages) != 1:
        raise ValueError(f"an SVG file holds one sheet, not {len(pages)}")
    out.write(svg_text(pages[0], title, subject, keywords, plan or CutPlan()).encode("utf-8"))


def svg_text(page: Page, title: str, subject: str, keywords: str, plan: CutPlan) -> str:
    w, h = num(page.width), num(page.height)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
        f'width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(' '.join(p for p in (subject, keywords) if p))}</desc>",
    ]
    marks = [item for item, _ in placed(page.items) if getattr(item, "cut", "") == "register"]
    if marks:
        lines += regmark_layer(marks, page)
    if plan.print_layer:
        painter = Painter()
        # the print layer keeps the display list's own frame (y up, as the PDF's) under one flip
        lines.append(f'<g inkscape:groupmode="layer" inkscape:label="Print" id="print" '
                     f'transform="matrix(1 0 0 -1 0 {h})" stroke-miterlimit="{PDF_MITER_LIMIT}">')
        for item in page.items:
            painter.draw(item, lines)
        lines.append("</g>")
    shapes = cut_shapes(page, plan)
    lines.append(f'<g inkscape:groupmode="layer" inkscape:label="Cut" id="cut" fill="none" '
                 f'stroke="{CUT_COLOUR}" stroke-width="{num(HAIRLINE)}">')
    lines += [shape_element(shape, page.height) for shape in shapes]
    lines.append("</g>")
    if plan.score and shapes:  # the port lines of the pieces cut out of this sheet
        lines.append(f'<g inkscape:groupmode="layer" inkscape:label="Score" id="score" fill="none" '
                     f'stroke="{SCORE_COLOUR}" stroke-width="{num(HAIRLINE)}">')
        lines += [shape_element(shape, page.height) for shape in score_lines(page)]
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def regmark_layer(marks: list, page: Page) -> list[str]:
    """The registration marks in a layer of their own, as inkscape-silhouette's templates have them.

    Its `send to Silhouette` skips a layer named like "Regmarks" when cutting, and reads the
    marks' distances from the elements `regmark-tl`, `regmark-tr` and `regmark-bl`. The marks
    are also drawn in the Print layer's place in the PDF (they are printed). Each mark's two
    lines (from its corner) become one path from the end of one arm round the corner.
    """
    corners: dict[tuple[float, float], list[tuple[float, float]]] = {}
    for line in marks:
        corners.setdefault((line.x1, line.y1), []).append((line.x2, line.y2))
    out = [f'<g inkscape:groupmode="layer" inkscape:label="Regmarks" id="regmark" fill="none" stroke="#000000" '
           f'stroke-width="{num(marks[0].width)}" stroke-linecap="square" stroke-linejoin="miter">']
    for (x, y), ends in corners.items():
        name = ("t" if y > page.height / 2 else "b") + ("l" if x < page.width / 2 else "r")
        (ax, ay), (bx, by) = sorted(ends, key=lambda e: e[1] != y)  # the arm along the edge first
        out.append(f'<path id="regmark-{name}" d="M {num(ax)},{num(page.height - ay)} H {num(x)} '
                   f'V {num(page.height - by)}"/>')
    out.append("</g>")
    return out


def shape_element(shape: CutShape, height: float) -> str:
    """A cut as an SVG element in the page's own frame (y down from the top): no transform for a cutter to misread."""
    if shape.circle is not None:
        cx, cy, r = shape.circle
        return f'<circle cx="{num(cx)}" cy="{num(height - cy)}" r="{num(r)}"/>'
    if shape.curve is not None:
        (x0, y0), *rest = shape.curve
        controls = " ".join(f"{num(x)} {num(height - y)}" for x, y in rest)
        return f'<path d="M{num(x0)} {num(height - y0)}C{controls}"/>'
    points = " ".join(f"{num(x)},{num(height - y)}" for x, y in shape.points)
    return f'<{"polygon" if shape.closed else "polyline"} points="{points}"/>'


# --- the print layer --------------------------------------------------------------------------

CAPS = ("butt", "round", "square")
JOINS = {"miter": "miter", "round": "round"}


class Painter:
    """Draws primitives as SVG elements, carrying the line cap and join from item to item as a PDF does."""

    def __init__(self) -> None:
        self.cap = "butt"
        self.join = "miter"

    def draw(self, item, out: list[str]) -> None:
        drawer: Callable[[Any, list[str]], None] = getattr(self, f"draw_{type(item).__name__.lower()}")
        drawer(item, out)

    def paint(self, stroke: float | None, fill: float | None, width: float, dash: tuple[float, ...] = (),
              phase: float = 0.0) -> str:
        attrs = [f'fill="{grey(fill)}"' if fill is not None else 'fill="none"']
        if stroke is not None:
            attrs.append(f'stroke="{grey(stroke)}" stroke-width="{num(width)}"')
            if self.cap != "butt":
                attrs.append(f'stroke-linecap="{self.cap}"')
            if self.join != "miter":
                attrs.append(f'stroke-linejoin="{self.join}"')
            if dash:
                attrs.append(f'stroke-dasharray="{" ".join(num(d) for d in dash)}"')
                if phase:
                    attrs.append(f'stroke-dashoffset="{num(phase)}"')
        return " ".join(attrs)

    def draw_line(self, item: Line, out: list[str]) -> None:
        self.cap = item.cap
        if item.cut == "register":  # drawn in the Regmarks layer
            return
        out.append(f'<line x1="{num(item.x1)}" y1="{num(item.y1)}" x2="{num(item.x2)}" y2="{num(item.y2)}" '
                   f'{self.paint(item.stroke, None, item.width, item.dash)}/>')

    def draw_rect(self, item: Rect, out: list[str]) -> None:
        self.join = "miter"
        if item.stroke is None and item.fill is None:
            return
        out.append(f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.w)}" height="{num(item.h)}" '
                   f'{self.paint(item.stroke, item.fill, item.width, item.dash)}/>')

    def draw_circle(self, item: Circle, out: list[str]) -> None:
        if item.stroke is None and item.fill is None:
            return
        out.append(f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}" '
                   f'{self.paint(item.stroke, item.fill, item.width)}/>')

    def draw_arc(self, item: Arc, out: list[str]) -> None:
        self.cap = item.cap
        out.append(f'<path d="{arc_path(item.cx, item.cy, item.r, item.start, item.extent)}" '
                   f'{self.paint(item.stroke, None, item.width)}/>')

    def draw_curve(self, item: Curve, out: list[str]) -> None:
        self.cap = item.cap
        d = (f"M{num(item.x0)} {num(item.y0)}C{num(item.x1)} {num(item.y1)} {num(item.x2)} {num(item.y2)} "
             f"{num(item.x3)} {num(item.y3)}") + "".join(f" {num(v)}" for v in item.more)
        out.append(f'<path d="{d}" {self.paint(item.stroke, None, item.width, item.dash, item.dash_phase)}/>')

    def draw_polygon(self, item: Polygon, out: list[str]) -> None:
        self.join = JOINS[item.join]
        if item.stroke is None and item.fill is None:
            return
        tag = "polygon" if item.closed else "polyline"
        points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
        out.append(f'<{tag} points="{points}" {self.paint(item.stroke, item.fill, item.width, item.dash)}/>')

    def draw_text(self, item: Text, out: list[str]) -> None:
        if not item.text.strip():
            return
        font, printed = setting(item.text, item.bold, item.face)
        d, width = glyph_run(printed, font, item.tracking * 1000, item.word_gap * 1000)
        scale = item.size / 1000.0  # the run is in thousandths of an em, as reportlab's widths
        shift = {"middle": width / 2, "end": width}.get(item.anchor, 0.0)
        t = math.radians(item.angle)
        cos, sin = math.cos(t) * scale, math.sin(t) * scale
        # x along the baseline from (x, y), turned `angle` counter-clockwise; the run starts `shift` back
        ex = item.x - shift * cos
        ey = item.y - shift * sin
        # the scale to 10 significant digits: 4 decimals of 0.0049392 would shrink a line of text by 0.8 %
        matrix = " ".join(f"{v:.10g}" if abs(v) > 1e-12 else "0" for v in (cos, sin, -sin, cos)) + f" {num(ex)} {num(ey)}"
        out.append(f'<path aria-label={quoteattr(item.text)} transform="matrix({matrix})" '
                   f'fill="{TEXT_COLOURS.get(item.colour) or grey(item.fill)}" d="{d}"/>')

    def draw_group(self, item: Group, out: list[str]) -> None:
        parts = [f"translate({num(item.x)} {num(item.y)})"]
        if item.rotate:
            parts.append(f"rotate({num(-item.rotate)})")
        if item.scale != 1.0:
            parts.append(f"scale({num(item.scale)})")
        out.append(f'<g transform="{" ".join(parts)}">')
        saved = self.cap, self.join  # the PDF saves and restores its graphics state round a group
        for child in item.items:
            self.draw(child, out)
        self.cap, self.join = saved
        out.append("</g>")

    def draw_barchart(self, item: BarChart, out: list[str]) -> None:
        raise ValueError("a page with a bar chart (a simulation report) is made as a PDF only")


def arc_path(cx: float, cy: float, r: float, start: float, extent: float) -> str:
    """An arc as path data, angles counter-clockwise from east in the page's y-up frame (split when it is a full turn)."""
    steps = 1 if abs(extent) < 359.999 else 2
    a0 = math.radians(start)
    d = f"M{num(cx + r * math.cos(a0))} {num(cy + r * math.sin(a0))}"
    for k in range(1, steps + 1):
        a = math.radians(start + extent * k / steps)
        large = 1 if abs(extent / steps) > 180 else 0
        sweep = 1 if extent > 0 else 0  # towards +y: counter-clockwise in a y-up frame
        d += f"A{num(r)} {num(r)} 0 {large} {sweep} {num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}"
    return d


# --- glyph outlines -----------------------------------------------------------------------------


@lru_cache(maxsize=None)
def font(name: str):
    """The TrueType font (fontTools) of the file the PDF embeds under `name`."""
    import io

    from fontTools.ttLib import TTFont  # only an SVG needs glyph outlines

    data = resources.files("papergame.render").joinpath("fonts").joinpath(font_file(name)).read_bytes()
    return TTFont(io.BytesIO(data), lazy=True)


@lru_cache(maxsize=4096)
def glyph_run(text: str, name: str, tracking: float = 0.0, word_gap: float = 0.0) -> tuple[str, float]:
    """A line of text as one path (thousandths of an em) and its advance width, placed as the PDF places it.

    `tracking` is added after every letter and `word_gap` at every space (thousandths of an em),
    as `render/pdf.py` sets a profile's text; the width leaves out the last letter's tracking.
    """
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    from papergame.render.fonts import char_width

    tt = font(name)
    glyphs = tt.getGlyphSet()
    cmap = tt.getBestCmap()
    per_em = 1000.0 / tt["head"].unitsPerEm
    pen = SVGPathPen(glyphs, ntos=lambda v: num(round(v, 2)))
    x = 0.0
    for char in text:
        glyph = cmap.get(ord(char))
        if glyph is not None and char != " ":
            glyphs[glyph].draw(TransformPen(pen, (per_em, 0, 0, per_em, x, 0)))
        x += char_width(char, name) + tracking + (word_gap if char == " " else 0.0)
    return pen.getCommands(), x - (tracking if text else 0.0)
