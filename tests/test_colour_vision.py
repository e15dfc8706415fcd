"""#22 "Colour, measured": every colour papergame prints, seen with colour-blind eyes.

The standard kit is grey only (`test_access.test_the_standard_and_clear_print_kits_print_no_colour`). The one colour
option is the tactile kit's sighted labels (`--red-labels`, red beside raised black), and the
SVG cut files draw their cuts as red hairlines beside a print layer of greys. For each of those
documents every colour it sets, and the white of the paper, is simulated for protanopia,
deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1, applied to linear
sRGB). Every colour that is not a grey must stay at least `LEAST` apart in CIELAB (ΔE*ab 1976)
from every other colour on its page, and from the paper, for every vision. Greys stay greys
for every vision (the matrices' rows sum to 1), so between two greys nothing changes.
"""

from __future__ import annotations

import itertools
import re

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main

LEAST = 20.0  # ΔE*ab: about nine just-noticeable differences, two colours no one mistakes for each other

MACHADO = {  # linear-sRGB matrices, severity 1.0 (Machado et al. 2009, table 1)
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)
PAPER = (1.0, 1.0, 1.0)


def linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def seen(rgb: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    """The colour as CIELAB (D65) for eyes with `vision`."""
    lin = [linear(c) for c in rgb]
    if vision != "normal":
        lin = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in MACHADO[vision]]
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float], vision: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(seen(a, vision), seen(b, vision))) ** 0.5


def grey(colour: tuple[float, float, float]) -> bool:
    return max(colour) - min(colour) < 0.005


def closest(colours: set[tuple[float, float, float]], vision: str) -> tuple[float, tuple, tuple] | None:
    """The colour (not a grey) and the other colour that look most alike to `vision`, and how far
    apart they look; None when there is no colour but greys."""
    pairs = [(delta_e(a, b, vision), a, b) for a, b in itertools.permutations(sorted(colours), 2) if not grey(a)]
    return min(pairs) if pairs else None


def rgb(value) -> tuple[float, float, float] | None:
    """A pdfplumber colour (grey, RGB or CMYK) as RGB, rounded so one colour is one value."""
    if value is None:
        return None
    value = (value,) if isinstance(value, (int, float)) else tuple(value)
    if len(value) == 1:
        value = value * 3
    elif len(value) == 4:
        c, m, y, k = value
        value = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return tuple(round(float(v), 4) for v in value)  # type: ignore[return-value]


def pdf_colours(path) -> list[set[tuple[float, float, float]]]:
    """The colours each page sets, with the paper's white."""
    pages = []
    with pdfplumber.open(path) as doc:
        for page in doc.pages:
            found = {PAPER}
            for thing in page.chars + page.rects + page.lines + page.curves:
                for key in ("stroking_color", "non_stroking_color"):
                    colour = rgb(thing.get(key))
                    if colour is not None:
                        found.add(colour)
            pages.append(found)
    return pages


def svg_colours(folder) -> set[tuple[float, float, float]]:
    found = set()
    for svg in sorted(folder.glob("*.svg")):
        for hex_colour in re.findall(r'(?:fill|stroke)="#([0-9a-f]{6})"', svg.read_text(encoding="utf-8")):
            found.add(tuple(round(int(hex_colour[i:i + 2], 16) / 255, 4) for i in (0, 2, 4)))
    return found


def built(tmp_path, *args: str):
    result = CliRunner().invoke(main, ["build", "-o", str(tmp_path / "kit.pdf"), *args])
    assert result.exit_code == 0, result.output
    return tmp_path


def test_the_simulation_is_machados():
    """Known values, so a wrong matrix or a missing linearisation fails here first: pure red seen
    by a protanope is a dark olive (linear RGB 0.152, 0.115, 0), and red and a brown that
    normal eyes tell apart by ΔE 62 look alike to a protanope (the check can fail)."""
    brown = (0.6, 0.35, 0.0)
    assert delta_e((1.0, 0.0, 0.0), brown, "normal") > 60
    assert delta_e((1.0, 0.0, 0.0), brown, "protanopia") < 1
    assert abs(seen((1.0, 0.0, 0.0), "protanopia")[0] - 40.3) < 0.5  # L* of (0.152, 0.115, 0) linear
    grey = (0.5, 0.5, 0.5)
    for vision in VISIONS:  # Machado's rows sum to 1: greys stay grey
        assert delta_e(grey, grey, vision) == 0
        assert abs(seen(grey, vision)[1]) < 0.1 and abs(seen(grey, vision)[2]) < 0.1


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("args", [("--tactile", "--red-labels"), ("--tactile", "--red-labels", "--large-print")],
                         ids=["tactile", "tactile-large"])
def test_the_red_labels_stay_apart_from_black_and_paper_for_every_vision(tmp_path, args):
    pages = pdf_colours(built(tmp_path, *args) / "kit.pdf")
    red = [n for n, colours in enumerate(pages, 1) if not all(grey(c) for c in colours)]
    assert len(red) >= 7, f"red labels on pages {red} only"  # the key, the board parts, the tiles and tokens
    for n, colours in enumerate(pages, 1):
        for vision in VISIONS:
            found = closest(colours, vision)
            if found:
                gap, a, b = found
                assert gap >= LEAST, f"page {n}, {vision}: {a} and {b} look alike (ΔE {gap:.1f} < {LEAST})"


def test_the_svg_cut_lines_stay_apart_from_every_printed_grey_for_every_vision(tmp_path):
    colours = svg_colours(built(tmp_path, "--format", "svg")) | {PAPER}
    assert (1.0, 0.0, 0.0) in colours, sorted(colours)
    red = (1.0, 0.0, 0.0)
    for vision in VISIONS:
        gap, other = min((delta_e(red, c, vision), c) for c in colours if c != red)
        assert gap >= LEAST, f"{vision}: the red cut lines and {other} look alike (ΔE {gap:.1f} < {LEAST})"
