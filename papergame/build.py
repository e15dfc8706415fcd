"""Load → lay out → render → write, with the output replaced only when the new file is complete."""

from __future__ import annotations

import errno
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from papergame.definition import load_definition
from papergame.errors import DefinitionError, LayoutError, OutputError
from papergame.layout.kit import KitOptions, build_kit
from papergame.layout.primitives import Group, Page, Text
from papergame.text import Texts, load_texts


@dataclass
class BuildReport:
    kit_path: Path
    kit_pages: int
    host_key_path: Path | None
    host_key_pages: int


def host_key_path_for(path: Path) -> Path:
    """`kit.pdf` -> `kit-host-key.pdf`."""
    return path.with_name(f"{path.stem}-host-key{path.suffix or '.pdf'}")


def check_text_glyphs(texts: Texts) -> None:
    from papergame.render.fonts import missing_glyphs

    problems = []
    for key, value in texts.all_strings():
        missing = missing_glyphs(value) | missing_glyphs(value, bold=True)
        for ch in sorted(missing):
            problems.append(
                f'{texts.source}: {key}: the character "{ch}" (U+{ord(ch):04X}) is not in the embedded font '
                f"(Bitstream Vera), so it would print as a box; write it another way"
            )
    if problems:
        raise DefinitionError(problems)


def texts_of(items):
    for item in items:
        if isinstance(item, Group):
            yield from texts_of(item.items)
        elif isinstance(item, Text):
            yield item


def check_page_glyphs(pages: list[Page]) -> None:
    """Every character on every page must be in the font (names from a definition included)."""
    from papergame.render.fonts import missing_glyphs

    for page in pages:
        for t in texts_of(page.items):
            missing = missing_glyphs(t.text, t.bold)
            if missing:
                ch = sorted(missing)[0]
                raise LayoutError(
                    f'{page.name} page: the character "{ch}" (U+{ord(ch):04X}) in "{t.text}" is not in the '
                    f"embedded font (Bitstream Vera); rename it in the definition or text file"
                )


def render_bytes(pages: list[Page], title: str, keywords: str = "") -> bytes:
    from papergame.render.pdf import render_pdf

    buffer = io.BytesIO()
    render_pdf(pages, buffer, title, keywords=keywords)
    return buffer.getvalue()


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, then rename it over `path`.

    A failure at any point leaves an existing file at `path` untouched and no temporary file.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"{path}: cannot write: the folder {folder} does not exist")
    if path.is_dir():
        raise OutputError(f"{path}: cannot write: it is a folder; name a file such as {path / 'kit.pdf'}")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        reason = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc)).lower()
        raise OutputError(f"{path}: cannot write: {reason}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def make_pages(game_path=None, text_path=None, lang="en", options: KitOptions = KitOptions()):
    from papergame.render.fonts import VeraMetrics

    definition = load_definition(game_path)
    texts = load_texts(text_path, lang, game_path)
    check_text_glyphs(texts)
    kit = build_kit(definition, texts, options, VeraMetrics())
    check_page_glyphs(kit.pages + kit.host_key)
    return definition, texts, kit


def build(output: str | Path, game_path=None, text_path=None, lang="en", options: KitOptions = KitOptions()) -> BuildReport:
    output = Path(output)
    definition, texts, kit = make_pages(game_path, text_path, lang, options)
    title = texts.get("kit.title")
    keywords = f"papergame tile={options.tile:g} paper={options.paper} ink={options.ink}"
    if options.measured is not None:
        keywords += f" measured={options.measured:g}"
    kit_bytes = render_bytes(kit.pages, title, keywords)
    key_bytes = (render_bytes(kit.host_key, f"{title}: {texts.get('host_key.title')}", keywords)
                 if kit.host_key else None)
    key_path = host_key_path_for(output) if key_bytes else None
    write_atomically(output, kit_bytes)
    if key_bytes:
        write_atomically(key_path, key_bytes)
    return BuildReport(output, len(kit.pages), key_path, len(kit.host_key))
