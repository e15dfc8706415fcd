"""The one-page report of `papergame simulate`: what happened in N games, with three bar charts."""

from __future__ import annotations

import math

from papergame.layout.charts import BarChart
from papergame.layout.paper import BODY_SIZE, Sheet
from papergame.layout.primitives import Page, Text
from papergame.layout.textflow import Metrics
from papergame.model.simulate import SimulationReport

CHART_H = 52.0
LEGEND = 2.8  # mm, the size of axis words


def percent(n: int, games: int) -> str:
    return f"{100 * n / games:.1f}%"


def summary_lines(report: SimulationReport) -> list[str]:
    """The figures in words; the same sentences `simulate` prints."""
    g = report.games
    d = report.definition
    rules = "shared path" if d.rules.path == "shared" else "a token each"
    lines = [
        f"{g:,} games of {d.source} ({rules}), policy {report.policy}, seed {report.seed}.",
    ]
    for name in report.players:
        n = report.wins[name]
        lines.append(f"{name} won {n:,} ({percent(n, g)}, standard error {standard_error(n, g):.1f} points).")
    lines.append(f"Draws: {report.draws:,} ({percent(report.draws, g)}).")
    shortest, longest = min(report.lengths), max(report.lengths)
    lines.append(f"Game length: mean {report.mean_length:.2f} tiles laid, shortest {shortest}, longest {longest}.")
    laid = sum(report.tiles.values())
    lines.append("Tiles laid: " + ", ".join(f"type {t} {percent(n, laid)}" for t, n in sorted(report.tiles.items()))
                 + ".")
    return lines


def standard_error(n: int, games: int) -> float:
    """The standard error of a share n/games, in percentage points."""
    p = n / games
    return 100 * math.sqrt(p * (1 - p) / games)


def report_page(report: SimulationReport, paper: str, metrics: Metrics) -> Page:
    sheet = Sheet("simulation", paper, metrics)
    sheet.title("Simulated games")
    for line in summary_lines(report):
        sheet.paragraph(line, size=BODY_SIZE, what="the summary")
    g = report.games

    def chart(title: str, labels: list[str], values: list[float], value_label: str, every: int = 1) -> None:
        sheet.heading(title)
        bottom = sheet.take(CHART_H, title)
        sheet.add(BarChart(sheet.x, bottom, sheet.width, CHART_H - 2, tuple(labels), tuple(values), value_label,
                           every))

    outcomes = [*report.players, "draw"]
    counts = [report.wins[p] for p in report.players] + [report.draws]
    chart("Who won", outcomes, [100 * c / g for c in counts], "% of games")
    shortest, longest = min(report.lengths), max(report.lengths)
    span = list(range(shortest, longest + 1))
    chart("How long games last (tiles laid)", [str(k) for k in span],
          [100 * report.lengths.get(k, 0) / g for k in span], "% of games", max(1, math.ceil(len(span) / 30)))
    laid = sum(report.tiles.values())
    types = sorted(report.tiles)
    chart("Which tiles were laid", [f"type {t}" for t in types], [100 * report.tiles[t] / laid for t in types],
          "% of tiles laid")
    sheet.add(Text(sheet.x, sheet.floor, "Made by papergame simulate: the same options give the same figures.",
                   LEGEND))
    return sheet.page
