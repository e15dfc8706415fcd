"""A bar chart as a display-list item: the numbers and where they go, in mm; no drawing here.

The renderer draws it with reportlab's own chart library (papergame/render/charts.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from papergame.layout.textflow import Metrics
from papergame.records import NamedTuple

AXIS_PT = 7.5  # points: the axes' words, where no type profile asks for more
PLOT_LEFT, PLOT_RIGHT = 14.0, 2.0  # mm of a chart's width beside its bars: the value axis and its numbers; a margin
LABEL_GAP = 1.0  # mm at least between two category labels
MM_PER_PT = 25.4 / 72


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


def axis_size(least: float) -> float:
    """The size (mm) the renderer sets a chart's axis words in, given a type profile's least size (mm)."""
    return max(AXIS_PT * MM_PER_PT, least)


def category_labels(labels: Sequence[str], short: Sequence[str], width: float, least: float, metrics: Metrics,
                    every: int = 1) -> tuple[tuple[str, ...], int]:
    """The labels under a chart `width` mm wide, and how often one is printed, so that no two overprint:
    `labels` if each fits under its bar, else `short` (the same categories in fewer letters, such as the
    numbers alone), else every n-th of `short`; never more often than every `every`-th."""
    size = axis_size(least)
    slot = (width - PLOT_LEFT - PLOT_RIGHT) / max(len(labels), 1)  # reportlab centres each label under its bar
    for words in (labels, short):
        widest = max((metrics.width(w, size) for w in words), default=0.0) + LABEL_GAP
        if widest <= slot * every:
            return tuple(words), every
    return tuple(short), max(every, math.ceil(widest / slot))
