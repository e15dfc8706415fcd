"""The command line: parse options, call one function, print, and turn bad input into `Error:` lines.

Heavy modules (reportlab, the layout) are imported inside the commands that draw, so
`papergame --help` stays fast.
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from papergame import __version__
from papergame.errors import OptionError, PapergameError, one_line
from papergame.layout.page_kinds import PLAYER_PARTS
from papergame.shellwords import command
from papergame.options import (
    CHOICE,
    FLAG,
    KIT,
    LANG_OPTION,
    LOOPS,
    SIMULATION,
    TILESET,
    WORKSHEETS,
    Document,
    Option,
)


class ProblemsError(click.ClickException):
    """One `Error:` line per problem, exit status 2."""

    exit_code = 2

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems

    def show(self, file=None) -> None:
        for problem in self.problems:
            click.echo(f"Error: {problem}", err=True)


def problem_lines(exc: PapergameError) -> list[str]:
    """The `Error:` lines for a project error; an option's problem is shown under its flag (`--tile-size`)."""
    if isinstance(exc, OptionError):
        return [f"--{exc.option}: {exc.detail}"]
    return exc.problems


def one_line_usage_error(exc: click.UsageError) -> ProblemsError:
    """click's own complaint about a command line (an unknown option, a bad choice) as one `Error:` line."""
    command = "papergame"
    if exc.ctx is not None and exc.ctx.parent is not None and exc.ctx.info_name:
        command += f" {exc.ctx.info_name}"
    message = exc.format_message()
    if message.endswith("?"):  # "No such command 'dance'. Did you mean 'trace'?"
        return ProblemsError([f"{message} See {command} --help"])
    return ProblemsError([f"{message.rstrip('.')}; see {command} --help"])


class PapergameGroup(click.Group):
    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise one_line_usage_error(exc) from None
        except KeyboardInterrupt:
            raise stopped() from None

    def invoke(self, ctx: click.Context):
        # A file name that is not valid UTF-8 (`-o $'\xff.pdf'`) reaches Python as a lone
        # surrogate; printed where it is named ("Wrote ..."), it would raise on a strict stream.
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
                stream.reconfigure(errors="backslashreplace")
        try:
            return super().invoke(ctx)
        except PapergameError as exc:
            raise ProblemsError(problem_lines(exc)) from None
        except click.UsageError as exc:
            raise one_line_usage_error(exc) from None
        except KeyboardInterrupt:
            raise stopped() from None


def stopped() -> click.exceptions.Exit:
    """Ctrl-C: one line on stderr and exit status 130, instead of click's "Aborted!" and 1."""
    from papergame.errors import say_stopped

    return click.exceptions.Exit(say_stopped())


@click.group(cls=PapergameGroup, invoke_without_command=True, no_args_is_help=False,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="papergame")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Printable paper tile games: the board, tiles, rules and answers in one PDF to print and cut out.

    \b
    Start with:
      papergame serve                   a page in your web browser: choose, look, save
      papergame build                   the whole kit for the default game, A4
      papergame build --kits 15         a class set: 15 numbered kits in one file
      papergame worksheet               practice sheets and their answers
      papergame init my-game            your own copy of a game, to edit
      papergame validate my-game.toml   check a definition of your own
    Every command has its own help: papergame build --help
    """
    if ctx.invoked_subcommand is None:  # bare `papergame`: this help, not an error
        click.echo(ctx.get_help())


class Declared(click.ParamType):
    """A value passed on as typed: the library's declaration (`papergame.options`) converts and checks it."""

    name = "text"

    def convert(self, value, param, ctx):
        return value


class DeclaredChoice(click.Choice):
    """A choice passed on as typed (the declaration checks it, in its own words); shell completion still offers it."""

    def convert(self, value, param, ctx):
        return value


def flag_of(name: str) -> str:
    return f"--{name}"


def declared(option: Option):
    """The click option for a declared option: its flag, help and default come from the declaration."""
    help_text = option.help_with(flag_of)
    if option.kind == FLAG:
        return click.option(flag_of(option.name), option.key, is_flag=True, default=option.default, help=help_text)
    metavar = option.metavar or (f"[{'|'.join(option.choices)}]" if option.kind == CHOICE else None)
    kind = DeclaredChoice(option.choices, case_sensitive=False) if option.kind == CHOICE else Declared()
    return click.option(flag_of(option.name), option.key, type=kind, default=option.default,
                        show_default=option.default is not None, metavar=metavar, help=help_text)


def document_options(document: Document):
    """Every option of `document`, in the order of its declaration."""
    def decorate(command):
        for option in reversed(document.every):
            command = declared(option)(command)
        return command
    return decorate


def request_of(document: Document, params: dict):
    """The library's request for a command's parameters: converted and checked once, by the declaration."""
    return document.parse({o.name: params.get(o.key) for o in document.every})


game_option = click.option("--game", "game_path", type=click.Path(dir_okay=False), default=None,
                           help="A game definition file (TOML), or a built-in game's name. Default: the "
                                "built-in Edge-port path tiles.")


def say_fallback(request, what: str) -> None:
    """One line on stderr when a game file of one's own printed papergame's own words (no text.LANG.toml beside it)."""
    from papergame.data.words import fallback_note

    note = fallback_note(request.text, request.lang, request.game, what)
    if note is not None:
        click.echo(note, err=True)


def load_game(game_path):
    from papergame.data.games import load_definition

    return load_definition(game_path)


@main.command()
@click.argument("moves", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@game_option
def trace(moves: tuple[str, ...], as_json: bool, game_path: str | None) -> None:
    """Replay MOVES in order, white first, and show where the tokens go.

    A move is CELL:TYPE or CELL:TYPE@DEG: the cell the mover's token is about to
    enter, the tile type, and its turn in degrees clockwise (0, 90, 180 or 270).

    \b
    Example:
      papergame trace A1:3 E5:2 A2:1@90
      papergame trace A1:3 --json
    """
    from papergame.model.rules import replay
    from papergame.explain import game_json, game_story

    definition = load_game(game_path)
    game = replay(definition, list(moves))
    if as_json:
        import json

        click.echo(json.dumps(game_json(game)))
    else:
        for line in game_story(game):
            click.echo(line)


@main.command()
@click.option("-o", "--output", default=None, type=click.Path(), metavar="PATH",
              help="Where to write the kit. Default: named after the game (edge-port-path-tiles.pdf; "
              "--game my-game.toml gives my-game.pdf). .pdf is added when the name lacks it; a folder "
              "(one that exists, or a name ending in /) gets the default name inside it. Standard output "
              "(-) is refused. Never replaces an input file or a file that is not a PDF.")
@document_options(KIT)
def build(output, **params) -> None:
    """Make the printable kit: the players' file and the host's file.

    The players' file (KIT.pdf) holds the board, tiles, tokens, rules and record sheet;
    the host's file beside it (KIT-host-key.pdf) the host key and the teacher's guide,
    for the host only. --host-key page puts them at the end of the kit's one file.

    \b
    Examples:
      papergame build
      papergame build -o class-kit.pdf --paper letter --host-key page
      papergame build --measured 49.2 --ink low
      papergame build --tiles 3x2,1.4 -o spare-tiles.pdf
      papergame build --kits 15 -o class-set.pdf
      papergame build --kit 7 --only tiles,tokens -o kit-7-pieces.pdf
      papergame build --kits 15 --backs fold -o class-with-backs.pdf
    """
    from papergame.build import build as build_kit

    request = request_of(KIT, params)
    with progress_on_terminal():
        report = build_kit(output, request.game, request.text, request.lang, request.options)
    for line in wrote_kit_lines(report, request.options) + removed_lines(report.removed):
        click.echo(line)
    say_fallback(request, "the kit prints")
    say_tile_room(request)


PROGRESS_AFTER = 0.5  # seconds a build runs before its progress line shows (a default kit takes less)
PROGRESS_WORDS = {"kits": "Laying out kit", "tiles": "Laying out tile", "pages": "Drawing page"}


@contextmanager
def progress_on_terminal(after: float = PROGRESS_AFTER) -> Iterator[None]:
    """On a terminal, a long build's progress on one line of stderr ("Drawing page 230 of 486"), once it has
    run `after` seconds, and the line cleared when it ends; a pipe or a file gets nothing. Ctrl-C stops the
    build (`stopped`): nothing is written before every byte is made."""
    from papergame.progress import watching

    if not sys.stderr.isatty():
        yield
        return
    start, shown = time.monotonic(), [0]

    def watcher(part: str, done: int, total: int) -> None:
        if time.monotonic() - start >= after:
            line = f"{PROGRESS_WORDS.get(part, part)} {done} of {total}"
            click.echo("\r" + line.ljust(shown[0]), err=True, nl=False)
            shown[0] = max(shown[0], len(line))

    try:
        with watching(watcher):
            yield
    finally:
        if shown[0]:
            click.echo("\r" + " " * shown[0] + "\r", err=True, nl=False)


def say_tile_room(request) -> None:
    """One line on stderr when the tiles are too small for their labels to be read and their lines followed, and
    what size would do."""
    from papergame.build import tile_room

    room = tile_room(request.game, request.options, request.lang, request.text)
    if room is not None:
        click.echo(tile_room_words(room), err=True)


def tile_room_words(room) -> str:
    """The warning `build` gives for a `build.TileRoom`, in one line.

    >>> from papergame.build import TileRoom
    >>> print(tile_room_words(TileRoom(25.0, 26.0, 2, 35)))
    Warning: at 25 mm, 2 of the 35 tile types have no room for their numbers at 9 pt clear of the lines, so they print
    smaller and get hard to read; --tile-size 26 would do.
    >>> print(tile_room_words(TileRoom(20.0, None, 9, 35, 4)))
    Warning: at 20 mm, 9 ... (4 of them print over a line, which gets hard to follow); no tile size up to 60 mm would.
    >>> print(tile_room_words(TileRoom(20.0, 32.0, 23, 35, 23, 12.0)))
    Warning: at 20 mm, 23 ... at 12 pt clear of the lines, so they print over the lines, which get hard to follow; ...
    """
    over = (", so they print smaller and get hard to read" if not room.over else
            ", so they print over the lines, which get hard to follow" if room.over == room.crowded else
            f" ({room.over} of them print over a line, which gets hard to follow)")
    fix = f"--tile-size {room.roomy:g} would do" if room.roomy is not None else "no tile size up to 60 mm would"
    return (f"Warning: at {room.tile:g} mm, {room.crowded} of the {room.types} tile types have no room for their "
            f"numbers at {room.readable:g} pt clear of the lines{over}; {fix}.")


KIT_PARTS = PLAYER_PARTS  # what a kit holds before its host key and guide


def and_list(words: list[str]) -> str:
    """`board, tiles and tokens`."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def kits_words(options) -> str:
    """What the players' pages are of: `the kit`, `kit 7`, `15 kits`, or some parts of them (`tiles of kit 7`)."""
    if options.kit is not None:
        kits = f"kit {options.kit}"
    elif options.kits:
        kits = f"{options.kits} kit{'s' if options.kits > 1 else ''}"
    else:
        kits = "the kit"
    if options.tiles is not None:
        return f"tiles {options.tiles} of {kits}"
    if options.only is None:
        return kits
    parts = [p for p in KIT_PARTS if p in options.only]
    return f"{and_list(parts)} of {kits}" if parts else kits


def file_parts(pages: int, parts: list[tuple[int, str]]) -> str:
    """`6 sheets: 4 for the kit, 1 for the host key, 1 for the teacher's guide`; parts that are empty are left out."""
    parts = [(n, words) for n, words in parts if n > 0]
    assert sum(n for n, _ in parts) == pages, (pages, parts)
    if len(parts) == 1:
        return f"{sheets(pages)}: {parts[0][1]}"
    return f"{sheets(pages)}: " + ", ".join(f"{n} for {words}" for n, words in parts)


def wrote(path, what: str, files=(), whose: str = "") -> str:
    """`Wrote kit.pdf (...) for the players in /home/anna/Mes Jeux`: the file, what it holds, whose it is (when
    it is one reader's) and the folder it is in.

    `files`: the files of a document written one a sheet (SVG), named first to last.
    """
    from pathlib import Path

    path = Path(path)
    folder = path.parent.resolve() if str(path.parent) else Path.cwd()
    name = f"{Path(files[0]).name} to {Path(files[-1]).name}" if len(files) > 1 else path.name
    whose = f" for {whose}" if whose else ""
    return one_line(f"Wrote {name} ({what}){whose} in {folder}")  # a newline or an escape in a name is shown


PLAYERS, HOST = "the players", "the host only"  # whose a file is, in the Wrote line, as its footers say


def wrote_kit_lines(report, options) -> list[str]:
    """The `Wrote` lines of `build`: each file, what its sheets are, whose they are, and where it is.

    A file of the players' pages says `for the players`, the host's file `for the host only`; a
    kit with the host key on its last pages (`page`) holds both and says neither.
    """
    key = (report.key_pages, "the host key")
    guide = (report.guide_pages, "the teacher's guide")
    if report.host_key_path is None:  # everything in one file
        players = report.kit_pages - report.key_pages - report.guide_pages
        whose = (PLAYERS if players == report.kit_pages else HOST if players == 0 else "")
        lines = [wrote(report.kit_path, file_parts(report.kit_pages, [(players, kits_words(options)), key, guide]),
                       report.kit_files, whose)]
    else:
        lines = [wrote(report.kit_path, file_parts(report.kit_pages, [(report.kit_pages, kits_words(options))]),
                       report.kit_files, PLAYERS),
                 wrote(report.host_key_path, file_parts(report.host_key_pages, [key, guide]), report.host_key_files,
                       HOST)]
    return lines + braille_lines(report)


def braille_lines(report) -> list[str]:
    """A tactile kit's BRF files (`Wrote kit-rules.brf (3 braille pages ...)`), or why there are none."""
    lines = [wrote(path, f"{pages} braille page{'' if pages == 1 else 's'} of 40 cells by 25 lines, "
                         f"{report.braille_code}") for path, pages in report.braille]
    if report.no_braille:
        lines.append(f"No braille files of the rules, record sheet and host key: {report.no_braille}; the sheets "
                     "to feel are complete.")
    return lines


def removed_lines(removed) -> list[str]:
    """`Removed kit-07.svg, kit-08.svg (...)`: the sheets of an earlier, longer run that no longer belong."""
    from pathlib import Path

    if not removed:
        return []
    names = ", ".join(Path(p).name for p in removed)
    return [one_line(f"Removed {names} (sheets left from an earlier, longer run)")]


def sheets(count: int) -> str:
    return f"{count} sheet" + ("" if count == 1 else "s")


@main.command()
@click.argument("pdf", type=click.Path(dir_okay=False))
def check(pdf) -> None:
    """Measure a kit PDF and say whether it prints true at 100%.

    Reads the page size, the 50 mm scale bar and the tile and board cell sizes from the
    file's drawing. Exit status 0 when it prints true, 1 when it was scaled.

    \b
    Example:
      papergame check edge-port-path-tiles.pdf
    """
    from papergame.pdfread.check import check_pdf

    report = check_pdf(pdf, flag=lambda option: f"--{option}")
    click.echo(report.sentence)
    if not report.true_scale:
        raise SystemExit(1)


@main.command()
@click.argument("pdf", type=click.Path(dir_okay=False))
@click.option("--pages", default=None, help="Pages to render, e.g. 1,3-4. Default: all.")
@click.option("--dpi", type=float, default=100, show_default=True, help="Resolution of the PNG files.")
@click.option("-o", "--output-dir", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for the PNG files, made if it does not exist. Default: beside the PDF.")
def preview(pdf, pages, dpi, out_dir) -> None:
    """Render pages of a PDF to PNG files (PDF-p1.png, ...) for a look on screen.

    \b
    Example:
      papergame preview edge-port-path-tiles.pdf --pages 1-2 --dpi 150
    """
    from papergame.pdfread.preview import preview as render_previews

    for path in render_previews(pdf, out_dir, pages, dpi):
        click.echo(one_line(f"Wrote {path}"))


@main.command()
@click.argument("path", type=click.Path(dir_okay=False), required=False)
def validate(path: str | None) -> None:
    """Check a game definition file, or a file of single-loop puzzles, and describe it.

    A game (TOML): runs everything build and worksheet check (the printed words, the font,
    the pages laid out in memory), so a file said to be valid builds. A shared-path game's
    worksheets are its "win in N" sheets. A puzzle file (PUZZLES.json, what loops --json
    prints, by hand or kept): every puzzle has exactly one loop, and its level is worked
    out; loops --from prints it. Without PATH, checks the built-in default game.

    \b
    Example:
      papergame validate examples/six-by-six.toml
      papergame validate puzzles.json
    """
    if path is not None and Path(path).suffix.lower() == ".json":
        from papergame.activities.loop_file import describe_puzzles
        from papergame.build import validate_puzzles

        for line in describe_puzzles(path, validate_puzzles(path)):
            click.echo(line)
        click.echo(f"Print them: {command('papergame', 'loops', '--from', path)}")
        return
    from papergame.build import validate as validate_game
    from papergame.explain import describe_definition, describe_worksheets
    from papergame.model.rules import rule_set

    checked = validate_game(path)
    for line in describe_definition(checked.definition) + describe_worksheets(checked.worksheet_levels):
        click.echo(line)
    about = rule_set(checked.definition).worksheets_note
    if about is not None and None in checked.worksheet_levels.values():
        click.echo(about)



@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@game_option
def solve(as_json: bool, game_path: str | None) -> None:
    """Who wins a shared-path game with perfect play, and the winning first moves.

    Needs a definition with [rules] path = "shared" and supply = "unlimited" (no hidden
    tiles, no chance). Proved at once by dominoes when they cover the board (or all of
    it but the start cell) and the tiles can lead the path anywhere, on any board;
    otherwise searched, on a board of at most 36 cells.

    \b
    Example:
      papergame solve --game templates/shared-path/game.toml
      papergame solve --game my-board.toml --json
    """
    from papergame.model.solver import solve as solve_game
    from papergame.explain import solution_story

    definition = load_game(game_path)
    from papergame.model.solver import TABLE_CAP, TIME_LIMIT

    shown = []

    def progress(positions: int) -> None:  # a long search says how far it is, on stderr
        click.echo(f"\rSearching: {positions:,} positions (it stops at {TABLE_CAP:,} or after {TIME_LIMIT:g} s)",
                   err=True, nl=False)
        shown.append(positions)

    try:
        solution = solve_game(definition, progress=progress)
    finally:
        if shown:
            click.echo(err=True)
    if as_json:
        import json

        click.echo(json.dumps(solution.json))
    else:
        for line in solution_story(definition, solution):
            click.echo(line)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("-o", "--output", default=None, type=click.Path(dir_okay=False), metavar="REPORT.pdf",
              help="Also write a one-page PDF report with charts.")
@document_options(SIMULATION)
def simulate(as_json, output, **params) -> None:
    """Play many games with a simple policy and count wins, draws, lengths and tiles laid.

    Works for any definition: a token each (wins by token name) or a shared path
    (wins by first and second). A progress bar goes to stderr.

    \b
    Example:
      papergame simulate --games 10000 --policy careful
      papergame simulate --game shared-path --json -o report.pdf
    """
    from papergame.model.simulate import simulate as run_games
    from papergame.explain import simulation_story

    request = request_of(SIMULATION, params)
    options = request.options
    definition = load_game(request.game)
    if output is not None:  # a folder that is not there is said before the games, not after them
        from pathlib import Path

        from papergame.output import check_target

        check_target(Path(output))
    with click.progressbar(length=options.games, label="Playing", file=sys.stderr) as bar:
        report = run_games(definition, options.games, options.policy, options.seed, bar.update)
    if as_json:
        import json

        click.echo(json.dumps(report.json))
    else:
        for line in simulation_story(report):
            click.echo(line)
    if output is not None:
        from papergame.build import build_simulation_report

        path = build_simulation_report(output, report, request.game, request.text, request.lang)
        click.echo(wrote(path, "1 sheet"), err=as_json)
        say_fallback(request, "the report prints")


def say_sheets(report, copies: int, as_json: bool) -> None:
    """What `worksheet` and `loops` print after writing: the JSON if asked, then the Wrote lines
    of the sheets and their keys (to stderr beside JSON) and any stale sheets removed."""
    if as_json:
        import json

        click.echo(json.dumps(report.json))
    word = "sheet" if copies == 1 else "sheets"
    each = "puzzle" if report.puzzles == 1 else "puzzles"
    click.echo(wrote(report.path, f"{copies} {word}, {report.puzzles} {each} each", report.files), err=as_json)
    click.echo(wrote(report.key_path, "the answer keys", report.key_files), err=as_json)
    for line in removed_lines(report.removed):
        click.echo(line, err=as_json)


@main.command()
@click.option("-o", "--output", default=None, type=click.Path(), metavar="PATH",
              help="Where to write the sheets; their answer keys go beside it (PATH-key.pdf). Default: "
              "worksheets.pdf (--game my-game.toml gives my-game-worksheets.pdf). Named as for build: .pdf "
              "added, a folder gets the default name inside it, - refused.")
@click.option("--json", "as_json", is_flag=True,
              help="Also print every puzzle and answer as one JSON object; the Wrote lines then go to stderr.")
@document_options(WORKSHEETS)
def worksheet(output, as_json, **params) -> None:
    """Make practice sheets, "predict the exit", and their answer keys.

    Each puzzle shows tiles on the board and a token: where does it stop, or does it
    leave the board? Some show a hand of tiles: which ones keep the token on it?
    Every answer is computed by the rules engine. For a shared-path game (--game
    shared-path) the sheets are "win in N" instead: a game in progress, and which tile
    wins in N of your tiles (--level easy: 1, medium: 2, hard: 3).

    \b
    Example:
      papergame worksheet --level easy
      papergame worksheet -o class.pdf --copies 30 --seed 7 --level hard --compact-key
      papergame worksheet --sheet 12 --seed 483920 --level hard --paper letter
    """
    from papergame.build import build_worksheets

    request = request_of(WORKSHEETS, params)
    options = request.options

    def progress(sheets):
        with click.progressbar(sheets, length=options.copies, label="Making worksheets", file=sys.stderr) as bar:
            yield from bar

    report = build_worksheets(output, request.game, options, request.lang, request.text, progress)
    say_sheets(report, options.copies, as_json)
    say_fallback(request, "the sheets print")


@main.command()
@click.option("-o", "--output", default=None, type=click.Path(), metavar="PATH",
              help="Where to write the sheets; their keys go beside it (PATH-key.pdf). Default: loops.pdf. "
                   "Named as for build.")
@click.option("--json", "as_json", is_flag=True,
              help="Also print every puzzle and its loop as one JSON object; the Wrote lines then go to stderr.")
@document_options(LOOPS)
def loops(output, as_json, **params) -> None:
    """Make single-loop clue squares: draw one loop through the dots so each number counts its square's sides.

    Every puzzle has exactly one answer (checked with a SAT solver) and fits its level,
    each too hard for the level below: easy ones are solved one square or dot at a time,
    medium ones also by trying a way on at a line's end, hard ones need more than that.
    --from prints the puzzles of a puzzle file (what --json prints) instead.

    \b
    Example:
      papergame loops --size 7 --level hard
      papergame loops --size 5 --tiles -o build-a-loop.pdf
      papergame loops --copies 30 --seed 7 -o class.pdf
      papergame loops --from puzzles.json --large-print
    """
    from papergame.build import build_loops

    request = request_of(LOOPS, params)
    options = request.options

    def progress(sheets):
        with click.progressbar(sheets, length=options.copies, label="Making puzzles", file=sys.stderr) as bar:
            yield from bar

    report = build_loops(output, options, progress, request.lang, request.text)
    say_sheets(report, options.copies, as_json)


@main.command()
@document_options(TILESET)
@click.option("-o", "--output", default=None, type=click.Path(dir_okay=False),
              help="Where to write the definition. Default: SHAPE-K-ports.toml. An existing file is never replaced.")
def tileset(output, **params) -> None:
    """Write a definition file holding every different tile a shape allows, ready to edit.

    Tiles that are the same turned count once: 2 squares with one port a side, 35 with
    two, 5 hexagons with one. The file is commented field by field and builds as it is.

    \b
    Example:
      papergame tileset --shape square --ports-per-side 2 -o my-game.toml
      papergame build --game my-game.toml
    """
    from pathlib import Path

    from papergame.model.tileset import TilesetRequest, tileset_toml
    from papergame.output import write_new

    options = request_of(TILESET, params).options
    kind, ports_per_side = options.shape, options.ports_per_side
    rows = options.columns if options.rows is None else options.rows
    text = tileset_toml(TilesetRequest(kind, ports_per_side, options.copies, options.columns, rows))
    path = Path(output or f"{kind}-{ports_per_side}-ports.toml")
    first, rest = text.split("\n", 2)[:2], text.split("\n", 2)[2]
    how = ["# Made by papergame tileset. Edit it, then check and print it:",
           f"#   {command('papergame', 'validate', path.name)}", f"#   {command('papergame', 'build', '--game', path.name)}"]
    # a file name that is not valid UTF-8 shows in the comments as escapes, not as a crash
    write_new(path, "\n".join(first + how + [rest]).encode("utf-8", "backslashreplace"))
    click.echo(wrote(path, "a definition to edit"))
    click.echo("Next:")
    click.echo(f"  {command('papergame', 'validate', path)}")
    click.echo(f"  {command('papergame', 'build', '--game', path)}")


@main.command()
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Keep 127.0.0.1 unless other computers must reach the page.")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the page in your web browser.")
def serve(port, host, open_browser) -> None:
    """Open a page in your web browser to make kits and worksheets without typing options.

    The page offers every option of build and worksheet (and single-loop puzzles with
    those of loops), shows each page as it will print, and downloads the same PDFs the
    commands write. It runs on this computer
    only, needs no network, and reads and writes no file of yours. Ctrl-C stops it.

    \b
    Example:
      papergame serve
      papergame serve --port 8080 --no-open
    """
    from papergame.web.server import serve as run

    run(host, port, open_browser, say=click.echo, warn=lambda line: click.echo(line, err=True))


@main.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--cache", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where the downloads are kept between runs. Default: ~/.cache/papergame/bundle.")
def bundle(directory, cache) -> None:
    """Write DIRECTORY/index.html: the page of serve, running papergame in the browser itself.

    The folder holds everything the page loads (Python compiled for browsers, the
    libraries, the fonts): put it on any web server, a school's intranet or a USB stick,
    and open it; nothing is installed and, once loaded, no network is used. Building it
    downloads pinned packages with npm and pip (kept in --cache, checked by hash)
    and compiles them once with Node.js.

    \b
    Example:
      papergame bundle papergame-page
      python3 -m http.server -d papergame-page 8000
    """
    from papergame.bundle.writer import write_bundle
    from papergame.web.server import options_json

    wrote = write_bundle(directory, cache, options_json(browser=True))
    click.echo(f"Wrote {wrote.folder / 'index.html'} ({wrote.files} files, {wrote.size / 1e6:.1f} MB)")

@main.command()
@click.argument("folder", type=click.Path(), default=".", required=False)
@click.option("--game", "game", default=None, metavar="NAME",
              help="A built-in game (edge-port-path-tiles, hexagon-path-tiles, ...) or a definition file. "
                   "Default: Edge-port path tiles.")
@click.option("--loops", "loops_file", is_flag=True,
              help="Single-loop clue squares instead of a game: FOLDER/loops.json, puzzles to edit (checked by "
                   "validate, printed by loops --from), and their words.")
@declared(LANG_OPTION)
def init(folder, game, loops_file, lang) -> None:
    """Copy a game's definition and its words into FOLDER (default: here) to edit.

    Writes FOLDER/game.toml and FOLDER/text.LANG.toml, every field commented with what it
    means and what it may hold (a translation also shows each English original). An
    existing file is never replaced. A shared-path game's definition also makes its
    "win in N" sheets (worksheet). With --loops, FOLDER/loops.json holds single-loop puzzles
    instead: a puzzle file, as loops --json prints it.

    \b
    Example:
      papergame init my-game --lang fr
      papergame build --game my-game/game.toml --lang fr
      papergame init my-loops --loops
    """
    from papergame.starter import write_loops_starter, write_starter

    if loops_file:
        if game is not None:
            raise click.UsageError("--loops writes puzzles, not a game: leave out --game")
        written = write_loops_starter(folder, lang)
        click.echo(wrote(written.game, "the puzzles: their numbers and loops"))
        click.echo(wrote(written.text, "every printed word"))
        click.echo("Edit them, then:")
        click.echo(f"  {command('papergame', 'validate', written.game)}")
        click.echo(f"  {command('papergame', 'loops', '--from', written.game, '--text', written.text)}")
        return
    written = write_starter(folder, game, lang)
    click.echo(wrote(written.game, "the game: shape, board, tokens, deal, tiles"))
    click.echo(wrote(written.text, "every printed word"))
    click.echo("Edit them, then:")
    click.echo(f"  {command('papergame', 'validate', written.game)}")
    click.echo(f"  {command('papergame', 'build', '--game', written.game, '--lang', lang)}")
    from papergame.model.rules import rule_set

    if rule_set(load_game(written.game)).has_worksheets:  # a shared path's need every type always there
        click.echo(f"  {command('papergame', 'worksheet', '--game', written.game, '--lang', lang)}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
