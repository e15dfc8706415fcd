"""The install just works: the wheel, installed in a fresh virtual environment, run from an empty folder.

Also: shell completion, as the README documents it, produces its scripts and completes
commands and choices.

The tests that install (marked `install`: a venv and `pip install .`, about 20 s of CPU, a
seventh of the default suite's) are a step of their own in CI (`.ci/run`:
`python -m pytest -q -m install`) and are left out of the default run, which keeps the
check that the quick start's lines are still the three these tests type, and completion
in-process.
"""

from __future__ import annotations

import json
import os
import shutil
import re
import signal
import subprocess
from pathlib import Path
from typing import NamedTuple

try:
    import fcntl  # to make the quick start's install once for all pytest-xdist workers
except ImportError:  # Windows: each worker installs its own
    fcntl = None  # type: ignore[assignment]

import pytest
from click.testing import CliRunner

from papergame.cli import main
from guide_text import commands_of
from pdfcheck import check_pdf_bytes

ROOT = Path(__file__).resolve().parent.parent
NOT_PACKAGED = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "__pycache__", "*.egg-info",
                                      ".hypothesis", ".pytest_cache", ".benchmarks", "*.pdf", "*.png", "out")

TRACE_A1_3 = {
    "turns": [{"turn": 1, "player": "white", "cell": "A1", "tile": 3, "rotation": 0, "white": "A2/S",
               "black": "E5/N", "tokens": {"white": "A2/S", "black": "E5/N"}}],
    "result": {"winner": None, "reason": "in progress"},
}


README = (ROOT / "README.md").read_text(encoding="utf-8")


def run(args, cwd, env=None, timeout=600):
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def quick_start_lines(system: str = "macOS and Linux (bash, zsh):") -> list[str]:
    """The install lines of the README's quick start for `system`, as printed."""
    quick = README[README.index("## Quick start for teachers and parents"):README.index("## For developers")]
    block = re.search(r"```\w*\n(.*?)```", quick[quick.index(system):], re.DOTALL)
    return block.group(1).strip().splitlines()


def quick_start_commands() -> list[str]:
    """The commands the quick start shows after the install, in its own code blocks."""
    quick = README[README.index("## Quick start for teachers and parents"):README.index("## For developers")]
    blocks = re.findall(r"```sh\n(.*?)```", quick, re.DOTALL)
    return [line for block in blocks for line in block.strip().splitlines() if line.startswith("papergame")]


def pasted(line: str, cwd: Path, env: dict, timeout: float = 300) -> subprocess.CompletedProcess:
    """`line` typed into the bash that the quick start left (its environment), in `cwd`."""
    return subprocess.run(["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


class QuickStart(NamedTuple):
    venv: Path
    project: Path  # papergame's folder, where the quick start was typed
    work: Path  # a folder of the teacher's own: Mes Jeux/École
    env: dict  # the environment of the shell the quick start left


@pytest.fixture(scope="session")
def quick_start(tmp_path_factory) -> QuickStart:
    """The README's quick start (macOS and Linux) typed literally into bash, in a folder with a space and an accent.

    The install is the README's own `pip install .` in a copy of the checkout (so that it
    leaves nothing behind here); pip's own settings (an index, a wheel folder) are the
    machine's. Then the environment of that shell, activated, is what later commands get.
    Made once a run: under pytest-xdist the first worker to ask installs, in the folder
    all workers of the run share, and the others wait for it and use the same install.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or fcntl is None:
        return typed_quick_start(tmp_path_factory.mktemp("install"))
    shared = tmp_path_factory.getbasetemp().parent  # this run's folder, above each worker's own
    with open(shared / "quick-start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, whatever happens
        made = shared / "quick-start.json"
        if made.exists():
            venv, project, work, env = json.loads(made.read_text(encoding="utf-8"))
            return QuickStart(Path(venv), Path(project), Path(work), env)
        done = typed_quick_start(shared / "install")
        made.write_text(json.dumps([str(done.venv), str(done.project), str(done.work), done.env]), encoding="utf-8")
        return done


QUICK_START = ["python3 -m venv .venv", "source .venv/bin/activate", "pip install ."]


def test_the_quick_start_is_the_three_lines_the_install_tests_type():
    """In the default run: the README's install lines are still the ones `-m install` types into bash."""
    assert quick_start_lines() == QUICK_START
    assert [line for line in quick_start_commands() if line != "papergame serve"] == ["papergame build",
                                                                                       "papergame build --kits 15"]


def typed_quick_start(folder: Path) -> QuickStart:
    lines = quick_start_lines()
    assert lines == QUICK_START
    work = folder / "Mes Jeux" / "École"
    project = work / "papergame"
    shutil.copytree(ROOT, project, ignore=NOT_PACKAGED)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not (Path(p) / "papergame").exists())  # no other papergame to be found
    dump = work.parent.parent / "environment"
    script = "set -e\n" + "\n".join(lines) + f"\nenv -0 > '{dump}'\n"
    result = subprocess.run(["bash", "-c", script], cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    left = dict(item.split("=", 1) for item in os.fsdecode(dump.read_bytes()).split("\0") if "=" in item)
    left.pop("_", None)
    assert left["VIRTUAL_ENV"] == str(project / ".venv")
    return QuickStart(project / ".venv", project, work, left)


@pytest.fixture(scope="module")
def installed(quick_start, tmp_path_factory):
    """The venv the quick start made, an empty folder with a space in its name, and the activated environment."""
    empty = tmp_path_factory.mktemp("empty folder")  # this worker's own: the install may be another's too
    return quick_start.venv, empty, quick_start.env


@pytest.mark.install
def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    venv, empty, env = installed
    where = run([venv / "bin" / "python", "-c", "import papergame; print(papergame.__file__)"], empty, env)
    assert Path(where.strip()).is_relative_to(venv)


@pytest.mark.install
def test_build_from_an_empty_folder_writes_a_valid_kit(installed):
    venv, empty, env = installed
    out = run([venv / "bin" / "papergame", "build"], empty, env)
    assert out == (f"Wrote edge-port-path-tiles.pdf (4 sheets: the kit) for the players in {empty}\n"
                   f"Wrote edge-port-path-tiles-host-key.pdf (2 sheets: 1 for the host key, 1 for the teacher's "
                   f"guide) for the host only in {empty}\n")
    for name in ("edge-port-path-tiles.pdf", "edge-port-path-tiles-host-key.pdf"):
        check_pdf_bytes((empty / name).read_bytes(), name)
    assert sorted(p.name for p in empty.iterdir()) == ["edge-port-path-tiles-host-key.pdf", "edge-port-path-tiles.pdf"]


@pytest.mark.install
def test_the_wheel_holds_the_built_in_games_parsed(installed):
    """papergame/data/parsed's files are in the wheel, and found for its own games' texts."""
    venv, empty, env = installed
    code = ("from papergame.data import parsed; texts = [p.read_text(encoding='utf-8') for p in parsed.kept_texts()]; "
            "print(sum(parsed.kept(t) is not None for t in texts), len(texts))")
    assert run([venv / "bin" / "python", "-c", code], empty, env).split() == ["8", "8"]


@pytest.mark.install
def test_trace_json_from_an_empty_folder(installed):
    venv, empty, env = installed
    out = run([venv / "bin" / "papergame", "trace", "A1:3", "--json"], empty, env)
    assert json.loads(out) == TRACE_A1_3


@pytest.mark.install
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
    ("papergame bu", 1, ["plain,build", "plain,bundle"]),
    ("papergame build --paper ", 3, ["plain,a4", "plain,letter"]),
    ("papergame build --host-key s", 3, ["plain,separate"]),
])
def test_completion_completes_commands_and_choices(words, cword, expected):
    env = {"_PAPERGAME_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = CliRunner().invoke(main, [], prog_name="papergame", env=env)
    assert result.exit_code == 0
    assert result.output.split() == expected


# --- every command shown works when pasted into the shell the quick start left ------------------


@pytest.mark.install
def test_the_quick_starts_later_commands_work_when_pasted(quick_start):
    """`papergame build` and `papergame build --kits 15`, typed in papergame's folder after the install."""
    commands = quick_start_commands()
    assert commands[0] == "papergame serve"  # the page comes first
    assert "papergame build" in commands and "papergame build --kits 15" in commands
    for line in commands:
        if line == "papergame serve":
            continue  # a server: see the next test
        result = pasted(line, quick_start.project, quick_start.env)
        assert result.returncode == 0, (line, result.stderr)
        assert result.stdout.startswith("Wrote edge-port-path-tiles.pdf (") and "Traceback" not in result.stderr
        assert result.stdout.rstrip("\n").endswith(f" for the host only in {quick_start.project}")
    players, host = (int(n) for n in re.findall(r"\((\d+) sheets", result.stdout))
    from pypdf import PdfReader

    # the class set: 15 kits in the players' file, one host key and the guide in the host's
    assert len(PdfReader(quick_start.project / "edge-port-path-tiles.pdf").pages) == players == 55
    assert len(PdfReader(quick_start.project / "edge-port-path-tiles-host-key.pdf").pages) == host == 2


@pytest.mark.install
def test_papergame_serve_as_the_quick_start_gives_it(quick_start):
    """The page answers, and Ctrl-C stops it. (`--port 0 --no-open` added: another test may hold port 8000.)"""
    process = subprocess.Popen(["bash", "-c", "exec papergame serve --port 0 --no-open"], cwd=quick_start.project,
                               env=quick_start.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("papergame: the page is at http://127.0.0.1:"), line + process.stderr.read()
        url = line.split(" at ", 1)[1].split()[0]
        import urllib.request

        with urllib.request.urlopen(url, timeout=60) as page:
            assert b"<html" in page.read()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0 and "Traceback" not in err
    finally:
        process.kill()


def hint_lines(output: str) -> list[str]:
    """The commands a command's output suggests (the indented `papergame ...` lines)."""
    return [line.strip() for line in output.splitlines() if line.startswith("  papergame ")]


@pytest.mark.install
def test_init_and_tileset_hints_work_when_pasted_in_a_folder_with_spaces_and_accents(quick_start):
    work = quick_start.work
    result = pasted('papergame init "Mon jeu à moi" --lang fr', work, quick_start.env)
    assert result.returncode == 0, result.stderr
    hints = hint_lines(result.stdout)
    assert hints == ['papergame validate "Mon jeu à moi/game.toml"',
                     'papergame build --game "Mon jeu à moi/game.toml" --lang fr',
                     'papergame worksheet --game "Mon jeu à moi/game.toml" --lang fr']
    result = pasted('papergame tileset --shape hexagon --ports-per-side 1 -o "mes tuiles.toml"', work, quick_start.env)
    assert result.returncode == 0, result.stderr
    assert hint_lines(result.stdout) == ['papergame validate "mes tuiles.toml"',
                                         'papergame build --game "mes tuiles.toml"']
    hints += hint_lines(result.stdout)
    for line in hints:
        done = pasted(line, work, quick_start.env)
        assert done.returncode == 0, (line, done.stderr)
    assert {p.name for p in work.iterdir()} >= {"Mon jeu à moi.pdf", "Mon jeu à moi-worksheets.pdf", "mes tuiles.pdf"}


@pytest.mark.install
def test_the_printed_guides_commands_work_when_pasted(quick_start):
    """The guide of a game in `Mon jeu à moi/` names it, quoted, in every command; each runs as printed."""
    work = quick_start.work / "guide"
    work.mkdir()
    env = quick_start.env
    assert pasted('papergame init "Mon jeu à moi"', work, env).returncode == 0
    result = pasted('papergame build --game "Mon jeu à moi/game.toml" --only guide -o guide.pdf', work, env)
    assert result.returncode == 0, result.stderr
    commands = commands_of(work / "guide.pdf")
    assert 'papergame build --game "Mon jeu à moi/game.toml" --kits 15' in commands
    assert 'papergame worksheet --game "Mon jeu à moi/game.toml" --level easy' in commands
    assert len(commands) == 5, commands
    for line in commands:
        done = pasted(line + " --only tokens" if line.startswith("papergame build") and "--tiles" not in line else line,
                      work, env)  # (only the tokens, to be quick: the command line as printed is what is tested)
        assert done.returncode == 0, (line, done.stderr)


# --- Ctrl-C at any moment -------------------------------------------------------------------------

INTERRUPT_AT_CALL = """
import sys
calls = 0
def interrupt(frame, event, arg):
    global calls
    if event == "call":
        calls += 1
        if calls == {n}:
            sys.settrace(None)
            raise KeyboardInterrupt
    return None
from papergame.start import main  # (this module imports only sys: the moment before it is Python's own start)
sys.settrace(interrupt)
sys.exit(main(["build", "-o", {out!r}]))
"""


@pytest.mark.install
@pytest.mark.parametrize("n", [2, 30, 300, 3000, 30000])  # call 1 is main() itself, before its first line
def test_ctrl_c_at_any_moment_of_a_real_command_is_one_line_and_status_130(installed, tmp_path, n):
    """Ctrl-C delivered at the n-th Python function call from the first line of papergame on: while click and
    the CLI are imported (the first tens of milliseconds), while the kit is laid out, while it is written.
    The old kit is left as it was or replaced whole, and no temporary file is left behind."""
    venv, _, env = installed
    out = tmp_path / "kit.pdf"
    out.write_bytes(b"%PDF-1.4 old kit\n")
    result = subprocess.run([venv / "bin" / "python", "-c", INTERRUPT_AT_CALL.format(n=n, out=str(out))],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    if result.returncode == 0:  # done before the n-th call
        assert result.stdout.startswith("Wrote kit.pdf")
    else:
        assert (result.returncode, result.stderr, result.stdout) == (130, "\npapergame: stopped (Ctrl-C)\n", "")
        assert out.read_bytes() == b"%PDF-1.4 old kit\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]
