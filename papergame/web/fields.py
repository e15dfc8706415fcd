"""The page's fields, read from the click commands themselves, and a query string turned into their argv.

`papergame serve` offers every option of `build` and `worksheet` except those that name a
file on the user's disk (output, text, any `click.Path`) or only change what the
terminal shows (`--json`). A query `paper=letter&tile-size=30` becomes the argv
`--paper=letter --tile-size=30`, which the command's own parser checks: the page and the
command line accept the same values and refuse the others in the same words.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import click

from papergame.errors import OptionError, PapergameError

GAME = "game"  # the one file option the page offers, as a built-in game's name or an upload
OFF_PAGE = {"output", "json"}  # write files, or change only what the terminal shows

# Plain words for the page; an option added to the CLI later shows with its own name and help.
LABELS = {
    GAME: "Game",
    "paper": "Paper",
    "tile-size": "Tile size (mm)",
    "host-key": "Host key (the answers for the teacher)",
    "measured": "Your printer's 50 mm bar measured (mm)",
    "ink": "Ink",
    "only": "Print only these parts",
    "tiles": "Reprint only these tiles",
    "cut-guides": "Cutting guides",
    "lang": "Language",
    "level": "Level",
    "puzzles": "Puzzles on each sheet",
    "seed": "Puzzle set number",
    "copies": "Sheets (one for each pupil)",
}
HINTS = {
    "paper": "The kit fits both sizes, so it prints uncut on either.",
    "tile-size": "From 20 to 60. A board too big for one page is split over two or more.",
    "host-key": "The page of answers the teacher keeps.",
    "measured": "Leave empty at first. If the 50 mm bar on a printed page is not 50 mm, write what it "
                "measured (40 to 60) and every page is scaled to make up for it.",
    "ink": "Low ink suits reused paper and saves toner.",
    "only": "Lost a part? Write which ones, with commas: board, tiles, tokens, rules, record, host-key.",
    "tiles": "Lost some tiles? 3x2,1x1 prints two tiles of type 3 and one of type 1.",
    "cut-guides": "What shows you where to cut.",
    "lang": "The language of the printed words: en (English), fr, es, de or uk.",
    "level": "How long the token's route is.",
    "puzzles": "Leave empty for as many as fit on a page (1 to 12).",
    "seed": "The same number makes the same puzzles again.",
    "copies": "Each sheet gets its own puzzles, with its number and answers.",
}
CHOICE_WORDS = {
    "paper": {"a4": "A4", "letter": "US Letter"},
    "host-key": {"page": "Last page of the kit", "separate": "A file of its own", "omit": "Leave it out"},
    "ink": {"normal": "Normal", "low": "Low ink: thin grey lines"},
    "cut-guides": {"lines": "Lines round every tile", "marks": "Marks in the margin", "both": "Lines and marks"},
    "level": {"easy": "Easy (2 to 3 tiles)", "medium": "Medium (4 to 7 tiles)", "hard": "Hard (8 or more)"},
}


class Field(NamedTuple):
    name: str  # the long option without its dashes: tile-size
    kind: str  # choice, number, text or flag
    choices: tuple[str, ...]
    default: Any
    label: str
    help: str

    def as_json(self) -> dict:
        words = CHOICE_WORDS.get(self.name, {})
        return {"name": self.name, "kind": self.kind, "label": self.label, "help": self.help,
                "default": self.default, "choices": [[c, words.get(c, c)] for c in self.choices]}


def long_name(param: click.Parameter) -> str | None:
    longs = [o for o in param.opts if o.startswith("--")]
    return longs[0][2:] if longs else None


def on_page(param: click.Parameter) -> bool:
    name = long_name(param)
    if not isinstance(param, click.Option) or name is None or name in OFF_PAGE:
        return False
    return name == GAME or not isinstance(param.type, (click.Path, click.File))


def fields(command: click.Command) -> list[Field]:
    """The command's options that the page offers, in the order the command's help lists them."""
    out = []
    for param in command.params:
        if not on_page(param):
            continue
        assert isinstance(param, click.Option)
        name = long_name(param) or ""
        choices: tuple[str, ...] = ()
        if isinstance(param.type, click.Choice):
            kind, choices = "choice", tuple(str(c) for c in param.type.choices)
        elif param.is_flag:
            kind = "flag"
        elif isinstance(param.metavar, str) and "|" in param.metavar:  # level: easy|medium|hard
            kind, choices = "choice", tuple(param.metavar.split("|"))
        elif isinstance(param.type, (click.types.FloatParamType, click.types.IntParamType)):
            kind = "number"
        else:
            kind = "text"
        default = param.default if not callable(param.default) else None
        out.append(Field(name, kind, choices, default, LABELS.get(name, name.replace("-", " ").capitalize()),
                         HINTS.get(name, param.help or "")))
    return out


class FieldError(PapergameError):
    """A query names an option the command does not have, or one the page does not offer."""


def argv(command: click.Command, query: list[tuple[str, str]]) -> tuple[list[str], str | None]:
    """The argv the command line would get for `query`, less the game; and the game's value.

    Blank values are left out, as a blank field on the page means "the default".
    """
    offered = {f.name: f for f in fields(command)}
    out: list[str] = []
    game = None
    for name, value in query:
        field = offered.get(name)
        if field is None:
            known = ", ".join(offered)
            raise FieldError(f'"{name}" is not an option here; the options are {known}')
        if field.name == GAME:
            game = value or None
        elif field.kind == "flag":
            param = next(p for p in command.params if long_name(p) == name)
            if value.lower() in ("1", "true", "on", "yes"):
                out.append(f"--{name}")
            elif value.lower() in ("0", "false", "off", "no", ""):
                out.extend(param.secondary_opts[:1])  # --no-NAME where there is one
            else:
                raise OptionError(name, f'"{value}" is not on or off')
        elif value != "":
            out.append(f"--{name}={value}")  # one word, so a value such as -5 stays a value
    return out, game


def parse(command: click.Command, args: list[str]) -> dict[str, Any]:
    """The command's parameters for `args`, checked and converted by click as on the command line."""
    from papergame.cli import main

    parent = click.Context(main, info_name="papergame")  # so click's messages name `papergame build`
    with command.make_context(command.name or "", list(args), parent=parent) as ctx:
        return dict(ctx.params)


def game_param(command: click.Command) -> str:
    """The Python name of the command's game option (game_path)."""
    return next(p.name for p in command.params if long_name(p) == GAME and p.name)


def field_of(exc: BaseException) -> str | None:
    """Which field of the page an error concerns: the option it names, or the game for a file's problem."""
    if isinstance(exc, OptionError):
        return exc.option
    if isinstance(exc, click.BadParameter) and exc.param is not None:
        return long_name(exc.param)
    problems = exc.problems if isinstance(exc, PapergameError) else []
    if any(".toml:" in p.split(" ", 1)[0] for p in problems):
        return GAME
    return None
