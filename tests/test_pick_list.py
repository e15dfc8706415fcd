"""The teacher's guide opens with a pick-list: what to print, how many copies, for whom, and what goes into each
envelope, every number in it checked against the files `build` wrote (their pages, titles and kit stamps)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.build import make_pages
from papergame.cli import main
from papergame.data.games import load_definition
from papergame.options import KitOptions
from covering import covering
from pdfmeasure import open_pdf, page_text

GAMES = ["edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path"]
LANGS = ["en", "fr", "es", "de", "uk"]


def build(tmp_path: Path, *args: str) -> tuple[list[str], list[str]]:
    """The text of every page of the players' file and of the host's (none when they are one file)."""
    out = tmp_path / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    host = out.with_name("kit-host-key.pdf")
    with open_pdf(out) as pdf:
        players = [" ".join(page_text(p).split()) for p in pdf.pages]
    if not host.exists():
        return players, []
    with open_pdf(host) as pdf:
        return players, [" ".join(page_text(p).split()) for p in pdf.pages]


def pick_list(guide: str) -> str:
    """The pick-list: from its heading to the guide's first section."""
    assert guide.startswith("Teacher's guide What to print, and for whom"), guide[:80]
    return guide[:guide.index("Who is the host?")]


def tiles_in_a_kit(game: str = "edge-port-path-tiles") -> int:
    return sum(t.copies for t in load_definition(game).tiles)


def test_the_default_kits_pick_list_names_both_files_their_sheets_and_the_envelope(tmp_path):
    players, host = build(tmp_path)
    listed = pick_list(host[-1])
    assert f"For the players: the players' file, sheets 1 to {len(players)}." in listed  # 4
    assert "Print 1 copy for each table of two players." in listed
    assert f"For you only: this file, the host's, sheets 1 to {len(host)} (the host key and this guide)" in listed
    assert (f"Into the kit's envelope: the board, the {tiles_in_a_kit()} tiles, the tokens, the rules and a few "
            "record sheets") in listed
    assert (len(players), len(host)) == (4, 2)
    assert "keep them away from the players" not in host[-1]  # said once, by the pick-list


def test_the_envelope_holds_the_tiles_where_they_share_the_boards_sheet(tmp_path):
    """At 20 mm the default kit's tiles go on the board's sheet, which is named as the board's: the envelope's
    list left the tiles out ("the board, the tokens, the rules ..."), though the kit prints them."""
    players, host = build(tmp_path, "--tile-size", "20")
    assert not any(page.startswith("Tiles") for page in players), players  # no sheet of tiles: they are beside the board
    assert f"the board, the {tiles_in_a_kit()} tiles, the tokens" in pick_list(host[-1])


def test_a_class_sets_pick_list_says_where_each_kit_is_and_what_each_envelope_holds(tmp_path):
    players, host = build(tmp_path, "--kits", "3")
    listed = pick_list(host[-1])
    titles = [text.split(" Kit ")[0] for text in players]
    stamped = {n: [i for i, text in enumerate(players, start=1) if f"Edge-port path tiles – Kit {n} – Page" in text]
               for n in (1, 2, 3)}
    first, last = stamped[1], stamped[3]
    assert first == [1, 2, 3] and last == [7, 8, 9]
    assert f"Kit 1: 1 {titles[0]} · 2 {titles[1]} · 3 {titles[2]}." in listed  # Board, How to play, Player record
    assert f"Each next kit takes the next 3, up to kit 3 on sheets {last[0]} to {last[-1]}." in listed
    shared = [i for i, text in enumerate(players, start=1) if not any(i in s for s in stamped.values())]
    assert shared == list(range(10, len(players) + 1))
    pieces = re.search(r"(\d+)(?:–(\d+))? Tiles(?: · (\d+)(?:–(\d+))? Tokens)?: the pieces of every kit", listed)
    assert pieces and int(pieces[1]) == shared[0] and int(pieces[4] or pieces[3] or pieces[2] or pieces[1]) == shared[-1]
    assert "Print 1 copy: it holds all 3 kits" in listed
    assert f"Envelopes 1 to 3, one for each kit: the board, the {tiles_in_a_kit()} tiles, the tokens" in listed
    assert "For a class, make numbered kits" not in host[-1]  # how to make a class set, left out of one


def test_with_the_host_key_on_the_kits_pages_the_pick_list_counts_pages_of_the_one_file(tmp_path):
    pages, host = build(tmp_path, "--host-key", "page")
    assert host == []
    listed = pick_list(pages[-1])
    key = next(i for i, text in enumerate(pages, start=1) if text.startswith("Host key"))
    assert f"For the players: sheets 1 to {key - 1} of this file." in listed
    assert f"For you only: sheets {key} to {len(pages)} of this file (the host key and this guide)" in listed


def test_a_reprinted_kit_is_one_kit_under_its_number(tmp_path):
    players, host = build(tmp_path, "--kit", "7")
    listed = pick_list(host[-1])
    assert "Kit 7: 1 Board" in listed and "Print 1 copy for each table of two players." in listed
    assert "Into the kit's envelope" in listed and "every kit" not in listed


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("game,lang", covering((game, lang) for game in GAMES for lang in LANGS))
def test_the_guide_with_its_pick_list_keeps_to_one_sheet_in_every_language(game, lang):
    """Laid out in memory (the pages a build renders): one sheet of guide for one kit in every language
    (every game and every language by default, every pair under -m slow)."""
    _, texts, kit = make_pages(game, lang=lang)
    assert kit.guide_pages == 1, (game, lang)
    first = [t.text for t in kit.host_key[-1].items if hasattr(t, "text")]
    assert texts.get("guide.pick_heading") in first, (game, lang)


@pytest.mark.parametrize("lang", ["en", "de", "uk"])
def test_a_class_sets_guide_keeps_to_one_sheet(lang):
    _, texts, kit = make_pages(None, lang=lang, options=KitOptions(kits=15))
    assert kit.guide_pages == 1
