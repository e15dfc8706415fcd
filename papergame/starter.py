"""The files `papergame init` writes: a game's definition and its words, commented for editing.

Both files are written from what papergame has loaded and checked, so they load as they
are; every field carries a comment saying what it means and what it may hold.
"""

from __future__ import annotations

import json
from pathlib import Path

from papergame.records import NamedTuple
from papergame.model.definition import BOARD_MAX, BOARD_MIN, MAX_TILES, GameDefinition
from papergame.model.geometry import SHAPES
from papergame.data.words import english, text_filename
from papergame.model.rulesets import KINDS as RULE_SET_KINDS
from papergame.model.rulesets import rule_set
from papergame.text import placeholders, Texts

GAME_FILE = "game.toml"

# Where each section's words are printed.
SECTIONS = {
    "notation": "How sides, ports, positions and numbers are written on every printed page.",
    "kit": "Words on every page: the kit's title, page numbers, continued pages.",
    "token": "The printed word for each token (the definition's token names are white and black).",
    "scale": "The scale check at the foot of every page.",
    "board": "The board page (and the notes on a board split over several sheets).",
    "tiles": "The tiles and tokens to cut out.",
    "backs": "Tiles with their backs (fold-over or two-sided) and the two-sided test page.",
    "print_shop": "The tile sheets of a kit for a print shop: every tile in a gutter of its own.",
    "rules": "The rules page(s): a long text goes on to another page.",
    "record": "The player record sheet: a table, so every heading must fit its column.",
    "host_key": "The host key: the answers, for the person running the game.",
    "worksheet": "The practice sheets (papergame worksheet) and their answer keys.",
    "guide": "The teacher's guide, after the host key: printing, a class set, a lesson plan.",
    "simulate": "The one-page report of papergame simulate -o REPORT.pdf.",
    "path_rules": "The rules page of a shared-path game.",
    "path_record": "The record sheet of a shared-path game: a table, so every heading must fit its column.",
    "path_key": "The host key of a shared-path game: who wins with perfect play, and a strategy.",
    "path_guide": "The teacher's guide of a shared-path game: its own words where the guide's do not fit.",
    "loops": "Single-loop clue squares (papergame loops): the puzzle sheets, their keys and the tile version.",
    "win_sheet": "The \"win in N\" sheets of a shared-path game (papergame worksheet) and their answer keys.",
}

# What each $placeholder is filled in with.
PLACEHOLDERS = {
    "a": "a tile type", "b": "a tile type", "black": "the black token's word", "black_start": "its start (A1/S)",
    "cell": "a cell (A1)", "col": "a column",
    "cols": "columns in words (columns A to C)", "columns": "columns on the board", "copies": "a number of tiles",
    "copy": "a tile's copy number", "degrees": "degrees", "edge": "an edge word (Left, ...)",
    "example": "a position (A1/S)", "first": "the first player's word", "first_col": "a column",
    "first_row": "a row", "from": "a position", "hand": "tiles in a hand", "last_col": "a column",
    "last_row": "a row", "level": "the level word", "loop_answer": "loop_possible or loop_impossible",
    "measured": "a length in mm", "number": "a sheet number", "other": "a part number", "page": "this page",
    "pages": "pages in all", "pairs": "the tile's lines (N-E, S-W)", "part": "a part number",
    "parts": "parts in all", "per_type": "the kit.per_type texts", "percent": "a percentage",
    "pile": "tiles in the draw pile", "position": "a position (A1/S) or the out word", "route": "cells",
    "row": "a row", "rows": "rows on the board (or in words: rows 1 to 6)", "seed": "the sheet's seed", "side": "a side's letters",
    "size": "a size in mm", "tile": "a tile as TYPE@DEG", "tiles": "tiles as TYPE@DEG", "title": "a page title",
    "to": "a position", "token": "a token's word", "type": "a tile type", "types": "tile types",
    "white": "the white token's word", "white_start": "its start (A1/S)", "winner": "a token's word",
    "count": "a number", "end": "a position", "error": "a number of points", "game": "the game's title",
    "x": "a length in mm (across)", "y": "a length in mm (up)",
    "games": "a number of games", "id": "a tile's id", "kit": "a kit's number", "last": "a tile type",
    "longest": "a number of tiles", "mean": "a number of tiles", "moves": "the rules.move_to texts",
    "names": "port names", "per_side": "ports on a side", "player": "a player's word", "players": "players",
    "policy": "a policy word", "rules": "the rules' word", "shape": "the shape's word",
    "shares": "the tile_share texts", "shortest": "a number of tiles", "sides": "sides of a tile",
    "start": "a position", "step": "degrees", "token_list": "the tokens' words", "value": "a number",
    "ways": "a number",
}


class StarterFiles(NamedTuple):
    game: Path
    text: Path
    files: list[tuple[Path, bytes]]


def toml_string(text: str) -> str:
    """A TOML basic string; no-break spaces are written as escapes, so they can be seen."""
    quoted = json.dumps(text, ensure_ascii=False)
    return quoted.replace("\u00a0", "\\u00A0").replace("\u202f", "\\u202F")


def toml_list(items) -> str:
    return "[" + ", ".join(toml_string(str(i)) for i in items) + "]"


def definition_toml(definition: GameDefinition, name: str) -> str:
    """The definition as commented TOML: what every field means and its limits."""
    shape, board = definition.shape, definition.board
    kind = shape.kind
    most = shape.form.max_ports_per_side
    lines = [
        f"# {name}: the game, as data. Check it with `papergame validate`, print it with `papergame build`.",
        "# Every name here (sides, ports, cells) is the file's own: trace uses them as they are, and",
        "# the printed pages write the sides in the language of the text file ([notation]).",
        "",
        "[rules]",
        "# path: the game the tiles are played by." + "".join(f'\n#   "{name}": {kind.summary}.'
                                                               for name, kind in RULE_SET_KINDS.items()),
        f"path = {toml_string(definition.rules.path)}",
        '# supply: "kit" (only the set\'s copies: hands are dealt, and the game is a draw when they',
        '# run out) or "unlimited" (any type at any time; shared path only).',
        f"supply = {toml_string(definition.rules.supply)}",
        "",
        "[shape]",
        "# sides: the tile's sides, clockwise from the top."
        + "".join(f"\n# {k.description[0].upper()}{k.description[1:]} has {' '.join(k.side_names)}."
                  for k in SHAPES.values()),
        f"# A tile turns one side on at a time ({360 // len(shape.sides)} degrees for this shape).",
        f"sides = {toml_list(shape.sides)}",
        f"# ports: where lines meet the sides, clockwise from the top side; 1 to {most} on every side of a",
        f"# {kind}. With one a side a port is named like its side (N); with more, N1 N2 ... clockwise.",
        f"ports = {toml_list(shape.ports)}",
        "",
        "[board]",
        "# columns: the column names, west to east; rows: the row names, south to north. The first of",
        f"# each names the south-west cell (A1). {BOARD_MIN} to {BOARD_MAX} of each; short names, each used once.",
        f"columns = {toml_list(board.columns)}",
        f"rows = {toml_list(board.rows)}",
        "",
        "# tokens: two for own paths, in turn order; one for a shared path. name: one word without",
        "# spaces or / : @ , ; (a printed kit names it with the word for it in the text file's [token]",
        "# table: white and black, or path). start: the entry port the token stands at, CELL/PORT,",
        "# on the board's edge facing in.",
    ]
    for token in definition.tokens:
        lines += ["[[tokens]]", f"name = {toml_string(token.name)}",
                  f"start = {toml_string(board.position_name(token.start))}", ""]
    if rule_set(definition).deals_hands:  # a shared path deals no hands
        lines += [
            "[deal]",
            "# hand: tiles dealt to each player at the start, 1 or more; both hands together may not",
            "# be more than the set. The rest are the draw pile.",
            f"hand = {definition.hand}",
            "",
        ]
    lines += [
        "# tiles: one table per tile type. type: a number from 1 to 99, each used once. pairs: the",
        "# tile's lines as pairs of ports, as the tile is printed; every port in exactly one pair.",
        f"# copies: how many of this tile the set has, 1 or more; at most {MAX_TILES} tiles in all.",
    ]
    for tile in definition.tiles:
        pairs = ", ".join(toml_list(pair) for pair in tile.pairs)
        lines += ["[[tiles]]", f"type = {tile.id}", f"pairs = [{pairs}]", f"copies = {tile.copies}", ""]
    return "\n".join(lines)


def texts_toml(texts: Texts, lang: str, game_file: str, source: Texts | None = None, found: str | None = None) -> str:
    """Every printed word as commented TOML; a translation also shows each English original
    (`source`: the English words of the game's kind, by default the default game's; `found`:
    how papergame comes to read the file, if not beside `game_file`)."""
    source = source or english()
    lines = [
        f"# Every word the kit prints (language: {lang}). Change any text; keep every key.",
        found or f"# papergame finds this file beside {game_file} when you build in this language ({lang}).",
        "# Words like $token are filled in by papergame (each key's comment says which it may use);",
        "# write $$ for a dollar sign. \\u00A0 is a no-break space: a line never breaks there.",
        "# Text is printed exactly as written. A word too wide for its box, or a heading too wide",
        "# for its table column, is an error that names the key.",
    ]
    for section, table in texts.sections.items():
        lines += ["", f"[{section}]"]
        if section in SECTIONS:
            lines.append(f"# {SECTIONS[section]}")
        if section == "notation":
            lines += [
                "# Side letters: letters only, no spaces or slash, not ending in a digit (ports on a side",
                "# with several are numbered: S1, S2), no two alike. out: the word for a token that has",
                '# left the board. decimal: "." or ",". thousands: "," "." "\\u00A0" "\\u202F" or "".',
            ]
        for key, value in table.items():
            notes = []
            names = sorted(placeholders(source.sections[section][key]))
            if names:
                notes.append("may use " + ", ".join(f"${n} ({PLACEHOLDERS.get(n, n)})" for n in names))
            if lang != "en" and section != "notation":
                notes.append("English: " + toml_string(source.sections[section][key]))
            lines += [f"# {note}" for note in notes]
            lines.append(f"{key} = {toml_string(value)}")
    return "\n".join(lines) + "\n"


def starter_files(folder: str | Path, definition: GameDefinition, texts: Texts, lang: str,
                  name: str, source: Texts | None = None) -> StarterFiles:
    folder = Path(folder)
    game = folder / GAME_FILE
    text = folder / text_filename(lang)
    files = [(game, definition_toml(definition, name).encode("utf-8")),
             (text, texts_toml(texts, lang, GAME_FILE, source).encode("utf-8"))]
    return StarterFiles(game, text, files)


def write_starter(folder: str | Path, game: str | None, lang: str) -> StarterFiles:
    """Write the game's definition and its text file into `folder`; never over an existing file."""
    from papergame.data.games import load_definition
    from papergame.data.templates import builtin_game
    from papergame.model.definition import DEFAULT_GAME
    from papergame.data.words import load_texts

    definition = load_definition(game)
    words = rule_set(definition).words  # a shared-path game has pages of its own, with their words
    texts = load_texts(None, lang, game, words)
    name = builtin_game(game) or Path(str(game)).stem or DEFAULT_GAME
    starter = starter_files(folder, definition, texts, lang, name, english(words))
    write_new_files(Path(folder), starter.files)
    return starter


LOOPS_FILE = "loops.json"


def write_loops_starter(folder: str | Path, lang: str) -> StarterFiles:
    """A loops definition to edit: FOLDER/loops.json, the puzzles `papergame loops` makes by default
    (what a puzzle file is: `activities.loop_file`), and FOLDER/text.LANG.toml, the words its pages print."""
    from papergame.activities.loops import loops_json, make_loop_sheets
    from papergame.data.words import load_texts
    from papergame.options import LoopOptions

    folder = Path(folder)
    options = LoopOptions()
    (_, _, puzzles), = make_loop_sheets(options, DEFAULT_LOOP_PUZZLES)
    data = json.dumps(loops_json(puzzles), ensure_ascii=False) + "\n"  # as loops prints it
    words = texts_toml(load_texts(None, lang), lang, LOOPS_FILE,
                       found="# papergame loops reads it when it is named as the text file (its help says how).")
    files = [(folder / LOOPS_FILE, data.encode("utf-8")), (folder / text_filename(lang), words.encode("utf-8"))]
    write_new_files(folder, files)
    return StarterFiles(folder / LOOPS_FILE, folder / text_filename(lang), files)


DEFAULT_LOOP_PUZZLES = 4  # what a sheet of 5 x 5 puzzles holds in large print (`loops` without --puzzles)


def write_new_files(folder: Path, files: list[tuple[Path, bytes]]) -> None:
    """Make the folder and write every file, or nothing when one of them already exists."""
    from papergame.errors import OutputError
    from papergame.output import write_all

    try:  # a name too long for the disk, or a folder that cannot be read, is an OSError at any step
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"{folder}: cannot write: it is a file, not a folder")
        existing = [str(path) for path, _ in files if path.exists() or path.is_symlink()]
        if existing:
            raise OutputError(f"{existing[0]}: already exists; papergame init never replaces a file: "
                              "choose another folder, or move the file away first")
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot make the folder: {folder_reason(exc)}") from None
    write_all(files)


def folder_reason(exc: OSError) -> str:
    """Why a folder cannot be made, in plain words."""
    import errno

    from papergame.output import reason

    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long for this disk (a name may have at most 255 characters, fewer with accents); choose a shorter one"
    return reason(exc)
