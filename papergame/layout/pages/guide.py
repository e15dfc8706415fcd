"""The teacher's guide: what the host is, printing, a class set, cutting and storing, reused paper, a lesson.

It travels with the host key (the last pages of the kit, or the separate host-key file),
and its worked example is the rules engine's, drawn by the rules page's own code.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.guide_words import command_paragraph, reading_blocks, values
from papergame.model.answers import worked_example
from papergame.model.definition import GameDefinition
from papergame.layout.blocks import (
    host_steps, NORMAL, Block, ColumnPages, Fit, fitted, heading, step,
)
from papergame.layout.rule_figures import example_figure
from papergame.layout.rule_words import example_sentence
from papergame.layout.paper import Sheet
from papergame.layout.pick_list import pick_list_block

SECTIONS = (
    ("host_heading", ("host",)),
    ("print_heading", ("print_paper", "print_check", "print_keep")),
    ("class_heading", ("class_text", "class_reprint")),
    ("cut_heading", ("cut", "store")),
    ("reused_heading", ("reused",)),
    ("lesson_heading", ("lesson_goal", "lesson_demo", "lesson_play", "lesson_sheet", "lesson_close")),
)


def section_keys(definition: GameDefinition, keys: tuple[str, ...], pupil_pages: int | None,
                 picked: bool = False, class_set: bool = False) -> list[str]:
    """A section's texts for this game: the cutting text for its shape, the printing text for its files (none,
    nor the storing text, when the pick-list at the top says which file is whose and what each envelope holds:
    `picked`)."""
    out = []
    for key in keys:
        if key in ("print_keep", "store") and picked:
            continue  # the pick-list says which file is whose, and what goes into each envelope
        if key == "class_text" and class_set:
            continue  # how to make a class set, in the guide of one: its pick-list says what it holds
        if key == "cut":
            key += definition.shape.form.text_suffix
        if key == "print_keep" and pupil_pages is not None:
            key = "print_pupils" if pupil_pages > 0 else "print_pupils_separate"
        out.append(key)
    return out


def guide_pages(ctx: PageContext) -> list[Sheet]:
    """The guide; `ctx.pupil_pages` is how many pages of the kit file are the players' (0: all of them, the host
    key being a file of its own; None: not known, as when the guide is printed alone).

    It opens with the pick-list (`ctx.printing`), and ends with the worked example drawn, unless the drawing
    alone would start another sheet: then the lesson shows the one on the rules page instead. Set a step tighter
    (`host_steps`) where that saves a sheet, as a translation's longer words may need (issue 19)."""
    return fitted(lambda fit: set_guide(ctx, fit), host_steps(ctx.metrics))


def set_guide(ctx: PageContext, fit: Fit = NORMAL) -> list[Sheet]:
    """The guide at `fit`, with its worked example drawn unless leaving it out saves a sheet."""
    with_example = laid_out_guide(ctx, example=True, fit=fit)
    if len(with_example) == 1 or ctx.printing is None:
        return with_example
    without = laid_out_guide(ctx, example=False, fit=fit)
    return without if len(without) < len(with_example) else with_example


def laid_out_guide(ctx: PageContext, example: bool, fit: Fit = NORMAL) -> list[Sheet]:
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    pupil_pages = ctx.pupil_pages
    pages = ColumnPages("guide", paper, metrics, texts.get("guide.title"), texts.get("guide.continued"))
    w = pages.column_width
    if ctx.printing is not None:  # the guide opens with what to print, for whom, and what goes in each envelope
        pages.full_width([pick_list_block(ctx.printing, texts, pages.sheet.width, metrics,
                                          texts.get("guide.pick_part_tokens"))])
    filled = values(definition, texts, pupil_pages)
    blocks: list[Block] = []
    for head, keys in SECTIONS:
        blocks.append(heading(texts.get(f"guide.{head}"), w, metrics, f"guide.{head}", fit=fit))
        for key in section_keys(definition, keys, pupil_pages, ctx.printing is not None,
                                bool(ctx.printing and ctx.printing.kits > 1)):
            key = key if example or key != "lesson_demo" else "lesson_demo_rules"
            blocks.extend(command_paragraph(texts.get(f"guide.{key}", **filled), [filled["build"], filled["worksheet"]],
                                            w, metrics, f"guide.{key}", bullet="•" if len(keys) > 1 else "",
                                            fit=fit))
    blocks += reading_blocks(ctx, w, filled["build"], fit)
    worked = worked_example(definition)
    moves = [m for m in (worked.stop, worked.out) if m is not None] if example else []
    if moves:
        blocks.append(heading(texts.get("guide.example_heading"), w, metrics, "guide.example_heading", fit=fit))
        for move in moves:
            blocks.append(step(example_figure(definition, move, least=ctx.type.least),
                               example_sentence(definition, texts, move), w, metrics, "rules.example", fit=fit))
    pages.add(blocks)
    return pages.sheets
