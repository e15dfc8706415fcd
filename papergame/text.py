"""The printed words: one TOML file per language, checked against the built-in English one.

The English file is the schema: a translation must have the same sections and keys, and
may use only the `$placeholders` the English text uses for that key. Words are filled in
with `string.Template`, which substitutes plain names and nothing else, so a text file can
never reach into the program.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any, NamedTuple

from papergame.model.definition import DEFAULT_GAME, Checker, builtin_game, builtin_path, read_toml, type_name
from papergame.errors import DefinitionError, OptionError
from papergame.folders import READ_CURRENT_FOLDER

DEFAULT_LANG = "en"
SIDE_AND_INDEX = re.compile(r"(?P<side>[A-Z]+)(?P<index>[0-9]*)")
NOTATION_WORDS = ("out", "decimal", "thousands")  # the [notation] keys that are not side names
THOUSANDS = (",", ".", "\u00a0", "\u202f", "")  # the separators a big number may have
LANG_CODE = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}")


def text_filename(lang: str) -> str:
    return f"text.{lang}.toml"


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

    def get(self, key: str, **values: Any) -> str:
        """The text at `section.key`, with its placeholders filled in."""
        section, _, name = key.partition(".")
        template = self.sections[section][name]
        return string.Template(template).substitute({k: str(v) for k, v in values.items()})

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

        >>> english().number(27.5), english().number(101.64, 2), english().number(35.0)
        ('27.5', '101.64', '35')
        """
        text = f"{value:g}" if places is None else f"{value:.{places}f}"
        return text.replace(".", self.sections.get("notation", {}).get("decimal", "."))

    def whole(self, value: int) -> str:
        """A whole number with this language's thousands separator.

        >>> english().whole(7054)
        '7,054'
        """
        return f"{value:,}".replace(",", self.sections.get("notation", {}).get("thousands", ","))


def parse_texts(data: dict[str, Any], label: str, schema: Texts | None, partial: bool = False) -> Texts:
    """Check a text file against the schema; `partial` files (a template's own words) may leave keys out."""
    check = Checker(label)
    sections: dict[str, dict[str, str]] = {}
    expected = schema.sections if schema else None

    def keys(table, field, names):
        return check.keys(table, field, set() if partial else names, names if partial else frozenset())

    if expected is not None:
        keys(data, "", set(expected))
    for section, table in data.items():
        if expected is not None and section not in expected:
            continue
        if not isinstance(table, dict):
            check.problem(section, f"must be a table of texts, not {type_name(table)}")
            continue
        if expected is not None:
            keys(table, section, set(expected[section]))
        sections[section] = {}
        for key, value in table.items():
            field = f"{section}.{key}"
            if expected is not None and key not in expected[section]:
                continue
            if not isinstance(value, str):
                check.problem(field, f"must be text in quotes, not {type_name(value)}")
                continue
            try:
                asked = placeholders(value)
            except ValueError:
                asked = None
            if asked is None or any(m.group("invalid") is not None for m in string.Template.pattern.finditer(value)):
                check.problem(field, "has a $ that is not a placeholder; write $$ for a dollar sign")
                continue
            if expected is not None:
                allowed = placeholders(expected[section][key])
                extra = sorted(asked - allowed)
                if extra:
                    valid = ", ".join(f"${a}" for a in sorted(allowed)) or "none"
                    check.problem(field, f"${extra[0]} is not a placeholder of this text (valid: {valid})")
                    continue
            sections[section][key] = value
    check_notation(sections.get("notation", {}), check)
    if check.problems:
        raise DefinitionError(check.problems)
    return Texts(label, sections)


def check_notation(table: dict[str, str], check: Checker) -> None:
    """Side letters must read back unambiguously in `A1/S` and `W2`: distinct, no spaces, no
    slash, no digit at the end; the decimal mark is one character."""
    seen: dict[str, str] = {}
    for key, value in table.items():
        field = f"notation.{key}"
        if key == "decimal":
            if value not in (".", ","):
                check.problem(field, f'"{value}" must be "." or ","')
            continue
        if key == "thousands":
            if value not in THOUSANDS:
                check.problem(field, f'"{value}" must be one of: "," "." "\\u00A0" "\\u202F" or ""')
            continue
        if not value or any(ch.isspace() for ch in value) or "/" in value:
            check.problem(field, f'"{value}" must be letters without spaces or a slash')
        elif key != "out" and value[-1].isdigit():
            check.problem(field, f'"{value}" must not end in a digit: port numbers follow it, as in {value}2')
        elif value.casefold() in seen:
            check.problem(field, f'"{value}" is already the letters of notation.{seen[value.casefold()]}')
        else:
            seen[value.casefold()] = key


_english: Texts | None = None
_extended: dict[str, Texts] = {}


def english(words: str = DEFAULT_GAME) -> Texts:
    """The built-in English words, which every other text file is checked against.

    `words` names a built-in template whose English file adds words of its own (the
    shared-path pages): they join the default game's words, and a text file for a game of
    that kind is checked against both.
    """
    global _english
    if _english is None:
        _english = parse_texts(read_toml(builtin_path(DEFAULT_GAME, text_filename(DEFAULT_LANG)), "text"),
                               f"{DEFAULT_GAME}/{text_filename(DEFAULT_LANG)}", None)
    if words == DEFAULT_GAME:
        return _english
    if words not in _extended:
        label = f"{words}/{text_filename(DEFAULT_LANG)}"
        own = parse_texts(read_toml(builtin_path(words, text_filename(DEFAULT_LANG)), "text"), label, None)
        merged = {section: dict(table) for section, table in _english.sections.items()}
        for section, table in own.sections.items():
            merged.setdefault(section, {}).update(table)
        _extended[words] = Texts(label, merged)
    return _extended[words]


def builtin_languages() -> list[str]:
    """The languages the default game's words come in (text.LANG.toml among the built-ins)."""
    folder = builtin_path(DEFAULT_GAME, "game.toml").parent
    names = (p.name for p in folder.iterdir())
    return sorted(m[1] for m in (re.fullmatch(r"text\.(.+)\.toml", n) for n in names) if m)


def languages_in(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(m[1] for m in (re.fullmatch(r"text\.(.+)\.toml", p.name) for p in folder.iterdir()) if m)


def load_texts(text_path: str | Path | None = None, lang: str = DEFAULT_LANG,
               game_path: str | Path | None = None, words: str = DEFAULT_GAME) -> Texts:
    """The words to print.

    An explicit `text_path` wins; otherwise `text.LANG.toml` beside the game file, then in
    the current folder, then the built-in file of that language. `words` is the template
    whose words the game's rule set needs beside the default game's (see `english`).
    """
    schema = english(words)
    if not LANG_CODE.fullmatch(lang):
        raise OptionError("lang", f'"{lang}" is not a language code such as en, de or pt-BR')
    if text_path is not None:  # a path, or a file sent to the page (anything with read_bytes)
        path = text_path if hasattr(text_path, "read_bytes") else Path(text_path)
        return parse_texts(read_toml(path, "text"), str(path), schema)
    name = text_filename(lang)
    template = builtin_game(game_path)
    places = []
    if template is None and game_path is not None:
        places.append(Path(game_path).parent)
    if READ_CURRENT_FOLDER.get():  # not for `papergame serve`, which reads no file of the user's
        places.append(Path("."))
    for folder in places:
        found = folder / name
        if found.is_file():
            return parse_texts(read_toml(found, "text"), str(found), schema)
    # built in: the default game's words in this language, then the words a built-in
    # template has of its own (only those that differ, and those of its own pages)
    extra = [t for t in dict.fromkeys([template, words]) if t is not None and t != DEFAULT_GAME]
    if lang == DEFAULT_LANG:
        base = english()
    else:
        resource = builtin_path(DEFAULT_GAME, name)
        if not resource.is_file():
            available = sorted(set(builtin_languages()).union(*(languages_in(f) for f in places)))
            folders = ["beside the game file"] if template is None and game_path is not None else []
            folders += ["in the current folder"] if READ_CURRENT_FOLDER.get() else []
            where = ", ".join(folders) + " and " if folders else ""
            raise OptionError(
                "lang", f'no text file for language "{lang}" (looked for {name} {where}among the '
                f"built-in templates; available: {', '.join(available)})"
            )
        base = parse_texts(read_toml(resource, "text"), f"{DEFAULT_GAME}/{name}", english())
    if not extra:
        return base
    merged = {section: dict(table) for section, table in base.sections.items()}
    source = base.source
    for own_template in extra:
        own = builtin_path(own_template, name)
        if own.is_file():
            own_words = parse_texts(read_toml(own, "text"), f"{own_template}/{name}", schema, partial=True)
            for section, table in own_words.sections.items():
                merged.setdefault(section, {}).update(table)
            source = own_words.source
    missing = [f"{s}.{k}" for s, table in schema.sections.items() for k in table if k not in merged.get(s, {})]
    if missing:
        raise OptionError("lang", f'the built-in "{lang}" words lack this game\'s pages ({missing[0]} and '
                                  f"{len(missing) - 1} more); write them in a {name} beside the game file")
    return Texts(source, merged)
