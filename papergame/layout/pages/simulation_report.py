"""The one-page report of `papergame simulate`: what happened in N games, with three bar charts."""

from __future__ import annotations

import math

from papergame.layout.charts import BarChart, category_labels
from papergame.layout.context import PageContext
from papergame.layout.paper import Sheet
from papergame.layout.primitives import Text
from papergame.layout.textflow import wrap
from papergame.model.rulesets import rule_set
from papergame.model.simulate import SimulationReport, standard_error
from papergame.text import Texts

CHART_H = 52.0  # mm a chart takes with its axes, where the sheet has room for three
CHART_LEAST = 44.0  # ... and as low as a chart goes to keep the three on the summary's sheet
LEGEND = 2.8  # mm, the size of axis words


def report_lines(report: SimulationReport, texts: Texts) -> list[str]:
    """The figures in words, in the language of `texts` (the terminal keeps `summary_lines`)."""
    g, d = report.games, report.definition

    def share(n: int, total: int) -> str:
        return texts.get("simulate.percent", value=texts.number(100 * n / total, 1))

    rules = texts.get(f"simulate.rules_{rule_set(d).name}")
    lines = [texts.get("simulate.summary", games=texts.whole(g), game=d.source, rules=rules, policy=texts.get(f"simulate.policy_{report.policy}"),
                       seed=report.seed)]
    for name in report.players:
        n = report.wins[name]
        lines.append(texts.get("simulate.won", player=player_word(name, texts), count=texts.whole(n),
                               percent=share(n, g), error=texts.number(standard_error(n, g), 1)))
    lines.append(texts.get("simulate.draws", count=texts.whole(report.draws), percent=share(report.draws, g)))
    lines.append(texts.get("simulate.length", mean=texts.number(report.mean_length, 2),
                           shortest=min(report.lengths), longest=max(report.lengths)))
    laid = sum(report.tiles.values())
    shares = ", ".join(texts.get("simulate.tile_share", type=t, percent=share(n, laid))
                       for t, n in sorted(report.tiles.items()))
    lines.append(texts.get("simulate.tiles", shares=shares))
    return lines


def player_word(name: str, texts: Texts) -> str:
    """A player as the page names them: the token's word, or first / second on a shared path."""
    words = {**texts.sections["token"], "first": texts.get("simulate.first"), "second": texts.get("simulate.second")}
    return words.get(name, name)


def report_pages(ctx: PageContext) -> list[Sheet]:
    """The report's one sheet, over the one page context every page kind takes: its game is the report's, its
    document the report (`SimulationReport`); every size from the context's type profile."""
    report: SimulationReport = ctx.document
    texts, t = ctx.texts, ctx.type
    title = texts.get("simulate.title")
    sheet = Sheet("simulation", ctx.paper, ctx.metrics,  # one sheet, more in a profile's larger type
                  continued=lambda more: more.title(texts.get("kit.continued", title=title)))
    sheet.title(title)
    for line in report_lines(report, texts):
        sheet.paragraph(line, size=t.body, what="the summary")
    g = report.games
    heads = [texts.get(f"simulate.chart_{key}") for key in ("won", "length", "tiles")]
    heads_h = sum(t.heading * 0.5 + len(wrap(h, sheet.width, t.heading, ctx.metrics, True)) * t.heading * t.leading
                  for h in heads)  # as `Flow.heading` sets them
    footer_h = t.at_least(LEGEND) * 1.5  # the line under the charts, on the sheet's floor
    share = (sheet.room - heads_h - footer_h) / len(heads)  # a long summary (35 types' shares) leaves the charts less
    chart_h = min(CHART_H, share) if share >= CHART_LEAST else CHART_H  # else they go on on another sheet

    def chart(title: str, labels: list[str], values: list[float], value_label: str, every: int = 1,
              short: list[str] | None = None) -> None:
        """A chart whose labels never overprint: the short ones (or every n-th) where the long ones would."""
        sheet.heading(title)
        bottom = sheet.take(chart_h, title)
        words, every = category_labels(labels, labels if short is None else short, sheet.width, t.least, ctx.metrics,
                                       every)
        sheet.add(BarChart(sheet.x, bottom, sheet.width, chart_h - 2, words, tuple(values), value_label, every, t.least))

    outcomes = [player_word(p, texts) for p in report.players] + [texts.get("simulate.draw")]
    counts = [report.wins[p] for p in report.players] + [report.draws]
    of_games = texts.get("simulate.of_games")
    chart(heads[0], outcomes, [100 * c / g for c in counts], of_games)
    shortest, longest = min(report.lengths), max(report.lengths)
    span = list(range(shortest, longest + 1))
    chart(heads[1], [str(k) for k in span],
          [100 * report.lengths.get(k, 0) / g for k in span], of_games, max(1, math.ceil(len(span) / 30)))
    laid = sum(report.tiles.values())
    types = sorted(report.tiles)
    chart(heads[2], [texts.get("simulate.type", type=t) for t in types],
          [100 * report.tiles[t] / laid for t in types], texts.get("simulate.of_tiles"), short=[str(t) for t in types])
    sheet.add(Text(sheet.x, sheet.floor, texts.get("simulate.footer"), t.at_least(LEGEND)))
    return sheet.chain()
