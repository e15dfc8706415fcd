"""What the page asks for, made by the command line's own functions, kept in memory for a while.

A request names a document (the kit, the host key, the worksheets or their keys) and the
options as a query string. The options are parsed by the `build` or `worksheet` command,
turned into the library's arguments by the same function the command calls
(`cli.kit_arguments`, `cli.worksheet_arguments`), and the PDFs are made by the same function
the command writes to disk (`build.kit_pdfs`, `build.worksheet_pdfs`), so the bytes are the
command's bytes. The last builds and page images are kept (a bounded LRU), so the preview
of page 3 after page 1 does not build the kit again.
"""

from __future__ import annotations

import hashlib
import io
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import click

from papergame import cli
from papergame.build import KitPdfs, WorksheetPdfs, game_name, kit_pdfs, worksheet_pdfs
from papergame.errors import OptionError, PapergameError
from papergame.model.definition import (
    GameDefinition,
    builtin_games,
    parse_definition,
    read_toml,
)
from papergame.web import fields

PREVIEW_DPI = 60
UPLOAD_PREFIX = "upload-"


class Maker(NamedTuple):
    command: click.Command
    arguments: Callable[..., tuple]  # the command's options -> the library's arguments
    make: Callable[..., Any]  # the library's arguments -> the PDFs as bytes


MAKERS = {
    "kit": Maker(cli.build, cli.kit_arguments, kit_pdfs),
    "worksheets": Maker(cli.worksheet, cli.worksheet_arguments, worksheet_pdfs),
}


class Document(NamedTuple):
    maker: str  # a key of MAKERS
    pick: Callable[[Any], bytes | None]
    pages: Callable[[Any], int]
    suffix: str  # of the file name: NAME{suffix}.pdf


DOCUMENTS = {
    "kit": Document("kit", lambda p: p.kit, lambda p: p.kit_pages, ""),
    "host-key": Document("kit", lambda p: p.host_key, lambda p: p.host_key_pages if p.host_key else 0, "-host-key"),
    "worksheets": Document("worksheets", lambda p: p.sheets, lambda p: p.pages, ""),
    "worksheets-key": Document("worksheets", lambda p: p.keys, lambda p: p.pages, "-key"),
}


class NotFound(PapergameError):
    """A page that these options do not make."""


class NotMade(OptionError):
    """A document that these options do not make (the host key unless it is a file of its own)."""


class UploadedFile:
    """A definition file sent to the page, in memory only: `read_toml` reads it as it reads a file."""

    def __init__(self, name: str, data: Any):
        self.name = name
        self.data = data

    def read_bytes(self) -> Any:
        return self.data

    def __str__(self) -> str:
        return self.name


class UnreadBytes:
    """Stands for a body too big to read: only its length is known, which is all the size check needs."""

    def __init__(self, size: int):
        self.size = size

    def __len__(self) -> int:
        return self.size


class Upload(NamedTuple):
    name: str
    definition: GameDefinition


class LRU(OrderedDict):
    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def keep(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value

    def find(self, key):
        if key in self:
            self.move_to_end(key)
            return self[key]
        return None


class Engine:
    """Builds, page images and uploads, shared by every request; one build or render at a time.

    reportlab and PDFium keep state that is not safe across threads, so the heavy work runs
    under one lock; requests still arrive and are answered in parallel, and a request for
    options being built waits for that build and then finds it in the cache.
    """

    def __init__(self, builds: int = 16, images: int = 128, uploads: int = 16):
        self.lock = threading.Lock()
        self.builds = LRU(builds)
        self.images = LRU(images)
        self.uploads = LRU(uploads)

    # --- games -------------------------------------------------------------------------

    def upload(self, name: str, data: bytes | UnreadBytes) -> str:
        """Check a definition file sent to the page and keep it in memory; its key for `game=`."""
        name = Path(name.replace("\\", "/")).name or "game.toml"
        definition = parse_definition(read_toml(UploadedFile(name, data)), name)
        assert isinstance(data, bytes)
        key = UPLOAD_PREFIX + hashlib.sha256(data).hexdigest()[:16]
        with self.lock:
            self.uploads.keep(key, Upload(name, definition))
        return key

    def game(self, value: str | None) -> tuple[list[str], Any, str | None]:
        """The argv for a game chosen on the page, the definition to use instead (uploads), and
        the game as the game option would name it (None, a built-in's name, a file's name), for file names."""
        if value is None:
            return [], None, None
        if value.startswith(UPLOAD_PREFIX):
            with self.lock:
                upload = self.uploads.find(value)
            if upload is None:
                raise OptionError(fields.GAME, f'"{value}" is a file sent to this page that it no longer holds; '
                                 f"choose the file again")
            return [], upload.definition, upload.name
        games = builtin_games()
        if value not in games:
            raise OptionError(fields.GAME, f'"{value}" is not a built-in game ({", ".join(games)}) '
                             f"or a file sent to this page")
        if os.path.lexists(value):  # the command line would read that file instead (a file wins over a template)
            raise OptionError(fields.GAME, f'"{value}": a file of that name is in the folder papergame serve was started '
                             f"from, and would be read instead of the built-in game; start it from another folder")
        return [f"--{fields.GAME}={value}"], None, value  # the argv the command line takes

    # --- documents -----------------------------------------------------------------------

    def pdfs(self, maker_name: str, query: list[tuple[str, str]]) -> tuple[Any, str | None, tuple]:
        """The PDFs for these options (KitPdfs or WorksheetPdfs), the game as the game option names it, and the cache key."""
        maker = MAKERS[maker_name]
        args, game = fields.argv(maker.command, query)
        game_args, definition, named = self.game(game)
        args = game_args + args
        key = (maker_name, game or "", tuple(args))
        with self.lock:
            found = self.builds.find(key)
            if found is not None:
                return found, named, key
            params = fields.parse(maker.command, args)
            if definition is not None:
                params[fields.game_param(maker.command)] = definition
            dropped = {p.name for p in maker.command.params if fields.long_name(p) in fields.OFF_PAGE}
            arguments = maker.arguments(**{k: v for k, v in params.items() if k not in dropped})
            return self.builds.keep(key, maker.make(*arguments)), named, key

    def document(self, name: str, query: list[tuple[str, str]]) -> tuple[bytes, str]:
        """A document's bytes and the file name the command line would give it."""
        doc = DOCUMENTS[name]
        pdfs, game, _ = self.pdfs(doc.maker, query)
        data = doc.pick(pdfs)
        if data is None:
            raise NotMade("host-key", 'the host key is a file of its own only with "separate"')
        if doc.maker == "kit":  # named as the commands name their files without -o
            base = game_name(game)
        else:
            base = "worksheets" if game is None else f"{game_name(game)}-worksheets"
        return data, f"{base}{doc.suffix}.pdf"

    def page_counts(self, maker_name: str, query: list[tuple[str, str]]) -> dict[str, int]:
        pdfs, _, _ = self.pdfs(maker_name, query)
        return {name: doc.pages(pdfs) for name, doc in DOCUMENTS.items() if doc.maker == maker_name}

    def page_png(self, name: str, number: int, query: list[tuple[str, str]]) -> bytes:
        """Page `number` (from 1) of a document as a PNG at PREVIEW_DPI, rendered by PDFium."""
        import pypdfium2 as pdfium

        doc = DOCUMENTS[name]
        pdfs, _, key = self.pdfs(doc.maker, query)
        count = doc.pages(pdfs)
        if not 1 <= number <= count:
            raise NotFound(f"page {number}: these options make {count} page{'' if count == 1 else 's'} of {name}")
        image_key = (key, name, number)
        with self.lock:
            found = self.images.find(image_key)
            if found is not None:
                return found
            document = pdfium.PdfDocument(doc.pick(pdfs))
            try:
                image = document[number - 1].render(scale=PREVIEW_DPI / 72).to_pil()
            finally:
                document.close()
            out = io.BytesIO()
            image.save(out, format="PNG", compress_level=1)
            return self.images.keep(image_key, out.getvalue())


__all__ = ["DOCUMENTS", "MAKERS", "Engine", "KitPdfs", "WorksheetPdfs", "builtin_games"]
