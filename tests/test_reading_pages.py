"""The own-path reading pages of every built-in shape, read from the PDF: words a child can follow,
crossing rules true for curved crossings, a compact host key, a guide that fits its game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.model.answers import crossing_types
from papergame.data.games import load_definition
from papergame.model.rules import symmetric_turns
from covering import every
from pdfmeasure import mm, open_pdf, page_text

GAMES = ("edge-port-path-tiles", "hexagon-path-tiles", "eight-port-path-tiles")


def columns(page) -> str:
    """The page's words, left half then right half, on one line."""
    w = page.width
    halves = [page.crop((0, 0, w / 2, page.height)), page.crop((w / 2, 0, w, page.height))]
    return " ".join(" ".join((h.extract_text() or "").split()) for h in halves)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, list[tuple[str, str, object]]]:
    """Each game's kit, the players' file then the host's: (title, text in reading order, the page's characters)
    a page."""
    folder = tmp_path_factory.mktemp("reading")
    out = {}
    for game in GAMES:
        path = folder / f"{game}.pdf"
        result = CliRunner().invoke(main, ["build", "--game", game, "-o", str(path)])
        assert result.exit_code == 0, result.output
        out[game] = []
        for file in (path, folder / f"{game}-host-key.pdf"):
            with open_pdf(file) as pdf:
                out[game] += [(page_text(p).splitlines()[0], columns(p), p.chars) for p in pdf.pages]
    return out


def pages(kit, *titles: str) -> str:
    return " ".join(text for title, text, _ in kit if title.startswith(titles))


@pytest.mark.parametrize("game", GAMES)
def test_crossings_are_never_said_to_go_straight_over(kits, game):
    text = pages(kits[game], "How to play", "Host key", "Teacher's guide")
    for wrong in ("straight over", "round the corner", "junction", "...", "TYPE@DEG", "What you practise"):
        assert wrong not in text, wrong
    definition = load_definition(game)
    crossing = crossing_types(definition)
    assert crossing and "they never join. Stay on your own line." in text
    assert "Lines that cross never join" in text
    others = [t.id for t in definition.tiles if t.id not in crossing]
    if len(others) < len(crossing) and len(crossing) > 3:  # eight ports: the few without a crossing are named
        assert f"every type except {', '.join(map(str, others))}" in text
    else:
        assert f"({'type' if len(crossing) == 1 else 'types'} {', '.join(map(str, crossing))})" in text


@pytest.mark.parametrize("game", GAMES)
def test_ports_and_turning_are_said_in_words_from_the_shape(kits, game):
    definition = load_definition(game)
    shape = definition.shape
    rules = pages(kits[game], "How to play")
    if shape.ports_per_side == 1:
        assert "A port is the middle of a side, where lines meet." in rules
    else:  # numbering explained from GEOMETRY.md's rule: port i meets port k-1-i across the side
        assert "So N1 is the first port of the N side going clockwise." in rules
        assert f"N1 touches {shape.facing('N1')} of the tile above" in rules
        assert f"E1 touches {shape.facing('E1')} of the tile to the right" in rules
        assert "E2 to S2, and so on." in rules
    turn = "Each sixth of a turn" if shape.kind == "hexagon" else "Each quarter turn"
    assert f"{turn} moves every line end to the next side, clockwise" in rules
    # the turning pictures show a tile that looks different turned, when the set has one
    shown = int(re.search(r"(\d+) as printed", rules).group(1))
    fewest = min(len(symmetric_turns(definition, t)) for t in definition.tiles)
    assert len(symmetric_turns(definition, definition.tile(shown))) == fewest
    if game != "edge-port-path-tiles":
        assert fewest == 1


def test_the_line_style_note_names_the_styles_the_set_uses(kits):
    assert "Some lines are hollow so you can tell them apart" in pages(kits["edge-port-path-tiles"], "How to play")
    assert ("Some lines are hollow, dashed or dotted so you can tell them apart where they cross. They work just "
            "like solid lines.") in pages(kits["eight-port-path-tiles"], "How to play")


@pytest.mark.parametrize("game,rules,record,key", [
    ("edge-port-path-tiles", 1, 1, 1),
    ("hexagon-path-tiles", 1, 1, 1),  # were 2, 2 and 2 sheets
    ("eight-port-path-tiles", 2, 1, 2),  # the host key was 5 sheets; 2 with both players' first moves; the record
    # was 2 (35 turns), one since its two tables stand side by side
])
def test_reading_pages_take_few_sheets(kits, game, rules, record, key):
    titles = [title for title, _, _ in kits[game]]
    assert sum(t.startswith("How to play") for t in titles) == rules
    assert sum(t.startswith("Player record") for t in titles) == record
    assert sum(t.startswith("Host key") for t in titles) == key
    assert "The end" in pages(kits[game], "How to play")


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_printed_black_at_body_size(kits, game):
    """The notes under the pictures ("... goes from A1/S to A2/S and stops there.") read like the text."""
    found = 0
    for title, _, chars in kits[game]:
        if not title.startswith(("How to play", "Teacher's guide")):
            continue
        lines: dict[float, list[dict]] = {}
        for c in chars:
            lines.setdefault(round(c["bottom"], 1), []).append(c)
        for cs in lines.values():
            text = "".join(c["text"] for c in cs)
            if "stops there" not in text:
                continue
            found += 1
            at = text.index("stops there")
            for c in cs[at:at + len("stops there")]:
                assert c["size"] >= 11.0 - 0.01, (title, c["text"], c["size"])
                assert c["non_stroking_color"] in ((0,), [0], 0, (0, 0, 0), [0, 0, 0], None), c["non_stroking_color"]
    assert found >= 2  # on the rules and in the guide


@pytest.mark.parametrize("game", every(GAMES, default=2))  # the eight-port guide's commands under -m slow
def test_the_guide_fits_the_shape_and_its_commands_run(kits, game, tmp_path, monkeypatch):
    guide = pages(kits[game], "Teacher's guide")
    shape = load_definition(game).shape
    if shape.kind == "hexagon":
        assert "zigzag" in guide and "one straight cut" not in guide and "trimmer;" not in guide
    else:
        assert "one straight cut serves two rows" in guide
    # a command is its options, each with its value (the line under it, a heading, is no part of it)
    commands = re.findall(r"papergame (?:build|worksheet)(?: --[a-z-]+(?: (?!--)[\w/.-]*[\w/-])?)*", guide)
    assert len(commands) >= 5
    for command in commands:
        assert ("--game " + game in command) == (game != "edge-port-path-tiles"), command
    # by default the host key and the guide are a file of their own: the guide's pick-list says which file is whose
    titles = [title for title, _, _ in kits[game]]
    players = titles.index(next(t for t in titles if t.startswith("Host key")))
    assert f"For the players: the players' file, sheets 1 to {players}." in guide
    assert "For you only: this file, the host's" in guide and "Print pages 1 to" not in guide
    # the reprint example is one the set can give: run it
    reprint = next(c for c in commands if "--tiles" in c)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, shlex.split(reprint)[1:] + ["-o", "reprint.pdf"])
    assert result.exit_code == 0, (reprint, result.output)


def test_with_the_host_key_on_the_kits_pages_the_guide_says_which_pages_are_the_players(tmp_path):
    out = tmp_path / "one.pdf"
    result = CliRunner().invoke(main, ["build", "--host-key", "page", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        titles = [page_text(p).splitlines()[0] for p in pdf.pages]
        guide = " ".join(columns(p) for p in pdf.pages if page_text(p).startswith("Teacher's guide"))
    last = titles.index("Host key")
    assert last == 4 and f"For the players: sheets 1 to {last} of this file." in guide
    assert f"For you only: sheets {last + 1} to {len(titles)} of this file" in guide


def test_a_tile_the_set_has_once_is_asked_for_in_good_english(tmp_path):
    result = CliRunner().invoke(main, ["build", "--game", "eight-port-path-tiles", "--tiles", "3x2",
                                       "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert result.output == 'Error: --tiles: "3x2": the set has 1 tile of type 3, so ask for just 1 (3x1)\n'


def test_the_host_key_table_is_one_row_a_type_and_at_least_9_pt(kits):
    key = [(t, text, chars) for t, text, chars in kits["eight-port-path-tiles"] if t.startswith("Host key")]
    assert len(key) == 2  # White's first moves, then Black's
    text = " ".join(text for _, text, _ in key)
    # each table two-up: its header twice, 35 rows
    assert text.count("Type 0° 90° 180° 270°") == 4
    for n in range(1, 36):
        assert len(re.findall(rf"(^| ){n} (OUT|[A-F][1-6]/[NESW][12]) ", text)) >= 2, n
    for _, _, chars in key:
        assert min(c["size"] for c in chars if mm(c["bottom"]) < 250) >= 7.0
    assert "works the same turned" not in text
    assert text.count("Tiles that work the same turned") == 1


def worksheet_page(tmp_path: Path, game: str, level: str) -> Path:
    out = tmp_path / f"{game}-{level}.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", game, "--level", level, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_sheets_give_only_the_instructions_their_puzzles_need(tmp_path):
    with open_pdf(worksheet_page(tmp_path, "edge-port-path-tiles", "hard")) as pdf:
        hard = " ".join(page_text(pdf.pages[0]).split())
    with open_pdf(worksheet_page(tmp_path, "edge-port-path-tiles", "easy")) as pdf:
        easy = " ".join(page_text(pdf.pages[0]).split())
    assert "Which tiles" not in hard and "Hand:" not in hard  # two exit puzzles: nothing about a hand
    assert "Which tiles" in easy and "Hand: write each tile that is safe" in easy
    assert "stay on your own line" in hard and "straight over" not in hard + easy


def test_a_hexagon_sheet_names_its_sides_in_a_key_above_the_puzzles(tmp_path):
    with open_pdf(worksheet_page(tmp_path, "hexagon-path-tiles", "easy")) as pdf:
        page = pdf.pages[0]
        first = min(w["top"] for w in page.extract_words() if w["text"] == "1.")
        header = {w["text"] for w in page.extract_words() if w["bottom"] < first}
    assert {"N", "NE", "SE", "S", "SW", "NW"} <= header


def test_eight_port_sheets_draw_cells_of_20_mm(tmp_path):
    for level in ("easy", "hard"):
        with open_pdf(worksheet_page(tmp_path, "eight-port-path-tiles", level)) as pdf:
            page = pdf.pages[0]
            letters = [c for c in page.chars if c["text"] in "ABCDEF" and c["size"] < 10.5]  # the 10 pt labels
            rows: dict[float, list[float]] = {}
            for c in letters:
                rows.setdefault(round(c["top"], 1), []).append((c["x0"] + c["x1"]) / 2)
            gaps = [mm(b - a) for xs in rows.values() for a, b in zip(sorted(xs), sorted(xs)[1:]) if mm(b - a) < 45]
            assert gaps and min(gaps) >= 20.0 - 0.05, (level, gaps)


@pytest.mark.default_cases(keep=lambda p: p["lang"] == "uk")
@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "uk"])
def test_a_hexagon_game_is_recorded_on_one_sheet_in_every_language(tmp_path, lang):
    """25 turns and the example row: rows of 6.2 to 6.8 mm, whatever the words above the table take."""
    out = tmp_path / "record.pdf"
    result = CliRunner().invoke(main, ["build", "--game", "hexagon-path-tiles", "--lang", lang, "--only", "record",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        numbers = [w["text"] for w in pdf.pages[0].extract_words() if w["text"].isdigit() and w["x0"] < 40]
        assert [str(n) for n in range(1, 26)] == [n for n in numbers if int(n) <= 25][:25]
        rows = sorted({round(r["top"], 2) for r in pdf.pages[0].lines if mm(r["x1"] - r["x0"]) > 150})
        gaps = [mm(b - a) for a, b in zip(rows, rows[1:]) if 5.0 < mm(b - a) < 7.5]
        assert len(gaps) >= 24 and min(gaps) >= 6.2 - 0.01 and max(gaps) <= 6.8 + 0.01, gaps


@pytest.mark.parametrize("game, header", [("edge-port-path-tiles", "Tile (3 or 1@90)"),
                                          ("hexagon-path-tiles", "Tile (5 or 1@60)")])
def test_the_record_sheet_writes_a_tile_with_the_games_own_types_and_turns(tmp_path, game, header):
    """A hexagon turns in 60° steps: its record sheet must not teach 1@90."""
    import pdfplumber
    from click.testing import CliRunner

    from papergame.cli import main

    out = tmp_path / "record.pdf"
    assert CliRunner().invoke(main, ["build", "--game", game, "--only", "record", "-o", str(out)]).exit_code == 0
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[0].extract_text()
    assert header in text
    assert "@90" not in text or game == "edge-port-path-tiles"


@pytest.mark.parametrize("game", ["eight-port-path-tiles", "edge-port-path-tiles", "hexagon-path-tiles", "shared-path"])
def test_no_two_tokens_of_a_picture_overlap(tmp_path, game):
    """In the pictures of the rules and the guide, a token that went out stands clear of the dotted token that marks
    where it started (the eight-port game's end picture: out by S2 beside the start at S1, the two once overlapped
    by a third of a token). Measured from the PDF: the token discs (closed circles of four curves, 3 to 12 mm
    across) either share a centre (a token's own rings) or stand at least their radii apart."""
    from pdfmeasure import mm, open_pdf

    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "--game", game, "--only", "rules,guide", "--host-key", "page",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    seen = 0
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            discs = [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, c["width"] / 2) for c in page.curves
                     if abs(c["width"] - c["height"]) < 0.05 and 3 <= mm(c["width"]) <= 12 and len(c["pts"]) == 5
                     and c["pts"][0] == c["pts"][-1]]
            seen += len(discs)
            for i, (x, y, r) in enumerate(discs):
                for ox, oy, other in discs[i + 1:]:
                    apart = ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5
                    assert apart < 0.3 or apart >= r + other, (page.page_number, round(mm(apart), 2), round(mm(r), 2))
    assert seen


@pytest.mark.default_cases(2)
@pytest.mark.parametrize("game", ["eight-port-path-tiles", "edge-port-path-tiles", "hexagon-path-tiles"])
@pytest.mark.parametrize("lang", ["en", "fr", "uk"])
def test_who_goes_first_stands_in_the_column_of_the_first_step(tmp_path, game, lang):
    """"Your turn" and "White goes first." once stood alone at a column's foot, 90 mm of it blank, the steps they
    lead to at the top of the next (the eight-port rules, page 5). Measured from the PDF: the heading and the
    first step's number "1." are on one page, in one column, the number below the heading."""
    from papergame.data.words import load_texts
    from pdfmeasure import mm, open_pdf

    heading = load_texts(lang=lang).get("rules.turn_heading")
    out = tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["build", "--game", game, "--lang", lang, "--only", "rules", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        for page in pdf.pages:
            lines = page.extract_text_lines()
            found = page.search(re.escape(heading))
            if found:
                head = found[0]
                column = 85 / mm(1)  # a column's width (86.5 mm at most on A4), in points
                steps = [w for w in page.extract_words() if w["text"] == "1." and w["top"] > head["top"]
                         and head["x0"] <= w["x0"] < head["x0"] + column]
                assert steps, (page.page_number, round(mm(head["x0"])), [ln["text"][:30] for ln in lines][-6:])
                break
        else:
            raise AssertionError(f"no {heading!r} heading")
