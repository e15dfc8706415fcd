"""`papergame bundle`: the page in headless Chromium against the native command line, in one run.

    python benchmarks/bench_bundle.py [--runs N] [--cache DIR]

The bundle is written once (downloads from the cache, `~/.cache/papergame/bundle` or
--cache) and served by a static server on loopback; every run starts Chromium with a new
profile and measures, in the browser:
  - first load: the form ready for input (its fields on the page), papergame loaded in the
    worker (`papergame.ready()`), and the kit's previews drawn;
  - cached load: the same after a reload, the service worker answering from its copy;
  - the default kit: `papergame.run(["build"])`, timed inside the page (the second run of it
    in the page: the first also reads the fonts);
  - previews after a change: a new tile size typed, until every kit preview is drawn again.
Beside them, in the same run: `papergame build` as a fresh process, and the same build in
this process (the native figure the worker's build compares with).
Targets (issue 20): first load < 15 s, cached < 5 s, default kit < 6 s, previews < 2 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner
from timing import bare_command, papergame_command, seconds_target

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browsers import chromium  # noqa: E402
from test_bundle_browser import FLAGS, StaticServer, call, choose, previews  # noqa: E402

from papergame.bundle.writer import default_cache, write_bundle  # noqa: E402
from papergame.web.server import options_json  # noqa: E402
from papergame.cli import main as cli  # noqa: E402


def wait(check, timeout: float = 180.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise SystemExit("timed out")


def load(driver, url: str) -> tuple[float, float, float]:
    """Seconds to the form, to papergame loaded, to the kit's previews."""
    began = time.monotonic()
    driver.get(url)
    wait(lambda: driver.execute_script("return !!document.getElementById('f-tile-size')"))
    form = time.monotonic() - began
    call(driver, "return await papergame.ready();")
    ready = time.monotonic() - began
    wait(lambda: previews(driver, "kit"))
    return form, ready, time.monotonic() - began


def preview_after_change(driver, size: int) -> float:
    before = set(driver.execute_script("return [...document.querySelectorAll('[data-maker=\"kit\"] .previews img')].map(i => i.src)"))
    began = time.monotonic()
    choose(driver, "tile-size", str(size))
    wait(lambda: previews(driver, "kit") and not before & set(driver.execute_script(
        "return [...document.querySelectorAll('[data-maker=\"kit\"] .previews img')].map(i => i.src)")))
    return time.monotonic() - began


def one_run(url: str, size: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as profile:
        with chromium((*FLAGS, f"--user-data-dir={profile}")) as driver:
            driver.set_script_timeout(180)
            out: dict[str, float] = {}
            out["first form"], out["first ready"], out["first previews"] = load(driver, url)
            wait(lambda: driver.execute_script("return !!navigator.serviceWorker.controller"))
            out["cached form"], out["cached ready"], out["cached previews"] = load(driver, url)
            kit = 'const t = performance.now(); await papergame.run(["build"]); return (performance.now() - t) / 1000;'
            call(driver, kit)
            out["page: default kit"] = call(driver, kit)
            out["page: previews after a change"] = preview_after_change(driver, size)
            return out


def native_runs() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        began = time.monotonic()
        subprocess.run([*papergame_command(), "build", "-o", str(Path(folder) / "a.pdf")], check=True,
                       stdout=subprocess.DEVNULL)
        fresh = time.monotonic() - began
        began = time.monotonic()
        assert CliRunner().invoke(cli, ["build", "-o", str(Path(folder) / "b.pdf")]).exit_code == 0
        inside = time.monotonic() - began
        began = time.monotonic()
        subprocess.run(bare_command(Path(folder) / "bare.pdf"), check=True)
        return {"native: papergame build, fresh process": fresh, "native: the same build in this process": inside,
                "native: bare reportlab script (the machine's speed)": time.monotonic() - began}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        began = time.monotonic()
        wrote = write_bundle(Path(folder), args.cache or default_cache(), options_json())
        print(f"bundle: {wrote.files} files, {wrote.size / 1e6:.1f} MB, written in {time.monotonic() - began:.1f} s")
        server = StaticServer(Path(folder))
        try:
            CliRunner().invoke(cli, ["build", "-o", str(Path(folder) / "warm.pdf")])
            results: dict[str, list[float]] = {}
            for run in range(args.runs):
                for name, seconds in {**one_run(server.url, 30 + run), **native_runs()}.items():
                    results.setdefault(name, []).append(seconds)
        finally:
            server.stop()
    width = max(map(len, results))
    print(f"{'s (wall)':{width}}  {'min':>7} {'median':>7} {'max':>7}")
    for name, values in results.items():
        print(f"{name:{width}}  {min(values):7.2f} {statistics.median(values):7.2f} {max(values):7.2f}")
    med = {name: statistics.median(values) for name, values in results.items()}
    bare = med["native: bare reportlab script (the machine's speed)"]
    print(f"first load: form {med['first form']:.2f} s, papergame loaded {med['first ready']:.2f} s; "
          f"cached: form {med['cached form']:.2f} s, papergame loaded {med['cached ready']:.2f} s")
    seconds_target("first load, ready for input (papergame loaded)", med["first ready"], 15, bare)
    seconds_target("cached load, ready for input (papergame loaded)", med["cached ready"], 5, bare)
    seconds_target("default kit in the page", med["page: default kit"], 6, bare)
    seconds_target("previews after a change", med["page: previews after a change"], 2, bare)

if __name__ == "__main__":
    main()
