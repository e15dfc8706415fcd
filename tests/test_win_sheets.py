""""Win in N" sheets of the shared path: every position and key re-checked by the rules engine.

The sheets are made with the solver's search (`activities.win_in`); here each puzzle's
position is replayed from its moves with `rules.replay`, and the claims are searched again
move by move with the engine alone: the player to move wins in N and not in fewer, every
winning first tile listed wins and none left out does, and the reply tree answers every
reply of the other player.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.games import load_definition
from papergame.model.rules import PlacedTile, replay

from conftest import ROOT

SHARED = load_definition("shared-path")


def placements(definition):
    """Every tile at every turn, one for each look in a cell (the engine's own lines), named as the
    sheets name a look: the tile turned least, then the lowest type."""
    seen, out = set(), []
    every = [(t, r) for t in definition.tiles for r in definition.shape.rotations]
    for tile, rotation in sorted(every, key=lambda tr: (tr[1] != 0, tr[0].id, tr[1])):
        look = frozenset(frozenset(p) for p in PlacedTile.make(definition, tile, rotation).links.items())
        if look not in seen:
            seen.add(look)
            out.append(f"{tile.id}@{rotation}")
    return out


LOOKS = placements(SHARED)


def move_at(game, tile: str) -> str:
    return f"{game.board.cell_name(game.entry.cell)}:{tile}"


@lru_cache(maxsize=None)
def wins_within(moves: tuple[str, ...], n: int) -> bool:
    """With the engine only: can the player to move after `moves` win within n of their tiles?"""
    game = replay(SHARED, list(moves))
    mover = game.mover
    for tile in LOOKS:
        mine = moves + (move_at(game, tile),)
        after = replay(SHARED, list(mine))
        if after.over:
            continue  # ran the path off: a loss, never a win
        if all_replies_lose(mine, mover, n):
            return True
    return False


def all_replies_lose(moves: tuple[str, ...], mover: str, n: int) -> bool:
    game = replay(SHARED, list(moves))
    for tile in LOOKS:
        theirs = moves + (move_at(game, tile),)
        after = replay(SHARED, list(theirs))
        if after.over:
            if after.result.winner != mover:
                return False
            continue
        if n == 1 or not wins_within(theirs, n - 1):
            return False
    return True


def check_tree(moves: tuple[str, ...], line: dict, n: int) -> None:
    """The tree's move keeps the path on; every reply either runs it off or is answered in the tree."""
    game = replay(SHARED, list(moves))
    mover = game.mover
    mine = moves + (line["move"],)
    after = replay(SHARED, list(mine))
    assert not after.over
    answered = {r["reply"]: r for r in line["replies"]}
    for tile in LOOKS:
        reply = move_at(after, tile)
        theirs = replay(SHARED, list(mine + (reply,)))
        if theirs.over:
            assert theirs.result.winner == mover and reply not in answered
            continue
        assert n > 1, "a win in 1 leaves no reply on the board"
        listed = answered[reply]
        assert theirs.board.position_name(theirs.positions["path"]) == listed["path"]
        check_tree(mine + (listed["reply"],), listed["then"], n - 1)


def run_json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "--json", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("level, moves", [("easy", 1), ("medium", 2), ("hard", 3)])
def test_every_puzzle_wins_in_exactly_n_and_its_key_is_the_engines(tmp_path, level, moves):
    out = tmp_path / "win.pdf"
    sheets = run_json("--level", level, "--puzzles", "2", "--seed", "3", "-o", str(out))["sheets"]
    assert [s["level"] for s in sheets] == [level]
    for puzzle in sheets[0]["puzzles"]:
        played = tuple(puzzle["played"])
        game = replay(SHARED, list(played))
        assert not game.over and game.mover == puzzle["to_move"]
        assert game.board.position_name(game.positions["path"]) == puzzle["path"]
        laid = {t["cell"] for t in puzzle["tiles"]}
        assert laid == {game.board.cell_name(c) for c in game.tiles}
        assert puzzle["moves_to_win"] == moves
        assert wins_within(played, moves)
        assert moves == 1 or not wins_within(played, moves - 1), "a quicker win exists"
        # every winning first tile, and only those
        winning = set(puzzle["answer"]["winning"])
        for tile in [f"{t.id}@{r}" for t in SHARED.tiles for r in SHARED.shape.rotations]:
            move = move_at(game, tile)
            after = played + (move,)
            wins = not replay(SHARED, list(after)).over and all_replies_lose(after, game.mover, moves)
            assert wins == (move in winning), move
        assert puzzle["answer"]["winning_looks"][0][0] == puzzle["answer"]["tree"]["move"]
        check_tree(played, puzzle["answer"]["tree"], moves)


def test_a_win_in_two_key_prints_the_replies_read_back_from_the_pdf(tmp_path):
    out = tmp_path / "win.pdf"
    sheets = run_json("--level", "medium", "--puzzles", "2", "--seed", "3", "-o", str(out))["sheets"]
    with pdfplumber.open(out) as pdf:
        sheet = " ".join(pdf.pages[0].extract_text().split())
    with pdfplumber.open(tmp_path / "win-key.pdf") as pdf:
        key = " ".join(" ".join(p.extract_text() for p in pdf.pages).split())
    assert sheet.startswith("Win in 2 Sheet 1") and "Level: medium · seed 3" in sheet
    for puzzle in sheets[0]["puzzles"]:
        cell = puzzle["path"].split("/")[0]
        assert f"Your turn. Which tile in {cell} wins?" in sheet and f"My tile in {cell}:" in sheet
        tree = puzzle["answer"]["tree"]
        first = tree["move"].partition(":")[2].removesuffix("@0")
        assert f"Wins in {cell}: {first}" in key
        assert f"After {first} in {cell}:" in key
        for reply in tree["replies"]:
            rcell, tile = reply["reply"].split(":")
            assert f"if they lay {tile.removesuffix('@0')} in {rcell} (the path at {reply['path']})" in key
    assert "Win in 2: Answer key" in key


def test_class_sets_have_their_own_seeds_and_a_sheet_reprints_alone(tmp_path):
    whole = run_json("--level", "easy", "--copies", "3", "--seed", "11", "-o", str(tmp_path / "a.pdf"))["sheets"]
    assert [s["number"] for s in whole] == [1, 2, 3] and whole[0]["seed"] == 11 and len({s["seed"] for s in whole}) == 3
    again = run_json("--level", "easy", "--sheet", "2", "--seed", str(whole[1]["seed"]), "-o", str(tmp_path / "b.pdf"))
    assert again["sheets"][0]["puzzles"] == whole[1]["puzzles"]
    twice = run_json("--level", "easy", "--copies", "3", "--seed", "11", "-o", str(tmp_path / "c.pdf"))
    assert twice["sheets"] == whole
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "c.pdf").read_bytes()
    assert (tmp_path / "a-key.pdf").read_bytes() == (tmp_path / "c-key.pdf").read_bytes()
    with pdfplumber.open(tmp_path / "a.pdf") as pdf:
        assert len(pdf.pages) == 4  # three sheets, then how to play


WORDS = {"fr": ("Gagner en 2 coups", "Ma tuile en"), "es": ("Gana en 2 jugadas", "Mi loseta en"),
         "de": ("Gewinne in 2 Zügen", "Mein Plättchen auf"), "uk": ("Виграй за 2 ходи", "Моя плитка в")}


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("lang", sorted(WORDS))
def test_sheets_in_every_language(tmp_path, lang):
    out = tmp_path / "win.pdf"
    result = CliRunner().invoke(main, ["worksheet", "--game", "shared-path", "--level", "medium", "--lang", lang,
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    title, answer = WORDS[lang]
    assert text.startswith(title) and answer in text


def test_win_in_one_says_at_once_and_the_kit_supply_is_refused(tmp_path):
    out = tmp_path / "win.pdf"
    sheets = run_json("--level", "easy", "--puzzles", "1", "-o", str(out))["sheets"]
    assert sheets[0]["puzzles"][0]["answer"]["tree"]["replies"] == []
    with pdfplumber.open(out) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert text.startswith("Win in 1") and "Find a tile that wins at once" in text
    kit = tmp_path / "kit" / "game.toml"
    kit.parent.mkdir()
    kit.write_text((ROOT / "templates" / "shared-path" / "game.toml").read_text().replace(
        'supply = "unlimited"', 'supply = "kit"'))
    result = CliRunner().invoke(main, ["worksheet", "--game", str(kit), "-o", str(tmp_path / "k.pdf")])
    assert result.exit_code == 2
    assert result.output == (f'Error: {kit}: rules.supply: "win in N" sheets need supply = "unlimited" (with the '
                             "kit's copies, the tiles left would be part of every position)\n")
    assert not (tmp_path / "k.pdf").exists()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 5, 8, 13])
def test_many_sheets_are_checked_by_the_engine(tmp_path, seed):
    for level, moves in (("easy", 1), ("medium", 2), ("hard", 3)):
        sheets = run_json("--level", level, "--puzzles", "4", "--seed", str(seed), "-o", str(tmp_path / f"{level}.pdf"))
        for puzzle in sheets["sheets"][0]["puzzles"]:
            played = tuple(puzzle["played"])
            assert wins_within(played, moves) and (moves == 1 or not wins_within(played, moves - 1))
            check_tree(played, puzzle["answer"]["tree"], moves)
