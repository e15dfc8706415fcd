"""`papergame serve`: 20 page requests at once, and an option change to its preview image, each beside a baseline.

    python benchmarks/bench_serve.py [--runs N] [--clients N]

The server runs in this process on a free port, as `papergame serve` runs it.

1. A classroom opening the page: `--clients` (20) threads ask for `/` at the same moment
   (each on its own connection); timed until the last answer is read. The baseline, taking
   turns with it, is Python's plain `ThreadingHTTPServer` answering the same bytes with a
   listen backlog of 128. Target (issue 24): 20 concurrent page requests in under 0.2 s.
2. An option change: each run changes the tile size to a value not asked for before (so
   nothing comes from the cache) and times what the page then asks for: the page counts
   (`/pages/kit.json`, which builds the kit) and the first page's image, then the other
   four images. The baseline, taking turns with it, is a bare `papergame build` in this
   process (the click command writing the kit to a file) with the same kind of options.
   Target (issue 13): a preview within 300 ms.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from click.testing import CliRunner
from timing import seconds_target, table, take_turns, verdict

from papergame.cli import main as cli
from papergame.web.server import make_server, static_file


def get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{path}: {response.status} {body.decode()}")
    return body


def at_once(port: int, clients: int) -> None:
    """`clients` threads ask for the page at the same moment; returns when all have their answer."""
    start = threading.Barrier(clients)
    bodies: list[bytes] = []

    def client() -> None:
        start.wait()
        bodies.append(get(port, "/"))

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(bodies) == clients


def plain_server() -> ThreadingHTTPServer:
    """The baseline: Python's own threading server, a backlog of 128, answering the page's bytes."""
    page = static_file("page.html")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, format: str, *args) -> None:
            pass

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 128

    return Server(("127.0.0.1", 0), Handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--clients", type=int, default=20)
    args = parser.parse_args()
    server, plain = make_server("127.0.0.1", 0), plain_server()
    for s in (server, plain):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    port, plain_port = server.server_address[1], plain.server_address[1]
    get(port, "/preview/kit/1.png")  # warm: modules imported, fonts read, as after the page's first load

    crowd = take_turns({"serve": lambda: at_once(port, args.clients), "plain": lambda: at_once(plain_port, args.clients)},
                       args.runs)
    sizes = itertools.count()
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "kit.pdf")

        def first() -> None:
            size = f"{30 + next(sizes) / 100:g}"
            counts = json.loads(get(port, f"/pages/kit.json?tile-size={size}"))
            get(port, f"/preview/kit/1.png?tile-size={size}")
            asked.update(size=size, pages=counts["kit"])

        def rest() -> None:  # the other pages of the players' file, as many as it has (4 for the default kit)
            for page in range(2, int(asked["pages"]) + 1):
                get(port, f"/preview/kit/{page}.png?tile-size={asked['size']}")

        asked: dict[str, object] = {}

        def build() -> None:
            result = CliRunner().invoke(cli, ["build", "-o", out, "--tile-size", f"{40 + next(sizes) / 100:g}"])
            assert result.exit_code == 0, result.output

        change = take_turns({"first": first, "rest": rest, "build": build}, args.runs, warm=False)
    server.shutdown()
    plain.shutdown()

    print(f"{args.clients} clients asking for the page at once, {args.runs} runs taking turns")
    table(crowd, "plain", {"serve": "papergame serve", "plain": "plain ThreadingHTTPServer, backlog 128"})
    seconds_target(f"{args.clients} concurrent page requests", crowd["serve"].median, 0.2, None)
    print()
    print(f"option change, default kit (the players' file), each run a new tile size, {args.runs} runs taking turns")
    table(change, "build", {"first": "page counts and page 1 image", "rest": "the other pages' images after that",
                            "build": "papergame build in-process"})
    ms = change["first"].median * 1000
    verdict("option change to its first preview < 300 ms (issue 13)", ms < 300, f"median {ms:.1f} ms")


if __name__ == "__main__":
    main()
