"""pdfminer's content-stream parser with the same objects in less time, for the suite.

Reading a page with pdfplumber runs pdfminer's interpreter over the page's content stream, and
most of that time went into pdfminer's tokenizer, which walks the stream a few characters at a
time through a chain of Python methods (the suite's 1,300 page reads: about a quarter of its
CPU). This module gives the interpreter the same objects, in the same order, from one regular
expression over the whole stream: numbers, names, strings, hex strings, arrays, dictionaries,
comments and operators exactly as pdfminer.six 20260107's `PSBaseParser`/`PSStackParser` and
`PDFContentParser` read them (the same int or float, the same interned `PSLiteral` and
`PSKeyword`, a string's escapes decoded the same way).

Anything it does not read the way pdfminer does, it hands to pdfminer's own parser for the
whole call: inline images (`BI ... ID ... EI`), procedures (`{ }`), names with `#` escapes,
unbalanced or odd structures, more than one stream, a stream that cannot be decoded. So a page
is either read by this parser or by pdfminer's, never half and half, and hostile PDFs get
pdfminer's own behaviour, errors included.

`tests/test_pdfread_shortcuts.py` checks it against pdfminer's own parser on crafted streams
and on every page of real kits. It is used only with the version it was copied from
(`usable()`); with any other, pdfminer's own parser runs.
"""

from __future__ import annotations

import importlib.metadata
import re
from typing import Any

from pdfminer import pdfinterp
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import KWD, LIT, PSEOF, PSLiteral

ORIGINAL = pdfinterp.PDFContentParser  # pdfminer's own, for everything this one does not read
COPIED_FROM = "20260107"

# One token after any white space (\s, and NUL, which pdfminer skips between tokens). The
# character classes are pdfminer's: END_NUMBER [^0-9], END_KEYWORD and END_LITERAL
# [#/%\[\]()<>{}\s], END_HEX_STRING [^\s0-9a-fA-F], EOL [\r\n].
TOKEN = re.compile(rb"""
    [\s\x00]*
    (?:
        (?P<number>[-+0-9][0-9]*(?:\.[0-9]*)?|\.[0-9]*)
      | (?P<keyword>[A-Za-z][^#/%\[\]()<>{}\s]*)
      | /(?P<name>[^#/%\[\]()<>{}\s]*)(?!\#)
      | \((?P<string>[^()\\]*)\)
      | (?P<open>\[) | (?P<close>\]) | (?P<dict><<) | (?P<enddict>>>)
      | <(?P<hex>[\s0-9a-fA-F]*)>(?!>)
      | (?P<quote>['"])
      | %[^\r\n]*
      | (?P<other>.)
      | (?P<end>\Z)
    )""", re.VERBOSE | re.DOTALL)
SPC = re.compile(rb"\s")
HEX_PAIR = re.compile(rb"[0-9a-fA-F]{2}|.")
STRING_END = re.compile(rb"[()\\]")
ESC_STRING = {98: 8, 116: 9, 110: 10, 102: 12, 114: 13, 40: 40, 41: 41, 92: 92}  # b t n f r ( ) \
INLINE_IMAGE = {KWD(b"BI"), KWD(b"ID"), KWD(b"EI")}


class Unread(Exception):
    """Something this parser does not read exactly as pdfminer does: pdfminer's own parser reads it."""


def usable() -> bool:
    return importlib.metadata.version("pdfminer.six") == COPIED_FROM


def literal_string(data: bytes, at: int) -> tuple[bytes, int]:
    """The string whose "(" is at data[at - 1], decoded as pdfminer's _parse_string does, and the
    position after its ")". Balanced parentheses stay in the string; a backslash escapes the
    characters of ESC_STRING, up to three octal digits, or an end of line (dropped); a backslash
    before any other character drops both."""
    out = bytearray()
    depth = 1
    i = at
    while True:
        m = STRING_END.search(data, i)
        if m is None:
            raise Unread("a string runs to the end of the stream")
        j = m.start()
        out += data[i:j]
        c = data[j]
        if c == 0x5C:  # backslash
            i = j + 1
            digits = 0
            code = 0
            while digits < 3 and i < len(data) and 0x30 <= data[i] <= 0x37:
                code = code * 8 + data[i] - 0x30
                digits += 1
                i += 1
            if digits:
                if code >= 256:
                    raise Unread("an octal escape over 255")  # pdfminer asserts
                out.append(code)
                continue
            if i >= len(data):
                raise Unread("a backslash at the end of the stream")
            c = data[i]
            if c in ESC_STRING:
                out.append(ESC_STRING[c])
            elif c == 0x0D:  # \r: pdfminer skips a following \n only when it is in the same buffer
                raise Unread("a backslash before a carriage return")
            i += 1  # any other character after a backslash is dropped with it
        elif c == 0x28:  # (
            depth += 1
            out.append(c)
            i = j + 1
        else:  # )
            depth -= 1
            i = j + 1
            if not depth:
                return bytes(out), i
            out.append(c)


NOTHING = object()  # a token pdfminer reads as no object: a number token such as "-" or "."


def scalar(kind: str, text: bytes) -> Any:
    """The object of one token that is not a string, a bracket or a comment."""
    if kind == "number":
        try:
            return float(text) if b"." in text else int(text)
        except ValueError:
            return NOTHING
    if kind == "keyword":
        if text == b"true":
            return True
        if text == b"false":
            return False
        if KWD(text) in INLINE_IMAGE:
            raise Unread("an inline image")
        return KWD(text)
    if kind == "name":
        try:
            return LIT(str(text, "utf-8"))
        except UnicodeDecodeError:
            return LIT(text)
    if kind == "hex":
        return HEX_PAIR.sub(lambda pair: bytes((int(pair.group(0), 16),)), SPC.sub(b"", text))
    if kind == "quote":
        return KWD(text)
    raise Unread(f"the character {text!r}")  # "other": anything but the "(" of a string with escapes


def closed(kind: str, opened: str, items: list[Any]) -> Any:
    """The array or dictionary that a "]" or ">>" closes."""
    if opened != ("open" if kind == "close" else "dict"):
        raise Unread("a closing bracket that does not match")
    if kind == "close":
        return items
    if len(items) % 2 or not all(type(k) is PSLiteral for k in items[::2]):
        raise Unread("a dictionary pdfminer would refuse or read otherwise")
    return {_name(k): v for k, v in zip(items[::2], items[1::2])}


# Most of a page's tokens are numbers, operators and names, and the same few thousand recur on every page: each
# is looked up by its bytes (WORDS, NAMES) from one shorter expression before TOKEN is tried. A "word" is a
# run that may start a number or an operator and holds no delimiter; where pdfminer would read it as more
# than one token ("1.2.3", "4-5", "12abc"), the stream is read again token by token, as before.
WORD_OR_NAME = re.compile(rb"[\s\x00]*(?:([-+.0-9A-Za-z][^#/%\[\]()<>{}\s]*)|/([^#/%\[\]()<>{}\s]*)(?!\#))")
NUMBER = re.compile(rb"[-+0-9][0-9]*(?:\.[0-9]*)?|\.[0-9]*")
SPLIT = object()  # a word pdfminer reads as two tokens or more
MISSING = object()
WORDS: dict[bytes, Any] = {}
NAMES: dict[bytes, Any] = {}
KEPT_WORDS = 100_000  # at most, each table; emptied when full


def word_value(word: bytes) -> Any:
    """The object of a word as TOKEN and `scalar` read it (SPLIT if they read more than one token), kept in WORDS."""
    if word[0] < 0x41:  # - + . or a digit: a number
        value = scalar("number", word) if NUMBER.fullmatch(word) else SPLIT
    else:
        value = scalar("keyword", word)  # raises Unread for an inline image's operators, which are never kept
    return keep(WORDS, word, value)


def name_value(text: bytes) -> Any:
    return keep(NAMES, text, scalar("name", text))


def keep(table: dict[bytes, Any], key: bytes, value: Any) -> Any:
    """`value`, kept in `table` under `key` (emptied first when it holds KEPT_WORDS)."""
    if len(table) >= KEPT_WORDS:
        table.clear()
    table[key] = value
    return value


def objects(data: bytes, words: bool = True) -> list[tuple[int, Any]]:
    """The (position, object) pairs pdfminer's PDFContentParser gives for one decoded stream, in order.
    The positions are 0: the interpreter does not read them. `words`: numbers, operators and names by WORDS and
    NAMES (see above)."""
    out: list[tuple[int, Any]] = []
    stack: list[tuple[str, list[Any]]] = [("top", out)]  # the open arrays ("open") and dictionaries ("dict")
    current: list[Any] = out  # where the next object goes
    match = TOKEN.match
    quick = WORD_OR_NAME.match if words else None
    get_word, get_name = WORDS.get, NAMES.get
    pos = 0
    while True:
        if quick is not None:
            m = quick(data, pos)
            found = m.lastindex if m is not None else None
            if found:  # 1: a word, 2: a name
                pos = m.end()
                key = m.group(found)
                value = (get_word if found == 1 else get_name)(key, MISSING)
                if value is MISSING:
                    value = (word_value if found == 1 else name_value)(key)
                if value is SPLIT:
                    return objects(data, words=False)
                if value is not NOTHING:
                    current.append((0, value) if current is out else value)
                continue
        m = match(data, pos)
        pos = m.end()
        kind = m.lastgroup
        if kind == "string":
            value = m.group(kind)
        elif kind == "open" or kind == "dict":
            stack.append((kind, current))
            current = []
            continue
        elif kind == "close" or kind == "enddict":
            opened, outer = stack.pop() if len(stack) > 1 else ("top", out)
            value = closed(kind, opened, current)
            current = outer
        elif kind == "end":
            if len(stack) > 1:
                raise Unread("an array or dictionary still open at the end")
            return out
        elif kind is None:  # a comment
            continue
        elif kind == "other" and m.group(kind) == b"(":
            value, pos = literal_string(data, pos)
        else:
            value = scalar(kind, m.group(kind))
            if value is NOTHING:
                continue
        current.append((0, value) if current is out else value)


def _name(literal: PSLiteral) -> str:
    name = literal.name
    return name if isinstance(name, str) else str(name)  # pdfminer's literal_name for undecodable bytes


class Parsed:
    """A content parser that hands out objects read beforehand."""

    def __init__(self, objs: list[tuple[int, Any]]) -> None:
        self.objs = objs
        self._next = iter(objs).__next__

    def nextobject(self) -> tuple[int, Any]:
        try:
            return self._next()
        except StopIteration:
            raise PSEOF("Unexpected EOF") from None


def content_parser(streams):
    """What `PDFPageInterpreter.execute` gets in place of `PDFContentParser(streams)`."""
    if len(streams) != 1:
        return ORIGINAL(streams)
    try:
        data = stream_value(streams[0]).get_data()
        return Parsed(objects(data))
    except Exception:  # Unread, or anything pdfminer would meet in its own way
        return ORIGINAL(streams)


# --- the interpreter's loop over those objects ---------------------------------------------------
#
# `PDFPageInterpreter.execute` finds each operator's method anew for each operator of the page: the
# keyword's name decoded, "do_" and three replacements formatted, `hasattr`, `getattr`, the method's
# argument count, and a debug log call, about a sixth of a page's reading. `execute` below is the same
# loop (pdfminer.six 20260107) with that found once per interpreter class and keyword, and the objects
# of a page this module read taken from their list; everything else as pdfminer does it: the same
# streams refused, the same arguments popped the same way (`pop`'s slices), the same calls in the same
# order. Only the debug log lines are not written (nothing in the suite reads pdfminer's debug log), and
# the methods are the class's (pdfminer sets none on an interpreter object).

from pdfminer import settings  # noqa: E402
from pdfminer.psparser import PSKeyword, keyword_name  # noqa: E402

ORIGINAL_EXECUTE = pdfinterp.PDFPageInterpreter.execute
OPERATORS: dict[tuple[type, PSKeyword], tuple[str, Any, int]] = {}  # (class, keyword) -> name, function, nargs


def operator(cls: type, keyword: PSKeyword) -> tuple[str, Any, int]:
    """The operator's name, the interpreter's unbound method for it (None: none) and its argument count."""
    name = keyword_name(keyword)
    method = "do_{}".format(name.replace("*", "_a").replace('"', "_w").replace("'", "_q"))
    func = getattr(cls, method, None)
    found = (name, func, func.__code__.co_argcount - 1 if func is not None else 0)
    OPERATORS[(cls, keyword)] = found
    return found


def execute(self, streams) -> None:
    valid_streams = []
    self.stream_ids.clear()
    for obj in streams:
        stream = stream_value(obj)
        if stream.objid is None:
            pdfinterp.log.warning("Execute called on non-indirect object (inline image?) %r", stream)
            continue
        if stream.objid in self.parent_stream_ids:
            pdfinterp.log.warning("Refusing to execute circular reference to content stream %d", stream.objid)
        else:
            valid_streams.append(stream)
            self.stream_ids.add(stream.objid)
    try:
        parser = pdfinterp.PDFContentParser(valid_streams)
    except PSEOF:
        return
    if isinstance(parser, Parsed):
        objs: Any = (obj for _, obj in parser.objs)
    else:
        def read(parser=parser):
            while True:
                try:
                    yield parser.nextobject()[1]
                except PSEOF:
                    return
        objs = read()
    cls = type(self)
    for obj in objs:
        if isinstance(obj, PSKeyword):
            name, func, nargs = OPERATORS.get((cls, obj)) or operator(cls, obj)
            if func is None:
                if settings.STRICT:
                    raise pdfinterp.PDFInterpreterError(f"Unknown operator: {name!r}")
            elif nargs:
                stack = self.argstack  # pop(nargs), as pdfminer's: the last nargs, or all when fewer
                args = stack[-nargs:]
                self.argstack = stack[:-nargs]
                if len(args) == nargs:
                    func(self, *args)
            else:
                func(self)
        else:
            self.argstack.append(obj)
