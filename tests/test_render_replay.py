"""Work a build does once where it did it again: same bytes, less work.

A class set's board, rules and record are the first kit's items again under each kit's stamp, and every
page's foot has the same two bars: the PDF writer writes an item it has drawn before by copying the
operators it wrote then (`render.pdf.draw_items`). The answers every kit page prints are played once a
definition, and the rules' catalogue asking whether its type numbers fit seeks no place for one that
does not.
"""

from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.games import load_definition
from papergame.layout import rule_figures, tile_art
from papergame.model import answers
from papergame.model.rules import Game
from papergame.render.fonts import FontMetrics
from papergame.render import pdf


def build(folder, *args):
    out = folder / "kit.pdf"
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return hashlib.sha256(out.read_bytes()).hexdigest(), hashlib.sha256(
        (folder / "kit-host-key.pdf").read_bytes()).hexdigest()


def drawn_items(monkeypatch) -> list:
    """Every item the drawers draw from now on (nested ones too)."""
    calls: list = []
    real = pdf.draw

    def counted(c, item):
        calls.append(item)
        real(c, item)

    monkeypatch.setattr(pdf, "draw", counted)
    return calls


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("args", [["--kits", "3"], ["--kits", "3", "--lang", "uk", "--game", "hexagon-path-tiles"],
                                  []])
def test_items_drawn_before_are_written_as_they_were_and_not_drawn_again(tmp_path, monkeypatch, args):
    calls = drawn_items(monkeypatch)
    (tmp_path / "kept").mkdir()
    kept = build(tmp_path / "kept", *args)
    with_replay = len(calls)
    calls.clear()
    monkeypatch.setattr(pdf, "draw_items", lambda c, items, drawn: [pdf.draw(c, item) for item in items])
    (tmp_path / "anew").mkdir()
    anew = build(tmp_path / "anew", *args)
    assert kept == anew  # the kit and its host key, byte for byte
    # a class set's copied pages and every page's bars are not drawn again (a single kit: its bars)
    assert with_replay < len(calls) * (0.6 if args else 0.85), (with_replay, len(calls))


def test_an_item_that_would_change_the_operator_before_it_is_drawn_each_time(tmp_path):
    """reportlab folds a transformation into one just written: such an item is never kept."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "x.pdf"))
    c.translate(1, 1)  # the operator before ends in 'cm'

    class Shift:
        pass

    item = Shift()
    pdf.DRAWERS[Shift] = lambda canvas, _: canvas.translate(2, 2)
    try:
        drawn: dict = {}
        pdf.draw_items(c, [item], drawn)
        assert drawn == {} and c._code[-1] == "1 0 0 1 3 3 cm"
    finally:
        del pdf.DRAWERS[Shift]


def test_the_first_moves_are_played_once_a_definition(monkeypatch):
    definition = load_definition("eight-port-path-tiles")
    answers._first_moves.cache_clear()
    played = []
    real = Game.place
    monkeypatch.setattr(Game, "place", lambda self, *a: (played.append(a), real(self, *a))[1])
    first = answers.first_moves(definition)
    again = answers.first_moves(definition)
    assert len(played) == len(definition.tiles) * len(definition.shape.rotations) == len(first) == 35 * 4
    assert again == first and again is not first  # a list of its own for each caller


def test_asking_whether_the_type_numbers_fit_seeks_no_place_for_one_that_does_not(monkeypatch):
    definition = load_definition("eight-port-path-tiles")
    tile_art._labels.cache_clear()
    tile_art.clear_labels.cache_clear()

    def never(*args, **kwargs):
        raise AssertionError("a place over the lines was sought")

    monkeypatch.setattr(tile_art, "least_blocked", never)
    metrics = FontMetrics()
    assert not rule_figures.numbers_fit(definition, 16.0, 3.53, metrics)  # 15 of 35 numbers find no room at 16 mm
    assert rule_figures.numbers_fit(definition, 35.0, 3.53, metrics)


def test_a_line_shared_by_two_groups_is_drawn_once_and_written_twice(tmp_path, monkeypatch):
    """The tiles of one type in a class set share their lines' items, each tile a group of its own."""
    from reportlab.pdfgen.canvas import Canvas

    from papergame.layout.primitives import Group, Line

    line = Line(1.0, 2.0, 3.0, 4.0, width=0.5)
    pages = [[Group(10.0, 10.0, 0, (line,)), Group(50.0, 10.0, 0, (line,))]]
    c = Canvas(str(tmp_path / "x.pdf"))
    calls = drawn_items(monkeypatch)
    c._papergame_drawn = {}
    pdf.draw_items(c, pages[0], c._papergame_drawn)
    assert calls.count(line) == 1
    stroke = [op for op in c._code if op.endswith(" l S")]
    assert len(stroke) == 2 and stroke[0] == stroke[1]  # the same operators, each under its group's translation
    assert c._code.count("Q") == 2


def test_the_glyph_check_reads_each_text_once_and_still_finds_every_one():
    from papergame.build import unique_texts
    from papergame.layout.primitives import Group, Page, Text

    shared, nested = Text(1.0, 1.0, "Kit", 3.0), Text(2.0, 2.0, "ж", 3.0, bold=True)
    group = Group(0.0, 0.0, 0, (nested, shared))
    pages = [Page("a", 210.0, 297.0, [shared, group]), Page("b", 210.0, 297.0, [group, shared])]
    assert sorted(t.text for t in unique_texts(pages)) == ["Kit", "ж"]


def test_a_copied_board_sheets_items_are_measured_once(monkeypatch):
    from papergame.layout import board_room
    from papergame.layout.primitives import Line

    item, metrics = Line(0.0, 0.0, 10.0, 5.0, width=1.0), object()
    first = board_room.item_extent(item, metrics)
    assert first == board_room.items_extent([item], metrics)
    monkeypatch.setattr(board_room, "items_extent", lambda items, m: (_ for _ in ()).throw(AssertionError))
    assert board_room.item_extent(item, metrics) == first
    other = Line(0.0, 0.0, 10.0, 5.0, width=1.0)  # equal, but another item: measured for itself
    monkeypatch.undo()
    assert board_room.item_extent(other, metrics) == first


def test_the_same_label_is_the_same_items():
    label = tile_art.Label("28", 4.0, 3.0, 20.0, 5.0, 4.0, True, halo=0.5)
    one, two = tile_art.label_items(label, 0.0, True), tile_art.label_items(label, 0.0, True)
    assert one == two and all(a is b for a, b in zip(one, two)) and one is not two
    assert [type(i).__name__ for i in one] == ["Rect", "Text", "Line"]


@pytest.mark.parametrize("game", ["edge-port-path-tiles", "eight-port-path-tiles", "hexagon-path-tiles", "shared-path"])
def test_the_boards_kept_geometry_is_what_it_works_out(game):
    """Each answer asked twice (kept the second time) equals the same board's answer worked out afresh."""
    from papergame.model.board import Board, Position

    board = load_definition(game).board
    for _ in range(2):
        fresh = Board(board.columns, board.rows, type(board.shape)(board.shape.sides, board.shape.ports))
        for cell in board.cells:
            assert board.cell_origin(cell) == fresh.cell_origin(cell)
            assert board.cell_corners(cell) == fresh.cell_corners(cell)
            for name in board.shape.sides + board.shape.ports:
                assert board.neighbour(cell, name) == fresh.neighbour(cell, name)
            for port in board.shape.ports:
                assert board.port_point(Position(cell, port)) == fresh.port_point(Position(cell, port))
                assert board.shape.side_index(port) == board.shape.ports.index(port) // board.shape.ports_per_side
        assert [board.shape.side_index(s) for s in board.shape.sides] == list(range(len(board.shape.sides)))


def test_a_text_is_written_as_reportlab_writes_it():
    """`pdf.draw_string` keeps each text's operators and writes them again: the same operators, character codes
    and subsets as reportlab's drawString / drawCentredString / drawRightString, texts new and seen, in any font
    and size, the canvas's state after them the same."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from papergame.render.fonts import font_name, register

    register()
    theirs, ours = (Canvas(io.BytesIO(), invariant=1) for _ in range(2))
    ours._papergame_texts = {}
    ways = {"start": "drawString", "middle": "drawCentredString", "end": "drawRightString"}
    texts = ["Tile 3·4", "", "Гра", "Tile 3·4", "Гра ґ", "(a) \\ b", "Tile 3·4"]
    for n, text in enumerate(texts * 2):
        for canvas in (theirs, ours):
            canvas.setFont(font_name(n % 3 == 0), 7.5 + n % 2)
        for anchor, way in ways.items():
            getattr(theirs, way)(10.5 + n, 20.25 * n, text)
            pdf.draw_string(ours, 10.5 + n, 20.25 * n, text, anchor)
    assert ours._code == theirs._code
    assert pdf.state_of(ours) == pdf.state_of(theirs)
    assert len(ours._papergame_texts) < len(texts) * 2 * 3
