"""Bar charts drawn with reportlab's own chart library (reportlab.graphics.charts)."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from papergame.layout.charts import AXIS_PT, PLOT_LEFT, PLOT_RIGHT, BarChart
from papergame.render.fonts import REGULAR

LEFT, BOTTOM = PLOT_LEFT * mm, 6 * mm  # room for the value axis and the category labels


def draw_bar_chart(c: Canvas, item: BarChart) -> None:
    w, h = item.w * mm, item.h * mm
    axis_pt = max(AXIS_PT, item.label_size * mm)  # a type profile's least size, in points (charts.axis_size)
    drawing = Drawing(w, h)
    # the renderer's first font is Helvetica unless told otherwise: it would be named, not embedded
    drawing.initialFontName, drawing.initialFontSize = REGULAR, axis_pt
    chart = VerticalBarChart()
    chart.x, chart.y = LEFT, BOTTOM
    chart.width, chart.height = w - LEFT - PLOT_RIGHT * mm, h - BOTTOM - 6 * mm  # room above for the axis word
    chart.data = [list(item.values)]
    chart.bars[0].fillColor = colors.Color(0.45, 0.45, 0.45)
    chart.bars[0].strokeColor = None
    chart.barSpacing = 1
    chart.groupSpacing = 4 if len(item.values) > 12 else 10
    chart.categoryAxis.categoryNames = [
        label if i % item.label_every == 0 else "" for i, label in enumerate(item.labels)]
    chart.categoryAxis.labels.fontName = REGULAR
    chart.categoryAxis.labels.fontSize = axis_pt
    chart.categoryAxis.labels.dy = -2
    chart.valueAxis.labels.fontName = REGULAR
    chart.valueAxis.labels.fontSize = axis_pt
    chart.valueAxis.valueMin = 0
    top = max(item.values) if item.values else 1
    chart.valueAxis.valueMax = top * 1.1 if top > 0 else 1
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.Color(0.85, 0.85, 0.85)
    chart.valueAxis.labelTextFormat = "%g"
    drawing.add(chart)
    if item.value_label:
        drawing.add(String(2, h - axis_pt, item.value_label, fontName=REGULAR, fontSize=axis_pt))
    renderPDF.draw(drawing, c, item.x * mm, item.y * mm)
