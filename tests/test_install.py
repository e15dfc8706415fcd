"""The install just works: the wheel, installed in a fresh virtual environment, run from an empty folder.

Also: shell completion, as the README documents it, produces its scripts and completes
commands and choices.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from pdfcheck import check_pdf_bytes

ROOT = Path(__file__).resolve().parent.parent
NOT_PACKAGED = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "__pycache__", "*.egg-info",
                                      ".hypothesis", ".pytest_cache", ".benchmarks", "*.pdf", "*.png", "out")

TRACE_A1_3 = {
    "turns": [{"turn": 1, "player": "white", "cell": "A1", "tile": 3, "rotation": 0, "white": "A2/S",
               "black": "E5/N", "tokens": {"white": "A2/S", "black": "E5/N"}}],
    "result": {"winner": None, "reason": "in progress"},
}


def run(args, cwd, env=None, timeout=600):
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the wheel built from this checkout installed in it."""
    work = tmp_path_factory.mktemp("install")
    source = work / "source"
    # a copy of the checkout, so that building the wheel leaves nothing behind in it
    shutil.copytree(ROOT, source, ignore=NOT_PACKAGED)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
         "-w", work / "wheels", source], cwd=work, env=env)
    (wheel,) = (work / "wheels").glob("papergame-*.whl")
    venv = work / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=work, env=env)
    run([venv / "bin" / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q", wheel],
        cwd=work, env=env)
    empty = work / "empty folder"
    empty.mkdir()
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return venv, empty, env


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    venv, empty, env = installed
    where = run([venv / "bin" / "python", "-c", "import papergame; print(papergame.__file__)"], empty, env)
    assert Path(where.strip()).is_relative_to(venv)


def test_build_from_an_empty_folder_writes_a_valid_kit(installed):
    venv, empty, env = installed
    out = run([venv / "bin" / "papergame", "build"], empty, env)
    assert out == "Wrote edge-port-path-tiles.pdf (6 sheets)\n"
    pdf = empty / "edge-port-path-tiles.pdf"
    check_pdf_bytes(pdf.read_bytes(), str(pdf))
    assert sorted(p.name for p in empty.iterdir()) == ["edge-port-path-tiles.pdf"]


def test_trace_json_from_an_empty_folder(installed):
    venv, empty, env = installed
    out = run([venv / "bin" / "papergame", "trace", "A1:3", "--json"], empty, env)
    assert json.loads(out) == TRACE_A1_3


def test_completion_script_from_the_installed_command(installed):
    venv, empty, env = installed
    script = run([venv / "bin" / "papergame"], empty, {**env, "_PAPERGAME_COMPLETE": "bash_source"})
    assert "complete -o nosort -F _papergame_completion papergame" in script


# --- shell completion, in process (every --help's example is checked in test_docs.py) ---------


@pytest.mark.parametrize("shell,marker", [
    ("bash", "complete -o nosort -F _papergame_completion papergame"),
    ("zsh", "compdef _papergame_completion papergame"),
    ("fish", "complete --no-files --command papergame"),
])
def test_completion_scripts(shell, marker):
    result = CliRunner().invoke(main, [], prog_name="papergame", env={"_PAPERGAME_COMPLETE": f"{shell}_source"})
    assert result.exit_code == 0
    assert marker in result.output


@pytest.mark.parametrize("words,cword,expected", [
    ("papergame bu", 1, ["plain,build"]),
    ("papergame build --paper ", 3, ["plain,a4", "plain,letter"]),
    ("papergame build --host-key s", 3, ["plain,separate"]),
])
def test_completion_completes_commands_and_choices(words, cword, expected):
    env = {"_PAPERGAME_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = CliRunner().invoke(main, [], prog_name="papergame", env=env)
    assert result.exit_code == 0
    assert result.output.split() == expected
