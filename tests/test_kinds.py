"""Rule sets and tile shapes are registered objects: outside them, hardly anything compares their names.

The count is read from the source (ast): a comparison (==, !=, in, not in) between a
string naming a shape or a rule set and an attribute such as `.kind`, `.path`, `.name` or
`.shape` (or a bare name). The registry lookups and the definition parser may keep a few.
"""

from __future__ import annotations

import ast
import io
from functools import lru_cache
from pathlib import Path

import pytest

import papergame
from papergame.layout.rulesets import LAYOUTS as RULE_SET_PAGES
from papergame.layout.shapes import layouts
from papergame.data.games import load_definition
from papergame.model.geometry import SHAPES
from papergame.model.rulesets import RULE_SETS, rule_set
from sources import parsed

PACKAGE = Path(papergame.__file__).resolve().parent
NAMES = set(SHAPES) | set(RULE_SETS)
ATTRIBUTES = {"kind", "path", "name", "shape"}
MOST = 6  # issue 17: the registry lookups and the definition parser


def names_in(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(names_in(e) for e in node.elts)
    return False


def subject(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES) or isinstance(node, ast.Name)


@lru_cache(maxsize=1)
def package_trees() -> dict[str, ast.AST]:
    """Every module of the package parsed, once a run, by its path in the package."""
    return {str(path.relative_to(PACKAGE)): parsed(path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))}


def name_comparisons(source: str | ast.AST) -> list[int]:
    """The lines of `source` that compare a shape's or rule set's name with an attribute or a variable.

    >>> name_comparisons('if shape.kind == "hexagon":\\n    pass\\nx = rules.path != "own"\\ny = a == b\\n')
    [1, 3]
    """
    lines = []
    for node in ast.walk(parsed(source) if isinstance(source, str) else source):
        if not isinstance(node, ast.Compare):
            continue
        if not all(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
            continue
        operands = [node.left, *node.comparators]
        if any(names_in(o) for o in operands) and any(subject(o) for o in operands):
            lines.append(node.lineno)
    return lines


def package_comparisons() -> dict[str, list[int]]:
    found = {}
    for name, tree in package_trees().items():
        lines = name_comparisons(tree)
        if lines:
            found[name] = lines
    return found


def test_the_counter_sees_each_form_of_comparison():
    source = ('a = shape.kind == "square"\nb = "shared" != d.rules.path\nc = kind in ("square", "hexagon")\n'
              'd = rules.name == "shared"\ne = x.kind == "triangle"\nf = {"own": 1}\ng = s.width == 1\n')
    assert name_comparisons(source) == [1, 2, 3, 4]


def test_at_most_six_places_compare_a_shape_or_rule_set_with_its_name():
    found = package_comparisons()
    total = sum(len(lines) for lines in found.values())
    assert total <= MOST, f"{total} name comparisons (at most {MOST}): {found}"
    assert set(found) <= {"model/definition.py"}, found  # the definition parser, where a name is read


def side_counts(source: str | ast.AST) -> list[int]:
    """The lines of `source` that tell a shape by counting its sides (`len(shape.sides) == 4`): a name comparison
    in all but name, which the shape's own object should answer.

    >>> side_counts('if len(shape.sides) == 4:\\n    pass\\nn = len(d.shape.sides) * 2\\nb = 6 != len(s.sides)\\n'
    ...             'c = len(a) == len(s.sides)\\n')
    [1, 4]
    """
    lines = []
    for node in ast.walk(parsed(source) if isinstance(source, str) else source):
        operands = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
        if any(isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id == "len" and o.args
               and isinstance(o.args[0], ast.Attribute) and o.args[0].attr == "sides" for o in operands) and any(
                isinstance(o, ast.Constant) and isinstance(o.value, int) for o in operands):
            lines.append(node.lineno)
    return lines


SIDE_COUNTS_LEFT: dict[str, int] = {}  # none (the tactile pages' two went with their square board builder)


def test_hardly_any_page_tells_a_shape_by_counting_its_sides():
    found = {}
    for name, tree in package_trees().items():
        lines = side_counts(tree)
        if lines:
            found[name] = len(lines)
    assert all(found[name] <= SIDE_COUNTS_LEFT.get(name, 0) for name in found), found
    total = sum(len(lines) for lines in package_comparisons().values()) + sum(found.values())
    assert total <= MOST, total  # with the name comparisons: still a handful


def test_every_shape_has_a_layout_and_every_rule_set_has_pages():
    assert set(layouts()) == set(SHAPES) == {"square", "hexagon"}
    assert set(RULE_SET_PAGES) == set(RULE_SETS) == {"own", "shared"}


def test_each_shipped_game_finds_its_rule_set_and_shape_by_name():
    found = {}
    for game in ("edge-port-path-tiles", "hexagon-path-tiles", "shared-path"):
        definition = load_definition(game)
        found[game] = (rule_set(definition).name, definition.shape.form.name, definition.shape.form.text_suffix)
    assert found == {"edge-port-path-tiles": ("own", "square", ""),
                     "hexagon-path-tiles": ("own", "hexagon", "_hexagon"),
                     "shared-path": ("shared", "square", "")}


# --- output formats and cut roles ----------------------------------------------------------------


def kit_pages(game: str, **options):
    from papergame.build import make_pages
    from papergame.layout.kit import KitOptions

    return make_pages(game, options=KitOptions(**options))[2].pages


def test_the_pdf_renderer_is_found_by_name_and_writes_the_same_bytes():
    import io

    from papergame.render.formats import RENDERERS, render
    from papergame.render.pdf import render_pdf

    pages = kit_pages("edge-port-path-tiles", only=("tiles",))
    by_name, direct = io.BytesIO(), io.BytesIO()
    render("pdf", pages, by_name, "t", "", "k")
    render_pdf(pages, direct, "t", "", "k")
    assert list(RENDERERS) == ["pdf", "svg"]
    assert by_name.getvalue() == direct.getvalue() and by_name.getvalue().startswith(b"%PDF")


def test_every_tile_and_token_to_cut_out_carries_a_cut_role():
    from papergame.layout.primitives import CUT_ROLES, Circle, Line, Polygon, Rect, cut_paths

    squares = cut_paths(kit_pages("edge-port-path-tiles", only=("tiles", "tokens"))[0].items)
    assert sum(isinstance(item, Rect) for item, _ in squares) == 18  # one outline a tile
    assert sum(isinstance(item, Circle) for item, _ in squares) == 6  # two tokens, two spares each
    hexes = [item for page in kit_pages("hexagon-path-tiles", only=("tiles",)) for item, _ in cut_paths(page.items)]
    assert hexes and all(isinstance(item, (Line, Polygon)) for item in hexes)
    strips = [item for page in kit_pages("edge-port-path-tiles", tile=60, only=("board",))
              for item, _ in cut_paths(page.items)]
    assert strips and all(isinstance(item, Line) and item.dash for item in strips)  # the overlap strips' outer lines
    assert set(CUT_ROLES) == {"cut", "fold", "score", "register", "none"}


# --- a third rule set, registered as the two are (a sketch: it does not ship) ---------------------


def test_a_third_rule_set_is_one_model_class_one_page_class_and_a_line_in_each_registry(monkeypatch):
    import dataclasses

    from papergame.build import kit_pdfs, worksheet_pdfs
    from papergame.activities.worksheet import WorksheetError, WorksheetOptions
    from papergame.layout import rulesets as layout_rulesets
    from papergame.layout.rulesets.own import OwnPathPages
    from papergame.model import rulesets
    from papergame.model.outcomes import DRAW, Result
    from papergame.model.rules import replay
    from papergame.model.rulesets.own import OwnPath

    class Misere(OwnPath):  # the model module: own tokens, but the token that leaves the board wins
        name = "misere"

        def judge(self, game, traces):
            result = super().judge(game, traces)
            if result.winner in (None, DRAW):
                return result
            (other,) = [n for n in game.positions if n != result.winner]
            return Result(other, result.reason)

    class MiserePages(OwnPathPages):  # the layout module: the own game's pages
        name = "misere"

    monkeypatch.setitem(rulesets.RULE_SETS, "misere", lambda definition: Misere())
    monkeypatch.setitem(layout_rulesets.LAYOUTS, "misere", MiserePages())
    default = load_definition()
    misere = dataclasses.replace(default, rules=default.rules._replace(path="misere"))
    assert replay(misere, ["A1:3", "E5:1"]).result == Result("black", "black exited")
    assert replay(default, ["A1:3", "E5:1"]).result == Result("white", "black exited")
    assert kit_pdfs(misere).kit_pages == kit_pdfs(default).kit_pages
    with pytest.raises(WorksheetError, match='rules.path: the "misere" game has no worksheets'):
        worksheet_pdfs(misere, WorksheetOptions())


# --- a shape's words in the definition's errors come from the registry ---------------------------


def test_the_sentence_on_a_tiles_sides_names_every_registered_shape():
    from papergame.model.definition import KIND_SIDES, kind_sides
    from papergame.model.geometry import ShapeKind

    class Octagon(ShapeKind):  # a stand-in: the sentence only reads its description and side names
        name, description = "octagon", "an octagon"
        side_names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    assert KIND_SIDES == kind_sides(SHAPES.values())
    assert kind_sides([*SHAPES.values(), Octagon()]) == (
        "a tile is a square (4 sides: N, E, S, W), a flat-top hexagon (6 sides: N, NE, SE, S, SW, NW) "
        "or an octagon (8 sides: N, NE, E, SE, S, SW, W, NW)")
    assert kind_sides([SHAPES["hexagon"]]) == "a tile is a flat-top hexagon (6 sides: N, NE, SE, S, SW, NW)"


def test_what_a_person_reads_about_shapes_names_every_registered_shape(monkeypatch):
    """tileset's help, and the comments of the files tileset and init write, list the shapes from the registry:
    a new shape is one class and one SHAPES entry, with no sentence elsewhere left naming only the old two."""
    from click.testing import CliRunner

    from papergame.cli import main
    from papergame.model.geometry import ShapeKind
    from papergame.model.tileset import TilesetRequest, tileset_toml
    from papergame.starter import definition_toml

    class Octagon(ShapeKind):  # a stand-in: the comments read only its description and side names
        name, description = "octagon", "an octagon"
        side_names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    shown = " ".join(CliRunner().invoke(main, ["tileset", "--help"], terminal_width=200).output.split("Options:")[1].split())
    for kind in SHAPES.values():
        assert f"{kind.description}" in shown.split("--shape")[1].split("--ports-per-side")[0], kind.name
        most = kind.max_ports_per_side
        assert f"{'1' if most == 1 else f'1 to {most}'} on {kind.description}" in shown, kind.name
    monkeypatch.setitem(SHAPES, "octagon", Octagon())
    written = {"tileset": tileset_toml(TilesetRequest("hexagon", 1)), "init": definition_toml(load_definition(), "g")}
    assert {name: [line for line in text.splitlines() if "An octagon has" in line] for name, text in written.items()} == {
        "tileset": ["# An octagon has 8: N NE E SE S SW W NW."], "init": ["# An octagon has N NE E SE S SW W NW."]}
    assert "# A flat-top hexagon has 6: N NE SE S SW NW." in written["tileset"].splitlines()


def test_the_file_init_writes_names_every_registered_rule_set(monkeypatch):
    from papergame.model import rulesets
    from papergame.model.rulesets.own import OwnPath
    from papergame.starter import definition_toml

    class Misere(OwnPath):  # a stand-in: the comment reads only its summary
        name, summary = "misere", "each player has a token and wins if it is led off the board first"

    monkeypatch.setitem(rulesets.KINDS, "misere", Misere)
    comment = [line for line in definition_toml(load_definition(), "g").splitlines() if line.startswith("#   \"")]
    assert comment == ['#   "own": each player has a token and loses if it is led off the board.',
                       '#   "shared": one path both players extend; whoever runs it off the board loses.',
                       '#   "misere": each player has a token and wins if it is led off the board first.']


def name_keyed_tables(source: str | ast.AST) -> list[int]:
    """The lines of `source` holding a table keyed by shapes' or rule sets' names (`{"shared": ...}`, every key a
    name): a decision by name in all but name, which the object itself should answer.

    >>> name_keyed_tables('A = {"own": 1, "shared": 2}\\nB = {"butt": 0, "square": 2}\\nC = {"hexagon": f}\\n')
    [1, 3]
    """
    found = []
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        keys = [k for k in node.keys if k is not None] if isinstance(node, ast.Dict) else []
        if keys and all(names_in(k) for k in keys):
            found.append(node.lineno)
    return found


# The one left: the worksheets' puzzle makers, which the model's rule sets cannot name (the model never imports
# papergame.activities), so a rule set with worksheets adds its line there.
NAME_KEYED_TABLES = {"activities/worksheet.py": 1}


def test_no_table_outside_the_registries_is_keyed_by_a_rule_sets_or_shapes_name():
    found = {name: len(lines) for name, tree in package_trees().items() if (lines := name_keyed_tables(tree))}
    assert found == NAME_KEYED_TABLES


# the words of a shape's own (the keys its pages read with its text_suffix, and rules.shape_NAME)
SHAPE_WORDS = ("tiles.cut", "board.note", "board.assemble", "rules.turn_moves", "guide.cut")


def test_every_rule_set_and_shape_has_its_words_in_every_built_in_language():
    """A registered rule set or shape whose words are missing fails here, not in a page at build time (a sketch of a
    third rule set without `simulate.rules_NAME` built its kit, then stopped `simulate -o` with a KeyError)."""
    from papergame.data.words import builtin_languages, load_texts
    from papergame.model.rulesets import KINDS

    missing = []
    for lang in builtin_languages():
        for name, kind in KINDS.items():
            texts = load_texts(lang=lang, game_path=kind.words, words=kind.words)  # its template's words
            keys = [f"simulate.rules_{name}"] + [f"{key}{shape.text_suffix}" for key in SHAPE_WORDS
                                                 for shape in SHAPES.values()]
            keys += [f"rules.shape_{shape.name}" for shape in SHAPES.values()]
            missing += [(lang, name, key) for key in keys
                        if key.partition(".")[2] not in texts.sections.get(key.partition(".")[0], {})]
    assert missing == []
    assert len(builtin_languages()) == 5


# --- a third shape, registered as the two are (a sketch: it does not ship) ------------------------

OCTAGON_WORDS = {  # the words a shape of its own prints (SHAPE_WORDS with its suffix, and rules.shape_NAME)
    ("tiles", "cut_octagon"): "Cut each octagon out along its outline.",
    ("board", "note_octagon"): "Each cell is $size mm across the flat sides, the size of one tile.",
    ("board", "assemble_octagon"): "To join: trim each strip and lay the parts down in order, 1 first.",
    ("board", "assemble_octagon_low"): "To join: trim each strip and lay the parts down in order, 1 first.",
    ("rules", "turn_moves_octagon"): "Each eighth of a turn moves every line end to the next side, clockwise: $moves.",
    ("rules", "shape_octagon"): "octagon",
    ("guide", "cut_octagon"): "Cut the octagons out with scissors.",
}


def octagon_game(tmp_path: Path) -> tuple[Path, Path]:
    """A game of octagons (8 sides, a line end on each) and its words, which inherit the default game's."""
    pairings = [[["N", "S"], ["E", "W"], ["NE", "SW"], ["SE", "NW"]],
                [["N", "NE"], ["E", "SE"], ["S", "SW"], ["W", "NW"]],
                [["N", "NW"], ["NE", "E"], ["SE", "S"], ["SW", "W"]]]
    tiles = "".join(f"\n[[tiles]]\ntype = {i}\npairs = {pairs}\ncopies = 4\n".replace("'", '"')
                    for i, pairs in enumerate(pairings, 1))
    game = tmp_path / "octagons.toml"
    game.write_text('[shape]\nsides = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]\n'
                    'ports = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]\n\n'
                    '[board]\ncolumns = ["A", "B", "C", "D"]\nrows = ["1", "2", "3", "4"]\n\n'
                    '[[tokens]]\nname = "white"\nstart = "A1/S"\n\n[[tokens]]\nname = "black"\nstart = "D4/N"\n\n'
                    '[deal]\nhand = 3\n' + tiles, encoding="utf-8")
    words = tmp_path / "text.en.toml"
    sections: dict[str, list[str]] = {}
    for (section, key), text in OCTAGON_WORDS.items():
        sections.setdefault(section, []).append(f'{key} = "{text}"')
    words.write_text('inherits = "edge-port-path-tiles"\n' + "".join(
        f"\n[{section}]\n" + "\n".join(lines) + "\n" for section, lines in sections.items()), encoding="utf-8")
    return game, words


def test_a_third_shape_is_one_model_class_one_layout_module_and_its_words(monkeypatch, tmp_path):
    """An octagon, registered as square and hexagon are: its model class in geometry's tables, its layout in the
    shape layouts, its words beside the English ones. Nothing else of the package is touched, and a kit of
    octagons builds: its tiles are cut along eight-cornered outlines, its tokens step across the slanting sides."""
    import pdfplumber

    from papergame import build
    from papergame.data import words as words_module
    from papergame.data.games import definition_file
    from papergame.errors import DefinitionError
    from papergame.layout import shapes as shape_layouts
    from papergame.layout.primitives import Polygon
    from papergame.layout.shapes.square import SquareLayout
    from papergame.model import geometry
    from papergame.model.geometry import Point, ShapeKind
    from papergame.model.board import Cell, Position
    from papergame.model.rules import replay

    class Octagon(ShapeKind):  # the model class: eight sides, in rows and columns, the slanting sides reach across corners
        name, description = "octagon", "an octagon"
        side_names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
        max_ports_per_side = 1
        text_suffix = "_octagon"
        measured_across_flats = True
        default_boards = {1: 4}
        STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

        def neighbour_step(self, col, side):
            return self.STEPS[side]

        def cell_origin(self, col, row, width):
            return Point(float(col), float(row))

        def width(self, circumradius):
            return 1.0  # flat sides left and right, as top and bottom

    class OctagonLayout(SquareLayout):  # the layout module: packed as squares are, cut along its own outline
        name = "octagon"
        domino_grid = False

        def outline(self, shape, size, ink):
            return Polygon(tuple((x * size, y * size) for x, y in shape.corners()), width=0.2, stroke=ink,
                           role="cut", cut="cut")

    game, words = octagon_game(tmp_path)
    with pytest.raises(DefinitionError, match="a tile is a square .* or a flat-top hexagon"):
        definition_file(game, game.name)  # unknown until registered

    octagon = Octagon()
    for table, key, value in ((geometry.SHAPES, "octagon", octagon), (geometry.BY_SIDES, 8, octagon),
                              (geometry.KINDS, 8, "octagon"), (geometry.MAX_PORTS_PER_SIDE, "octagon", 1),
                              (geometry.SIDE_NAMES, "octagon", octagon.side_names)):
        monkeypatch.setitem(table, key, value)  # geometry's one line: SHAPES, and the tables made from it
    known = shape_layouts.layouts()
    monkeypatch.setattr(shape_layouts, "layouts", lambda: {**known, "octagon": OctagonLayout()})
    schema = words_module.english()
    for (section, key), text in OCTAGON_WORDS.items():  # the English words every language is checked against
        monkeypatch.setitem(schema.sections[section], key, text)

    definition = definition_file(game, game.name)
    assert definition.shape.kind == "octagon" and definition.shape.width == 1.0
    # white enters A1 by its south side; type 1 leads it straight up (N) into A2, and in A2 type 3 turns it
    # out by the slanting south-east side, across the corner into B1, which it enters by its north-west side
    game_ = replay(definition, ["A1:1", "D4:1", "A2:3"])
    assert game_.result.winner is None
    assert game_.positions["white"] == Position(Cell(1, 0), "NW")
    # type 2 in A2 leads it out by the south-west side, off the board: black wins
    assert replay(definition, ["A1:1", "D4:1", "A2:2"]).result.winner == "black"

    made = build.kit_pdfs(str(game), text_path=words)
    assert made.kit_pages >= 3
    size = 35 * 72 / 25.4  # the default tile size, in points
    with pdfplumber.open(io.BytesIO(made.kit)) as pdf:
        outlines = [curve for page in pdf.pages for curve in page.curves
                    if len(set(curve["pts"])) == 8 and abs(curve["width"] - size) < 0.01]
        text = " ".join(page.extract_text() for page in pdf.pages)
    assert len(outlines) == sum(tile.copies for tile in definition.tiles)  # every tile cut along eight corners
    assert OCTAGON_WORDS[("tiles", "cut_octagon")].split()[0] in text and "octagon" in text
