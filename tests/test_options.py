"""Every document's options declared once in the library (`papergame.options`), read by the command
line and the page alike; numbers as people write them (a decimal comma); the page never imports the CLI."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.errors import OptionError
from papergame.options import DOCUMENTS, KIT, SIMULATION, TILESET, WORKSHEETS, KitOptions

COMMANDS = {"build": KIT, "worksheet": WORKSHEETS, "simulate": SIMULATION, "tileset": TILESET}


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command, document", COMMANDS.items())
def test_each_command_offers_exactly_its_documents_declared_options(command, document):
    longs = [o[2:] for p in main.commands[command].params for o in p.opts if o.startswith("--")]
    terminal_only = {"output", "json", "help"}
    assert [n for n in longs if n not in terminal_only] == [o.name for o in document.every]
    for option in document.every:
        param = next(p for p in main.commands[command].params if f"--{option.name}" in p.opts)
        assert param.default == option.default
        assert param.help == option.help_with(lambda name: f"--{name}")


def test_a_value_is_checked_when_it_is_made_so_no_unchecked_copy_exists():
    assert KitOptions(paper="LETTER", ink="Low", only="Board, tiles").only == ("board", "tiles")
    assert KitOptions(paper="LETTER").paper == "letter"
    with pytest.raises(OptionError) as err:
        KitOptions(measured=41)  # in range alone, but it pushes the kit off A4
    assert err.value.option == "measured"
    with pytest.raises(OptionError) as err:
        KitOptions()._replace(tile=61)  # a changed copy is checked again
    assert (err.value.option, err.value.detail) == ("tile-size", "61 mm is outside 20 to 60 mm")
    with pytest.raises(OptionError) as err:
        WORKSHEETS.parse({"tile-size": "30"})
    assert err.value.option == "tile-size"


@pytest.mark.parametrize("text, value", [("49,2", 49.2), ("49.2", 49.2), (" 49,2 ", 49.2), ("50", 50.0),
                                         (",5", None), ("49,", 49.0)])
def test_a_decimal_comma_is_a_decimal_mark(text, value):
    if value is None:  # ",5" is 0.5 mm: a number, out of range
        with pytest.raises(OptionError, match="0.5 mm is outside 40 to 60 mm"):
            KitOptions(measured=text)
    else:
        assert KitOptions(measured=text).measured == value


@pytest.mark.parametrize("text", ["49,2,1", "49.2.1", "4 9", "nan", "inf", "1e3", "", "forty"])
def test_what_is_not_a_number_is_refused_in_one_line(text):
    result = run("build", "--measured", text, "-o", "never.pdf")
    assert result.exit_code == 2
    assert result.output == f'Error: --measured: "{text}" is not a number (write it as 49.2 or 49,2)\n'


def test_a_decimal_comma_gives_the_same_bytes_on_the_command_line(tmp_path):
    point, comma = tmp_path / "point.pdf", tmp_path / "comma.pdf"
    assert run("build", "--measured", "49.2", "--tile-size", "30.5", "--only", "board", "-o", str(point)).exit_code == 0
    assert run("build", "--measured", "49,2", "--tile-size", "30,5", "--only", "board", "-o", str(comma)).exit_code == 0
    assert point.read_bytes() == comma.read_bytes()
    sheets = [tmp_path / "w-point.pdf", tmp_path / "w-comma.pdf"]
    for out, measured in zip(sheets, ("49.2", "49,2")):
        assert run("worksheet", "--puzzles", "1", "--measured", measured, "-o", str(out)).exit_code == 0
    assert sheets[0].read_bytes() == sheets[1].read_bytes()
    assert b"measured=49.2" in sheets[0].read_bytes()


def test_a_decimal_comma_gives_the_same_bytes_on_the_page(tmp_path):
    from test_serve import request

    from papergame.web.server import make_server

    out = tmp_path / "kit.pdf"
    assert run("build", "--measured", "49.2", "--only", "tiles", "-o", str(out)).exit_code == 0
    server = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        reply = request(server, "/kit.pdf?measured=49%2C2&only=tiles")
        assert reply.status == 200 and reply.body == out.read_bytes()
        bad = request(server, "/kit.pdf?measured=49%2C2%2C1")
        assert bad.status == 400 and bad.headers["X-Papergame-Field"] == "measured"
        # the page's own words: no flag, no command to look up
        assert bad.text == 'Error: "49,2,1" is not a number (write it as 49.2 or 49,2)\n'
        worksheet = request(server, "/worksheets.pdf?seed=x")
        assert worksheet.text == 'Error: "x" is not a whole number\n' and "papergame" not in worksheet.text
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("args, message", [
    (["build", "--kits", "2,5"], 'Error: --kits: "2,5" is not a whole number'),
    (["build", "--kits", "3,0", "--kit", "4"], "Error: --kit: there is no kit 4 in a set of 3 (kits 1 to 3)"),
    (["worksheet", "--copies", "0"], "Error: --copies: 0 is outside 1 to 200"),
    (["tileset", "--columns", "13"], "Error: --columns: 13 cells is outside 2 to 12 cells"),
    (["tileset", "--shape", "triangle"], 'Error: --shape: "triangle" is not one of square, hexagon'),
    (["simulate", "--games", "2000000"], "Error: --games: 2,000,000 is outside 1 to 1,000,000"),
])
def test_every_documents_options_are_refused_in_the_declarations_words(args, message, tmp_path):
    result = run(*args, "-o", str(tmp_path / ("x.toml" if args[0] == "tileset" else "x.pdf")))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == message
    assert list(tmp_path.iterdir()) == []


def test_no_declared_help_names_a_flag():
    for document in DOCUMENTS.values():
        for option in document.every:
            assert "--" not in option.help, option.name
            for mentioned in __import__("re").findall(r"\{([a-z-]+)\}", option.help):
                assert document.option(mentioned) is not None, (option.name, mentioned)


def test_the_page_never_imports_the_command_line():
    code = ("import sys; import papergame.web.server, papergame.web.engine, papergame.web.fields; "
            "print('papergame.cli' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent)
    assert done.stdout.strip() == "False"
