"""papergame simulate: games agree with the rules engine, figures are stable, JSON shape, the report PDF."""

from __future__ import annotations

import json
import math
import random
import sys

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.games import load_definition
from papergame.model.rules import replay, tile_notation
from papergame.model.playtables import OUT
from papergame.model.simulate import WRITTEN_OUT, Simulator, draws, simulate


def moves_text(definition, moves):
    cells = definition.board.cells
    return [f"{definition.board.cell_name(cells[c])}:{tile_notation(t, r)}" for c, t, r in moves]


@pytest.mark.parametrize("game", [None, "shared-path", "hexagon-path-tiles", "eight-port-path-tiles"])
@pytest.mark.parametrize("policy", ["random", "careful"])
def test_every_simulated_game_replays_to_the_same_end_in_the_engine(game, policy):
    definition = load_definition(game)
    sim = Simulator(definition, policy)
    rng = random.Random(7)
    for _ in range(60):
        played = sim.play(rng)
        game_ = replay(definition, moves_text(definition, played.moves))
        assert game_.over and game_.result.winner == played.winner


def test_careful_never_runs_off_when_a_safe_placement_exists():
    definition = load_definition("shared-path")
    sim = Simulator(definition, "careful")
    rng = random.Random(3)
    for _ in range(50):
        played = sim.play(rng)
        game = replay(definition, moves_text(definition, played.moves[:-1]))
        # the losing move was forced: no tile in no turn keeps the path on the board
        cell = game.positions["path"].cell
        name = definition.board.cell_name(cell)
        safe = [f"{name}:{t.id}@{r}" for t in definition.tiles for r in definition.shape.rotations
                if replay(definition, moves_text(definition, played.moves[:-1]) + [f"{name}:{t.id}@{r}"])
                .positions["path"] is not None]
        if played.winner != "draw":
            assert not safe or len(played.moves) == len(definition.board.cells)


def careful_by_laying(sim, rng, hand, filled, position):
    """The careful policy as its docstring says it: lay each placement of each tile of the hand in turn, run
    the line, keep those that stay on the board; one of them uniformly, or a random pick when none stays on."""
    t, cell = sim.t, position // sim.t.port_count
    safe = []
    for i, type_id in enumerate(hand):
        for p in sim.by_type[type_id]:
            filled[cell] = p.links
            if t.run(filled, position) != OUT:
                safe.append((i, p))
    filled[cell] = None
    if safe:
        return safe[rng.randrange(len(safe))]
    i = rng.randrange(len(hand))
    return i, sim.by_type[hand[i]][rng.randrange(len(sim.by_type[hand[i]]))]


@pytest.mark.parametrize("game", [None, "shared-path", "hexagon-path-tiles", "eight-port-path-tiles"])
def test_the_careful_pick_is_the_one_laying_each_placement_gives(game):
    """On the boards of played games, before each move: the same pick, drawing the same numbers, as laying
    every placement of the hand and running the line (eight-port: lines that come back into their cell)."""
    definition = load_definition(game)
    sim = Simulator(definition, "careful")
    t, n = sim.t, sim.t.port_count
    compared = 0
    for seed in range(20):
        played = Simulator(definition, "random").play(random.Random(seed))
        filled: list = [None] * len(t.cells)
        draw = random.Random(seed)
        hand = [tile.id for tile in definition.tiles] * 2
        for cell, type_id, rotation in played.moves[:-1]:
            filled[cell] = next(p.links for p in sim.by_type[type_id] if p.rotation == rotation)
        for position in {t.run(filled, t.starts[0])} | {c * n + q for c, links in enumerate(filled) if links is None
                                                        for q in range(n)}:
            if position < 0 or filled[position // n] is not None:
                continue
            draw.shuffle(hand)
            state = draw.getstate()
            ours = sim.choose(draw.randrange, hand[:3], filled, position)
            after, _ = draw.getstate(), draw.setstate(state)
            assert ours == careful_by_laying(sim, draw, hand[:3], filled, position)
            assert draw.getstate() == after and filled[position // n] is None
            compared += 1
    assert compared > 200


def test_the_written_out_draws_are_random_randoms_own():
    """`simulate.draws` writes randrange(n) and shuffle out over getrandbits: the same numbers and the same
    state after, for many seeds, every n to 70 and every list length to 60, mixed as games mix them."""
    assert WRITTEN_OUT == (sys.version_info[:2] in {(3, 11), (3, 12), (3, 13)})
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine = draws(ours)
        for n in range(1, 71):
            x, y = list(range(n - 10)), list(range(n - 10))
            mine.shuffle(x), theirs.shuffle(y)
            assert (mine.below(n), x) == (theirs.randrange(n), y)
        assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):
        draws(random.Random(1)).below(0)

    class Own(random.Random):  # a stream of its own draws with its own methods
        def randrange(self, *args, **kwargs):
            return 0

    assert draws(Own(1)).below(9) == 0


def test_same_seed_same_figures():
    d = load_definition()
    assert simulate(d, 500, "careful", 5).json == simulate(d, 500, "careful", 5).json
    assert simulate(d, 500, "careful", 5).json != simulate(d, 500, "careful", 6).json


@pytest.mark.parametrize("game, policy", [(None, "random"), (None, "careful"), ("shared-path", "careful")])
def test_first_player_win_rate_is_stable_across_seeds(game, policy):
    d = load_definition(game)
    a, b = simulate(d, 2000, policy, 1), simulate(d, 2000, policy, 2)
    first = a.players[0]
    pa, pb = a.wins[first] / a.games, b.wins[first] / b.games
    se = math.sqrt(pa * (1 - pa) / a.games + pb * (1 - pb) / b.games)
    assert abs(pa - pb) <= 4 * se
    ma, mb = a.mean_length, b.mean_length
    assert abs(ma - mb) <= 0.1 * max(ma, mb)


def test_counts_add_up():
    r = simulate(load_definition(), 300, "random", 1)
    assert sum(r.wins.values()) + r.draws == 300
    assert sum(r.lengths.values()) == 300
    assert sum(r.tiles.values()) == sum(k * v for k, v in r.lengths.items())


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_json_shape():
    result = run("simulate", "--games", "200", "--json", "--seed", "4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.splitlines()[-1])
    assert set(data) == {"games", "policy", "seed", "wins", "draws", "mean_length", "lengths", "tiles"}
    assert data["games"] == 200 and set(data["wins"]) == {"white", "black"}
    assert all(k.isdigit() for k in data["lengths"]) and set(data["tiles"]) == {"1", "2", "3"}
    shared = json.loads(run("simulate", "--game", "shared-path", "--games", "50", "--json").output.splitlines()[-1])
    assert set(shared["wins"]) == {"first", "second"}


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "Error: --games: 0 is outside 1 to 1,000,000\n"),
    (["--policy", "greedy"], 'Error: --policy: "greedy" is not one of random, careful\n'),
    (["--games", "1,5"], 'Error: --games: "1,5" is not a whole number\n'),
])
def test_exact_errors(args, message):
    result = run("simulate", *args)
    assert result.exit_code == 2
    assert result.output == message


def test_report_pdf(tmp_path):
    out = tmp_path / "report.pdf"
    result = run("simulate", "--games", "300", "-o", str(out))
    assert result.exit_code == 0
    assert f"Wrote {out.name} (1 sheet) in {out.parent}\n" in result.output
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
        fonts = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars}
        bars = [r for r in pdf.pages[0].rects if r["height"] > 1]
    for words in ("Simulated games", "Who won", "How long games last", "Which tiles were laid", "White", "type 3"):
        assert words in text
    assert fonts <= {"DejaVuSans", "DejaVuSans-Bold"}  # the embedded font, no Helvetica
    assert len(bars) >= 3 + 3  # at least the outcome and tile bars
    again = tmp_path / "again.pdf"
    run("simulate", "--games", "300", "-o", str(again))
    assert again.read_bytes() == out.read_bytes()


def test_the_report_is_laid_out_over_the_one_page_context_as_the_kits_pages_are(tmp_path):
    """Issue 17: the report's page builder takes the PageContext every page kind takes (its document the report),
    and the command's PDF is exactly those sheets rendered."""
    from papergame.build import render_bytes
    from papergame.data.words import load_texts
    from papergame.layout.context import PageContext
    from papergame.layout.pages.simulation_report import report_pages
    from papergame.render.fonts import FontMetrics

    definition = load_definition()
    report = simulate(definition, 120, "careful", 4)
    texts = load_texts(lang="de")
    sheets = report_pages(PageContext(definition, texts, "a4", 35.0, FontMetrics(), document=report))
    assert len(sheets) == 1 and sheets[0].paper == "a4"
    result = CliRunner().invoke(main, ["simulate", "--games", "120", "--policy", "careful", "--seed", "4",
                                       "--lang", "de", "-o", str(tmp_path / "s.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.pdf").read_bytes() == render_bytes([s.page for s in sheets], texts.get("simulate.title"))
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:
        assert pdf.pages[0].extract_text().startswith(texts.get("simulate.title"))


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_no_two_words_of_a_chart_overprint(tmp_path, lang):
    """The tile chart of a 35-type game put "type 1".."type 35" under bars 4.5 mm apart, each label
    over its neighbours'; now they are the numbers alone where the words would not fit. Read from
    the PDF: on each line of words, no letter starts before the one before it has ended."""
    out = tmp_path / "report.pdf"
    result = run("simulate", "--game", "eight-port-path-tiles", "--games", "60", "--lang", lang, "-o", str(out))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        chars = pdf.pages[0].chars
    lines: dict[float, list[dict]] = {}
    for c in chars:
        lines.setdefault(round(c["top"], 1), []).append(c)
    overprints = [(a["text"], b["text"], round(a["top"])) for line in lines.values()
                  for a, b in zip(sorted(line, key=lambda c: c["x0"]), sorted(line, key=lambda c: c["x0"])[1:])
                  if b["x0"] < a["x1"] - 0.2]
    assert overprints == []
    numbers = [c["text"] for c in chars if c["size"] < 8 and c["text"].isdigit()]
    assert "".join(str(n) for n in range(1, 36)) in "".join(numbers)  # every bar still named, by its number
