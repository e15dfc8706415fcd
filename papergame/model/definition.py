"""Load and check a game definition file (TOML).

Loading reports every problem in the file at once; each problem names the file, the
field path and what would be valid:

    game.toml: tiles[2].pairs: port "Q" is not one of N, E, S, W
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from papergame.model.board import Board, Position
from papergame.errors import DefinitionError
from papergame.folders import READ_CURRENT_FOLDER
from papergame.model.geometry import KINDS as SHAPE_KINDS
from papergame.model.geometry import MAX_PORTS_PER_SIDE, TileShape

DEFAULT_GAME = "edge-port-path-tiles"
MAX_FILE_BYTES = 1024 * 1024
BOARD_MIN, BOARD_MAX = 2, 12
MAX_TILES = 200
MAX_TOKENS = 8  # more than any rule set has (2): each is checked and named in its own problems
MAX_TYPES = 99  # tile types are numbered 1 to 99
MAX_DEPTH = 16  # tables and lists inside each other; a definition needs 4, a text file 2
MAX_UNKNOWN_KEYS = 5  # unknown keys of one table named one by one; more are counted in one line
NAME_FORBIDDEN = set("/:@,; \t\n")


@dataclass(frozen=True)
class TileType:
    """A tile as printed: which ports its lines join."""

    id: int
    pairs: tuple[tuple[str, str], ...]
    copies: int

    @cached_property
    def partner(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for a, b in self.pairs:
            out[a], out[b] = b, a
        return out


class TokenStart(NamedTuple):
    name: str
    start: Position


PATHS = ("own", "shared")
SUPPLIES = ("kit", "unlimited")


class RulesTable(NamedTuple):
    """The optional `[rules]` table: which rule set the game is played by.

    `path = "own"`: every player steers a token of their own (the default game).
    `path = "shared"`: one token, the path, which both players extend in turn.
    `supply = "kit"`: only the kit's copies of each tile; `"unlimited"`: any type, any time
    (shared path only). papergame.model.rules turns this data into a rule set.
    """

    path: str = "own"
    supply: str = "kit"


@dataclass(frozen=True)
class GameDefinition:
    source: str
    shape: TileShape
    board: Board
    tokens: tuple[TokenStart, ...]
    hand: int
    tiles: tuple[TileType, ...]
    rules: RulesTable = RulesTable()

    @property
    def total_tiles(self) -> int:
        return sum(t.copies for t in self.tiles)

    def tile(self, type_id: int) -> TileType | None:
        return next((t for t in self.tiles if t.id == type_id), None)

    def tile_type(self, type_id: int) -> TileType:
        """The tile type `type_id`, which the caller knows is in the set (KeyError if not)."""
        tile = self.tile(type_id)
        if tile is None:
            raise KeyError(type_id)
        return tile

    @property
    def pile(self) -> int:
        """Tiles left in the draw pile after the deal."""
        return self.total_tiles - self.hand * len(self.tokens)


def builtin_path(name: str = DEFAULT_GAME, filename: str = "game.toml"):
    """A file of a built-in template, found through importlib.resources (works from a wheel).

    Run from a checkout without installing, the templates are the `templates/` folder
    beside the package.
    """
    try:
        root = resources.files("papergame.templates")
    except ModuleNotFoundError:
        root = Path(__file__).resolve().parents[2] / "templates"
    return root.joinpath(name, filename)


def read_toml(path, what: str = "definition") -> dict[str, Any]:
    """Read a TOML file, turning every way it can fail into a DefinitionError naming it."""
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
    text = decode_text(data, label)
    try:
        loaded = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DefinitionError(curly_quotes(text, str(exc), label) or f"{label}: not valid TOML: {exc}") from None
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


def too_big(label: str, size: int, what: str = "definition") -> DefinitionError:
    """The problem with a file of `size` bytes, over the limit (also for an upload only announced)."""
    return DefinitionError(f"{label}: file is {size:,} bytes; a {what} file may be at most 1 MiB")


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


class Checker:
    """Collects problems with the fields of one file."""

    def __init__(self, label: str):
        self.label = label
        self.problems: list[str] = []

    def problem(self, field: str, message: str) -> None:
        self.problems.append(f"{self.label}: {field}: {message}" if field else f"{self.label}: {message}")

    def keys(self, table: Any, field: str, required: set[str], optional: frozenset[str] | set[str] = frozenset()) -> bool:
        """Check a table's keys; False if it is not a table at all."""
        if not isinstance(table, dict):
            self.problem(field, f"must be a table, not {type_name(table)}")
            return False
        for key in sorted(required - table.keys()):
            self.problem(join(field, key), "missing")
        unknown = sorted(table.keys() - required - optional)
        allowed = ", ".join(sorted(required | optional))
        if len(unknown) > MAX_UNKNOWN_KEYS:
            first = ", ".join(unknown[:MAX_UNKNOWN_KEYS])
            self.problem(field, f"{len(unknown):,} unknown keys ({first}, ...; expected only: {allowed})")
            return True
        for key in unknown:
            self.problem(join(field, key), f"unknown key (expected one of: {allowed})")
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


KINDS = {
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
        kinds = {KINDS[type(v)][1] if type(v) in KINDS else type(v).__name__ for v in value}
        return f"a list of {kinds.pop()}" if len(kinds) == 1 else "a list of mixed values"
    return KINDS[type(value)][0] if type(value) in KINDS else type(value).__name__


def toml_text(value: Any) -> str:
    """A value written the way it looks in the file (["N"], "out"), not as Python shows it."""
    return json.dumps(value, ensure_ascii=False, default=str)


def names_count(n: int) -> str:
    return f"{n:,} name" if n == 1 else f"{n:,} names"


def builtin_games() -> list[str]:
    """The names of the built-in templates (folders holding a game.toml), default first."""
    try:
        root = resources.files("papergame.templates")
    except ModuleNotFoundError:
        root = Path(__file__).resolve().parents[2] / "templates"
    names = sorted(p.name for p in root.iterdir() if p.is_dir() and p.joinpath("game.toml").is_file())
    return sorted(names, key=lambda n: n != DEFAULT_GAME)


def builtin_game(name: str | Path | None) -> str | None:
    """The built-in template that `name` names (`None` is the default game), or None if it names a file.

    A file of that name in the current folder wins over a template (not for `papergame serve`,
    which reads no file of the user's; `os.path.exists` never raises).
    """
    if name is None:
        return DEFAULT_GAME
    text = str(name)
    if "/" in text or "\\" in text or text.endswith(".toml") or (READ_CURRENT_FOLDER.get() and os.path.exists(text)):
        return template_at(text)
    return text if text in builtin_games() else None


def template_at(path: str) -> str | None:
    """The built-in template whose own game.toml `path` is (reached by its path), else None.

    A template's text file holds only the words that differ from the default game's, so the
    template must be loaded as a template however it is named.
    """
    try:
        here = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    for game in builtin_games():
        try:
            if Path(str(builtin_path(game))).resolve() == here:
                return game
        except (OSError, RuntimeError, ValueError):
            continue
    return None


def load_definition(path: str | Path | None = None) -> GameDefinition:
    """Load a definition file, or a built-in template by name (the default game when `path` is None)."""
    name = builtin_game(path)
    if name is not None:
        return parse_definition(read_toml(builtin_path(name)), f"{name}/game.toml")
    assert path is not None
    path = Path(path)
    try:
        data = read_toml(path)
    except DefinitionError as exc:
        if not (path.suffix or path.parent.name) and not os.path.lexists(path):  # a name, as a built-in game's
            raise DefinitionError(f"{path}: no such definition file, nor a built-in game; the built-in games are "
                                  f"{', '.join(builtin_games())}") from None
        raise exc
    return parse_definition(data, str(path))


def parse_definition(data: dict[str, Any], label: str) -> GameDefinition:
    check = Checker(label)
    rules = parse_rules(data.get("rules", {}), check)
    # With a broken [rules] table the rule set is unknown: what depends on it is not judged.
    shared = rules is not None and rules.path == "shared"
    base = {"shape", "board", "tokens", "tiles"}
    required = base if shared or rules is None else base | {"deal"}
    check.keys(data, "", required, {"rules", "deal"} - required)

    shape = parse_shape(data.get("shape"), check) if "shape" in data else None
    board = parse_board(data.get("board"), shape, check) if "board" in data else None
    count = None if rules is None else 1 if shared else 2
    tokens = parse_tokens(data.get("tokens"), board, check, count) if "tokens" in data else None
    tiles = parse_tiles(data.get("tiles"), shape, check) if "tiles" in data else None
    hand = None
    if shared:
        hand = 0
        if "deal" in data:
            check.problem("deal", 'a shared-path game deals no hands (players lay tiles from the common supply); '
                                  'remove [deal] or set rules.path = "own"')
    elif "deal" in data and check.keys(data["deal"], "deal", {"hand"}) and "hand" in data["deal"]:
        hand = check.integer(data["deal"]["hand"], "deal.hand", 1, what="a hand")
    if hand is not None and tokens and tiles:
        total = sum(t.copies for t in tiles)
        if hand * len(tokens) > total:
            check.problem(
                "deal.hand",
                f"deals {hand} tiles to each of {len(tokens)} players ({hand * len(tokens)}), "
                f"but the set has only {total} tiles",
            )
    if check.problems:
        raise DefinitionError(check.problems)
    assert shape and board and tokens and tiles and hand is not None  # every missing part was reported
    assert rules is not None
    return GameDefinition(label, shape, board, tokens, hand, tiles, rules)


def parse_rules(table: Any, check: Checker) -> RulesTable | None:
    """The `[rules]` table, or None (reported) when it does not say which rule set."""
    if not check.keys(table, "rules", set(), {"path", "supply"}):
        return None
    values = {}
    for key, allowed in (("path", PATHS), ("supply", SUPPLIES)):
        if key not in table:
            continue
        value = table[key]
        listed = " or ".join(f'"{a}"' for a in allowed)
        if not isinstance(value, str):
            check.problem(f"rules.{key}", f"must be text, {listed}, not {type_name(value)}")
        elif value not in allowed:
            check.problem(f"rules.{key}", f"{toml_text(value)} is not {listed}")
        else:
            values[key] = value
            continue
        if key == "path":
            return None
    rules = RulesTable(**values)
    if rules.path == "own" and rules.supply == "unlimited":
        check.problem("rules.supply", '"unlimited" needs path = "shared": in the own-path game players hold '
                                      "hands dealt from the kit")
    return rules


KIND_SIDES = "a tile is a square (4 sides: N, E, S, W) or a flat-top hexagon (6 sides: N, NE, SE, S, SW, NW)"
MAX_NAMES = 64  # sides or ports beyond this get one problem for their number, none name by name
MAX_PORTS = max(sides * MAX_PORTS_PER_SIDE[kind] for sides, kind in SHAPE_KINDS.items())


def parse_shape(table: Any, check: Checker) -> TileShape | None:
    if not check.keys(table, "shape", {"sides", "ports"}):
        return None
    sides = ports = None
    if "sides" in table:
        value = table["sides"]
        if isinstance(value, list) and len(value) > MAX_NAMES:  # thousands are not worth a look name by name
            check.problem("shape.sides", f"has {len(value):,} sides; {KIND_SIDES}")
        else:
            sides = check.strings(value, "shape.sides")
    if "ports" in table:
        value = table["ports"]
        if isinstance(value, list) and len(value) > MAX_NAMES:
            check.problem("shape.ports", f"has {len(value):,} ports; a tile has at most {MAX_PORTS} "
                          f"({', '.join(f'{n} a side on a {k}' for k, n in MAX_PORTS_PER_SIDE.items())})")
        else:
            ports = check.strings(value, "shape.ports")
    if sides is not None and len(sides) not in SHAPE_KINDS:
        check.problem("shape.sides", f"has {len(sides)} sides; {KIND_SIDES}")
        return None
    if sides is None or ports is None:
        return None
    kind = SHAPE_KINDS[len(sides)]
    if len(ports) % len(sides):
        check.problem("shape.ports", f"has {len(ports)} ports; need the same number on each of the {len(sides)} sides")
        return None
    per_side, most = len(ports) // len(sides), MAX_PORTS_PER_SIDE[kind]
    if per_side > most:
        check.problem("shape.ports", f"has {per_side} ports a side; a {kind} tile may have 1 to {most} ports a side")
        return None
    return TileShape(sides, ports)


def parse_board(table: Any, shape: TileShape | None, check: Checker) -> Board | None:
    """Check the board's names even without a valid shape; build it only with one."""
    if not check.keys(table, "board", {"columns", "rows"}):
        return None
    columns = rows = None
    for key in ("columns", "rows"):
        if key not in table:
            continue
        value = table[key]
        if isinstance(value, list) and not BOARD_MIN <= len(value) <= BOARD_MAX:
            check.problem(f"board.{key}", f"has {names_count(len(value))}; a board is {BOARD_MIN} to {BOARD_MAX} cells across")
            continue
        names = check.strings(value, f"board.{key}", BOARD_MIN, BOARD_MAX)
        if key == "columns":
            columns = names
        else:
            rows = names
    if columns and rows and shape:
        return Board(columns, rows, shape)
    return None


def parse_tokens(value: Any, board: Board | None, check: Checker, count: int | None = 2) -> tuple[TokenStart, ...] | None:
    """`count` is 2 for the own-path game (a token each), 1 for a shared path (the path itself),
    None when the rule set is unknown (a broken [rules] table): the count is not judged."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        check.problem("tokens", f"must be a list of tables ([[tokens]]), not {type_name(value)}")
        return None
    has = f"has {len(value):,} token{'' if len(value) == 1 else 's'}"
    if count is not None and len(value) != count:
        if count == 2:
            check.problem("tokens", f"{has}; this game is for exactly 2")
        else:
            check.problem("tokens", f'{has}; a shared-path game has exactly 1, the path ([[tokens]] name = "path")')
    if len(value) > MAX_TOKENS:  # not worth a look token by token
        if count is None:
            check.problem("tokens", f"{has}; a game has 1 or 2")
        return None
    out: list[TokenStart] = []
    for i, table in enumerate(value):
        field = f"tokens[{i}]"
        check.keys(table, field, {"name", "start"})
        name = table.get("name")
        if name == "out":
            check.problem(f"{field}.name", '"out" cannot be a token\'s name: it means a token that has left the board')
            name = None
        elif "name" in table and (not isinstance(name, str) or not usable_name(name)):
            check.problem(f"{field}.name", f'must be a one-word name such as "white", not {toml_text(name)}')
            name = None
        start = table.get("start")
        position = None
        if "start" in table:
            if not isinstance(start, str):
                check.problem(f"{field}.start", f"must be text such as \"A1/S\", not {type_name(start)}")
            elif board is not None:
                position = check_start(start, board, f"{field}.start", check)
        if name and position:
            out.append(TokenStart(name, position))
    for n in sorted(n for n, times in Counter(t.name for t in out).items() if times > 1):
        check.problem("tokens", f'two tokens are called "{n}"')
    for s in sorted(s for s, times in Counter(t.start for t in out).items() if times > 1):
        assert board is not None  # a start is only read against a board
        check.problem("tokens", f"two tokens start on the same port {board.position_name(s)}")
    return tuple(out) if len(out) == len(value) == (count or len(value)) else None


def check_start(text: str, board: Board, field: str, check: Checker) -> Position | None:
    cell_text, sep, port = text.partition("/")
    if not sep:
        check.problem(field, f'"{text}" is not CELL/PORT (for example "A1/S")')
        return None
    cell = board.parse_cell(cell_text)
    if cell is None:
        check.problem(field, f'cell "{cell_text}" is not on the board ({board.cell_name(board.cells[0])} to {board.cell_name(board.cells[-1])})')
        return None
    position = board.parse_position(text)
    if position is None:
        check.problem(field, f'port "{port}" is not one of {", ".join(board.shape.ports)}')
        return None
    if not board.is_edge_entry(position):
        check.problem(field, f"{text} is not on the board's edge facing in: a start must enter the board from outside")
        return None
    return position


def parse_tiles(value: Any, shape: TileShape | None, check: Checker) -> tuple[TileType, ...] | None:
    """Check every tile; port pairs only when there is a valid shape to check them against."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value) or not value:
        check.problem("tiles", f"must be a non-empty list of tables ([[tiles]]), not {type_name(value)}")
        return None
    if len(value) > MAX_TYPES:  # not worth a look tile by tile
        check.problem("tiles", f"has {len(value):,} tile types; a set has at most {MAX_TYPES} (types 1 to {MAX_TYPES})")
        return None
    out: list[TileType] = []
    ok = True
    for i, table in enumerate(value):
        field = f"tiles[{i}]"
        check.keys(table, field, {"type", "pairs", "copies"})
        type_id = check.integer(table["type"], f"{field}.type", 1, MAX_TYPES, "a type number") if "type" in table else None
        copies = check.integer(table["copies"], f"{field}.copies", 1, MAX_TILES, "copies") if "copies" in table else None
        pairs = check_pairs(table["pairs"], shape, f"{field}.pairs", check) if "pairs" in table and shape else None
        if type_id is None or copies is None or pairs is None:
            ok = False
            continue
        out.append(TileType(type_id, pairs, copies))
    for d in sorted(i for i, times in Counter(t.id for t in out).items() if times > 1):
        check.problem("tiles", f"type {d} is defined twice")
        ok = False
    total = sum(t.copies for t in out)
    if total > MAX_TILES:
        check.problem("tiles", f"the set has {total} tiles; at most {MAX_TILES} are allowed")
        ok = False
    return tuple(out) if ok else None


def check_pairs(value: Any, shape: TileShape, field: str, check: Checker) -> tuple[tuple[str, str], ...] | None:
    valid = ", ".join(shape.ports)
    if not isinstance(value, list) or not all(isinstance(p, list) for p in value):
        check.problem(field, f'must be a list of port pairs such as [["N", "E"], ["S", "W"]], not {type_name(value)}')
        return None
    if len(value) > len(shape.ports):  # not worth a look pair by pair
        check.problem(field, f"has {len(value):,} pairs; a tile with {len(shape.ports)} ports has "
                             f"{len(shape.ports) // 2}, each port in exactly one")
        return None
    ok = True
    seen: dict[str, int] = {}
    pairs: list[tuple[str, str]] = []
    for j, pair in enumerate(value):
        if len(pair) != 2 or not all(isinstance(p, str) for p in pair):
            check.problem(f"{field}[{j}]", f"must be two port names, not {toml_text(pair)}")
            ok = False
            continue
        a, b = pair
        for p in (a, b):
            if p not in shape.ports:
                check.problem(f"{field}[{j}]", f'port "{p}" is not one of {valid}')
                ok = False
        if a == b:
            check.problem(f"{field}[{j}]", f'joins port "{a}" to itself')
            ok = False
            continue
        for p in (a, b):
            if p in seen and p in shape.ports:
                check.problem(f"{field}[{j}]", f'port "{p}" is already paired in {field}[{seen[p]}]')
                ok = False
            seen.setdefault(p, j)
        pairs.append((a, b))
    if ok:
        unpaired = [p for p in shape.ports if p not in seen]
        if unpaired:
            word = "port" if len(unpaired) == 1 else "ports"
            listed = ", ".join(f'"{p}"' for p in unpaired)
            check.problem(field, f"leaves {word} {listed} unpaired; every port must be in exactly one pair")
            ok = False
    return tuple(pairs) if ok else None
