"""Single-loop clue squares: one answer each (SAT, then plain backtracking), levels, JSON, sheets, tiles."""

from __future__ import annotations

import json
import random

import pdfplumber
import pytest
from click.testing import CliRunner
from covering import every

from papergame.activities.loops import (LEVELS, Grid, chains, counts, cycles, deduce, easy, level_of, make_puzzle,
                                        medium, random_loop, solutions, try_lines)
from papergame.cli import main


class Backtrack:
    """Every single loop that fits the clues, by trying each edge off and on in turn (no SAT)."""

    def __init__(self, grid: Grid, clues, most: int):
        self.edges = sorted(grid.edges(), key=lambda e: (e[1], e[0]))  # dot by dot, row by row: each dot settles early
        self.at: dict = {}
        for e in self.edges:
            self.at.setdefault(e[0], []).append(e)
            self.at.setdefault(e[1], []).append(e)
        self.of_edge: dict = {e: [] for e in self.edges}
        for i in range(grid.rows):
            for j in range(grid.columns):
                if clues[i][j] is not None:
                    for e in grid.sides(i, j):
                        self.of_edge[e].append((grid.sides(i, j), clues[i][j]))
        self.state: dict = {}
        self.most = most
        self.found: list[frozenset] = []

    def count(self, sides) -> tuple[int, int]:
        return sum(self.state.get(x) is True for x in sides), sum(x not in self.state for x in sides)

    def fine(self, e) -> bool:
        for point in e:
            on, left = self.count(self.at[point])
            if on > 2 or (on == 1 and left == 0):
                return False
        return all(on <= clue <= on + left for sides, clue in self.of_edge[e] for on, left in [self.count(sides)])

    def go(self, k: int = 0) -> None:
        if len(self.found) >= self.most:
            return
        if k == len(self.edges):
            on = {e for e, v in self.state.items() if v}
            if on and len(cycles(on)) == 1:
                self.found.append(frozenset(on))
            return
        e = self.edges[k]
        for value in (False, True):
            self.state[e] = value
            if self.fine(e):
                self.go(k + 1)
            del self.state[e]


# The easy steps as first written: every square and dot looked at again until nothing changes (papergame's
# deduce now runs from a work list; test_the_work_list_decides_what_the_first_deduce_did compares the two).


def deduce_slowly(grid: Grid, clues, start: dict | None = None) -> dict | None:
    """`deduce` as first written: every square and dot looked at again until nothing changes (the tests
    check that both decide the same)."""
    state: dict = {e: None for e in grid.edges()}
    if start:
        state.update(start)
    at = grid.at_point()
    groups = [(list(grid.sides(i, j)), clues[i][j]) for i, j in grid.squares()
                                                   if clues[i][j] is not None]
    changed = True
    while changed:
        changed = False
        for sides, clue in groups:
            on = sum(state[e] is True for e in sides)
            open_ = [e for e in sides if state[e] is None]
            assert clue is not None
            if on > clue or on + len(open_) < clue:
                return None
            if open_ and (on == clue or on + len(open_) == clue):
                for e in open_:
                    state[e] = on != clue
                changed = True
        for edges in at.values():
            on = sum(state[e] is True for e in edges)
            open_ = [e for e in edges if state[e] is None]
            if on > 2 or (on == 1 and not open_):
                return None
            if open_ and (on == 2 or (on == 0 and len(open_) == 1)):
                for e in open_:
                    state[e] = False
                changed = True
            elif on == 1 and len(open_) == 1:
                state[open_[0]] = True
                changed = True
        if not changed:
            changed = shut_small_loops(grid, state)
    return {e: v for e, v in state.items() if v is not None}


def shut_small_loops(grid: Grid, state: dict) -> bool:
    """Shut an open edge that joins the two ends of one line while other lines are drawn."""
    drawn = {e for e, v in state.items() if v}
    if not drawn:
        return False
    end_of: dict = {}
    for path in chains(drawn):
        if path[0] != path[-1]:
            end_of[path[0]], end_of[path[-1]] = path[-1], path[0]
    total = len(drawn)
    for e, v in state.items():
        if v is None and end_of.get(e[0]) == e[1]:
            length = chain_length(drawn, e[0])
            if length < total:
                state[e] = False
                return True
    return False


def chain_length(edges: set, point) -> int:
    """How many edges the run through `point` has."""
    for run in chains(edges):
        if point in run:
            return len(run) - 1
    return 0


def backtrack(grid: Grid, clues, most: int = 2) -> list[frozenset]:
    search = Backtrack(grid, clues, most)
    search.go()
    return search.found


def ring(puzzle) -> frozenset:
    return frozenset(puzzle.edges())


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("size, level, seed", [(4, "easy", 1), (4, "medium", 5), (4, "hard", 2), (5, "easy", 3),
                                              (5, "medium", 6), (5, "hard", 4)])
def test_one_answer_by_sat_and_by_backtracking(size, level, seed):
    puzzle = make_puzzle(1, size, size, level, random.Random(seed))
    grid = puzzle.grid
    loop = ring(puzzle)
    assert len(cycles(set(loop))) == 1
    full = counts(grid, set(loop))
    for i, row in enumerate(puzzle.clues):
        for j, clue in enumerate(row):
            assert clue is None or clue == full[i][j]
    assert [frozenset(s) for s in solutions(grid, puzzle.clues)] == [loop]
    assert backtrack(grid, puzzle.clues) == [loop]
    assert easy(grid, puzzle.clues, set(loop)) == (level == "easy")
    assert medium(grid, puzzle.clues, set(loop)) == (level in ("easy", "medium"))  # each level's solver
    assert level_of(grid, puzzle.clues, set(loop)) == level


@pytest.mark.parametrize("size, seed", [(6, 1), (7, 2)])
def test_each_level_is_too_hard_for_the_one_below_by_its_solver(size, seed):
    """Issue 23: easy, medium and hard; a medium puzzle the easy steps cannot finish, a hard one the
    medium steps cannot; each solved by its own level's steps to the one loop SAT finds."""
    for level in ("easy", "medium", "hard"):
        puzzle = make_puzzle(1, size, size, level, random.Random(seed))
        grid, loop = puzzle.grid, set(puzzle.edges())
        [answer] = solutions(grid, puzzle.clues)
        assert answer == loop
        found = {"easy": deduce(grid, puzzle.clues), "medium": try_lines(grid, puzzle.clues)}
        for step, decided in found.items():
            assert decided is not None and {e for e, v in decided.items() if v} <= loop  # sound: never a wrong line
            complete = len(decided) == len(grid.edges())
            assert complete == (LEVELS.index(step) >= LEVELS.index(level)), (level, step)


def test_the_work_list_decides_what_the_first_deduce_did():
    rng = random.Random(23)
    for _ in range(60):
        size = rng.choice([4, 5, 7])
        grid = Grid(size, rng.choice([4, size]))
        full = counts(grid, random_loop(grid, rng))
        share = rng.choice([0.3, 0.6, 0.9])
        clues = [[c if rng.random() < share else None for c in row] for row in full]
        start = {e: rng.random() < 0.5 for e in rng.sample(grid.edges(), rng.choice([0, 2]))}
        assert deduce(grid, clues, start) == deduce_slowly(grid, clues, start)


def test_the_loop_cut_keeps_a_loop_that_is_the_whole_answer():
    """Without clues a 4 x 4 lattice has many single loops; the lazy cut must not lose any of the small ones.
    The SAT count and the backtracking count agree."""
    grid = Grid(2, 2)
    none = [[None, None], [None, None]]
    sat = {frozenset(s) for s in solutions(grid, none, most=100)}
    plain = set(backtrack(grid, none, most=100))
    assert sat == plain and len(sat) == 13  # the 2 x 2 lattice: 4 unit squares, 4 dominoes, 4 L-shapes, 1 ring
    one = {e for e in grid.sides(0, 0)}
    assert frozenset(one) in sat  # a small loop alone is an answer


def test_hard_is_too_hard_for_the_easy_steps():
    puzzle = make_puzzle(1, 6, 6, "hard", random.Random(9))
    found = deduce(puzzle.grid, puzzle.clues)
    assert found is not None and len(found) < len(puzzle.grid.edges())


def run(*args):
    result = CliRunner().invoke(main, ["loops", *args])
    assert result.exit_code == 0, result.output
    return result


def test_json_is_as_the_issue_says(tmp_path):
    result = run("--size", "5x4", "--puzzles", "2", "--json", "-o", str(tmp_path / "l.pdf"))
    data = json.loads(result.stdout)
    assert list(data) == ["puzzles"] and len(data["puzzles"]) == 2
    for p in data["puzzles"]:
        assert list(p) == ["rows", "columns", "clues", "loop"] and (p["rows"], p["columns"]) == (4, 5)
        assert len(p["clues"]) == 4 and all(len(row) == 5 for row in p["clues"])
        assert all(c is None or c in (0, 1, 2, 3) for row in p["clues"] for c in row)
        pts = [tuple(q) for q in p["loop"]]
        assert len(set(pts)) == len(pts) and all(0 <= r <= 4 and 0 <= c <= 5 for r, c in pts)
        for k in range(len(pts)):  # each step to a neighbouring dot, and back to the start
            (r1, c1), (r2, c2) = pts[k], pts[(k + 1) % len(pts)]
            assert abs(r1 - r2) + abs(c1 - c2) == 1
        grid = Grid(4, 5)
        edges = {tuple(sorted((pts[k], pts[(k + 1) % len(pts)]))) for k in range(len(pts))}
        assert backtrack(grid, p["clues"]) == [frozenset(edges)]


def test_sheets_keys_seeds_and_class_sets(tmp_path):
    run("--size", "5", "--copies", "2", "--seed", "4", "-o", str(tmp_path / "a.pdf"))
    run("--size", "5", "--copies", "2", "--seed", "4", "-o", str(tmp_path / "b.pdf"))
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a-key.pdf").read_bytes() == (tmp_path / "b-key.pdf").read_bytes()
    with pdfplumber.open(tmp_path / "a.pdf") as pdf:
        assert len(pdf.pages) == 3  # two sheets, then how to play
        text = " ".join(pdf.pages[0].extract_text().split())
        dots = [c for c in pdf.pages[0].curves + pdf.pages[0].rects if c]
    assert text.startswith("Single-loop clue squares Sheet 1") and "Level: easy · 5 × 5 · seed 4" in text
    assert "Single-loop clue squares – Sheet 1" in text and dots
    with pdfplumber.open(tmp_path / "a-key.pdf") as pdf:
        key = pdf.pages[0]
        assert "Answer key" in key.extract_text()
        thick = [line for line in key.lines if line["linewidth"] > 2.5]  # the loops, 1.1 mm
        assert len(thick) > 10


def test_the_tile_version_has_cells_the_size_of_its_tiles(tmp_path):
    result = run("--size", "5", "--tiles", "--json", "-o", str(tmp_path / "t.pdf"))
    puzzle = json.loads(result.stdout)["puzzles"][0]
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        board = pdf.pages[0]
        xs = sorted({round(line["x0"] * 25.4 / 72, 2) for line in board.lines if abs(line["x0"] - line["x1"]) < 0.01
                     and line["height"] > 100})
        tiles_title = " ".join(pdf.pages[1].extract_text().split())
    steps = {round(b - a, 2) for a, b in zip(xs, xs[1:])}
    assert len(xs) == 7 and steps == {30.0}  # 6 x 6 cells of 30 mm: one a dot of the 5 x 5 puzzle
    pts = puzzle["loop"]
    corners = sum(1 for k in range(len(pts)) if (pts[k - 1][0] == pts[k][0]) != (pts[(k + 1) % len(pts)][0] == pts[k][0]))
    spare = lambda n: n + max(2, -(-n // 5))  # noqa: E731
    assert (f"Tiles: {spare(36 - len(pts))} blank, {spare(len(pts) - corners)} straight, {spare(corners)} corner"
            in tiles_title)


@pytest.mark.parametrize("lang, title", every([("fr", "Boucle unique"), ("es", "Un solo lazo"),  # fr, uk by
                                               ("de", "Eine Schleife"), ("uk", "Одна петля")],  # default, the
                                              keep=lambda case: case[0] in ("fr", "uk")))  # others -m slow
def test_sheets_in_every_language(tmp_path, lang, title):
    run("--size", "4", "--lang", lang, "-o", str(tmp_path / "l.pdf"))
    with pdfplumber.open(tmp_path / "l.pdf") as pdf:
        assert pdf.pages[0].extract_text().startswith(title)


def test_bad_options_are_one_error_line(tmp_path):
    for args, message in [(["--size", "11"], "Error: --size: 11 x 11 is outside 4 to 10 squares each way\n"),
                          (["--size", "big"], 'Error: --size: "big" is not a size such as 7 or 7x5 (columns x rows)\n'),
                          (["--level", "tricky"], 'Error: --level: "tricky" is not one of easy, medium, hard\n'),
                          (["--paper", "legal"], 'Error: --paper: "legal" is not one of a4, letter\n'),
                          (["--ink", "none"], 'Error: --ink: "none" is not one of normal, low\n'),
                          (["--puzzles", "2,5"], 'Error: --puzzles: "2,5" is not a whole number\n'),
                          (["--copies", "2", "--sheet", "1"],
                           "Error: --sheet: reprints one sheet of a class set, so it does not go with copies above 1\n"),
                          (["--measured", "41", "--paper", "a4"], None)]:
        result = CliRunner().invoke(main, ["loops", *args, "-o", str(tmp_path / "x.pdf")])
        if message is None:  # the kit's own check of a correction that pushes the page off the paper
            assert result.exit_code == 2 and result.output.startswith("Error: --measured: 41 mm would enlarge every page")
            continue
        result = CliRunner().invoke(main, ["loops", *args, "-o", str(tmp_path / "x.pdf")])
        assert (result.exit_code, result.output) == (2, message)
    assert list(tmp_path.iterdir()) == []


def test_the_options_are_the_librarys_declaration():
    """One declaration (papergame.options.LOOPS) makes the command's options and checks their values (issue 17)."""
    from papergame.options import DOCUMENTS, LOOPS, LoopOptions

    assert DOCUMENTS["loops"] is LOOPS
    command = main.commands["loops"]
    flags = {opt for param in command.params for opt in param.opts}
    assert {f"--{option.name}" for option in LOOPS.every} | {"-o", "--output", "--json"} == flags
    assert "--game" not in flags  # a loop puzzle is made from no game, only words
    options = LOOPS.parse({"size": "7×5", "level": "HARD", "measured": "49,2", "paper": "Letter"}).options
    assert (options.columns, options.rows, options.level, options.measured, options.paper) == (7, 5, "hard", 49.2,
                                                                                               "letter")
    assert LoopOptions(size=(4, 6)).size == (4, 6) and LoopOptions().size == (5, 5)


RULES = {"en": ("How to play: single-loop clue squares", "Teacher's guide: single-loop clue squares", "Rules"),
         "fr": ("Comment jouer", "Pour l’enseignant", "Règles"), "es": ("Cómo se juega", "Guía del docente", "Reglas"),
         "de": ("So wird gespielt", "Für Lehrkräfte", "Regeln"), "uk": ("Як грати", "Поради для вчителя", "Правила")}


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", every(list(RULES), keep=lambda lang: lang in ("en", "uk")))  # fr, es, de: -m slow
def test_a_rules_page_after_the_sheets_and_a_teachers_guide_after_the_keys(tmp_path, lang):
    """Issue 23: how to play (the players' file, once, after the sheets) and the teacher's guide (the key file),
    in the five languages, read back from the PDFs; the example's loop drawn, the guide's words at 11 pt."""
    from papergame.data.words import load_texts

    rules, guide, label = RULES[lang]
    texts = load_texts(lang=lang)
    run("--size", "5", "--copies", "2", "--lang", lang, "-o", str(tmp_path / "l.pdf"))
    with pdfplumber.open(tmp_path / "l.pdf") as pdf:
        assert len(pdf.pages) == 3
        page = pdf.pages[2]
        text = " ".join(page.extract_text().split())
        sizes = {round(c["size"], 1) for c in page.chars if c["top"] < page.height - 90}  # pt, above the footer
        loop = [line for line in page.lines if line["linewidth"] > 2.5]
    assert text.startswith(rules) and f"– {label}" in text
    for key in ("rules_goal", "rules_tip", "rules_tiles"):
        assert " ".join(texts.get(f"loops.{key}").split()[:6]) in text, key
    assert min(sizes) >= 11.0  # nothing a child reads under 11 pt above the footer
    assert len(loop) == 8  # the example's answer: 8 lines round the L of three squares
    with pdfplumber.open(tmp_path / "l-key.pdf") as pdf:
        assert len(pdf.pages) == 3  # two keys, then the guide
        text = " ".join(pdf.pages[2].extract_text().split())
    assert text.startswith(guide)
    for key in ("guide_print", "guide_levels", "guide_class", "guide_check"):
        assert " ".join(texts.get(f"loops.{key}").split()[:6]) in text, key


def test_the_rules_pages_example_has_one_loop_by_sat_and_by_backtracking():
    from papergame.layout.loops_layout import EXAMPLE

    grid = EXAMPLE.grid
    loop = frozenset(EXAMPLE.edges())
    assert len(cycles(set(loop))) == 1
    full = counts(grid, set(loop))
    assert all(c is None or c == full[i][j] for i, row in enumerate(EXAMPLE.clues) for j, c in enumerate(row))
    assert [frozenset(s) for s in solutions(grid, EXAMPLE.clues)] == [loop] == backtrack(grid, EXAMPLE.clues)


def test_a_medium_sheet_says_its_level_and_each_puzzle_is_medium(tmp_path):
    result = run("--size", "5", "--level", "medium", "--puzzles", "2", "--json", "-o", str(tmp_path / "m.pdf"))
    with pdfplumber.open(tmp_path / "m.pdf") as pdf:
        assert "Level: medium · 5 × 5 · seed 1" in pdf.pages[0].extract_text()
    for p in json.loads(result.stdout)["puzzles"]:
        grid = Grid(p["rows"], p["columns"])
        pts = [tuple(q) for q in p["loop"]]
        loop = {tuple(sorted((pts[k], pts[(k + 1) % len(pts)]))) for k in range(len(pts))}
        assert level_of(grid, p["clues"], loop) == "medium"
        assert backtrack(grid, p["clues"]) == [frozenset(loop)]
