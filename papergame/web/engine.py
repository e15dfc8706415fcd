"""What the page asks for, made by the command line's own functions, kept in memory for a while.

A request names a document (the kit, the host key, the worksheets or their keys) and the
options as a query string. The options are converted and checked by the library's own
declaration (`papergame.options`), which the command line reads too, and the PDFs are made
by the same function the command writes to disk (`build.kit_pdfs`, `build.worksheet_pdfs`),
so the bytes are the command's bytes. The last builds and page images are kept (a bounded LRU), so the preview
of page 3 after page 1 does not build the kit again.
"""

from __future__ import annotations

import io
import re
import secrets
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from papergame.records import NamedTuple
from papergame.build import KitPdfs, WorksheetPdfs, game_name, kit_pdfs, loops_pdfs, worksheet_pdfs
from papergame.data.files import MAX_FILE_BYTES
from papergame.data.templates import builtin_games
from papergame.errors import DefinitionError, OptionError, PapergameError
from papergame.data.games import definition_file
from papergame.folders import READ_CURRENT_FOLDER
from papergame.model.definition import GameDefinition
from papergame.options import KIT, LOOPS, WORKSHEETS, Request
from papergame.options import Document as Declaration
from papergame.web import fields

PREVIEW_DPI = 60
UPLOAD_PREFIX = "upload-"
BUSY_WAIT = 30.0  # seconds a request waits for another's build before it is told to try again
NAME_LENGTH = 100  # characters of an uploaded file's name kept (for the names of the downloads)


class Maker(NamedTuple):
    document: Declaration  # the options, declared by the library
    make: Callable[[Request], Any]  # the checked request -> the PDFs as bytes
    form: fields.Form = fields.Form()  # how its options are named on the page
    name: str | None = None  # its files' name; None: the game's
    native: bool = False  # needs a compiled library (the SAT solver), so the offline page has it not


MAKERS = {
    "kit": Maker(KIT, lambda r: kit_pdfs(r.game, r.text, r.lang, r.options)),
    "worksheets": Maker(WORKSHEETS, lambda r: worksheet_pdfs(r.game, r.options, r.lang, r.text)),
    # the single-loop puzzles: made from no game; their own options are named loops-size ... on the page,
    # apart from the worksheets' level and seed; paper, ink, measured and language are the page's
    "loops": Maker(LOOPS, lambda r: loops_pdfs(r.options, r.lang, r.text), fields.Form("loops-", fields.SHARED),
                   "loops", native=True),
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
    "loops": Document("loops", lambda p: p.sheets, lambda p: p.pages, ""),
    "loops-key": Document("loops", lambda p: p.keys, lambda p: p.key_pages, "-key"),
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


class Busy(PapergameError):
    """Another request's build has held the builder for BUSY_WAIT seconds: try again shortly."""


def safe_name(name: str) -> str:
    r"""An uploaded file's name as it may be shown and sent back: its last part, no control
    characters (a newline would end a header), at most NAME_LENGTH characters.

    >>> safe_name("C:\\games\\x\r\nSet-Cookie: a=b.toml"), safe_name("../гра.toml"), safe_name("")
    ('xSet-Cookie: a=b.toml', 'гра.toml', 'game.toml')
    """
    name = Path(name.replace("\\", "/")).name
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")  # controls, format, unassigned
    return name.strip()[-NAME_LENGTH:] or "game.toml"


class UnreadBytes:
    """Stands for a body too big to read: only its length is known, which is all the size check needs."""

    def __init__(self, size: int):
        self.size = size

    def __len__(self) -> int:
        return self.size


class Upload(NamedTuple):
    name: str  # as the game option would name the file: the saved PDFs are named after it
    definition: GameDefinition
    texts: dict[str, UploadedFile] = {}  # language -> the game's own text file, sent with it
    title: str | None = None  # the title its own words print

    @property
    def named(self) -> str:
        """The game as the game option would name its file, for the saved PDFs' names: a game.toml sent
        alone is named after its own title (le-château.pdf), or my-game.pdf without words of its own."""
        if self.name != "game.toml":
            return self.name
        return f"{file_stem_of(self.title)}.toml" if self.title else "my-game.toml"

    def described(self, key: str) -> dict:
        """What the page is told of an upload: its key for `game=`, its name and title, its languages."""
        return {"game": key, "name": self.name, "title": self.title, "languages": sorted(self.texts)}


TEXT_FILE = re.compile(r"text\.([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?)\.toml")
ZIP_MEMBERS, ZIP_BYTES = 64, 8 * MAX_FILE_BYTES  # a folder of a game and its words is a dozen small files


def file_stem_of(title: str) -> str:
    """A file name made of a title, as the built-in games are named ("Edge-port path tiles" -> edge-port-path-tiles).

    >>> file_stem_of("Edge-port path tiles"), file_stem_of("Le château !")
    ('edge-port-path-tiles', 'le-château')
    """
    return re.sub(r"[^\w]+", "-", title.lower()).strip("-_") or "game"


def zip_members(data: bytes, name: str) -> tuple[str, dict[str, bytes]]:
    """The files of a zipped game folder (name -> bytes, at most one folder deep) and the folder's name."""
    import zipfile

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if not i.is_dir() and not i.filename.startswith("__MACOSX/")]
    except (zipfile.BadZipFile, OSError, ValueError):
        raise DefinitionError(f"{name}: not a zip file that can be read; zip the game's folder again") from None
    if len(infos) > ZIP_MEMBERS or sum(i.file_size for i in infos) > ZIP_BYTES:
        raise DefinitionError(f"{name}: holds more than a game's folder ({len(infos)} files); zip only the folder "
                              f"with game.toml and its text files")
    files: dict[str, bytes] = {}
    folders = set()
    for info in infos:
        parts = info.filename.replace("\\", "/").split("/")
        if len(parts) > 2 or not parts[-1].endswith(".toml"):
            continue
        if info.file_size > MAX_FILE_BYTES:
            raise DefinitionError(f"{name}: {info.filename}: file is {info.file_size:,} bytes; a definition file may "
                                  f"be at most 1 MiB")
        try:
            files[parts[-1]] = archive.read(info)
        except (zipfile.BadZipFile, OSError, ValueError, RuntimeError):
            raise DefinitionError(f"{name}: {info.filename}: cannot be read from the zip") from None
        if len(parts) == 2:
            folders.add(parts[0])
    folder = folders.pop() if len(folders) == 1 else Path(name).stem
    return folder, files


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

    def __init__(self, builds: int = 16, images: int = 128, uploads: int = 16, busy_wait: float = BUSY_WAIT):
        self.lock = threading.Lock()  # the caches: held only to look up or keep
        self.builder = threading.Lock()  # reportlab and PDFium: one build or render at a time
        self.busy_wait = busy_wait
        self.builds = LRU(builds)
        self.images = LRU(images)
        self.uploads = LRU(uploads)

    @contextmanager
    def building(self) -> Iterator[None]:
        """Hold the builder, waiting at most `busy_wait` seconds for another request's build.

        A build's time is bounded by the limits on what it is asked for (at most 200 tiles,
        40 kits, 60 mm tiles ...); requests that need no build (the page, cached PDFs and
        images, uploads) never wait here. Nothing is read from the folder the server was
        started in while building (see papergame.folders).
        """
        if not self.builder.acquire(timeout=self.busy_wait):
            raise Busy(f"the page is busy making another document (waited {self.busy_wait:g} s); try again in a moment")
        token = READ_CURRENT_FOLDER.set(False)
        try:
            yield
        finally:
            READ_CURRENT_FOLDER.reset(token)
            self.builder.release()

    # --- games -------------------------------------------------------------------------

    def upload(self, name: str, data: bytes | UnreadBytes, joins: str | None = None) -> dict:
        """Check a game sent to the page and keep it in memory: a definition file, a zip of a game's
        folder, or (`joins`: an upload's key) a text file of an uploaded game. What the page is told of it."""
        name = safe_name(name)
        if joins is not None:
            return self.join_text(joins, name, data)
        if name.lower().endswith(".zip") and isinstance(data, bytes):
            return self.upload_folder(name, data)
        definition = definition_file(UploadedFile(name, data), name)
        assert isinstance(data, bytes)
        return self.keep(Upload(name, definition))

    def keep(self, upload: Upload) -> dict:
        """Keep an upload under a new key: a secret (128 random bits), not derived from the file, so a
        page elsewhere cannot guess it, and cannot use or replace the teacher's upload."""
        key = UPLOAD_PREFIX + secrets.token_hex(16)
        with self.lock:
            self.uploads.keep(key, upload)
        return upload.described(key)

    def upload_folder(self, name: str, data: bytes) -> dict:
        """A zipped game folder: its game.toml (or its one other definition file) and its text files."""
        folder, files = zip_members(data, name)
        texts = {m[1]: n for n in files if (m := TEXT_FILE.fullmatch(n))}
        games = ["game.toml"] if "game.toml" in files else [n for n in files if n not in texts.values()]
        if len(games) != 1:
            raise DefinitionError(f"{name}: holds no game.toml" if not games else
                                  f"{name}: holds several definition files ({', '.join(sorted(games))}); "
                                  f"zip one game's folder")
        game_name = f"{folder}/game.toml" if games[0] == "game.toml" else games[0]
        # named as the folder's own game.toml would be from beside the folder, so the kit is the command line's
        definition = definition_file(UploadedFile(game_name, files[games[0]]), game_name)
        upload = Upload(game_name, definition)
        for lang, text_name in sorted(texts.items()):
            upload = self.with_text(upload, text_name, files[text_name])
        return self.keep(upload)

    def join_text(self, key: str, name: str, data: bytes | UnreadBytes) -> dict:
        with self.lock:
            upload = self.uploads.find(key)
        if upload is None:
            raise OptionError(fields.GAME, f'"{key}" is a game sent to this page that it no longer holds; choose '
                                           f"its files again")
        if not TEXT_FILE.fullmatch(name):
            raise DefinitionError(f"{name}: a game's text file is named text.LANG.toml (text.en.toml, text.fr.toml)")
        upload = self.with_text(upload, name, data)
        assert isinstance(data, bytes)
        return self.keep(upload)

    def with_text(self, upload: Upload, name: str, data: bytes | UnreadBytes) -> Upload:
        """`upload` with its text file `name` (text.LANG.toml), checked as a text file named on the command line is."""
        from papergame.model.rules import rule_set
        from papergame.data.words import load_texts

        match = TEXT_FILE.fullmatch(name)
        assert match is not None
        text: Any = UploadedFile(name, data)  # read as a file is read (read_bytes)
        words = load_texts(text, match[1], None, rule_set(upload.definition).words)  # raises the CLI's errors
        texts = {**upload.texts, match[1]: text}
        title = upload.title
        if title is None or match[1] == "en":
            title = words.get("kit.title")
        return upload._replace(texts=texts, title=title)

    def game(self, value: str | None) -> tuple[Any, str | None]:
        """The game chosen on the page (None, a built-in's name, or an Upload: its definition and its
        words), and as the game option would name it (for file names)."""
        if value is None:
            return None, None
        if value.startswith(UPLOAD_PREFIX):
            with self.lock:
                upload = self.uploads.find(value)
            if upload is None:
                raise OptionError(fields.GAME, f'"{value}" is a file sent to this page that it no longer holds; '
                                 f"choose the file again")
            return upload, upload.named
        games = builtin_games()
        if value not in games:
            raise OptionError(fields.GAME, f'"{value}" is not a built-in game ({", ".join(games)}) '
                             f"or a file sent to this page")
        # a file of that name in the folder the server was started in is not read (see `building`)
        return value, value

    # --- documents -----------------------------------------------------------------------

    def pdfs(self, maker_name: str, query: list[tuple[str, str]]) -> tuple[Any, str | None, tuple]:
        """The PDFs for these options (KitPdfs or WorksheetPdfs), the game as the game option names it, and the cache key."""
        maker = MAKERS[maker_name]
        values = maker.form.values(maker.document, query)
        chosen = values.pop(fields.GAME, None)
        game, named = self.game(chosen)
        with maker.form.named():  # a problem names the option as the page does
            request = maker.document.parse(values)  # every option converted and checked, once
        key = (maker_name, chosen or "", request)  # tile-size 35 and 35,0 are one build
        with self.lock:
            found = self.builds.find(key)
        if found is not None:
            return found, named, key
        with self.building():
            with self.lock:  # made while this request waited for the builder
                found = self.builds.find(key)
            if found is not None:
                return found, named, key
            if isinstance(game, Upload):  # its definition, and its own words in the chosen language
                own = game.texts.get(request.lang)
                request = request._replace(game=game.definition, text=request.text or own)
            else:
                request = request._replace(game=game)
            with maker.form.named():
                made = maker.make(request)
        with self.lock:
            return self.builds.keep(key, made), named, key

    def document(self, name: str, query: list[tuple[str, str]]) -> tuple[bytes, str]:
        """A document's bytes and the file name the command line would give it."""
        doc = DOCUMENTS[name]
        pdfs, game, _ = self.pdfs(doc.maker, query)
        data = doc.pick(pdfs)
        if data is None:
            raise NotMade("host-key", 'the host key is a file of its own only with "separate"')
        own = MAKERS[doc.maker].name
        if own is not None:
            base = own
        elif doc.maker == "kit":  # named as the commands name their files without -o
            base = game_name(game)
        else:
            base = "worksheets" if game is None else f"{game_name(game)}-worksheets"
        return data, f"{base}{doc.suffix}.pdf"

    def page_counts(self, maker_name: str, query: list[tuple[str, str]]) -> dict[str, int]:
        """Each document's pages; for a tactile kit also "braille": how many BRF files `braille` zips."""
        pdfs, _, _ = self.pdfs(maker_name, query)
        counts = {name: doc.pages(pdfs) for name, doc in DOCUMENTS.items() if doc.maker == maker_name}
        if maker_name == "kit" and pdfs.braille:
            counts["braille"] = len(pdfs.braille)
        return counts

    def braille(self, query: list[tuple[str, str]]) -> tuple[bytes, str]:
        """A tactile kit's BRF files (rules, record sheet, host key) in one zip, each named as `build` names
        it beside the kit, and the zip's file name."""
        pdfs, game, _ = self.pdfs("kit", query)
        if not pdfs.braille:
            raise NotMade("tactile", pdfs.no_braille or "braille files come with a tactile kit: choose tactile")
        base = game_name(game)
        return braille_zip(base, pdfs.braille), f"{base}-braille.zip"

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
        with self.building():
            document = pdfium.PdfDocument(doc.pick(pdfs))
            try:
                image = document[number - 1].render(scale=PREVIEW_DPI / 72).to_pil()
            finally:
                document.close()
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        with self.lock:
            return self.images.keep(image_key, out.getvalue())


def braille_zip(base: str, files) -> bytes:
    """The BRF files in a zip, stored as they are, with a fixed date: the same kit makes the same bytes."""
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for brf in files:
            info = zipfile.ZipInfo(f"{base}-{brf.part}.brf", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            archive.writestr(info, brf.data)
    return out.getvalue()


__all__ = ["DOCUMENTS", "MAKERS", "Engine", "KitPdfs", "WorksheetPdfs", "builtin_games"]
