"""Pages for children and teachers, measured from the PDF: type sizes, the game's name, the record sheet."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from papergame.cli import main
from papergame.data.games import load_definition
from papergame.model.geometry import TileShape, standard_ports
from papergame.model.rules import tile_notation
from pdfmeasure import mm, open_pdf, page_text, squares

PT = 0.3528  # mm
FOOTER_H = 15.0  # the scale check at the foot of every page


def build(folder: Path, *args: str, name: str = "kit.pdf") -> Path:
    out = folder / name
    result = CliRunner().invoke(main, ["build", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


def kit_files(out: Path) -> list[Path]:
    """The players' file and, beside it when there is one, the host's file (`kit.pdf` -> `kit-host-key.pdf`)."""
    host = out.with_name(f"{out.stem}-host-key.pdf")
    return [out, host] if host.exists() else [out]


def write_full_set(path: Path, kind: str, per_side: int, size: int, starts: tuple[str, str], copies: int = 1) -> Path:
    """A definition holding every different tile the shape allows (35 for squares with two ports a side)."""
    sides, ports = standard_ports(kind, per_side)
    tiles = TileShape(sides, ports).all_tiles()
    q = lambda names: "[" + ", ".join(f'"{n}"' for n in names) + "]"  # noqa: E731
    text = [f"[shape]\nsides = {q(sides)}\nports = {q(ports)}\n",
            f"[board]\ncolumns = {q([chr(65 + i) for i in range(size)])}\nrows = {q([str(i + 1) for i in range(size)])}\n"]
    for name, start in zip(("white", "black"), starts):
        text.append(f'[[tokens]]\nname = "{name}"\nstart = "{start}"\n')
    text.append("[deal]\nhand = 3\n")
    for i, pairs in enumerate(tiles, 1):
        text.append(f"[[tiles]]\ntype = {i}\npairs = [{', '.join(q(p) for p in pairs)}]\ncopies = {copies}\n")
    path.write_text("\n".join(text), encoding="utf-8")
    return path


def true_size(c: dict) -> float:
    """The type size in pt, also for turned text (pdfminer's `size` is a bounding-box side then)."""
    if c["upright"]:
        return c["size"]
    a, b = abs(c["matrix"][0]), abs(c["matrix"][1])
    if abs(a - b) < 0.05:
        return max(c["width"], c["height"]) / (a + b)
    return (c["height"] * a - c["width"] * b) / (a * a - b * b) if a > b else (c["width"] * b - c["height"] * a) / (b * b - a * a)


def column_text(page) -> str:
    """The page's words column by column (left half, then right), on one line."""
    w = page.width
    halves = [page.crop((0, 0, w / 2, page.height)), page.crop((w / 2, 0, w, page.height))]
    return " ".join(" ".join((h.extract_text() or "").split()) for h in halves)


def chars_by_page(path: Path) -> list[tuple[str, list[dict], float]]:
    """(first line, characters, page height in mm) for every page."""
    with open_pdf(path) as pdf:
        return [(page_text(p).splitlines()[0], [c | {"size": true_size(c)} for c in p.chars], mm(p.height))
                for p in pdf.pages]


def words(chars: list[dict]) -> list[tuple[str, float, float]]:
    """Runs of characters on one baseline at one size: (text, size in pt, distance from the page foot in mm)."""
    out: list[tuple[str, float, float]] = []
    current, key = "", None
    for c in chars:
        k = (round(c["bottom"], 1), round(c["size"], 2))
        if k != key or c["text"] == " ":
            if current.strip():
                out.append((current, key[1], 0.0))
            current, key = "", k
        if c["text"] != " ":
            current += c["text"]
    if current.strip():
        out.append((current, key[1], 0.0))
    return out


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("kit"))


READ_PAGES = ("How to play", "Player record", "Host key", "Teacher's guide")


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("size", ["20", "35", "60"])
def test_no_character_on_a_reading_page_is_under_7_pt(tmp_path, size):
    path = build(tmp_path, "--tile-size", size, "--ink", "low" if size != "35" else "normal",
                 "--only", "rules,record,host-key,guide")
    for title, chars, _ in chars_by_page(path):
        if not title.startswith(READ_PAGES):
            continue
        small = sorted({(c["text"], round(c["size"], 2)) for c in chars if c["size"] < 7.0})
        assert not small, f"{title}: {small[:5]}"


def test_reading_pages_set_body_at_11_pt_and_captions_at_9(kit):
    for title, chars, height in chars_by_page(kit):
        if not title.startswith(READ_PAGES):
            continue
        body = [c for c in chars if (height - mm(c["bottom"])) > (height - 263.0) / 2 + FOOTER_H]
        sizes = Counter(round(c["size"], 1) for c in body if c["text"].strip())
        assert sizes.most_common(1)[0][0] >= 11.0, (title, sizes.most_common(3))
        # words of three letters or more are text, not a picture's label: captions and up
        for word, size, _ in words(body):
            if len(word) >= 3:
                assert size >= 9.0, f"{title}: {word!r} at {size:.2f} pt"


def test_the_game_name_is_on_every_page(kit):
    for title, chars, _ in chars_by_page(kit):
        assert "Edge-port path tiles" in "".join(c["text"] for c in chars), title


def test_the_rules_say_the_missing_facts(kit):
    with open_pdf(kit) as pdf:
        pages = [p for p in pdf.pages if page_text(p).startswith("How to play")]
        flat = " ".join(column_text(p) + " " + " ".join(page_text(p).split()) for p in pages)
    for phrase in ("2 players", "15 to 20 minutes", "You learn to follow a path", "never turned or moved",
                   "with help", "An adult may cut them out",
                   "Some lines are hollow so you can tell them apart where they cross",
                   "A port is the middle of a side, where lines meet",
                   "Each quarter turn moves every line end to the next side, clockwise",
                   "steps of 90°", "4 ways"):
        assert phrase in flat, phrase


def test_the_default_rules_and_record_take_one_page_each(kit):
    titles = [t for t, _, _ in chars_by_page(kit)]
    assert titles.count("How to play") == 1 and titles.count("Player record") == 1


def test_record_sheet_has_a_stop_per_token_an_unnumbered_example_and_a_reason(kit):
    with open_pdf(kit) as pdf:
        page = next(p for p in pdf.pages if page_text(p).startswith("Player record"))
        lines = page_text(page).splitlines()
        header = next(line for line in lines if line.startswith("Turn"))
        assert "White stops at" in header and "Black stops at" in header
        example = next(line for line in lines if line.startswith("Example"))
        assert example.split() == ["Example", "White", "A1", "3", "A2/S", "E5/N"]  # the host key's notation
        numbered = [line.split()[0] for line in lines if line.split() and line.split()[0].isdigit()]
        assert numbered[:18] == [str(n) for n in range(1, 19)]
        assert lines.index(example) < lines.index(next(line for line in lines if line.split()[:1] == ["1"]))
        assert any(line.startswith("Why:") for line in lines)
        # the example row is shaded: a filled rectangle behind it, its top just under the header
        example_top = min(c["top"] for c in page.chars if c["text"] == "E" and c["size"] >= 11 and
                          page.extract_text_lines and True)
        shaded = [r for r in page.rects if r.get("non_stroking_color") not in (None, (1,), [1], 1)
                  and r["top"] <= example_top <= r["bottom"]]
        assert shaded


@pytest.mark.default_cases(1)
@pytest.mark.parametrize("kind,per_side,starts,copies,types", [
    ("square", 2, ("A1/S1", "F6/N1"), 1, 35),
    ("hexagon", 1, ("A1/S", "E5/N"), 3, 5),
])
def test_many_types_flow_over_pages_and_words_come_from_the_shape(tmp_path, kind, per_side, starts, copies, types):
    game = write_full_set(tmp_path / "game.toml", kind, per_side, 6 if kind == "square" else 5, starts, copies)
    path = build(tmp_path, "--game", str(game), "--only", "rules,host-key")
    assert len(kit_files(path)) == 2  # the rules in the players' file, the host key in the host's
    texts, columns = [], []
    for file in kit_files(path):
        with open_pdf(file) as pdf:
            texts += [page_text(p) for p in pdf.pages]
            columns += [column_text(p) for p in pdf.pages]
    rules = " ".join(c for t, c in zip(texts, columns) if t.startswith("How to play"))
    key = " ".join(" ".join(t.split()) for t in texts if t.startswith("Host key"))
    for n in range(1, types + 1):
        assert f"Type {n}:" in rules
    if kind == "square":
        assert sum(t.startswith("How to play") for t in texts) >= 2
        # 35 types, a row each, two-up: White's table on the first sheet, Black's on the second
        assert sum(t.startswith("Host key") for t in texts) == 2
        assert "steps of 90°" in rules and "4 ways" in rules and "2 ports on each side" in rules
        assert "N1, N2, E1, E2" in rules and "N1 to E1" in rules
        assert "Type 0° 90° 180° 270°" in key and all(f" {n} " in key for n in range(1, types + 1))
    else:
        assert "hexagon with 6 sides" in rules and "steps of 60°" in rules and "6 ways" in rules
        assert "N to NE, NE to SE" in rules and "90" not in rules
        assert "Type 0° 60° 120° 180° 240° 300°" in key


# --- class sets ---------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, list(args))


class ClassSet(NamedTuple):
    path: Path
    output: str
    texts: list[str]  # every page's text, read with pdfium (fast): the players' file
    host_texts: list[str]  # ... and the host's file beside it
    tile_pages: list[tuple[list[dict], list[dict]]]  # (35 mm squares, words) of each tile sheet
    discs: list[float]  # diameters in mm of the round shapes on the token sheets


@pytest.fixture(scope="module")
def class_set(tmp_path_factory) -> ClassSet:
    out = tmp_path_factory.mktemp("class") / "class.pdf"
    result = run("build", "--kits", "15", "-o", str(out))
    assert result.exit_code == 0, result.output
    doc = pdfium.PdfDocument(str(out))
    texts = [doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))]
    host = pdfium.PdfDocument(str(out.with_name("class-host-key.pdf")))
    host_texts = [host[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(host))]
    tiles, discs = [], []
    with open_pdf(out) as pdf:
        for text, page in zip(texts, pdf.pages):
            if text.startswith("Tiles"):
                tiles.append((squares(page, 35.0), page.extract_words(keep_blank_chars=True)))
            if "Tokens" in text.splitlines()[0]:
                discs += [mm(c["width"]) for c in page.curves if abs(c["width"] - c["height"]) < 0.1]
    return ClassSet(out, result.output, texts, host_texts, tiles, discs)


def test_fifteen_kits_take_at_most_56_sheets_besides_the_guide(class_set):
    """The players' file holds the 15 kits, the host's file the one host key and the guide."""
    titles = [t.splitlines()[0] for t in class_set.texts]
    host = [t.splitlines()[0] for t in class_set.host_texts]
    guide = sum(t.startswith("Teacher's guide") for t in host)
    key = sum(t.startswith("Host key") for t in host)
    assert key == 1 and guide >= 1 and key + guide == len(host)
    assert len(titles) + key <= 56
    assert not any(t.startswith(("Host key", "Teacher's guide")) for t in titles)
    folder = class_set.path.parent
    assert class_set.output == (f"Wrote {class_set.path.name} ({len(titles)} sheets: 15 kits) for the players in {folder}\n"
                                f"Wrote class-host-key.pdf ({len(host)} sheets: {key} for the host key, {guide} for the "
                                f"teacher's guide) for the host only in {folder}\n")
    assert sum(t.startswith("How to play") for t in titles) == 15


def kit_ids(words: list[dict]) -> list[dict]:
    """A class set's tile ids as a page's words print them: `K15 · 3·1` on one line, or stacked where one line finds
    no room clear of the lines, `K15` over `3·1` (left-aligned, the next line down), each as one word-like dict."""
    ids = [w for w in words if w["text"].strip().startswith("K") and w["text"].count("·") == 2]
    numbers = [w for w in words if re.fullmatch(r"\d+·\d+", w["text"].strip())]
    for kit in (w for w in words if re.fullmatch(r"K\d+", w["text"].strip())):
        height = kit["bottom"] - kit["top"]
        under = [n for n in numbers if abs(n["x0"] - kit["x0"]) < 0.5 and 0.5 * height < n["top"] - kit["top"] < 1.6 * height]
        if len(under) == 1:
            ids.append({"text": f'{kit["text"].strip()} · {under[0]["text"].strip()}', "x0": kit["x0"],
                        "x1": max(kit["x1"], under[0]["x1"]), "top": kit["top"], "bottom": under[0]["bottom"]})
    return ids


def test_every_tile_of_a_class_set_carries_its_kit_number_inside_it(class_set):
    found: dict[str, int] = {}
    for tiles, words in class_set.tile_pages:
        ids = kit_ids(words)
        for tile in tiles:  # every tile holds exactly one kit id, wholly inside it
            inside = [w for w in ids if tile["x0"] + 0.5 <= w["x0"] and w["x1"] <= tile["x1"] - 0.5
                      and tile["top"] + 0.5 <= w["top"] and w["bottom"] <= tile["bottom"] - 0.5]
            assert len(inside) == 1
            kit = inside[0]["text"].split()[0]
            found[kit] = found.get(kit, 0) + 1
        assert len(ids) == len(tiles)
    assert found == {f"K{n}": 18 for n in range(1, 16)}


def test_boards_records_and_tokens_carry_their_kit_number(class_set):
    for title in ("Board", "Player record", "How to play"):
        pages = [t for t in class_set.texts if t.startswith(title)]
        assert len(pages) == 15
        for n, text in enumerate(pages, start=1):
            assert f"\nKit {n}\n" in text or text.startswith(f"{title} Kit {n}\n")  # the stamp by the title
            assert f"Edge-port path tiles – Kit {n} – Page" in text
    # every token carries its kit's number (7.7 pt, on a disc inside the ring), and one kit's six
    # tokens are on one sheet, with the kit named once below them
    numbers: dict[int, list[int]] = {}
    with open_pdf(class_set.path) as pdf:
        for i, (text, page) in enumerate(zip(class_set.texts, pdf.pages)):
            if not text.startswith(("Tokens", "Tiles", "Board")):
                continue
            for w in page.extract_words(extra_attrs=["size"]):
                if w["text"].isdigit() and abs(w["size"] - 2.7 / mm(1)) < 0.05:
                    numbers.setdefault(int(w["text"]), []).append(i)
            for n in range(1, 16):
                if i in numbers.get(n, []):
                    assert f"Kit {n}" in text
    assert sorted(numbers) == list(range(1, 16))
    for n, pages in numbers.items():
        assert len(pages) == 6 and len(set(pages)) == 1


def test_tokens_of_a_class_set_are_at_least_15_mm_across(class_set):
    assert len([d for d in class_set.discs if d >= 15.0 - 0.01]) == 90


def test_one_kit_is_reprinted_under_its_number(tmp_path):
    out = tmp_path / "k7.pdf"
    result = run("build", "--kit", "7", "--tiles", "3x2", "-o", str(out))
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        ids = sorted(w["text"] for w in pdf.pages[0].extract_words(keep_blank_chars=True) if "·" in w["text"])
    assert ids == ["K7 · 3·1", "K7 · 3·2"]
    result = run("build", "--kit", "7", "--only", "record", "-o", str(out))
    with open_pdf(out) as pdf:
        assert "Kit 7" in page_text(pdf.pages[0])


@pytest.mark.parametrize("args,message", [
    (["--kits", "41"], "Error: --kits: 41 is outside 1 to 40"),
    (["--kits", "0"], "Error: --kits: 0 is outside 1 to 40"),
    (["--kit", "0"], "Error: --kit: 0 is outside 1 to 40"),
    (["--kits", "15", "--kit", "16"], "Error: --kit: there is no kit 16 in a set of 15 (kits 1 to 15)"),
])
def test_bad_kit_numbers_get_exact_errors(tmp_path, args, message):
    result = run("build", *args, "-o", str(tmp_path / "never.pdf"))
    assert result.exit_code == 2
    assert result.output == message + "\n"
    assert not (tmp_path / "never.pdf").exists()


def test_the_guide_is_a_part_of_its_own(tmp_path):
    out = tmp_path / "guide.pdf"
    result = run("build", "--only", "guide", "-o", str(out))
    assert result.exit_code == 0, result.output
    with open_pdf(out) as pdf:
        text = " ".join(" ".join(column_text(p).split()) for p in pdf.pages)
    for phrase in ("The host is the adult who runs the game", "thin card, one-sided", "45-minute lesson",
                   "5 minutes, demonstration", "bag or an envelope", "3 in A1: White goes from A1/S to A2/S"):
        assert phrase in text, phrase


# --- worksheets ---------------------------------------------------------------------------


def worksheet(folder: Path, *args: str, name: str = "ws.pdf") -> tuple[dict, Path, Path]:
    import json

    out = folder / name
    result = run("worksheet", "-o", str(out), "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), out, out.with_name(out.stem + "-key.pdf")


@pytest.fixture(scope="module")
def class_sheets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ws")
    return worksheet(folder, "--copies", "4", "--seed", "7", "--compact-key")


def test_worksheet_text_is_11_pt_and_nothing_under_7(tmp_path):
    _, sheets, keys = worksheet(tmp_path, "--level", "easy", "--copies", "2")
    for path in (sheets, keys):
        for title, chars, height in chars_by_page(path):
            assert not [c["text"] for c in chars if c["size"] < 7.0], title
            body = [c for c in chars if (height - mm(c["bottom"])) > (height - 263.0) / 2 + FOOTER_H]
            sizes = Counter(round(c["size"], 1) for c in body if c["text"].strip())
            assert sizes.most_common(1)[0][0] >= 11.0, (title, sizes.most_common(3))
            for word, size, _ in words(body):
                if len(word) >= 4 and word.isalpha():
                    assert size >= 9.0, f"{title}: {word!r} at {size:.2f} pt"


def test_worksheets_print_on_letter_in_low_ink_with_a_correction(tmp_path):
    _, sheets, keys = worksheet(tmp_path, "--paper", "letter", "--ink", "low", "--measured", "49", "--level", "easy")
    with open_pdf(sheets) as pdf, open_pdf(keys) as kpdf:
        for page in list(pdf.pages) + list(kpdf.pages):
            assert (round(mm(page.width), 1), round(mm(page.height), 1)) == (215.9, 279.4)
            assert "Scaled by 102.04%" in page_text(page)
            # low ink: no text in full black
            assert all(c["non_stroking_color"] not in ((0,), [0], (0.0,), [0.0], 0) for c in page.chars)
    result = run("check", str(sheets))
    assert "49" in result.output


def head(page) -> tuple[str, str]:
    """A sheet's title (its first line of words) and the sheet's number at the right of it (at the heading size, a
    line of text of its own after the name and date lines where the title's line holds them)."""
    lines = page_text(page).splitlines()
    return lines[0], " ".join(lines[1].split()[-2:])


def test_worksheets_take_a_text_file(tmp_path):
    english = (Path(__file__).parent.parent / "templates" / "edge-port-path-tiles" / "text.en.toml").read_text(
        encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(english.replace('title = "Predict the exit"', 'title = "Where does it go?"'), encoding="utf-8")
    _, sheets, _ = worksheet(tmp_path, "--text", str(mine), "--lang", "en", "--level", "easy")
    with open_pdf(sheets) as pdf:
        assert head(pdf.pages[0]) == ("Where does it go?", "Sheet 1")


def test_one_sheet_of_a_class_set_is_reprinted_under_its_number(class_sheets, tmp_path):
    data, _, _ = class_sheets
    third = data["sheets"][2]
    again, sheets, keys = worksheet(tmp_path, "--sheet", "3", "--seed", str(third["seed"]))
    assert again["sheets"] == [third]
    with open_pdf(sheets) as pdf, open_pdf(keys) as kpdf:
        assert head(pdf.pages[0]) == ("Predict the exit", "Sheet 3")
        assert head(kpdf.pages[0]) == ("Answer key", "Sheet 3")
        assert f"seed {third['seed']}" in page_text(pdf.pages[0])


def test_the_compact_key_holds_every_answer_on_one_page(class_sheets):
    data, _, keys = class_sheets
    definition = load_definition()
    with open_pdf(keys) as pdf:
        assert len(pdf.pages) == 1
        text = " ".join(page_text(pdf.pages[0]).split())
    assert text.startswith("Answer key for the class")
    for sheet in data["sheets"]:
        assert f"{sheet['number']} {sheet['seed']} 1." in text
        for puzzle in sheet["puzzles"]:
            answer = puzzle["answer"]
            if puzzle["kind"] == "exit":
                expected = answer["end"] if answer["end"] != "out" else "OUT"
            else:  # a type safe at every turn is one answer, then each other look once
                every = [t.id for t in definition.tiles
                         if all(tile_notation(t.id, r) in answer["safe"] for r in definition.shape.rotations)]
                looks = [f"type {t}: any turn" for t in dict.fromkeys(puzzle["hand"]) if t in every]
                looks += [" or ".join(look) for look in answer["safe_looks"] if int(look[0].split("@")[0]) not in every]
                expected = "; ".join(looks)
            assert f"{puzzle['number']}. {expected}" in text


def test_safe_answers_list_each_look_once():
    from papergame.activities.worksheet import make_worksheet
    from papergame.data.games import load_definition
    from papergame.model.rules import rotated_links

    definition = load_definition()
    seen = 0
    for seed in range(30):
        for puzzle in make_worksheet(definition, 1, seed, "easy", 3).puzzles:
            if puzzle.kind != "safe":
                continue
            looks = puzzle.safe_looks
            assert sorted(n for look in looks for n in look) == sorted(puzzle.safe)
            drawn = [{frozenset(frozenset(p) for p in rotated_links(definition, definition.tile_type(int(n.split("@")[0])),
                                                                      int(n.split("@")[1])).items()) for n in look}
                     for look in looks]
            assert all(len(d) == 1 for d in drawn)  # one look per group
            assert len({next(iter(d)) for d in drawn}) == len(drawn)  # and no look in two groups
            seen += sum(len(look) > 1 for look in looks)
    assert seen, "no safe answer had two placements that look the same"


@pytest.mark.parametrize("args,message", [
    (["--sheet", "0"], "Error: --sheet: 0 is outside 1 to 200"),
    (["--sheet", "3", "--copies", "2"],
     "Error: --sheet: reprints one sheet of a class set, so it does not go with copies above 1"),
    (["--measured", "70"], "Error: --measured: 70 mm is outside 40 to 60 mm; measure the 50 mm bar of a page "
                           "printed at 100% and give its length in mm"),
])
def test_bad_worksheet_options_get_exact_errors(tmp_path, args, message):
    result = run("worksheet", *args, "-o", str(tmp_path / "never.pdf"))
    assert result.exit_code == 2
    assert result.output == message + "\n"
    assert not (tmp_path / "never.pdf").exists()
