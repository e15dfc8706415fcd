"""The shipped fonts' metrics as reportlab parses them, kept in a file beside each font (`NAME.ttf.face`).

reportlab reads a TrueType file in pure Python, table by table and glyph by glyph: parsing the two
DejaVu faces took a sixteenth of a default build's instructions, every run. A `.face` file holds
what that parse gives (the face's attributes, marshalled) with the size and CRC-32 of the font it
came from and the reportlab version that made it. `font()` uses it only when all three match, else
it parses the font as before: a stale or unreadable `.face` file costs time, never a different PDF.
The font's own bytes are still what a PDF embeds a subset of.

After changing a font or reportlab, write the files again (`tests/test_faces.py` fails until then):

    python -m papergame.render.faces
"""

from __future__ import annotations

import io
import marshal
import zlib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

FORMAT = 1  # this file's layout of a .face file
LEFT_OUT = ("_ttf_data", "_pdfScale")  # the font's bytes (read from the font file) and a function (made anew)
SUFFIX = ".face"


def face_bytes(data: bytes) -> bytes:
    """The `.face` file for a font's bytes: reportlab's parse of them, marshalled."""
    face = TTFont("font", io.BytesIO(data)).face
    state: dict[str, Any] = {}
    names: dict[str, tuple[bytes, str]] = {}  # the name strings, bytes that carry their text (TTFNameBytes)
    for key, value in vars(face).items():
        if key in LEFT_OUT:
            continue
        if isinstance(value, TTFNameBytes):
            names[key] = (bytes(value), value.ustr)
        else:
            state[key] = value
    return marshal.dumps((FORMAT, reportlab.Version, len(data), zlib.crc32(data), state, names))


def cached_face(data: bytes, kept: bytes) -> TTFontFace | None:
    """The face that parsing `data` gives, from its `.face` file's bytes `kept`; None if they are not for these
    bytes, this format and this reportlab."""
    try:
        fmt, version, size, crc, state, names = marshal.loads(kept)
    except (EOFError, ValueError, TypeError):
        return None
    if (fmt, version, size) != (FORMAT, reportlab.Version, len(data)) or crc != zlib.crc32(data):
        return None
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(state)
    for key, (raw, text) in names.items():
        name = bytes.__new__(TTFNameBytes, raw)
        name.ustr = text
        setattr(face, key, name)
    face._ttf_data = data
    per_em = face.unitsPerEm
    face._pdfScale = (lambda x: x) if per_em == 1000 else (lambda x, k=1000 / per_em: x * k)
    return face


def font(name: str, folder: Any, filename: str) -> TTFont:
    """The TrueType font `filename` of `folder` (a Path or an importlib.resources folder), to be registered as
    `name`: from its `.face` file when that is this font's, else parsed; either way the font `TTFont(name, file)`
    makes."""
    data = folder.joinpath(filename).read_bytes()
    try:
        kept = folder.joinpath(filename + SUFFIX).read_bytes()
    except OSError:
        kept = b""
    face = cached_face(data, kept) if kept else None
    if face is None:
        return TTFont(name, io.BytesIO(data))
    made = TTFont.__new__(TTFont)  # TTFont.__init__, with the face already made
    made.fontName = name
    made.face = face
    made.encoding = TTEncoding()
    made.state = WeakKeyDictionary()
    made._asciiReadable = rl_config.ttfAsciiReadable
    made.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
    return made


def write_all(folder: Path) -> list[Path]:
    """Write the `.face` file of every font in `folder`."""
    written = []
    for font_file in sorted(folder.glob("*.ttf")):
        target = font_file.with_name(font_file.name + SUFFIX)
        target.write_bytes(face_bytes(font_file.read_bytes()))
        written.append(target)
    return written


if __name__ == "__main__":  # pragma: no cover
    for path in write_all(Path(__file__).with_name("fonts")):
        print(f"Wrote {path}")
