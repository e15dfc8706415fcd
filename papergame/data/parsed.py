"""The shipped games' TOML data parsed ahead of time: `parsed/NAME.marshal`, NAME the SHA-256 of the text it came from.

tomllib is pure Python: reading the default game's English words (27 KB) took 32 M instructions, a thirtieth
of a default build, every run, and every build reads a game's English words (as the schema of any language's).
So each built-in game's `game.toml` and `text.en.toml` is kept here as the data `tomllib.loads` gives for it,
marshalled. A file is looked for by the hash of the text being read, so an edited text is not found and is
parsed as before, and a kept file that cannot be read or unmarshalled is passed over: a missing or stale
file costs time, never different data. Other files (other languages, a teacher's own) are parsed as ever.

After changing a built-in game's definition or English words, write the files again
(`tests/test_parsed.py` fails until then; the build is right either way, only slower):

    python -m papergame.data.parsed
"""

from __future__ import annotations

import hashlib
import marshal
import sys
import tomllib
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).with_name("parsed")
SUFFIX = ".marshal"

KEPT_FILES = ("game.toml", "text.en.toml")  # in each built-in game's folder


def file_name(text: str) -> str:
    """The name the data of `text` is kept under."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest() + SUFFIX


def kept(text: str) -> dict[str, Any] | None:
    """The data kept for exactly this text, or None (not a kept text, or its file unreadable)."""
    try:
        data = (FOLDER / file_name(text)).read_bytes()
    except OSError:
        return None
    try:
        value = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return value if isinstance(value, dict) else None


def kept_texts() -> list[Path]:
    """The TOML files whose data is kept: each built-in game's definition and English words."""
    from papergame.data.templates import templates_root

    root = templates_root()
    return sorted(path for folder in root.iterdir() if folder.is_dir() for name in KEPT_FILES
                  if (path := folder / name).is_file())


def expected() -> dict[str, bytes]:
    """{file name: its bytes} as they should be, from the built-in games as they are (the data the same)."""
    out = {}
    for path in kept_texts():
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        blob = marshal.dumps(data)  # (its bytes may differ from process to process: strings shared or not)
        if marshal.loads(blob) == data:  # every TOML value of these files marshals (no dates or times in them)
            out[file_name(text)] = blob
    return out


def write() -> list[str]:
    """Write the kept files as `expected` has them and remove any other: the names written."""
    wanted = expected()
    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("*" + SUFFIX):
        if old.name not in wanted:
            old.unlink()
    for name, blob in wanted.items():
        (FOLDER / name).write_bytes(blob)
    return sorted(wanted)


if __name__ == "__main__":  # pragma: no cover
    names = write()
    sys.stdout.write(f"wrote {len(names)} files in {FOLDER}\n")
