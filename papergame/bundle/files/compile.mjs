// Run by `papergame bundle` under Node.js, not in the page: Pyodide's own Python 3.14 compiles
// the modules that loading papergame and making kits (a shared path too) and worksheets import, so the page's
// Python reads bytecode instead of compiling them at every visit.
// Argument: a folder holding pyodide/, wheels/ and PIL_Image.py as the bundle has them; the
// .pyc files are written under its out/, by their path in site-packages.
import {readFileSync, readdirSync} from "node:fs";
import {join} from "node:path";
import {pathToFileURL} from "node:url";

const folder = process.argv[2];
const {loadPyodide} = await import(pathToFileURL(join(folder, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({indexURL: join(folder, "pyodide") + "/", stdout: () => {}, stderr: () => {}});
const site = py.runPython("import site; site.getsitepackages()[0]");
for (const name of readdirSync(join(folder, "wheels")).sort()) {
  py.unpackArchive(new Uint8Array(readFileSync(join(folder, "wheels", name))), "wheel", {extractDir: site});
}
py.FS.mkdirTree(site + "/PIL");
py.FS.writeFile(site + "/PIL/__init__.py", "");
py.FS.writeFile(site + "/PIL/Image.py", readFileSync(join(folder, "PIL_Image.py"), "utf8"));
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, {root: join(folder, "out")}, "/out");
py.runPython(`
import importlib.util, os, py_compile, sys
site = ${JSON.stringify(site)}
from papergame.bundle import worker
worker.run(["build", "--kits", "2", "--lang", "fr"], folder="/tmp/compile")
worker.run(["worksheet"], folder="/tmp/compile")
worker.run(["build", "--game", "shared-path"], folder="/tmp/compile")  # networkx, imported only there
worker.answer("GET", "/pages/kit.json")
for module in sorted(sys.modules.values(), key=lambda m: m.__name__):
    source = getattr(module, "__file__", None) or ""
    if source.startswith(site + "/") and source.endswith(".py"):
        relative = os.path.relpath(importlib.util.cache_from_source(source), site)
        py_compile.compile(source, cfile=os.path.join("/out", relative), dfile=source, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
