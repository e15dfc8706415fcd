"""`papergame serve` offers the single-loop puzzles: their fields (named loops-size ... beside the
worksheets' level and seed), the command line's bytes, page counts, previews and error lines."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.web.server import options_json
from servers import running_server
from test_serve import request


@pytest.fixture(scope="module")
def server():
    with running_server() as srv:
        yield srv


def loops_files(tmp_path, *args) -> tuple[bytes, bytes]:
    out = tmp_path / "loops.pdf"
    result = CliRunner().invoke(main, ["loops", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out.read_bytes(), (tmp_path / "loops-key.pdf").read_bytes()


def test_the_page_offers_the_loops_options_under_their_own_names(server):
    data = request(server, "/options.json").json()
    names = [f["name"] for f in data["makers"]["loops"]]
    assert names == ["loops-size", "loops-level", "loops-puzzles", "loops-seed", "loops-copies", "loops-sheet",
                     "loops-tiles", "paper", "ink", "measured", "large-print", "clear-print", "lang"]  # --from reads a file: the command line's
    assert data["standalone"] == ["loops"]  # made from no game: the page shows it no game field
    level = next(f for f in data["makers"]["loops"] if f["name"] == "loops-level")
    assert [c for c, _ in level["choices"]] == ["easy", "medium", "hard"] and level["default"] == "easy"
    assert all(f["label"] and f["help"] and "--" not in f["help"] for f in data["makers"]["loops"])
    worksheet_level = next(f for f in data["makers"]["worksheets"] if f["name"] == "level")
    assert worksheet_level["choices"][0] == ["easy", "Easy (2 to 3 tiles)"]  # the worksheets' own, unchanged
    assert "loops" not in options_json(browser=True)["makers"]  # the offline page has no SAT solver
    assert list(options_json(browser=True)["makers"]) == ["kit", "worksheets"]


def test_the_loops_pdfs_are_the_command_lines_bytes(server, tmp_path):
    sheets, keys = loops_files(tmp_path, "--size", "6x4", "--level", "hard", "--seed", "3", "--copies", "2",
                               "--paper", "letter", "--lang", "fr")
    query = urlencode({"loops-size": "6x4", "loops-level": "hard", "loops-seed": "3", "loops-copies": "2",
                       "paper": "letter", "lang": "fr"})
    reply = request(server, f"/loops.pdf?{query}")
    assert reply.status == 200 and reply.body == sheets
    assert reply.headers["Content-Disposition"] == 'attachment; filename="loops.pdf"'
    key = request(server, f"/loops-key.pdf?{query}")
    assert key.body == keys and 'filename="loops-key.pdf"' in key.headers["Content-Disposition"]
    counts = request(server, f"/pages/loops.json?{query}").json()
    assert counts == {"loops": 3, "loops-key": 3}  # two sheets and how to play; two keys and the guide
    image = request(server, f"/preview/loops/3.png?{query}")
    assert image.status == 200 and image.body.startswith(b"\x89PNG")
    tiles, _ = loops_files(tmp_path, "--size", "4", "--tiles")
    assert request(server, "/loops.pdf?loops-size=4&loops-tiles=on").body == tiles


def test_a_bad_loops_value_is_the_command_lines_error_beside_its_field(server):
    result = CliRunner().invoke(main, ["loops", "--size", "12"])
    assert result.exit_code == 2
    reply = request(server, "/loops.pdf?loops-size=12")
    assert reply.status == 400 and reply.headers["X-Papergame-Field"] == "loops-size"
    assert reply.text == result.output.replace("Error: --size: ", "Error: ")
    paper = request(server, "/pages/loops.json?paper=legal")
    assert paper.status == 400 and paper.headers["X-Papergame-Field"] == "paper"
    other = request(server, "/loops.pdf?level=hard")  # the worksheets' name is not the loops' option
    assert other.status == 400 and json.dumps("level") in other.text and "loops-level" in other.text
