"""`papergame tileset` writes every different tile of a shape; built-in templates load by name."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.explain import describe_definition
from papergame.data.games import load_definition
from papergame.data.templates import builtin_games
from papergame.model.geometry import TileShape, standard_ports
from papergame.errors import OptionError
from papergame.options import TilesetOptions
from papergame.data.words import load_texts
from covering import covering


def run(*args, cwd=None):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("kind, k, copies, count", covering([
    ("square", 1, 6, 2), ("square", 2, 1, 35), ("square", 2, 5, 35), ("hexagon", 1, 5, 5), ("hexagon", 1, 1, 5),
], axes=(0, 1, 2)))  # every shape, ports a side and copies by default; the other sets under -m slow
def test_tileset_file_loads_and_holds_every_different_tile_once_each(tmp_path, kind, k, copies, count):
    path = tmp_path / "g.toml"
    result = run("tileset", "--shape", kind, "--ports-per-side", str(k), "--copies", str(copies), "-o", str(path))
    assert result.exit_code == 0, result.output
    d = load_definition(path)
    assert len(d.tiles) == count
    assert d.total_tiles == count * copies
    assert {t.copies for t in d.tiles} == {copies}
    canonical = {d.shape.canonical(t.pairs) for t in d.tiles}
    assert len(canonical) == count  # none is another turned
    assert d.shape == TileShape(*standard_ports(kind, k))
    assert all(d.board.is_edge_entry(t.start) for t in d.tokens)
    text = path.read_text()
    assert text.count("\n# ") >= 8  # commented field by field
    assert f"this set holds {count} of them" in "\n".join(describe_definition(d))
    # validate accepts exactly what build accepts (issue 12): the same verdict, the same Error lines
    validate = run("validate", str(path))
    built = run("build", "--game", str(path), "-o", str(tmp_path / "kit.pdf"))
    assert validate.exit_code == built.exit_code
    if built.exit_code == 0:
        assert f"this set holds {count} of them" in validate.stdout
    else:
        assert validate.stderr == built.stderr


def test_tileset_never_replaces_a_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text("my own work")
    result = CliRunner().invoke(main, ["tileset", "-o", str(path)])
    assert result.exit_code == 2
    assert result.stderr == f"Error: {path}: already exists; choose another name with -o, or delete it first\n"
    assert path.read_text() == "my own work"


def test_tileset_refuses_sets_over_the_tile_limit(tmp_path):
    result = CliRunner().invoke(main, ["tileset", "--ports-per-side", "3", "-o", str(tmp_path / "x.toml")])
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: --copies: the complete set of square tiles with 3 ports a side has 2,688 different tiles; "
        "1 of each is 2,688 tiles, and a set may hold at most 200\n")
    assert not (tmp_path / "x.toml").exists()
    with pytest.raises(OptionError, match="a hexagon tile may have 1 to 2 ports a side, not 3") as err:
        TilesetOptions(shape="hexagon", ports_per_side=3)
    assert err.value.option == "ports-per-side"


def test_builtin_templates_load_by_name_with_their_own_title():
    assert builtin_games()[0] == "edge-port-path-tiles"
    assert {"eight-port-path-tiles", "hexagon-path-tiles"} <= set(builtin_games())
    eight = load_definition("eight-port-path-tiles")
    assert (eight.shape.kind, eight.shape.ports_per_side, len(eight.tiles), len(eight.board.columns)) == ("square", 2, 35, 6)
    hexes = load_definition("hexagon-path-tiles")
    assert (hexes.shape.kind, hexes.shape.ports_per_side, len(hexes.tiles)) == ("hexagon", 1, 5)
    assert load_texts(None, "en", "hexagon-path-tiles").get("kit.title") == "Hexagon path tiles"
    # every other word is the default game's
    assert load_texts(None, "en", "hexagon-path-tiles").get("board.title") == load_texts().get("board.title")


def test_a_file_in_the_current_folder_wins_over_a_template_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_definition("hexagon-path-tiles").source == "hexagon-path-tiles/game.toml"
    (tmp_path / "hexagon-path-tiles").write_text("not toml [")
    result = CliRunner().invoke(main, ["validate", "hexagon-path-tiles"])
    assert result.exit_code == 2 and result.stderr == (
        "Error: hexagon-path-tiles: line 1: a key must be followed by = and its value (a key of several words goes "
        "in quotes)\n")


@pytest.mark.parametrize("name", ["hexagon-path-tiles", "shared-path"])
def test_a_template_built_by_its_path_is_the_template(tmp_path, name):
    """A template's text file holds only the words that differ; reached by its path, the template
    still takes the rest from the default game's words and builds the same kit as by name."""
    from papergame.data.templates import builtin_path

    by_name, by_path = tmp_path / "name.pdf", tmp_path / "path.pdf"
    assert run("build", "--game", name, "-o", str(by_name)).exit_code == 0
    result = run("build", "--game", str(builtin_path(name)), "-o", str(by_path))
    assert result.exit_code == 0, result.output
    assert by_path.read_bytes() == by_name.read_bytes()
