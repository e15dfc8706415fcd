"""A teacher's first hour: bare `papergame`, the `Wrote` line counted against the PDFs, long names, Ctrl-C,
an unknown game name, an old Python, and every command the README shows parsing as papergame reads it."""

from __future__ import annotations

import re
import runpy
import shlex
import sys
from pathlib import Path

import click
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame import start
from papergame.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
WROTE = re.compile(r"^Wrote (?P<name>.+?) \((?P<sheets>\d+) sheets?: (?P<parts>.*)\)"
                   r"(?: for (?P<whose>the players|the host only))? in (?P<folder>.+)$")


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


# --- bare papergame and its help ------------------------------------------------------------------


def test_bare_papergame_prints_the_help_and_succeeds():
    result = invoke()
    assert result.exit_code == 0
    assert result.output == invoke("--help").output
    assert "Error" not in result.output


def test_the_help_names_the_page_first():
    start_with = invoke("--help").output.split("Start with:")[1].split("Options:")[0]
    commands = [line.split()[1] for line in start_with.strip().splitlines() if line.strip().startswith("papergame ")]
    assert commands[0] == "serve"
    assert {"serve", "build", "worksheet", "init"} <= set(commands)


# --- the Wrote line, counted against the pages of each file ---------------------------------------


def page_titles(path: Path) -> list[str]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [document[i].get_textpage().get_text_range().strip().splitlines()[0] for i in range(len(document))]
    finally:
        document.close()


CASES = [
    ((), "the kit", True, True),
    (("--kits", "3"), "3 kits", True, True),
    (("--kits", "3", "--host-key", "separate"), "3 kits", True, True),
    (("--host-key", "page"), "the kit", True, True),
    (("--kits", "2", "--host-key", "page"), "2 kits", True, True),
    (("--kit", "2", "--kits", "3"), "kit 2", True, True),
    (("--kit", "7"), "kit 7", True, True),
    (("--host-key", "omit"), "the kit", False, True),
    (("--kits", "2", "--host-key", "omit", "--only", "board,guide"), "board of 2 kits", False, True),
    (("--kit", "2", "--only", "tiles,tokens"), "tiles and tokens of kit 2", False, False),
    (("--only", "host-key,guide", "--host-key", "separate"), None, True, True),
    (("--only", "rules,host-key", "--host-key", "separate"), "rules of the kit", True, False),
    (("--tiles", "3x2"), "tiles 3x2 of the kit", False, False),
]


@pytest.mark.parametrize("args,players,key,guide", CASES)
def test_the_wrote_line_adds_up_to_the_pages_of_each_file_and_names_only_what_it_holds(tmp_path, args, players, key,
                                                                                        guide):
    result = invoke("build", "-o", str(tmp_path / "kit.pdf"), *args)
    assert result.exit_code == 0, result.output
    files, whose = {}, {}
    for line in result.output.splitlines():
        match = WROTE.match(line)
        assert match, line
        assert match["folder"] == str(tmp_path)
        parts = match["parts"].split(", ")
        counted = {}
        for part in parts:
            number, _, words = part.partition(" for ")
            if len(parts) == 1:  # one part: its words alone
                number, words = match["sheets"], part
            counted[words] = int(number)
        assert sum(counted.values()) == int(match["sheets"]), line
        files[match["name"]] = counted
        whose[match["name"]] = match["whose"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)
    found = {"the host key": 0, "the teacher's guide": 0}
    for name, counted in files.items():
        titles = page_titles(tmp_path / name)
        assert sum(counted.values()) == len(titles), (name, counted, titles)
        keys = sum(t.startswith("Host key") for t in titles)
        guides = sum(t.startswith("Teacher's guide") for t in titles)
        assert counted.get("the host key", 0) == keys, (name, titles)
        assert counted.get("the teacher's guide", 0) == guides, (name, titles)
        found["the host key"] += keys
        found["the teacher's guide"] += guides
        others = {w: n for w, n in counted.items() if w not in found}
        if others:
            assert others == {players: len(titles) - keys - guides}
        # whose the file is, from its pages: the players' alone, the host's alone, or both (said by neither)
        hosts = keys + guides
        assert whose[name] == ("the host only" if hosts == len(titles) else "the players" if hosts == 0 else None)
    assert bool(found["the host key"]) == key and bool(found["the teacher's guide"]) == guide
    if "page" not in args and "omit" not in args and players is not None:  # by default the host's pages are apart
        assert files["kit.pdf"] == {players: files["kit.pdf"][players]}
        assert whose["kit.pdf"] == "the players"
        if key or guide:
            assert whose["kit-host-key.pdf"] == "the host only"


def test_the_wrote_line_of_a_class_set_with_a_separate_host_key_is_true(tmp_path):
    """The case from the issue: it said 55 sheets made of 56 for 15 kits and the host key and 1 for the guide.
    A class set's host key and guide are in the host's file by default, as with `--host-key separate`."""
    result = invoke("build", "--kits", "15", "-o", str(tmp_path / "class.pdf"))
    assert result.exit_code == 0, result.output
    assert result.output == (f"Wrote class.pdf (55 sheets: 15 kits) for the players in {tmp_path}\n"
                             f"Wrote class-host-key.pdf (2 sheets: 1 for the host key, 1 for the teacher's guide) "
                             f"for the host only in {tmp_path}\n")
    assert len(page_titles(tmp_path / "class.pdf")) == 55 and len(page_titles(tmp_path / "class-host-key.pdf")) == 2


# --- names: a game.toml in its own folder, an unknown game, a folder name too long -----------------


def test_a_game_toml_built_in_its_own_folder_is_named_after_the_folder(tmp_path, monkeypatch):
    folder = tmp_path / "Mon jeu"
    assert invoke("init", str(folder)).exit_code == 0
    monkeypatch.chdir(folder)
    result = invoke("build", "--game", "game.toml", "--only", "tokens")
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote Mon jeu.pdf (1 sheet: tokens of the kit) for the players in {folder}\n"
    assert (folder / "Mon jeu.pdf").is_file() and not (folder / "game.pdf").exists()


def test_a_game_name_that_is_not_built_in_lists_the_built_in_games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("build", "--game", "hexagon")
    assert result.exit_code == 2
    assert result.output == ("Error: hexagon: no such definition file, nor a built-in game; the built-in games are "
                             "edge-port-path-tiles, eight-port-path-tiles, hexagon-path-tiles, shared-path\n")
    result = invoke("build", "--game", "my-game.toml")  # a file name stays a file's problem
    assert result.output == "Error: my-game.toml: no such definition file\n"


def test_init_into_a_folder_name_too_long_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "a" * 300
    result = invoke("init", name)
    assert result.exit_code == 2
    assert result.output == (f"Error: {name}: cannot make the folder: the name is too long for this disk (a name may "
                             f"have at most 255 characters, fewer with accents); choose a shorter one\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [["tileset", "-o", "t" * 300 + ".toml"], ["build", "-o", "k" * 300 + ".pdf"],
                                  ["validate", "v" * 300 + ".toml"], ["build", "--game", "g" * 300],
                                  ["init", "ok", "--game", "x" * 300 + ".toml"]])
def test_names_too_long_elsewhere_are_error_lines_too(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2 and result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: ") and len(result.output.splitlines()) == 1


# --- Ctrl-C ----------------------------------------------------------------------------------------


def test_ctrl_c_during_a_command_is_one_line_status_130_and_leaves_the_old_file(tmp_path, monkeypatch):
    out = tmp_path / "kit.pdf"
    out.write_bytes(b"%PDF-1.4 old\n")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("papergame.build.kit_pdfs", interrupted)
    result = CliRunner().invoke(main, ["build", "-o", str(out)])
    assert (result.exit_code, result.output) == (130, "\npapergame: stopped (Ctrl-C)\n")
    assert out.read_bytes() == b"%PDF-1.4 old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]


def test_ctrl_c_while_the_command_line_is_still_being_imported(monkeypatch, capsys):
    """start.main catches Ctrl-C before importing click and the CLI (tens of milliseconds)."""
    monkeypatch.delitem(sys.modules, "papergame.cli")

    class Interrupting:
        def find_spec(self, name, path=None, target=None):
            if name == "papergame.cli":
                raise KeyboardInterrupt
            return None

    monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
    assert start.main(["build"]) == 130
    assert capsys.readouterr().err == "\npapergame: stopped (Ctrl-C)\n"


def test_the_console_script_is_the_early_entry_point():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["scripts"] == {"papergame": "papergame.start:main"}
    top = [line for line in (ROOT / "papergame" / "start.py").read_text(encoding="utf-8").splitlines()
           if line.startswith(("import ", "from "))]
    assert top == ["import sys"]  # nothing heavy before the interrupt is caught


# --- an old Python -----------------------------------------------------------------------------------


def test_an_old_python_is_told_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(start, "too_old", lambda version=None: "papergame needs Python 3.11 or newer, and this is 3.9.")
    assert start.main(["build"]) == 1
    assert capsys.readouterr().err == "papergame needs Python 3.11 or newer, and this is 3.9.\n"


def test_installing_with_an_old_python_says_what_to_install(monkeypatch):
    """setup.py runs before pip compares requires-python, so an old Python gets words a teacher can act on."""
    monkeypatch.setattr(sys, "version_info", (3, 9, 6, "final", 0))
    with pytest.raises(SystemExit) as stop:
        runpy.run_path(str(ROOT / "setup.py"), run_name="__main__")
    message = str(stop.value.code)
    assert "papergame needs Python 3.11 or newer, and this is Python 3.9.6." in message
    assert "https://www.python.org/downloads/" in message and "delete the .venv folder" in message
    assert "3.11 or newer" in README[README.index("## Quick start"):README.index("## For developers")]


# --- every command the README shows is one papergame reads --------------------------------------------


def readme_commands() -> list[str]:
    """Every `papergame ...` command in the README's code, inline or in blocks, but the synopses ([OPTION]) and
    the error catalogue's (bad on purpose; tests/test_error_catalogue.py runs those)."""
    catalogue = README.index("## Error catalogue")
    text = README[:catalogue] + README[README.index("\n## ", catalogue + 1):]
    found = re.findall(r"`(papergame [^`\n]+)`", text)
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif fenced and line.strip().removeprefix("$ ").startswith("papergame "):
            found.append(line.strip().removeprefix("$ "))
    return [c.split("  #")[0].strip() for c in found if not re.search(r"[\[|]|\.\.\.|\bCELL\b|\bDIR\b|MOVE", c)]


def help_commands() -> list[str]:
    """Every command the helps show: `papergame --help`'s "Start with" and each command's examples."""
    shown = []
    for args in [["--help"]] + [[name, "--help"] for name in main.commands]:
        shown += [line.strip() for line in invoke(*args).output.splitlines() if line.strip().startswith("papergame ")]
    return [line.split("  ")[0] for line in shown]


@pytest.mark.parametrize("where", ["README", "--help"])
def test_every_command_the_readme_and_the_helps_show_is_read_by_papergame(where):
    """Each parses as papergame's own command line: the command exists and every option is one it has."""
    commands = readme_commands() if where == "README" else help_commands()
    assert len(commands) > 25
    for text in commands:
        words = shlex.split(text)[1:]
        if not words or words[0] in ("--help", "--version"):
            continue
        command = main.commands.get(words[0])
        assert command is not None, text
        if "--help" in words:
            continue
        try:
            command.make_context(words[0], words[1:], parent=click.Context(main, info_name="papergame"),
                                 resilient_parsing=False).close()
        except click.UsageError as exc:
            if any(m in exc.format_message() for m in ("No such option", "No such command", "unexpected extra")):
                raise AssertionError(f"{text}: {exc.format_message()}") from None


def test_the_readme_outside_the_developers_section_says_papergame_not_a_venv_path():
    outside = README.replace(README[README.index("## For developers"):README.index("## What you get")], "")
    assert ".venv/bin/papergame" not in outside and ".venv\\Scripts\\papergame" not in outside


# --- words of one's own, or papergame's: said in one line -------------------------------------------


def test_a_game_without_words_in_the_language_asked_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("init", "castle").exit_code == 0  # castle/game.toml and castle/text.en.toml
    runner = CliRunner()
    french = runner.invoke(main, ["build", "--game", "castle/game.toml", "--lang", "fr", "--only", "tokens"])
    assert french.exit_code == 0, french.output
    assert french.stdout == f"Wrote castle.pdf (1 sheet: tokens of the kit) for the players in {tmp_path}\n"
    assert french.stderr == "Note: no text.fr.toml beside game.toml: the kit prints papergame's own fr words\n"
    own = runner.invoke(main, ["build", "--game", "castle/game.toml", "--only", "tokens"])  # its text.en.toml
    assert own.exit_code == 0 and own.stderr == ""
    (tmp_path / "bare.toml").write_text((tmp_path / "castle" / "game.toml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    bare = runner.invoke(main, ["build", "--game", "bare.toml", "--only", "tokens"])  # no words of its own: English
    assert bare.exit_code == 0 and bare.stderr == ""
    built_in = runner.invoke(main, ["build", "--game", "hexagon-path-tiles", "--lang", "de", "--only", "tokens"])
    assert built_in.exit_code == 0 and built_in.stderr == ""


def test_the_guide_of_a_copied_shared_path_game_names_the_copy_quoted(tmp_path, monkeypatch):
    """Its commands were written out as --game shared-path, which builds the built-in game, not the copy."""
    import pdfplumber

    monkeypatch.chdir(tmp_path)
    assert invoke("init", "Mon chemin", "--game", "shared-path").exit_code == 0
    result = invoke("build", "--game", "Mon chemin/game.toml", "--only", "guide", "-o", "guide.pdf")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "guide.pdf") as pdf:  # column by column: the guide has two
        text = " ".join(" ".join((p.crop(half).extract_text() or "").split()) for p in pdf.pages
                        for half in ((0, 0, p.width / 2, p.height), (p.width / 2, 0, p.width, p.height)))
    assert 'papergame build --game "Mon chemin/game.toml" --kits 15' in text
    assert "--game shared-path" not in text
