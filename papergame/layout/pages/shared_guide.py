"""The teacher's guide of a shared-path game: printing, a class set, cutting, reused paper, a lesson.

Laid out like the two-token game's guide (`guide.py`), with words of its own wherever that
game's do not fit: every command names the game, the players share one marker, and the
tiles lie face up, so reused paper gives nothing away. The lesson
points to the two first moves on the rules page instead of printing its own example.
"""

from __future__ import annotations

from papergame.layout.context import PageContext
from papergame.layout.blocks import host_steps, NORMAL, Block, ColumnPages, Fit, fitted, heading
from papergame.layout.guide_words import command_paragraph, reading_blocks, values as command_values
from papergame.layout.paper import Sheet
from papergame.layout.pick_list import pick_list_block

# (heading, paragraphs): every key in full, the generic ones shared with the two-token guide
SECTIONS = (
    ("guide.host_heading", ("guide.host",)),
    ("guide.print_heading", ("guide.print_paper", "path_guide.print_check", "guide.print_keep")),
    ("guide.class_heading", ("path_guide.class_text", "path_guide.class_reprint")),
    ("guide.cut_heading", ("path_guide.cut", "path_guide.store")),
    ("guide.reused_heading", ("path_guide.reused",)),
    ("guide.lesson_heading", ("path_guide.lesson_goal", "path_guide.lesson_demo", "path_guide.lesson_play",
                              "path_guide.lesson_think", "path_guide.lesson_close")),
)


def shared_guide_pages(ctx: PageContext) -> list[Sheet]:
    """The guide, a step tighter (`host_steps`) where that saves a sheet (issue 19)."""
    return fitted(lambda fit: set_shared_guide(ctx, fit), host_steps(ctx.metrics))


def set_shared_guide(ctx: PageContext, fit: Fit = NORMAL) -> list[Sheet]:
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    pages = ColumnPages("guide", paper, metrics, texts.get("guide.title"), texts.get("guide.continued"))
    w = pages.column_width
    if ctx.printing is not None:  # what to print, for whom, and what goes in each envelope (one marker a kit)
        pages.full_width([pick_list_block(ctx.printing, texts, pages.sheet.width, metrics,
                                          texts.get("path_guide.pick_part_marker"))])
    commands = {"build": command_values(definition, texts, None)["build"]}  # the game named as it was given
    blocks: list[Block] = []
    for head, keys in SECTIONS:
        blocks.append(heading(texts.get(head), w, metrics, head, fit=fit))
        for key in keys:
            if key in ("guide.print_keep", "path_guide.store") and ctx.printing is not None:
                continue  # the pick-list says which file is whose, and what goes into each envelope
            if key == "path_guide.class_text" and ctx.printing is not None and ctx.printing.kits > 1:
                continue  # how to make a class set, in the guide of one: its pick-list says what it holds
            blocks.extend(command_paragraph(texts.get(key, **commands), [commands["build"]], w, metrics, key,
                                            bullet="•" if len(keys) > 1 else "", fit=fit))
    blocks += reading_blocks(ctx, w, commands["build"], fit)
    pages.add(blocks)
    return pages.sheets
