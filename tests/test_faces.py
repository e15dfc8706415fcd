"""The shipped fonts' `.face` files (render/faces.py) are what reportlab's parse of each font gives.

Fails after a font or reportlab changes until the files are written again
(`python -m papergame.render.faces`); a stale file is never used (the build parses the font instead).
"""

from __future__ import annotations

import io
from importlib import resources

import pytest
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from papergame.render import faces
from papergame.render.fonts import FILES, HYPER_FILES

FOLDER = resources.files("papergame.render").joinpath("fonts")
SHIPPED = {**FILES, **HYPER_FILES}


def same_value(kept, parsed) -> bool:
    if isinstance(parsed, TTFNameBytes):
        return type(kept) is TTFNameBytes and bytes(kept) == bytes(parsed) and kept.ustr == parsed.ustr
    return type(kept) is type(parsed) and kept == parsed


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_fonts_face_file_gives_the_font_reportlab_parses(name):
    filename = SHIPPED[name]
    data = FOLDER.joinpath(filename).read_bytes()
    kept = FOLDER.joinpath(filename + faces.SUFFIX).read_bytes()
    assert faces.cached_face(data, kept) is not None, f"{filename}{faces.SUFFIX} is stale: python -m papergame.render.faces"
    made, parsed = faces.font(name, FOLDER, filename), TTFont(name, io.BytesIO(data))
    assert type(made) is TTFont and type(made.face) is type(parsed.face)
    assert sorted(vars(made)) == sorted(vars(parsed))
    for key, value in vars(parsed).items():
        if key == "face":
            continue
        if key == "state":
            assert type(made.state) is type(value) and not made.state
        elif key == "encoding":
            assert type(made.encoding) is type(value) and vars(made.encoding) == vars(value)
        else:
            assert same_value(getattr(made, key), value), key
    assert sorted(vars(made.face)) == sorted(vars(parsed.face))
    for key, value in vars(parsed.face).items():
        if key == "_pdfScale":
            assert [made.face._pdfScale(v) for v in (0, 1, 517, 2048)] == [value(v) for v in (0, 1, 517, 2048)]
        else:
            assert same_value(getattr(made.face, key), value), key
    assert made.face._ttf_data == data


def test_a_face_file_for_other_bytes_or_no_face_file_at_all_is_not_used():
    data = FOLDER.joinpath(FILES["DejaVuSans"]).read_bytes()
    kept = FOLDER.joinpath(FILES["DejaVuSans"] + faces.SUFFIX).read_bytes()
    changed = data[:-1] + bytes([data[-1] ^ 1])  # same size, another CRC
    assert faces.cached_face(changed, kept) is None
    assert faces.cached_face(data + b"\0", kept) is None
    assert faces.cached_face(data, b"not marshal") is None
    assert faces.cached_face(data, kept[: len(kept) // 2]) is None


def test_a_font_without_its_face_file_is_parsed(tmp_path):
    (tmp_path / "f.ttf").write_bytes(FOLDER.joinpath(FILES["DejaVuSans"]).read_bytes())
    made = faces.font("F", tmp_path, "f.ttf")
    assert made.face.charToGlyph == TTFont("F", io.BytesIO((tmp_path / "f.ttf").read_bytes())).face.charToGlyph
