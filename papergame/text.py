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

DEFAULT_LANG = "en"
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
    if check.problems:
        raise DefinitionError(check.problems)
    return Texts(label, sections)


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


def load_texts(text_path: str | Path | None = None, lang: str = DEFAULT_LANG,
               game_path: str | Path | None = None, words: str = DEFAULT_GAME) -> Texts:
    """The words to print.

    An explicit `text_path` wins; otherwise `text.LANG.toml` beside the game file, then the
    built-in file of that language. `words` is the template whose words the game's rule
    set needs beside the default game's (see `english`).
    """
    schema = english(words)
    if not LANG_CODE.fullmatch(lang):
        raise OptionError("lang", f'"{lang}" is not a language code such as en, de or pt-BR')
    if text_path is not None:
        path = Path(text_path)
        return parse_texts(read_toml(path, "text"), str(path), schema)
    template = builtin_game(game_path)
    if template is not None and template != DEFAULT_GAME:
        # a built-in template keeps only the words that differ from the default game's
        base = load_texts(None, lang, None, words)
        own = builtin_path(template, text_filename(lang))
        if not own.is_file():
            return base
        differ = parse_texts(read_toml(own, "text"), f"{template}/{text_filename(lang)}", schema, partial=True)
        merged = {section: dict(table) for section, table in base.sections.items()}
        for section, table in differ.sections.items():
            merged[section].update(table)
        return Texts(differ.source, merged)
    if template is None and game_path is not None:
        beside = Path(game_path).parent / text_filename(lang)
        if beside.is_file():
            return parse_texts(read_toml(beside, "text"), str(beside), schema)
    if lang == DEFAULT_LANG:
        return schema
    if words != DEFAULT_GAME:
        raise OptionError("lang", f'no text file for language "{lang}" for this game\'s pages (built in: {DEFAULT_LANG})')
    resource = builtin_path(DEFAULT_GAME, text_filename(lang))
    if not resource.is_file():
        raise OptionError(
            "lang", f'no text file for language "{lang}" (looked for {text_filename(lang)} '
            f"beside the game file and among the built-in templates; built in: {DEFAULT_LANG})"
        )
    return parse_texts(read_toml(resource, "text"), f"{DEFAULT_GAME}/{text_filename(lang)}", schema)
