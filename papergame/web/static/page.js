// The page of `papergame serve`: a form built from the commands' own options, previews that
// follow every change, and the choices kept in the address so the page can be bookmarked.
"use strict";

const DEBOUNCE_MS = 250;
const SLOW_MS = 1500;    // a build taking longer than this shows how long it has been going
const DOC_WORDS = {"kit": "Kit", "host-key": "Host key", "worksheets": "Sheet", "worksheets-key": "Answers",
                   "loops": "Puzzles", "loops-key": "Answers"};
// Where the page's requests go: to `papergame serve` over HTTP, or, in the page that
// `papergame bundle` writes, to papergame itself in a Web Worker (bundle.js sets
// window.papergameBackEnd to an object with the same three members). The requests are the same.
const backEnd = window.papergameBackEnd || {
  fetch: (path, init) => fetch(path, init),  // a request -> a Response
  image: async path => path,                 // a preview's path -> a URL an <img> shows
  save: null,                                // (a download's path) -> save it; null: the link's own href does
};
let options = null;      // /options.json: games, each maker's fields, and the words the page shows beside them
const uploads = {};      // an uploaded game's key -> what the server said of it (name, title, languages)
let common = [];         // names of fields every maker has (the game), shown once at the top
const values = {};       // name -> the value chosen ("" = the default)
const timers = {};
const asked = {};        // maker -> number of the latest request, so older answers are dropped

function gameLabel(name) {
  if (options.titles && options.titles[name]) return options.titles[name];  // as its kit prints it
  const words = name.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function languageName(code) {
  const known = (options.languages || []).find(([value]) => value === code);
  return known ? known[1] : code;
}

function labelOf(name) {
  for (const fields of Object.values(options.makers)) {
    const field = fields.find(f => f.name === name);
    if (field) return field.label;
  }
  return name;
}

// A problem in plain words for the page: no "Error:", no option flags, no pointer to a command's help.
function plainWords(text) {
  return text.split("\n").filter(line => line.trim()).map(line => {
    let words = line.replace(/^Error:\s*/, "").replace(/^--[a-z-]+:\s*/, "");
    words = words.replace(/^Invalid value for '--[a-z-]+':\s*/, "").replace(/;?\s*see papergame \w+ --help\.?$/, "");
    words = words.replace(/^'(.*)' is not a valid (float|integer)(?: range)?\.?$/,
                          (_, value, kind) => `"${value}" is not a number: write one such as ${kind === "float" ? "49.2" : "15"}`);
    words = withoutFlags(words);
    return words.charAt(0).toUpperCase() + words.slice(1);
  }).join("\n");
}

// An option named in a help text (--only) is named as its field is on this page ("Print these parts").
function withoutFlags(text) {
  return (text || "").replace(/--([a-z][a-z-]+)/g, (_, name) => `"${name === "only" ? "Print these parts" : labelOf(name)}"`);
}

function paperOf() {
  return values.paper || "a4";
}

function measuredHint() {
  const range = options.measured && options.measured[paperOf()];
  const paper = paperOf() === "letter" ? "US Letter" : "A4";
  const limits = range ? `${String(range[0])} to ${String(range[1])}` : "40 to 60";
  return "Leave empty at first. If the 50 mm bar on a printed page is not 50 mm, write what it measured " +
         `(on ${paper}: ${limits}) and every page is scaled to make up for it.`;
}

function partsOf(field) {
  if (field.choices && field.choices.length) {
    const words = Object.fromEntries(options.parts || []);
    return field.choices.map(([value]) => [value, words[value] || value]);
  }
  return options.parts || [];
}

function makeParts(field) {
  const box = document.createElement("fieldset");
  box.className = "field";
  box.dataset.name = field.name;
  const legend = document.createElement("legend");
  legend.textContent = "Print these parts";
  const list = document.createElement("div");
  list.className = "parts";
  const chosen = (values[field.name] || "").split(",").map(p => p.trim()).filter(Boolean);
  for (const [value, words] of partsOf(field)) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.value = value;
    input.id = `f-${field.name}-${value}`;
    input.checked = !chosen.length || chosen.includes(value);
    input.addEventListener("change", () => {
      const boxes = [...list.querySelectorAll("input")];
      const ticked = boxes.filter(b => b.checked).map(b => b.value);
      if (!ticked.length) {
        values[field.name] = "";
        showProblem("kit", "Tick at least one part to print.", field.name);
        keepInAddress();
        return;
      }
      values[field.name] = ticked.length === boxes.length ? "" : ticked.join(",");
      choicesChanged(field.name);
    });
    label.append(input, words);
    list.append(label);
  }
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = "Lost a part? Untick the others to print just that one.";
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  box.append(legend, list, hint, error);
  return box;
}

function makeField(field) {
  if (field.name === "only") return makeParts(field);
  const box = document.createElement("div");
  box.className = "field" + (field.kind === "flag" ? " flag" : "");
  box.dataset.name = field.name;
  const id = "f-" + field.name;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = field.label;
  let input;
  if (field.name === "game") {
    input = document.createElement("select");
    options.games.forEach((name, i) => input.add(new Option(gameLabel(name), i === 0 ? "" : name)));
  } else if (field.name === "lang" && options.languages) {
    input = document.createElement("select");  // each language by its own name
    for (const [value, words] of options.languages) input.add(new Option(words, value));
    const chosen = values[field.name];
    if (chosen && !options.languages.some(([value]) => value === chosen)) input.add(new Option(chosen, chosen));
  } else if (field.kind === "choice") {
    input = document.createElement("select");
    for (const [value, words] of field.choices) input.add(new Option(words, value));
  } else {
    input = document.createElement("input");
    input.type = field.kind === "flag" ? "checkbox" : "text";
    if (field.kind === "number") input.inputMode = "decimal";
  }
  input.id = id;
  input.name = field.name;
  const chosen = values[field.name];
  const fallback = field.default === null || field.default === undefined ? "" : String(field.default);
  if (field.kind === "flag") input.checked = chosen !== undefined ? chosen === "on" : field.default === true;
  else if (field.name === "game" && chosen && !options.games.includes(chosen)) {
    input.add(new Option("Your file (choose it again if it is gone)", chosen));
    input.value = chosen;
  } else {
    if (field.kind === "choice" && chosen && !field.choices.some(([value]) => value === chosen)) {
      input.add(new Option(chosen, chosen));  // a bad value from the address stays visible beside its error
    }
    input.value = chosen !== undefined ? chosen : (field.name === "game" ? "" : fallback);
  }
  if (field.kind === "flag") box.append(label), label.prepend(input);
  else box.append(label, input);
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = field.name === "game" ? "Built-in games, or a game of your own below." :
    field.name === "measured" ? measuredHint() : field.name === "lang" ? "The language of the printed words." :
    withoutFlags(field.help);
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  box.append(hint, error);
  const changed = () => { values[field.name] = readValue(field, input); choicesChanged(field.name); };
  input.addEventListener(input.tagName === "INPUT" && input.type === "text" ? "input" : "change", changed);
  return box;
}

function readValue(field, input) {
  if (field.kind === "flag") return input.checked === (field.default === true) ? "" : (input.checked ? "on" : "off");
  const fallback = field.default === null || field.default === undefined ? "" : String(field.default);
  return input.value.trim() === fallback ? "" : input.value.trim();
}

function queryFor(maker) {
  const query = new URLSearchParams();
  for (const field of options.makers[maker]) {
    const value = values[field.name];
    if (value) query.append(field.name, value);
  }
  return query.toString();
}

function keepInAddress() {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) query.append(name, value);
  const text = query.toString();
  history.replaceState(null, "", text ? "?" + text : location.pathname);
}

function choicesChanged(name) {
  keepInAddress();
  if (name === "paper") {
    const hint = document.querySelector('.field[data-name="measured"] .hint');
    if (hint) hint.textContent = measuredHint();
  }
  if (name === "game" || name === "lang") showWordsNote();
  for (const maker of Object.keys(options.makers)) {
    if (options.makers[maker].some(f => f.name === name)) later(maker);
  }
}

function later(maker) {
  clearTimeout(timers[maker]);
  timers[maker] = setTimeout(() => refresh(maker), DEBOUNCE_MS);
}

function fieldBox(maker, name) {
  const section = document.querySelector(`[data-maker="${maker}"]`);
  return section.querySelector(`.field[data-name="${name}"]`) ||
    document.querySelector(`#common-fields .field[data-name="${name}"]`);
}

function clearErrors(maker) {
  for (const field of options.makers[maker]) {
    const box = fieldBox(maker, field.name);
    if (box && !(common.includes(field.name) && otherMakerHasError(maker, field.name))) {
      box.classList.remove("bad");
      box.querySelector(".error").textContent = "";
    }
  }
}

function otherMakerHasError(maker, name) {
  const box = fieldBox(maker, name);
  return box && box.dataset.errorOf && box.dataset.errorOf !== maker;
}

async function refresh(maker) {
  const section = document.querySelector(`[data-maker="${maker}"]`);
  const status = section.querySelector(".status");
  const previews = section.querySelector(".previews");
  const number = (asked[maker] || 0) + 1;
  asked[maker] = number;
  const query = queryFor(maker);
  status.classList.remove("bad");
  status.textContent = "Making the pages…";
  previews.classList.add("busy");
  // `papergame serve` says how far a build it was asked for by name has got, and stops it on Cancel
  const build = window.papergameBackEnd ? null : `${maker}${number}${Math.random().toString(36).slice(2, 10)}`;
  const stopProgress = showProgress(section, status, number, maker, build);
  let answer;
  try {
    answer = await backEnd.fetch(`/pages/${maker}.json?${query}${build ? `&build=${build}` : ""}`);
  } catch (e) {
    const cancelled = stopProgress();
    if (asked[maker] !== number) return;
    if (cancelled) {
      status.textContent = "Stopped. Change an option to make the pages again.";
      previews.classList.remove("busy");
    } else {
      showProblem(maker, "The page cannot reach papergame: is it still running?", null);
    }
    return;
  }
  const cancelled = stopProgress();
  if (asked[maker] !== number) return;
  if (cancelled && !answer.ok) {
    status.textContent = "Stopped. Change an option to make the pages again.";
    previews.classList.remove("busy");
    return;
  }
  if (!answer.ok) {
    showProblem(maker, (await answer.text()).trim(), answer.headers.get("X-Papergame-Field"));
    return;
  }
  const counts = await answer.json();
  if (asked[maker] !== number) return;
  clearErrors(maker);
  for (const box of document.querySelectorAll(".field[data-error-of]")) {
    if (box.dataset.errorOf === maker) { box.classList.remove("bad"); box.querySelector(".error").textContent = ""; delete box.dataset.errorOf; }
  }
  showPages(maker, counts, query);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  status.textContent = `${total} page${total === 1 ? "" : "s"}, as they will print:`;
  previews.classList.remove("busy");
}

const STEP_WORDS = {kits: "laying out kit", tiles: "laying out tile", pages: "drawing page"};

// While a build runs: a moving bar at once; after a moment how long it has been going, how far it has
// got (`serve` says so for a build the page named) and a Cancel button. The function it returns ends the
// display and says whether Cancel was pressed.
function showProgress(section, status, number, maker, build) {
  const bar = section.querySelector(".progress");
  const began = Date.now();
  let cancel = null, cancelled = false, step = "";
  if (bar) bar.hidden = false;
  const tick = setInterval(async () => {
    if (asked[maker] !== number || cancelled) return;
    const seconds = Math.round((Date.now() - began) / 1000);
    if (Date.now() - began < SLOW_MS) return;
    if (build && !cancel) {
      cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "cancel";
      cancel.textContent = "Cancel";
      cancel.addEventListener("click", () => {
        cancelled = true;
        cancel.disabled = true;
        status.firstChild.textContent = "Stopping… ";
        backEnd.fetch(`/cancel?build=${build}`, {method: "POST"}).catch(() => {});
      });
      status.textContent = "";
      status.append(document.createTextNode(""), cancel);
    }
    if (build) {
      try {
        const answer = await backEnd.fetch(`/progress.json?build=${build}`);
        const done = answer.ok ? await answer.json() : {};
        if (done.total) step = `: ${STEP_WORDS[done.part] || done.part} ${done.done} of ${done.total}`;
      } catch (e) { /* the next tick asks again */ }
      if (cancelled || asked[maker] !== number) return;
    }
    const words = `Making the pages… ${seconds} s so far${step} (a class set of a big game can take half a minute) `;
    if (cancel) status.firstChild.textContent = words; else status.textContent = words;
  }, 500);
  return () => {
    clearInterval(tick);
    if (cancel) cancel.remove();
    if (bar && asked[maker] === number) bar.hidden = true;
    return cancelled;
  };
}

function showProblem(maker, text, name) {
  text = plainWords(text);
  const section = document.querySelector(`[data-maker="${maker}"]`);
  const status = section.querySelector(".status");
  const box = name ? fieldBox(maker, name) : null;
  section.querySelector(".previews").classList.add("busy");
  for (const link of section.querySelectorAll("a[data-doc]")) link.setAttribute("aria-disabled", "true");
  if (box) {
    box.classList.add("bad");
    box.dataset.errorOf = maker;
    box.querySelector(".error").textContent = text;
    status.classList.add("bad");
    status.textContent = `Please look at "${box.dataset.name === "only" ? "Print these parts" : labelOf(box.dataset.name)}", marked in red.`;
  } else {
    status.classList.add("bad");
    status.textContent = text;
  }
}

function showPages(maker, counts, query) {
  const section = document.querySelector(`[data-maker="${maker}"]`);
  const previews = section.querySelector(".previews");
  const wanted = [];
  for (const [doc, count] of Object.entries(counts)) {
    if (doc === "braille") continue;  // files to save, not pages to show
    for (let page = 1; page <= count; page++) wanted.push([doc, page]);
  }
  while (previews.children.length > wanted.length) previews.lastChild.remove();
  wanted.forEach(([doc, page], i) => {
    let figure = previews.children[i];
    if (!figure) {
      figure = document.createElement("figure");
      const link = document.createElement("a");
      link.target = "_blank";
      const img = document.createElement("img");
      link.append(img);
      figure.append(link, document.createElement("figcaption"));
      previews.append(figure);
    }
    const src = `/preview/${doc}/${page}.png?${query}`;
    const img = figure.querySelector("img");
    if (img.dataset.path !== src) {
      img.dataset.path = src;
      backEnd.image(src).then(url => {
        if (img.dataset.path === src) img.src = figure.querySelector("a").href = url;
      }, () => {});
    }
    img.alt = `${DOC_WORDS[doc] || doc}, page ${page}`;
    img.dataset.doc = doc;
    figure.querySelector("figcaption").textContent = `${DOC_WORDS[doc] || doc}, page ${page}`;
  });
  for (const link of section.querySelectorAll("a[data-doc]")) {
    const doc = link.dataset.doc;
    const missing = doc in counts && counts[doc] === 0;
    link.href = `/${doc}.pdf?${query}`;
    link.setAttribute("aria-disabled", missing ? "true" : "false");
    const note = section.querySelector(`[data-note="${doc}"]`);
    if (note) note.hidden = !missing;
  }
  const braille = section.querySelector("a[data-braille]");
  if (braille) {  // a tactile kit's BRF files, in one zip
    braille.hidden = !counts.braille;
    braille.href = `/braille.zip?${query}`;
  }
}

function uploadBox() {
  return document.querySelector('.field[data-name="upload"]');
}

function uploadProblem(text) {
  const box = uploadBox();
  box.classList.add("bad");
  box.querySelector(".error").textContent = plainWords(text);
}

// A game of one's own: its game.toml alone, with its text files (several files), or a .zip of its folder.
// The game file goes first; each text file then joins it (`game=KEY`), and the last answer names them all.
async function upload(event) {
  const files = [...event.target.files];
  const box = uploadBox();
  box.classList.remove("bad");
  box.querySelector(".error").textContent = "";
  if (!files.length) return;
  const isText = f => /^text\.[^.]+\.toml$/i.test(f.name);
  const games = files.filter(f => !isText(f));
  if (games.length !== 1) {
    uploadProblem(games.length ? "Choose one game file (game.toml or a .zip), with its text files if it has them."
                               : "These are text files only: choose the game's own file (game.toml) with them.");
    return;
  }
  let sent = null;
  for (const file of [games[0], ...files.filter(isText)]) {
    const joined = sent ? `&game=${encodeURIComponent(sent.game)}` : "";
    const answer = await backEnd.fetch(`/upload?name=${encodeURIComponent(file.name)}${joined}`, {method: "POST", body: file});
    if (!answer.ok) {
      uploadProblem((await answer.text()).trim());
      return;
    }
    sent = await answer.json();
  }
  uploads[sent.game] = sent;
  const select = document.getElementById("f-game");
  const label = `Your game: ${sent.title || sent.name}`;
  const existing = [...select.options].find(o => o.value === sent.game);
  if (existing) existing.text = label; else select.add(new Option(label, sent.game));
  select.value = sent.game;
  values.game = sent.game;
  const lang = document.getElementById("f-lang");
  const own = sent.languages || [];
  for (const code of own) {
    if (lang && lang.tagName === "SELECT" && ![...lang.options].some(o => o.value === code)) lang.add(new Option(languageName(code), code));
  }
  if (lang && own.length && !own.includes(values.lang || "en")) {  // its own words rather than papergame's
    lang.value = own.includes("en") ? "en" : own[0];
    values.lang = lang.value === "en" ? "" : lang.value;
    choicesChanged("lang");
  }
  choicesChanged("game");
}

// When an uploaded game has no words of its own in the chosen language, say so in one line.
function showWordsNote() {
  const note = document.querySelector('[data-note="words"]');
  if (!note) return;
  const sent = uploads[values.game];
  const lang = values.lang || "en";
  if (!sent || (sent.languages || []).includes(lang)) {
    note.hidden = true;
    note.textContent = "";
    return;
  }
  note.hidden = false;
  note.textContent = (sent.languages || []).length
    ? `Your game has no text file in ${languageName(lang)}: its pages print with papergame's own ${languageName(lang)} words.`
    : `Your game came without a text file: its pages print with papergame's own ${languageName(lang)} words and title.`;
}

async function start() {
  options = await (await backEnd.fetch("/options.json")).json();
  for (const [name, value] of new URLSearchParams(location.search)) values[name] = value;
  const makers = Object.keys(options.makers);
  for (const section of document.querySelectorAll("[data-maker]")) {
    if (!(section.dataset.maker in options.makers)) section.remove();  // not offered here (the offline page)
  }
  // the fields shown once at the top: those of every maker made from a game (a maker of its own,
  // the single-loop puzzles, shares the paper, ink and language among them, and has no game)
  const standalone = options.standalone || [];
  const joined = makers.filter(m => !standalone.includes(m));
  const names = joined.map(m => options.makers[m].map(f => f.name));
  common = names[0].filter(n => names.every(list => list.includes(n)));
  const commonBox = document.getElementById("common-fields");
  const first = ["game", "lang", "paper", "ink"];  // the game and its language first, then the paper
  const rank = name => (first.includes(name) ? first.indexOf(name) : first.length);
  for (const name of [...common].sort((a, b) => rank(a) - rank(b))) {
    commonBox.append(makeField(options.makers[makers[0]].find(f => f.name === name)));
  }
  for (const maker of makers) {
    const form = document.querySelector(`[data-maker="${maker}"] form.fields`);
    form.addEventListener("submit", e => e.preventDefault());
    for (const field of options.makers[maker]) if (!common.includes(field.name)) form.append(makeField(field));
    refresh(maker);
  }
  document.getElementById("upload").addEventListener("change", upload);
  for (const link of document.querySelectorAll("a[data-doc], a[data-braille]")) {
    link.addEventListener("click", event => {
      if (!backEnd.save) return;
      event.preventDefault();
      const maker = link.closest("[data-maker]").dataset.maker;
      backEnd.save(link.getAttribute("href")).catch(e => showProblem(maker, String(e.message || e), null));
    });
  }
}

start();
