"""The teacher's guide: what the host is, printing, a class set, cutting and storing, reused paper, a lesson.

It travels with the host key (the last pages of the kit, or the separate host-key file),
and its worked example is the rules engine's, drawn by the rules page's own code.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Callable

from papergame.layout.context import PageContext
from papergame.shellwords import quote
from papergame.model.answers import worked_example
from papergame.data.templates import builtin_games
from papergame.model.definition import DEFAULT_GAME, GameDefinition
from papergame.layout.pages.blocks import (
    BULLET_INSET, NORMAL, Block, ColumnPages, body_of, heading, paragraph, profile_of, step,
)
from papergame.layout.rule_figures import example_figure
from papergame.layout.rule_words import example_sentence
from papergame.layout.paper import STANDARD, Sheet
from papergame.layout.pick_list import pick_list_block
from papergame.text import Texts

SECTIONS = (
    ("host_heading", ("host",)),
    ("print_heading", ("print_paper", "print_check", "print_keep")),
    ("class_heading", ("class_text", "class_reprint")),
    ("cut_heading", ("cut", "store")),
    ("reused_heading", ("reused",)),
    ("lesson_heading", ("lesson_goal", "lesson_demo", "lesson_play", "lesson_sheet", "lesson_close")),
)


LONGEST_NAME = 32  # characters of a game file's name the guide prints in a command


def game_name(definition: GameDefinition) -> str:
    """How a command names the game: a built-in game's name (nothing for the default game), else its file.

    >>> from papergame.data.games import load_definition
    >>> game_name(load_definition()), game_name(load_definition("hexagon-path-tiles"))
    ('', 'hexagon-path-tiles')
    """
    source = PurePath(definition.source)
    if source.name == "game.toml" and len(source.parts) == 2 and source.parent.name in builtin_games():
        return "" if source.parent.name == DEFAULT_GAME else source.parent.name
    if not definition.source:
        return ""
    name = source.name if source.name != "game.toml" or not source.parent.name else f"{source.parent.name}/game.toml"
    return name if len(name) <= LONGEST_NAME else source.name[:LONGEST_NAME]


def tiles_example(definition: GameDefinition) -> str:
    """A tile selection the set can give (`3x2`): two of the type with the most copies, or one if it has one."""
    tile = max(definition.tiles, key=lambda t: t.copies)
    return f"{tile.id}x{min(2, tile.copies)}"


def values(definition: GameDefinition, texts: Texts, pupil_pages: int | None,
           fits: Callable[[str], bool] = lambda word: True) -> dict[str, str]:
    """The commands the guide shows, naming the game when it is not the default one; a name that would be a
    word wider than its column (`fits` says, as large print sets it) is cut short as a long name is.

    >>> from papergame.data.games import load_definition
    >>> from papergame.data.words import load_texts
    >>> game = load_definition("hexagon-path-tiles")
    >>> [values(game, load_texts(), None, fits)["build"].split()[-1] for fits in (lambda w: True, lambda w: len(w) < 10)]
    ['hexagon-path-tiles', 'hexagon-p']
    """
    name = game_name(definition)
    while len(name) > 1 and not fits(quote(name, windows=False)):
        name = name[:-1]
    option = " " + texts.get("guide.game_option", name=quote(name, windows=False)) if name else ""  # pasted as printed
    return {"build": texts.get("guide.command_build") + option,
            "worksheet": texts.get("guide.command_worksheet") + option,
            "tiles": tiles_example(definition), "last": str(pupil_pages or 0)}


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


READING = ("access_large", "access_clear", "access_both", "access_paper")


def reading_blocks(ctx: PageContext, width: float, build: str) -> list[Block]:
    """Which print suits whom, and the paper: in the guide of a large-print or clear-print kit (the standard
    kit's guide is as it was)."""
    if ctx.type is STANDARD:
        return []
    texts, metrics = ctx.texts, ctx.metrics
    blocks = [heading(texts.get("guide.access_heading"), width, metrics, "guide.access_heading")]
    return blocks + [paragraph(texts.get(f"guide.{key}", build=build), width, metrics, f"guide.{key}", bullet="•")
                     for key in READING]


def guide_pages(ctx: PageContext) -> list[Sheet]:
    """The guide; `ctx.pupil_pages` is how many pages of the kit file are the players' (0: all of them, the host
    key being a file of its own; None: not known, as when the guide is printed alone).

    It opens with the pick-list (`ctx.printing`), and ends with the worked example drawn, unless the drawing
    alone would start another sheet: then the lesson shows the one on the rules page instead."""
    with_example = laid_out_guide(ctx, example=True)
    if len(with_example) == 1 or ctx.printing is None:
        return with_example
    without = laid_out_guide(ctx, example=False)
    return without if len(without) < len(with_example) else with_example


def laid_out_guide(ctx: PageContext, example: bool) -> list[Sheet]:
    definition, texts, paper, metrics = ctx.game, ctx.texts, ctx.paper, ctx.metrics
    pupil_pages = ctx.pupil_pages
    pages = ColumnPages("guide", paper, metrics, texts.get("guide.title"), texts.get("guide.continued"))
    w = pages.column_width
    if ctx.printing is not None:  # the guide opens with what to print, for whom, and what goes in each envelope
        pages.full_width([pick_list_block(ctx.printing, texts, pages.sheet.width, metrics,
                                          texts.get("guide.pick_part_tokens"))])
    size = body_of(profile_of(metrics), NORMAL)
    filled = values(definition, texts, pupil_pages,
                    lambda word: metrics.width(word, size) <= w - size * BULLET_INSET)  # as `paragraph` sets it
    blocks: list[Block] = []
    for head, keys in SECTIONS:
        blocks.append(heading(texts.get(f"guide.{head}"), w, metrics, f"guide.{head}"))
        for key in section_keys(definition, keys, pupil_pages, ctx.printing is not None,
                                bool(ctx.printing and ctx.printing.kits > 1)):
            key = key if example or key != "lesson_demo" else "lesson_demo_rules"
            blocks.append(paragraph(texts.get(f"guide.{key}", **filled), w, metrics, f"guide.{key}",
                                    bullet="•" if len(keys) > 1 else ""))
    blocks += reading_blocks(ctx, w, filled["build"])
    worked = worked_example(definition)
    moves = [m for m in (worked.stop, worked.out) if m is not None] if example else []
    if moves:
        blocks.append(heading(texts.get("guide.example_heading"), w, metrics, "guide.example_heading"))
        for move in moves:
            blocks.append(step(example_figure(definition, move, least=ctx.type.least), example_sentence(definition, texts, move), w,
                               metrics, "rules.example"))
    pages.add(blocks)
    return pages.sheets
