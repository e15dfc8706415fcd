"""A long build says how far it is and can be stopped (issue 24): `papergame.progress` steps through a
class set's kits, the sheets of tiles and the pages drawn; the command line shows them on a terminal, a watcher that raises
`Stopped` ends the build with nothing written, and `serve` stops a build whose client has gone so the
builder is free for the others at once."""

from __future__ import annotations

import io
import socket
import time

from click.testing import CliRunner
from pypdf import PdfReader

from papergame import cli
from papergame.progress import KITS, PAGES, TILES, Stopped, watching
from servers import running_server


def heard(args: list[str], tmp_path) -> tuple[list[tuple[str, int, int]], object]:
    steps: list[tuple[str, int, int]] = []
    with watching(lambda part, done, total: steps.append((part, done, total))):
        result = CliRunner().invoke(cli.main, ["build", *args, "-o", str(tmp_path / "kit.pdf")])
    return steps, result


def test_a_class_set_steps_through_its_kits_then_the_pages_of_each_file(tmp_path):
    steps, result = heard(["--kits", "3"], tmp_path)
    assert result.exit_code == 0, result.output
    assert [s for s in steps if s[0] == KITS] == [(KITS, n, 3) for n in (1, 2, 3)]
    pages = [s for s in steps if s[0] == PAGES]
    kit, key = (len(PdfReader(tmp_path / name).pages) for name in ("kit.pdf", "kit-host-key.pdf"))
    assert pages == [(PAGES, n, kit) for n in range(1, kit + 1)] + [(PAGES, n, key) for n in range(1, key + 1)]
    assert steps.index((KITS, 3, 3)) < steps.index((PAGES, 1, kit)), "the kits are laid out before a page is drawn"


def test_a_class_set_steps_through_its_shared_tile_sheets_after_the_kits(tmp_path):
    """The kits' tiles share sheets laid out after the last kit: the line goes on past "kit 3 of 3" (it was
    silent there), a sheet of tiles at a time, up to every tile of the three kits."""
    from papergame.data.games import load_definition
    from papergame.layout.pieces import tile_list

    steps, result = heard(["--kits", "3"], tmp_path)
    assert result.exit_code == 0, result.output
    tiles = [s for s in steps if s[0] == TILES]
    every = 3 * len(tile_list(load_definition(None)))
    assert len(tiles) >= 2 and all(total == every for _, _, total in tiles), tiles
    done = [d for _, d, _ in tiles]
    assert done == sorted(set(done)) and done[-1] == every, "one step a sheet, on to the last tile"
    assert steps.index((KITS, 3, 3)) < steps.index(tiles[0]) < steps.index((PAGES, 1, len(
        PdfReader(tmp_path / "kit.pdf").pages))), "after the kits, before the drawing"


def test_a_single_kit_steps_through_its_pages_only(tmp_path):
    steps, result = heard(["--host-key", "page"], tmp_path)
    assert result.exit_code == 0, result.output
    count = len(PdfReader(tmp_path / "kit.pdf").pages)
    assert [s for s in steps if s[0] != TILES] == [(PAGES, n, count) for n in range(1, count + 1)]


def test_a_build_its_watcher_stops_writes_nothing_and_keeps_the_old_file(tmp_path):
    old = tmp_path / "kit.pdf"
    CliRunner().invoke(cli.main, ["build", "-o", str(old)])
    before = old.read_bytes()

    def stop_at_the_second_kit(part, done, total):
        if part == KITS and done == 2:
            raise Stopped("gone")

    with watching(stop_at_the_second_kit):
        result = CliRunner().invoke(cli.main, ["build", "--kits", "5", "-o", str(old)])
    assert isinstance(result.exception, Stopped)
    assert old.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit-host-key.pdf", "kit.pdf"], "no temporary file left"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_progress_line_shows_and_is_cleared(monkeypatch, tmp_path):
    from papergame.build import kit_pdfs
    from papergame.options import KitOptions

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with cli.progress_on_terminal(after=0.0):
        pdfs = kit_pdfs(options=KitOptions(kits=2))
    text = screen.getvalue()
    assert "\rLaying out kit 1 of 2" in text and "\rLaying out kit 2 of 2" in text
    assert f"\rDrawing page {pdfs.kit_pages} of {pdfs.kit_pages}" in text
    assert text.endswith("\r"), "the line is wiped at the end, so the Wrote lines start on a clean line"
    assert text.rsplit("\r", 2)[1].strip() == "", "wiped with spaces"


def test_not_on_a_terminal_nothing_shows(monkeypatch):
    from papergame.build import kit_pdfs

    screen = io.StringIO()
    monkeypatch.setattr("sys.stderr", screen)
    with cli.progress_on_terminal(after=0.0):
        kit_pdfs()
    assert screen.getvalue() == ""


def test_serve_stops_a_build_whose_client_has_gone():
    with running_server() as srv:
        engine, port = srv.engine, srv.server_address[1]
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(f"GET /kit.pdf?game=eight-port-path-tiles&kits=40 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
                       .encode())
        deadline = time.monotonic() + 60
        while not engine.builder.locked():  # the build has begun
            assert time.monotonic() < deadline, "the build never began"
            time.sleep(0.01)
        client.close()
        while engine.builder.locked():
            assert time.monotonic() < deadline, "the builder was never freed"
            time.sleep(0.01)
        assert len(engine.builds) == 0, "the build was stopped, not finished and kept"
        quick = socket.create_connection(("127.0.0.1", port))  # the next request is answered
        quick.sendall(f"GET /pages/kit.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        reply = b""
        while chunk := quick.recv(65536):
            reply += chunk
        quick.close()
        assert reply.startswith(b"HTTP/1.1 200"), reply[:200]
        assert len(engine.builds) == 1


def http(port: int, method: str, target: str) -> bytes:
    """One request on a connection of its own, the whole reply (b"" when the server closed it unanswered)."""
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close"
                   f"\r\n\r\n".encode())
    reply = b""
    while chunk := client.recv(65536):
        reply += chunk
    client.close()
    return reply


def test_the_serve_page_asks_how_far_a_named_build_is_and_cancels_it():
    """The page names its request (`build=ID`): /progress.json says its last step while it runs, and POST
    /cancel stops it at the next step, answered 409 Stopped, with the builder free and nothing kept (page.js shows the
    step and the Cancel button; test_serve_browser presses it)."""
    import json
    import threading

    with running_server() as srv:
        engine, port = srv.engine, srv.server_address[1]
        replies: list[bytes] = []
        build = threading.Thread(target=lambda: replies.append(
            http(port, "GET", "/pages/kit.json?game=eight-port-path-tiles&kits=40&build=b1")))
        build.start()
        deadline = time.monotonic() + 60
        seen: dict = {}
        while not seen.get("total"):
            assert time.monotonic() < deadline, "no step was heard"
            seen = json.loads(http(port, "GET", "/progress.json?build=b1").split(b"\r\n\r\n", 1)[1])
            time.sleep(0.02)
        assert seen["part"] in (KITS, TILES, PAGES) and 1 <= seen["done"] <= seen["total"]
        assert http(port, "POST", "/cancel?build=b1").startswith(b"HTTP/1.1 200")
        build.join(60)
        assert len(replies) == 1 and replies[0].startswith(b"HTTP/1.1 409"), "answered: stopped (a browser would ask again)"
        assert not engine.builder.locked() and len(engine.builds) == 0
        assert json.loads(http(port, "GET", "/progress.json?build=b1").split(b"\r\n\r\n", 1)[1]) == {}
        assert http(port, "GET", "/pages/kit.json?build=b2").startswith(b"HTTP/1.1 200"), "build= is not an option"
        assert http(port, "POST", "/cancel").startswith(b"HTTP/1.1 400")
