"""Shared fixtures for the test suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from papergame.definition import GameDefinition, builtin_path, load_definition, read_toml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


# --- foundation: game definitions and the rules engine --------------------------------


@pytest.fixture(scope="session")
def default_game() -> GameDefinition:
    """The built-in Edge-port path tiles game."""
    return load_definition()


@pytest.fixture
def default_data() -> dict[str, Any]:
    """The built-in definition as plain TOML data: a fresh copy for each test to change."""
    return read_toml(builtin_path())


@pytest.fixture
def in_repo(monkeypatch) -> Path:
    """Run the test from the repository root, so `examples/...` paths read as in the docs."""
    monkeypatch.chdir(ROOT)
    return ROOT
