"""The page's fields, read from the library's declaration of each document's options, and a query turned into them.

`papergame serve` offers every option of the kit and the worksheets (`papergame.options`)
except those that name a file on the user's disk (a text file). A query
`paper=letter&tile-size=30` becomes the values `{"paper": "letter", "tile-size": "30"}`,
which the declaration converts and checks as it does the command line's: the page and the
command line accept the same values and refuse the others in the same words. This module
never reads the command line's own definitions.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from papergame.errors import OptionError, PapergameError
from papergame.layout.page_kinds import parts_list
from papergame.options import CHOICE, FILE, FLAG, LIST, NUMBER, WHOLE, Document, Option

GAME = "game"  # the one file option the page offers, as a built-in game's name or an upload

# Plain words for the page; an option declared later shows with its own name and help.
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
    "backs": "Tile backs",
    "print-shop": "For a print shop (boxes, grey output intent, gutters with bleed)",
    "duplex-x": "Two-sided test: across ruler read (mm)",
    "duplex-y": "Two-sided test: upright ruler read (mm)",
    "lang": "Language",
    "level": "Level",
    "puzzles": "Puzzles on each sheet",
    "seed": "Puzzle set number",
    "copies": "Sheets (one for each pupil)",
}
HINTS = {
    "paper": "The kit fits both sizes, so it prints uncut on either.",
    "tile-size": "From 20 to 60. A board too big for one page is split over two or more.",
    "host-key": "The answers and the teacher's guide, kept from the players: by default a file of their own.",
    "measured": "Leave empty at first. If the 50 mm bar on a printed page is not 50 mm, write what it "
                "measured (40 to 60) and every page is scaled to make up for it.",
    "ink": "Low ink suits reused paper and saves toner.",
    "only": f"Lost a part? Write which ones, with commas: {parts_list(', ')}.",
    "tiles": "Lost some tiles? 3x2,1x1 prints two tiles of type 3 and one of type 1.",
    "cut-guides": "What shows you where to cut.",
    "backs": "The same back on every tile, so tiles face down give nothing away.",
    "print-shop": "Tiles apart in gutters, their lines running past the cut, in a file a print shop's checks accept.",
    "duplex-x": "Leave empty at first. Print the two-sided test page, then write what its across ruler "
                "reads where the line shows through (-6 to 6).",
    "duplex-y": "As for the across ruler: what the upright ruler reads (-6 to 6).",
    "lang": "The language of the printed words: en (English), fr, es, de or uk.",
    "level": "How long the token's route is.",
    "puzzles": "Leave empty for as many as fit on a page (1 to 12).",
    "seed": "The same number makes the same puzzles again.",
    "copies": "Each sheet gets its own puzzles, with its number and answers.",
}
CHOICE_WORDS = {
    "paper": {"a4": "A4", "letter": "US Letter"},
    "host-key": {"page": "Last pages of the kit", "separate": "A file for the host",
                 "omit": "Leave it out"},
    "ink": {"normal": "Normal", "low": "Low ink: thin grey lines"},
    "cut-guides": {"lines": "Lines round every tile", "marks": "Marks in the margin", "both": "Lines and marks"},
    "backs": {"none": "No backs", "fold": "Fold-over: fold, glue, cut (any printer)",
              "duplex": "Two-sided: a page of backs after each sheet"},
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


KINDS = {CHOICE: "choice", FLAG: "flag", NUMBER: "number", WHOLE: "number", LIST: "text"}


def on_page(option: Option) -> bool:
    return option.kind != FILE and option.page


def label_of(name: str) -> str:
    return LABELS.get(name, name.replace("-", " ").capitalize())


def fields(document: Document) -> list[Field]:
    """The document's options that the page offers, in the order of their declaration."""
    out = []
    for option in document.every:
        if not on_page(option):
            continue
        help_text = HINTS.get(option.name) or option.help_with(lambda name: f'"{label_of(name)}"')
        out.append(Field(option.name, KINDS.get(option.kind, "text"), option.choices, option.default,
                         label_of(option.name), help_text))
    return out


class FieldError(PapergameError):
    """A query names an option the document does not have, or one the page does not offer."""


def values(document: Document, query: list[tuple[str, str]]) -> dict[str, str]:
    """The values a query gives, by option name, for the declaration to check.

    Blank values are left out, as a blank field on the page means "the default"; an
    unchecked box is sent as "off".
    """
    offered = {f.name: f for f in fields(document)}
    out: dict[str, str] = {}
    for name, value in query:
        field = offered.get(name)
        if field is None:
            known = ", ".join(offered)
            raise FieldError(f'"{name}" is not an option here; the options are {known}')
        if value != "" or field.kind == "flag":
            out[name] = value
    return out


def field_of(exc: BaseException) -> str | None:
    """Which field of the page an error concerns: the option it names, or the game for a file's problem."""
    if isinstance(exc, OptionError):
        return exc.option
    problems = exc.problems if isinstance(exc, PapergameError) else []
    if any(".toml:" in p.split(" ", 1)[0] for p in problems):
        return GAME
    return None


def error_lines(exc: PapergameError) -> list[str]:
    """The page's `Error:` lines for a problem: an option's is shown beside its field, so it is not named again."""
    if isinstance(exc, OptionError):
        return [f"Error: {exc.detail}"]
    return [f"Error: {p}" for p in exc.problems]
