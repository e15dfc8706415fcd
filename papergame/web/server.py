"""`papergame serve`: a page on this computer for making kits and worksheets without typing options.

Python's own `http.server.ThreadingHTTPServer` serves it: the page needs a dozen routes,
GET and one POST, and no templates or sessions, so a framework would add a dependency
and a second way of parsing requests for nothing. Each request runs in its own thread;
the building itself runs one at a time (see `engine.Engine`).

Routes (OPTIONS is a query string of the command's long options without dashes):
    GET  /                            the page (page.html, page.css, page.js)
    GET  /options.json                the games and every field, read from the library's declaration
    GET  /kit.pdf?OPTIONS             exactly the bytes `papergame build` writes
    GET  /host-key.pdf?OPTIONS        ... its separate host key (`host-key=separate`)
    GET  /worksheets.pdf?OPTIONS      exactly the bytes `papergame worksheet` writes
    GET  /worksheets-key.pdf?OPTIONS  ... and its answer keys
    GET  /loops.pdf?OPTIONS           exactly the bytes `papergame loops` writes (its own options named
                                      loops-size, loops-level ...), and /loops-key.pdf its keys
    GET  /braille.zip?OPTIONS         a tactile kit's BRF files, as the command line writes them beside it
    GET  /pages/kit.json?OPTIONS      page counts: {"kit": 5, "host-key": 0} (a tactile kit: "braille": 3 files)
    GET  /pages/worksheets.json?...   page counts: {"worksheets": 1, "worksheets-key": 1}; /pages/loops.json too
    GET  /preview/DOC/N.png?OPTIONS   page N of a document as an image
    POST /upload?name=FILE.toml       a definition file, kept in memory: {"game": "upload-...", "name": ...,
                                      "title": ..., "languages": [...]}; a .zip of a game's folder (its
                                      game.toml and text files); with &game=upload-..., a text.LANG.toml
                                      joining that game (the answer's key names both)

Bad options get status 400 and `Error:` lines in the command line's words, less the
option's name: the header `X-Papergame-Field` names the field they concern.
"""

from __future__ import annotations

import ipaddress
import json
import re
import select
import socket
import sys
import traceback
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qsl, urlsplit

from papergame.errors import OptionError, PapergameError
from papergame.progress import Stopped, watching
from papergame.data.files import MAX_FILE_BYTES, too_big
from papergame.web import fields
from papergame.web.engine import (
    DOCUMENTS,
    MAKERS,
    Engine,
    Busy,
    NotFound,
    NotMade,
    builtin_games,
    safe_name,
)

STATIC = {
    "/": ("page.html", "text/html; charset=utf-8"),
    "/page.css": ("page.css", "text/css; charset=utf-8"),
    "/page.js": ("page.js", "text/javascript; charset=utf-8"),
}
DRAIN_LIMIT = 64 * MAX_FILE_BYTES  # a too-big upload is read and dropped up to this, so the browser sees the answer
PREVIEW = re.compile(r"/preview/([a-z-]+)/([0-9]{1,4})\.png")
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",  # no page elsewhere may embed a kit, an image or the options
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
SOCKET_TIMEOUT = 30  # seconds a client may take to send its request or read a reply, so no thread waits for ever
BACKLOG = 128  # connections waiting to be accepted: a classroom opening the page at once
SAME_ORIGIN = ("same-origin", "none")  # Sec-Fetch-Site: the page itself, or the address typed in
BUILD_ID = re.compile(r"[A-Za-z0-9]{1,32}")  # `build=` a page names its request by, to ask how far it is or stop it


class Answer(Exception):
    """A reply other than 200: a status and the `Error:` lines."""

    def __init__(self, status: int, problems: list[str], field: str | None = None):
        super().__init__("\n".join(problems))
        self.status, self.problems, self.field = status, problems, field


def static_file(name: str) -> bytes:
    return resources.files("papergame.web").joinpath("static", name).read_bytes()


def options_json(browser: bool | None = None) -> dict:
    """The games and the fields of each maker, for the page to build its form from. In a browser
    (the offline page of `bundle`; by default, when this runs under Pyodide) the makers that need
    a compiled library are left out: the single-loop puzzles' SAT solver is not there."""
    from papergame.web.page_words import page_words

    if browser is None:
        browser = sys.platform == "emscripten"
    makers = {name: m for name, m in MAKERS.items() if not (browser and m.native)}
    return {
        "games": builtin_games(),
        "makers": {name: [f.as_json() for f in m.form.fields(m.document)] for name, m in makers.items()},
        "standalone": [name for name, m in makers.items() if not m.document.game],  # made from no game
        **page_words(),  # languages by their own names, games by their titles, the parts, measured by paper
    }


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host headers this server answers to: its own address, and localhost when that is where it listens.

    A page elsewhere that points its own domain name at 127.0.0.1 (DNS rebinding) sends
    its domain name as the Host, and is refused. Listening on every address (0.0.0.0),
    any IP address is its own; a name other than localhost still is not.
    """
    names = {host, f"[{host}]"} if ":" in host else {host}
    if host in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "::"):
        names |= {"localhost", "127.0.0.1", "[::1]"}
    hosts = {f"{n}:{port}" for n in names}
    if port == 80:
        hosts |= names
    return hosts


def is_any_ip(host_header: str, port: int) -> bool:
    name, _, given = host_header.rpartition(":")
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return given == str(port)


def attachment(filename: str) -> str:
    """A Content-Disposition for a file name in any script: ASCII for old browsers, UTF-8 (RFC 6266) for the rest.

    >>> attachment("kit.pdf")
    'attachment; filename="kit.pdf"'
    >>> print(attachment("le-château.pdf"))
    attachment; filename="le-ch_teau.pdf"; filename*=UTF-8''le-ch%C3%A2teau.pdf
    """
    from urllib.parse import quote

    plain = "".join(c if " " <= c < "\x7f" and c not in '"\\' else "_" for c in filename)
    if plain == filename:
        return f'attachment; filename="{filename}"'
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def client_gone(connection: socket.socket) -> bool:
    """Whether the other end has closed: the socket reads as ready and a look at what waits finds nothing
    (a client that sends more, a request after this one, is still there)."""
    try:
        ready, _, _ = select.select([connection], [], [], 0)
        return bool(ready) and connection.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):  # reset, or closed on this side
        return True


class Handler(BaseHTTPRequestHandler):
    server: PapergameServer
    server_version = "papergame"
    protocol_version = "HTTP/1.1"
    timeout = SOCKET_TIMEOUT

    def log_message(self, format: str, *args) -> None:
        if self.server.log is not None:
            self.server.log(f"{self.address_string()} {format % args}")

    # --- answering -------------------------------------------------------------------------

    def send(self, status: int, body: bytes, content_type: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for name, value in {**HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, value) -> None:
        self.send(200, json.dumps(value).encode("utf-8"), "application/json")

    def answer(self, route: Callable[[], None]) -> None:
        try:
            if not self.host_allowed():
                refusal = f"Error: this page answers only at its own address, http://{self.server.address}/"
                raise Answer(403, [refusal])
            if not self.same_origin():
                raise Answer(403, [f"Error: this page answers only itself, not a page of another site "
                                   f"(open http://{self.server.address}/ to use it)"])
            try:
                with watching(self.stop_if_gone):  # a build for a client that has left stops at its next step
                    route()
            finally:
                build = self.build_id()
                if build is not None and urlsplit(self.path).path not in ("/progress.json", "/cancel"):
                    self.server.progress.pop(build, None)
                    self.server.cancelled.discard(build)
        except Stopped:
            if getattr(self, "cancelled_here", False):  # answered, so the browser does not ask again
                self.send(409, b"Stopped: the page cancelled this build\n", "text/plain; charset=utf-8")
            else:  # the client has gone: nobody to answer
                self.close_connection = True
        except Answer as exc:
            extra = {"X-Papergame-Field": exc.field} if exc.field else {}
            self.send(exc.status, ("\n".join(exc.problems) + "\n").encode("utf-8"), "text/plain; charset=utf-8", extra)
        except PapergameError as exc:
            lines, field = fields.error_lines(exc), fields.field_of(exc)
            extra = {"X-Papergame-Field": field} if field else {}
            status = 404 if isinstance(exc, (NotFound, NotMade)) else 503 if isinstance(exc, Busy) else 400
            if status == 503:
                extra["Retry-After"] = "5"
            self.send(status, ("\n".join(lines) + "\n").encode("utf-8"), "text/plain; charset=utf-8", extra)
        except (ConnectionError, TimeoutError):  # the client left, or sent nothing for SOCKET_TIMEOUT seconds
            self.close_connection = True
        except Exception:  # noqa: BLE001 - a bug: say so plainly, keep serving, show the traceback in the terminal
            traceback.print_exc(file=sys.stderr)
            self.send(500, b"Error: something went wrong inside papergame; the terminal shows what\n",
                      "text/plain; charset=utf-8")

    def stop_if_gone(self, part: str, done: int, total: int) -> None:
        """A build's watcher: stop it when its client has closed the connection (a closed tab, a page that
        asked again) or its page pressed Cancel, so the builder is free for the others at once rather than
        when the build is done; a build the page named (`build=ID`) says how far it is at /progress.json."""
        build = self.build_id()
        if build is not None:
            self.server.progress[build] = {"part": part, "done": done, "total": total}
            if build in self.server.cancelled:
                self.cancelled_here = True
                raise Stopped(f"{self.address_string()} cancelled at {done} of {total} {part}")
        if client_gone(self.connection):
            raise Stopped(f"{self.address_string()} left at {done} of {total} {part}")

    def build_id(self) -> str | None:
        """The name the page gave this request (`build=ID`), or None."""
        named = [v for k, v in parse_qsl(urlsplit(self.path).query, keep_blank_values=True) if k == "build"]
        return named[0] if len(named) == 1 and BUILD_ID.fullmatch(named[0]) else None

    def same_origin(self) -> bool:
        """False for a request a page of another site made (a link, an image, a form, a script).

        Browsers say where a request comes from in `Sec-Fetch-Site` (a page on another port
        of 127.0.0.1 is "same-site", not "same-origin", and is refused too) and, for a POST
        or a script's request, in `Origin`. A request without either (curl, a test) is
        answered; the Host check above still applies.
        """
        site = self.headers.get("Sec-Fetch-Site")
        if site is not None and site not in SAME_ORIGIN:
            return False
        origin = self.headers.get("Origin")
        if origin is None:
            return True
        scheme, _, host = origin.partition("://")
        return scheme == "http" and (host in self.server.hosts or (
            self.server.any_address and is_any_ip(host, self.server.server_address[1])))

    def host_allowed(self) -> bool:
        host = self.headers.get("Host", "")
        if host in self.server.hosts:
            return True
        return self.server.any_address and is_any_ip(host, self.server.server_address[1])

    def query(self) -> list[tuple[str, str]]:
        """The request's options (without `build=`, which names the request, not the document)."""
        return [(k, v) for k, v in parse_qsl(urlsplit(self.path).query, keep_blank_values=True) if k != "build"]

    # --- routes ----------------------------------------------------------------------------

    def do_GET(self) -> None:
        self.answer(self.get)

    def do_HEAD(self) -> None:
        self.answer(self.get)

    def do_POST(self) -> None:
        self.answer(self.post)

    def get(self) -> None:
        path = urlsplit(self.path).path
        engine = self.server.engine
        if path in STATIC:
            name, content_type = STATIC[path]
            self.send(200, static_file(name), content_type)
        elif path == "/options.json":
            self.send_json(options_json())
        elif path == "/progress.json":  # how far the build the page named has got ({} before its first step)
            self.send_json(self.server.progress.get(self.build_id() or "", {}))
        elif path.endswith(".pdf") and path[1:-4] in DOCUMENTS:
            data, filename = engine.document(path[1:-4], self.query())
            self.send(200, data, "application/pdf", {"Content-Disposition": attachment(filename)})
        elif path == "/braille.zip":
            data, filename = engine.braille(self.query())
            self.send(200, data, "application/zip", {"Content-Disposition": attachment(filename)})
        elif path.startswith("/pages/") and path.endswith(".json") and path[7:-5] in MAKERS:
            self.send_json(engine.page_counts(path[7:-5], self.query()))
        elif (match := PREVIEW.fullmatch(path)) and match.group(1) in DOCUMENTS:
            self.send(200, engine.page_png(match.group(1), int(match.group(2)), self.query()), "image/png")
        else:
            raise Answer(404, [f"Error: {path}: there is no such page here"])

    def post(self) -> None:
        path = urlsplit(self.path).path
        if path == "/cancel":  # the page's Cancel: the build it named stops at its next step
            build = self.build_id()
            if build is None:
                raise Answer(400, ["Error: /cancel needs build=ID, the name the page gave its request"])
            length = self.headers.get("Content-Length", "0")
            self.drain(int(length) if length.isdigit() else 0)
            self.server.cancelled.add(build)
            self.send_json({"cancelled": build})
            return
        if path != "/upload":
            raise Answer(405 if path in STATIC or path.endswith((".pdf", ".json", ".png")) else 404,
                         [f"Error: {path}: nothing can be sent here"])
        query = dict(self.query())
        name, joins = query.get("name", "game.toml"), query.get("game")
        try:
            size = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise Answer(411, ["Error: the upload must say its length"], fields.GAME) from None
        if size < 0:
            raise Answer(400, ["Error: the upload must say its length"], fields.GAME)
        if size > MAX_FILE_BYTES:
            self.drain(size)
            raise too_big(safe_name(name), size)  # the command line's own message
        data = self.rfile.read(size)
        if len(data) < size:  # the client stopped sending (or waited SOCKET_TIMEOUT seconds)
            self.close_connection = True
            raise Answer(400, [f"Error: the upload stopped after {len(data):,} of {size:,} bytes; send the file again"],
                         fields.GAME)
        self.send_json(self.server.engine.upload(name, data, joins))

    def drain(self, size: int) -> None:
        """Read a refused body and drop it, so the browser reads the answer instead of a reset connection."""
        if size > DRAIN_LIMIT:
            self.close_connection = True
            return
        while size > 0:
            chunk = self.rfile.read(min(size, 1 << 16))
            if not chunk:
                break
            size -= len(chunk)


class PapergameServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = BACKLOG

    def handle_error(self, request, client_address) -> None:
        """A client that leaves (a closed tab, a cancelled download) is no error worth a traceback."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    def __init__(self, host: str, port: int, log: Callable[[str], None] | None = None):
        self.engine = Engine()
        self.log = log
        self.progress: dict[str, dict[str, object]] = {}  # build=ID -> its last step (part, done, total)
        self.cancelled: set[str] = set()  # the builds whose page pressed Cancel
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host, port), Handler)
        bound_port = self.server_address[1]
        self.any_address = host in ("0.0.0.0", "::")
        self.hosts = allowed_hosts(host, bound_port)
        shown = f"[{host}]" if ":" in host else host
        self.address = f"{shown}:{bound_port}"

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.any_address else self.address.rsplit(":", 1)[0]
        return f"http://{host}:{self.server_address[1]}/"


def make_server(host: str = "127.0.0.1", port: int = 8000, log: Callable[[str], None] | None = None) -> PapergameServer:
    """A server bound to `host`:`port` (0: any free port), not yet serving.

    An empty host would bind every address (0.0.0.0): that must be asked for in so many words.
    """
    if not host.strip():
        raise OptionError("host", 'is empty; give 127.0.0.1 for this computer only, or 0.0.0.0 to let other '
                                  "computers reach the page")
    try:
        return PapergameServer(host, port, log)
    except OSError as exc:
        if exc.errno in (98, 48):  # EADDRINUSE on Linux and macOS
            raise OptionError("port", f"{port} is already in use on {host}; choose another, such as {port + 1}") from None
        raise OptionError("host", f"cannot listen on {host}:{port}: {(exc.strerror or str(exc)).lower()}") from None


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(host: str, port: int, open_browser: bool, say: Callable[[str], None], warn: Callable[[str], None]) -> None:
    """Serve until Ctrl-C, then stop cleanly."""
    server = make_server(host, port, log=None)
    if not is_loopback(host):
        warn(f"Warning: listening on {host}, not only on this computer: anyone who can reach it on port "
             f"{server.server_address[1]} can use the page (it reads and writes no file of yours)")
    try:  # from here on, Ctrl-C stops the server cleanly
        say(f"papergame: the page is at {server.url} (Ctrl-C to stop)")
        if open_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.serve_forever()
    except KeyboardInterrupt:
        say("papergame: stopped")
    finally:
        server.server_close()
