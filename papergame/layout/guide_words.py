"""What both teacher's guides (the own-tokens game's and the shared-path game's) say alike: the commands they
print, naming the game when it is not the default one, and which print suits whom in a large-print or
clear-print kit."""

from __future__ import annotations

import re

from pathlib import PurePath
from typing import cast

from papergame.data.templates import builtin_games
from papergame.layout.context import PageContext
from papergame.errors import LayoutError
from papergame.layout.blocks import BULLET_INSET, NORMAL, Block, Fit, heading, leading_of, paragraph, text_lines
from papergame.layout.primitives import Item, Polygon, Text
from papergame.layout.textflow import Metrics
from papergame.layout.paper import STANDARD, TypeProfile, profile_of
from papergame.data.words import DEFAULT_LANG
from papergame.model.definition import DEFAULT_GAME, GameDefinition
from papergame.shellwords import quote
from papergame.text import Texts


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
    return source.name if source.name != "game.toml" or not source.parent.name else f"{source.parent.name}/game.toml"


def language_option(texts: Texts) -> str:
    """How a command asks for the words these are (the guide's `text_option` and `lang_option`): the text file
    given by name, else a language other than English by its code, else nothing (a translated guide's commands
    make translated kits).

    >>> from papergame.data.words import load_texts
    >>> language_option(load_texts()), language_option(load_texts(lang="uk")).split()[-1]
    ('', 'uk')
    """
    if texts.given:
        return " " + texts.get("guide.text_option", name=quote(PurePath(texts.given).name, windows=False))
    if texts.lang != DEFAULT_LANG:
        return " " + texts.get("guide.lang_option", lang=texts.lang)
    return ""


def tiles_example(definition: GameDefinition) -> str:
    """A tile selection the set can give (`3x2`): two of the type with the most copies, or one if it has one."""
    tile = max(definition.tiles, key=lambda t: t.copies)
    return f"{tile.id}x{min(2, tile.copies)}"


def values(definition: GameDefinition, texts: Texts, pupil_pages: int | None) -> dict[str, str]:
    """The commands the guide shows, naming the game when it is not the default one, by its whole name (a command
    is printed whole, to be copied: `command_lines` breaks a name too wide for its line at its hyphens).

    >>> from papergame.data.games import load_definition
    >>> from papergame.data.words import load_texts
    >>> values(load_definition("hexagon-path-tiles"), load_texts(), None)["build"].split()[-1]
    'hexagon-path-tiles'
    """
    name = game_name(definition)
    option = " " + texts.get("guide.game_option", name=quote(name, windows=False)) if name else ""  # pasted as printed
    option += language_option(texts)
    return {"build": texts.get("guide.command_build") + option,
            "worksheet": texts.get("guide.command_worksheet") + option,
            "tiles": tiles_example(definition), "last": str(pupil_pages or 0)}


READING = ("access_large", "access_clear", "access_both", "access_paper")


def reading_blocks(ctx: PageContext, width: float, build: str, fit: Fit = NORMAL) -> list[Block]:
    """Which print suits whom, and the paper: in the guide of a large-print or clear-print kit (the standard
    kit's guide is as it was)."""
    if ctx.type is STANDARD:
        return []
    texts, metrics = ctx.texts, ctx.metrics
    blocks = [heading(texts.get("guide.access_heading"), width, metrics, "guide.access_heading", fit=fit)]
    for key in READING:
        blocks += command_paragraph(texts.get(f"guide.{key}", build=build), [build], width, metrics, f"guide.{key}",
                                    bullet="•", fit=fit)
    return blocks


# --- commands set to be copied whole -------------------------------------------------------------

CLOSING = ".,;:)»”!?"  # punctuation that ends a command written in a sentence (it is never part of one)
COMMAND_INDENT = 5.0  # mm: a command's line stands in from the text round it
COMMAND_LEADING = 1.15  # a command's line height, in ems of its size
CONTINUED_INDENT = 6.0  # mm more: the lines a long command goes on to, under its first


def split_commands(text: str, commands: list[str]) -> list[tuple[str, list[str]]]:
    """`text` as its pieces of prose and its commands: (prose, []) or ("", the command's arguments grouped, each
    option with its value). A command begins with one of `commands` (`papergame build`, naming the game where it
    is not the default one) and takes the options after it and their values; the sentence's own punctuation after
    it, and the brackets round it, stay out of it (and out of the prose: the command stands on a line of its own).

    >>> split_commands("Build again (go build -m 49.2). Then cut.", ["go build"])
    [('Build again', []), ('', ['go build', '-m 49.2']), ('Then cut.', [])]
    >>> split_commands("In one file: go build -k 15", ["go build"])
    [('In one file:', []), ('', ['go build', '-k 15'])]
    """
    pieces: list[tuple[str, list[str]]] = []
    rest = text
    starts = sorted({c for c in commands if c}, key=len, reverse=True)
    while True:
        found = [(rest.find(c), c) for c in starts if rest.find(c) >= 0]
        if not found:
            break
        at, command = min(found, key=lambda f: (f[0], -len(f[1])))
        before, rest = rest[:at], rest[at + len(command):]
        groups = argument_groups(command)
        ended = False
        while not ended and rest.startswith(" ") and len(rest) > 1:
            token = rest[1:].split(" ", 1)[0]
            word = token.rstrip(CLOSING)
            option = word.startswith("-")
            value = not option and groups[-1].startswith("-") and " " not in groups[-1]
            if not word or not (option or value):
                break
            ended = word != token
            groups[-1:] = [f"{groups[-1]} {word}"] if value else [groups[-1], word]
            rest = rest[1 + len(word):]
        before = before.rstrip()
        if before.endswith("(") and rest.startswith(")"):
            before, rest = before[:-1].rstrip(), rest[1:]
        if rest[:1] in (".", ",", ";"):
            rest = rest[1:]
        if before:
            pieces.append((before, []))
        pieces.append(("", groups))
        rest = rest.lstrip()
    if rest or not pieces:
        pieces.append((rest, []))
    return pieces


def argument_groups(command: str) -> list[str]:
    """A command's words grouped: the program and its subcommand, then each option with what follows it up to the
    next option (its value, even one with spaces in its quotes).

    >>> argument_groups("go build -g eight-port-path-tiles -x")
    ['go build', '-g eight-port-path-tiles', '-x']
    """
    groups: list[str] = []
    for word in command.split(" "):
        if groups and not word.startswith("-"):
            groups[-1] += " " + word
        else:
            groups.append(word)
    return groups


BREAKS_AFTER = "-_"  # a word wider than a line breaks after one of these, which ends the line (never after a dash
# that starts an option): a reader joins a command's line that ends in one to the next without a space


def command_lines(groups: list[str], width: float, size: float, metrics: Metrics) -> list[str]:
    """A command's lines at `size` in `width`: whole where it fits, else broken between its arguments (an option
    and its value apart only where the two do not fit a line), and inside an argument only where it is wider than
    a line by itself: after a hyphen or an underscore of it (`word_parts`), which stays at the line's end. Each line
    after the first stands in by CONTINUED_INDENT, where a drawn mark says that it goes on with the line above.

    >>> from papergame.render.fonts import FontMetrics
    >>> command_lines(["go build", "-g our-class-hexagon-path-tiles.toml"], 40.0, 3.2, FontMetrics(""))
    ['go build -g our-class-', 'hexagon-path-', 'tiles.toml']
    """
    whole = " ".join(groups)
    if metrics.width(whole, size) <= width:
        return [whole]
    lines = broken(groups, width, size, metrics)
    if isinstance(lines, str):
        raise LayoutError(f'the teacher\'s guide cannot print the command "{whole}" whole: "{lines}" is wider than '
                          f"its line ({width - CONTINUED_INDENT:.0f} mm) and has no hyphen or underscore to break at; "
                          "give the game file a shorter name")
    return lines


def broken(groups: list[str], width: float, size: float, metrics: Metrics) -> list[str] | str:
    """`groups` on as few lines as fit (see `command_lines`), a group too long for a line broken at its spaces, a
    word too long for a line at its hyphens and underscores; where a part of a word still does not fit, that part."""
    lines: list[str] = []
    for group in groups:
        for piece in [group] if fits(group, bool(lines), width, size, metrics) else group.split(" "):
            parts = [piece] if fits(piece, True, width, size, metrics) else word_parts(piece)
            for k, part in enumerate(parts):
                joined = f"{lines[-1]}{'' if k else ' '}{part}" if lines else ""
                if lines and fits(joined, len(lines) > 1, width, size, metrics):
                    lines[-1] = joined
                elif fits(part, bool(lines), width, size, metrics):
                    lines.append(part)
                else:
                    return part
    return lines


def word_parts(word: str) -> list[str]:
    """`word` cut after each hyphen or underscore inside it (one between two other characters), each part keeping
    its hyphen at its end.

    >>> word_parts("our-class_hexagon--path.toml"), word_parts("-k"), word_parts("plain")
    (['our-', 'class_', 'hexagon--path.toml'], ['-k'], ['plain'])
    """
    mark = re.escape(BREAKS_AFTER)
    return re.split(f"(?<=[^{mark}][{mark}])(?=[^{mark}])", word)


def fits(line: str, continued: bool, width: float, size: float, metrics: Metrics) -> bool:
    """Whether a broken command's `line` (`continued`: not its first) fits with its indent."""
    return metrics.width(line, size) <= width - (CONTINUED_INDENT if continued else 0.0)


def continued_mark(x: float, baseline: float, size: float) -> list[Item]:
    """The mark before a line a command goes on to, in its indent: a small arrow that comes down from the line above
    and turns to point at the line's first word (never the down-and-left arrow of a keyboard's Enter key)."""
    mid = baseline + size * 0.3
    start, end = x - CONTINUED_INDENT * 0.8, x - CONTINUED_INDENT * 0.15
    head = size * 0.25
    return [Polygon(((start, baseline + size * 0.95), (start, mid), (end - head, mid)), width=size * 0.085,
                    closed=False, join="round"),
            Polygon(((end, mid), (end - head, mid + head * 0.75), (end - head, mid - head * 0.75)),
                    width=0.0, stroke=None, fill=0.0)]


def command_paragraph(text: str, commands: list[str], width: float, metrics: Metrics, what: str,
                      bullet: str = "", fit: Fit = NORMAL) -> list[Block]:
    """A guide's paragraph whose commands each stand on a line of their own, in from the text, whole where they fit
    and else broken only between arguments (`command_lines`), all at the profile's caption size (a step under the
    text, as in every language the same), so that a teacher finds each at a glance and copies it as one command; a
    paragraph with no command is `paragraph`'s. The blocks break across columns as a paragraph does, a command's
    lead-in kept with it. `fit`: its lines and the gap after it as a page set a step tighter sets them (`fitted`)."""
    pieces = split_commands(text, commands)
    if all(not groups for _, groups in pieces):
        return [paragraph(text, width, metrics, what, bullet=bullet, fit=fit)]
    t = profile_of(metrics)
    small = command_size(t)
    inset = t.body * BULLET_INSET if bullet else 0.0
    parts: list[Block] = []
    for i, (prose, groups) in enumerate(pieces):
        last = i == len(pieces) - 1
        if prose:
            parts.append(paragraph(prose, width, metrics, what, bullet=bullet if i == 0 else "",
                                   indent=inset if i else 0.0, after=0.9 if last else 0.0,
                                   fit=fit)._replace(keep_with_next=not last))
            continue
        x_in = inset + COMMAND_INDENT
        lines = command_lines(groups, width - x_in, small, metrics)
        parts.append(command_block(lines, small, x_in, leading_of(t, fit), 0.9 * fit.space if last else 0.0,
                                   bullet if i == 0 else "", t.body))
    return parts


def command_size(t: TypeProfile) -> float:
    """The size a guide sets its commands at: the profile's captions (9 pt; clear print 12, large print 16)."""
    return t.at_least(t.caption)


def command_block(lines: list[str], size: float, x_in: float, leading: float, after: float, bullet: str,
                  body: float) -> Block:
    """A command's `lines` at `size`, `x_in` from the column's left (the first line level with the text's lines at
    `leading`), the mark before each line it goes on to, and a paragraph's `bullet` (at `body`) if it starts one."""
    line_h = size * min(leading, COMMAND_LEADING)  # a command's lines closer than the text's: they are one

    def draw(x: float, top: float) -> list[Item]:
        items: list[Item] = []
        for i, line in enumerate(lines):
            left = x + x_in + (CONTINUED_INDENT if i else 0.0)
            placed = text_lines([line], left, top - i * line_h, size, leading=leading)  # each a line_h under the last
            items += placed
            if i:
                items += continued_mark(left, cast(Text, placed[0]).y, size)
        if bullet:
            items += text_lines([bullet], x, top, body, True, leading=leading)
        return items

    return Block(len(lines) * line_h + after, draw, "a command")
