"""`build --measured` stays on the paper, and `check` gives a true, plain answer (issue 12, cases 1 and 7)."""

from __future__ import annotations

import pikepdf
import pypdf
import pytest
from click.testing import CliRunner
from pypdf import Transformation

import papergame.options
from papergame.cli import main
from papergame.layout.paper import CONTENT_H, CONTENT_W, PAPERS, scale_check
from papergame.pdfread import check
from papergame.printmarks import BAR_MM, BAR_TICKS
from papergame.render.fonts import FontMetrics
from papergame.layout.paper import content_box
from papergame.layout.primitives import Line


def invoke(*args):
    return CliRunner().invoke(main, list(args), prog_name="papergame")


def build(tmp_path, *args, name="kit.pdf"):
    out = tmp_path / name
    result = invoke("build", "-o", str(out), *args)
    assert result.exit_code == 0, result.output
    return out


def transformed(source, target, scale=1.0, paper=None):
    """`source` with every page's drawing scaled about the origin (and onto another paper, centred)."""
    writer = pypdf.PdfWriter(clone_from=str(source))
    for page in writer.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        if paper is not None:
            pw, ph = (v * 72 / 25.4 for v in PAPERS[paper])
            scale = min(pw / w, ph / h)
            page.add_transformation(Transformation().scale(scale, scale).translate((pw - w * scale) / 2,
                                                                                   (ph - h * scale) / 2))
            page.mediabox = pypdf.generic.RectangleObject([0, 0, pw, ph])
        else:
            page.add_transformation(Transformation().scale(scale, scale).translate(w * (1 - scale) / 2,
                                                                                   h * (1 - scale) / 2))
    writer.write(target)
    return target


# --- 1. --measured never pushes the kit off the paper ------------------------------------------------


@pytest.mark.parametrize("paper,name,lowest", [("a4", "A4", 46.7), ("letter", "Letter", 47.5)])
def test_a_correction_that_would_push_the_kit_off_the_paper_is_refused(tmp_path, paper, name, lowest):
    for measured in ("41", f"{lowest - 0.1:g}"):
        result = invoke("build", "-o", str(tmp_path / "kit.pdf"), "--paper", paper, "--measured", measured)
        assert result.exit_code == 2
        assert result.output == (
            f"Error: --measured: {measured} mm would enlarge every page by {100 * 50 / float(measured):.0f}% and push "
            f"its edges off {name} paper; on {name} it can be {lowest:g} to 60 mm (a printer that shrinks more needs "
            "its own scaling setting fixed)\n")
        assert not (tmp_path / "kit.pdf").exists()


@pytest.mark.parametrize("paper,lowest", [("a4", 46.7), ("letter", 47.5)])
def test_the_lowest_correction_keeps_everything_on_the_page(tmp_path, paper, lowest):
    """The limit is the real one: at it, check finds nothing past any page's edge, and the limit is tight."""
    out = build(tmp_path, "--paper", paper, "--measured", f"{lowest:g}")
    result = invoke("check", str(out))
    assert result.exit_code == 0, result.output
    assert "prints true on a printer that prints 50 mm as" in result.output
    pw, ph = PAPERS[paper]
    k = BAR_MM / lowest
    assert max(CONTENT_W * k - pw, CONTENT_H * k - ph) > -3  # no room wasted: 0.1 mm less would be refused


def test_check_reports_drawing_past_the_page_edge(tmp_path, monkeypatch):
    """What --measured 41 used to make (the titles and column A cut off): check must not call it true."""
    monkeypatch.setattr(papergame.options, "lowest_measurement", lambda paper: 40.0)
    out = build(tmp_path, "--measured", "41", "--only", "board")
    result = invoke("check", str(out))
    assert result.exit_code == 1
    assert result.output.startswith(f"{out}: page 1 draws ")
    past = float(result.output.split(" draws ")[1].split(" mm")[0])
    assert past == pytest.approx((CONTENT_W * 50 / 41 - 210) / 2, abs=1.0)
    assert "past the edge of the page, so a printer cuts it off; rebuild it with a larger --measured, or none" in \
        result.output


# --- 7. check: true, plain answers ------------------------------------------------------------------


@pytest.mark.parametrize("scale,words", [(0.996, "0.4% small"), (0.998, "0.2% small"), (1.004, "0.4% large"),
                                         (1.0049, "0.5% large")])
def test_a_file_off_by_less_than_half_a_percent_prints_true(tmp_path, scale, words):
    out = transformed(build(tmp_path, "--only", "board,tiles"), tmp_path / "near.pdf", scale)
    result = invoke("check", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{out}: prints true at 100% / Actual size, {words}, too little to matter (")


@pytest.mark.parametrize("scale,percent", [(0.994, "99.4"), (1.006, "100.6"), (0.96, "96")])
def test_a_file_off_by_more_than_half_a_percent_is_scaled(tmp_path, scale, percent):
    out = transformed(build(tmp_path, "--only", "board,tiles"), tmp_path / "off.pdf", scale)
    result = invoke("check", str(out))
    assert result.exit_code == 1, result.output
    assert f"this file was scaled to {percent}%; rebuild it or print the original at Actual size" in result.output


def test_a_rules_only_file_has_no_tiles_to_measure(tmp_path):
    out = build(tmp_path, "--only", "rules")
    result = invoke("check", str(out))
    assert result.exit_code == 0
    assert result.output == f"{out}: prints true at 100% / Actual size (the 50 mm bar measures 50.00 mm; A4, 210 × 297 mm).\n"


def test_a_scaled_rules_only_file_is_told_by_its_bar_not_its_diagrams(tmp_path):
    out = transformed(build(tmp_path, "--only", "rules"), tmp_path / "rules96.pdf", 0.96)
    result = invoke("check", str(out))
    assert result.exit_code == 1
    assert result.output.startswith(f"{out}: the 50 mm bar measures 48.0 mm: this file was scaled to 96%;")


@pytest.mark.parametrize("tiles,size", [("3x2", "35.00"), ("1.4", "35.00")])
def test_a_tile_reprint_reports_its_tiles(tmp_path, tiles, size):
    out = build(tmp_path, "--tiles", tiles)
    result = invoke("check", str(out))
    assert result.exit_code == 0
    assert f"tiles {size} mm" in result.output


def test_small_tiles_on_the_boards_sheet_are_measured(tmp_path):
    out = build(tmp_path, "--tile-size", "20")
    result = invoke("check", str(out))
    assert result.exit_code == 0
    assert "tiles 20.00 mm, board cells 20.00 mm" in result.output


@pytest.mark.parametrize("made,onto,percent", [("a4", "letter", "94.1"), ("letter", "a4", "97.3")])
def test_a_kit_fitted_to_the_other_paper_says_to_rebuild_for_it(tmp_path, made, onto, percent):
    out = transformed(build(tmp_path, "--paper", made), tmp_path / "fitted.pdf", paper=onto)
    result = invoke("check", str(out))
    assert result.exit_code == 1
    name = {"a4": "A4", "letter": "Letter"}
    assert result.output.startswith(f"{out}: this {name[made]} kit was fitted to {name[onto]} paper, which scaled it "
                                    f"to {percent}%; rebuild it with --paper {onto} (")


def test_a_damaged_file_gets_a_plain_message(tmp_path):
    out = build(tmp_path, "--only", "tokens")
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(out.read_bytes()[:300])
    for command in ("check", "preview"):
        result = invoke(command, str(broken))
        assert result.exit_code == 2
        assert result.output == (f"Error: {broken}: cannot open: it is not a PDF, or a damaged one; make it again "
                                 "or ask for a new copy\n")


def test_a_password_protected_file_gets_a_plain_message(tmp_path):
    out = build(tmp_path, "--only", "tokens")
    locked = tmp_path / "locked.pdf"
    with pikepdf.open(out) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="teacher", user="secret"))
    result = invoke("check", str(locked))
    assert result.exit_code == 2
    assert result.output == (f"Error: {locked}: cannot open: the PDF is locked with a password; open it with the "
                             "password and save a copy without one\n")
    assert "PDFium" not in result.output


# --- one definition of the scale bar, shared by the drawing and the measuring -----------------------


def test_the_drawn_bar_has_the_ticks_check_looks_for():
    items = scale_check(content_box("a4"), "Measure", "50 mm", "2 in", FontMetrics())
    left = content_box("a4").x
    ticks = [i for i in items if isinstance(i, Line) and i.x1 == i.x2 and i.x1 - left <= BAR_MM + 0.01]
    assert len(ticks) == BAR_TICKS
    source = open(check.__file__, encoding="utf-8").read()
    assert "51" not in source and "50.0" not in source  # check takes both from printmarks


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("size", ["20", "35", "60"])
def test_hexagon_tiles_and_cells_are_measured_across_the_flat_sides(tmp_path, size):
    out = build(tmp_path, "--game", "hexagon-path-tiles", "--tile-size", size, "--only", "board,tiles")
    result = invoke("check", str(out))
    assert result.exit_code == 0, result.output
    assert f"tiles {size}.00 mm across the flat sides, board cells {size}.00 mm across the flat sides" in result.output
    scaled = transformed(out, tmp_path / "hex96.pdf", 0.96)
    result = invoke("check", str(scaled))
    assert result.exit_code == 1
    assert f"tiles {float(size) * 0.96:.2f} mm across the flat sides" in result.output
