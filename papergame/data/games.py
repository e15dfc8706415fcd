"""A game's definition loaded: a file's data, or a built-in game's, handed to the model's checks."""

from __future__ import annotations

import os
from pathlib import Path

from papergame.data.files import parse_toml, read_text
from papergame.data.places import Places
from papergame.data.templates import builtin_game, builtin_games, builtin_path
from papergame.errors import DefinitionError
from papergame.model.definition import GameDefinition, parse_definition


def load_definition(path: str | Path | None = None) -> GameDefinition:
    """Load a definition file, or a built-in template by name (the default game when `path` is None)."""
    name = builtin_game(path)
    if name is not None:
        return definition_file(builtin_path(name), f"{name}/game.toml")
    assert path is not None
    path = Path(path)
    try:
        text = read_text(path)
    except DefinitionError as exc:
        if not (path.suffix or path.parent.name) and not os.path.lexists(path):  # a name, as a built-in game's
            raise DefinitionError(f"{path}: no such definition file, nor a built-in game; the built-in games are "
                                  f"{', '.join(builtin_games())}") from None
        raise exc
    return definition_text(text, str(path))


def definition_file(path, label: str) -> GameDefinition:
    """A definition read from `path` (a file, a built-in's resource, or a file sent to the page)."""
    return definition_text(read_text(path), label)


def definition_text(text: str, label: str) -> GameDefinition:
    """The game a definition's text describes; its problems are placed by table and line."""
    data = parse_toml(text, label)
    return parse_definition(data, label, Places(text, data).where)
