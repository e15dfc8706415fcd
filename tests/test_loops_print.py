"""Single-loop puzzles on the kit's type profiles (issue 22 for issue 23's sheets): large print sets
every word at 16 pt or more, clear print at 12 pt or more in Atkinson Hyperlegible where it has the
letters; sheets, keys, the rules page and the guide, and the tile version, in the five languages."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from papergame.cli import main

CASES = [("--large-print", "en", []), ("--clear-print", "fr", []), ("--large-print", "es", ["--tiles"]),
         ("--large-print", "de", ["--size", "7", "--level", "medium"]), ("--clear-print", "uk", ["--copies", "2"])]
LEAST = {"--large-print": 16.0, "--clear-print": 12.0}


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("profile, lang, extra", CASES)
def test_every_word_of_every_loops_page_is_at_the_profiles_size(tmp_path, profile, lang, extra):
    out = tmp_path / "loops.pdf"
    result = CliRunner().invoke(main, ["loops", profile, "--lang", lang, "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    for name in ("loops.pdf", "loops-key.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                sizes = [c["size"] for c in page.chars]
                assert min(sizes) >= LEAST[profile] - 0.01, (name, number)  # the footer too
                faces = {c["fontname"].split("+")[-1] for c in page.chars if c["text"].isascii() and c["text"].isalpha()}
                if profile == "--clear-print" and lang != "uk":
                    assert faces and all("Atkinson" in f for f in faces), (name, number, faces)
            if name == "loops.pdf" and "--tiles" not in extra:
                numbers = [w for w in pdf.pages[0].extract_words(extra_attrs=["size"])
                           if w["text"] in ("0", "1", "2", "3") and w["size"] > LEAST[profile]]
                assert numbers  # the clues are there, at least at the profile's size


def test_the_standard_sheet_keeps_its_cells_and_large_print_grows_the_numbers(tmp_path):
    sizes = {}
    for profile in ([], ["--large-print"]):
        out = tmp_path / f"l{len(profile)}.pdf"
        assert CliRunner().invoke(main, ["loops", "--size", "10", *profile, "-o", str(out)]).exit_code == 0
        with pdfplumber.open(out) as pdf:
            sizes[bool(profile)] = min(w["size"] for w in pdf.pages[0].extract_words(extra_attrs=["size"])
                                       if w["text"] in ("0", "1", "2", "3") and w["top"] > 200)
    assert sizes[True] >= 16.0 > sizes[False]  # at 10 x 10 the standard sheet's numbers are smaller than 16 pt
