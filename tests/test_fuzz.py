"""Fuzzing: hostile definition files, text files and command lines never crash papergame.

Every case runs a real command line through click. It must either succeed (a build writes
a PDF that pypdf opens in strict mode) or fail cleanly: exit status 2 (1 for `check` of a
scaled file), the message one or more `Error:` lines at the end of the output (after a
progress bar's label for a command that shows one), and no traceback. The suite prints the number of cases and
of tracebacks at the end (tests/conftest.py).

The default run is 295 cases, the same ones every run: each test has a fixed seed, and each
test starts from a fresh copy of the folder of files it runs in, so no test sees what another
wrote and the outcome does not depend on which tests an xdist worker ran before. `python -m pytest
-m matrix tests/test_fuzz.py` (a step of its own in CI) runs the 320 cases of the same seeds at the counts
the default run had until it was halved (with the hostile definitions, requests and printed words of the
default run: the 456 it had). `python -m pytest -m slow tests/test_fuzz.py` runs the 1,086 cases of the same fixed seeds (the default run until
the suite was cut toward a minute) and about 50,000 with new seeds, for use before a release. New
cases: `PAPERGAME_SEED=random python -m pytest tests/test_fuzz.py`. Either way the seeds are
printed at the end of the run (and in a failing test's output); `PAPERGAME_SEED=N` runs every
fuzz test with the seed N again.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import random
import re
import shlex
import shutil
import tomllib
import traceback
import zlib
from pathlib import Path

import click
import pypdf
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from papergame.cli import main
from papergame.data.games import load_definition
from papergame.options import PARTS
from papergame.model.rules import play_random_game

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "templates" / "edge-port-path-tiles"
DEFINITIONS = [TEMPLATE / "game.toml", *sorted((ROOT / "examples").glob("*.toml"))]
TEXT = TEMPLATE / "text.en.toml"

# Cases per test: the default run (295 in all, the same every run; every kind of case and every command of
# papergame: a representative of the long run, about 12 s of CPU where 456 took 17, -n 0, load 3-5; the
# halved counts draw other cases, not the first half of the old ones, which the matrix step keeps running),
# the same fixed seeds at the counts the default run had before (1,086, the `test_all_*` tests, under -m slow),
# and the slow run before a release (50,000 in all, new seeds). The
# default run had 2,036 cases, then 1,086 (43 s of 262 s there, the suite's largest part), until the
# suite's time was cut toward a minute.
DEFAULT = {"definition text": 35, "definition data": 35, "text file": 25, "command line": 64,
           "hostile definition": 60, "server": 60, "printed words": 16}
# under -m matrix (a step of its own in CI): the same fixed seeds at the counts the default run had before it
# was halved (456 cases in all with the hostile definitions, requests and printed words above)
MATRIX = {"definition text": 70, "definition data": 70, "text file": 50, "command line": 130}
FIXED_SLOW = {"definition text": 200, "definition data": 200, "text file": 150, "command line": 400}
# (the 60 hostile definitions, 60 requests and 16 printed words run by default as before)
SLOW = {"definition text": 15000, "definition data": 15000, "text file": 10000, "command line": 10000,
        "hostile definition": 2000, "server": 3000, "printed words": 2000}

# The seed of each test: fixed in the default run; new ones (printed) for the slow tests and with
# PAPERGAME_SEED=random; PAPERGAME_SEED=N gives every test the seed N.
SEED_CHOICE = os.environ.get("PAPERGAME_SEED", "")


def seed_of(name: str, slow: bool) -> int:
    if SEED_CHOICE.isdigit():
        return int(SEED_CHOICE)
    if SEED_CHOICE == "random" or slow:
        return random.SystemRandom().randrange(2**32)
    return zlib.crc32(name.encode())


FUZZ_SETTINGS = dict(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                           HealthCheck.large_base_example],
)


# --- what a clean answer looks like ---------------------------------------------------------


TRACEBACK_FRAME = re.compile(r'^\s*File ".*", line \d+', re.MULTILINE)  # not click's 'File "x" is a directory'


def check_clean(result, args: list[str], counts, kind: str, output: Path | None = None) -> str:
    """Assert that one run succeeded or failed cleanly; count it. Returns "built", "ok" or "error"."""
    counts[f"case:{kind}"] += 1
    command = f"papergame {shlex.join(args)}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        counts["tracebacks"] += 1
        trace = "".join(traceback.format_exception(*result.exc_info))
        pytest.fail(f"{command}\ncrashed:\n{trace}", pytrace=False)
    text = result.output
    assert "Traceback" not in text, f"{command}\n{text}"
    if result.exit_code == 0:
        if args and args[0] == "build" and text.startswith("Wrote ") and output is not None and output.is_file():
            reader = pypdf.PdfReader(output, strict=True)
            reader.pages[0]
            boxes = characters_the_font_lacks(reader)
            assert not boxes, f"{command}\nprints characters the embedded font lacks (as boxes): {sorted(boxes)}"
            counts["built"] += 1
            return "built"
        return "ok"
    if not [a for a in args if not a.startswith("-")] and "Usage: papergame" in text:  # no command: the help
        assert result.exit_code in (0, 2), command
        return "ok"
    if result.exit_code == 1 and args[0] == "check":
        assert "was scaled" in text and "Error" not in text, f"{command}\n{text}"
        return "ok"
    assert result.exit_code == 2, f"{command}\nexit status {result.exit_code}:\n{text}"
    lines = text.splitlines()
    assert not TRACEBACK_FRAME.search(text), f"{command}\n{text}"
    first = next((i for i, line in enumerate(lines) if line.startswith("Error: ")), None)
    assert first is not None, f"{command}\nexit status 2 with no Error: line:\n{text}"
    # lines[:first] is anything the command showed before it failed: a progress bar's label
    for line in lines[first:]:
        assert line.startswith("Error: ") and len(line) > len("Error: "), f"{command}\nnot an Error: line: {line!r}"
        assert "Traceback" not in line and "Errno" not in line, f"{command}\n{line}"
    counts["clean errors"] += 1
    return "error"


def characters_the_font_lacks(reader: pypdf.PdfReader) -> set[str]:
    """What a PDF prints that the embedded font has no glyph for: reportlab shows such a character
    as the font's code 0 (`\\000` in a page's text, a box on paper), and a character its fonts'
    ToUnicode maps list and the font lacks. The glyph check (build.check_text_glyphs and
    check_page_glyphs) lets none through."""
    from papergame.render.fonts import missing_glyphs

    lacking: set[str] = set()
    seen = set()
    for number, page in enumerate(reader.pages, start=1):
        if b"\\000" in page.get_contents().get_data():
            lacking.add(f"a box (the font's code 0) on page {number}")
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            if id(font) in seen or "/ToUnicode" not in font:
                continue
            seen.add(id(font))
            cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            printed = {bytes.fromhex(code).decode("utf-16-be", "replace")
                       for code in re.findall(r"<[0-9A-Fa-f]{2}>\s*<([0-9A-Fa-f]{4,})>", cmap)}
            # reportlab's first subset maps the ASCII codes to themselves whether printed or not: DEL (U+007F)
            # is among them, and the font has no glyph for it
            printed -= {"\0", "\x7f"}
            lacking |= missing_glyphs("".join(printed), bold="Bold" in str(font.get("/BaseFont", "")))
    return lacking


def run(args: list[str], counts, kind: str, output: Path | None = None) -> str:
    result = CliRunner().invoke(main, args, prog_name="papergame", catch_exceptions=True)
    return check_clean(result, args, counts, kind, output)


# --- the folder every case runs in, with files of every kind to point options at ------------


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    """A folder to run in, holding good, bad and missing files of every kind."""
    root = tmp_path_factory.mktemp("arena")

    def build(name, *args):
        out = root / name
        result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
        assert result.exit_code == 0, result.output
        return out

    build("kit.pdf")
    one_page = build("tokens.pdf", "--only", "tokens")
    writer = pypdf.PdfWriter(clone_from=str(one_page))
    for page in writer.pages:
        page.add_transformation(pypdf.Transformation().scale(0.96, 0.96))
    writer.write(root / "scaled.pdf")
    writer = pypdf.PdfWriter()
    writer.add_blank_page(595, 842)
    writer.write(root / "blank.pdf")
    data = one_page.read_bytes()
    (root / "truncated.pdf").write_bytes(data[: len(data) // 2])
    (root / "empty.pdf").write_bytes(b"")
    (root / "notes.txt").write_text("hello\n")
    (root / "noise.bin").write_bytes(bytes(random.Random(6).randrange(256) for _ in range(4000)))
    (root / "folder").mkdir()
    (root / "folder.pdf").mkdir()
    shutil.copy(TEMPLATE / "game.toml", root / "game.toml")
    for path in DEFINITIONS[1:]:
        shutil.copy(path, root / path.name)
    shutil.copy(TEXT, root / "text.en.toml")
    (root / "big.toml").write_text("# " + "x" * (1024 * 1024) + "\n")
    (root / "latin1.toml").write_bytes('[shape]\nsides = ["Ö"]\n'.encode("latin-1"))
    (root / "dollar.toml").write_text(TEXT.read_text().replace('title = "Board"', 'title = "$5 board"'))
    for name in ("def", "text", "lang", "out"):
        (root / name).mkdir()
    return root


def pdfs_for(command: str) -> list[str]:
    common = ["tokens.pdf", "blank.pdf", "truncated.pdf", "empty.pdf", "notes.txt", "noise.bin", "folder",
              "folder.pdf", "missing.pdf", "no/such/folder/x.pdf", "game.toml"]
    return common + (["kit.pdf", "scaled.pdf"] if command == "check" else [])


GAMES = ["game.toml", "six-by-six.toml", "uneven-copies.toml", "broken.toml", "big.toml", "latin1.toml",
         "noise.bin", "notes.txt", "folder", "missing.toml", "empty.pdf", "text.en.toml", "no/such/dir/g.toml"]
TEXTS = ["text.en.toml", "dollar.toml", "game.toml", "big.toml", "latin1.toml", "folder", "missing.toml",
         "noise.bin", "empty.pdf"]
OUTPUTS = ["out/kit.pdf", "out/kit", "out/ünï ☃.pdf", "out/" + "x" * 300 + ".pdf", "out/.pdf", "kit.pdf", "folder",
           "folder.pdf", "", ".", "no/such/folder/kit.pdf", "out/a b.pdf", "out/kit.PDF"]
OUT_DIRS = ["out", "folder", "no/such/folder", "notes.txt", "", "."]

HOSTILE = ["", " ", "-", "--", "-h", "<font>", "<font color='red'>x</font>", "&", "&amp;", "é", "中文", "😀",
           "x" * 1000, "$white", "%s", "{}", "\t", "a b", "\n", "1e309", "-1", "0", "nan", "inf", "\udcff",
           "../x", "__import__('os')"]

VALUES = {
    "--paper": ["a4", "A4", "letter", "Letter", "legal", "a3"],
    "--tile-size": ["20", "35", "60", "28", "19.99", "60.01", "-5", "1e309", "35mm", "3,5", "nan", "-inf"],
    "--host-key": ["page", "separate", "omit", "both"],
    "--measured": ["49.2", "40", "60", "50", "39.9", "60.5", "nan", "inf", "-inf", "0"],
    "--ink": ["normal", "low", "none"],
    "--only": [*PARTS, "board,rules", "tiles,tokens", "host-key,board", ",", "dice", "board,,tiles",
               " board , tiles ", "board,board", "BOARD"],
    "--tiles": ["3x2", "1.4", "3x2,1x1,2.5", "3×2", "3·4", "3*1", "3x7", "4x1", "3.9", "three", "3x2,3.1",
                "0x1", "3x0", "99999999999999999999x1", "3.0", "1x1,", "1.1,1.1", "١x١"],
    "--cut-guides": ["lines", "marks", "both", "none"],
    "--lang": ["en", "EN", "de", "x" * 300, "en/../en", "../en", "."],
    "--pages": ["1", "1-1", "1,1", "2-1", "0", "-", "1-", "-1", "a", "99", "1-99", "١"],
    "--dpi": ["10", "30", "50", "9.99", "1201", "0", "-72", "nan", "inf", "1e309"],
    # worksheet: valid counts kept small (a class set of 200 sheets is a slow case, not a hostile one)
    "--puzzles": ["1", "2", "12", "13", "0", "-1", "x", "1.5"],
    "--seed": ["0", "1", "7", "999999999", "1000000000", "-1", "x", "1e3"],
    "--level": ["easy", "medium", "hard", "Easy", "expert"],
    "--copies": ["1", "2", "0", "-1", "201", "x", "1.5"],
}
PATH_VALUES = {"--output": OUTPUTS, "--game": GAMES, "--text": TEXTS, "--output-dir": OUT_DIRS}


def option_values(param: click.Option) -> list[str]:
    name = max(param.opts, key=len)
    if name in PATH_VALUES:
        return PATH_VALUES[name]
    if name in VALUES:
        return VALUES[name]
    if isinstance(param.type, click.Choice):
        return [str(c) for c in param.type.choices]
    if isinstance(param.type, (click.types.FloatParamType, click.types.IntParamType)):
        return ["1", "10", "35", "0", "-1", "2.5", "nan", "1e309"]
    if isinstance(param.type, click.Path):
        return GAMES + OUTPUTS + TEXTS
    return []


@st.composite
def moves(draw) -> list[str]:
    """A legal game's moves, cut short, perhaps with wrong moves after it."""
    game = play_random_game(load_definition(), draw(st.randoms(use_true_random=False)))
    board = game.board
    played = [f"{board.cell_name(t.cell)}:{t.tile}@{t.rotation}" for t in game.turns]
    played = played[: draw(st.integers(0, len(played)))]
    odd = st.one_of(
        st.builds("{}{}:{}{}".format, st.sampled_from("ABCDEFaz"), st.sampled_from(["0", "1", "5", "6", "10", ""]),
                  st.sampled_from(["1", "2", "3", "0", "4", "99", "x", "", "-1", "1e3"]),
                  st.sampled_from(["", "@0", "@90", "@180", "@270", "@45", "@-90", "@360", "@x", "@", "@9" * 30])),
        st.sampled_from(["A1", ":", "A1:", ":3", "A1:3:4", " a1 : 3 @ 90 ", "A1/S", "A1:3@90@90"] + HOSTILE),
    )
    return played + draw(st.lists(odd, max_size=3))


def arguments_for(command: str, param: click.Argument):
    if command == "trace":
        return moves()
    if command in ("check", "preview"):
        return st.sampled_from(pdfs_for(command)).map(lambda p: [p])
    if command == "validate":
        return st.sampled_from(GAMES).map(lambda p: [p])
    pool = st.sampled_from(GAMES + TEXTS + pdfs_for(command) + HOSTILE)
    if param.nargs == 1:
        return pool.map(lambda p: [p])
    return st.lists(pool, max_size=4)


@st.composite
def command_lines(draw) -> list[str]:
    """A command of papergame (every one it has when the test runs) with random options and values."""
    # `serve` runs until stopped: tests/test_serve.py checks its options and the page's
    # `bundle` downloads 20 MB and writes a folder: tests/test_bundle.py checks its errors
    name = draw(st.sampled_from(sorted(c for c in main.commands if c not in ("serve", "bundle")) + ["nonsense"]))
    if name == "nonsense":
        return draw(st.lists(st.sampled_from(["--version", "--help", "-h", "bild", "--nope", "", "tracer"]),
                             max_size=2))
    command = main.commands[name]
    options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden]
    pieces: list[list[str]] = []
    for _ in range(draw(st.integers(0, 5))):
        choice = draw(st.integers(0, 9))
        if choice == 0:
            pieces.append([draw(st.sampled_from(["--nope", "-x", "--tile", "--json=1", "--only=", "-o"]))])
            continue
        if choice == 1 and draw(st.integers(0, 30)) == 0:
            pieces.append(["--help"])
            continue
        param = draw(st.sampled_from(options)) if options else None
        if param is None or param.name == "help":
            continue
        flag = draw(st.sampled_from(param.opts + param.secondary_opts))
        if param.is_flag:
            pieces.append([flag])
            continue
        known = option_values(param)
        value = draw(st.sampled_from(known) if known and draw(st.integers(0, 4)) else st.sampled_from(HOSTILE))
        pieces.append([flag, value] if draw(st.integers(0, 5)) or not flag.startswith("--") else [f"{flag}={value}"])
    for param in command.params:
        if isinstance(param, click.Argument) and (param.required or draw(st.booleans())):
            pieces.append(draw(arguments_for(name, param)))
    if name == "build" and not any(p[0] in ("-o", "--output") or p[0].startswith("--output=") for p in pieces):
        pieces.append(["-o", "out/default.pdf"])  # never write into the arena's own files by default
    order = draw(st.permutations(range(len(pieces))))
    return [name] + [word for i in order for word in pieces[i]]


# --- mutated files --------------------------------------------------------------------------------

ODD_STRINGS = ["", " ", "<font>", "<font name='Courier'>x</font>", "&", "&amp;", "<b>bold</b>", "<para>", "A/S",
               "out", "white", "black", "N", "E", "A", "1", "A1/S", "e5/n", "z9/Q", "ü", "Ω", "ß", "中", "😀",
               "\u200b", "\u0301", "\t", "\n", "$", "$$", "${white}", "$white", "$nope", "\\", '"', "'", "-1",
               "__import__('os').system('x')", "{{x}}", "%s", "\x7f", "\x1b[31m", "x" * 300, "W" * 2000,
               "word " * 400, "AB", "A B", "a,b", "a;b", "Ⅻ", "ﬁ", "İ", "ǅ"]
EXTREME_NUMBERS = [0, -1, 1, 2, 3, 4, 5, 6, 11, 12, 13, 99, 100, 199, 200, 201, 2**31, 2**63 - 1, -(2**63), 10**30,
                   0.5, -0.0, 3.0, 1e308, math.inf, -math.inf, math.nan]
KEYS = ["shape", "board", "tokens", "deal", "tiles", "sides", "ports", "columns", "rows", "name", "start", "hand",
        "type", "pairs", "copies", "title", "kit", "rules", "colour", "", " ", "é", "a.b"]

scalars = st.one_of(
    st.sampled_from(ODD_STRINGS), st.sampled_from(EXTREME_NUMBERS), st.booleans(), st.text(max_size=12),
    st.integers(), st.floats(), st.dates(), st.times(), st.datetimes(),
)
any_value = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=3),
                         max_leaves=8)


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def to_toml(data: dict) -> str:
    return "".join(f"{toml_string(key)} = {toml_value(value)}\n" for key, value in data.items())


def paths_in(node, prefix=()):
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths_in(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths_in(value, prefix + (i,))


def parent_of(root, path):
    node = root
    for step in path[:-1]:
        node = node[step]
    return node


@st.composite
def mutated_data(draw, base: dict, strings=ODD_STRINGS) -> dict:
    """A parsed file with a few changes: swapped types, dropped and added keys, odd values."""
    data = json.loads(json.dumps(base))  # a deep copy of plain TOML data
    for _ in range(draw(st.integers(1, 3))):
        nodes = list(paths_in(data))
        op = draw(st.sampled_from(["replace", "delete", "add", "string", "string", "number", "append"]))
        if op == "string":
            candidates = [p for p, v in nodes if isinstance(v, str)]
            if candidates:
                path = draw(st.sampled_from(candidates))
                odd = draw(st.sampled_from(strings))
                old = parent_of(data, path)[path[-1]]
                parent_of(data, path)[path[-1]] = draw(st.sampled_from([odd, old + odd, odd + old]))
                continue
            op = "replace"
        if op == "number":
            candidates = [p for p, v in nodes if isinstance(v, (int, float)) and not isinstance(v, bool)]
            if candidates:
                path = draw(st.sampled_from(candidates))
                parent_of(data, path)[path[-1]] = draw(st.sampled_from(EXTREME_NUMBERS))
                continue
            op = "replace"
        if op in ("add", "append"):
            containers = [(p, v) for p, v in nodes if isinstance(v, (dict, list))]
            path, node = draw(st.sampled_from(containers))
            if isinstance(node, dict):
                node[draw(st.sampled_from(KEYS) | st.text(max_size=6))] = draw(any_value)
            elif node and op == "append":
                node.append(json.loads(json.dumps(draw(st.sampled_from(node)), default=str)))
            else:
                node.append(draw(any_value))
            continue
        inner = [p for p, v in nodes if p]
        if not inner:
            continue
        path = draw(st.sampled_from(inner))
        parent = parent_of(data, path)
        if op == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(any_value)
    return data


@st.composite
def edited_text(draw, bases: list[str]) -> bytes:
    """A file's text with characters, lines and bytes changed."""
    text = draw(st.sampled_from(bases))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.splitlines(keepends=True) or [""]
        op = draw(st.sampled_from(["delete line", "duplicate line", "swap lines", "delete chars", "insert chars",
                                   "replace char"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete line":
            del lines[i]
        elif op == "duplicate line":
            lines.insert(i, lines[i])
        elif op == "swap lines":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        if op.endswith("line") or op.endswith("lines"):
            text = "".join(lines)
            continue
        at = draw(st.integers(0, len(text)))
        if op == "delete chars":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        else:
            chars = draw(st.text(st.sampled_from('[]{}="\'#.,\n \\-+_:eE0123456789xAN$<>&') | st.characters(),
                                 min_size=1, max_size=8))
            cut = at + (1 if op == "replace char" else 0)
            text = text[:at] + chars + text[cut:]
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + bytes(draw(st.lists(st.integers(0, 255), min_size=1, max_size=3))) + data[at:]
    return data


DEFINITION_TEXTS = [p.read_text() for p in DEFINITIONS]


BASE_DEFINITIONS = [tomllib.loads(text) for text in DEFINITION_TEXTS]
BASE_TEXT = tomllib.loads(TEXT.read_text())


def definition_command(draw, path: str, arena: Path) -> tuple[list[str], Path | None]:
    """What to do with a mutated definition: mostly validate or trace; now and then a whole build."""
    actions = ["validate"] * 5 + ["trace"] * 3 + ["build"] * 2
    if "worksheet" in main.commands:
        actions.append("worksheet")
    action = draw(st.sampled_from(actions))
    if action == "validate":
        return ["validate", path], None
    if action == "trace":
        return ["trace", *draw(st.lists(st.sampled_from(["A1:3", "A1:1@90", "E5:2", "B1:1", "F6:1", "a1:3@270"]),
                                        min_size=1, max_size=3)), "--game", path], None
    if action == "worksheet":
        level = draw(st.sampled_from(["easy", "medium", "hard"]))
        return ["worksheet", "--game", path, "-o", str(arena / "out" / "sheet.pdf"), "--puzzles", "1",
                "--level", level], None
    out = arena / "out" / "def.pdf"
    args = ["build", "--game", path, "-o", str(out)]
    args += draw(st.sampled_from([[], [], ["--tile-size", "20"], ["--tile-size", "60"], ["--only", "rules"],
                                  ["--only", "host-key"], ["--only", "record"], ["--paper", "letter"]]))
    return args, out


# --- the fuzz tests ----------------------------------------------------------------------------------


def definition_text_case(arena, fuzz_counts, data, kind="definition text"):
    path = arena / "def" / "game.toml"
    path.write_bytes(data.draw(edited_text(DEFINITION_TEXTS)))
    args, out = definition_command(data.draw, str(path), arena)
    run(args, fuzz_counts, kind, out)


def definition_data_case(arena, fuzz_counts, data, kind="definition data"):
    path = arena / "def" / "game.toml"
    base = data.draw(st.sampled_from(BASE_DEFINITIONS))
    path.write_text(to_toml(data.draw(mutated_data(base))), encoding="utf-8", errors="surrogatepass")
    args, out = definition_command(data.draw, str(path), arena)
    run(args, fuzz_counts, kind, out)


TEXT_ODDITIES = ODD_STRINGS + ["$$5", "100% sure", "$ 5", "${", "$1", "$white_start", "${white}s", "$$$$",
                               "<font name=Courier>x</font>", "&lt;b&gt;", "</para>", "\\n", "a\u00adb",
                               "word " * 3000, "x" * (1024 * 1024), "日本語", "Привет", "ελληνικά", "\u2028"]


def text_case(arena, fuzz_counts, data, kind="text file"):
    how = data.draw(st.sampled_from(["data"] * 3 + ["text"]))
    if how == "data":
        content = to_toml(data.draw(mutated_data(BASE_TEXT, TEXT_ODDITIES))).encode("utf-8", "surrogatepass")
    else:
        content = data.draw(edited_text([TEXT.read_text()]))
    out = arena / "out" / "text.pdf"
    only = data.draw(st.sampled_from([[]] + [["--only", part] for part in PARTS]))
    if data.draw(st.integers(0, 3)):
        path = arena / "text" / "words.toml"
        path.write_bytes(content)
        args = ["build", "--text", str(path), "-o", str(out), *only]
    else:  # a translation beside the game file, chosen with --lang
        (arena / "lang" / "text.xx.toml").write_bytes(content)
        shutil.copy(TEMPLATE / "game.toml", arena / "lang" / "game.toml")
        args = ["build", "--game", str(arena / "lang" / "game.toml"), "--lang", "xx", "-o", str(out), *only]
    run(args, fuzz_counts, kind, out)


def command_line_case(arena, fuzz_counts, data, kind="command line"):
    args = data.draw(command_lines())
    out = None
    if args and args[0] == "build":
        for i, word in enumerate(args):
            if word in ("-o", "--output") and i + 1 < len(args):
                out = arena / args[i + 1]
            elif word.startswith("--output="):
                out = arena / word.split("=", 1)[1]
    run(args, fuzz_counts, kind, out)


HOSTILE_SIZES = [2, 9, 65, 100, 300, 3000]  # the default run; the slow run adds sizes up to a 1 MiB file
SLOW_SIZES = HOSTILE_SIZES + [20_000, 60_000]


@st.composite
def hostile_definition(draw, sizes=HOSTILE_SIZES):
    """The default game's text with one part made to cost: a long list, deep nesting, a huge number."""
    text = (TEMPLATE / "game.toml").read_text(encoding="utf-8")
    n = draw(st.sampled_from(sizes))
    kind = draw(st.sampled_from(["names", "tables", "nesting", "number", "keys"]))
    if kind == "names":
        field = draw(st.sampled_from(['sides = ["N", "E", "S", "W"]', 'ports = ["N", "E", "S", "W"]',
                                      'columns = ["A", "B", "C", "D", "E"]', 'rows = ["1", "2", "3", "4", "5"]',
                                      'pairs = [["N", "E"], ["S", "W"]]']))
        name = field.split(" = ")[0]
        item = draw(st.sampled_from(['"x{i}"', '"x"', '"N"', '["N", "E"]', '["N", "x{i}"]', "{i}"]))
        items = ", ".join(item.format(i=i) for i in range(n))
        return text.replace(field, f"{name} = [{items}]", 1)
    if kind == "tables":
        table = draw(st.sampled_from(['[[tokens]]\nname = "t{i}"\nstart = "A1/S"\n',
                                      '[[tokens]]\nname = "white"\nstart = "A{i}/S"\n',
                                      '[[tiles]]\ntype = {i}\npairs = [["N", "E"], ["S", "W"]]\ncopies = 1\n',
                                      '[[tiles]]\ntype = 1\npairs = [["N", "S"], ["E", "W"]]\ncopies = 200\n']))
        return text + "".join(table.format(i=i) for i in range(n))
    if kind == "nesting":
        depth = draw(st.sampled_from([3, 16, 17, 40, 400, 600]))
        opening, closing = draw(st.sampled_from([("[", "]"), ("{a = ", "}")]))
        where = draw(st.sampled_from(["hand = 3", "copies = 6", 'sides = ["N", "E", "S", "W"]']))
        return text.replace(where, f"{where.split(' = ')[0]} = {opening * depth}1{closing * depth}", 1)
    if kind == "number":
        digits = draw(st.sampled_from([3, 19, 20, 400, 4300, 4301, 6000]))
        sign = draw(st.sampled_from(["", "-", "+"]))
        number = draw(st.sampled_from([sign + "9" * digits, f"1e{digits}", f"-1e{digits}", f"0x{'f' * digits}"]))
        where = draw(st.sampled_from(["hand = 3", "copies = 6", "type = 1"]))
        return text.replace(where, f"{where.split(' = ')[0]} = {number}", 1)
    table = draw(st.sampled_from(["[deal]", "[board]", "[shape]"]))
    return text.replace(table, table + "\n" + "".join(f"k{i} = 1\n" for i in range(n)), 1)


def hostile_definition_case(arena, fuzz_counts, data, kind="hostile definition", sizes=HOSTILE_SIZES):
    """A definition made to cost (long lists, deep nesting, huge numbers): validate, trace or build it;
    it must answer cleanly and at once (each check is linear in the file's size)."""
    import signal

    path = arena / "def" / "game.toml"
    path.write_text(data.draw(hostile_definition(sizes)), encoding="utf-8")
    args, out = definition_command(data.draw, str(path), arena)
    if data.draw(st.booleans()):
        tiles = data.draw(st.sampled_from(["1x1", "1x6", "1.1", "9" * 4301 + "x1", "1" + " " * 5000 + "x1"]))
        args = ["build", "--game", str(path), "--tiles", ",".join([tiles] * data.draw(st.sampled_from([1, 3, 201,
                                                                                                        5000]))),
                "-o", str(arena / "out" / "def.pdf")]
        out = arena / "out" / "def.pdf"

    def too_slow(signum, frame):
        raise TimeoutError(f"papergame {shlex.join(args)[:200]}: still running after 20 s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(20)  # a quadratic check takes minutes; every case here answers in well under a second
    try:
        run(args, fuzz_counts, kind, out)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def slow_hostile_definition_case(arena, fuzz_counts, data):
    hostile_definition_case(arena, fuzz_counts, data, sizes=SLOW_SIZES)


PRINTED = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=6)


def printed_words_case(arena, fuzz_counts, data, kind="printed words"):
    """A word of any script where the kit prints it (a heading, a column's name): the kit is built
    with every character in the embedded font, or refused with an Error line (the glyph check);
    `check_clean` reads the characters the PDF prints from its fonts."""
    word = data.draw(st.one_of(st.sampled_from(["中文", "🎲", "ᚠᛇ", "Łódź", "Ὀδυσσεύς", "Київ", "x\u0301"]), PRINTED))
    word = word.replace('"', "'").replace("\\", "/")
    out = arena / "out" / "words.pdf"
    if data.draw(st.booleans()):
        english = TEXT.read_text(encoding="utf-8")
        path = arena / "text" / "words.toml"  # the heading of the rules page
        path.write_text(english.replace('"How to play"', f'"{word}"', 1), encoding="utf-8")
        args = ["build", "--text", str(path), "--only", "rules", "-o", str(out)]
    else:
        text = (TEMPLATE / "game.toml").read_text(encoding="utf-8")
        path = arena / "def" / "game.toml"
        path.write_text(text.replace('"C", "D"', f'"{word}", "D"', 1), encoding="utf-8")
        args = ["build", "--game", str(path), "--only", "board", "-o", str(out)]
    run(args, fuzz_counts, kind, out)


CASES = {
    "printed words": printed_words_case,
    "hostile definition": hostile_definition_case,
    "slow hostile definition": slow_hostile_definition_case,
    "definition text": definition_text_case,
    "definition data": definition_data_case,
    "text file": text_case,
    "command line": command_line_case,
}


@pytest.fixture
def in_arena(arena, tmp_path, monkeypatch):
    """A fresh copy of the arena for each test, as the working folder: the cases write into it."""
    copy = tmp_path / "arena"
    shutil.copytree(arena, copy, symlinks=True)
    monkeypatch.chdir(copy)
    return copy


def make_fuzz_test(name: str, kind: str, examples: int, slow: bool = False, seed_from: str | None = None,
                   matrix: bool = False):
    """`seed_from`: the default test whose fixed seed a slow (or matrix) test runs at more examples."""
    case = CASES[kind]
    chosen = seed_of(seed_from, slow=False) if seed_from else seed_of(name, slow)

    @seed(chosen)
    @settings(max_examples=examples, **FUZZ_SETTINGS)
    @given(data=st.data())
    def cases(arena, fuzz_counts, data):
        case(arena, fuzz_counts, data)

    def test(in_arena, fuzz_counts, record_property):
        record_property("fuzz seed", chosen)
        print(f"{name}: fuzz seed {chosen}; PAPERGAME_SEED={chosen} runs these cases again")
        cases(in_arena, fuzz_counts)

    test.__name__ = test.__qualname__ = name
    test.__doc__ = f"{examples:,} {kind} cases: each succeeds or fails cleanly."
    return pytest.mark.slow(test) if slow else pytest.mark.matrix(test) if matrix else test


test_definition_text_files = make_fuzz_test("test_definition_text_files", "definition text", DEFAULT["definition text"])
test_definition_data = make_fuzz_test("test_definition_data", "definition data", DEFAULT["definition data"])
test_text_files = make_fuzz_test("test_text_files", "text file", DEFAULT["text file"])
test_hostile_definitions = make_fuzz_test("test_hostile_definitions", "hostile definition",
                                          DEFAULT["hostile definition"])
test_printed_words = make_fuzz_test("test_printed_words", "printed words", DEFAULT["printed words"])
# the command lines in two halves (two seeds), so that two workers can share them
test_command_lines = make_fuzz_test("test_command_lines", "command line", DEFAULT["command line"] // 2)
test_more_command_lines = make_fuzz_test("test_more_command_lines", "command line", DEFAULT["command line"] // 2)

# twins of the seeded tests above, on the same fixed seeds: "wider" (under -m matrix) at the 456 cases the default
# run had before it was halved, "all" (under -m slow) at the 1,086 cases it had before that
SEEDED = (("definition_text_files", "definition text", 1), ("definition_data", "definition data", 1),
          ("text_files", "text file", 1), ("command_lines", "command line", 2),
          ("more_command_lines", "command line", 2))
for _tier, _counts, _marker in (("wider", MATRIX, "matrix"), ("all", FIXED_SLOW, "slow")):
    for _name, _kind, _halves in SEEDED:
        globals()[f"test_{_tier}_{_name}"] = make_fuzz_test(f"test_{_tier}_{_name}", _kind, _counts[_kind] // _halves,
                                                            seed_from=f"test_{_name}", **{_marker: True})

test_slow_definition_text_files = make_fuzz_test("test_slow_definition_text_files", "definition text",
                                                 SLOW["definition text"], slow=True)
test_slow_definition_data = make_fuzz_test("test_slow_definition_data", "definition data", SLOW["definition data"],
                                           slow=True)
test_slow_text_files = make_fuzz_test("test_slow_text_files", "text file", SLOW["text file"], slow=True)
test_slow_hostile_definitions = make_fuzz_test("test_slow_hostile_definitions", "slow hostile definition",
                                               SLOW["hostile definition"], slow=True)
test_slow_command_lines = make_fuzz_test("test_slow_command_lines", "command line", SLOW["command line"], slow=True)


def drawn_command_lines(chosen: int, examples: int = 30) -> list[list[str]]:
    drawn = []

    @seed(chosen)
    @settings(max_examples=examples, database=None, **FUZZ_SETTINGS)
    @given(data=st.data())
    def draw(data):
        drawn.append(data.draw(command_lines()))

    draw()
    return drawn


def test_a_seed_gives_the_same_cases_every_time():
    """The strategies hold no randomness of their own: one seed draws the same command lines twice."""
    assert drawn_command_lines(11) == drawn_command_lines(11) != drawn_command_lines(12)


def test_the_default_fuzz_tests_have_fixed_seeds_of_their_own():
    if SEED_CHOICE:
        pytest.skip(f"PAPERGAME_SEED={SEED_CHOICE} chooses the seeds")
    names = ["test_definition_text_files", "test_definition_data", "test_text_files", "test_command_lines",
             "test_more_command_lines", "test_hostile_definitions", "test_server_routes", "test_printed_words"]
    seeds = [seed_of(name, slow=False) for name in names]
    assert len(set(seeds)) == len(names) and seeds == [seed_of(name, slow=False) for name in names]
    assert seed_of("test_slow_command_lines", slow=True) != seed_of("test_slow_command_lines", slow=True)


# --- what the fuzzing found, pinned with the exact messages ---------------------------------------


def test_tokens_without_printed_words_are_refused_by_build(tmp_path, monkeypatch):
    """The rules engine takes any token names; the printed kit (and so validate) has words for white and black only."""
    monkeypatch.chdir(tmp_path)  # not the fuzz arena, whose text.en.toml --lang en would find first
    game = tmp_path / "game.toml"
    game.write_text((TEMPLATE / "game.toml").read_text().replace('name = "white"', 'name = "red"'))
    assert CliRunner().invoke(main, ["trace", "A1:1", "--game", str(game)]).exit_code == 0
    for args in (["validate", str(game)], ["build", "--game", str(game), "-o", str(tmp_path / "kit.pdf")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert result.output == (f'Error: {game}: tokens[0].name: "red" has no printed word in '
                                 "edge-port-path-tiles/text.en.toml [token]; a printed kit has tokens called white "
                                 "and black\n")


def test_a_newline_in_a_name_stays_on_its_error_line(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text((TEMPLATE / "game.toml").read_text().replace('columns = ["A",', 'columns = ["A\\nB",'))
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert result.exit_code == 2
    assert result.output == (f'Error: {game}: the [board] table, line 14: columns, name 1: "A\\nB" is not a usable '
                             "name (it must be non-empty, without spaces or / : @ , ;)\n")


def test_errors_doctests_pass():
    import doctest

    import papergame.errors

    assert doctest.testmod(papergame.errors).failed == 0


@pytest.mark.parametrize("lang", ["x" * 300, "../en", "en/../en", ""])
def test_lang_must_be_a_language_code(lang, tmp_path):
    result = CliRunner().invoke(main, ["build", "--lang", lang, "-o", str(tmp_path / "kit.pdf")])
    assert result.exit_code == 2
    assert result.output == f'Error: --lang: "{lang}" is not a language code such as en, de or pt-BR\n'


def test_an_output_name_too_long_for_the_file_system(tmp_path):
    out = tmp_path / ("x" * 300 + ".pdf")
    result = CliRunner().invoke(main, ["build", "-o", str(out), "--only", "tokens"])
    assert result.exit_code == 2
    assert result.output == f"Error: {out}: cannot write: file name too long\n"


def test_a_game_name_too_long_for_the_file_system_is_an_error_line():
    name = "x" * 300  # no slash and no .toml: it might name a built-in game, so it is looked up first
    result = CliRunner().invoke(main, ["validate", name])
    assert result.exit_code == 2
    # a bare name that is no file is taken for a built-in game's (1ae8885): the line says which there are
    assert result.output == (f"Error: {name}: no such definition file, nor a built-in game; the built-in games are "
                             "edge-port-path-tiles, eight-port-path-tiles, hexagon-path-tiles, shared-path\n")


def test_check_and_preview_of_a_name_too_long(tmp_path):
    """Found by the long fuzz run: looking up a name too long for the file system raised OSError."""
    long = str(tmp_path / ("x" * 300 + ".pdf"))
    for args in (["check", long], ["preview", long]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert result.output == f"Error: {long}: no such PDF file\n"
    pdf = tmp_path / "tokens.pdf"
    assert CliRunner().invoke(main, ["build", "-o", str(pdf), "--only", "tokens"]).exit_code == 0
    folder = str(tmp_path / ("y" * 300))
    result = CliRunner().invoke(main, ["preview", str(pdf), "-o", folder])
    assert result.exit_code == 2
    assert result.output == f"Error: {folder}: cannot make the folder: file name too long\n"


def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path):
    """Found by the long fuzz run: `-o $'\\xff.pdf'` wrote the kit, then "Wrote ..." raised on a strict stream."""
    out = tmp_path / "\udcff.pdf"  # how Python sees the byte 0xFF in a file name
    result = CliRunner().invoke(main, ["build", "-o", str(out), "--only", "tokens"])
    assert result.exit_code == 0, result.output
    assert result.output == f"Wrote \\udcff.pdf (1 sheet: tokens of the kit) for the players in {tmp_path}\n"
    assert os.fsencode(out) in [os.fsencode(p) for p in tmp_path.iterdir()]


def test_a_game_name_too_long_for_the_file_system(tmp_path):
    """Found by the fuzz run after --game learnt template names: looking the name up raised OSError."""
    result = CliRunner().invoke(main, ["trace", "A1:1", "--game", "x" * 300])
    assert result.exit_code == 2
    assert result.output == (f"Error: {'x' * 300}: no such definition file, nor a built-in game; the built-in games "
                             "are edge-port-path-tiles, eight-port-path-tiles, hexagon-path-tiles, shared-path\n")


def test_a_tileset_name_too_long_for_the_file_system(tmp_path):
    """Found by the fuzz run: asking whether the file existed raised OSError."""
    long = str(tmp_path / ("x" * 300 + ".toml"))
    result = CliRunner().invoke(main, ["tileset", "-o", long])
    assert result.exit_code == 2
    assert result.output.startswith(f"Error: {long}: cannot write: ")


# --- the server's routes ---------------------------------------------------------------------

ROUTES = ["/", "/page.css", "/page.js", "/options.json", "/kit.pdf", "/host-key.pdf", "/worksheets.pdf",
          "/worksheets-key.pdf", "/pages/kit.json", "/pages/worksheets.json", "/preview/kit/1.png",
          "/preview/kit/9999.png", "/preview/worksheets/1.png", "/preview/nothing/1.png", "/upload", "/nothing",
          "/../etc/passwd", "/%2e%2e/x", "/kit.pdf/", "//kit.pdf", "/" + "x" * 5000, "/preview/kit/0.png"]
QUERY_NAMES = ["paper", "tile-size", "host-key", "measured", "ink", "only", "tiles", "cut-guides", "lang", "game",
               "level", "puzzles", "seed", "copies", "kits", "kit", "output", "text", "name", "", "x" * 300]
QUERY_VALUES = HOSTILE + [v for values in VALUES.values() for v in values] + [
    ",".join(["1x6"] * 5000), "9" * 5000, "upload-" + "0" * 32, "edge-port-path-tiles", "shared-path", "rules"]
SITES = [None, "same-origin", "none", "same-site", "cross-site", "x"]
ORIGINS = [None, "http://evil.example", "null", "http://127.0.0.1:1", "own"]
LENGTHS = [None, "0", "5", "-1", "x", str(10**30), str(2 * 1024 * 1024), "1e3"]
BODIES = [b"", b"[shape]", (TEMPLATE / "game.toml").read_bytes(), b"\xff\xfe\x00", b"a = " + b"[" * 600,
          b"hand = 0x" + b"f" * 5000]


@st.composite
def requests(draw):
    from urllib.parse import quote

    path = draw(st.sampled_from(ROUTES))
    pairs = draw(st.lists(st.tuples(st.sampled_from(QUERY_NAMES), st.sampled_from(QUERY_VALUES)), max_size=3))
    if not draw(st.integers(0, 3)):  # now and then a page that builds quickly, so answers of 200 come too
        pairs.append(("only", "rules"))
    query = "&".join(f"{quote(k)}={quote(v, safe='')}" for k, v in pairs)
    method = draw(st.sampled_from(["GET"] * 4 + ["HEAD", "POST", "POST", "PUT", "DELETE", "OPTIONS"]))
    headers = {}
    for name, choices in (("Sec-Fetch-Site", SITES), ("Origin", ORIGINS)):
        value = draw(st.sampled_from(choices))
        if value is not None:
            headers[name] = value
    body = draw(st.sampled_from(BODIES)) if method in ("POST", "PUT") else None
    length = draw(st.sampled_from(LENGTHS)) if body is not None and draw(st.booleans()) else None
    return method, path + (f"?{query}" if query else ""), headers, body, length


@pytest.fixture(scope="module")
def fuzz_server():
    from servers import running_server

    with running_server(busy_wait=5) as server:
        yield server


def server_case(fuzz_server, fuzz_counts, data, kind="server"):
    """One request: answered in time, with a status of a kind the server means, never a 500; an answer
    other than 200 is `Error:` lines; no traceback on the server's stderr (checked by the test)."""
    import http.client

    method, target, headers, body, length = data.draw(requests())
    fuzz_counts[f"case:{kind}"] += 1
    own = f"http://{fuzz_server.address}"
    connection = http.client.HTTPConnection("127.0.0.1", fuzz_server.server_address[1], timeout=60)
    try:
        connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", fuzz_server.address)
        for name, value in headers.items():
            connection.putheader(name, own if value == "own" else value)
        if body is not None:
            connection.putheader("Content-Length", length if length is not None else str(len(body)))
        connection.endheaders(body if length is None or length == str(len(body or b"")) else None)
        try:
            response = connection.getresponse()
        except (ConnectionError, http.client.HTTPException):  # a lying length: the server may close at once
            fuzz_counts["dropped"] += 1
            return
        status, answer = response.status, response.read()
    finally:
        connection.close()
    request = f"{method} {target[:200]} {headers} length={length}"
    assert status in (200, 400, 403, 404, 405, 411, 413, 501, 503), f"{request}: status {status}\n{answer[:500]!r}"
    if status == 200 or method == "HEAD":
        fuzz_counts["answered"] += 1
        return
    if status == 501:  # http.server's own answer to a method it has no handler for (PUT, DELETE, OPTIONS)
        return
    lines = answer.decode("utf-8").splitlines()
    assert lines and all(line.startswith("Error: ") for line in lines), f"{request}: {lines[:3]}"
    fuzz_counts["clean errors"] += 1


def make_server_test(name: str, examples: int, slow: bool = False, seed_from: str | None = None):
    chosen = seed_of(seed_from, slow=False) if seed_from else seed_of(name, slow)

    @seed(chosen)
    @settings(max_examples=examples, **FUZZ_SETTINGS)
    @given(data=st.data())
    def cases(fuzz_server, fuzz_counts, data):
        server_case(fuzz_server, fuzz_counts, data)

    def test(fuzz_server, fuzz_counts, record_property, capfd):
        record_property("fuzz seed", chosen)
        print(f"{name}: fuzz seed {chosen}; PAPERGAME_SEED={chosen} runs these cases again")
        cases(fuzz_server, fuzz_counts)
        err = capfd.readouterr().err
        assert "Traceback" not in err, err[-3000:]

    test.__name__ = test.__qualname__ = name
    test.__doc__ = f"{examples:,} requests to the server's routes: each is answered cleanly."
    return pytest.mark.slow(test) if slow else test


test_server_routes = make_server_test("test_server_routes", DEFAULT["server"])
test_slow_server_routes = make_server_test("test_slow_server_routes", SLOW["server"], slow=True)
