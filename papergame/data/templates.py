"""The built-in games: the template folders of the package papergame.templates, so an installed wheel works
outside the checkout (run from a checkout without installing, they are the `templates/` folder)."""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from pathlib import Path

from papergame.folders import READ_CURRENT_FOLDER
from papergame.model.definition import DEFAULT_GAME


@lru_cache(maxsize=None)
def templates_root() -> Path:
    """The folder of the built-in games: the package papergame.templates (a folder of a wheel's; importlib.resources
    finds the same one, but importing it costs a default build more than reading its words), else the checkout's."""
    try:
        package = importlib.import_module("papergame.templates")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "templates"
    return Path(str(package.__file__)).parent


def builtin_path(name: str = DEFAULT_GAME, filename: str = "game.toml"):
    """A file of a built-in template (works from a wheel).

    Run from a checkout without installing, the templates are the `templates/` folder
    beside the package.
    """
    return templates_root().joinpath(name, filename)


def builtin_games() -> list[str]:
    """The names of the built-in templates (folders holding a game.toml), default first."""
    root = templates_root()
    names = sorted(p.name for p in root.iterdir() if p.is_dir() and p.joinpath("game.toml").is_file())
    return sorted(names, key=lambda n: n != DEFAULT_GAME)


def builtin_game(name: str | Path | None) -> str | None:
    """The built-in template that `name` names (`None` is the default game), or None if it names a file.

    A file of that name in the current folder wins over a template (not for `papergame serve`,
    which reads no file of the user's; `os.path.exists` never raises). A built-in template's
    own game.toml reached by its path is that template (named so in the pages it prints).
    """
    if name is None:
        return DEFAULT_GAME
    text = str(name)
    if "/" in text or "\\" in text or text.endswith(".toml") or (READ_CURRENT_FOLDER.get() and os.path.exists(text)):
        return template_at(text)
    return text if text in builtin_games() else None



def template_at(path: str) -> str | None:
    """The built-in template whose own game.toml `path` is (reached by its path), else None.

    Any other copy of a template's folder is a game file of its own: its text files say what
    they inherit (`inherits = "edge-port-path-tiles"`), so it builds from anywhere.
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
