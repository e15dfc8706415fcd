"""A bar chart as a display-list item: the numbers and where they go, in mm; no drawing here.

The renderer draws it with reportlab's own chart library (papergame/render/charts.py).
"""

from __future__ import annotations
from papergame.records import NamedTuple



class BarChart(NamedTuple):
    """Bars for `values`, one per label, in the box (x, y, w, h) mm, axes and labels inside it."""

    x: float
    y: float
    w: float
    h: float
    labels: tuple[str, ...]
    values: tuple[float, ...]
    value_label: str = ""  # what the bars count, printed beside the value axis
    label_every: int = 1  # print every n-th category label (long histograms)
    label_size: float = 0.0  # mm: the axes' words at least this big (a type profile's least; 0: the renderer's own)
