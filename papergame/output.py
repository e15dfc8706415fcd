"""Writing output files so that an existing file is only ever replaced by a complete one."""

from __future__ import annotations

import errno
import os
import re
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from papergame.errors import OutputError


PDF_MAGIC = b"%PDF-"
SVG_MAGIC = (b"<?xml", b"<svg")  # how an SVG file starts: only such a file is replaced by an SVG
PNG_MAGIC = b"\x89PNG"
MAGICS = {".svg": ("an SVG", SVG_MAGIC), ".png": ("a PNG image", (PNG_MAGIC,))}  # by suffix; else a PDF
BRF_BYTES = frozenset(range(32, 96)) | {10, 12, 13}  # a braille file (BRF): braille ASCII, CR, LF, form feed


def output_path(given: str | Path | None, default_name: str) -> Path:
    """Where to write a PDF asked for as `given` (the `-o` value), `default_name` when none is given.

    A folder (one that exists, or a name ending in "/") gets the default name inside it, and a
    name that does not end in `.pdf` gets `.pdf` added. Standard output ("-") is refused: a
    kit may be two files, and a PDF on a terminal is of no use.

    >>> output_path(None, "my-game.pdf"), output_path("kit", "x.pdf"), output_path("kit.PDF", "x.pdf")
    (PosixPath('my-game.pdf'), PosixPath('kit.pdf'), PosixPath('kit.PDF'))
    >>> output_path("out/", "my-game.pdf"), output_path("kit.png", "x.pdf")
    (PosixPath('out/my-game.pdf'), PosixPath('kit.png.pdf'))
    """
    if given is None:
        return Path(default_name)
    text = str(given)
    if text == "-":
        raise OutputError(f"-: cannot write a PDF to standard output; name a file such as {default_name}")
    path = Path(text)
    if text.endswith(("/", os.sep)) or not path.name or os.path.isdir(path):  # never raises
        return path / default_name
    if path.suffix.lower() != ".pdf":
        return path.with_name(path.name + ".pdf")
    return path


def sheet_paths(path: Path, count: int, suffix: str = ".svg") -> list[Path]:
    """One file a sheet in place of `path` (a name `output_path` gave): kit.pdf -> kit-01.svg, kit-02.svg, ...

    >>> [p.name for p in sheet_paths(Path("out/kit.pdf"), 2)], sheet_paths(Path("kit.svg.pdf"), 1)[0].name
    (['kit-01.svg', 'kit-02.svg'], 'kit-01.svg')
    >>> sheet_paths(Path("set.pdf"), 120)[-1].name
    'set-120.svg'
    """
    stem = path.name
    for ending in (".pdf", suffix):
        if stem.lower().endswith(ending):
            stem = stem[: -len(ending)]
    digits = max(2, len(str(count)))
    return [path.with_name(f"{stem}-{n:0{digits}d}{suffix}") for n in range(1, count + 1)]


OURS = b"papergame"  # in the first lines of every SVG papergame writes (its <desc>: the document's keywords)


def left_over_sheets(written: list[Path]) -> list[Path]:
    """Sheets of an earlier, longer run beside `written` (kit-07.svg when kit-01 to -06 were just written):
    SVG files (and a print-then-cut image beside one) numbered past the last, that papergame wrote.

    A file that is not an SVG of papergame's (a drawing of your own named kit-09.svg) is not one.
    """
    out: list[Path] = []
    names = {p.name for p in written}
    for first in written:
        match = re.fullmatch(r"(?P<stem>.+)-(?P<n>[0-9]+)\.svg", first.name)
        if match is None or not match["n"].strip("0") == "1":
            continue
        stem = match["stem"]
        try:
            candidates = sorted(first.parent.iterdir())
        except OSError:
            return out
        for path in candidates:
            found = re.fullmatch(re.escape(stem) + r"-([0-9]+)\.(svg|png)", path.name)
            if found is None or path.name in names or not path.is_file() or path.is_symlink():
                continue
            svg = path.with_suffix(".svg")
            if not svg.is_file() or svg.name in names:
                continue
            try:
                with open(svg, "rb") as f:
                    start = f.read(2048)
            except OSError:
                continue
            if start.startswith(SVG_MAGIC) and OURS in start:
                out.append(path)
    return out


def remove_files(paths: list[Path]) -> list[Path]:
    """Remove `paths` (sheets left over from an earlier run); those that could be removed."""
    removed = []
    for path in paths:
        try:
            os.unlink(path)
            removed.append(path)
        except OSError:
            pass
    return removed


def refuse_inputs(path: Path, inputs: dict[str, str | Path | None]) -> None:
    """Refuse to write over a file this command reads (`inputs`: what each is, to its path)."""
    for what, source in inputs.items():
        if source is None:
            continue
        try:
            same = os.path.samefile(path, source)
        except (OSError, ValueError):
            same = False
        if same:
            raise OutputError(f"{path}: cannot write: it is the {what} this command reads; name another file")


def write_new(path: Path, data: bytes) -> None:
    """Write a file that must not exist yet (a definition a person will edit is never replaced)."""
    check_target(path, pdf=False)
    if os.path.lexists(path):
        raise OutputError(f"{path}: already exists; choose another name with -o, or delete it first")
    write_all([(path, data)])


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write every file or none of them (the kit and its separate host key go together).

    1. Each file is written in full to a temporary file in its own folder
       (`.NAME.papergame-PID-XXXX.tmp`) and flushed to disk, the files side by side
       (`stage_all`). This is where a full disk or a folder that cannot be written fails, and
       then nothing has changed; Ctrl-C here changes nothing either.
    2. When there is more than one file, each existing file gets a hard link (or a copy)
       beside it, so it can be put back.
    3. Each temporary file is renamed over its target. A rename within one folder needs no
       space and hardly ever fails; if one does, the files already renamed get their old
       versions back. Ctrl-C, SIGTERM and SIGHUP wait until step 2 and 3 are over (and the
       old versions are put back if anything failed); then they act as they would have.

    Every temporary file and old version is removed at the end, whatever happened, and
    temporary files of ours that a killed run left behind (`kill -9`, a power cut) are
    removed the next time a file is written to that folder. What remains possible: a power
    cut or `kill -9` between two renames leaves a new kit beside an old host key, each of
    them complete.
    """
    for path, _ in files:
        check_target(path)
    for folder in dict.fromkeys(path.parent for path, _ in files):
        remove_stale_temporaries(folder)
    temps: list[str] = []  # every temporary file made here; all gone when this returns
    renamed: list[tuple[Path, str | None]] = []  # (target, its old version) in rename order
    current = files[0][0]
    try:
        staged = []
        for current, made in stage_all(files, temps):
            if isinstance(made, BaseException):
                raise made
            staged.append((current, made))
        with signals_held():
            try:
                olds = {}
                if len(files) > 1:
                    for current, _ in files:
                        olds[current] = keep_old(current, temps)
                for current, tmp in staged:
                    if current in olds or not os.path.lexists(current):  # what put_back can undo
                        renamed.append((current, olds.get(current)))  # before: an exception may come in between
                    os.replace(tmp, current)
                sync_folders(path for path, _ in files)
            except BaseException:
                put_back(renamed)
                raise
    except OSError as exc:
        raise OutputError(f"{current}: cannot write: {reason(exc)}") from None
    finally:
        for tmp in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def stage_all(files: list[tuple[Path, bytes]], temps: list[str]) -> list[tuple[Path, str | BaseException]]:
    """Each file's data in a temporary file beside it, on disk (`temporary_copy`): (the file, the temporary
    file's name, or what went wrong making it), in the files' order, once every one is done.

    The files are written side by side, each but the first in a thread of its own: each waits for its flush
    to disk (`os.fsync`, about 4 ms on the 2-core machine, during which Python runs other threads), and
    two flushes at once took 3.5 ms where one after the other took 8 (median of 15, 40 KB each). Every
    flush is still done, and done before any rename. Ctrl-C, SIGTERM and SIGHUP wait until all are written
    (then act as they would have, and the temporary files are removed), so no thread is left writing one.
    """
    if len(files) == 1:
        path, data = files[0]
        return [(path, temporary_copy(path, data, temps))]
    made: list[str | BaseException] = [RuntimeError("not written")] * len(files)

    def stage(index: int) -> None:
        path, data = files[index]
        try:
            made[index] = temporary_copy(path, data, temps)
        except BaseException as exc:  # handed to the caller, in the main thread
            made[index] = exc

    workers = [threading.Thread(target=stage, args=(index,), name=f"papergame-write-{index}")
               for index in range(1, len(files))]
    started = []
    with signals_held():
        for index, worker in enumerate(workers, start=1):
            try:
                worker.start()
            except RuntimeError:  # no threads here (Pyodide, in the offline page): one after another
                stage(index)
            else:
                started.append(worker)
        stage(0)
        for worker in started:
            worker.join()
    return [(path, result) for (path, _), result in zip(files, made)]


def put_back(renamed: list[tuple[Path, str | None]]) -> None:
    """Undo the renames done (or begun) so far: each target gets its old version back, or is removed
    if there was none (a file that was not there before)."""
    for path, old in reversed(renamed):
        try:
            if old is not None:
                os.replace(old, path)
            else:
                os.unlink(path)
        except OSError:
            pass


HELD_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is over, then act as they would have.

    Only the main thread can set signal handlers; elsewhere (no signal reaches Python code
    there) the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = {}
    for number in HELD_SIGNALS:
        try:
            previous[number] = signal.signal(number, lambda signum, frame: arrived.append(signum))
        except (OSError, ValueError):
            pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(arrived):
            signal.raise_signal(number)


def sync_folders(paths) -> None:
    """Flush the folders' entries (the renames) to disk, where the system allows it."""
    for folder in dict.fromkeys(Path(p).parent for p in paths):
        try:
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


TEMPORARY = re.compile(r"\..+\.papergame-(?P<pid>[0-9]+)-[a-z0-9_]{8}\.tmp")


def temporary_name(path: Path) -> Path:
    """A new name for a temporary file beside `path`: `.NAME.papergame-PID-XXXXXXXX.tmp`."""
    return path.parent / f".{path.name}.papergame-{os.getpid()}-{os.urandom(4).hex()}.tmp"


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files of ours in `folder` whose process is gone (killed, or a power cut)."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return removed
    for name in names:
        match = TEMPORARY.fullmatch(name)
        if match is None or process_alive(int(match["pid"])):
            continue
        try:
            os.unlink(Path(folder) / name)
            removed.append(Path(folder) / name)
        except OSError:
            pass
    return removed


def process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):  # someone else's process, or a system that cannot tell
        return True
    return True


def reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return (exc.strerror or str(exc)).lower()


def check_target(path: Path, pdf: bool = True) -> None:
    """Refuse an output path that could never be written, before anything is rendered to disk.

    With `pdf`, an existing file is only replaced if it is a PDF (it starts with `%PDF-`), or,
    for a name ending in `.svg`, an SVG (it starts with `<?xml` or `<svg`), `.png` a PNG image, and for
    `.brf` a braille file (braille ASCII and line and page ends only).
    """
    folder = path.parent
    try:
        if not folder.is_dir():
            if folder.exists():
                raise OutputError(f"{path}: cannot write: {folder} is a file, not a folder")
            raise OutputError(f"{path}: cannot write: the folder {folder} does not exist")
        if path.is_dir():
            raise OutputError(f"{path}: cannot write: it is a folder; name a file such as {path / 'kit.pdf'}")
        if path.exists() and not path.is_file():
            raise OutputError(f"{path}: cannot write: it is not a regular file (a device or a pipe); "
                              f"name a file such as kit.pdf")
        if pdf and path.is_file() and path.suffix.lower() == ".brf":
            with open(path, "rb") as existing:
                if not set(existing.read(4096)) <= BRF_BYTES:
                    raise OutputError(f"{path}: cannot write: it exists and is not a braille file (BRF), so it is "
                                      f"not replaced; name another file or remove it first")
        elif pdf and path.is_file():
            kind, magic = MAGICS.get(path.suffix.lower(), ("a PDF", (PDF_MAGIC,)))
            with open(path, "rb") as existing:
                start = existing.read(8)
            if not start.startswith(magic):
                raise OutputError(f"{path}: cannot write: it exists and is not {kind}, so it is "
                                  f"not replaced; name another file or remove it first")
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {reason(exc)}") from None


def create_temporary(path: Path, temps: list[str]) -> tuple[int, str]:
    """A new empty temporary file beside `path` (named as `temporary_name` names them), listed in `temps`."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.papergame-{os.getpid()}-", suffix=".tmp", dir=path.parent)
    temps.append(tmp)
    return fd, tmp


def temporary_copy(path: Path, data: bytes, temps: list[str]) -> str:
    """`data` in a new temporary file beside `path`, on disk, with the mode `path` has or would get."""
    fd, tmp = create_temporary(path, temps)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~current_umask())
    return tmp


def keep_old(path: Path, temps: list[str]) -> str | None:
    """The existing file at `path` kept under a temporary name (a hard link, else a copy); None if there is none."""
    if not path.exists():
        return None
    while True:
        old = str(temporary_name(path))
        try:
            os.link(path, old)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: copy it instead
            fd, old = create_temporary(path, temps)
            with os.fdopen(fd, "wb") as f:
                f.write(path.read_bytes())
            return old
        temps.append(old)
        return old


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
