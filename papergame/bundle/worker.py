"""papergame's side of the bundle's Web Worker: the page's requests answered without a server.

In the page that `papergame bundle` writes, page.js sends the requests it sends to
`papergame serve` (`/options.json`, `/pages/kit.json?...`, `/kit.pdf?...`, `/upload?name=...`)
to a Web Worker running papergame under Pyodide instead. `answer` answers each by calling the
functions the server calls (`server.options_json`, `engine.Engine`, `server.error_lines`), so
the form, the error lines, the fields they mark and the PDF bytes are the server's.
Previews are drawn in the page from the PDF (the server draws them with PDFium, which is
compiled), so `/preview/...` is not answered here.

`run` runs the command line itself, as `papergame ARGS` would in an empty folder, for
`window.papergame.run(args)`. Both run in ordinary Python too, which is how they are tested.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit


from papergame.errors import PapergameError
from papergame.web import fields, server
from papergame.web.engine import DOCUMENTS, MAKERS, Engine, NotFound, NotMade

ENGINE = Engine()
TEXT = "text/plain; charset=utf-8"


def as_bytes(data: Any) -> bytes:
    """Bytes from Python, or from JavaScript (a Uint8Array arrives in Pyodide as a proxy with `to_bytes`)."""
    if isinstance(data, bytes):
        return data
    return data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)


def answer(method: str, target: str, body: Any = None) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) for a request, as `papergame serve` answers it."""
    try:
        return route(method, target, None if body is None else as_bytes(body))
    except PapergameError as exc:
        lines, field = fields.error_lines(exc), fields.field_of(exc)
        headers = {"Content-Type": TEXT, **({"X-Papergame-Field": field} if field else {})}
        status = 404 if isinstance(exc, (NotFound, NotMade)) else 400
        return status, headers, ("\n".join(lines) + "\n").encode("utf-8")


def route(method: str, target: str, body: bytes | None) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(target)
    path, query = parts.path, parse_qsl(parts.query, keep_blank_values=True)
    if method == "POST" and path == "/upload":
        asked = dict(query)
        sent = ENGINE.upload(asked.get("name", "game.toml"), body or b"", asked.get("game"))
        return 200, {"Content-Type": "application/json"}, json.dumps(sent).encode("utf-8")
    if method != "GET":
        return 405, {"Content-Type": TEXT}, f"Error: {path}: nothing can be sent here\n".encode("utf-8")
    if path == "/options.json":
        return 200, {"Content-Type": "application/json"}, json.dumps(server.options_json()).encode("utf-8")
    if path.endswith(".pdf") and path[1:-4] in DOCUMENTS:
        data, filename = ENGINE.document(path[1:-4], query)
        return 200, {"Content-Type": "application/pdf", "Content-Disposition": server.attachment(filename)}, data
    if path == "/braille.zip":
        data, filename = ENGINE.braille(query)
        return 200, {"Content-Type": "application/zip", "Content-Disposition": server.attachment(filename)}, data
    if path.startswith("/pages/") and path.endswith(".json") and path[7:-5] in MAKERS:
        return 200, {"Content-Type": "application/json"}, json.dumps(ENGINE.page_counts(path[7:-5], query)).encode("utf-8")
    return 404, {"Content-Type": TEXT}, f"Error: {path}: there is no such page here\n".encode("utf-8")


def run(args: list[str], files: dict[str, Any] | None = None, folder: str | None = None) -> dict:
    """`papergame ARGS` in an empty folder holding `files`: its exit code, what it printed, and
    every file in the folder afterwards (name relative to the folder -> bytes).

    The folder is `folder`, emptied first (the Web Worker's own, so what the command prints
    is the same each time), or a new temporary one.
    """
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="papergame-run-") as temporary:
            return run_in(Path(temporary), args, files or {})
    root = Path(folder)
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    try:
        return run_in(root, args, files or {})
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_in(root: Path, args: list[str], files: dict[str, Any]) -> dict:
    from papergame.cli import main

    for name, data in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(as_bytes(data))
    here = os.getcwd()
    stdout, stderr = io.StringIO(), io.StringIO()
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                main.main(list(args), prog_name="papergame", standalone_mode=True)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(here)
    made = {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    return {"exitCode": code, "stdout": stdout.getvalue(), "stderr": stderr.getvalue(), "files": made}
