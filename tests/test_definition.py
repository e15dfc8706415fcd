"""Loading and checking game definition files: every problem, with its exact message."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from papergame.model.board import Cell, Position
from papergame.data.files import MAX_FILE_BYTES, read_toml
from papergame.data.games import load_definition
from papergame.data.templates import builtin_path
from papergame.model.definition import DEFAULT_GAME, parse_definition
from papergame.errors import DefinitionError, PapergameError

from conftest import EXAMPLES

LABEL = "g.toml"


def problems_of(data) -> list[str]:
    """The problems parse_definition reports for `data`, labelled g.toml."""
    with pytest.raises(DefinitionError) as info:
        parse_definition(data, LABEL)
    return info.value.problems


def changed(data, edit) -> list[str]:
    data = copy.deepcopy(data)
    edit(data)
    return problems_of(data)


# --- the default game -------------------------------------------------------------------


def test_default_game_loads_with_the_facts_of_the_rules(default_game):
    d = default_game
    assert d.source == f"{DEFAULT_GAME}/game.toml"
    assert d.shape.sides == ("N", "E", "S", "W")
    assert d.shape.ports == ("N", "E", "S", "W")
    assert d.board.columns == ("A", "B", "C", "D", "E")
    assert d.board.rows == ("1", "2", "3", "4", "5")
    assert [(t.name, t.start) for t in d.tokens] == [
        ("white", Position(Cell(0, 0), "S")),
        ("black", Position(Cell(4, 4), "N")),
    ]
    assert d.hand == 3
    assert [(t.id, t.pairs, t.copies) for t in d.tiles] == [
        (1, (("N", "E"), ("S", "W")), 6),
        (2, (("N", "W"), ("S", "E")), 6),
        (3, (("N", "S"), ("E", "W")), 6),
    ]
    assert d.total_tiles == 18
    assert d.pile == 12
    assert d.tile(2).partner == {"N": "W", "W": "N", "S": "E", "E": "S"}
    assert d.tile(4) is None


def test_builtin_definition_is_found_as_a_package_resource():
    path = builtin_path()
    assert path.name == "game.toml"
    assert read_toml(path)["deal"] == {"hand": 3}


def test_load_definition_from_a_path(tmp_path):
    path = tmp_path / "copy.toml"
    path.write_bytes(builtin_path().read_bytes())
    d = load_definition(path)
    assert d.source == str(path)
    assert d.total_tiles == 18
    assert load_definition(str(path)).source == str(path)


# --- reading the file -------------------------------------------------------------------


def test_missing_file(tmp_path):
    path = tmp_path / "nope.toml"
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.problems == [f"{path}: no such definition file"]


def test_folder_instead_of_a_file(tmp_path):
    with pytest.raises(DefinitionError) as info:
        load_definition(tmp_path)
    assert info.value.problems == [f"{tmp_path}: is a folder, not a definition file"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("[shape\n", "line 1: a table's name in [ ] is not closed with ]"),
        ("[board]\ncolumns = [A, B]\n",
         'line 2: A is not a value TOML knows: write text in quotes ("A"), a number as digits, or true or false'),
        ("a = 1\na = 2\n", "line 2: the key a is already given in this table; each key once"),
        ('[deal]\nhand = 3\n\n[shape]\nsides = ["N", "E]\nports = []\n', "line 5: a quote is opened but not closed"),
        ('[board]\ncolumns = ["A", "B"\nrows = ["1", "2"]\n', "line 2: a list opened with [ is not closed with ]"),
        ("[deal]\nhand = 3\n[deal]\nhand = 4\n", "line 3: the table [deal] is already declared above; each table once"),
        ("[deal]\nhand size = 3\n", "line 2: a key must be followed by = and its value (a key of several words goes in quotes)"),
        ("[deal]\nhand = 3 4\n", "line 2: something follows the value on the same line; write one key = value a line"),
        ("title = 'Board\n", "line 1: a quote is opened but not closed"),
        ('title = """Board\n', "line 1: a quote is opened but not closed"),
        ("a = {b = 1\n", "line 1: a table opened with { is not closed with }"),
    ],
)
def test_not_toml_names_the_line_in_plain_words(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.problems == [f"{path}: {message}"]


def test_toml_mistakes_without_plain_words_keep_tomllibs_own():
    from papergame.data.files import parse_toml

    with pytest.raises(DefinitionError) as info:
        parse_toml('a = "\\q"\n', "t.toml")
    assert info.value.problems[0].startswith("t.toml: not valid TOML: ")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(b"# caf\xe9\n")
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.problems == [f"{path}: line 1: not UTF-8 text (bad byte at offset 5); save it as UTF-8 "
                                   "(in Notepad: File, Save as, Encoding: UTF-8)"]


def test_file_over_one_mib_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.problems == [f"{path}: file is 1,048,577 bytes; a definition file may be at most 1 MiB"]


def test_file_of_exactly_one_mib_is_read(tmp_path):
    text = builtin_path().read_text()
    path = tmp_path / "padded.toml"
    path.write_text(text + "#" * (MAX_FILE_BYTES - len(text.encode()) - 1) + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES
    assert load_definition(path).total_tiles == 18


# --- keys and types ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, message",
    [
        ("shape", "g.toml: shape: missing"),
        ("board", "g.toml: board: missing"),
        ("tokens", "g.toml: tokens: missing"),
        ("deal", "g.toml: deal: missing"),
        ("tiles", "g.toml: tiles: missing"),
    ],
)
def test_missing_top_level_keys(default_data, key, message):
    assert changed(default_data, lambda d: d.pop(key)) == [message]


def test_without_a_shape_the_rest_is_still_checked_except_port_pairs(default_data):
    """Port pairs can only be read against the shape's ports; everything else is still
    checked, so one run reports every problem it can."""

    def edit(d):
        del d["shape"]["ports"]
        d["board"]["rows"] = ["1"]
        d["tiles"][0]["pairs"] = [["N", "Q"]]  # not checked: no ports to check against
        d["tiles"][1]["copies"] = 0

    assert changed(default_data, edit) == [
        "g.toml: shape.ports: missing",
        "g.toml: board.rows: has 1 name; a board is 2 to 12 cells across",
        "g.toml: tiles[1].copies: is 0; copies must be from 1 to 200",
    ]


def test_missing_inner_keys_each_named(default_data):
    def edit(d):
        del d["board"]["rows"]
        del d["tokens"][0]["name"]
        del d["deal"]["hand"]
        del d["tiles"][2]["copies"]

    assert changed(default_data, edit) == [
        "g.toml: board.rows: missing",
        "g.toml: tokens[0].name: missing",
        "g.toml: tiles[2].copies: missing",
        "g.toml: deal.hand: missing",
    ]


def test_unknown_keys_list_the_known_ones(default_data):
    def edit(d):
        d["colour"] = "green"
        d["board"]["diagonal"] = True
        d["tokens"][1]["colour"] = "black"
        d["deal"]["cards"] = 3
        d["tiles"][0]["name"] = "bend"

    assert changed(default_data, edit) == [
        'g.toml: "colour" is not a key (the keys: board, deal, rules, shape, tiles, tokens)',
        'g.toml: board: "diagonal" is not a key (the keys: columns, rows)',
        'g.toml: tokens[1]: "colour" is not a key (the keys: name, start)',
        'g.toml: tiles[0]: "name" is not a key (the keys: copies, pairs, type)',
        'g.toml: deal: "cards" is not a key (the keys: hand)',
    ]


def test_a_misspelt_key_is_found_in_its_table_by_what_it_holds_and_its_line(tmp_path):
    """Issue 18: `tiles[2].copise: unknown key` counted the tables from 0 and gave no line."""
    from conftest import builtin_path

    lines = builtin_path().read_text(encoding="utf-8").splitlines()
    third = [i for i, line in enumerate(lines) if line == "[[tiles]]"][2]
    copies = next(i for i in range(third, len(lines)) if lines[i].startswith("copies"))
    lines[copies] = lines[copies].replace("copies", "copise")
    path = tmp_path / "game.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert info.value.problems == [  # one line: the key it means is not said to be missing as well
        f'{path}: the [[tiles]] table with type = 3, line {copies + 1}: "copise" is not a key; did you mean "copies"?',
    ]


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.__setitem__("shape", "square"), "g.toml: shape: must be a table, not text"),
        (lambda d: d.__setitem__("deal", 3), "g.toml: deal: must be a table, not a number"),
        (lambda d: d["board"].__setitem__("columns", "ABCDE"),
         "g.toml: board.columns: must be a list of strings, not text"),
        (lambda d: d["board"].__setitem__("rows", [1, 2, 3, 4, 5]),
         "g.toml: board.rows: must be a list of strings, not a list of numbers"),
        (lambda d: d.__setitem__("tokens", ["A1/S", "E5/N"]),
         "g.toml: tokens: must be a list of tables ([[tokens]]), not a list of text"),
        (lambda d: d["tokens"][0].__setitem__("start", 1),
         'g.toml: tokens[0].start: must be text such as "A1/S", not a number'),
        (lambda d: d["tokens"][0].__setitem__("name", ["white"]),
         'g.toml: tokens[0].name: must be a one-word name such as "white", not ["white"]'),
        (lambda d: d["tokens"][0].__setitem__("name", "white token"),
         'g.toml: tokens[0].name: must be a one-word name such as "white", not "white token"'),
        (lambda d: d["tokens"][0].__setitem__("name", "out"),
         'g.toml: tokens[0].name: "out" cannot be a token\'s name: it means a token that has left the board'),
        (lambda d: d["deal"].__setitem__("hand", "3"), "g.toml: deal.hand: must be a whole number, not text"),
        (lambda d: d["deal"].__setitem__("hand", 0), "g.toml: deal.hand: is 0; a hand must be at least 1"),
        (lambda d: d.__setitem__("tiles", []),
         "g.toml: tiles: must be a non-empty list of tables ([[tiles]]), not an empty list"),
        (lambda d: d.__setitem__("tiles", {"type": 1}),
         "g.toml: tiles: must be a non-empty list of tables ([[tiles]]), not a table"),
        (lambda d: d["tiles"][0].__setitem__("type", "one"),
         "g.toml: tiles[0].type: must be a whole number, not text"),
        (lambda d: d["tiles"][0].__setitem__("type", 100),
         "g.toml: tiles[0].type: is 100; a type number must be from 1 to 99"),
        (lambda d: d["tiles"][0].__setitem__("pairs", ["N", "E"]),
         'g.toml: tiles[0].pairs: must be a list of port pairs such as [["N", "E"], ["S", "W"]], not a list of text'),
    ],
)
def test_wrong_types(default_data, edit, message):
    assert changed(default_data, edit) == [message]


def test_a_pair_must_be_two_port_names(default_data):
    assert changed(default_data, lambda d: d["tiles"][0].__setitem__("pairs", [["N"], ["E", "S", "W"]])) == [
        'g.toml: tiles[0].pairs[0]: must be two port names, not ["N"]',
        'g.toml: tiles[0].pairs[1]: must be two port names, not ["E", "S", "W"]',
    ]


# --- tiles ------------------------------------------------------------------------------


def test_unknown_port(default_data):
    assert changed(default_data, lambda d: d["tiles"][0].__setitem__("pairs", [["N", "E"], ["S", "Q"]])) == [
        'g.toml: tiles[0].pairs[1]: port "Q" is not one of N, E, S, W',
    ]


def test_ports_are_case_sensitive(default_data):
    assert changed(default_data, lambda d: d["tiles"][2].__setitem__("pairs", [["n", "S"], ["E", "W"]])) == [
        'g.toml: tiles[2].pairs[0]: port "n" is not one of N, E, S, W',
    ]


def test_port_paired_twice(default_data):
    assert changed(default_data, lambda d: d["tiles"][1].__setitem__("pairs", [["N", "W"], ["N", "E"]])) == [
        'g.toml: tiles[1].pairs[1]: port "N" is already paired in tiles[1].pairs[0]',
    ]


def test_port_left_unpaired(default_data):
    assert changed(default_data, lambda d: d["tiles"][0].__setitem__("pairs", [["N", "E"]])) == [
        'g.toml: tiles[0].pairs: leaves ports "S", "W" unpaired; every port must be in exactly one pair',
    ]


def test_one_port_left_unpaired_with_eight_ports(default_data):
    def edit(d):
        d["shape"]["ports"] = ["Na", "Nb", "Ea", "Eb", "Sa", "Sb", "Wa", "Wb"]
        d["tokens"][0]["start"] = "A1/Sa"
        d["tokens"][1]["start"] = "E5/Nb"
        d["tiles"] = [{"type": 1, "copies": 4, "pairs": [["Na", "Sb"], ["Nb", "Sa"], ["Ea", "Wb"], ["Eb", "Wa"]]},
                      {"type": 2, "copies": 4, "pairs": [["Na", "Nb"], ["Ea", "Eb"], ["Sa", "Sb"]]}]

    assert changed(default_data, edit) == [
        'g.toml: tiles[1].pairs: leaves ports "Wa", "Wb" unpaired; every port must be in exactly one pair',
    ]


def test_pair_joining_a_port_to_itself(default_data):
    assert changed(default_data, lambda d: d["tiles"][2].__setitem__("pairs", [["N", "S"], ["E", "E"]])) == [
        'g.toml: tiles[2].pairs[1]: joins port "E" to itself',
    ]


@pytest.mark.parametrize(
    "copies, message",
    [
        (0, "is 0; copies must be from 1 to 200"),
        (-1, "is -1; copies must be from 1 to 200"),
        (201, "is 201; copies must be from 1 to 200"),
        ("six", "must be a whole number, not text"),
        (6.0, "must be a whole number, not a decimal number"),
        (True, "must be a whole number, not true/false"),
    ],
)
def test_copies_must_be_a_positive_whole_number(default_data, copies, message):
    assert changed(default_data, lambda d: d["tiles"][1].__setitem__("copies", copies)) == [
        f"g.toml: tiles[1].copies: {message}",
    ]


def test_type_defined_twice(default_data):
    assert changed(default_data, lambda d: d["tiles"][1].__setitem__("type", 1)) == [
        "g.toml: tiles: type 1 is defined twice",
    ]


def test_too_many_tiles_in_the_set(default_data):
    def edit(d):
        for t in d["tiles"]:
            t["copies"] = 100

    assert changed(default_data, edit) == ["g.toml: tiles: the set has 300 tiles; at most 200 are allowed"]


@pytest.mark.parametrize("hand, copies, dealt, total", [(10, 6, 20, 18), (9, 5, 18, 17)])
def test_more_tiles_dealt_than_exist(default_data, hand, copies, dealt, total):
    def edit(d):
        d["deal"]["hand"] = hand
        d["tiles"][0]["copies"] = copies

    assert changed(default_data, edit) == [
        f"g.toml: deal.hand: deals {hand} tiles to each of 2 players ({dealt}), but the set has only {total} tiles",
    ]


def test_dealing_every_tile_is_allowed(default_data):
    data = copy.deepcopy(default_data)
    data["deal"]["hand"] = 9
    d = parse_definition(data, LABEL)
    assert d.pile == 0


# --- shape and board --------------------------------------------------------------------


def test_only_squares_and_hexagons(default_data):
    assert changed(default_data, lambda d: d.__setitem__("shape", {"sides": ["N", "E", "S"], "ports": ["N", "E", "S"]})) == [
        "g.toml: shape.sides: has 3 sides; a tile is a square (4 sides: N, E, S, W) "
        "or a flat-top hexagon (6 sides: N, NE, SE, S, SW, NW)",
    ]


def test_ports_a_side_are_limited_by_shape(default_data):
    four = [f"{s}{i}" for s in "NESW" for i in range(1, 5)]
    assert changed(default_data, lambda d: d.__setitem__("shape", {"sides": list("NESW"), "ports": four})) == [
        "g.toml: shape.ports: has 4 ports a side; a square tile may have 1 to 3 ports a side",
    ]
    hexes = ["N", "NE", "SE", "S", "SW", "NW"]
    three = [f"{s}{i}" for s in hexes for i in range(1, 4)]
    assert changed(default_data, lambda d: d.__setitem__("shape", {"sides": hexes, "ports": three})) == [
        "g.toml: shape.ports: has 3 ports a side; a hexagon tile may have 1 to 2 ports a side",
    ]


def test_ports_spread_evenly_over_the_sides(default_data):
    assert changed(default_data, lambda d: d["shape"].__setitem__("ports", ["N", "E", "S", "W", "X", "Y"])) == [
        "g.toml: shape.ports: has 6 ports; need the same number on each of the 4 sides",
    ]


@pytest.mark.parametrize(
    "key, names, message",
    [
        ("columns", ["A"], "has 1 name; a board is 2 to 12 cells across"),
        ("rows", [], "has 0 names; a board is 2 to 12 cells across"),
        ("columns", list("ABCDEFGHIJKLM"), "has 13 names; a board is 2 to 12 cells across"),
        ("columns", ["A", "A", "C"], 'repeats "A"'),
    ],
)
def test_board_size_and_names(default_data, key, names, message):
    # starts are not checked on a board that cannot be built
    assert changed(default_data, lambda d: d["board"].__setitem__(key, names)) == [f"g.toml: board.{key}: {message}"]


def test_board_names_must_be_usable(default_data):
    assert changed(default_data, lambda d: d["board"].__setitem__("columns", ["A", "B C", "", "D", "E"])) == [
        'g.toml: board.columns[1]: "B C" is not a usable name (it must be non-empty, without spaces or / : @ , ;)',
        'g.toml: board.columns[2]: "" is not a usable name (it must be non-empty, without spaces or / : @ , ;)',
    ]


@pytest.mark.parametrize("size", [2, 12])
def test_board_sizes_at_the_limits_load(default_data, size):
    data = copy.deepcopy(default_data)
    data["board"] = {"columns": [chr(65 + i) for i in range(size)], "rows": [str(r + 1) for r in range(size)]}
    last = f"{chr(64 + size)}{size}"
    data["tokens"][1]["start"] = f"{last}/N"
    d = parse_definition(data, LABEL)
    assert d.board.cell_name(d.tokens[1].start.cell) == last


# --- tokens -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start, message",
    [
        ("F6/N", 'cell "F6" is not on the board (A1 to E5)'),
        ("A0/S", 'cell "A0" is not on the board (A1 to E5)'),
        ("A1S", '"A1S" is not CELL/PORT (for example "A1/S")'),
        ("A1/Q", 'port "Q" is not one of N, E, S, W'),
        ("A1/N", "A1/N is not on the board's edge facing in: a start must enter the board from outside"),
        ("A1/E", "A1/E is not on the board's edge facing in: a start must enter the board from outside"),
        ("C3/S", "C3/S is not on the board's edge facing in: a start must enter the board from outside"),
    ],
)
def test_bad_starts(default_data, start, message):
    assert changed(default_data, lambda d: d["tokens"][1].__setitem__("start", start)) == [
        f"g.toml: tokens[1].start: {message}",
    ]


@pytest.mark.parametrize("start", ["A1/W", "C1/S", "E3/E", "a5/n"])
def test_other_edge_starts_are_fine(default_data, start):
    data = copy.deepcopy(default_data)
    data["tokens"][1]["start"] = start
    d = parse_definition(data, LABEL)
    assert d.board.is_edge_entry(d.tokens[1].start)
    assert d.board.position_name(d.tokens[1].start) == start.upper()


def test_two_tokens_on_the_same_port(default_data):
    assert changed(default_data, lambda d: d["tokens"][1].__setitem__("start", "A1/S")) == [
        "g.toml: tokens: two tokens start on the same port A1/S",
    ]


def test_two_tokens_on_the_same_cell_but_different_ports_is_fine(default_data):
    data = copy.deepcopy(default_data)
    data["tokens"][1]["start"] = "A1/W"
    assert [t.start.port for t in parse_definition(data, LABEL).tokens] == ["S", "W"]


def test_two_tokens_with_one_name(default_data):
    assert changed(default_data, lambda d: d["tokens"][1].__setitem__("name", "white")) == [
        'g.toml: tokens: two tokens are called "white"',
    ]


@pytest.mark.parametrize("count, message", [(1, "has 1 token"), (3, "has 3 tokens")])
def test_exactly_two_tokens(default_data, count, message):
    def edit(d):
        extra = {"name": "red", "start": "C1/S"}
        d["tokens"] = (d["tokens"] + [extra])[:count]

    assert changed(default_data, edit) == [f"g.toml: tokens: {message}; this game is for exactly 2"]


# --- every problem at once --------------------------------------------------------------


def test_every_problem_in_a_file_is_reported_together(default_data):
    def edit(d):
        d["extra"] = 1
        d["board"]["rows"] = ["1"]
        d["tokens"][0]["start"] = "A1/N"  # not checked: the board is broken
        d["tokens"][1]["name"] = ""
        d["deal"]["hand"] = -2
        d["tiles"][0]["copies"] = 0
        d["tiles"][1]["pairs"] = [["N", "N"], ["S", "E"], ["W", "X"]]
        d["tiles"][2]["colour"] = "red"

    assert changed(default_data, edit) == [
        'g.toml: "extra" is not a key (the keys: board, deal, rules, shape, tiles, tokens)',
        "g.toml: board.rows: has 1 name; a board is 2 to 12 cells across",
        'g.toml: tokens[1].name: must be a one-word name such as "white", not ""',
        "g.toml: tiles[0].copies: is 0; copies must be from 1 to 200",
        'g.toml: tiles[1].pairs[0]: joins port "N" to itself',
        'g.toml: tiles[1].pairs[2]: port "X" is not one of N, E, S, W',
        'g.toml: tiles[2]: "colour" is not a key (the keys: copies, pairs, type)',
        "g.toml: deal.hand: is -2; a hand must be at least 1",
    ]


def test_definition_error_is_a_papergame_error_with_one_line_per_problem(default_data):
    data = copy.deepcopy(default_data)
    data["deal"]["hand"] = 0
    data["tiles"][0]["copies"] = 0
    with pytest.raises(PapergameError) as info:
        parse_definition(data, LABEL)
    assert str(info.value) == (
        "g.toml: tiles[0].copies: is 0; copies must be from 1 to 200\n"
        "g.toml: deal.hand: is 0; a hand must be at least 1"
    )


# --- the example files ------------------------------------------------------------------


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.toml"))


def test_there_are_valid_and_broken_examples():
    names = [p.name for p in example_files()]
    assert "broken.toml" in names
    assert len([n for n in names if not (EXAMPLES / n).with_suffix(".expected.txt").exists()]) >= 2


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_every_example_starts_with_a_comment_saying_what_it_is(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# Example: ")
    assert len(first) > len("# Example: ") + 20


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_every_example_loads_or_fails_exactly_as_expected(path, in_repo):
    relative = path.relative_to(in_repo)
    expected = path.with_suffix(".expected.txt")
    if expected.exists():
        with pytest.raises(DefinitionError) as info:
            load_definition(relative)
        assert "".join(f"Error: {p}\n" for p in info.value.problems) == expected.read_text(encoding="utf-8")
    else:
        d = load_definition(relative)
        assert d.source == str(relative)
        assert d.pile >= 0


def test_six_by_six_example(in_repo):
    d = load_definition("examples/six-by-six.toml")
    assert (len(d.board.columns), len(d.board.rows)) == (6, 6)
    assert [d.board.position_name(t.start) for t in d.tokens] == ["A1/S", "F6/N"]
    assert [t.copies for t in d.tiles] == [8, 8, 8]
    assert d.pile == 18


def test_uneven_copies_example(in_repo):
    d = load_definition("examples/uneven-copies.toml")
    assert [(t.id, t.copies) for t in d.tiles] == [(1, 4), (2, 4), (3, 10)]
    assert d.hand == 2
    assert d.pile == 14
