// The bundle's Web Worker: Python 3.14 (Pyodide) with papergame's wheels, answering the
// page's requests with papergame.bundle.worker. Everything it loads is in the bundle's folder.
//
// Messages in:  {id, kind: "request", method, path, body: Uint8Array|null}
//               {id, kind: "run", args: [...], files: {name: Uint8Array}}
// Messages out: {id, status, headers, body}  |  {id, exitCode, stdout, stderr, files}  |  {id, error}
import {loadPyodide} from "./pyodide/pyodide.mjs";

const began = performance.now();
const steps = {};  // seconds from the worker's start to the end of each step, for papergame.ready()
const step = name => { steps[name] = Math.round(performance.now() - began) / 1000; };

async function start() {
  const manifest = await (await fetch("bundle.json")).json();
  // the wheels and the stand-in download while Python starts
  const wheels = manifest.wheels.map(name => fetch("wheels/" + name).then(r => {
    if (!r.ok) throw new Error(`wheels/${name}: ${r.status}`);
    return r.arrayBuffer();
  }));
  const standIn = fetch("PIL_Image.py").then(r => r.text());
  const compiled = fetch(manifest.bytecode).then(r => r.arrayBuffer());
  const py = await loadPyodide({indexURL: new URL("pyodide/", import.meta.url).href});
  step("python");
  const site = py.runPython("import site; site.getsitepackages()[0]");
  for (const data of wheels) py.unpackArchive(await data, "wheel", {extractDir: site});
  py.unpackArchive(await compiled, "zip", {extractDir: site});  // the .pyc of what a build imports
  py.FS.mkdirTree(site + "/PIL");
  py.FS.writeFile(site + "/PIL/__init__.py", "");
  py.FS.writeFile(site + "/PIL/Image.py", await standIn);
  step("wheels");
  const worker = py.pyimport("papergame.bundle.worker");
  step("papergame");
  return {py, worker, seconds: (performance.now() - began) / 1000};
}

const ready = start();

function plain(proxy) {
  const value = proxy.toJs({dict_converter: Object.fromEntries, create_pyproxies: false});
  proxy.destroy();
  return value;
}

onmessage = async ({data}) => {
  const {id, kind} = data;
  try {
    const {py, worker, seconds} = await ready;
    if (kind === "ready") {
      postMessage({id, seconds, steps, python: py.version});
    } else if (kind === "request") {
      const [status, headers, body] = plain(worker.answer(data.method, data.path, data.body || undefined));
      postMessage({id, status, headers, body}, [body.buffer]);
    } else if (kind === "run") {
      const args = py.toPy(data.args), files = py.toPy(data.files || {}, {depth: 1});
      const out = plain(worker.run(args, files, "/papergame"));
      args.destroy(), files.destroy();
      postMessage({id, ...out}, Object.values(out.files).map(f => f.buffer));
    } else {
      throw new Error(`unknown message ${kind}`);
    }
  } catch (error) {
    postMessage({id, error: String(error && error.message || error)});
  }
};
