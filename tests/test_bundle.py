"""`papergame bundle`, without a browser: the Web Worker's Python answers every request as
`papergame serve` does, `run` is the command line, papergame builds with Pillow, rl_accel and
pypdfium2 all absent (the bundle's stand-in for PIL.Image in place), the page and the wheel
the bundle writes, and the hash checks of the downloads. The browser test is
tests/test_bundle_browser.py (marked `bundle`)."""

from __future__ import annotations

import hashlib
import http.client
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from click.testing import CliRunner

from papergame.bundle import worker, writer
from papergame.cli import main
from servers import running_server

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
STAND_IN = ROOT / "papergame" / "bundle" / "files" / "PIL_Image.py"


@pytest.fixture(scope="module")
def server():
    with running_server() as srv:
        yield srv


def served(srv, method: str, target: str, body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", srv.server_address[1], timeout=60)
    connection.request(method, target, body=body)
    reply = connection.getresponse()
    data = reply.read()
    connection.close()
    return reply.status, dict(reply.getheaders()), data


KEPT_HEADERS = ("Content-Type", "Content-Disposition", "X-Papergame-Field")
REQUESTS = [
    "/options.json",
    "/pages/kit.json", "/pages/worksheets.json", "/pages/kit.json?host-key=separate&kits=2",
    "/kit.pdf", "/kit.pdf?paper=letter&tile-size=30&lang=fr&ink=low", "/host-key.pdf?host-key=separate",
    "/worksheets.pdf?level=easy&copies=2", "/worksheets-key.pdf?lang=de",
    "/kit.pdf?game=hexagon-path-tiles&kits=3&lang=fr",
    "/kit.pdf?tile-size=70", "/pages/kit.json?lang=xx", "/worksheets.pdf?level=expert", "/kit.pdf?colour=red",
    "/host-key.pdf", "/kit.pdf?game=upload-0000000000000000", "/nothing.html",
    "/braille.zip?tactile=on", "/braille.zip", "/pages/kit.json?tactile=on&only=rules",
]


@pytest.mark.parametrize("target", REQUESTS)
def test_the_worker_answers_as_the_server_does(server, target):
    status, headers, body = served(server, "GET", target)
    got_status, got_headers, got_body = worker.answer("GET", target)
    assert (got_status, got_body) == (status, body)
    assert {k: got_headers.get(k) for k in KEPT_HEADERS} == {k: headers.get(k) for k in KEPT_HEADERS}


def test_a_bad_value_is_the_command_lines_error_and_names_its_field(tmp_path):
    status, headers, body = worker.answer("GET", "/pages/kit.json?tile-size=70")
    assert status == 400 and headers["X-Papergame-Field"] == "tile-size"
    assert body.decode() == "Error: 70 mm is outside 20 to 60 mm\n"  # the page's words: beside its field, no flag
    cli = CliRunner().invoke(main, ["build", "--tile-size", "70", "-o", str(tmp_path / "x.pdf")])
    assert cli.exit_code == 2 and cli.output == "Error: --tile-size: 70 mm is outside 20 to 60 mm\n"


def keyless(status: int, body: bytes) -> tuple[int, Any]:
    """An upload's answer without its key (a secret each engine draws at random)."""
    if status != 200:
        return status, body
    sent = json.loads(body)
    return status, {**sent, "game": sent["game"][:len("upload-")]}


@pytest.mark.parametrize("name", ["six-by-six.toml", "broken.toml"])
def test_an_upload_is_answered_as_the_server_does(server, name):
    data = (EXAMPLES / name).read_bytes()
    status, headers, body = served(server, "POST", f"/upload?name={name}", data)
    got = worker.answer("POST", f"/upload?name={name}", data)
    assert keyless(got[0], got[2]) == keyless(status, body)
    assert got[1].get("X-Papergame-Field") == headers.get("X-Papergame-Field")
    if status == 200:
        mine, theirs = json.loads(got[2])["game"], json.loads(body)["game"]
        assert worker.answer("GET", f"/kit.pdf?game={mine}&tile-size=28")[2] == served(
            server, "GET", f"/kit.pdf?game={theirs}&tile-size=28")[2]


def test_a_zip_and_a_text_file_joining_an_upload_are_answered_as_the_server_does(server):
    folder = io.BytesIO()
    with zipfile.ZipFile(folder, "w") as archive:
        archive.writestr("le-château/game.toml", (EXAMPLES / "six-by-six.toml").read_bytes())
    for name, data in (("le-ch%C3%A2teau.zip", folder.getvalue()), ("six-by-six.toml", (EXAMPLES / "six-by-six.toml").read_bytes())):
        status, _, body = served(server, "POST", f"/upload?name={name}", data)
        mine = worker.answer("POST", f"/upload?name={name}", data)
        assert keyless(*mine[::2]) == keyless(status, body) and status == 200
        theirs, ours = json.loads(body)["game"], json.loads(mine[2])["game"]
        status, headers, body = served(server, "GET", f"/kit.pdf?game={theirs}&lang=fr")
        got = worker.answer("GET", f"/kit.pdf?game={ours}&lang=fr")
        assert (got[0], got[2]) == (status, body) and got[1]["Content-Disposition"] == headers["Content-Disposition"]
    text = b'[meta]\nlanguage = "fr"\n'
    assert keyless(*worker.answer("POST", f"/upload?name=text.fr.toml&game={ours}", text)[::2]) == keyless(
        *served(server, "POST", f"/upload?name=text.fr.toml&game={theirs}", text)[::2])


def test_run_is_the_command_line_in_a_folder_of_its_own(tmp_path):
    out = worker.run(["build", "--kits", "3", "--lang", "fr", "-o", "class.pdf"])
    assert out["exitCode"] == 0 and out["stderr"] == ""
    assert out["stdout"].startswith("Wrote class.pdf")
    assert sorted(out["files"]) == ["class-host-key.pdf", "class.pdf"]  # the players' file and the host's
    again = worker.run(["build", "--kits", "3", "--lang", "fr", "-o", "class.pdf"], folder=str(tmp_path / "run"))
    assert again["files"] == out["files"] and str(tmp_path / "run") in again["stdout"]
    assert not (tmp_path / "run").exists()
    cli = CliRunner().invoke(main, ["build", "--kits", "3", "--lang", "fr", "-o", str(tmp_path / "class.pdf")])
    assert cli.exit_code == 0
    assert out["files"]["class.pdf"] == (tmp_path / "class.pdf").read_bytes()
    assert out["files"]["class-host-key.pdf"] == (tmp_path / "class-host-key.pdf").read_bytes()


def test_run_takes_files_and_says_errors_as_the_command_line_does():
    game = (EXAMPLES / "six-by-six.toml").read_bytes()
    out = worker.run(["build", "--game", "games/six.toml"], {"games/six.toml": game})
    assert out["exitCode"] == 0 and sorted(out["files"]) == ["games/six.toml", "six-host-key.pdf",
                                                            "six.pdf"]
    bad = worker.run(["build", "--tile-size", "70"])
    assert bad == {"exitCode": 2, "stdout": "", "stderr": "Error: --tile-size: 70 mm is outside 20 to 60 mm\n", "files": {}}
    assert worker.run(["--version"])["stdout"].startswith("papergame, version")
    assert worker.run(["dance"])["exitCode"] == 2


# --- no Pillow, no rl_accel, no pypdfium2: what the bundle has --------------------------------

BLOCKED_BUILD = r"""
import hashlib, importlib.abc, importlib.util, json, os, sys, types

STAND_IN, CASES, OUT = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
COMPILED = ("rl_accel", "_rl_accel", "pypdfium2", "_renderPM", "PIL", "pysat")

class Absent(importlib.abc.MetaPathFinder):
    # as in the bundle: no compiled module, and PIL is the stand-in's PIL.Image and nothing else
    def find_spec(self, name, path=None, target=None):
        if name == "PIL.Image":
            return importlib.util.spec_from_file_location(name, STAND_IN)
        if name.split(".")[0] in COMPILED:
            raise ModuleNotFoundError(f"No module named {name!r} (absent, as in the bundle)", name=name)
        return None

sys.meta_path.insert(0, Absent())
pil = types.ModuleType("PIL")
pil.__path__ = []
sys.modules["PIL"] = pil

from papergame.cli import main
made = {}
for i, args in enumerate(CASES):
    folder = os.path.join(OUT, str(i))
    os.makedirs(folder)
    os.chdir(folder)
    try:
        main.main(args, prog_name="papergame", standalone_mode=False)
    finally:
        os.chdir(OUT)
    made[i] = {n: hashlib.sha256(open(os.path.join(folder, n), "rb").read()).hexdigest() for n in sorted(os.listdir(folder))}
import reportlab.lib.utils
assert reportlab.lib.utils.Image is sys.modules["PIL.Image"] and sys.modules["PIL.Image"].__file__ == STAND_IN
loaded = sorted(m for m in sys.modules if m.split(".")[0] in COMPILED and m not in ("PIL", "PIL.Image"))
print(json.dumps({"made": made, "loaded": loaded}))
"""

# every built-in game, a class set in French, worksheets with keys, low ink, the guide
CASES = [["build"], ["build", "--kits", "3", "--lang", "fr"], ["worksheet", "--copies", "2"],
         ["build", "--game", "hexagon-path-tiles", "--ink", "low", "--host-key", "separate"],
         ["build", "--game", "eight-port-path-tiles", "--lang", "uk"], ["build", "--game", "shared-path"],
         ["build", "--paper", "letter", "--tile-size", "30", "--cut-guides", "both", "--measured", "49.2"]]


def test_papergame_builds_with_the_bundles_stand_in_for_pillow_and_no_compiled_module(tmp_path):
    """No page needs a raster image: every document is made with Pillow, rl_accel, pypdfium2 and
    python-sat absent and the bundle's stand-in for PIL.Image (which raises on any use), byte for byte the
    files made with all of them installed. The day reportlab needs more of Pillow, this fails."""
    out = tmp_path / "absent"
    out.mkdir()
    run = subprocess.run([sys.executable, "-c", BLOCKED_BUILD, str(STAND_IN), json.dumps(CASES), str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["loaded"] == []
    for i, args in enumerate(CASES):
        made = {name: (out / str(i) / name).read_bytes() for name in report["made"][str(i)]}
        assert made, args
        folder = tmp_path / f"native-{i}"
        folder.mkdir()
        native = native_files(folder, args)
        assert {n: hashlib.sha256(d).hexdigest() for n, d in native.items()} == report["made"][str(i)], args
        for name, data in made.items():
            assert not raster_images(data), f"{args}: {name} has a raster image"


def native_files(folder: Path, args: list[str]) -> dict[str, bytes]:
    """The files `papergame ARGS` writes in an empty folder, with Pillow and rl_accel installed."""
    import os

    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def raster_images(data: bytes) -> list[str]:
    """Every image object in the file (page resources, forms, anything): papergame draws none."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [str(o.objgen) for o in pdf.objects
                if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Image]


def test_the_stand_in_raises_on_any_use_of_an_image():
    import importlib.util

    spec = importlib.util.spec_from_file_location("standin_for_test", STAND_IN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert not isinstance(object(), module.Image)
    with pytest.raises(ImportError, match="no Pillow"):
        module.open("x.png")


def test_papergame_never_imports_pillow_itself():
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "papergame").rglob("*.py") if p != STAND_IN
             and ("from PIL" in p.read_text(encoding="utf-8") or "import PIL" in p.read_text(encoding="utf-8"))]
    assert found == []  # the server's previews get Pillow through pypdfium2; the bundle's are drawn by pdf.js


# --- what the bundle writes, that needs no download --------------------------------------------


def test_the_page_is_the_serve_page_with_the_worker_back_end():
    page = writer.index_html().decode()
    served_page = (ROOT / "papergame" / "web" / "static" / "page.html").read_text(encoding="utf-8")
    assert page.count('<script src="bundle.js"></script>') == 1
    assert page.index("bundle.js") < page.index('src="page.js"')
    assert page.replace('<script src="bundle.js"></script>\n', "").replace('"page.', '"/page.') == served_page
    assert "http" not in page.replace("http-equiv", "")


def test_papergames_wheel_is_the_installed_package_and_the_same_bytes_twice():
    name, data = writer.papergame_wheel()
    assert name == "papergame-0.1.0-py3-none-any.whl"
    assert writer.papergame_wheel()[1] == data
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "papergame/bundle/worker.py" in names and "papergame/render/fonts/DejaVuSans.ttf" in names
    assert "papergame/templates/edge-port-path-tiles/game.toml" in names
    assert "papergame-0.1.0.dist-info/RECORD" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or n.startswith("PIL")]


def test_the_wheel_runs_outside_the_checkout(tmp_path):
    name, data = writer.papergame_wheel()
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path / "site")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import papergame.bundle.worker as w; "
            "assert w.__file__.startswith(sys.argv[1]), w.__file__; "
            "out = w.run(['build', '-o', 'k.pdf']); print(out['exitCode'], len(out['files']['k.pdf']))")
    run = subprocess.run([sys.executable, "-I", "-c", code, str(tmp_path / "site")], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    code, size = run.stdout.split()
    assert code == "0" and int(size) > 10_000


def test_every_pin_has_a_version_and_a_hash():
    pinned = writer.pins()
    assert set(pinned["npm"]) == {"pyodide", "pdfjs-dist"}
    assert set(pinned["wheels"]) == {"reportlab", "click", "charset-normalizer", "networkx"}
    for pin in pinned["npm"].values():
        assert pin["integrity"].startswith("sha512-") and pin["files"]
    for pin in pinned["wheels"].values():
        assert len(pin["sha256"]) == 64


def test_every_dependency_of_papergame_is_in_the_bundle_but_the_compiled_ones():
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    in_a_browser = [r for r in project["dependencies"] if "sys_platform != 'emscripten'" not in r]  # Pyodide's platform
    needed = {re.split(r"[<>=!~;\[ ]", r)[0].lower().replace("_", "-") for r in in_a_browser}
    assert needed - {"rl-accel", "pypdfium2"} == set(writer.pins()["wheels"]) - {"charset-normalizer"}


def test_a_cached_download_with_another_hash_is_refused(tmp_path):
    pin = writer.pins()["wheels"]["click"]
    kept = tmp_path / "wheels" / writer.wheel_name("click", pin["version"])
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"not the pinned wheel")
    with pytest.raises(writer.BundleError, match="not the pinned"):
        writer.wheel("click", pin, tmp_path)
    assert kept.read_bytes() == b"not the pinned wheel"  # left for a person to look at


def test_a_missing_client_is_one_error_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    pin = writer.pins()["npm"]["pyodide"]
    result = CliRunner().invoke(main, ["bundle", str(tmp_path / "out"), "--cache", str(tmp_path / "cache")])
    if (tmp_path / "cache" / "npm" / f"pyodide-{pin['version']}.tgz").exists():
        pytest.fail("the cache should be empty")
    assert result.exit_code == 2
    assert result.output == ("Error: pyodide 314.0.8: npm is not installed; the bundle is built with npm and pip "
                             "on a computer that reaches the package registries\n")
    assert not (tmp_path / "out").exists()


def test_a_folder_that_cannot_be_written_is_one_error_line(tmp_path):
    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(main, ["bundle", str(tmp_path / "file"), "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 2
    assert result.output == (f"Error: Invalid value for 'DIRECTORY': Directory '{tmp_path / 'file'}' is a file; "
                             f"see papergame bundle --help\n")
    long = tmp_path / ("x" * 300)
    result = CliRunner().invoke(main, ["bundle", str(tmp_path / "out"), "--cache", str(long)])
    assert result.exit_code == 2 and result.output.startswith(f"Error: {long}") and "file name too long" in result.output
