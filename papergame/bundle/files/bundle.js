// The back end of the page that `papergame bundle` writes: papergame itself in a Web Worker
// (worker.mjs) instead of `papergame serve` over HTTP. page.js sends the same requests to
// window.papergameBackEnd that it sends to the server; previews, which the server draws with
// PDFium, are drawn here from the same PDF by pdf.js. Also window.papergame.run(args), the
// command line for tests and scripts, and a service worker that keeps the page offline.
"use strict";
(() => {
  const PREVIEW_DPI = 60;  // as the server's previews
  const worker = new Worker("worker.mjs", {type: "module"});
  const waiting = new Map();
  let asked = 0;
  let broken = null;

  worker.onmessage = ({data}) => {
    const promise = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error !== undefined) promise.reject(new Error(data.error));
    else promise.resolve(data);
  };
  worker.onerror = event => {
    broken = new Error(`papergame could not start in this browser: ${event.message || "the worker failed"}`);
    for (const promise of waiting.values()) promise.reject(broken);
    waiting.clear();
  };

  function ask(message, transfer = []) {
    if (broken) return Promise.reject(broken);
    return new Promise((resolve, reject) => {
      const id = ++asked;
      waiting.set(id, {resolve, reject});
      worker.postMessage({id, ...message}, transfer);
    });
  }

  async function request(path, init = {}) {
    const body = init.body ? new Uint8Array(await new Response(init.body).arrayBuffer()) : null;
    return ask({kind: "request", method: init.method || "GET", path, body});
  }

  // --- previews: page N of the document's PDF, drawn by pdf.js at the server's resolution --
  let pdfjs = null;
  const documents = new Map();  // PDF path -> promise of a pdf.js document (the last few)
  const images = new Map();     // preview path -> promise of an object URL (the last few)

  function keep(map, key, make, size, drop) {
    if (map.has(key)) {
      const value = map.get(key);
      map.delete(key);
      map.set(key, value);
      return value;
    }
    const value = make();
    map.set(key, value);
    value.catch(() => map.delete(key));
    while (map.size > size) {
      const [oldest, old] = map.entries().next().value;
      map.delete(oldest);
      old.then(drop, () => {});
    }
    return value;
  }

  async function pdfDocument(path) {
    const answer = await request(path);
    if (answer.status !== 200) throw new Error(new TextDecoder().decode(answer.body).trim());
    if (!pdfjs) {
      pdfjs = await import("./pdfjs/pdf.min.mjs");
      pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs/pdf.worker.min.mjs", document.baseURI).href;
    }
    return pdfjs.getDocument({data: answer.body, isEvalSupported: false}).promise;
  }

  async function drawPage(path) {
    const match = /^\/preview\/([a-z-]+)\/([0-9]+)\.png\?(.*)$/.exec(path);
    if (!match) throw new Error(`${path}: not a preview`);
    const [, doc, number, query] = match;
    const pdf = await keep(documents, `/${doc}.pdf?${query}`, () => pdfDocument(`/${doc}.pdf?${query}`), 4,
                           old => old.destroy());
    const page = await pdf.getPage(Number(number));
    const viewport = page.getViewport({scale: PREVIEW_DPI / 72});
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    const context = canvas.getContext("2d");
    context.fillStyle = "white";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({canvasContext: context, canvas, viewport}).promise;
    const blob = await new Promise(done => canvas.toBlob(done, "image/png"));
    return URL.createObjectURL(blob);
  }

  async function save(path) {
    const answer = await request(path);
    if (answer.status !== 200) throw new Error(new TextDecoder().decode(answer.body).trim());
    const disposition = answer.headers["Content-Disposition"] || "";
    const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition), plain = /filename="([^"]+)"/.exec(disposition);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.body], {type: answer.headers["Content-Type"] || "application/pdf"}));
    link.download = utf8 ? decodeURIComponent(utf8[1]) : plain ? plain[1] : "papergame.pdf";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }

  window.papergameBackEnd = {
    fetch: async (path, init) => {
      // the form's fields come with the folder (written by the same Python the worker would run),
      // so the form is there to fill in while Python loads; everything else the worker answers
      if (path === "/options.json") return fetch("options.json");
      const answer = await request(path, init);
      return new Response(answer.body, {status: answer.status, headers: answer.headers});
    },
    image: path => keep(images, path, () => drawPage(path), 64, url => URL.revokeObjectURL(url)),
    save,
  };

  // --- for tests and scripts: the command line, in an empty folder of the worker's own ------
  window.papergame = {
    // run(["build", "--kits", "3", "--lang", "fr"]) -> {exitCode, stdout, stderr, files: {name: Uint8Array}}
    run: async (args, files = {}) => {
      const out = await ask({kind: "run", args: args.map(String), files});
      return {exitCode: out.exitCode, stdout: out.stdout, stderr: out.stderr, files: out.files};
    },
    // resolves when Python and papergame are loaded: {seconds, steps: {python, wheels, papergame}, python}
    ready: () => ask({kind: "ready"}).then(({seconds, steps, python}) => ({seconds, steps, python})),
  };

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("sw.js").catch(() => {});  // without it the page works, online only
  }
})();
