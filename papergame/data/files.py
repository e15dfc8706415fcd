"""Reading a file as TOML: every way it can fail (missing, too big, not UTF-8, not TOML) is one located problem."""

from __future__ import annotations

import re
import sys
import threading
import tomllib
from typing import Any

from papergame.data.parsed import kept as parsed_ahead
from papergame.errors import DefinitionError

MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 16  # tables and lists inside each other; a definition needs 4, a text file 2


def read_bytes(path, what: str = "definition") -> bytes:
    """A file's bytes, or a DefinitionError naming it: missing, a folder, unreadable or over 1 MiB."""
    label = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DefinitionError(f"{label}: no such {what} file") from None
    except IsADirectoryError:
        raise DefinitionError(f"{label}: is a folder, not a {what} file") from None
    except OSError as exc:
        raise DefinitionError(f"{label}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise too_big(label, len(data), what)
    return data


def too_big(label: str, size: int, what: str = "definition") -> DefinitionError:
    """The problem with a file of `size` bytes, over the limit (also for an upload only announced)."""
    return DefinitionError(f"{label}: file is {size:,} bytes; a {what} file may be at most 1 MiB")


def read_text(path, what: str = "definition") -> str:
    """A file's text: UTF-8, with or without a byte-order mark."""
    return decode_text(read_bytes(path, what), str(path))


def read_toml(path, what: str = "definition") -> dict[str, Any]:
    """Read a TOML file, turning every way it can fail into a DefinitionError naming it."""
    return parse_toml(read_text(path, what), str(path), what)


PARSED_KEPT = 16  # texts whose data `parse_toml` keeps (the built-in words are read by every build, some twice)
PARSED_KEPT_CHARS = 64 * 1024  # ... each at most this long (the longest built-in, Ukrainian words, is 43 KB)
_parsed: dict[str, Any] = {}
_parsed_lock = threading.Lock()  # `serve` reads files in several threads


def parse_toml(text: str, label: str, what: str = "definition") -> dict[str, Any]:
    """The data of a TOML text; a mistake in it is a DefinitionError naming the file and the line.

    The data of a text read before in this process is a fresh copy of what it gave then (tomllib is pure Python
    and the English words, 27 KB, took a thirtieth of a default build; `build` reads them as the schema and again
    as the words printed). Only texts that parsed are kept, by their content, so a changed file is read anew.
    A built-in game's definition and English words are not parsed at all: their data was kept when they were
    shipped (`papergame.data.parsed`, found by the text's hash).
    """
    kept = _parsed.get(text)
    if kept is not None:
        return copied(kept)
    loaded = parsed_ahead(text)  # a built-in game's definition or English words, parsed when it was shipped
    if loaded is None:
        loaded = _parsed_anew(text, label, what)
    if len(text) <= PARSED_KEPT_CHARS:
        with _parsed_lock:
            while len(_parsed) >= PARSED_KEPT:
                del _parsed[next(iter(_parsed))]  # the oldest
            _parsed[text] = copied(loaded)
    return loaded


def copied(value: Any) -> Any:
    """A copy of TOML data whose tables and lists are new (the rest, str, numbers and dates, cannot change).

    >>> data = {"a": [1, {"b": "c"}]}; copy = copied(data); copy["a"][1]["b"] = "d"; data
    {'a': [1, {'b': 'c'}]}
    """
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    return value


def _parsed_anew(text: str, label: str, what: str) -> dict[str, Any]:
    try:
        loaded = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError(curly_quotes(text, str(exc), label) or syntax_words(text, str(exc), label)) from None
    except RecursionError:
        raise DefinitionError(f"{label}: lists or tables nested too deeply to read; a {what} file needs "
                              f"at most {MAX_DEPTH} levels") from None
    except ValueError:  # Python refuses to convert a whole number of more than 4,300 digits
        raise DefinitionError(f"{label}: a number has more than {sys.get_int_max_str_digits():,} digits; "
                              f"no field of a {what} file needs more than a few") from None
    if nesting(loaded) > MAX_DEPTH:
        raise DefinitionError(f"{label}: lists or tables nested more than {MAX_DEPTH} levels deep; "
                              f"a {what} file needs only a few")
    return loaded


def nesting(value: Any) -> int:
    """How many lists and tables deep `value` goes (counted without recursion, so any depth is safe).

    >>> nesting({"a": [[1], 2]}), nesting(3)
    (3, 0)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


UTF8_BOM = b"\xef\xbb\xbf"
SAVE_AS_UTF8 = "save it as UTF-8 (in Notepad: File, Save as, Encoding: UTF-8)"


def decode_text(data: bytes, label: str) -> str:
    r"""The text of a file saved as UTF-8, with or without the byte-order mark Notepad writes.

    >>> decode_text(b"\xef\xbb\xbfa = 1", "x.toml")
    'a = 1'
    >>> decode_text("a = 1".encode("utf-16"), "x.toml")
    Traceback (most recent call last):
    ...
    papergame.errors.DefinitionError: x.toml: line 1: the file is saved as UTF-16; save it as UTF-8 (in Notepad: File, Save as, Encoding: UTF-8)
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(data) >= 2 and b"\x00" in data[:2]):
        raise DefinitionError(f"{label}: line 1: the file is saved as UTF-16; {SAVE_AS_UTF8}")
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DefinitionError(f"{label}: line {line}: not UTF-8 text (bad byte at offset {exc.start}); "
                              f"{SAVE_AS_UTF8}") from None


def syntax_words(text: str, error: str, label: str) -> str:
    """A TOML syntax error in plain words with its line (`line 38: a quote is opened but not closed`),
    or tomllib's own words for one that has none here."""
    from papergame.data.places import plain_syntax_error

    plain = plain_syntax_error(text, error)
    if plain is None:
        return f"{label}: not valid TOML: {error}"
    line, words = plain
    return f"{label}: line {line}: {words}" if line is not None else f"{label}: {words}"


CURLY = "\u201c\u201d\u2018\u2019"  # the quotes a word processor curls: left and right, double and single
AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def curly_quotes(text: str, error: str, label: str) -> str | None:
    r"""A plain message for TOML that failed on a line with curly quotes, else None.

    >>> curly_quotes('a = 1\ntitle = \u201cBoard\u201d\n', "Invalid value (at line 2, column 9)", "t.toml")
    't.toml: line 2: curly quotes are not quotes in TOML; type straight ones: title = "Board"'
    """
    where = AT_LINE.search(error)
    lines = text.splitlines()
    if where is None or not 1 <= int(where.group(1)) <= len(lines):
        return None
    number = int(where.group(1))
    line = lines[number - 1]
    if not any(c in line for c in CURLY):
        return None
    straight = line.strip().translate({ord(c): '"' for c in CURLY[:2]} | {ord(c): "'" for c in CURLY[2:]})
    return f"{label}: line {number}: curly quotes are not quotes in TOML; type straight ones: {straight}"
