"""The options of every document papergame makes, declared once and checked once.

Each document (the kit, the worksheets, a simulation, a tile set, the single-loop puzzles)
has one value holding its options, a frozen dataclass that converts and checks what it is
given when it is made: a value that exists is a valid one, so the library never uses an unchecked copy.
Beside it, a `Document` declares each option once: its name, kind, default, range and
help. The command line (click) and the page of `papergame serve` both read that
declaration; neither declares an option of its own, and the page never imports the CLI.

Values may be given as the program's own types or as text, as a person types them: a
number takes a decimal comma as well as a point (`49,2` is `49.2`), a choice any case.
A problem is an `OptionError` naming the option (`tile-size`); the command line shows it
under its flag, the page beside its field.

>>> KitOptions(tile="35,5", paper="Letter").tile, KitOptions(paper="Letter").paper, KitOptions().tile
(35.5, 'letter', None)
>>> KitOptions(tile=70)
Traceback (most recent call last):
...
papergame.errors.OptionError: tile-size: 70 mm is outside 20 to 60 mm
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

from papergame.records import NamedTuple, dataclass
from papergame.errors import OptionError
from papergame.layout.ink import INKS
from papergame.layout.page_kinds import PARTS
from papergame.layout.paper import PAPERS, TypeProfile, lowest_measurement, type_profile
from papergame.model.definition import BOARD_MAX, BOARD_MIN, MAX_TILES
from papergame.model.geometry import MAX_PORTS_PER_SIDE, SHAPES, TileShape, or_list, standard_ports
from papergame.printmarks import BAR_MM

# --- what an option is -------------------------------------------------------------------

CHOICE, NUMBER, WHOLE, TEXT, LIST, FLAG, GAME, FILE = "choice", "number", "whole", "text", "list", "flag", "game", "file"
ON_WORDS = ("1", "true", "on", "yes")
OFF_WORDS = ("0", "false", "off", "no", "")
DECIMAL = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")
WHOLE_TEXT = re.compile(r"[+-]?\d+")
MENTION = re.compile(r"\{([a-z][a-z-]*)\}")


class Option(NamedTuple):
    """One option: what it is called, what it holds, and what it may be.

    `help` may name another option as `{name}`: the command line writes it as its flag, the
    page as its label, so neither reads the other's words. `attr` is the value's attribute
    when it differs from the name (tile-size is `KitOptions.tile`).
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    unit: str = ""  # what a number counts: "mm", "cells"
    metavar: str | None = None  # how the value looks in a usage line: MM, N, PARTS
    attr: str | None = None
    advice: str = ""  # added after "is outside ..." (how to find a good value)
    item: str = ""  # what one entry of a list is called: "part"
    grouped: bool = False  # a count shown with a thousands separator (1,000,000 games)
    page: bool = True  # offered on the page of `papergame serve` (the cut-file options are the command line's)

    @property
    def key(self) -> str:
        """The value's attribute (and a Python name for the option): tile, host_key."""
        return self.attr or self.name.replace("-", "_")

    def convert(self, value: Any) -> Any:
        """The value as the option's type, from text as typed or a value of that type; None is the default."""
        if value is None:
            return self.default
        if self.kind == NUMBER:
            return number(value, self.name)
        if self.kind == WHOLE:
            return whole(value, self.name)
        if self.kind == CHOICE:
            return str(value).strip().lower()
        if self.kind == FLAG:
            return flag(value, self.name)
        if self.kind == LIST:
            items = value.split(",") if isinstance(value, str) else list(value)
            return tuple(str(i).strip().lower() for i in items)
        return value

    def check(self, value: Any) -> None:
        """The checks one option makes on its own: a choice among its choices, a number in its range."""
        if value is None:
            return
        if self.kind == CHOICE and value not in self.choices:
            raise OptionError(self.name, f'"{value}" is not one of {", ".join(self.choices)}')
        if self.kind == LIST:
            unknown = [v for v in value if v not in self.choices]
            if unknown or not value:
                raise OptionError(self.name, f'"{",".join(unknown)}" is not a {self.item}; '
                                             f'{self.item}s are {", ".join(self.choices)}')
        if self.kind in (NUMBER, WHOLE):
            low = -math.inf if self.low is None else self.low
            high = math.inf if self.high is None else self.high
            if not low <= value <= high:
                unit = f" {self.unit}" if self.unit else ""
                raise OptionError(self.name, f"{self.shown(value)}{unit} is outside {self.shown(self.low)} to "
                                             f"{self.shown(self.high)}{unit}{self.advice}")

    def shown(self, value: Any) -> str:
        """A number as a message shows it: 70, 49.2, 1,000,000."""
        return f"{value:,}" if self.grouped else f"{value:g}" if self.kind == NUMBER else str(value)

    def help_with(self, name_of) -> str:
        """The help, with each `{option}` it mentions written by `name_of` (the CLI adds its dashes)."""
        return MENTION.sub(lambda m: name_of(m.group(1)), self.help)


def number(value: Any, option: str) -> float:
    """A decimal number, from text with a decimal point or a decimal comma.

    >>> number("49,2", "measured") == number("49.2", "measured") == 49.2
    True
    >>> number("1,5,0", "measured")
    Traceback (most recent call last):
    ...
    papergame.errors.OptionError: measured: "1,5,0" is not a number (write it as 49.2 or 49,2)
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        result = float(value)
    else:
        text = str(value).strip()
        if not DECIMAL.fullmatch(text):
            raise OptionError(option, f'"{value}" is not a number (write it as 49.2 or 49,2)')
        result = float(text.replace(",", "."))
    if not math.isfinite(result):
        raise OptionError(option, f'"{value}" is not a number (write it as 49.2 or 49,2)')
    return result


def whole(value: Any, option: str) -> int:
    """A whole number, from text or a number with nothing after the decimal mark.

    >>> whole(" 7 ", "copies"), whole("3,0", "copies")
    (7, 3)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip()
    if WHOLE_TEXT.fullmatch(text):
        return int(text)
    if DECIMAL.fullmatch(text) and float(text.replace(",", ".")).is_integer():
        return int(float(text.replace(",", ".")))
    raise OptionError(option, f'"{value}" is not a whole number')


def flag(value: Any, option: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ON_WORDS:
        return True
    if text in OFF_WORDS:
        return False
    raise OptionError(option, f'"{value}" is not on or off')


# --- options several documents share -----------------------------------------------------

TILE_MIN, TILE_MAX = 20.0, 60.0
TILE_DEFAULT = 35.0
TACTILE_TILE = 50.0  # a tactile kit's tiles at least: room for the lines, their gaps and the braille, 6.4 mm apart
MEASURED_MIN, MEASURED_MAX = 40.0, 60.0
KITS_MIN, KITS_MAX = 1, 40
HOST_KEY_CHOICES = ("page", "separate", "omit")
CUT_GUIDES = ("lines", "marks", "both")
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
BACKS = ("none", "fold", "duplex")
DUPLEX_MIN, DUPLEX_MAX = -6.0, 6.0  # the two-sided test page's rulers

GAME_OPTION = Option(
    "game", GAME, None, "A game definition file (TOML), or a built-in game's name. Default: the built-in "
    "Edge-port path tiles.", metavar="PATH")
LANG_OPTION = Option(
    "lang", TEXT, "en", "Language of the printed words: en, fr, es, de, uk, or any text.LANG.toml beside "
    "the game file or in the current folder.")
TEXT_OPTION = Option("text", FILE, None, "A text file of your own with every printed word (overrides {lang}).",
                     metavar="PATH")
PAPER_OPTION = Option("paper", CHOICE, "a4", "Paper size. Either way all content stays inside the area both share.",
                      tuple(PAPERS))
INK_OPTION = Option("ink", CHOICE, "normal", "low: thin grey lines, no filled areas, lighter text, for reused paper.",
                    tuple(INKS))
MEASURED_OPTION = Option(
    "measured", NUMBER, None, f"What the {BAR_MM:g} mm bar measured on your printer ({MEASURED_MIN:g} to "
    f"{MEASURED_MAX:g}; 49.2 or 49,2); every page is scaled to make up for it.", low=MEASURED_MIN,
    high=MEASURED_MAX, unit="mm", metavar="MM",
    advice=f"; measure the {BAR_MM:g} mm bar of a page printed at 100% and give its length in mm")
LARGE_PRINT_OPTION = Option(
    "large-print", FLAG, False, "Large print: every page laid out afresh with every word at 16 pt or more (body "
    "18 pt), left-aligned, on more sheets where needed; true scale kept. A kit's tiles are as large as their ids "
    "need to stand clear of the lines (the eight-port game: 55 mm), unless a tile size is given.")
CLEAR_PRINT_OPTION = Option(
    "clear-print", FLAG, False, "Clear print: body text 14 pt and nothing under 12 pt, wider letter and word "
    "spacing, and letters that tell l, I, 1 and 0, O apart (Atkinson Hyperlegible; DejaVu for Cyrillic); with "
    "{large-print}, large print's sizes.")
PRINT_OPTIONS: tuple[Option, ...] = (LARGE_PRINT_OPTION, CLEAR_PRINT_OPTION)  # the kit's and the worksheets'
WORDS = (LANG_OPTION, TEXT_OPTION, GAME_OPTION)

# Files for a cutting machine: the page of `papergame serve` makes PDFs only, so it offers none of these.
FORMATS = ("pdf", "svg")
CUTTERS = ("none", "silhouette", "cricut", "laser")
KERF_MAX = 1.0  # mm: a laser's kerf in card or plywood is 0.05 to 0.3 mm; past 1 mm it is not a kerf
FORMAT_OPTION = Option(
    "format", CHOICE, None, "pdf: one file of every page. svg: one file a sheet (NAME-01.svg, ...) in millimetres, "
    "with a Print layer (as the PDF prints) and a Cut layer (every cut once, a hairline). Default: pdf, or svg "
    "with {cutter}.", FORMATS, page=False)
CUTTER_OPTION = Option(
    "cutter", CHOICE, "none", "Tile and token sheets for a cutting machine, each piece apart (SVG files): "
    "silhouette adds the Cameo's four registration marks; cricut makes each sheet a 6.75 x 9.25 in print-then-cut "
    "image (NAME-NN.png beside its SVG); laser writes cuts in red and port lines to score in blue.", CUTTERS,
    page=False)
KERF_OPTION = Option(
    "kerf", NUMBER, 0.0, f"The laser's kerf in millimetres (0 to {KERF_MAX:g}): every outline is moved out by half "
    "of it, so the pieces keep their size.", low=0.0, high=KERF_MAX, unit="mm", metavar="MM", page=False)


def output_format(fmt: str | None, cutter: str = "none") -> str:
    """The format a document is written in: the one asked for, else svg for a cutter and pdf for print.

    >>> output_format(None), output_format(None, "laser"), output_format("svg")
    ('pdf', 'svg', 'svg')
    """
    if fmt is not None:
        return fmt
    return "pdf" if cutter == "none" else "svg"


def check_cut_files(fmt: str | None, cutter: str, kerf: float, measured: float | None = None) -> None:
    """A cutter's layout is written as SVG cut files; a kerf is a laser's; a machine cuts true millimetres."""
    if cutter != "none" and measured is not None:
        raise OptionError("measured", f"scales the print for a printer, and {cutter} cuts true millimetres (its marks "
                                      "or its own printing make up for the printer): leave measured out")
    if cutter != "none" and fmt == "pdf":
        raise OptionError("cutter", f"{cutter} lays out cut files, which are SVG: leave format out or make it svg")
    if kerf and cutter != "laser":
        raise OptionError("kerf", f"{kerf:g} mm: a kerf is what a laser burns away, so it goes with cutter laser")


def check_options(value: Any, options: tuple[Option, ...]) -> None:
    """Convert each of a value's fields by its option and check it alone (the value's own checks follow)."""
    for option in options:
        if hasattr(value, option.key):
            converted = option.convert(getattr(value, option.key))
            option.check(converted)
            object.__setattr__(value, option.key, converted)


def check_measured(paper: str, measured: float | None) -> None:
    """A correction may not push the content off the paper."""
    if measured is not None and measured < lowest_measurement(paper):
        raise OptionError(
            "measured", f"{measured:g} mm would enlarge every page by {100 * BAR_MM / measured:.0f}% and "
            f"push its edges off {PAPER_NAMES[paper]} paper; on {PAPER_NAMES[paper]} it can be "
            f"{lowest_measurement(paper):g} to {MEASURED_MAX:g} mm (a printer that shrinks more needs its own "
            f"scaling setting fixed)")


# --- the kit -----------------------------------------------------------------------------

KIT_OPTIONS = (
    PAPER_OPTION,
    Option("tile-size", NUMBER, None, f"Tile and board cell size in millimetres, {TILE_MIN:g} to {TILE_MAX:g}. "
           "A board too big for a page is split across sheets; tiles too small for their type numbers and ids "
           "to stand at 9 pt clear of the lines get a warning naming a size that has room (the eight-port game: "
           "26). Default: "
           f"{TILE_DEFAULT:g}; with {{large-print}}, the smallest whole size from {TILE_DEFAULT:g} at which every "
           "tile's type number and id stand clear of its lines (the eight-port game: 55, or 52 with "
           f"{{clear-print}} too); with {{tactile}}, as large as the braille needs, from {TACTILE_TILE:g}.",
           low=TILE_MIN, high=TILE_MAX, unit="mm", metavar="MM", attr="tile"),
    Option("host-key", CHOICE, "separate", "The host's pages (host key and teacher's guide): the last pages of the "
           "kit's one file, a PDF of their own beside the players' kit (KIT-host-key.pdf, the default), or the host "
           "key left out.", HOST_KEY_CHOICES),
    MEASURED_OPTION,
    INK_OPTION,
    Option("only", LIST, None, "Print only these parts: " + ",".join(PARTS) + ".", PARTS, metavar="PARTS",
           item="part"),
    Option("tiles", TEXT, None, "Reprint only these tiles: 3x2,1x1 is two of type 3 and one of type 1; "
           "3.4 is the tile 3·4.", metavar="LIST"),
    Option("kits", WHOLE, None, f"A class set: N numbered kits ({KITS_MIN} to {KITS_MAX}) in one PDF, tiles and "
           "tokens sharing sheets, one host key.", low=KITS_MIN, high=KITS_MAX, metavar="N"),
    Option("kit", WHOLE, None, "Reprint kit K of a class set under its number (with {only} or {tiles} for some "
           "of it).", metavar="K"),
    Option("cut-guides", CHOICE, "both", "Cut lines round every tile, crop marks in the margin, or both "
           "(hexagon tiles always get their lines: a zigzag cannot be cut from marks alone).", CUT_GUIDES),
    FORMAT_OPTION,
    CUTTER_OPTION,
    KERF_OPTION,
    Option("backs", CHOICE, "none", "The same grey back on every tile, so tiles face down give nothing away. fold: "
           "fronts and backs on one side of each sheet, to fold, glue and cut (any printer); duplex: a page of backs "
           "after each sheet of tiles, for a two-sided printer, after a two-sided test page.", BACKS),
    Option("duplex-x", NUMBER, None, f"With {{backs}} duplex: what the test page's across ruler read ({DUPLEX_MIN:g} "
           f"to {DUPLEX_MAX:g}; 0.5 or 0,5); every back is moved that far to the right.", low=DUPLEX_MIN,
           high=DUPLEX_MAX, unit="mm", metavar="MM",
           advice="; print the two-sided test page and read the across ruler where the line shows through"),
    Option("duplex-y", NUMBER, None, f"With {{backs}} duplex: what the test page's upright ruler read ({DUPLEX_MIN:g} "
           f"to {DUPLEX_MAX:g}); every back is moved that far up.", low=DUPLEX_MIN, high=DUPLEX_MAX, unit="mm",
           metavar="MM", advice="; print the two-sided test page and read the upright ruler where the line shows through"),
    Option("print-shop", FLAG, False, "For a print shop: every page with its TrimBox and BleedBox, a grey output "
           "intent, and every tile in a gutter of its own, its lines running 2 mm past its cut."),
    Option("tactile", FLAG, False, f"A kit to feel, for swell (capsule) paper or lines traced in glue: pure black, "
           f"tiles of {TACTILE_TILE:g} mm or more, lines told apart by type, braille coordinates and type numbers "
           "drawn as dots, a key page; the rules, record sheet and host key also as BRF braille files (their "
           "words need liblouis, Debian's python3-louis, except English; coordinates never do)."),
    Option("red-labels", FLAG, False, "A tactile kit (as {tactile}) with labels for sighted helpers in red beside the "
           "braille (red stays flat on swell paper; print in colour: black-and-white printers make red grey, which "
           "rises)."),
) + PRINT_OPTIONS


@dataclass(frozen=True)
class KitOptions:
    """How the kit is printed: paper, sizes, which parts, a class set."""

    paper: str = "a4"
    tile: float | None = None  # mm as given; None: not given (35, or what large print or a tactile kit needs)
    host_key: str = "separate"  # the host key and the guide in a file of their own
    measured: float | None = None  # what the 50 mm bar measured on the user's printer
    ink: str = "normal"
    only: tuple[str, ...] | None = None  # parts to print; None = all
    tiles: str | None = None  # reprint only these tiles, e.g. "3x2,1x1" or "3.4"
    cut_guides: str = "both"
    kits: int | None = None  # a class set: kits numbered 1 to N in one PDF
    kit: int | None = None  # reprint kit K only, under its own number
    large_print: bool = False  # every word 16 pt or more (paper.LARGE)
    clear_print: bool = False  # 14 pt body, wider spacing, Atkinson Hyperlegible (paper.CLEAR)
    format: str | None = None  # pdf or svg; None: pdf, or svg with a cutter (see `output`)
    cutter: str = "none"  # none, silhouette, cricut or laser
    kerf: float = 0.0  # mm, a laser's
    backs: str = "none"  # none, fold or duplex
    duplex_x: float | None = None  # what the two-sided test page read across (mm): the backs move right by it
    duplex_y: float | None = None  # ... and up
    print_shop: bool = False  # boxes, a grey output intent, tiles in gutters with bleed
    tactile: bool = False  # a kit to feel: swell paper, braille as dots, BRF files
    red_labels: bool = False  # a tactile kit's labels for sighted helpers, in red

    def __post_init__(self) -> None:
        check_options(self, KIT_OPTIONS)
        check_measured(self.paper, self.measured)
        check_cut_files(self.format, self.cutter, self.kerf, self.measured)
        for name, value in (("duplex-x", self.duplex_x), ("duplex-y", self.duplex_y)):
            if value is not None and self.backs != "duplex":
                raise OptionError(name, f"moves the backs of a two-sided print, so it goes with backs duplex, "
                                        f"not backs {self.backs}")
        if self.backs == "fold" and self.cutter != "none":
            raise OptionError("backs", f"fold prints the tiles side by side with their backs, and cutter {self.cutter} "
                                       "lays every piece apart for its machine; choose one of them (cutter "
                                       "silhouette takes backs duplex)")
        if self.backs == "duplex" and self.cutter not in ("none", "silhouette"):
            raise OptionError("backs", f"duplex prints the backs on the sheet's other side, lined up with the front by "
                                       f"silhouette's registration marks; cutter {self.cutter} has no such marks to "
                                       "print: leave backs out or use cutter silhouette")
        if self.print_shop and self.backs != "none":
            raise OptionError("print-shop", f"lays every tile apart in a gutter of its own, and backs {self.backs} "
                                            "needs the tiles side by side; choose one of them")
        if self.print_shop and (self.format == "svg" or self.cutter != "none"):
            raise OptionError("print-shop", "makes a PDF for a print shop's press and guillotine, not cut files for "
                                            "a cutting machine; leave out format svg and cutter")
        check_tactile(self)
        if self.kit is not None and not KITS_MIN <= self.kit <= (self.kits or KITS_MAX):
            if self.kits is not None:
                raise OptionError("kit", f"there is no kit {self.kit} in a set of {self.kits} (kits 1 to {self.kits})")
            raise OptionError("kit", f"{self.kit} is outside {KITS_MIN} to {KITS_MAX}")

    def _replace(self, **changes: Any) -> KitOptions:
        return dataclasses.replace(self, **changes)

    @property
    def tile_size(self) -> float:
        """The tiles' size as asked: the one given, else the default 35 mm (a large-print or tactile kit whose
        size was not given lays out the size its labels or braille need: `Kit.tile`)."""
        return TILE_DEFAULT if self.tile is None else self.tile

    @property
    def numbers(self) -> list[int] | None:
        """The kit numbers to print, or None for one unnumbered kit."""
        if self.kit is not None:
            return [self.kit]
        if self.kits is not None:
            return list(range(1, self.kits + 1))
        return None

    @property
    def type(self) -> TypeProfile:
        """How the kit's words are set: the standard profile, clear print or large print."""
        return type_profile(self.large_print, self.clear_print, self.measured is not None)

    @property
    def output(self) -> str:
        """The format the kit is written in: pdf or svg."""
        return output_format(self.format, self.cutter)

    def wants(self, part: str) -> bool:
        if self.tiles is not None:  # a reprint of named tiles prints just those
            return part == "tiles" or (self.only is not None and part in self.only)
        return self.only is None or part in self.only


def check_tactile(options: KitOptions) -> None:
    """A tactile kit is one kit, pure black, of tiles 50 mm or more (the default 35 mm becomes 50)."""
    if options.red_labels:  # labels a tactile kit's braille: the kit is tactile
        object.__setattr__(options, "tactile", True)
    if not options.tactile:
        return
    if options.ink != "normal":
        raise OptionError("ink", "low ink prints grey, and a tactile kit is pure black (swell paper raises black "
                                 "only): leave ink at normal")
    if options.backs != "none":
        raise OptionError("backs", "prints grey tile backs, and a tactile kit is pure black: leave backs at none")
    if options.print_shop:
        raise OptionError("print-shop", "adds a grey output intent and gutters for a press; a tactile kit is pure "
                                        "black, printed one sheet at a time: leave print-shop out")
    if options.cutter != "none":
        raise OptionError("cutter", "lays a printed kit's pieces apart for a cutting machine; a tactile kit's "
                                    "sheets are cut by hand: leave cutter at none")
    if options.tile is not None and options.tile < TACTILE_TILE:
        raise OptionError("tile-size", f"{options.tile:g} mm is too small for a tactile tile: give "
                                       f"{TACTILE_TILE:g} to {TILE_MAX:g} mm (or leave it out for the size the "
                                       "braille needs)")


# --- worksheets ----------------------------------------------------------------------------

LEVELS = ("easy", "medium", "hard")  # activities.puzzles.LEVELS holds what each one asks for
MAX_SEED = 999_999_999
MAX_COPIES = 200
MAX_PUZZLES = 12

WORKSHEET_OPTIONS = (
    Option("puzzles", WHOLE, None, f"Puzzles on each sheet, 1 to {MAX_PUZZLES} (as many as fit one page). Default: "
           "as many as fit with cells of 12 mm (20 mm with two or three ports a side).", low=1, high=MAX_PUZZLES,
           metavar="N"),
    Option("seed", WHOLE, 1, "Where the puzzles come from: the same seed makes the same sheets, byte for byte.",
           low=0, high=MAX_SEED, metavar="S"),
    Option("level", CHOICE, "medium", "Route length: easy 2-3 tiles, medium 4-7, hard 8 or more through a crossing "
           "tile both ways. Shared path: win in 1, 2 or 3 tiles.", LEVELS),
    Option("copies", WHOLE, 1, "Sheets to make (a class set): each gets its own seed and number, printed on it and "
           "its key.", low=1, high=MAX_COPIES, metavar="C"),
    Option("sheet", WHOLE, None, "Reprint sheet N of a class set under its own number: give the seed printed on "
           "that sheet.", low=1, high=MAX_COPIES, metavar="N"),
    Option("compact-key", FLAG, False, "One answer table for the whole class set instead of a key page per sheet."),
    PAPER_OPTION._replace(help="Paper size, as for the kit."),
    INK_OPTION._replace(help="low: lighter lines and text, for reused paper, as for the kit."),
    MEASURED_OPTION,
    FORMAT_OPTION._replace(help="pdf: one file of the sheets and one of the keys. svg: one file a sheet "
                                "(NAME-01.svg, NAME-key-01.svg, ...), in millimetres, with a Print layer.",
                           default="pdf"),
    LARGE_PRINT_OPTION._replace(help="Large print: every word at 16 pt or more (body 18 pt), left-aligned; fewer "
                                     "puzzles a sheet, with bigger cells and answer boxes."),
    CLEAR_PRINT_OPTION._replace(help="Clear print: body text 14 pt and nothing under 12 pt, wider letter and word "
                                     "spacing, letters that tell l, I, 1 and 0, O apart, as for the kit; with "
                                     "{large-print}, large print's sizes."),
)


@dataclass(frozen=True)
class WorksheetOptions:
    """Which practice sheets to make, and how they are printed."""

    level: str = "medium"
    puzzles: int | None = None  # None: as many as fit one page comfortably
    seed: int = 1
    copies: int = 1
    sheet: int | None = None  # reprint this sheet of a class set: its number, made from `seed` (its own)
    compact_key: bool = False  # every sheet's answers in one table, not a key page per sheet
    paper: str = "a4"
    ink: str = "normal"
    measured: float | None = None
    large_print: bool = False
    clear_print: bool = False
    format: str = "pdf"  # pdf or svg

    def __post_init__(self) -> None:
        check_options(self, WORKSHEET_OPTIONS)
        check_measured(self.paper, self.measured)
        if self.sheet is not None and self.copies > 1:
            raise OptionError("sheet", "reprints one sheet of a class set, so it does not go with copies above 1")

    @property
    def type(self) -> TypeProfile:
        return type_profile(self.large_print, self.clear_print, self.measured is not None)

    def _replace(self, **changes: Any) -> WorksheetOptions:
        return dataclasses.replace(self, **changes)


# --- single-loop clue squares ---------------------------------------------------------------

LOOP_LEVELS = ("easy", "medium", "hard")  # activities.loops says what each one asks for
LOOP_SIZE_MIN, LOOP_SIZE_MAX = 4, 10
LOOP_PUZZLES_MAX = 12

LOOPS_OPTIONS = (
    Option("size", TEXT, "5", f"Squares across and down, {LOOP_SIZE_MIN} to {LOOP_SIZE_MAX}: 7 is 7 x 7, 7x5 is "
           "7 columns and 5 rows.", metavar="N|CxR"),
    Option("level", CHOICE, "easy", "easy: solved one square or dot at a time. medium: also by trying a way on "
           "at a line's end and seeing it fail. hard: one answer, but that is not enough.", LOOP_LEVELS),
    Option("puzzles", WHOLE, None, "Puzzles on each sheet (default: as many as fit in large print).", low=1,
           high=LOOP_PUZZLES_MAX, metavar="N"),
    Option("seed", WHOLE, 1, "Where the puzzles come from: the same seed makes the same sheets, byte for byte.",
           low=0, high=MAX_SEED, metavar="S"),
    Option("copies", WHOLE, 1, "Sheets to make (a class set): each gets its own seed and number, printed on it and "
           "its key.", low=1, high=MAX_COPIES, metavar="C"),
    Option("sheet", WHOLE, None, "Reprint sheet N of a class set under its own number: give the seed printed on "
           "that sheet.", low=1, high=MAX_COPIES, metavar="N"),
    Option("tiles", FLAG, False, "The tile version: one puzzle a board with cells the size of the tiles, and blank, "
           "straight and corner tiles to cut and lay."),
    PAPER_OPTION._replace(help="Paper size, as for the kit."),
    INK_OPTION._replace(help="low: lighter lines and text, for reused paper, as for the kit."),
    MEASURED_OPTION,
    *PRINT_OPTIONS,
    Option("from", FILE, None, "Print the puzzles of a puzzle file (the JSON this command prints; papergame "
           "validate checks it) instead of making new ones: its size and levels are the file's.", attr="puzzle_file",
           metavar="PUZZLES.json"),
)


def loop_size(value: Any) -> tuple[int, int]:
    """(columns, rows) from a size as typed: 7 is 7 x 7, 7x5 (or 7×5) is 7 columns and 5 rows.

    >>> loop_size("7"), loop_size(" 7X5 "), loop_size((6, 4))
    ((7, 7), (7, 5), (6, 4))
    """
    if isinstance(value, tuple):
        columns, rows = value
    else:
        parts = str(value).strip().lower().replace("×", "x").split("x")
        try:
            if len(parts) > 2:
                raise ValueError
            columns, rows = (int(parts[0]), int(parts[0])) if len(parts) == 1 else (int(parts[0]), int(parts[1]))
        except ValueError:
            raise OptionError("size", f'"{value}" is not a size such as 7 or 7x5 (columns x rows)') from None
    if not (LOOP_SIZE_MIN <= columns <= LOOP_SIZE_MAX and LOOP_SIZE_MIN <= rows <= LOOP_SIZE_MAX):
        raise OptionError("size", f"{columns} x {rows} is outside {LOOP_SIZE_MIN} to {LOOP_SIZE_MAX} squares each way")
    return columns, rows


@dataclass(frozen=True)
class LoopOptions:
    """Which single-loop puzzle sheets to make, and how they are printed."""

    size: Any = "5"  # as typed ("7", "7x5") or (columns, rows); held as (columns, rows)
    level: str = "easy"
    puzzles: int | None = None  # None: as many as fit a page in large print
    seed: int = 1
    copies: int = 1
    sheet: int | None = None  # reprint this sheet of a class set, made from `seed` (its own)
    tiles: bool = False  # the tile version: one puzzle a board, with tiles to cut
    paper: str = "a4"
    ink: str = "normal"
    measured: float | None = None
    large_print: bool = False  # every word 16 pt or more, as for the kit (paper.LARGE)
    clear_print: bool = False  # 14 pt body, wider spacing, Atkinson Hyperlegible (paper.CLEAR)
    puzzle_file: Any = None  # print these puzzles (a path to a puzzle file) instead of making new ones

    def __post_init__(self) -> None:
        check_options(self, LOOPS_OPTIONS)
        object.__setattr__(self, "size", loop_size(self.size))
        check_measured(self.paper, self.measured)
        if self.sheet is not None and self.copies > 1:
            raise OptionError("sheet", "reprints one sheet of a class set, so it does not go with copies above 1")
        if self.puzzle_file is not None and (self.copies > 1 or self.sheet is not None):
            raise OptionError("from", "prints the file's puzzles on one sheet, so it goes with neither copies above 1 "
                                      "nor sheet (they make new puzzles from a seed)")
        if self.puzzle_file is not None and self.puzzles is not None:
            raise OptionError("from", "prints every puzzle of the file, so it does not go with puzzles (take some "
                                      "out of the file instead)")

    @property
    def type(self) -> TypeProfile:
        return type_profile(self.large_print, self.clear_print, self.measured is not None)

    @property
    def columns(self) -> int:
        return self.size[0]

    @property
    def rows(self) -> int:
        return self.size[1]

    def _replace(self, **changes: Any) -> LoopOptions:
        return dataclasses.replace(self, **changes)


# --- a simulation --------------------------------------------------------------------------

POLICIES = ("random", "careful")
MAX_GAMES = 1_000_000

SIMULATION_OPTIONS = (
    Option("games", WHOLE, 1000, "How many games to play.", low=1, high=MAX_GAMES, metavar="N", grouped=True),
    Option("policy", CHOICE, "random", "random: a tile from the hand, turned at random. careful: at random among "
           "the placements that keep the mover's own token (or the shared path) on the board, if any.", POLICIES),
    Option("seed", WHOLE, 1, "Where the games come from: the same seed gives the same figures.", metavar="S"),
)


@dataclass(frozen=True)
class SimulationOptions:
    games: int = 1000
    policy: str = "random"
    seed: int = 1

    def __post_init__(self) -> None:
        check_options(self, SIMULATION_OPTIONS)


# --- a tile set ----------------------------------------------------------------------------


TILESET_OPTIONS = (
    Option("shape", CHOICE, "square", f"The tile's shape: {or_list([k.description for k in SHAPES.values()])}.",
           tuple(SHAPES)),
    Option("ports-per-side", WHOLE, 2, "Ports on each side: " + ", ".join(
        f"{'1' if k.max_ports_per_side == 1 else f'1 to {k.max_ports_per_side}'} on {k.description}"
        for k in SHAPES.values()) + ".", low=1),
    Option("copies", WHOLE, 1, "Copies of each different tile in the set.", low=1, high=MAX_TILES),
    Option("columns", WHOLE, None, f"Board columns, {BOARD_MIN} to {BOARD_MAX} (default: "
           f"{or_list([str(n) for n in sorted({n for k in SHAPES.values() for n in k.default_boards.values()})])} by shape).",
           low=BOARD_MIN, high=BOARD_MAX, unit="cells"),
    Option("rows", WHOLE, None, f"Board rows, {BOARD_MIN} to {BOARD_MAX} (default: as many as columns).",
           low=BOARD_MIN, high=BOARD_MAX, unit="cells"),
)


@dataclass(frozen=True)
class TilesetOptions:
    shape: str = "square"
    ports_per_side: int = 2
    copies: int = 1
    columns: int | None = None
    rows: int | None = None

    def __post_init__(self) -> None:
        check_options(self, TILESET_OPTIONS)
        most = MAX_PORTS_PER_SIDE[self.shape]
        if not 1 <= self.ports_per_side <= most:
            raise OptionError("ports-per-side", f"a {self.shape} tile may have 1 to {most} ports a side, "
                                                f"not {self.ports_per_side}")
        count = TileShape(*standard_ports(self.shape, self.ports_per_side)).count_all_tiles()
        if count * self.copies > MAX_TILES:
            raise OptionError(
                "copies", f"the complete set of {self.shape} tiles with {self.ports_per_side} ports a side has "
                f"{count:,} different tiles; {self.copies} of each is {count * self.copies:,} tiles, and a set "
                f"may hold at most {MAX_TILES}")


# --- the documents -------------------------------------------------------------------------


class Request(NamedTuple):
    """What a document is made from: the game, its words, and the document's own options."""

    game: Any  # a definition file's path, a built-in game's name, None (the default game), or a definition
    lang: str
    text: Any  # a text file of the user's (a path, or a file sent to the page), which wins over lang
    options: Any


class Document(NamedTuple):
    """A document's options in the order its help lists them, and the value they make."""

    name: str
    options: tuple[Option, ...]
    value: type
    words: bool = True  # the game, its language and a text file (a tile set has none)
    game: bool = True  # whether it is made from a game (single-loop puzzles are not: words only)

    @property
    def every(self) -> tuple[Option, ...]:
        if not self.words:
            return self.options
        return self.options + (WORDS if self.game else tuple(o for o in WORDS if o is not GAME_OPTION))

    def option(self, name: str) -> Option | None:
        return next((o for o in self.every if o.name == name), None)

    def parse(self, values: dict[str, Any]) -> Request:
        """The request for `values`, keyed by option name (tile-size); a missing or None value is the default.

        Every value is converted and checked here, once, as the value is made.
        """
        unknown = [name for name in values if self.option(name) is None]
        if unknown:
            raise OptionError(unknown[0], f'is not an option of the {self.name}')
        own = {o.key: values[o.name] for o in self.options if values.get(o.name) is not None}
        options = self.value(**own)
        if not self.words:
            return Request(None, LANG_OPTION.default, None, options)
        lang = values.get("lang")
        return Request(values.get("game"), LANG_OPTION.default if lang is None else str(lang), values.get("text"),
                       options)


KIT = Document("kit", KIT_OPTIONS, KitOptions)
WORKSHEETS = Document("worksheets", WORKSHEET_OPTIONS, WorksheetOptions)
SIMULATION = Document("simulation", SIMULATION_OPTIONS, SimulationOptions)
TILESET = Document("tile set", TILESET_OPTIONS, TilesetOptions, words=False)
LOOPS = Document("loops", LOOPS_OPTIONS, LoopOptions, game=False)
DOCUMENTS = {d.name: d for d in (KIT, WORKSHEETS, SIMULATION, TILESET, LOOPS)}
