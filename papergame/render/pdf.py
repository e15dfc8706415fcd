"""Pages of primitives to a PDF: one small function per primitive."""

from __future__ import annotations

import os
from operator import attrgetter
from typing import Any, BinaryIO, Callable

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from papergame.layout.charts import BarChart
from papergame.layout.primitives import Arc, Circle, Curve, Group, Line, Page, Polygon, Rect, Text
from papergame.progress import PAGES, step
from papergame.render.fonts import REGULAR, font_name, register, setting

CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1}


def render_pdf(pages: list[Page], out: BinaryIO, title: str, subject: str = "", keywords: str = "",
               print_shop: bool = False) -> None:
    """Write `pages` as one PDF to the binary stream `out`; same pages, same bytes.

    `print_shop`: every page says its TrimBox and BleedBox (the sheet: nothing is printed within
    8 mm of its edge, so nothing bleeds off it), the file carries a grey output intent (papergame's
    own ICC profile, `icc.py`) and says PDF 1.4, the version output intents came in.
    """
    register()
    rl_config.useA85 = 0  # binary compressed streams: smaller files, and faster to write
    first = pages[0]
    # The initial font is the embedded one: reportlab's default (Helvetica) would otherwise be
    # named on every page without being embedded, which print-shop preflight checks flag.
    # reportlab dates the file from SOURCE_DATE_EPOCH when it is set, even in invariant mode:
    # the same pages must make the same bytes whatever the environment says
    epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        c = Canvas(out, pagesize=(first.width * mm, first.height * mm), invariant=1, pageCompression=1,
                   initialFontName=REGULAR, initialFontSize=10, pdfVersion=(1, 4) if print_shop else None)
    finally:
        if epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = epoch
    c.setTitle(title)
    c.setSubject(subject)
    c.setKeywords(keywords)
    c.setCreator("papergame")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "Simplex")
    drawn: dict[int, tuple[list[str], tuple]] = {}  # id(item) -> its operators and the canvas state after them
    c._papergame_drawn = drawn  # (a group's items are looked up there too)
    c._papergame_texts = {}  # (font, size, leading, text) -> its width and its text operators (`draw_string`)
    for number, page in enumerate(pages, start=1):
        c.setPageSize((page.width * mm, page.height * mm))
        if print_shop:
            c.setTrimBox((0, 0, page.width * mm, page.height * mm))
            c.setBleedBox((0, 0, page.width * mm, page.height * mm))
        draw_items(c, page.items, drawn)
        c.showPage()
        step(PAGES, number, len(pages))  # a long build says how far it is (and may be stopped here)
    if print_shop:
        grey_output_intent(c)
    c.save()


STATE = tuple(name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate")
"""The canvas's graphics state as reportlab saves it (`saveState`), but the alpha and overprint state, which
no drawer here sets (a new one each page)."""
state_of = attrgetter(*STATE)


def draw_items(c: Canvas, items, drawn: dict[int, tuple[list[str], tuple]]) -> None:
    """Draw a page's (or a group's) items, each item drawn before in this file (the same object: a class set's board, rules
    and record are the first kit's items again, under each kit's own stamp) by writing the operators it wrote then.

    That is the same bytes because every drawer sets the state it draws with (grey, width, cap, font: nothing it
    writes depends on the state before it), never starts with a transformation (reportlab would merge it into
    the operator before), and a text's characters keep the codes their font subset gave them the first time. An
    item that changed the operator before it (a merged transformation) or drew a chart is never kept."""
    d = c.__dict__
    after = None  # the state the copied items left, set on the canvas before anything is drawn anew
    for item in items:
        known = drawn.get(id(item))
        code = c._code
        if known is not None:
            code.extend(known[0])
            after = known[1]
            continue
        if after is not None:
            d.update(zip(STATE, after))
            after = None
        start, charts = len(code), CHARTS[0]
        before = code[-1] if code else None
        draw(c, item)
        if (code[start - 1] if start else None) is before and CHARTS[0] == charts:
            drawn[id(item)] = (code[start:], state_of(c))
    if after is not None:
        d.update(zip(STATE, after))


def grey_output_intent(c: Canvas) -> None:
    """The catalog's OutputIntents: one grey intent whose profile is papergame's own (no PDF/X is claimed)."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

    from papergame.render.icc import DESCRIPTION, grey_profile

    profile = PDFStream(PDFDictionary({"N": 1}), grey_profile())
    intent = PDFDictionary({"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                            "OutputConditionIdentifier": PDFString("Custom"), "OutputCondition": PDFString(DESCRIPTION),
                            "Info": PDFString(DESCRIPTION), "DestOutputProfile": c._doc.Reference(profile)})
    catalog = c._doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]  # reportlab writes only the keys it lists
    catalog.OutputIntents = PDFArray([intent])


def stroke_fill(c: Canvas, stroke, fill, width: float) -> tuple[int, int]:
    if stroke is not None:
        c.setStrokeGray(stroke)
        c.setLineWidth(width * mm)
    if fill is not None:
        c.setFillGray(fill)
    return int(stroke is not None), int(fill is not None)


def draw(c: Canvas, item) -> None:
    drawer: Callable[[Canvas, Any], None] = DRAWERS[type(item)]  # type: ignore[assignment]
    drawer(c, item)


def draw_line(c: Canvas, item: Line) -> None:
    stroke_fill(c, item.stroke, None, item.width)
    c.setLineCap(CAPS[item.cap])
    if item.dash:
        c.setDash([d * mm for d in item.dash])
    c.line(item.x1 * mm, item.y1 * mm, item.x2 * mm, item.y2 * mm)
    if item.dash:
        c.setDash([])


def draw_rect(c: Canvas, item: Rect) -> None:
    stroke, fill = stroke_fill(c, item.stroke, item.fill, item.width)
    if item.dash:
        c.setDash([d * mm for d in item.dash])
    c.setLineJoin(0)
    c.rect(item.x * mm, item.y * mm, item.w * mm, item.h * mm, stroke=stroke, fill=fill)
    if item.dash:
        c.setDash([])


def draw_circle(c: Canvas, item: Circle) -> None:
    stroke, fill = stroke_fill(c, item.stroke, item.fill, item.width)
    c.circle(item.cx * mm, item.cy * mm, item.r * mm, stroke=stroke, fill=fill)


def draw_arc(c: Canvas, item: Arc) -> None:
    stroke_fill(c, item.stroke, None, item.width)
    c.setLineCap(CAPS[item.cap])
    r = item.r * mm
    x, y = item.cx * mm, item.cy * mm
    path = c.beginPath()
    path.arc(x - r, y - r, x + r, y + r, startAng=item.start, extent=item.extent)
    c.drawPath(path, stroke=1, fill=0)


def draw_curve(c: Canvas, item: Curve) -> None:
    stroke_fill(c, item.stroke, None, item.width)
    c.setLineCap(CAPS[item.cap])
    if item.dash:
        c.setDash([d * mm for d in item.dash], item.dash_phase * mm)
    path = c.beginPath()
    path.moveTo(item.x0 * mm, item.y0 * mm)
    path.curveTo(item.x1 * mm, item.y1 * mm, item.x2 * mm, item.y2 * mm, item.x3 * mm, item.y3 * mm)
    for k in range(0, len(item.more), 6):
        x1, y1, x2, y2, x3, y3 = item.more[k:k + 6]
        path.curveTo(x1 * mm, y1 * mm, x2 * mm, y2 * mm, x3 * mm, y3 * mm)
    c.drawPath(path, stroke=1, fill=0)
    if item.dash:
        c.setDash([])


def draw_polygon(c: Canvas, item: Polygon) -> None:
    stroke, fill = stroke_fill(c, item.stroke, item.fill, item.width)
    c.setLineJoin(JOINS[item.join])
    if item.dash:
        c.setDash([d * mm for d in item.dash])
    path = c.beginPath()
    (x0, y0), *rest = item.points
    path.moveTo(x0 * mm, y0 * mm)
    for x, y in rest:
        path.lineTo(x * mm, y * mm)
    if item.closed:
        path.close()
    c.drawPath(path, stroke=stroke, fill=fill)
    if item.dash:
        c.setDash([])


COLOURS = {"red": (1.0, 0.0, 0.0)}  # a text's `colour`: the tactile kit's sighted labels


def fill_of(c: Canvas, item: Text) -> None:
    """A text's colour: its grey, or red (the tactile kit's sighted labels)."""
    if item.colour:
        c.setFillColorRGB(*COLOURS[item.colour])
    else:
        c.setFillGray(item.fill)


def draw_text(c: Canvas, item: Text) -> None:
    if item.face or item.tracking or item.word_gap:
        draw_set_text(c, item)
        return
    fill_of(c, item)
    c.setFont(font_name(item.bold), item.size * mm)
    x, y = item.x * mm, item.y * mm
    if item.angle:
        c.saveState()
        c.translate(x, y)
        c.rotate(item.angle)
        x = y = 0
    # drawString and friends print the text as given: no markup is interpreted
    draw_string(c, x, y, item.text, item.anchor)
    if item.angle:
        c.restoreState()


def draw_string(c: Canvas, x: float, y: float, text: str, anchor: str = "start") -> None:
    """`c.drawString(x, y, text)` (`drawCentredString` for the anchor "middle", `drawRightString` for "end"): the
    very operators reportlab writes, its text operators kept for each (font, size, leading, text) this file drew.

    reportlab's own way measures the text each time (to centre it, and for nothing on the left), makes a text
    object and sets the text in its font's subsets; what it writes is `BT 1 0 0 1 x y Tm` and that setting, which
    for a given text is the same every time once the text's characters have their codes in the subset (the first
    time, the text is set by reportlab's own text object, which gives them their codes). Another canvas (a
    `c.bottomup` of 0), or a canvas this renderer did not start, goes reportlab's way."""
    texts = getattr(c, "_papergame_texts", None)
    if texts is None or not c.bottomup:
        if anchor == "middle":
            c.drawCentredString(x, y, text)
        elif anchor == "end":
            c.drawRightString(x, y, text)
        else:
            c.drawString(x, y, text)
        return
    key = (c._fontname, c._fontsize, c._leading, text)
    known = texts.get(key)
    if known is None:
        width = pdfmetrics.stringWidth(text, c._fontname, c._fontsize)  # as drawCentredString measures it
        known = texts[key] = (width, c.beginText()._formatText(text))
    width, setting_ = known
    if anchor == "middle":
        x = x - 0.5 * width
    elif anchor == "end":
        x = x - width
    c._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {setting_} T* ET")


def draw_set_text(c: Canvas, item: Text) -> None:
    """A text in a profile's face and spacing: word by word, so the gap at each space is exactly what was measured.

    (A PDF's own word spacing applies only to the byte 32, which a subset font need not use for a space.)
    """
    font, text = setting(item.text, item.bold, item.face)
    size = item.size * mm
    fill_of(c, item)
    c.setFont(font, size)
    track, gap = item.tracking * size, item.word_gap * size
    space = pdfmetrics.stringWidth(" ", font, size) + track + gap
    words = text.split(" ")
    widths = [pdfmetrics.stringWidth(w, font, size) + track * len(w) for w in words]
    total = sum(widths) + space * (len(words) - 1) - (track if text else 0.0)
    x, y = item.x * mm, item.y * mm
    if item.angle:
        c.saveState()
        c.translate(x, y)
        c.rotate(item.angle)
        x = y = 0
    x -= total / 2 if item.anchor == "middle" else total if item.anchor == "end" else 0.0
    for word, width in zip(words, widths):
        if word:
            c.drawString(x, y, word, charSpace=track)
        x += width + space
    if item.angle:
        c.restoreState()


def draw_group(c: Canvas, item: Group) -> None:
    c.saveState()
    c.translate(item.x * mm, item.y * mm)
    if item.rotate:
        c.rotate(-item.rotate)
    if item.scale != 1.0:
        c.scale(item.scale, item.scale)
    drawn = getattr(c, "_papergame_drawn", None)
    if drawn is None:
        for child in item.items:
            draw(c, child)
    else:  # the same lines in every tile of a type: drawn once, copied after
        draw_items(c, item.items, drawn)
    c.restoreState()


CHARTS = [0]  # how many charts were drawn: an item with one is drawn again each time (reportlab's graphics draw it)


def draw_chart(c: Canvas, item: BarChart) -> None:
    CHARTS[0] += 1
    # reportlab's chart library is imported only for a page that has a chart (kits do not)
    from papergame.render.charts import draw_bar_chart

    draw_bar_chart(c, item)


DRAWERS = {
    BarChart: draw_chart,
    Line: draw_line,
    Rect: draw_rect,
    Circle: draw_circle,
    Arc: draw_arc,
    Curve: draw_curve,
    Polygon: draw_polygon,
    Text: draw_text,
    Group: draw_group,
}
