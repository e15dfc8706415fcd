"""Where things are in a TOML file, for people: the table by what it holds, and its line.

Python's tomllib gives no line numbers for the data it reads, so a light scan of the
source text finds the table headers (`[deal]`, `[[tiles]]`) and the keys under each. A
field the model names as a path (`tiles[2].copies`) is then worded as a person finds it:
`the [[tiles]] table with type = 3, line 58: copies`.

>>> text = '[deal]\\nhand = 3\\n\\n[[tiles]]\\ntype = 1\\n\\n[[tiles]]\\ntype = 3\\ncopise = 2\\n'
>>> places = Places(text, {"deal": {"hand": 3}, "tiles": [{"type": 1}, {"type": 3, "copise": 2}]})
>>> places.where("tiles[1]", "copise")
'the [[tiles]] table with type = 3, line 9'
>>> places.where("tiles[0].pairs[1]")
'the [[tiles]] table with type = 1, line 4: pairs, pair 2'
>>> places.where("deal.hand"), places.where("rules.path")
('the [deal] table, line 2: hand', 'rules.path')
"""

from __future__ import annotations

import re
from typing import Any

from papergame.data.checks import ITEM_WORDS

HEADER = re.compile(r"""^\s*(\[\[?)\s*([A-Za-z0-9_-]+)\s*\]\]?\s*(?:#.*)?$""")
KEY = re.compile(r"""^\s*([A-Za-z0-9_-]+|"[^"]*")\s*=""")
PART = re.compile(r"([^.\[\]]+)((?:\[\d+\])*)")
NAMED_BY = {"tiles": "type", "tokens": "name"}  # the key that tells one [[table]] of a list from another


class Places:
    """The lines of a TOML text's table headers and keys, and fields worded by them."""

    def __init__(self, text: str, data: dict[str, Any]):
        self.data = data
        self.headers: dict[str, list[int]] = {}  # table name -> the line of each of its headers
        self.keys: dict[tuple[str, int], dict[str, int]] = {("", 0): {}}  # (table, which) -> key -> line
        table: tuple[str, int] = ("", 0)
        in_string = False
        for number, line in enumerate(text.splitlines(), start=1):
            if line.count('"""') % 2 or line.count("'''") % 2:  # a multi-line string opens or closes here
                was, in_string = in_string, not in_string
                if was:
                    continue
            elif in_string:
                continue
            header = HEADER.match(line)
            if header:
                name = header.group(2)
                lines = self.headers.setdefault(name, [])
                lines.append(number)
                table = (name, len(lines) - 1)
                self.keys.setdefault(table, {})
                continue
            key = KEY.match(line)
            if key:
                self.keys.setdefault(table, {}).setdefault(key.group(1).strip('"'), number)

    def where(self, field: str, key: str | None = None) -> str:
        """A field (`tiles[2].pairs[0]`) as people find it, or the field itself where the scan cannot place it."""
        parts = [(m.group(1), [int(i) for i in re.findall(r"\d+", m.group(2))]) for m in PART.finditer(field)]
        if not parts:  # the file's top level: the line of the key the message names
            line = self.keys[("", 0)].get(key or "")
            return f"line {line}" if line is not None else field
        name, indexes = parts[0]
        lines = self.headers.get(name, [])
        entries = self.data.get(name)
        if not indexes and len(lines) == 1 and isinstance(entries, dict):  # [deal]
            index, table = 0, f"the [{name}] table"
        elif len(indexes) == 1 and isinstance(entries, list) and indexes[0] < min(len(entries), len(lines)):
            index = indexes[0]
            table = f"the [[{name}]] table{self.named(name, entries[index], index)}"
        else:
            return field
        inner = parts[1:]
        first_key = key if key is not None else (inner[0][0] if inner else None)
        line = self.keys.get((name, index), {}).get(first_key or "", lines[index])
        words = [f"{k}, {ITEM_WORDS.get(k, 'item')} {i[-1] + 1}" if i else k for k, i in inner]
        return f"{table}, line {line}" + (f": {'.'.join(words)}" if words else "")

    @staticmethod
    def named(name: str, entry: Any, index: int) -> str:
        """` with type = 3` (the key that tells it apart, as the file writes it), or ` number 3` in the list."""
        key = NAMED_BY.get(name)
        value = entry.get(key) if isinstance(entry, dict) and key else None
        if isinstance(value, bool) or not isinstance(value, (int, str)) or (isinstance(value, int) and
                                                                              not -10**9 < value < 10**9):
            return f" number {index + 1}"  # (a number of thousands of digits is not shown, nor converted)
        shown = f'"{value}"' if isinstance(value, str) else str(value)
        return f" with {key} = {shown}"


# --- TOML's own mistakes, in plain words ------------------------------------------------

AT = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)$")


def plain_syntax_error(text: str, error: str) -> tuple[int | None, str] | None:
    """A TOML syntax error as a line number and plain words, or None for one with no plain words here.

    >>> plain_syntax_error('a = 1\\ntitle = "Board\\nrows = 2\\n', "Illegal character '\\\\n' (at line 2, column 14)")
    (2, 'a quote is opened but not closed')
    >>> plain_syntax_error('[board]\\ncolumns = [A, B]\\n', "Invalid value (at line 2, column 12)")
    (2, 'A is not a value TOML knows: write text in quotes ("A"), a number as digits, or true or false')
    """
    found = AT.search(error)
    what = error[:found.start()] if found else error
    lines = text.splitlines()
    line = int(found.group(1)) if found and found.group(1) else None
    column = int(found.group(2)) if found and found.group(2) else None
    here = lines[line - 1] if line is not None and 1 <= line <= len(lines) else ""
    if what in ("Illegal character '\\n'", "Unterminated string") or what.startswith("Expected \"'\"") or \
            what == "Expected '\"'":
        if line is None or here.count('"') % 2 == 0 and here.count("'") % 2 == 0:
            line = last_line_with_odd_quotes(lines) or line
        return line, "a quote is opened but not closed"
    if what == "Unclosed array":
        return opened_before(lines, line, "[", "]"), "a list opened with [ is not closed with ]"
    if what == "Unclosed inline table":
        return opened_before(lines, line, "{", "}"), "a table opened with { is not closed with }"
    if what == "Invalid value" and column is not None:
        word = re.match(r"[^\s,\]\}]+", here[column - 1:])
        if word:
            shown = word.group(0)
            return line, (f'{shown} is not a value TOML knows: write text in quotes ("{shown}"), a number as '
                          f"digits, or true or false")
    if what == "Expected '=' after a key in a key/value pair":
        return line, "a key must be followed by = and its value (a key of several words goes in quotes)"
    if what == "Expected ']' at the end of a table declaration":
        return line, "a table's name in [ ] is not closed with ]"
    if what.startswith("Cannot declare (") and what.endswith(") twice"):
        return line, f"the table [{header_name(here)}] is already declared above; each table once"
    if what == "Cannot overwrite a value":
        twice = repeated_key(text)
        if twice is not None:
            return twice[1], f'the key {twice[0]} is already given in this table; each key once'
    if what == "Expected newline or end of document after a statement":
        return line, "something follows the value on the same line; write one key = value a line"
    if what == "Invalid statement":
        return line, "a line must be key = value, a [table] or a comment starting with #"
    return None


def last_line_with_odd_quotes(lines: list[str]) -> int | None:
    for number in range(len(lines), 0, -1):
        content = lines[number - 1].split("#", 1)[0] if '"' not in lines[number - 1] else lines[number - 1]
        if content.count('"') % 2 or content.count("'") % 2:
            return number
    return None


def opened_before(lines: list[str], line: int | None, opening: str, closing: str) -> int | None:
    """The line where a bracket still open at `line` (or the end) was opened."""
    depth, opened = 0, None
    for number, text in enumerate(lines[: (line or len(lines) + 1) - 1], start=1):
        for ch in text.split("#", 1)[0]:
            if ch == opening:
                if depth == 0:
                    opened = number
                depth += 1
            elif ch == closing and depth:
                depth -= 1
    return opened if depth else line


def header_name(line: str) -> str:
    header = HEADER.match(line)
    return header.group(2) if header else line.strip().strip("[]")


def repeated_key(text: str) -> tuple[str, int] | None:
    """The first key given twice in one table, and the line of its second time."""
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if HEADER.match(line):
            seen = {}
            continue
        key = KEY.match(line)
        if key:
            name = key.group(1).strip('"')
            if name in seen:
                return name, number
            seen[name] = number
    return None
