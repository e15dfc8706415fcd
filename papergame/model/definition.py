"""A game's definition: its structure (`GameDefinition`) and what one must hold, checked on data.

The model reads no file: the data step (`papergame.data`) reads the TOML and hands its data
here. Every problem in it is reported at once, collected by the data step's `Checker`
(`papergame.data.checks`); each names the file, the field path and what would be valid:

    game.toml: tiles[2].pairs: port "Q" is not one of N, E, S, W
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any, Callable, Iterable

from papergame.data.checks import Checker, names_count, toml_text, type_name, usable_name
from papergame.records import NamedTuple, dataclass
from papergame.errors import DefinitionError
from papergame.model.board import Board, Position
from papergame.model.geometry import KINDS as SHAPE_KINDS
from papergame.model.geometry import MAX_PORTS_PER_SIDE, SHAPES, ShapeKind, TileShape, or_list
from papergame.model.rulesets import KINDS as RULE_SET_KINDS
from papergame.model.rulesets.own import DEFAULT_GAME as DEFAULT_GAME
from papergame.model.rulesets.own import OwnPath

BOARD_MIN, BOARD_MAX = 2, 12
MAX_TILES = 200
MAX_TOKENS = 8  # more than any rule set has (2): each is checked and named in its own problems
MAX_TYPES = 99  # tile types are numbered 1 to 99


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


PATHS = tuple(RULE_SET_KINDS)  # own, shared
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


def parse_definition(data: dict[str, Any], label: str,
                     where: Callable[[str, str | None], str] | None = None) -> GameDefinition:
    """The game `data` describes, or a DefinitionError listing every problem; `where` words a
    field's place for people (the data step gives it, from the file's text)."""
    check = Checker(label, where)
    rules = parse_rules(data.get("rules", {}), check)
    # With a broken [rules] table the rule set is unknown: what depends on it is not judged. What differs between
    # rule sets (the tables, the tokens, the deal) the rule set's class says.
    kind = None if rules is None else RULE_SET_KINDS[rules.path]
    required = {"shape", "board", "tokens", "tiles"} | (kind.tables if kind is not None else set())
    check.keys(data, "", required, {"rules", "deal"} - required)

    shape = parse_shape(data.get("shape"), check) if "shape" in data else None
    board = parse_board(data.get("board"), shape, check) if "board" in data else None
    tokens = parse_tokens(data.get("tokens"), board, check, kind) if "tokens" in data else None
    tiles = parse_tiles(data.get("tiles"), shape, check) if "tiles" in data else None
    hand = (kind or OwnPath).hand(data, check)  # an unknown rule set's [deal] checked as the default game's
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
    RULE_SET_KINDS[rules.path].check_rules(rules, check)
    return rules




def kind_sides(shapes: Iterable[ShapeKind]) -> str:
    """The shapes a tile may have, for the error sentence on its number of sides.

    >>> kind_sides(SHAPES.values())
    'a tile is a square (4 sides: N, E, S, W) or a flat-top hexagon (6 sides: N, NE, SE, S, SW, NW)'
    """
    return "a tile is " + or_list([f"{k.description} ({len(k.side_names)} sides: {', '.join(k.side_names)})"
                                    for k in shapes])


KIND_SIDES = kind_sides(SHAPES.values())
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


def parse_tokens(value: Any, board: Board | None, check: Checker, kind: Any = None) -> tuple[TokenStart, ...] | None:
    """`kind`, the rule set's class, says how many tokens (`kind.tokens`: 2 for the own-path game, a token each;
    1 for a shared path, the path itself); None when the rule set is unknown (a broken [rules] table): the count
    is not judged."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        check.problem("tokens", f"must be a list of tables ([[tokens]]), not {type_name(value)}")
        return None
    has = f"has {len(value):,} token{'' if len(value) == 1 else 's'}"
    if kind is not None and len(value) != kind.tokens:
        check.problem("tokens", kind.tokens_problem(has))
    if len(value) > MAX_TOKENS:  # not worth a look token by token
        if kind is None:
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
    return tuple(out) if len(out) == len(value) == (kind.tokens if kind is not None else len(value)) else None


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
                check.problem(f"{field}[{j}]", f'port "{p}" is already paired in {check.item(field, seen[p])}')
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
