"""The README and --help stay true to the code: every command and option is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(main.commands)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_is_in_the_readme(name):
    assert re.search(rf"^papergame {name}\b", README, re.MULTILINE), f"papergame {name} is not in README.md"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_is_in_the_readme(name):
    for param in main.commands[name].params:
        if param.param_type_name != "option":
            continue
        spelled = [f"{opt} " for opt in param.opts] + [f"{opt}]" for opt in param.opts]
        assert any(s in README for s in spelled), f"{name} {'/'.join(param.opts)} is not in README.md"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_help_shows_an_example(name):
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.output and f"papergame {name}" in result.output


def test_the_readme_opens_with_a_quick_start_then_the_two_commands_and_ci_runs_the_second():
    quick = README.index("## Quick start for teachers and parents")
    developers = README.index("## For developers")
    assert quick < developers < README.index("## What you get")
    start = README[quick:developers]
    for needed in ("Python 3.11 or newer", "Windows", "macOS", "Linux", "edge-port-path-tiles.pdf", "100 %",
                   "Who is the host?"):
        assert needed in start, needed
    block = re.search(r"```sh\n(.*?)```", README[developers:], re.DOTALL).group(1).strip().splitlines()
    assert len(block) == 2
    assert block[0].endswith("papergame build")
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert block[1] in ci


def test_ci_runs_the_type_checker_and_the_linter_after_the_tests():
    import tomllib

    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    steps = ci.strip().splitlines()[-1].split(" && ")
    assert steps[-3:] == [".venv/bin/python -m pytest -q", ".venv/bin/python -m mypy papergame",
                          ".venv/bin/python -m ruff check ."]
    config = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"] == 15
    assert "C901" in config["tool"]["ruff"]["lint"]["select"]
    assert {"mypy", "ruff"} <= {d.split(">")[0] for d in config["project"]["optional-dependencies"]["test"]}


def test_ci_runs_the_matrix_the_default_run_leaves_out_as_a_step_of_its_own():
    """The default run leaves out the cases marked `matrix` (the rest of each sweep and of each test marked
    `default_cases`: tests/covering.py) and `browser`, and .ci/run runs exactly them before the README's command,
    so CI still runs every case of every sweep; every mark the default run leaves out but `slow` has a CI step."""
    import shlex
    import tomllib

    from _pytest.mark.expression import Expression

    root = Path(__file__).parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    addopts = shlex.split(config["addopts"])
    expression = addopts[addopts.index("-m") + 1]
    assert "not matrix" in expression and "not slow" in expression and "not browser" in expression, expression
    assert any(m.startswith("matrix:") for m in config["markers"])
    assert any(m.startswith("default_cases(") for m in config["markers"])
    lines = [line.strip() for line in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    steps = [shlex.split(line) for line in lines if line.startswith(".venv/bin/python -m pytest") and " -m " in line]
    chosen = [Expression.compile(step[step.index("-m", step.index("pytest")) + 1]) for step in steps]
    left_out = [word for word in expression.replace("not ", "").split(" and ")]
    for mark in left_out:
        runs = any(e.evaluate(lambda name, **kwargs: name == mark) for e in chosen)
        assert runs == (mark != "slow"), mark  # slow alone is left to the runs before a release
    matrix = lines.index('.venv/bin/python -m pytest -q -m "matrix or browser"')
    assert matrix < next(n for n, line in enumerate(lines) if line.endswith(".venv/bin/python -m ruff check ."))
    assert "-m matrix" in README[README.index("## Tests"):]
