"""The teacher's guide: what the host is, printing, a class set, cutting and storing, reused paper, a lesson.

It travels with the host key (the last pages of the kit, or the separate host-key file),
and its worked example is the rules engine's, drawn by the rules page's own code.
"""

from __future__ import annotations

from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.pages.blocks import Block, ColumnPages, heading, paragraph, step
from papergame.layout.pages.rules_sheet import example_figure, example_sentence
from papergame.layout.paper import Sheet
from papergame.layout.textflow import Metrics
from papergame.text import Texts

SECTIONS = (
    ("host_heading", ("host",)),
    ("print_heading", ("print_paper", "print_check", "print_keep")),
    ("class_heading", ("class_text", "class_reprint")),
    ("cut_heading", ("cut", "store")),
    ("reused_heading", ("reused",)),
    ("lesson_heading", ("lesson_goal", "lesson_demo", "lesson_play", "lesson_sheet", "lesson_close")),
)


def guide_pages(definition: GameDefinition, texts: Texts, paper: str, metrics: Metrics, options=None) -> list[Sheet]:
    pages = ColumnPages("guide", paper, metrics, texts.get("guide.title"), texts.get("guide.continued"))
    w = pages.column_width
    blocks: list[Block] = []
    for head, keys in SECTIONS:
        blocks.append(heading(texts.get(f"guide.{head}"), w, metrics, f"guide.{head}"))
        for key in keys:
            blocks.append(paragraph(texts.get(f"guide.{key}"), w, metrics, f"guide.{key}",
                                    bullet="•" if len(keys) > 1 else ""))
    example = worked_example(definition)
    moves = [m for m in (example.stop, example.out) if m is not None] if definition.rules.path == "own" else []
    if moves:
        blocks.append(heading(texts.get("guide.example_heading"), w, metrics, "guide.example_heading"))
        for move in moves:
            blocks.append(step(example_figure(definition, move), example_sentence(definition, texts, move), w,
                               metrics, "rules.example"))
    pages.add(blocks)
    return pages.sheets
