"""What both teacher's guides (the own-tokens game's and the shared-path game's) say alike: the commands they
print, naming the game when it is not the default one, and which print suits whom in a large-print or
clear-print kit."""

from __future__ import annotations

from pathlib import PurePath
from typing import Callable

from papergame.data.templates import builtin_games
from papergame.layout.context import PageContext
from papergame.layout.pages.blocks import Block, heading, paragraph
from papergame.layout.paper import STANDARD
from papergame.model.definition import DEFAULT_GAME, GameDefinition
from papergame.shellwords import quote
from papergame.text import Texts


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
