"""A loops definition, the puzzle file: validate checks it, loops --from prints it, init --loops writes one.

Uniqueness is the SAT solver's; here every verdict is counted again by plain backtracking
(`test_loops.backtrack`), and the level by the level solver alone.
"""

from __future__ import annotations

import json
import random

import pdfplumber
from click.testing import CliRunner

from papergame.activities.loops import Grid, easy, make_puzzle
from papergame.cli import main
from test_loops import backtrack


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def made(tmp_path, *args) -> dict:
    result = invoke("loops", "--json", "-o", str(tmp_path / "made.pdf"), *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def write(tmp_path, data, name="p.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_what_loops_prints_validates_and_prints_again_the_same(tmp_path):
    data = made(tmp_path, "--size", "6x5", "--puzzles", "3", "--seed", "5")
    path = write(tmp_path, data)
    checked = invoke("validate", str(path))
    assert checked.exit_code == 0, checked.output
    lines = checked.output.splitlines()
    assert lines[:2] == [f"{path}: valid", "Single-loop clue squares: 3 puzzles of 6 x 5 squares, each with exactly "
                         "one loop (SAT solver)"]
    assert [line.split(":")[0] for line in lines[2:5]] == ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
    for line, p in zip(lines[2:5], data["puzzles"]):
        numbers = sum(c is not None for row in p["clues"] for c in row)
        assert line.startswith("Puzzle") and f"; {numbers} of 30 squares numbered; the loop visits {len(p['loop'])} dots" in line
        assert "easy (solved one square or dot at a time)" in line  # --level easy: the level solver agrees
    assert lines[5] == f"Print them: papergame loops --from {path}"
    again = invoke("loops", "--from", str(path), "--json", "-o", str(tmp_path / "again.pdf"))
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == data
    with pdfplumber.open(tmp_path / "again.pdf") as pdf, pdfplumber.open(tmp_path / "made.pdf") as before:
        text, old = pdf.pages[0].extract_text(), before.pages[0].extract_text()
        assert "Level: easy · 6 × 5 · from a puzzle file" in text and "seed" not in text
        assert "Level: easy · 6 × 5 · seed 5" in old
        def big(page):  # the clues: large print below the header (the title's "Sheet 1" is as big)
            return [w["text"] for w in page.extract_words(extra_attrs=["size"])
                    if w["size"] > 16 and w["top"] > 50 * 72 / 25.4 and w["text"] in ("0", "1", "2", "3")]
        numbers = big(pdf.pages[0])
        assert numbers == big(before.pages[0])
        assert len(numbers) == sum(c is not None for p in data["puzzles"] for row in p["clues"] for c in row)
    with pdfplumber.open(tmp_path / "again-key.pdf") as key:
        assert "from a puzzle file" in key.pages[0].extract_text()


def test_the_level_is_worked_out_not_read(tmp_path):
    hard = make_puzzle(1, 5, 5, "hard", random.Random(4))
    easy_one = make_puzzle(2, 5, 5, "easy", random.Random(3))
    assert not easy(hard.grid, hard.clues, set(hard.edges())) and easy(easy_one.grid, easy_one.clues, set(easy_one.edges()))
    path = write(tmp_path, {"puzzles": [hard.json(), {k: v for k, v in easy_one.json().items() if k != "loop"}]})
    checked = invoke("validate", str(path))
    assert checked.exit_code == 0, checked.output
    assert "Puzzle 1: hard (one answer, but the medium steps get stuck)" in checked.output
    assert "Puzzle 2: easy (solved one square or dot at a time)" in checked.output
    out = invoke("loops", "--from", str(path), "--json", "-o", str(tmp_path / "x.pdf"))
    assert out.exit_code == 0, out.output
    printed = json.loads(out.stdout)["puzzles"]
    assert printed[0] == hard.json()
    ring = {tuple(sorted((tuple(a), tuple(b)))) for a, b in zip(printed[1]["loop"], printed[1]["loop"][1:] + printed[1]["loop"][:1])}
    assert ring == set(easy_one.edges())  # the loop left out is worked out
    with pdfplumber.open(tmp_path / "x.pdf") as pdf:
        assert "Level: hard · 5 × 5 · from a puzzle file" in pdf.pages[0].extract_text()  # the hardest of the sheet


def test_no_loop_or_two_loops_is_refused_and_backtracking_agrees(tmp_path):
    none = [[None] * 4 for _ in range(4)]
    two = [row[:] for row in none]  # no numbers: many loops
    nothing = [row[:] for row in none]
    nothing[0][0], nothing[0][1] = 3, 0  # a 3 beside a 0 on the top row: its shared side is both on and off
    grid = Grid(4, 4)
    assert len(backtrack(grid, two)) == 2 and backtrack(grid, nothing) == []
    path = write(tmp_path, {"puzzles": [{"rows": 4, "columns": 4, "clues": two},
                                        {"rows": 4, "columns": 4, "clues": nothing}]})
    before = path.read_bytes()
    result = invoke("validate", str(path))
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"Error: {path}: puzzles[0].clues: more than one loop fits these numbers; add a number so only one does",
        f"Error: {path}: puzzles[1].clues: no single loop fits these numbers"]
    printed = invoke("loops", "--from", str(path), "-o", str(tmp_path / "no.pdf"))
    assert printed.exit_code == 2 and printed.output.splitlines()[-1].startswith(f"Error: {path}: puzzles[1]")
    assert not (tmp_path / "no.pdf").exists() and path.read_bytes() == before


def test_a_loop_that_is_not_the_answer_is_named_by_its_square(tmp_path):
    puzzle = make_puzzle(1, 4, 4, "easy", random.Random(1)).json()
    rim = [[0, c] for c in range(4)] + [[r, 4] for r in range(4)] + [[4, c] for c in range(4, 0, -1)] + \
        [[r, 0] for r in range(4, 0, -1)]
    assert len(rim) == 16 and rim != puzzle["loop"]
    sides = lambda i, j: [i == 0, j == 3, i == 3, j == 0].count(True)  # noqa: E731 (the rim's sides of a square)
    i, j = next((i, j) for i, row in enumerate(puzzle["clues"]) for j, c in enumerate(row)
                if c is not None and c != sides(i, j))
    path = write(tmp_path, {"puzzles": [{**puzzle, "loop": rim}]})
    result = invoke("validate", str(path))
    assert (result.exit_code, result.output.splitlines()) == (2, [
        f"Error: {path}: puzzles[0].loop: passes {sides(i, j)} sides of the square in row {i + 1}, column {j + 1}, "
        f"whose number is {puzzle['clues'][i][j]}"])


def test_bad_files_get_every_problem_located(tmp_path):
    cases = {
        "{": "line 1, column 2: not JSON (Expecting property name enclosed in double quotes); a puzzle file is the "
             "JSON papergame loops prints",
        "[]": 'not a puzzle file: it must be one object {"puzzles": [...]}, as papergame loops prints',
        '{"puzzles": []}': "puzzles: 0 puzzles; give a list of 1 to 12 puzzles, as one sheet holds",
        '{"puzzles": [{"rows": 3, "columns": true, "clues": [], "colour": 1}], "title": "x"}': [
            "title: not a field of a puzzle file; it has only puzzles",
            "puzzles[0].colour: not a field of a puzzle; the fields are rows, columns, clues, loop",
            "puzzles[0].rows: 3 is not a whole number of squares from 4 to 10",
            "puzzles[0].columns: true is not a whole number of squares from 4 to 10"],
        '{"puzzles": [{"rows": 4, "columns": 4, "clues": [[1, 2, 3, 4], [5, 6, null, null], [null, null, null, null], '
        '[null, null, null, "1"]]}]}': [
            "puzzles[0].clues[0][3]: 4 is not a number 0 to 3, or null for a square without one",
            "puzzles[0].clues[1][0]: 5 is not a number 0 to 3, or null for a square without one",
            "puzzles[0].clues[1][1]: 6 is not a number 0 to 3, or null for a square without one",
            "puzzles[0].clues: and 1 more entries like these"],
        '{"puzzles": [{"rows": 4, "columns": 4, "clues": [[null]]}]}':
            "puzzles[0].clues: must be 4 rows (a list each) of 4 entries, row by row from the top",
        '{"puzzles": [{"rows": 4, "columns": 5, "clues": ' + json.dumps([[None] * 5] * 4) + ', "loop": [[0, 0], [0, 1], '
        '[1, 1], [1, 0], [0, 0]]}]}': "puzzles[0].loop[4]: [0, 0] is visited twice (first at [0]); the loop never "
                                      "touches itself",
        '{"puzzles": [{"rows": 4, "columns": 4, "clues": ' + json.dumps([[None] * 4] * 4) + ', "loop": [[0, 0], [0, 1], '
        '[1, 1], [2, 1]]}]}': "puzzles[0].loop[3]: [2, 1] to [0, 0] is not one step to a neighbouring dot (the last "
                              "dot leads back to the first)",
        '{"puzzles": [{"rows": 4, "columns": 4, "clues": ' + json.dumps([[None] * 4] * 4) + '}, {"rows": 5, "columns": '
        '4, "clues": ' + json.dumps([[None] * 4] * 5) + '}]}':
            "puzzles[1]: 4 x 5 squares, but puzzles[0] has 4 x 4; the puzzles of one file share one size, as one "
            "sheet does",
    }
    for text, expected in cases.items():
        path = write(tmp_path, text)
        result = invoke("validate", str(path))
        lines = expected if isinstance(expected, list) else [expected]
        assert (result.exit_code, result.output.splitlines()) == (2, [f"Error: {path}: {line}" for line in lines]), text
    missing = invoke("loops", "--from", str(tmp_path / "none.json"))
    assert (missing.exit_code, missing.output) == (2, f"Error: {tmp_path / 'none.json'}: no such puzzle file\n")


def test_from_takes_no_class_set_and_never_writes_over_its_file(tmp_path):
    path = write(tmp_path, made(tmp_path), "p-key.pdf")  # a puzzle file named as the key of -o p would be
    before = path.read_bytes()
    result = invoke("loops", "--from", str(path), "--copies", "2")
    assert result.exit_code == 2 and result.output.splitlines() == [
        "Error: --from: prints the file's puzzles on one sheet, so it goes with neither copies above 1 nor sheet "
        "(they make new puzzles from a seed)"]
    result = invoke("loops", "--from", str(path), "--puzzles", "2")
    assert result.exit_code == 2 and result.output.splitlines() == [
        "Error: --from: prints every puzzle of the file, so it does not go with puzzles (take some out of the file "
        "instead)"]
    result = invoke("loops", "--from", str(path), "-o", str(tmp_path / "p"))
    assert result.exit_code == 2 and result.output == (f"Error: {path}: cannot write: it is the puzzle file this "
                                                       f"command reads; name another file\n")
    assert path.read_bytes() == before and not (tmp_path / "p.pdf").exists()


def test_init_loops_writes_a_puzzle_file_and_its_words(tmp_path):
    folder = tmp_path / "my-loops"
    result = invoke("init", str(folder), "--loops", "--lang", "de")
    assert result.exit_code == 0, result.output
    puzzles, words = folder / "loops.json", folder / "text.de.toml"
    assert result.output.splitlines()[-3:] == ["Edit them, then:", f"  papergame validate {puzzles}",
                                               f"  papergame loops --from {puzzles} --text {words}"]
    assert json.loads(puzzles.read_text(encoding="utf-8")) == made(tmp_path)  # the puzzles loops makes by default
    assert invoke("validate", str(puzzles)).exit_code == 0
    printed = invoke("loops", "--from", str(puzzles), "--text", str(words), "-o", str(tmp_path / "de.pdf"))
    assert printed.exit_code == 0, printed.output
    with pdfplumber.open(tmp_path / "de.pdf") as pdf:
        assert "Stufe: leicht · 5 × 5 · aus einer Rätseldatei" in pdf.pages[0].extract_text()
    again = invoke("init", str(folder), "--loops", "--lang", "de")
    assert again.exit_code == 2 and "already exists; papergame init never replaces a file" in again.output
    both = invoke("init", str(tmp_path / "x"), "--loops", "--game", "shared-path")
    assert both.exit_code == 2 and "--loops writes puzzles, not a game: leave out --game" in both.output


def test_validate_says_a_shared_paths_worksheets_are_win_in_n(tmp_path):
    result = invoke("validate", "shared-path")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == [
        "Worksheets: easy, medium and hard",
        'Worksheets of a shared path are "win in N" sheets: easy is a win in 1 move, medium in 2, hard in 3, against '
        "every defence"]
    assert "win in N" not in invoke("validate").output  # an own-path game's worksheets are the token's route


def test_a_file_said_to_be_valid_prints_so_too_many_puzzles_for_a_sheet_is_refused(tmp_path):
    puzzle = make_puzzle(1, 10, 10, "easy", random.Random(2)).json()
    path = write(tmp_path, {"puzzles": [puzzle] * 3})  # two 10 x 10 puzzles fit a sheet
    message = f"Error: {path}: puzzles: 3 puzzles of 10 x 10 do not fit on one sheet; at most 2 do\n"
    assert (invoke("validate", str(path)).output, invoke("loops", "--from", str(path)).output) == (message, message)
    path.write_text(json.dumps({"puzzles": [puzzle] * 2}), encoding="utf-8")
    assert invoke("validate", str(path)).exit_code == 0

