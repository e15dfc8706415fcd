// The page of `papergame serve`: a form built from the commands' own options, previews that
// follow every change, and the choices kept in the address so the page can be bookmarked.
"use strict";

const DEBOUNCE_MS = 250;
const DOC_WORDS = {"kit": "Kit", "host-key": "Host key", "worksheets": "Sheet", "worksheets-key": "Answers"};
// Where the page's requests go: to `papergame serve` over HTTP, or, in the page that
// `papergame bundle` writes, to papergame itself in a Web Worker (bundle.js sets
// window.papergameBackEnd to an object with the same three members). The requests are the same.
const backEnd = window.papergameBackEnd || {
  fetch: (path, init) => fetch(path, init),  // a request -> a Response
  image: async path => path,                 // a preview's path -> a URL an <img> shows
  save: null,                                // (a download's path) -> save it; null: the link's own href does
};
let options = null;      // /options.json: games and each maker's fields
let common = [];         // names of fields every maker has (the game), shown once at the top
const values = {};       // name -> the value chosen ("" = the default)
const timers = {};
const asked = {};        // maker -> number of the latest request, so older answers are dropped

function gameLabel(name) {
  const words = name.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function makeField(field) {
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
  hint.textContent = field.name === "game" ? "Built-in games, or a file of your own below." : field.help;
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  box.append(hint, error);
  const changed = () => { values[field.name] = readValue(field, input); choicesChanged(field.name); };
  input.addEventListener(field.kind === "text" || field.kind === "number" ? "input" : "change", changed);
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
  let answer;
  try {
    answer = await backEnd.fetch(`/pages/${maker}.json?${query}`);
  } catch (e) {
    if (asked[maker] === number) showProblem(maker, "The page cannot reach papergame: is it still running?", null);
    return;
  }
  if (asked[maker] !== number) return;
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

function showProblem(maker, text, name) {
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
    status.textContent = "Please look at the field marked in red.";
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
}

async function upload(event) {
  const file = event.target.files[0];
  const box = document.querySelector('.field[data-name="upload"]');
  box.classList.remove("bad");
  box.querySelector(".error").textContent = "";
  if (!file) return;
  const answer = await backEnd.fetch(`/upload?name=${encodeURIComponent(file.name)}`, {method: "POST", body: file});
  if (!answer.ok) {
    box.classList.add("bad");
    box.querySelector(".error").textContent = (await answer.text()).trim();
    return;
  }
  const sent = await answer.json();
  const select = document.getElementById("f-game");
  if (![...select.options].some(o => o.value === sent.game)) select.add(new Option(`Your file: ${sent.name}`, sent.game));
  select.value = sent.game;
  values.game = sent.game;
  choicesChanged("game");
}

async function start() {
  options = await (await backEnd.fetch("/options.json")).json();
  for (const [name, value] of new URLSearchParams(location.search)) values[name] = value;
  const makers = Object.keys(options.makers);
  const names = makers.map(m => options.makers[m].map(f => f.name));
  common = names[0].filter(n => names.every(list => list.includes(n)));
  const commonBox = document.getElementById("common-fields");
  for (const name of common) commonBox.append(makeField(options.makers[makers[0]].find(f => f.name === name)));
  for (const maker of makers) {
    const form = document.querySelector(`[data-maker="${maker}"] .fields`);
    form.addEventListener("submit", e => e.preventDefault());
    for (const field of options.makers[maker]) if (!common.includes(field.name)) form.append(makeField(field));
    refresh(maker);
  }
  document.getElementById("upload").addEventListener("change", upload);
  for (const link of document.querySelectorAll("a[data-doc]")) {
    link.addEventListener("click", event => {
      if (!backEnd.save) return;
      event.preventDefault();
      const maker = link.closest("[data-maker]").dataset.maker;
      backEnd.save(link.getAttribute("href")).catch(e => showProblem(maker, String(e.message || e), null));
    });
  }
}

start();
