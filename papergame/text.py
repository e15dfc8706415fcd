"""The printed words, as the pages use them: a text by its key, sides, positions and numbers in a language.

Words are filled in with `string.Template`, which substitutes plain names and nothing else,
so a text file can never reach into the program. Reading and checking the text files is the
data step's (`papergame.data.words`).
"""

from __future__ import annotations

import re
import string
from typing import Any
from papergame.records import NamedTuple

SIDE_AND_INDEX = re.compile(r"(?P<side>[A-Z]+)(?P<index>[0-9]*)")
NOTATION_WORDS = ("out", "decimal", "thousands")  # the [notation] keys that are not side names


def placeholders(template: str) -> set[str]:
    """The names a template asks for.

    >>> sorted(placeholders("$white at $white_start, $$5"))
    ['white', 'white_start']
    """
    names = set()
    for match in string.Template.pattern.finditer(template):
        name = match.group("named") or match.group("braced")
        if name:
            names.add(name)
    return names


class Texts(NamedTuple):
    source: str
    sections: dict[str, dict[str, str]]
    lang: str = "en"  # the language code they were asked for: a printed command names it
    given: str = ""  # the text file named as the words to print, if one was ("": found by the language)

    def get(self, key: str, **values: Any) -> str:
        """The text at `section.key`, with its placeholders filled in."""
        section, _, name = key.partition(".")
        template = self.sections[section][name]
        return string.Template(template).substitute({k: str(v) for k, v in values.items()})

    def optional(self, key: str, **values: Any) -> str:
        """The text at `section.key` as `get` gives it, or "" where the file leaves it out (`OPTIONAL_WORDS`)."""
        section, _, name = key.partition(".")
        return self.get(key, **values) if name in self.sections.get(section, {}) else ""

    def all_strings(self) -> list[tuple[str, str]]:
        return [(f"{s}.{k}", v) for s, keys in self.sections.items() for k, v in keys.items()]

    # --- notation: how this language writes sides, ports, positions and numbers -----------
    # Definition files and `trace` keep the file's own names (N, E, S, W, ...); every printed
    # page goes through these, so a French page says A1/O where the file says A1/W.

    def letters(self, port: str) -> str:
        """How this language writes a side or port the definition calls `port`.

        A port with a number (`W2`) keeps its number after the side's letters (`O2`).
        """
        table = self.sections.get("notation", {})
        m = SIDE_AND_INDEX.fullmatch(port)
        if m is None or m["side"] not in table or m["side"] in NOTATION_WORDS:
            return port
        return table[m["side"]] + m["index"]

    def position(self, board, position) -> str:
        """`CELL/PORT` as printed in this language, or its word for a token that left the board."""
        if position is None:
            return self.sections.get("notation", {}).get("out", "out")
        return f"{board.cell_name(position.cell)}/{self.letters(position.port)}"

    def number(self, value: float, places: int | None = None) -> str:
        """A number with this language's decimal mark: `places` decimals, or as few as it needs.

        >>> Texts("en", {}).number(27.5), Texts("en", {}).number(101.64, 2), Texts("fr", {"notation": {"decimal": ","}}).number(35.5)
        ('27.5', '101.64', '35,5')
        """
        text = f"{value:g}" if places is None else f"{value:.{places}f}"
        return text.replace(".", self.sections.get("notation", {}).get("decimal", "."))

    def whole(self, value: int) -> str:
        """A whole number with this language's thousands separator.

        >>> Texts("en", {}).whole(7054)
        '7,054'
        """
        return f"{value:,}".replace(",", self.sections.get("notation", {}).get("thousands", ","))
