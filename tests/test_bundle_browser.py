"""The page `papergame bundle` writes, in a real browser: headless Chromium from Debian's
packages, driven by Selenium, with the bundle served by a static server on loopback and
every other host unreachable (`--host-resolver-rules`; every request the page makes is
checked to be on loopback).

The page loads Python and papergame, builds the previews, saves a kit, a class set in French
and worksheets with its buttons, and the kit of a game file chosen from the computer (each compared byte
for byte with the command line's files),
shows a bad value's error beside its field (the command line's words, as the serve page shows them), runs `window.papergame.run`, and opens again
with the server stopped (the service worker's copy). Marked `bundle`: the bundle is
downloaded once (npm and pip, about 20 MB, kept in ~/.cache/papergame/bundle or
$PAPERGAME_BUNDLE_CACHE) and the test takes about a minute, so the default run leaves it
out and `.ci/run` runs it as a step of its own: `python -m pytest -m bundle`.
"""

from __future__ import annotations

import base64
import fcntl
import functools
import json
import os
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from papergame.cli import main
from browsers import chromium, wait_for

pytestmark = [pytest.mark.bundle, pytest.mark.browser]

ROOT = Path(__file__).resolve().parent.parent

FLAGS = ("--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")  # with browsers.FLAGS
LOAD_SECONDS = 120  # far above the targets: this is a test of what the page does, bench_bundle.py times it


@pytest.fixture(scope="session")
def bundle_folder(tmp_path_factory):
    """The bundle, written once for the whole run (two xdist workers share it through a file lock)."""
    from papergame.bundle.writer import default_cache, write_bundle
    from papergame.web.server import options_json

    shared = tmp_path_factory.getbasetemp()  # this run's; under xdist each worker's is a folder inside it
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    folder = shared / "bundle"
    with open(shared / "bundle.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "bundle.done").exists():
            cache = Path(os.environ.get("PAPERGAME_BUNDLE_CACHE") or default_cache())
            write_bundle(folder, cache, options_json())
            (shared / "bundle.done").write_text("written\n")
    return folder


class StaticServer(ThreadingHTTPServer):
    """Any static server: files from the folder, and a list of the paths asked for."""

    daemon_threads = True

    def __init__(self, folder: Path):
        class Handler(SimpleHTTPRequestHandler):
            extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                              ".wasm": "application/wasm", ".whl": "application/zip"}

            def log_message(self, format, *args):
                server.asked.append(self.path)

        server = self
        self.folder = folder
        self.asked: list[str] = []
        super().__init__(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


@pytest.fixture(scope="module")
def static(bundle_folder):
    server = StaticServer(bundle_folder)
    yield server
    if server.socket.fileno() != -1:
        server.stop()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with chromium((*FLAGS, f"--user-data-dir={tmp_path_factory.mktemp('profile')}"),
                  capabilities={"goog:loggingPrefs": {"performance": "ALL", "browser": "ALL"}}) as driver:
        driver.set_script_timeout(LOAD_SECONDS)
        yield driver


def requested_urls(driver) -> list[str]:
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def call(driver, script: str, *args):
    """Run an async script whose last line is a promise; its value, or the error it raised."""
    answer = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"(async () => {{ {script} }})().then(v => done({{ok: v}}), e => done({{error: String(e)}}));", *args)
    if "error" in answer:
        raise AssertionError(answer["error"])
    return answer["ok"]


def previews(driver, maker: str):
    """(width, height) of each preview of a maker once every one has been drawn, else None."""
    return driver.execute_script("""
        const imgs = [...document.querySelectorAll(`[data-maker="${arguments[0]}"] .previews img`)];
        if (!imgs.length || imgs.some(i => !i.complete || !i.naturalWidth || !i.src.startsWith("blob:"))) return null;
        return imgs.map(i => [i.naturalWidth, i.naturalHeight]);""", maker)


def choose(driver, name: str, value: str) -> None:
    """Set a field as a person would (a select or a text box), and tell the page."""
    driver.execute_script("""
        const input = document.getElementById("f-" + arguments[0]);
        input.value = arguments[1];
        input.dispatchEvent(new Event("input", {bubbles: true}));
        input.dispatchEvent(new Event("change", {bubbles: true}));""", name, value)


def saved_by_button(driver, doc: str, folder: Path, query: str) -> bytes:
    """Click a save button once its link is for `query`; the file the browser saved."""
    folder.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    button = f'a[data-doc="{doc}"]'
    wait_for(lambda: driver.execute_script(f"""
        const a = document.querySelector('{button}');
        const asked = [...new URL(a.href).searchParams].map(p => p.join("=")).sort().join("&");
        return a.getAttribute('aria-disabled') === 'false' && asked === arguments[0];""",
        "&".join(sorted(query.split("&")))), timeout=LOAD_SECONDS, what=f"the {doc} link for {query}")
    driver.execute_script(f"document.querySelector('{button}').click()")
    wait_for(lambda: [p for p in folder.iterdir() if not p.name.endswith(".crdownload")], timeout=60,
             what=f"the {doc} download")
    [saved] = list(folder.iterdir())
    return saved.read_bytes()


def cli_files(folder: Path, args: list[str]) -> dict[str, bytes]:
    folder.mkdir()
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_the_bundled_page_in_a_real_browser(browser, static, tmp_path):
    began = time.monotonic()
    browser.get(static.url)
    loaded = call(browser, "return await papergame.ready();")
    ready = time.monotonic() - began
    assert loaded["python"].startswith("314.")
    kit_sizes = wait_for(lambda: previews(browser, "kit"), timeout=LOAD_SECONDS, what="the kit's previews")
    first_previews = time.monotonic() - began
    native = cli_files(tmp_path / "cli-default", ["build", "-o", "kit.pdf"])
    # a preview for every page of the command line's two files, the players' and the host's
    assert len(kit_sizes) == pdf_pages(native["kit.pdf"]) + pdf_pages(native["kit-host-key.pdf"]) == 6
    assert kit_sizes[0] == [497, 702]  # A4 at 60 dpi, as serve's
    wait_for(lambda: previews(browser, "worksheets"), timeout=LOAD_SECONDS, what="the worksheets' previews")

    # a kit with options, saved with the page's button: the command line's bytes
    choose(browser, "paper", "letter")
    choose(browser, "tile-size", "30")
    kit = saved_by_button(browser, "kit", tmp_path / "saved-kit", "paper=letter&tile-size=30")
    made = cli_files(tmp_path / "cli-kit", ["build", "--paper", "letter", "--tile-size", "30", "-o", "k.pdf"])
    assert kit == made["k.pdf"]
    host = saved_by_button(browser, "host-key", tmp_path / "saved-host", "paper=letter&tile-size=30")
    assert host == made["k-host-key.pdf"]  # the host's file, a file of its own by default
    assert wait_for(lambda: (s := previews(browser, "kit")) and s[0] == [510, 660] and s, timeout=LOAD_SECONDS,
                    what="the previews on Letter paper")

    # a bad value: the command line's words beside the field, the buttons off until it is fixed
    choose(browser, "tile-size", "70")
    error = wait_for(lambda: browser.execute_script(
        "return document.querySelector('.field[data-name=\"tile-size\"] .error').textContent"), timeout=LOAD_SECONDS,
        what="the error beside the tile size")
    refused = CliRunner().invoke(main, ["build", "--tile-size", "70", "-o", str(tmp_path / "no.pdf")])
    assert refused.exit_code == 2 and refused.output == "Error: --tile-size: 70 mm is outside 20 to 60 mm\n"
    assert error == "70 mm is outside 20 to 60 mm"  # the command line's words, as serve's page words them
    assert browser.execute_script("return document.querySelector('a[data-doc=\"kit\"]').getAttribute('aria-disabled')") == "true"
    choose(browser, "tile-size", "")
    choose(browser, "paper", "a4")

    # a class set in French, and worksheets with their answers
    choose(browser, "lang", "fr")
    choose(browser, "kits", "3")
    class_set = saved_by_button(browser, "kit", tmp_path / "saved-class", "lang=fr&kits=3")
    assert class_set == cli_files(tmp_path / "cli-class", ["build", "--lang", "fr", "--kits", "3", "-o", "c.pdf"])["c.pdf"]
    choose(browser, "level", "easy")
    choose(browser, "copies", "2")
    sheets = cli_files(tmp_path / "cli-sheets", ["worksheet", "--lang", "fr", "--level", "easy", "--copies", "2"])
    assert saved_by_button(browser, "worksheets", tmp_path / "saved-sheets", "lang=fr&level=easy&copies=2") == sheets["worksheets.pdf"]
    assert saved_by_button(browser, "worksheets-key", tmp_path / "saved-keys", "lang=fr&level=easy&copies=2") == \
        sheets["worksheets-key.pdf"]

    # a game of one's own, chosen from the computer: its kit is the command line's from its file
    own = tmp_path / "own"
    own.mkdir()
    (own / "six-by-six.toml").write_bytes((ROOT / "examples" / "six-by-six.toml").read_bytes())
    browser.find_element("id", "upload").send_keys(str(own / "six-by-six.toml"))
    game = wait_for(lambda: (v := browser.execute_script("return document.getElementById('f-game').value")).startswith(
        "upload-") and v, timeout=LOAD_SECONDS, what="the uploaded game in the menu")
    uploaded = saved_by_button(browser, "kit", tmp_path / "saved-own", f"game={game}&lang=fr&kits=3")
    assert uploaded == cli_files(tmp_path / "cli-own", ["build", "--game", str(own / "six-by-six.toml"), "--lang", "fr",
                                                        "--kits", "3", "-o", "own.pdf"])["own.pdf"]

    # window.papergame.run: the command line's arguments, its exit code, words and files
    out = call(browser, """
        const out = await papergame.run(["build", "--kits", "3", "--lang", "fr", "-o", "class.pdf"]);
        const b64 = bytes => btoa(Array.from(bytes, c => String.fromCharCode(c)).join(""));
        return {...out, files: Object.fromEntries(Object.entries(out.files).map(([n, d]) => [n, b64(d)]))};""")
    assert out["exitCode"] == 0 and out["stderr"] == "" and out["stdout"].startswith("Wrote class.pdf")
    assert base64.b64decode(out["files"]["class.pdf"]) == class_set
    bad = call(browser, 'return await papergame.run(["worksheet", "--level", "expert"]);')
    assert bad["exitCode"] == 2 and bad["stderr"].startswith("Error: ") and bad["files"] == {}

    # nothing was asked of any host but the bundle's own server
    urls = requested_urls(browser)
    elsewhere = [u for u in urls if u.startswith(("http:", "https:", "ws:", "wss:")) and not u.startswith(static.url)]
    assert len(urls) > 20 and elsewhere == []  # (the browser's own chrome:// pages aside)
    assert "/wheels/papergame-0.1.0-py3-none-any.whl" in static.asked and "/bytecode.zip" in static.asked
    # the form came from the folder's options.json: what the worker (and serve) answer
    from papergame.bundle import worker

    assert (static.folder / "options.json").read_bytes() == worker.answer("GET", "/options.json")[2]

    # the server stops: the page opens again from the service worker's copy, offline
    wait_for(lambda: browser.execute_script("return !!navigator.serviceWorker.controller"), timeout=30,
             what="the service worker")
    static.stop()
    began_offline = time.monotonic()
    browser.get(static.url)
    call(browser, "return await papergame.ready();")
    offline_ready = time.monotonic() - began_offline
    wait_for(lambda: previews(browser, "kit"), timeout=LOAD_SECONDS, what="the previews offline")
    print(f"\nbundle in the browser: ready {ready:.1f} s, first previews {first_previews:.1f} s, "
          f"offline ready {offline_ready:.1f} s, whole test {time.monotonic() - began:.1f} s")


def pdf_pages(data: bytes) -> int:
    import io

    import pypdf

    return len(pypdf.PdfReader(io.BytesIO(data)).pages)
