"""The page's fields, read from the library's declaration of each document's options, and a query turned into them.

`papergame serve` offers every option of the kit and the worksheets (`papergame.options`)
except those that name a file on the user's disk (a text file). A query
`paper=letter&tile-size=30` becomes the values `{"paper": "letter", "tile-size": "30"}`,
which the declaration converts and checks as it does the command line's: the page and the
command line accept the same values and refuse the others in the same words. This module
never reads the command line's own definitions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from papergame.records import NamedTuple
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
    "loops-size": "Size (squares across, or across x down)",
    "loops-level": "Level",
    "loops-puzzles": "Puzzles on each sheet",
    "loops-seed": "Puzzle set number",
    "loops-copies": "Sheets (one for each pupil)",
    "loops-sheet": "Reprint one sheet of a class set",
    "loops-tiles": "The tile version: build the loop with tiles",
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
    "loops-size": "4 to 10: 7 is 7 squares each way, 7x5 is 7 across and 5 down.",
    "loops-puzzles": "Leave empty for as many as fit in large print.",
    "loops-seed": "The same number makes the same puzzles again.",
    "loops-copies": "Each sheet gets its own puzzles, with its number and answers.",
    "loops-sheet": "Leave empty. To print one sheet of a class set again, write its number here and, as the "
                   "puzzle set number, the seed printed on it.",
    "loops-tiles": "One puzzle a page, on a board with cells the size of the tiles, and blank, straight and corner "
                   "tiles to cut out and lay.",
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
    "loops-level": {"easy": "Easy: one square or dot at a time", "medium": "Medium: try a line, see it fail",
                    "hard": "Hard: look further ahead"},
}


class Field(NamedTuple):
    name: str  # the long option without its dashes: tile-size (on the page, loops-size for the loops' own)
    kind: str  # choice, number, text or flag
    choices: tuple[str, ...]
    default: Any
    label: str
    help: str
    words: str = ""  # the key of its choices' words in CHOICE_WORDS (default: its name)

    def as_json(self) -> dict:
        words = CHOICE_WORDS.get(self.words or self.name, {})
        return {"name": self.name, "kind": self.kind, "label": self.label, "help": self.help,
                "default": self.default, "choices": [[c, words.get(c, c)] for c in self.choices]}


KINDS = {CHOICE: "choice", FLAG: "flag", NUMBER: "number", WHOLE: "number", LIST: "text"}


def on_page(option: Option) -> bool:
    return option.kind != FILE and option.page


def label_of(name: str) -> str:
    return LABELS.get(name, name.replace("-", " ").capitalize())


def fields(document: Document, plain: bool = True) -> list[Field]:
    """The document's options that the page offers, in the order of their declaration (`plain`:
    with the page's words for options of that name; a maker of its own (`Form`) has its own)."""
    out = []
    for option in document.every:
        if not on_page(option):
            continue
        words = plain or option.name in SHARED
        help_text = (words and HINTS.get(option.name)) or option.help_with(lambda name: f'"{label_of(name)}"')
        label = label_of(option.name) if words else option.name.replace("-", " ").capitalize()
        out.append(Field(option.name, KINDS.get(option.kind, "text"), option.choices, option.default,
                         label, help_text, option.name if words else "-"))
    return out


SHARED = ("paper", "ink", "measured", "large-print", "clear-print", "lang")  # options every maker's page names alike: chosen once, at the top


class Form(NamedTuple):
    """How a maker's options are named on the page: a maker made from no game (the single-loop puzzles)
    has options of the worksheets' names (level, seed) that mean other things, so they take a prefix
    (loops-level); the `shared` ones keep their names, as the page chooses them once for every maker."""

    prefix: str = ""
    shared: tuple[str, ...] = ()

    def page_name(self, option: str) -> str:
        return option if not self.prefix or option in self.shared else self.prefix + option

    def option_name(self, name: str) -> str:
        return name.removeprefix(self.prefix) if self.prefix and name not in self.shared else name

    def fields(self, document: Document) -> list[Field]:
        return [f._replace(name=self.page_name(f.name), label=LABELS.get(self.page_name(f.name), f.label),
                           help=HINTS.get(self.page_name(f.name), f.help), words=self.page_name(f.name))
                for f in fields(document, plain=not self.prefix)]

    def values(self, document: Document, query: list[tuple[str, str]]) -> dict[str, str]:
        """The query's values by option name (loops-level -> level), for the declaration to check."""
        if not self.prefix:
            return values(document, query)
        offered = {f.name: f for f in self.fields(document)}
        named = []
        for name, value in query:
            if name not in offered:
                raise FieldError(f'"{name}" is not an option here; the options are {", ".join(offered)}')
            named.append((self.option_name(name), value))
        return values(document, named)

    @contextmanager
    def named(self) -> Iterator[None]:
        """An option's problem raised inside names the option as the page does (loops-level)."""
        try:
            yield
        except OptionError as exc:
            if not self.prefix or exc.option in self.shared:
                raise
            raise OptionError(self.page_name(exc.option), exc.detail) from None


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
