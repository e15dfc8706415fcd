"""`papergame bundle DIR`: a folder of static files that runs papergame itself in a browser.

What goes in DIR (every version pinned, with its hash, in `pins.toml`):
    index.html, page.css, page.js   the page of `papergame serve`, unchanged but for bundle.js
    bundle.js                       the page's back end: a Web Worker instead of HTTP, previews by pdf.js
    worker.mjs                      the Web Worker: Pyodide, the wheels, papergame.bundle.worker
    sw.js                           a service worker that keeps every file for offline use
    bundle.json                     the wheels to install and the files to keep
    pyodide/                        the npm package `pyodide` (Python 3.14 in WebAssembly), only the files it loads
    pdfjs/                          the npm package `pdfjs-dist`: the PDF renderer for the previews
    wheels/                         reportlab, networkx, click, charset-normalizer (PyPI), papergame (this installation)
    bytecode.zip                    the .pyc of every module a build imports, compiled by Pyodide's Python under Node.js
    options.json                    the form's fields, as the worker (and `serve`) answer /options.json
    PIL_Image.py                    the stand-in for Pillow's PIL.Image that reportlab imports (see the file)

The downloads are made with the ordinary clients, `npm pack` and `pip download`, into a cache
folder, and each file is checked against its pinned hash every time it is used. papergame's
own wheel is made from the installed package itself (its modules, templates and fonts) with
fixed dates, so the same installation and the same pins make the same folder, byte for byte.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from papergame.records import NamedTuple
import papergame
from papergame.errors import PapergameError

HERE = resources.files("papergame.bundle")
PAGE_FILES = ("page.css", "page.js")
OWN_FILES = ("bundle.js", "worker.mjs", "PIL_Image.py")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BundleError(PapergameError):
    """A download that failed, or a file whose hash is not the pinned one."""


class Wrote(NamedTuple):
    folder: Path
    files: int
    size: int  # bytes, all files


def pins() -> dict[str, Any]:
    return tomllib.loads(HERE.joinpath("pins.toml").read_text(encoding="utf-8"))


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "papergame" / "bundle"


# --- downloads ---------------------------------------------------------------------------


def npm_integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def checked(path: Path, want: str, have: Callable[[bytes], str]) -> bytes | None:
    """The file's bytes if it exists and has the pinned hash; None if it is missing; an error if it differs."""
    if not path.exists():
        return None
    data = path.read_bytes()
    got = have(data)
    if got != want:
        raise BundleError(f"{path}: its hash is {got}, not the pinned {want} (pins.toml); delete it to download it again")
    return data


def command(name: str, **values: str) -> list[str]:
    """A package client's command line, as pins.toml writes it, with its {fields} filled in."""
    return [word.format(**values) for word in pins()["clients"][name]]


def client(args: list[str], what: str) -> None:
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise BundleError(f"{what}: {args[0]} is not installed; the bundle is built with npm and pip "
                          f"on a computer that reaches the package registries") from None
    except subprocess.TimeoutExpired:
        raise BundleError(f"{what}: {args[0]} did not finish in 10 minutes") from None
    if done.returncode != 0:
        lines = [line.strip() for line in (done.stderr or done.stdout).splitlines() if 0 < len(line.strip()) <= 300]
        said = [line for line in lines if "Error" in line or "error" in line] or lines or ["it said nothing"]
        raise BundleError(f"{what}: {' '.join(args[:2])} failed: {said[-1]}")


def npm_package(name: str, pin: dict, cache: Path) -> bytes:
    """The pinned npm package's tarball, from the cache or `npm pack`, its sha512 checked."""
    path = cache / "npm" / f"{name}-{pin['version']}.tgz"
    data = checked(path, pin["integrity"], npm_integrity)
    if data is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
            client(command("npm", package=name, version=pin["version"], into=tmp), f"{name} {pin['version']}")
            made = list(Path(tmp).glob("*.tgz"))
            if len(made) != 1:
                raise BundleError(f"{name} {pin['version']}: npm pack made {len(made)} files, not one")
            got = npm_integrity(made[0].read_bytes())
            if got != pin["integrity"]:
                raise BundleError(f"{name} {pin['version']}: the download's hash is {got}, not the pinned "
                                  f"{pin['integrity']} (pins.toml)")
            os.replace(made[0], path)
        data = path.read_bytes()
    return data


def wheel_name(name: str, version: str) -> str:
    return f"{name.replace('-', '_')}-{version}-py3-none-any.whl"


def wheel(name: str, pin: dict, cache: Path) -> bytes:
    """The pinned pure-Python wheel, from the cache or `pip download`, its sha256 checked (by pip and here)."""
    path = cache / "wheels" / wheel_name(name, pin["version"])
    sha256 = lambda data: hashlib.sha256(data).hexdigest()  # noqa: E731
    data = checked(path, pin["sha256"], sha256)
    if data is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
            wanted = Path(tmp) / "requirements.txt"
            wanted.write_text(pins()["clients"]["requirement"].format(package=name, **pin) + "\n", encoding="utf-8")
            client(command("pip", python=sys.executable, into=tmp, requirements=str(wanted)), f"{name} {pin['version']}")
            made = Path(tmp) / path.name
            if not made.exists() or sha256(made.read_bytes()) != pin["sha256"]:
                raise BundleError(f"{name} {pin['version']}: pip did not download {path.name} with the pinned hash")
            os.replace(made, path)
        data = path.read_bytes()
    return data


def npm_files(tarball: bytes, wanted: list[str]) -> dict[str, bytes]:
    out = {}
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        for name in wanted:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BundleError(f"the npm package has no file {name}")
            out[Path(name).name] = member.read()
    return out


# --- papergame's own wheel ------------------------------------------------------------------


def package_files() -> dict[str, bytes]:
    """Every file of the installed papergame package (modules, templates, fonts, the page), by wheel path."""
    out: dict[str, bytes] = {}

    def walk(root: Path, prefix: str) -> None:
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root)
            # records.code: methods compiled by this Python for its dataclasses, of no use to the page's
            if path.is_file() and "__pycache__" not in relative.parts and path.suffix not in (".pyc", ".code"):
                out.setdefault(f"{prefix}/{relative.as_posix()}", path.read_bytes())

    walk(Path(papergame.__file__).parent, "papergame")
    walk(Path(str(resources.files("papergame.templates"))), "papergame/templates")
    return out


def zip_bytes(files: dict[str, bytes]) -> bytes:
    """A zip of `files` with fixed dates and modes, in name order: the same files make the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name], compresslevel=9)
    return out.getvalue()


def papergame_wheel() -> tuple[str, bytes]:
    """A wheel of this papergame, made from its installed files (so an editable checkout works too)."""
    version = papergame.__version__
    info = f"papergame-{version}.dist-info"
    files = package_files()
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: papergame\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: papergame bundle\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name in sorted(files):
        digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(files[name])])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    return wheel_name("papergame", version), zip_bytes(files)


# --- bytecode ---------------------------------------------------------------------------------


def bytecode(files: dict[str, bytes], cache: Path) -> bytes:
    """A zip of the .pyc files of the modules a build imports, compiled by Pyodide's Python 3.14
    under Node.js (`files/compile.mjs`), as unchecked-hash .pyc (used without looking at the
    source's date). Kept in the cache by the hash of everything it is made from."""
    digest = hashlib.sha256()
    for name in sorted(files):
        if name.startswith(("pyodide/", "wheels/")) or name == "PIL_Image.py":
            digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    script = HERE.joinpath("files", "compile.mjs").read_bytes()
    digest.update(script)
    path = cache / "bytecode" / f"{digest.hexdigest()[:32]}.zip"
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        root = Path(tmp)
        for name, data in files.items():
            if name.startswith(("pyodide/", "wheels/")) or name == "PIL_Image.py":
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                (root / name).write_bytes(data)
        (root / "compile.mjs").write_bytes(script)
        (root / "out").mkdir()
        client(command("node", script=str(root / "compile.mjs"), folder=str(root)), "compiling the bytecode")
        compiled = {p.relative_to(root / "out").as_posix(): p.read_bytes()
                    for p in sorted((root / "out").rglob("*.pyc"))}
        if not any(name.startswith("papergame/") for name in compiled):
            raise BundleError("compiling the bytecode: Node.js wrote no .pyc of papergame")
        data = zip_bytes(compiled)
        partial = path.with_suffix(".part")
        partial.write_bytes(data)
        os.replace(partial, path)
    return data


# --- the folder -------------------------------------------------------------------------------


def index_html() -> bytes:
    """The serve page, its files named relative to the folder, with the worker back end loaded before page.js."""
    page = resources.files("papergame.web").joinpath("static", "page.html").read_text(encoding="utf-8")
    for old, new in (('href="/page.css"', 'href="page.css"'),
                     ('<script src="/page.js"></script>', '<script src="bundle.js"></script>\n<script src="page.js"></script>')):
        if old not in page:
            raise BundleError(f"papergame/web/static/page.html no longer has {old}: papergame bundle must be told")
        page = page.replace(old, new)
    return page.encode("utf-8")


def bundle_files(cache: Path, options: dict) -> dict[str, bytes]:
    """Every file of the bundle, by its path in the folder; `options` is what /options.json answers
    (`web.server.options_json()`, given by the caller, so this module needs no web server)."""
    pinned = pins()
    files: dict[str, bytes] = {"index.html": index_html()}
    for name in PAGE_FILES:
        files[name] = resources.files("papergame.web").joinpath("static", name).read_bytes()
    for name in OWN_FILES:
        files[name] = HERE.joinpath("files", name).read_bytes()
    for package, pin in pinned["npm"].items():
        for name, data in npm_files(npm_package(package, pin, cache), pin["files"]).items():
            files[f"{pin['into']}/{name}"] = data
    wheels = []
    for package, pin in pinned["wheels"].items():
        wheels.append(wheel_name(package, pin["version"]))
        files[f"wheels/{wheels[-1]}"] = wheel(package, pin, cache)
    name, data = papergame_wheel()
    wheels.append(name)
    files[f"wheels/{name}"] = data
    files["bytecode.zip"] = bytecode(files, cache)
    files["options.json"] = json.dumps(options).encode("utf-8")  # what the worker answers
    kept = sorted(files) + ["bundle.json"]
    files["bundle.json"] = json.dumps({"papergame": papergame.__version__, "wheels": wheels, "bytecode": "bytecode.zip",
                                       "files": kept}, indent=1).encode("utf-8")
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    service = HERE.joinpath("files", "sw.js").read_text(encoding="utf-8")
    files["sw.js"] = (service.replace("@VERSION@", digest.hexdigest()[:16])
                      .replace("@FILES@", json.dumps(["./"] + kept))).encode("utf-8")
    return files


def write_bundle(folder: Path, cache: Path | None, options: dict) -> Wrote:
    """Write the bundle into `folder` (made if missing; files of the same names are replaced).
    `options`: the form's fields, `web.server.options_json()`."""
    try:
        if folder.exists() and not folder.is_dir():
            raise BundleError(f"{folder}: is a file, not a folder; name a folder for the bundle")
        files = bundle_files(cache or default_cache(), options)
        for name, data in files.items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(data)
            os.replace(partial, target)
    except OSError as exc:  # a folder that cannot be made or written, a name too long, a full disk
        raise BundleError(f"{exc.filename or folder}: {(exc.strerror or str(exc)).lower()}") from None
    return Wrote(folder, len(files), sum(len(d) for d in files.values()))
