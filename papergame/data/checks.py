"""A file's problems, collected and worded for people: the data step's part of every check.

A `Checker` gathers every problem with one file's fields (so loading reports them all at
once), each as `label: place: message`. The place is the field's path (`tiles[2].copies`)
or, where the data step knows the file's text (`papergame.data.places`), the table and line
people find it at. The helpers word a TOML value as its writer sees it (`type_name`:
"text", "a list of numbers"; `toml_text`: `["N"]`). The game's own checks (what a
definition must hold, `papergame.model.definition` and the rule sets) and the printed
words' (`papergame.data.words`) are written with it; it knows nothing of the game.

>>> check = Checker("game.toml")
>>> check.integer(0, "tiles[0].copies", 1, 200, "copies"), check.strings(["A", "a"], "board.columns")
(None, None)
>>> check.problems  # doctest: +NORMALIZE_WHITESPACE
['game.toml: tiles[0].copies: is 0; copies must be from 1 to 200',
 'game.toml: board.columns: "A" and "a" are the same name when read back (case is ignored: a1 is A1); rename one']
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

MAX_UNKNOWN_KEYS = 5  # unknown keys of one table named one by one; more are counted in one line
NAME_FORBIDDEN = set("/:@,; \t\n")


ITEM_WORDS = {"pairs": "pair", "columns": "name", "rows": "name", "sides": "name", "ports": "name"}


class Checker:
    """Collects problems with the fields of one file.

    A field is named as a path (`tiles[2].copies`); `where`, when the data step knows the
    file's text, words it for people instead ("the [[tiles]] table with type = 3, line 58:
    copies"). `key` is a key the message itself names (an unknown one), whose line is the place.
    """

    def __init__(self, label: str, where: Callable[[str, str | None], str] | None = None):
        self.label = label
        self.where = where
        self.problems: list[str] = []

    def problem(self, field: str, message: str, key: str | None = None) -> None:
        place = self.where(field, key) if self.where is not None else field
        self.problems.append(f"{self.label}: {place}: {message}" if place else f"{self.label}: {message}")

    def item(self, field: str, index: int) -> str:
        """How a message names another entry of the same list: `pair 1` for people, else `tiles[0].pairs[0]`."""
        if self.where is None:
            return f"{field}[{index}]"
        return f"{ITEM_WORDS.get(field.rpartition('.')[2], 'item')} {index + 1}"

    def keys(self, table: Any, field: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()) -> bool:
        """Check a table's keys; False if it is not a table at all."""
        if not isinstance(table, dict):
            self.problem(field, f"must be a table, not {type_name(table)}")
            return False
        unknown = sorted(table.keys() - required - optional)
        known = sorted(required | optional)
        allowed = ", ".join(known)
        meant = {} if len(unknown) > MAX_UNKNOWN_KEYS else misspelt(unknown, known)
        for key in sorted(required - table.keys() - set(meant.values())):  # a misspelt key is named once, below
            self.problem(join(field, key), "missing")
        if len(unknown) > MAX_UNKNOWN_KEYS:
            first = ", ".join(unknown[:MAX_UNKNOWN_KEYS])
            self.problem(field, f"{len(unknown):,} unknown keys ({first}, ...; expected only: {allowed})")
            return True
        for key in unknown:
            if key in meant:
                self.problem(field, f'"{key}" is not a key; did you mean "{meant[key]}"?', key)
            else:
                self.problem(field, f'"{key}" is not a key (the keys: {allowed})' if known else
                             f'"{key}" is not a key: this table holds none', key)
        return True

    def strings(self, value: Any, field: str, min_len: int = 1, max_len: int | None = None) -> tuple[str, ...] | None:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(field, f"must be a list of strings, not {type_name(value)}")
            return None
        ok = True
        if len(value) < min_len or (max_len is not None and len(value) > max_len):
            limit = f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
            self.problem(field, f"has {names_count(len(value))}; must have {limit}")
            ok = False
            if max_len is not None and len(value) > max_len:
                return None  # each of thousands of names is not worth a line of its own
        for i, name in enumerate(value):
            if not usable_name(name):
                self.problem(f"{field}[{i}]", f'"{name}" is not a usable name (it must be non-empty, without spaces or / : @ , ;)')
                ok = False
        dupes = sorted(v for v, n in Counter(value).items() if n > 1)
        if dupes:
            self.problem(field, "repeats " + ", ".join(f'"{d}"' for d in dupes))
            ok = False
        alike: dict[str, list[str]] = {}
        for name in dict.fromkeys(value):  # names are read back whatever their case: a1 is A1
            alike.setdefault(name.upper(), []).append(name)
        for names in alike.values():
            if len(names) > 1:
                self.problem(field, " and ".join(f'"{n}"' for n in names) + " are the same name when read back "
                                    "(case is ignored: a1 is A1); rename one")
                ok = False
        return tuple(value) if ok else None

    def integer(self, value: Any, field: str, low: int, high: int | None = None, what: str = "") -> int | None:
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(field, f"must be a whole number, not {type_name(value)}")
            return None
        huge = abs(value) > 10**18  # a hexadecimal 0xfff... is not held to Python's 4,300 decimal digits
        if huge or value < low or (high is not None and value > high):
            rng = f"from {low} to {high}" if high is not None else f"at least {low}"
            shown = f"a number of {int(abs(value).bit_length() * 0.30103) + 1:,} digits" if huge else value
            self.problem(field, f"is {shown}; {what or 'it'} must be {rng}")
            return None
        return value


def usable_name(name: str) -> bool:
    """A name of a side, port, column, row or token: one word, nothing the font lacks or a reader
    cannot see (a vertical tab, an ideographic space, U+0085), none of the separators of notation."""
    return bool(name) and not NAME_FORBIDDEN & set(name) and all(ch.isprintable() and not ch.isspace() for ch in name)


def join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


VALUE_KINDS = {
    str: ("text", "text"),
    int: ("a number", "numbers"),
    float: ("a decimal number", "decimal numbers"),
    bool: ("true/false", "true/false values"),
    list: ("a list", "lists"),
    dict: ("a table", "tables"),
}


def type_name(value: Any) -> str:
    """What a TOML value is, as the person who wrote it sees it: "text", "a list of numbers"."""
    if isinstance(value, list):
        if not value:
            return "an empty list"
        kinds = {VALUE_KINDS[type(v)][1] if type(v) in VALUE_KINDS else type(v).__name__ for v in value}
        return f"a list of {kinds.pop()}" if len(kinds) == 1 else "a list of mixed values"
    return VALUE_KINDS[type(value)][0] if type(value) in VALUE_KINDS else type(value).__name__


def misspelt(unknown: list[str], known: list[str]) -> dict[str, str]:
    """Each unknown key that looks like a known one (a typo): {unknown: the known key it looks like}.

    difflib (and json, below) are imported only for a file with a problem: a valid definition needs neither."""
    if not unknown:
        return {}
    import difflib

    return {key: close[0] for key in unknown if (close := difflib.get_close_matches(key, known, n=1, cutoff=0.6))}


def toml_text(value: Any) -> str:
    """A value written the way it looks in the file (["N"], "out"), not as Python shows it."""
    import json

    return json.dumps(value, ensure_ascii=False, default=str)


def names_count(n: int) -> str:
    return f"{n:,} name" if n == 1 else f"{n:,} names"


