"""The shared-path kit: its own rules page, record sheet and host key, read back from the PDF."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.build import build
from papergame.cli import main
from papergame.model.simulate import simulate
from papergame.model.board import Board, Cell, Position
from papergame.data.games import load_definition
from papergame.model.definition import TokenStart
from papergame.options import KitOptions
from papergame.model.rules import replay
from papergame.model.strategy import domino_strategy


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("shared") / "shared.pdf"
    report = build(out, "shared-path", options=KitOptions(host_key="page"))  # one file: pages 1 to 6 as read below
    assert report.kit_pages == 6 and report.guide_pages == 1  # the teacher's guide comes last
    return out


@pytest.fixture(scope="module")
def kit_text(kit_pdf):
    with pdfplumber.open(kit_pdf) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


def test_rules_page_states_the_shared_path(kit_text, kit_pdf):
    rules = kit_text[2]
    assert "How to play: the shared path" in rules
    assert "If your tile leads the path off the board, you lose." in rules
    # the worked examples, from the engine, each beside its picture in the right-hand column, at body size
    column = right_column(kit_pdf, 2)
    # (the diagrams' row names fall between the last two lines of each)
    assert "3 in A1: the path goes from A1/S to A2/S and waits there for the next" in column
    assert "1 in A1: the path runs off the board at the W edge, so the player who" in column


def test_kit_prints_enough_tiles_to_fill_the_board(kit_text):
    """27 tiles, 9 of each type, on the tiles page: a 5 x 5 board needs at most 25."""
    ids = re.findall(r"\b([123])·(\d+)\b", kit_text[1])
    assert len(ids) == len(set(ids)) == 27
    assert Counter(t for t, _ in ids) == {"1": 9, "2": 9, "3": 9}
    assert len(ids) >= len(load_definition("shared-path").board.cells)


def test_rules_say_what_to_do_when_a_type_runs_out(kit_pdf):
    rules = right_column(kit_pdf, 2, left=True) + " " + right_column(kit_pdf, 2)
    assert ("If the type you want has run out, draw its lines on a square of paper the size of a tile "
            "and lay that: every type is always there to take.") in rules
    assert "Tiles of type 1 and 2 are the same tile turned, so one can stand in for the other." in rules


def test_the_kit_supply_has_enough_tiles_for_every_game():
    """Played with only the kit's copies (27), no game runs out of tiles before the board is full."""
    shared = load_definition("shared-path")
    kit = dataclasses.replace(shared, rules=shared.rules._replace(supply="kit"))
    for policy in ("random", "careful"):
        report = simulate(kit, 400, policy, seed=3)
        assert report.draws == 0  # every game ends with the path off the board
        assert max(report.lengths) <= 25


def right_column(pdf_path, page: int, left: bool = False) -> str:
    """The text of a page's right-hand (or left-hand) column, line by line (two columns interleave otherwise)."""
    with pdfplumber.open(pdf_path) as pdf:
        p = pdf.pages[page]
        box = (0, 0, p.width * 0.5, p.height) if left else (p.width * 0.5, 0, p.width, p.height)
        return " ".join((p.within_bbox(box).extract_text() or "").split())


def test_the_shared_pages_speak_of_one_marker(kit_text, kit_pdf):
    """One name for the piece on every page; the tokens text fits a single marker."""
    everything = " ".join(kit_text)
    assert not re.search(r"\btokens?\b", everything, re.IGNORECASE)
    assert "Two of each colour" not in everything
    assert "Marker: cut it out. Its arrow shows which way the path is heading. You need one: the other two are " \
           "spares." in kit_text[1]
    assert "Marker starts here" in kit_text[0]
    rules = right_column(kit_pdf, 2, left=True) + " " + right_column(kit_pdf, 2)
    assert "The first player lays the first tile; then take turns." in rules
    assert "Stand the marker at A1/S" in rules and "Move the marker there." in rules


def test_record_example_row_says_example_in_the_turn_column(kit_pdf):
    with pdfplumber.open(kit_pdf) as pdf:
        words = pdf.pages[3].extract_words()
    turn = next(w for w in words if w["text"] == "Turn")
    example = next(w for w in words if w["text"] == "Example")
    first_row = min((w for w in words if w["text"] == "1" and abs(w["x0"] - turn["x0"]) < 0.01),
                    key=lambda w: w["top"])
    assert abs(example["x0"] - turn["x0"]) < 0.01  # in the Turn column, where the turn numbers stand
    assert turn["top"] < example["top"] < first_row["top"]  # between the header and turn 1
    row = [w["text"] for w in words if abs(w["top"] - example["top"]) < 1]
    assert row == ["Example", "First", "A1", "3@0", "A2/S"]  # the engine's first move, and no number
    assert "not a real turn" not in " ".join(w["text"] for w in words)


def test_guide_is_written_for_the_shared_path(kit_text, kit_pdf):
    guide = right_column(kit_pdf, 5, left=True) + " " + right_column(kit_pdf, 5)
    assert "Teacher's guide" in guide
    commands = re.findall(r"papergame \w+(?: --[\w-]+(?: [\w.-]+)?)*", guide)
    assert len(commands) == 4 and all("--game shared-path" in c for c in commands), commands
    assert "worked example below" not in guide and "face-down" not in guide and "worksheet" not in guide
    assert "the tiles lie face up in a heap" in guide
    assert "ask the class where the marker will stop" in guide
    # the rules page shows the engine's two first moves beside the steps of a turn and the end of the game
    assert "as in the two first moves on the rules page" in guide
    rules = right_column(kit_pdf, 2)
    assert "3 in A1: the path goes from A1/S" in rules and "1 in A1: the path runs off the board" in rules


def test_worksheets_for_the_shared_path_are_win_in_n_sheets_and_validate_agrees(tmp_path):
    out = tmp_path / "ws.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ws-key.pdf", "ws.pdf"]
    checked = CliRunner().invoke(main, ["validate", "shared-path"])
    assert checked.exit_code == 0, checked.output
    assert "Worksheets: easy, medium and hard" in checked.output.splitlines()
    assert "Supply: face up, shared; any type at any time" in checked.output


def test_record_sheet_has_a_row_for_every_cell(kit_text):
    record = kit_text[3]
    assert "First player:" in record and "Second player:" in record
    assert " 25 " in record and " 26 " not in record


def test_host_key_prints_the_solver_and_a_checked_strategy(kit_text):
    key = kit_text[4]
    assert "The second player can always win, whatever the first player does." in key
    assert "Every first tile in A1 loses against perfect play." in key
    # proved by the dominoes, so no search and no count of positions
    assert "Proved by the dominoes below, whatever the other player does: no search was needed." in key
    assert "board positions checked" not in key and "solver valued" not in key
    assert "Cover every cell but A1 with dominoes, as shown below" in key
    assert "Checked by the rules engine: some tile, turned the right way, leads the path" in key


def on_board(columns, rows):
    d = load_definition("shared-path")
    board = Board(tuple("ABCDEF"[:columns]), tuple(str(r + 1) for r in range(rows)), d.shape)
    return dataclasses.replace(d, board=board, tokens=(TokenStart("path", Position(Cell(0, 0), "S")),))


@pytest.mark.parametrize("columns, rows, player", [(4, 4, "first"), (5, 5, "second"), (2, 3, "first"), (3, 3, "second")])
def test_domino_strategy_covers_the_board_and_wins(columns, rows, player):
    definition = on_board(columns, rows)
    strategy = domino_strategy(definition)
    assert strategy is not None and strategy.player == player
    covered = [c for pair in strategy.dominoes for c in pair]
    assert len(covered) == len(set(covered))
    assert set(covered) | ({strategy.alone} if strategy.alone else set()) == set(definition.board.cells)
    for a, b in strategy.dominoes:
        assert abs(a.col - b.col) + abs(a.row - b.row) == 1


def test_domino_strategy_beats_a_careless_opponent_in_the_engine():
    """Play the strategy on 4 x 4 against an opponent who always lays type 3: first wins."""
    definition = on_board(4, 4)
    strategy = domino_strategy(definition)
    partner = {a: b for a, b in strategy.dominoes} | {b: a for a, b in strategy.dominoes}
    board = definition.board
    moves: list[str] = []
    game = replay(definition, [])
    while not game.over:
        entry = game.positions["path"]
        if game.mover == "first":
            target = partner[entry.cell]
            move = next(f"{board.cell_name(entry.cell)}:{t.id}@{r}" for t in definition.tiles
                        for r in definition.shape.rotations
                        if (s := replay(definition, moves + [f"{board.cell_name(entry.cell)}:{t.id}@{r}"]))
                        and s.positions["path"] is not None and s.positions["path"].cell == target)
        else:
            move = f"{board.cell_name(entry.cell)}:3"
        moves.append(move)
        game = replay(definition, moves)
    assert game.result.winner == "first"


@pytest.mark.slow
def test_one_game_can_want_more_of_a_kind_than_the_kit_has():
    """Why the rules say what to do when a type runs out (README): searching every game on 5 x 5,
    one can want up to 17 straight tiles (type 3, 9 printed) or 24 curved ones (types 1 and 2, 18)."""
    from papergame.model.playtables import LOOP, OUT, PlayTables
    from papergame.model.solver import Search

    definition = load_definition("shared-path")
    tables = PlayTables(definition)
    search = Search(tables, 10**9)
    straight = [3 in {p.type_id for p in tables.distinct[option]} for option in search.options]

    def most(kind: bool) -> int:
        memo: dict[int, int] = {}

        def best(position: int) -> int:
            key = (search.key << search.pos_bits) | position
            if key not in memo:
                top = 0
                for option in range(len(search.options)):
                    end, changes = search.play(position, option)
                    count = (straight[option] == kind) + (best(end) if end not in (OUT, LOOP) else 0)
                    search.undo(position // tables.port_count, changes)
                    top = max(top, count)
                memo[key] = top
            return memo[key]

        return best(tables.starts[0])

    printed = Counter(t.id for t in definition.tiles for _ in range(t.copies))
    straights, curves = most(True), most(False)
    assert (straights, curves) == (17, 24)
    assert straights > printed[3] and curves > printed[1] + printed[2]


def test_init_of_the_shared_path_offers_its_worksheet_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["init", "sp", "--game", "shared-path"])
    assert result.exit_code == 0, result.output
    assert "papergame build --game sp/game.toml --lang en" in result.output
    assert "papergame worksheet --game sp/game.toml --lang en" in result.output
    text = (tmp_path / "sp" / "text.en.toml").read_text(encoding="utf-8")
    assert "[path_guide]" in text and "# The teacher's guide of a shared-path game" in text


def test_simulate_names_the_shared_path_players_as_a_sentence_starts():
    result = CliRunner().invoke(main, ["simulate", "--game", "shared-path", "--games", "30"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("First won ") for line in lines) and any(line.startswith("Second won ") for line in lines)


def caption_and_letters(data: bytes, caption: str) -> tuple[list[dict], list[dict], float]:
    """The domino diagram's caption, as its characters, the column letters A-E under it, and the page's width."""
    import io

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if not c["text"].isspace()]  # clear print sets its words apart
            text = "".join(c["text"] for c in chars)
            plain = "".join(caption.split())
            start = text.find(plain)
            if start < 0:
                continue
            own = chars[start:start + len(plain)]
            assert all("Bold" in c["fontname"] for c in own)
            below = max(c["bottom"] for c in own)
            letters = [c for c in chars if c["text"] in "ABCDE" and "Bold" not in c["fontname"]
                       and 0 < c["top"] - below < 30]
            return own, letters, float(page.width)
    raise AssertionError(f"no page has the caption {caption!r}")


@pytest.mark.default_cases(keep=lambda p: (p["profile"], p["lang"]) in (("large", "fr"), ("clear", "en")))
@pytest.mark.parametrize("profile", ["standard", "large", "clear"])
@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "uk"])
def test_the_domino_diagrams_caption_stays_on_the_sheet_and_over_its_letters(profile, lang):
    """The host key's domino caption was one line set across the sheet's middle, 6 mm over the diagram whatever
    the type: in large-print French it began off the sheet's left edge, ran past its right and its descenders sat on
    the column letters. It wraps to the sheet's width now, and stands clear over the letters, in every profile."""
    from papergame.build import kit_pdfs
    from papergame.layout.paper import content_box

    options = {"large": {"large_print": True}, "clear": {"clear_print": True}}.get(profile, {})
    made = kit_pdfs("shared-path", None, lang, KitOptions(only=("host-key",), **options))
    own, letters, width = caption_and_letters(made.host_key or made.kit, made.texts.get("path_key.diagram"))
    box = content_box("a4")
    left, right = box.x * 72 / 25.4, (box.x + box.w) * 72 / 25.4  # the sheet's text width, in points
    assert min(c["x0"] for c in own) >= left - 0.01 and max(c["x1"] for c in own) <= right + 0.01, (profile, lang)
    assert len(letters) == 5, letters
    assert max(c["bottom"] for c in own) < min(c["top"] for c in letters), (profile, lang)
