"""Braille: six-dot cells, the codes a kit's coordinates are written in, dot geometry and BRF files.

A cell is a number of six bits, dot 1 the lowest (dots 1-2-3 down the left column, 4-5-6 down
the right): `0b000001` is dot 1 (the letter a), `0b111100` dots 3-4-5-6 (the number sign of
UEB). Nothing here draws: `dot_centres` says where the dots of a line of cells go in
millimetres, and the layout draws them as filled circles, so no braille font is needed.

**Coordinates** (`A1`, `12`, the type number `3`) are written by this module itself, in each
language's uncontracted code: a capital sign before a capital letter where the code has one, a
number sign before a run of digits, the digits as its code writes them (letters a-j in most
codes, the lower "Antoine" digits in French). These few rules are all a coordinate needs, and
the tests check them against liblouis for every column letter, row and type number a
definition may have:

| language | code | capital sign | number sign | digits |
|---|---|---|---|---|
| en (and any other) | Unified English Braille, uncontracted (grade 1) | dot 6 | dots 3456 | a-j |
| fr | Code braille français uniformisé, uncontracted | dots 46 | dot 6 | Antoine (1 = dots 16) |
| es | Spanish braille (ONCE), uncontracted | dots 46 | dots 3456 | a-j |
| de | German braille, Basisschrift (uncontracted) | none | dots 3456 | a-j |
| uk | Ukrainian braille (liblouis `uk.utb`) | dots 46 | dots 3456 | a-j |

**Prose** (the rules, the record sheet, the host key as BRF files) is translated by liblouis
when it is installed (Debian's `python3-louis`, a ctypes binding outside any venv: `louis()`
loads it from where Debian puts it, and papergame never needs it to build a PDF). Without it,
English prose is written by `ueb_uncontracted`, this module's own uncontracted UEB for
letters, digits and common punctuation; other languages then get no prose BRF files.

**BRF** is North American braille ASCII (one ASCII character a cell), 40 cells a line and 25
lines a page, lines ending CR LF and pages a form feed, as embossers take it.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from papergame.records import NamedTuple


class BrailleError(ValueError):
    """A text this module cannot write in braille (a character it has no cell for)."""


# --- cells -------------------------------------------------------------------------------------


def cell(*dots: int) -> int:
    """The cell with these dots raised.

    >>> cell(1), cell(3, 4, 5, 6), cell()
    (1, 60, 0)
    """
    mask = 0
    for dot in dots:
        if not 1 <= dot <= 6:
            raise ValueError(f"dot {dot} is not one of 1 to 6")
        mask |= 1 << (dot - 1)
    return mask


def dots_of(mask: int) -> tuple[int, ...]:
    """The raised dots of a cell.

    >>> dots_of(60)
    (3, 4, 5, 6)
    """
    return tuple(d for d in range(1, 7) if mask & (1 << (d - 1)))


def unicode_braille(cells: list[int] | tuple[int, ...]) -> str:
    """Cells as Unicode braille patterns (U+2800 + the dot bits): for reading and for tests.

    >>> unicode_braille([cell(6), cell(1), cell(3, 4, 5, 6), cell(1)])
    '⠠⠁⠼⠁'
    """
    return "".join(chr(0x2800 + c) for c in cells)


def from_unicode(text: str) -> list[int]:
    """Unicode braille patterns (dots 1-6 only) back to cells."""
    out = []
    for ch in text:
        code = ord(ch) - 0x2800
        if not 0 <= code < 64:
            raise BrailleError(f'"{ch}" is not a six-dot braille cell')
        out.append(code)
    return out


# North American braille ASCII: the character of each cell, in the order of its dot bits (BRF)
ASCII_BRAILLE = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="
assert len(ASCII_BRAILLE) == 64


def brf_text(cells: list[int] | tuple[int, ...]) -> str:
    """Cells as braille ASCII, the characters of a BRF file.

    >>> brf_text([cell(6), cell(1), cell(3, 4, 5, 6), cell(1)])
    ',A#A'
    """
    return "".join(ASCII_BRAILLE[c] for c in cells)


LETTERS = {  # the 26 letters of Louis Braille's alphabet, which all five codes share
    "a": (1,), "b": (1, 2), "c": (1, 4), "d": (1, 4, 5), "e": (1, 5), "f": (1, 2, 4), "g": (1, 2, 4, 5),
    "h": (1, 2, 5), "i": (2, 4), "j": (2, 4, 5), "k": (1, 3), "l": (1, 2, 3), "m": (1, 3, 4), "n": (1, 3, 4, 5),
    "o": (1, 3, 5), "p": (1, 2, 3, 4), "q": (1, 2, 3, 4, 5), "r": (1, 2, 3, 5), "s": (2, 3, 4), "t": (2, 3, 4, 5),
    "u": (1, 3, 6), "v": (1, 2, 3, 6), "w": (2, 4, 5, 6), "x": (1, 3, 4, 6), "y": (1, 3, 4, 5, 6), "z": (1, 3, 5, 6),
}
LETTER = {k: cell(*v) for k, v in LETTERS.items()}
UPPER_DIGITS = tuple(LETTER[ch] for ch in "jabcdefghi")  # 0 is j, 1 to 9 are a to i
ANTOINE_DIGITS = tuple(cell(*d) for d in ((3, 4, 5, 6), (1, 6), (1, 2, 6), (1, 4, 6), (1, 4, 5, 6), (1, 5, 6),
                                          (1, 2, 4, 6), (1, 2, 4, 5, 6), (1, 2, 5, 6), (2, 4, 6)))


class BrailleCode(NamedTuple):
    """How one language's uncontracted braille writes a coordinate, and liblouis's table for its prose."""

    name: str
    label: str  # in a sentence, for the README, the guide and the BRF files' notes
    capital: tuple[int, ...]  # cells before a capital letter (none: capitals are not marked)
    number: int  # the cell before a run of digits
    digits: tuple[int, ...]  # the cells of 0 to 9
    table: str  # liblouis's uncontracted table for the language's prose


UEB = BrailleCode("ueb", "Unified English Braille, uncontracted (grade 1)", (cell(6),), cell(3, 4, 5, 6),
                  UPPER_DIGITS, "en-ueb-g1.ctb")
CODES = {code.name: code for code in (
    UEB,
    BrailleCode("bfu", "Code braille français uniformisé, uncontracted", (cell(4, 6),), cell(6), ANTOINE_DIGITS,
                "fr-bfu-comp6.utb"),
    BrailleCode("es", "Spanish braille (ONCE), uncontracted", (cell(4, 6),), cell(3, 4, 5, 6), UPPER_DIGITS,
                "es-g1.ctb"),
    BrailleCode("de", "German braille, Basisschrift (uncontracted)", (), cell(3, 4, 5, 6), UPPER_DIGITS, "de-g0.utb"),
    BrailleCode("uk", "Ukrainian braille (uncontracted)", (cell(4, 6),), cell(3, 4, 5, 6), UPPER_DIGITS, "uk.utb"),
)}
LANGUAGE_CODES = {"en": "ueb", "fr": "bfu", "es": "es", "de": "de", "uk": "uk"}  # what each text file names


def code_for(lang: str) -> BrailleCode:
    """The braille code of a language: its own among en, fr, es, de, uk; UEB for any other.

    >>> code_for("fr").name, code_for("it").name
    ('bfu', 'ueb')
    """
    return CODES[LANGUAGE_CODES.get(lang.split("-")[0].lower(), "ueb")]


def coordinate(text: str, code: BrailleCode = UEB) -> list[int]:
    """A coordinate or number (`A1`, `L12`, `3`, `B`) in a code's uncontracted braille.

    >>> unicode_braille(coordinate("A1")), unicode_braille(coordinate("12"))
    ('⠠⠁⠼⠁', '⠼⠁⠃')
    >>> unicode_braille(coordinate("A1", CODES["bfu"])), unicode_braille(coordinate("C3", CODES["de"]))
    ('⠨⠁⠠⠡', '⠉⠼⠉')
    >>> coordinate("A-1")
    Traceback (most recent call last):
    ...
    papergame.braille.BrailleError: "-" is not a letter or a digit: a coordinate is letters then digits (A1)
    """
    out: list[int] = []
    digits = False
    for ch in text:
        if ch.isascii() and ch.isdigit():
            if not digits:
                out.append(code.number)
            out.append(code.digits[int(ch)])
            digits = True
            continue
        if not (ch.isascii() and ch.isalpha()):
            raise BrailleError(f'"{ch}" is not a letter or a digit: a coordinate is letters then digits (A1)')
        if digits:
            raise BrailleError(f'"{text}": a letter after a digit is not a coordinate (write letters first, as A1)')
        if ch.isupper():
            out.extend(code.capital)
        out.append(LETTER[ch.lower()])
    return out


# --- English prose without liblouis: uncontracted UEB ------------------------------------------

UEB_PUNCTUATION = {
    ",": (cell(2),), ";": (cell(2, 3),), ":": (cell(2, 5),), ".": (cell(2, 5, 6),), "!": (cell(2, 3, 5),),
    "?": (cell(2, 3, 6),), "'": (cell(3),), "’": (cell(3),), "-": (cell(3, 6),), "(": (cell(5), cell(1, 2, 6)),
    ")": (cell(5), cell(3, 4, 5)), "/": (cell(4, 5, 6), cell(3, 4)), "@": (cell(4), cell(1)),
    "\"": (cell(2, 3, 6),), "“": (cell(2, 3, 6),), "”": (cell(3, 5, 6),), "–": (cell(6), cell(3, 6)),
    "—": (cell(6), cell(3, 6)), "&": (cell(4), cell(1, 2, 3, 4, 6)), "+": (cell(5), cell(2, 3, 5)),
    "=": (cell(5), cell(2, 3, 5, 6)), "×": (cell(5), cell(2, 3, 6)), "%": (cell(4, 6), cell(3, 5, 6)),
    "·": (cell(4), cell(1, 6)),  # the middle dot of a tile's id, 3·4
    "•": (cell(4, 5, 6), cell(2, 5, 6)), "…": (cell(2, 5, 6),) * 3, "°": (cell(4, 5), cell(2, 4, 5)),
    "→": (cell(5, 6), cell(1, 2, 5, 6), cell(1, 3, 5)),
}
GRADE_1 = cell(5, 6)  # UEB's grade 1 indicator, before a letter a-j that follows a digit
CAPITAL_WORD = (cell(6), cell(6))


def ueb_uncontracted(text: str) -> list[int]:
    """English text in uncontracted UEB: letters, capitals (a capital word for two or more), digits and
    common punctuation; spaces are blank cells. Anything else is a BrailleError.

    >>> unicode_braille(ueb_uncontracted("Lay tile 3@90 in A1."))
    '⠠⠇⠁⠽⠀⠞⠊⠇⠑⠀⠼⠉⠈⠁⠼⠊⠚⠀⠊⠝⠀⠠⠁⠼⠁⠲'
    >>> unicode_braille(ueb_uncontracted("OUT"))
    '⠠⠠⠕⠥⠞'
    """
    words = text.split(" ")
    passages = capital_passages(words)
    out: list[int] = []
    for i, word in enumerate(words):
        if i:
            out.append(0)
        start, end = any(a == i for a, _ in passages), any(b == i for _, b in passages)
        inside = any(a <= i <= b for a, b in passages)
        if start:
            out += CAPITAL_PASSAGE
        out += ueb_word(word, capitals=not inside)
        if end:
            out += CAPITAL_TERMINATOR
    return out


CAPITAL_PASSAGE = (cell(6), cell(6), cell(6))
CAPITAL_TERMINATOR = (cell(6), cell(3))


def capital_passages(words: list[str]) -> list[tuple[int, int]]:
    """Runs of three or more words in capitals (words without letters may stand between), first to last index:
    UEB writes them as a capitals passage, one indicator before and a terminator after.

    >>> capital_passages("Sides N E S W.".split())
    [(1, 4)]
    >>> capital_passages("A1 3 A2/S E5/N".split()), capital_passages("A1 3 A2/S".split())
    ([(0, 3)], [])
    """
    def kind(word: str) -> str:
        letters = [ch for ch in word if ch.isascii() and ch.isalpha()]
        if not letters:
            return "none"
        return "caps" if all(ch.isupper() for ch in letters) else "lower"

    out, run = [], []
    for i, word in enumerate(words + ["x"]):
        k = kind(word)
        if k == "caps":
            run.append(i)
        elif k == "lower":
            if len(run) >= 3:
                out.append((run[0], run[-1]))
            run = []
    return out


def ueb_word(word: str, capitals: bool = True) -> list[int]:
    """One word (no spaces); a run of two or more capital letters takes the capitalised-word indicator.
    Inside a capitals passage (`capitals` False) capitals take no indicator of their own."""
    out: list[int] = []
    digits = False
    for i, ch in enumerate(word):
        if ch.isascii() and ch.isdigit():
            if not digits:
                out.append(UEB.number)
            out.append(UEB.digits[int(ch)])
            digits = True
        elif ch.isascii() and ch.isalpha():
            if digits and ch.lower() in "abcdefghij":
                out.append(GRADE_1)
            run_start = i == 0 or not (word[i - 1].isascii() and word[i - 1].isalpha())
            run = letter_run(word, i)
            if not capitals:
                pass
            elif len(run) >= 2 and run.isupper():
                if run_start:
                    out += CAPITAL_WORD
            elif ch.isupper():
                out.extend(UEB.capital)
            out.append(LETTER[ch.lower()])
            digits = False
        elif ch in UEB_PUNCTUATION:
            if not (digits and ch in ".,"):  # a point or comma inside a number keeps it going
                digits = False
            out.extend(UEB_PUNCTUATION[ch])
        elif ch == "\u00a0":
            out.append(0)
            digits = False
        else:
            raise BrailleError(f'"{ch}" (U+{ord(ch):04X}) has no cell in papergame\'s own uncontracted braille')
    return out


def letter_run(word: str, i: int) -> str:
    """The run of ASCII letters that the letter at `i` belongs to."""
    start, end = i, i
    while start > 0 and word[start - 1].isascii() and word[start - 1].isalpha():
        start -= 1
    while end < len(word) and word[end].isascii() and word[end].isalpha():
        end += 1
    return word[start:end]


# --- liblouis, where it is installed --------------------------------------------------------------

LOUIS_PATHS = (Path("/usr/lib/python3/dist-packages/louis/__init__.py"),)  # Debian's python3-louis


@lru_cache(maxsize=1)
def louis() -> ModuleType | None:
    """liblouis's Python binding, or None when it cannot be loaded (never an error: build needs no braille library).

    A `louis` importable as it is is used first; else Debian's copy, loaded from its file alone
    (the rest of the system's dist-packages stays off the path). Never in a browser (Pyodide).
    """
    if sys.platform == "emscripten":
        return None
    try:
        import louis as found  # type: ignore[import-not-found]

        return found
    except Exception:  # not installed, or a binding whose library is missing
        pass
    for path in LOUIS_PATHS:
        if not path.is_file():
            continue
        try:
            spec = importlib.util.spec_from_file_location("papergame_louis", path)
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.version()  # the shared library itself loads
            return module
        except Exception:  # OSError (no liblouis.so), a binding for another Python, ...
            continue
    return None


def louis_cells(text: str, table: str) -> list[int]:
    """Text translated by liblouis with one of its tables, as six-dot cells.

    liblouis marks some letters with a ninth dot that only tells them apart inside its tables
    (Ukrainian є, і, ї, ґ and Cyrillic in general): it is dropped. A character liblouis has no
    rule for comes out as an escape with dots 7 or 8, which six-dot braille cannot show: an error.
    """
    lib = louis()
    if lib is None:
        raise BrailleError("liblouis is not installed (Debian: python3-louis)")
    result = lib.translateString([table], text, mode=lib.dotsIO)
    out = []
    for ch in result:
        bits = ord(ch) & 0xFF
        if bits & 0xC0:
            raise BrailleError(f'liblouis ({table}) has no braille for a character of "{text[:40]}"')
        out.append(bits)
    return out


# --- dots on paper --------------------------------------------------------------------------------


class DotGeometry(NamedTuple):
    """Where the dots of braille cells go on paper, in mm (within the standard ranges: dots 2.3-2.5 mm apart
    in a cell, cells 6.1-7.6 mm apart, lines 10.0-10.2 mm apart)."""

    dot: float = 2.4  # between the centres of neighbouring dots of a cell, across and down
    cell: float = 6.2  # between the same dot of neighbouring cells
    line: float = 10.1  # between the same dot of neighbouring lines
    diameter: float = 1.5  # of a dot

    def width(self, cells: int) -> float:
        """Across a line of `cells` cells, from the left edge of its first dot to the right edge of its last."""
        return (cells - 1) * self.cell + self.dot + self.diameter if cells else 0.0

    @property
    def height(self) -> float:
        """Of one line of cells, from the top of dot 1 to the bottom of dot 3."""
        return 2 * self.dot + self.diameter


STANDARD = DotGeometry()


def dot_centres(cells: list[int], left: float, top: float, geometry: DotGeometry = STANDARD
                ) -> list[tuple[float, float]]:
    """The centres of the raised dots of a line of cells whose first cell's dot 1 has its top-left at (left, top), y up.

    >>> dot_centres([cell(1, 5)], 0.0, 10.0)
    [(0.75, 9.25), (3.15, 6.85)]
    """
    r = geometry.diameter / 2
    out = []
    for i, mask in enumerate(cells):
        x0 = left + r + i * geometry.cell
        for dot in dots_of(mask):
            column, row = divmod(dot - 1, 3)
            out.append((round(x0 + column * geometry.dot, 4), round(top - r - row * geometry.dot, 4)))
    return out


# --- BRF files ------------------------------------------------------------------------------------

BRF_WIDTH, BRF_HEIGHT = 40, 25


def wrap_cells(cells: list[int], width: int = BRF_WIDTH, first: int = 0) -> list[list[int]]:
    """A paragraph's cells in lines of at most `width`, broken at blank cells (a word longer than a line is cut);
    the first line starts `first` cells in (a paragraph starts in cell 3, its runover lines in cell 1).

    >>> [len(line) for line in wrap_cells([1] * 5 + [0] + [1] * 5, 8)]
    [5, 5]
    >>> wrap_cells([1, 0, 1], 8, first=2)
    [[0, 0, 1, 0, 1]]
    """
    words = [w for w in _words(cells) if w]
    lines: list[list[int]] = []
    line: list[int] = [0] * first
    for word in words:
        while True:
            room = width - len(line) - (1 if any(line) else 0)
            if len(word) <= room:
                line = line + [0] + word if any(line) else line + word
                break
            if any(line):  # on to the next line
                lines.append(line)
                line = []
                continue
            lines.append(line + word[:room])  # a word longer than a line: cut it
            word, line = word[room:], []
    if any(line):
        lines.append(line)
    return lines


def _words(cells: list[int]) -> list[list[int]]:
    words: list[list[int]] = [[]]
    for c in cells:
        if c == 0:
            words.append([])
        else:
            words[-1].append(c)
    return words


def brf_pages(paragraphs: list[list[int]], width: int = BRF_WIDTH, height: int = BRF_HEIGHT) -> list[list[str]]:
    """Paragraphs of cells laid into BRF pages: lines of at most `width` cells, at most `height` lines a page, a
    blank line between paragraphs (none at the top of a page). An empty paragraph forces a new page."""
    pages: list[list[str]] = [[]]
    for paragraph in paragraphs:
        if not paragraph:
            if pages[-1]:
                pages.append([])
            continue
        lines = [brf_text(line).rstrip() for line in wrap_cells(paragraph, width, first=2)]
        if pages[-1] and len(pages[-1]) + 1 + min(len(lines), 2) > height:  # keep two lines of it together
            pages.append([])
        if pages[-1]:
            pages[-1].append("")
        for line in lines:
            if len(pages[-1]) >= height:
                pages.append([])
            pages[-1].append(line)
    return [page for page in pages if page]


def brf_file(paragraphs: list[list[int]]) -> bytes:
    """A whole BRF file: pages of `brf_pages`, lines ending CR LF, each page ended by a form feed."""
    return "".join("\r\n".join(page) + "\r\n\f" for page in brf_pages(paragraphs)).encode("ascii")


# --- prose: liblouis where installed, else papergame's own uncontracted English ---------------------


def prose_available(code: BrailleCode) -> bool:
    """Whether this code's prose can be written here: with liblouis any code, without it English (UEB) only."""
    return louis() is not None or code is UEB


SPELLED = {"es": {"°": " grados"}}  # signs a code's liblouis table has no rule for, as the language says them


def prose(text: str, code: BrailleCode) -> list[int]:
    """A paragraph in the code's uncontracted braille: by liblouis (its `table`) where installed, else by
    `ueb_uncontracted` for UEB. A word that cannot be written is written letter by letter as far as it can,
    a character that cannot be written at all is left out (the tests check that no built-in text loses one)."""
    for sign, words in SPELLED.get(code.name, {}).items():
        text = text.replace(sign, words)
    if louis() is not None:
        try:
            return louis_cells(text, code.table)
        except BrailleError:
            return _word_by_word(text, lambda word: louis_cells(word, code.table))
    if code is not UEB:
        raise BrailleError(f"{code.label} needs liblouis (Debian: python3-louis)")
    try:
        return ueb_uncontracted(text)
    except BrailleError:
        return _word_by_word(text, ueb_uncontracted)


def _word_by_word(text: str, translate) -> list[int]:
    out: list[int] = []
    for word in text.split():
        if out:
            out.append(0)
        try:
            out += translate(word)
        except BrailleError:
            for ch in word:
                try:
                    out += translate(ch)
                except BrailleError:
                    continue
    return out
