"""Median time from an option change on the `papergame serve` page to its preview image.

    python benchmarks/bench_serve.py [--runs N]

The server runs in this process on a free port, as `papergame serve` runs it. Each run
changes the tile size to a value not asked for before (so nothing comes from the cache)
and times what the page then asks for: the page counts (`/pages/kit.json`, which builds the
kit) and the first page's image, then the other four images. The baseline, measured in
the same run with the same options, is a bare `papergame build` in this process (the
click command writing the kit to a file). Target (issue 13): a preview within 300 ms.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import tempfile
import threading
import time
from pathlib import Path

from click.testing import CliRunner

from papergame.cli import main as cli
from papergame.web.server import make_server


def get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{path}: {response.status} {body.decode()}")
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    server = make_server("127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    get(port, "/preview/kit/1.png")  # warm: modules imported, fonts read, as after the page's first load
    first, rest, build = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "kit.pdf")
        for run in range(args.runs):
            size = f"{30 + run / 10:g}"
            start = time.perf_counter()
            get(port, f"/pages/kit.json?tile-size={size}")
            get(port, f"/preview/kit/1.png?tile-size={size}")
            middle = time.perf_counter()
            for page in range(2, 6):
                get(port, f"/preview/kit/{page}.png?tile-size={size}")
            end = time.perf_counter()
            first.append(middle - start)
            rest.append(end - middle)
            start = time.perf_counter()
            result = CliRunner().invoke(cli, ["build", "-o", out, "--tile-size", f"{30.05 + run / 10:g}"])
            build.append(time.perf_counter() - start)
            assert result.exit_code == 0, result.output
    server.shutdown()
    ms = {name: statistics.median(t) * 1000 for name, t in
          (("first", first), ("rest", rest), ("build", build))}
    print(f"runs: {args.runs}, default kit (5 pages), each run a new tile size")
    print(f"option change -> page counts and page 1 image  {ms['first']:7.1f} ms  (target < 300 ms: "
          f"{'met' if ms['first'] < 300 else 'NOT met'})")
    print(f"pages 2-5 images after that                     {ms['rest']:7.1f} ms")
    print(f"baseline: papergame build in-process            {ms['build']:7.1f} ms")
    print(f"ratio first preview / baseline                  {ms['first'] / ms['build']:7.2f}")


if __name__ == "__main__":
    main()
