"""Hostile input and faults (issue 24): files, options and requests made to pin a core, fill the
memory or crash papergame get one `Error:` line, quickly, and no traceback.

Each case here failed before its fix: it took minutes (a duplicate check that was quadratic),
or raised a traceback. The time limits (`within`) are generous guards against a hang, not
speed measurements: every case answers in well under a second on this machine.
"""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = (ROOT / "templates" / "edge-port-path-tiles" / "game.toml").read_text(encoding="utf-8")


class TooSlow(Exception):
    pass


@contextlib.contextmanager
def within(seconds: float):
    """Fail (raise TooSlow) if the block runs longer than `seconds` (a guard against a hang)."""

    def alarm(signum, frame):
        raise TooSlow(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def errors_of(args: list[str], seconds: float = 10) -> list[str]:
    """The `Error:` lines of a command that must fail cleanly (exit status 2, no traceback)."""
    with within(seconds):
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines and all(line.startswith("Error: ") for line in lines), lines[:5]
    return lines


def names(prefix: str, count: int) -> str:
    return "[" + ",".join(f'"{prefix}{i}"' for i in range(count)) + "]"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # files are named as a person types them: g.toml


def game_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size <= 1024 * 1024  # under the size limit: the checks themselves must be quick
    return "g.toml"


TOKEN = '[[tokens]]\nname = "t{i}"\nstart = "A1/S"\n'
TILE = '[[tiles]]\ntype = {t}\npairs = [["N", "E"], ["S", "W"]]\ncopies = 1\n'
HUGE = {  # what replaces what in the default game (n times), and the one line that must answer it
    "sides": (lambda n: ('sides = ["N", "E", "S", "W"]', f"sides = {names('s', n)}"),
              "g.toml: the [shape] table, line 7: sides: has {n:,} sides; a tile is a square (4 sides"),
    "ports": (lambda n: ('ports = ["N", "E", "S", "W"]', f"ports = {names('p', n)}"),
              "g.toml: the [shape] table, line 10: ports: has {n:,} ports; a tile has at most 12"),
    "tokens": (lambda n: ("[deal]", "".join(TOKEN.format(i=i) for i in range(n - 2)) + "[deal]"),
               "g.toml: tokens: has {n:,} tokens; this game is for exactly 2"),
    "tile types": (lambda n: ("[deal]", "".join(TILE.format(t=i % 99 + 1) for i in range(n - 3)) + "[deal]"),
                   "g.toml: tiles: has {n:,} tile types; a set has at most 99 (types 1 to 99)"),
    "pairs": (lambda n: ('pairs = [["N", "E"], ["S", "W"]]', "pairs = [" + ",".join(['["N","E"]'] * n) + "]"),
              "g.toml: the [[tiles]] table with type = 1, line 33: pairs: has {n:,} pairs; a tile with 4 ports has 2"),
    "unknown keys": (lambda n: ("[deal]", "[rules]\n" + "".join(f"k{i} = 1\n" for i in range(n)) + "[deal]"),
                     "g.toml: the [rules] table, line 27: {n:,} unknown keys (k0, k1, k10, k100, k1000, ...; expected only: path, supply)"),
}
MOST = {"sides": 60000, "ports": 60000, "tokens": 25000, "tile types": 16000, "pairs": 60000, "unknown keys": 60000}


@pytest.mark.parametrize("case", HUGE)
def test_thousands_of_names_get_one_line_naming_the_limit(tmp_path, case):
    one_line_for(tmp_path, case, 3000)


@pytest.mark.slow
@pytest.mark.parametrize("case", HUGE)
def test_a_file_just_under_1_mib_of_names_answers_at_once(tmp_path, case):
    one_line_for(tmp_path, case, MOST[case], seconds=4)


def one_line_for(tmp_path, case, n, seconds=10):
    make, expected = HUGE[case]
    expected = expected.format(n=n)
    old, new = make(n)
    assert old in TEMPLATE
    text = TEMPLATE.replace(old, new, 1)
    lines = errors_of(["validate", game_file(tmp_path, text)], seconds)
    assert len(lines) == 1, lines[:3]
    assert lines[0].startswith("Error: " + expected), lines[0]


def test_repeated_names_are_still_found_below_the_limits(tmp_path):
    text = TEMPLATE.replace('rows = ["1", "2", "3", "4", "5"]', 'rows = ["1", "2", "1", "4", "2"]')
    assert errors_of(["validate", game_file(tmp_path, text)]) == ['Error: g.toml: the [board] table, line 15: rows: repeats "1", "2"']


@pytest.mark.parametrize("text, expected", [
    ("a = " + "[" * 500 + "]" * 500 + "\n", "lists or tables nested too deeply to read; a definition file needs at most 16"),
    ("a = " + "{b = " * 500 + "1" + "}" * 500 + "\n", "lists or tables nested too deeply to read"),
    ("a = " + "[" * 40 + "]" * 40 + "\n", "lists or tables nested more than 16 levels deep"),
    (TEMPLATE.replace("hand = 3", "hand = " + "9" * 4301), "a number has more than 4,300 digits"),
    (TEMPLATE.replace("copies = 6", "copies = " + "9" * 5000, 1), "a number has more than 4,300 digits"),
])
def test_deep_nesting_and_huge_numbers_in_a_file(tmp_path, text, expected):
    path = game_file(tmp_path, text)
    for args in (["validate", path], ["build", "--game", path, "-o", str(tmp_path / "k.pdf")],
                 ["trace", "A1:1", "--game", path]):
        lines = errors_of(args)
        assert len(lines) == 1 and lines[0].startswith(f"Error: {path}: {expected}"), lines


def test_a_huge_hexadecimal_number_is_named_by_its_size(tmp_path):
    """Python's 4,300-digit limit holds for decimal numbers only: 0xfff... is read, and could not be shown."""
    text = TEMPLATE.replace("hand = 3", "hand = 0x" + "f" * 5000)
    assert errors_of(["validate", game_file(tmp_path, text)]) == [
        "Error: g.toml: the [deal] table, line 28: hand: is a number of 6,021 digits; a hand must be at least 1"]


def test_deep_nesting_in_a_text_file(tmp_path):
    path = tmp_path / "text.en.toml"
    path.write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    assert errors_of(["build", "--text", str(path), "-o", str(tmp_path / "k.pdf")]) == [
        f"Error: {path}: lists or tables nested too deeply to read; a text file needs at most 16 levels"]


@pytest.mark.parametrize("tiles, expected", [
    (",".join(["1x6"] * 12000), "--tiles: names 12,000 parts; a reprint names at most 200"),
    ("1x" + "9" * 4301, '--tiles: "1x999'),
    ("9" * 5000 + ".1", '--tiles: "999'),
    ("1" + " " * 40000 + "q", '--tiles: "1 '),
])
def test_hostile_tile_lists(tmp_path, tiles, expected):
    lines = errors_of(["build", "--tiles", tiles, "-o", str(tmp_path / "k.pdf")], seconds=5)
    assert len(lines) == 1 and lines[0].startswith("Error: " + expected), lines
    assert len(lines[0]) < 200
    assert not (tmp_path / "k.pdf").exists()


def test_tile_lists_within_the_limit_still_work(tmp_path):
    lines = errors_of(["build", "--tiles", ",".join(["1x6"] * 200), "-o", str(tmp_path / "k.pdf")])
    assert lines == ["Error: --tiles: tile 1·1 is named twice"]


# --- serve: other sites, headers, sockets, sizes -------------------------------------------

import http.client  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402

from papergame.web import server as server_module  # noqa: E402
from papergame.web.server import make_server  # noqa: E402
from servers import running_server  # noqa: E402


@pytest.fixture(scope="module")
def server():
    with running_server(busy_wait=1.0) as srv:
        yield srv


def ask(server, path, method="GET", body=None, headers=None, timeout=60):
    """(status, headers, body) of one request, with the server's own Host header."""
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=timeout)
    try:
        connection.request(method, path, body=body, headers={"Host": server.address, **(headers or {})})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def raw(server, request: bytes, timeout=30) -> bytes:
    """Everything the server sends back for a request written byte for byte (it closes the connection)."""
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},  # a page on another port of 127.0.0.1
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://127.0.0.1:1"},
])
def test_requests_from_other_sites_are_refused(server, headers):
    for method, path in (("GET", "/kit.pdf?tiles=1x1"), ("GET", "/options.json"), ("POST", "/upload?name=g.toml")):
        status, got, body = ask(server, path, method, body=TEMPLATE.encode() if method == "POST" else None,
                                headers=headers)
        assert status == 403, (path, headers)
        assert body.decode().startswith("Error: this page answers only itself, not a page of another site")
        assert got["Cross-Origin-Resource-Policy"] == "same-origin"


def test_requests_from_the_page_itself_are_answered(server):
    own = f"http://{server.address}"
    for headers in ({"Sec-Fetch-Site": "same-origin", "Origin": own}, {"Sec-Fetch-Site": "none"}, {}):
        status, got, _ = ask(server, "/options.json", headers=headers)
        assert status == 200 and got["Cross-Origin-Resource-Policy"] == "same-origin"
    status, _, body = ask(server, "/upload?name=g.toml", "POST", TEMPLATE.encode(),
                          {"Origin": own, "Sec-Fetch-Site": "same-origin"})
    assert status == 200, body


def test_upload_keys_are_secrets_not_the_files_hash(server):
    import hashlib
    import json

    keys = [json.loads(ask(server, "/upload?name=g.toml", "POST", TEMPLATE.encode())[2])["game"] for _ in range(2)]
    assert keys[0] != keys[1]
    assert all(k.startswith("upload-") and len(k) == len("upload-") + 32 for k in keys)
    assert hashlib.sha256(TEMPLATE.encode()).hexdigest()[:16] not in keys[0]


@pytest.mark.parametrize("name, disposition", [
    ("гра.toml", "filename=\"___.pdf\"; filename*=UTF-8''%D0%B3%D1%80%D0%B0.pdf"),
    ("\U0001f3b2 dice.toml", "filename=\"_ dice.pdf\"; filename*=UTF-8''%F0%9F%8E%B2%20dice.pdf"),
    ("x\r\nSet-Cookie: a=b.toml", 'filename="xSet-Cookie: a=b.pdf"'),  # one header: the line break is gone
    ('q"\x1b[31m.toml', "filename=\"q_[31m.pdf\"; filename*=UTF-8''q%22%5B31m.pdf"),
])
def test_download_names_are_encoded_and_cannot_add_headers(server, name, disposition):
    import json
    from urllib.parse import quote

    status, _, body = ask(server, f"/upload?name={quote(name)}", "POST", TEMPLATE.encode())
    assert status == 200, body
    game = json.loads(body)["game"]
    answer = raw(server, f"GET /kit.pdf?game={game}&only=rules HTTP/1.1\r\nHost: {server.address}\r\n"
                         f"Connection: close\r\n\r\n".encode())
    head, _, pdf = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0] == "HTTP/1.1 200 OK" and answer.count(b"HTTP/1.1 ") == 1
    assert pdf.startswith(b"%PDF-") and b"HTTP/1.1 500" not in answer
    assert not any(line.lower().startswith("set-cookie") for line in lines)
    assert f"Content-Disposition: attachment; {disposition}" in lines


def test_a_huge_content_length_is_refused_cleanly(server, capfd):
    answer = raw(server, f"POST /upload?name=g.toml HTTP/1.1\r\nHost: {server.address}\r\n"
                         f"Content-Length: {10 ** 30}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert answer.endswith(f"\r\n\r\nError: g.toml: file is {10 ** 30:,} bytes; a definition file may be at most 1 MiB\n"
                           .encode())
    assert "Traceback" not in capfd.readouterr().err


def test_a_client_that_stops_sending_is_dropped(server, monkeypatch):
    monkeypatch.setattr(server_module.Handler, "timeout", 1)
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
        sock.sendall(f"POST /upload?name=g.toml HTTP/1.1\r\nHost: {server.address}\r\n"
                     f"Content-Length: 1000\r\n\r\n[shape]".encode())
        began = time.monotonic()
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert time.monotonic() - began < 5  # dropped after the 1 s timeout, not held for ever
    assert answer == b"" or b"Error: the upload stopped after 7 of 1,000 bytes" in answer


def test_clients_that_leave_leave_no_traceback(server, capfd):
    """A client that resets its connection (a closed tab) while the server reads or answers."""
    host = f"Host: {server.address}\r\n"
    for request in (f"GET /nothing HTTP/1.1\r\n{host}\r\n", "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
                    "GET /kit.pdf HTTP/1.1\r\n", f"POST /upload HTTP/1.1\r\n{host}Content-Length: 99\r\n\r\nab"):
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
                sock.sendall(request.encode())
                time.sleep(0.05)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset
    time.sleep(0.3)
    assert ask(server, "/options.json")[0] == 200
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ConnectionReset" not in err and "BrokenPipe" not in err


def test_a_classroom_of_connections_is_queued_not_dropped():
    """With the listen backlog at 5 (Python's default), most of 100 connections made at once
    wait for a SYN retry; with a classroom's backlog they are all queued at once."""
    srv = make_server("127.0.0.1", 0)  # not serving: every connection waits in the backlog
    socks = []
    try:
        for _ in range(100):
            sock = socket.socket()
            sock.settimeout(0.2)
            try:
                sock.connect(srv.server_address)
            except OSError:
                sock.close()
                continue
            socks.append(sock)
        assert len(socks) == 100
    finally:
        for sock in socks:
            sock.close()
        srv.server_close()


def test_a_long_build_holds_no_other_request(server):
    """While one request holds the builder, the page, cached PDFs and uploads are answered at
    once, and a request that needs a build of its own is told to try again (503) after a bound."""
    ask(server, "/kit.pdf?only=rules")  # in the cache
    assert server.engine.builder.acquire(timeout=30)
    try:
        # each answered without waiting for the builder (a wait is 1 s, then 503), timed one by one
        for path, method, body in (("/options.json", "GET", None), ("/kit.pdf?only=rules", "GET", None),
                                   ("/upload?name=g.toml", "POST", TEMPLATE.encode())):
            began = time.monotonic()
            assert ask(server, path, method, body)[0] == 200
            assert time.monotonic() - began < 1, path
        status, headers, body = ask(server, "/kit.pdf?only=board&paper=letter")
        assert status == 503 and headers["Retry-After"] == "5"
        assert body.decode().startswith("Error: the page is busy making another document (waited 1 s)")
    finally:
        server.engine.builder.release()
    assert ask(server, "/kit.pdf?only=board&paper=letter")[0] == 200


def test_an_empty_host_is_not_every_address():
    assert errors_of(["serve", "--host", "", "--no-open", "--port", "0"]) == [
        "Error: --host: is empty; give 127.0.0.1 for this computer only, or 0.0.0.0 to let other computers reach "
        "the page"]


# --- check and preview: PDFs made to overload a reader -----------------------------------

import os  # noqa: E402
import zlib  # noqa: E402

from papergame.pdfread import guard  # noqa: E402


def pdf_file(objects: dict[int, bytes]) -> bytes:
    """A PDF of these objects (1 is the catalog), with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    size = max(objects) + 1
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, size))
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


def stream(data: bytes, extra: bytes = b"", compress: bool = False) -> bytes:
    if compress:
        data, extra = zlib.compress(data, 9), extra + b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n%s\nendstream" % (len(data), extra, data)


def one_page(content: bytes, resources: bytes = b"<< >>", box: bytes = b"[0 0 595 842]", more=None,
             compress: bool = False) -> bytes:
    return pdf_file({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     3: b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Resources %s /Contents 4 0 R >>" % (box, resources),
                     4: stream(content, compress=compress), **(more or {})})


FORM = b" /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /X 5 0 R >> >>"
BOMBS = {
    "a form that draws itself twice": one_page(b"/X Do", b"<< /XObject << /X 5 0 R >> >>",
                                               more={5: stream(b"0 0 m 9 9 l S /X Do /X Do", FORM)}),
    "a Flate bomb": one_page(b"0 0 m 1 1 l S\n" * 5_000_000, compress=True),
}
BROKEN = {  # what, the PDF, the one line check and preview answer
    "a page tree that loops": (pdf_file({1: b"<< /Type /Catalog /Pages 2 0 R >>",
                                         2: b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
                                         3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"}),
                               "x.pdf: page 2 cannot be found in the file (its page tree is broken or loops)"),
    "200,000 pages": (pdf_file({1: b"<< /Type /Catalog /Pages 2 0 R >>",
                                2: b"<< /Type /Pages /Kids [" + b"3 0 R " * 200_000 + b"] /Count 200000 >>",
                                3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"}),
                      "x.pdf: the PDF has 200,000 pages; papergame reads at most 2,000"),
    "a page of 200 inches": (one_page(b"0 0 m 9 9 l S", box=b"[0 0 14400 14400]"),
                             "x.pdf: page 1 is 5,080 × 5,080 mm; papergame reads pages up to 5 m a side"),
}


@pytest.mark.parametrize("case", BOMBS)
@pytest.mark.parametrize("command", ["check", "preview"])
def test_a_pdf_bomb_is_one_error_line(tmp_path, monkeypatch, case, command):
    monkeypatch.setattr(guard, "MEMORY", 64 << 20)  # the bound is reached sooner; the test process is never at risk
    (tmp_path / "x.pdf").write_bytes(BOMBS[case])
    assert errors_of([command, "x.pdf"], seconds=30) == [
        "Error: x.pdf: reading it needs more than 64 MB of memory or 31 s, far more than any papergame kit; it is "
        "damaged or made to overload a reader"]
    assert sorted(os.listdir(tmp_path)) == ["x.pdf"]


@pytest.mark.parametrize("case", BROKEN)
@pytest.mark.parametrize("command", ["check", "preview"])
def test_a_broken_or_enormous_pdf_is_one_error_line(tmp_path, case, command):
    data, expected = BROKEN[case]
    (tmp_path / "x.pdf").write_bytes(data)
    lines = errors_of([command, "x.pdf"])
    assert len(lines) == 1 and lines[0].startswith("Error: " + expected), lines
    assert sorted(os.listdir(tmp_path)) == ["x.pdf"]


A4 = one_page(b"0 0 m 100 100 l S")


def test_preview_at_1200_dpi_says_how_far_it_can_go(tmp_path):
    (tmp_path / "a4.pdf").write_bytes(A4)
    assert errors_of(["preview", "a4.pdf", "--dpi", "1200"]) == [
        "Error: --dpi: page 1 at 1200 dpi would be 9,917 × 14,033 pixels; at most 40 million a page: use 643 dpi or less"]


def test_preview_never_writes_over_notes_or_its_own_pdf(tmp_path):
    (tmp_path / "a4.pdf").write_bytes(A4)
    Path("a4-p1.png").write_text("my notes")
    assert errors_of(["preview", "a4.pdf", "--dpi", "20"]) == [
        "Error: a4-p1.png: cannot write: it exists and is not a PNG, so it is not replaced; remove it or choose "
        "another folder"]
    assert Path("a4-p1.png").read_text() == "my notes"
    Path("a4-p1.png").unlink()
    Path("a4-p1.png").symlink_to("a4.pdf")
    assert errors_of(["preview", "a4.pdf", "--dpi", "20"]) == [
        "Error: a4-p1.png: cannot write: it is the PDF this command reads; choose another folder for the images"]
    assert Path("a4.pdf").read_bytes() == A4


def test_preview_on_a_full_disk_keeps_the_old_image(tmp_path, monkeypatch):
    import errno

    from papergame.pdfread import preview

    (tmp_path / "a4.pdf").write_bytes(A4)
    assert CliRunner().invoke(main, ["preview", "a4.pdf", "--dpi", "20"]).exit_code == 0
    old = Path("a4-p1.png").read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(preview.os, "fsync", full)
    assert errors_of(["preview", "a4.pdf", "--dpi", "30"]) == ["Error: a4-p1.png: cannot write: the disk is full"]
    assert Path("a4-p1.png").read_bytes() == old
    assert sorted(os.listdir(tmp_path)) == ["a4-p1.png", "a4.pdf"]


# --- pairs of files: replaced together whatever arrives ----------------------------------

import signal as signals  # noqa: E402

from papergame import output  # noqa: E402

OLD = b"%PDF-1.4 old\n"


def old_pair(tmp_path) -> tuple[Path, Path]:
    kit, key = tmp_path / "kit.pdf", tmp_path / "kit-host-key.pdf"
    kit.write_bytes(OLD)
    key.write_bytes(OLD)
    return kit, key


def interrupt_after_first_rename(monkeypatch, act):
    real = os.replace
    calls = []

    def replace(src, dst):
        real(src, dst)
        calls.append(dst)
        if len(calls) == 1:
            act()

    monkeypatch.setattr(output.os, "replace", replace)


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_a_signal_between_the_renames_waits_until_both_are_new(tmp_path, monkeypatch, signal_name):
    number = getattr(signals, signal_name)
    kit, key = old_pair(tmp_path)

    def stop(signum, frame):
        raise KeyboardInterrupt

    # The signal's own handler raises, whatever this worker process had (SIGTERM's would end the test run;
    # SIGINT's is not always Python's default in a pytest-xdist worker: one loaded run found it ignored).
    previous = signals.signal(number, stop)
    try:
        interrupt_after_first_rename(monkeypatch, lambda: signals.raise_signal(number))
        with pytest.raises(KeyboardInterrupt):
            output.write_all([(kit, b"%PDF-new kit"), (key, b"%PDF-new key")])
    finally:
        signals.signal(number, previous)
    assert (kit.read_bytes(), key.read_bytes()) == (b"%PDF-new kit", b"%PDF-new key")
    assert sorted(os.listdir(tmp_path)) == ["kit-host-key.pdf", "kit.pdf"]


def test_any_failure_between_the_renames_puts_both_old_files_back(tmp_path, monkeypatch):
    kit, key = old_pair(tmp_path)

    def fail():
        raise RuntimeError("something unexpected")

    interrupt_after_first_rename(monkeypatch, fail)
    with pytest.raises(RuntimeError):
        output.write_all([(kit, b"%PDF-new kit"), (key, b"%PDF-new key")])
    assert (kit.read_bytes(), key.read_bytes()) == (OLD, OLD)
    assert sorted(os.listdir(tmp_path)) == ["kit-host-key.pdf", "kit.pdf"]


def test_temporary_files_a_killed_run_left_are_removed_by_the_next(tmp_path):
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(gone.stdout)
    stale = tmp_path / f".kit.pdf.papergame-{dead}-abcd1234.tmp"
    live = tmp_path / f".kit.pdf.papergame-{os.getppid()}-abcd1234.tmp"  # a run still going: left alone
    someone_elses = tmp_path / ".kit.pdf.x1y2.tmp"
    for path in (stale, live, someone_elses):
        path.write_bytes(b"half a kit")
    result = CliRunner().invoke(main, ["build", "--only", "rules", "-o", "kit.pdf"])
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path)) == sorted([live.name, someone_elses.name, "kit.pdf"])


# --- smaller points: blanks the font lacks, ß, Wrote, solve, simulate -o, SOURCE_DATE_EPOCH ---


@pytest.mark.parametrize("blank", ["\v", "\u3000", "\u0085"])
def test_blanks_the_font_lacks_are_not_names(tmp_path, blank):
    escaped = f"\\u{ord(blank):04x}"  # as TOML writes it (a raw \v is not even valid TOML)
    text = TEMPLATE.replace('columns = ["A", "B", "C", "D", "E"]', f'columns = ["A", "B{escaped}", "C", "D", "E"]')
    text = text.replace('name = "black"', f'name = "bl{escaped}ack"')
    shown = blank.encode("unicode_escape").decode()
    lines = errors_of(["validate", game_file(tmp_path, text)])
    assert lines[0] == (f'Error: g.toml: the [board] table, line 14: columns, name 2: "B{shown}" is not a usable '
                        f'name (it must be non-empty, without spaces or / : @ , ;)')
    assert any(line.startswith(f'Error: g.toml: the [[tokens]] table with name = "bl{shown}ack", line 24: name: must '
                               f'be a one-word name such as "white", not "bl') for line in lines), lines


def test_a_blank_the_font_lacks_in_a_text_file_is_refused(tmp_path):
    english = (ROOT / "templates" / "edge-port-path-tiles" / "text.en.toml").read_text(encoding="utf-8")
    title = next(line for line in english.splitlines() if line.startswith("title = "))
    Path("mine.toml").write_text(english.replace(title, 'title = "Edge-port\\u3000path tiles"', 1), encoding="utf-8")
    lines = errors_of(["build", "--text", "mine.toml", "-o", "k.pdf"])
    assert lines == ['Error: mine.toml: kit.title: the character "\\u3000" (U+3000) is not in the embedded font '
                     '(DejaVu Sans), so it would print as a box; write it another way']


@pytest.mark.parametrize("column", ["ß", "ﬁ"])
def test_a_column_whose_capital_is_longer_names_its_cells(tmp_path, column):
    text = TEMPLATE.replace('columns = ["A", "B", "C", "D", "E"]', f'columns = ["{column}", "B", "C", "D", "E"]')
    text = text.replace('start = "A1/S"', f'start = "{column}1/S"')
    game_file(tmp_path, text)
    result = CliRunner().invoke(main, ["trace", f"{column}1:1", "--game", "g.toml"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Turn 1: white places 1@0 in {column}1; white goes through {column}1")


def test_names_alike_but_for_case_are_refused(tmp_path):
    text = TEMPLATE.replace('columns = ["A", "B", "C", "D", "E"]', 'columns = ["A", "B", "c", "C", "E"]')
    assert errors_of(["validate", game_file(tmp_path, text)]) == [
        'Error: g.toml: the [board] table, line 14: columns: "c" and "C" are the same name when read back (case is ignored: a1 is A1); '
        'rename one']


def test_wrote_shows_a_line_break_in_a_file_name_escaped():
    result = CliRunner().invoke(main, ["build", "--only", "rules", "-o", "a\nb\x1b[2J.pdf"])
    assert result.exit_code == 0, result.output
    assert Path("a\nb\x1b[2J.pdf").is_file()
    assert len(result.output.splitlines()) == 1 and "\x1b" not in result.output
    assert result.output.startswith("Wrote a\\nb\\x1b[2J.pdf (")


def test_simulate_checks_its_output_folder_before_the_games():
    result = CliRunner().invoke(main, ["simulate", "--games", "100000", "-o", "missing/report.pdf"])
    assert result.exit_code == 2
    assert result.output == "Error: missing/report.pdf: cannot write: the folder missing does not exist\n"


def test_source_date_epoch_changes_no_byte(monkeypatch):
    assert CliRunner().invoke(main, ["build", "--only", "rules", "-o", "a.pdf"]).exit_code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1")
    assert CliRunner().invoke(main, ["build", "--only", "rules", "-o", "b.pdf"]).exit_code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()


def test_a_search_past_its_time_stops_with_an_error_and_says_how_far_it_got(monkeypatch):
    from papergame.errors import SolveError
    from papergame.model import solver
    from papergame.data.games import load_definition

    monkeypatch.setattr(solver, "PROGRESS_EVERY", 4096)
    seen: list[int] = []
    token = solver.LIMITS.set((time.monotonic() - 1, seen.append))  # as `solve` sets them, with the time up
    try:
        with pytest.raises(SolveError) as raised:
            solver.search_solve(load_definition("shared-path"))
    finally:
        solver.LIMITS.reset(token)
    assert raised.value.problems == ["shared-path/game.toml: still searching after 120 s (4,096 positions); this "
                                     "board is too large to solve"]
    assert seen == [4096]
    assert solver.search_solve(load_definition("shared-path")).positions > 4096  # no limit outside `solve`
