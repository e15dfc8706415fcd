"""The printed words read: one TOML file per language, checked against the built-in English one.

The English file is the schema: a translation must have the same sections and keys, and
may use only the `$placeholders` the English text uses for that key.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any

from papergame.data.files import read_toml
from papergame.data.templates import builtin_game, builtin_games, builtin_path
from papergame.errors import DefinitionError, OptionError
from papergame.folders import READ_CURRENT_FOLDER
from papergame.data.checks import Checker, type_name
from papergame.model.definition import DEFAULT_GAME
from papergame.text import NOTATION_WORDS, Texts, placeholders  # noqa: F401 (NOTATION_WORDS: the notation's own keys)

DEFAULT_LANG = "en"
# Words a text file may leave out, the page then doing without them: the short form of the scale check's
# instruction, which a footer with no room for the whole one prints (large and clear print together).
OPTIONAL_WORDS = frozenset({"scale.instruction_short", "tiles.tokens_beside"})
THOUSANDS = (",", ".", "\u00a0", "\u202f", "")  # the separators a big number may have
LANG_CODE = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}")


def text_filename(lang: str) -> str:
    return f"text.{lang}.toml"


def parse_texts(data: dict[str, Any], label: str, schema: Texts | None, partial: bool = False) -> Texts:
    """Check a text file against the schema; `partial` files (a template's own words) may leave keys out."""
    check = Checker(label)
    sections: dict[str, dict[str, str]] = {}
    expected = schema.sections if schema else None

    def keys(table, field, names):
        optional = {n for n in names if f"{field}.{n}" in OPTIONAL_WORDS}
        return check.keys(table, field, set() if partial else names - optional, names if partial else optional)

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
            asked = asked_for(value)
            if asked is None:
                check.problem(field, "has a $ that is not a placeholder; write $$ for a dollar sign")
                continue
            if expected is not None:
                allowed = asked_for(expected[section][key]) or frozenset()
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


@lru_cache(maxsize=4096)
def asked_for(value: str) -> frozenset[str] | None:
    """The placeholders a text asks for, or None when it has a `$` that is not one (kept: every build checks the
    same words, and the English ones twice, as the schema and as the words printed).

    >>> sorted(asked_for("$white at $white_start, $$5")), asked_for("costs $5")
    (['white', 'white_start'], None)
    """
    try:
        asked = placeholders(value)
    except ValueError:
        return None
    if any(m.group("invalid") is not None for m in string.Template.pattern.finditer(value)):
        return None
    return frozenset(asked)


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


INHERITS = "inherits"  # a text file's top-level key: the built-in game whose words it takes the rest from
MAX_INHERITS = 4  # files inheriting from each other: the built-in ones go 1 deep


def read_words(path, label: str, lang: str, schema: Texts | None, chain: tuple[str, ...] = (),
               partial: bool = False) -> Texts:
    """The words of one text file, with those it inherits (`inherits = "edge-port-path-tiles"`) beneath its own.

    A file that inherits may hold only the words that differ; the words it inherits are
    that built-in game's in the same language (text.LANG.toml of that template, which may
    inherit in turn). Checked against `schema`, the file and the words it inherits must
    together have every key (unless `partial`: words to be inherited); with no schema (the
    English words that are the schema) they are taken as they are.
    """
    data = read_toml(path, "text")
    parent = data.pop(INHERITS, None)
    own = parse_texts(data, label, schema, partial=partial or parent is not None)
    if parent is None:
        return own
    base = inherited(parent, label, lang, schema, chain)
    merged = {section: dict(table) for section, table in base.sections.items()}
    for section, table in own.sections.items():
        merged.setdefault(section, {}).update(table)
    if schema is not None and not partial:
        missing = [f"{s}.{k}" for s, table in schema.sections.items() for k in table
                   if k not in merged.get(s, {}) and f"{s}.{k}" not in OPTIONAL_WORDS]
        if missing:
            raise DefinitionError([f"{label}: {key}: missing (neither here nor in the words of {parent}, "
                                   f"which this file inherits)" for key in missing])
    return Texts(label, merged)


def inherited(parent: Any, label: str, lang: str, schema: Texts | None, chain: tuple[str, ...]) -> Texts:
    """The words a text file inherits: the built-in game `parent`'s, in `lang`."""
    games = builtin_games()
    if not isinstance(parent, str) or parent not in games:
        shown = f'"{parent}"' if isinstance(parent, str) else type_name(parent)
        raise DefinitionError(f"{label}: {INHERITS}: {shown} is not a built-in game; a text file inherits the "
                              f"words of one of {', '.join(games)}")
    if parent in chain or len(chain) >= MAX_INHERITS:
        raise DefinitionError(f"{label}: {INHERITS}: \"{parent}\" inherits, in the end, from this file's own "
                              f"words ({' -> '.join(chain + (parent,))}); a text file must end in one that inherits nothing")
    name = text_filename(lang)
    resource = builtin_path(parent, name)
    if not resource.is_file():
        raise DefinitionError(f"{label}: {INHERITS}: the built-in game {parent} has no words in \"{lang}\" "
                              f"({name}); it has {', '.join(languages_of(parent))}")
    return read_words(resource, f"{parent}/{name}", lang, schema, chain + (parent,), partial=True)


_english: dict[str, Texts] = {}


def english(words: str = DEFAULT_GAME) -> Texts:
    """The built-in English words, which every other text file is checked against.

    `words` names a built-in template whose English file adds words of its own (the
    shared-path pages) and inherits the default game's: a text file for a game of that
    kind is checked against both.
    """
    if words not in _english:
        name = text_filename(DEFAULT_LANG)
        _english[words] = read_words(builtin_path(words, name), f"{words}/{name}", DEFAULT_LANG, None)
    return _english[words]


def builtin_languages() -> list[str]:
    """The languages the default game's words come in (text.LANG.toml among the built-ins)."""
    folder = builtin_path(DEFAULT_GAME, "game.toml").parent
    names = (p.name for p in folder.iterdir())
    return sorted(m[1] for m in (re.fullmatch(r"text\.(.+)\.toml", n) for n in names) if m)


def languages_in(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(m[1] for m in (re.fullmatch(r"text\.(.+)\.toml", p.name) for p in folder.iterdir()) if m)


def languages_of(game: str) -> list[str]:
    """The languages a built-in game's words come in."""
    return languages_in(Path(str(builtin_path(game, "game.toml"))).parent)


def text_places(game_path: str | Path | None) -> list[Path]:
    """Where a game's text.LANG.toml is looked for: beside a game file (not a built-in game's), then here."""
    places = []
    if builtin_game(game_path) is None and game_path is not None:
        places.append(Path(game_path).parent)
    if READ_CURRENT_FOLDER.get():  # not for `papergame serve`, which reads no file of the user's
        places.append(Path("."))
    return places


def load_texts(text_path: str | Path | None = None, lang: str = DEFAULT_LANG,
               game_path: str | Path | None = None, words: str = DEFAULT_GAME) -> Texts:
    """The words to print.

    An explicit `text_path` wins; otherwise `text.LANG.toml` beside the game file, then in
    the current folder, then the built-in words in that language: the built-in game's own
    (which inherit the default game's), or for a game file the words of its rule set's
    template. `words` is that template (see `english`).
    """
    schema = english(words)
    if not LANG_CODE.fullmatch(lang):
        raise OptionError("lang", f'"{lang}" is not a language code such as en, de or pt-BR')
    if text_path is not None:  # a path, or a file sent to the page (anything with read_bytes)
        path = text_path if hasattr(text_path, "read_bytes") else Path(text_path)
        return read_words(path, str(path), lang, schema)._replace(lang=lang, given=str(path))
    name = text_filename(lang)
    places = text_places(game_path)
    for folder in places:
        found = folder / name
        if found.is_file():
            return read_words(found, str(found), lang, schema)._replace(lang=lang)
    template = builtin_game(game_path)
    for game in dict.fromkeys([template or words, words, DEFAULT_GAME]):
        resource = builtin_path(game, name)
        if resource.is_file():
            texts = read_words(resource, f"{game}/{name}", lang, schema, partial=True)
            break
    else:
        available = sorted(set(builtin_languages()).union(*(languages_in(f) for f in places)))
        folders = ["beside the game file"] if builtin_game(game_path) is None and game_path is not None else []
        folders += ["in the current folder"] if READ_CURRENT_FOLDER.get() else []
        where = ", ".join(folders) + " and " if folders else ""
        raise OptionError(
            "lang", f'no text file for language "{lang}" (looked for {name} {where}among the '
            f"built-in templates; available: {', '.join(available)})"
        )
    missing = [f"{s}.{k}" for s, table in schema.sections.items() for k in table
               if k not in texts.sections.get(s, {}) and f"{s}.{k}" not in OPTIONAL_WORDS]
    if missing:
        raise OptionError("lang", f'the built-in "{lang}" words lack this game\'s pages ({missing[0]} and '
                                  f"{len(missing) - 1} more); write them in a {name} beside the game file")
    return texts._replace(lang=lang)


def fallback_note(text_path: Any, lang: str, game_path: Any, what: str = "the kit prints") -> str | None:
    """One line saying that a game file of one's own printed papergame's own words, or None.

    Said when a game file (not a built-in game) has no text.LANG.toml beside it or in the
    current folder, unless nothing of the designer's is passed over: English, with no text
    file of any language beside the game.
    """
    if text_path is not None or game_path is None or builtin_game(game_path) is not None:
        return None
    if not LANG_CODE.fullmatch(lang):
        return None
    name = text_filename(lang)
    places = text_places(game_path)
    if any((folder / name).is_file() for folder in places):
        return None
    if lang == DEFAULT_LANG and not languages_in(places[0]):
        return None
    return f"Note: no {name} beside {Path(game_path).name}: {what} papergame's own {lang} words"
