"""Writing output files so that an existing file is only ever replaced by a complete one."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from papergame.errors import OutputError


PDF_MAGIC = b"%PDF-"


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

    1. Each file is written in full to a temporary file in its own folder (`.NAME.XXXX.tmp`)
       and flushed to disk. This is where a full disk or a folder that cannot be written
       fails, and then nothing has changed.
    2. When there is more than one file, each existing file gets a hard link (or a copy)
       beside it, so it can be put back.
    3. Each temporary file is renamed over its target. A rename within one folder needs no
       space and hardly ever fails; if one does, the files already renamed get their old
       versions back.

    Every temporary file and old version is removed at the end, whatever happened. What
    remains possible: a power cut between two renames leaves a new kit beside an old host
    key, each of them complete.
    """
    for path, _ in files:
        check_target(path)
    temps: list[str] = []  # every temporary file made here; all gone when this returns
    renamed: list[tuple[Path, str | None]] = []  # (target, its old version) in rename order
    current = files[0][0]
    try:
        staged = []
        for current, data in files:
            staged.append((current, temporary_copy(current, data, temps)))
        olds = {}
        if len(files) > 1:
            for current, _ in files:
                olds[current] = keep_old(current, temps)
        for current, tmp in staged:
            os.replace(tmp, current)
            renamed.append((current, olds.get(current)))
    except OSError as exc:
        for path, old in reversed(renamed):
            try:
                if old is not None:
                    os.replace(old, path)
                else:
                    os.unlink(path)
            except OSError:
                pass
        raise OutputError(f"{current}: cannot write: {reason(exc)}") from None
    finally:
        for tmp in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return (exc.strerror or str(exc)).lower()


def check_target(path: Path, pdf: bool = True) -> None:
    """Refuse an output path that could never be written, before anything is rendered to disk.

    With `pdf`, an existing file is only replaced if it is a PDF (it starts with `%PDF-`).
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
        if pdf and path.is_file():
            with open(path, "rb") as existing:
                if existing.read(len(PDF_MAGIC)) != PDF_MAGIC:
                    raise OutputError(f"{path}: cannot write: it exists and is not a PDF, so it is not replaced; "
                                      f"name another file or remove it first")
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {reason(exc)}") from None


def temporary_copy(path: Path, data: bytes, temps: list[str]) -> str:
    """`data` in a new temporary file beside `path`, on disk, with the mode `path` has or would get."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    temps.append(tmp)
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
        old = str(path.parent / f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            os.link(path, old)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: copy it instead
            fd, old = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append(old)
            with os.fdopen(fd, "wb") as f:
                f.write(path.read_bytes())
            return old
        temps.append(old)
        return old


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
