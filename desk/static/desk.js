// The judge's desk page: edit a board, send it to the desk's API as snapshot YAML, show what comes back.
// Plain JavaScript, no library, nothing loaded from elsewhere.
"use strict";

// The page's words in English, French and Spanish come from the desk (GET /api/words, desk/page_words.py), where the
// translation test checks them; until they arrive the page shows the English written in index.html.
let WORDS = { en: {}, fr: {}, es: {} };
const LANGS = ["en", "fr", "es"];

const TOP_KEYS = ["format_version", "step", "active_player", "players", "permanents", "effects", "declaration", "attack_option", "defending_player"];
const ROW_KEYS = ["id", "card", "controller", "power", "toughness", "tapped", "attacking", "abilities", "gains", "attached_to"];
// Words a page-made id leaves out: "Serra Angel" is `angel`, "Kazuul, Tyrant of the Cliffs" is `kazuul`.
const ID_SKIP = new Set(["of", "the", "a", "an", "and", "de", "du", "des", "la", "le", "les", "el", "los", "las", "y", "et"]);

const state = {
  lang: "en",
  step: "declare_blockers",
  players: [{ id: "ana" }, { id: "ben" }],
  active: "ana",
  rows: [],
  effects: "",
  blocks: {},   // blocker id -> [attacker ids]
  attacks: {},  // creature id -> target id
  attackOption: "", // "" (every opponent), left, right, chosen, multiple_players (as loaded)
  defendingPlayer: "",
  extraTop: {}, // snapshot fields the editor doesn't show, kept as loaded
  declarationExtra: {},
};
const typeLines = {}; // card name -> type line, from the completions seen and the cards loaded
let selected = null;
let timer = null;
let requestNumber = 0;
let statusWord = null;  // the status line as a page word and its values, so a change of language rewrites it
let lastQuestion = null; // the question answered under "Questions", asked again in a new language

const $ = (id) => document.getElementById(id);
// A page word in the current language, with {name} filled from `values` ({{ and }} are literal braces).
function t(key, values = {}) {
  const text = (WORDS[state.lang] || {})[key] || WORDS.en[key] || key;
  return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (match, name) => (match === "{{" ? "{" : match === "}}" ? "}" : String(values[name] ?? match)));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

function slug(text) {
  const base = text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  return base || "creature";
}

// A short id for a card's permanent: the first word of a legendary name before its comma ("Kazuul"), else the
// name's last word ("Grizzly Bears" -> bears), at most 12 letters, so that "Grizzly Bears (bears)" stays short.
function shortId(name) {
  const words = slug(name.split(",")[0]).split("_").filter((w) => w && !ID_SKIP.has(w));
  const word = name.includes(",") ? words[0] : words[words.length - 1];
  return (word || "creature").slice(0, 12);
}

function uniqueId(base, row) {
  const taken = new Set(state.rows.filter((r) => r !== row).map((r) => r.id).concat(state.players.map((p) => p.id)));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  return id;
}

// ---- the snapshot document -------------------------------------------------------------------------------

function rowData(row) {
  const data = { id: row.id };
  if (row.card) data.card = row.card;
  data.controller = row.controller;
  // A number is sent as one; anything else as typed, so the server names the field and the problem.
  const number = (value) => (/^-?\d+$/.test(String(value).trim()) ? Number(value) : String(value));
  if (String(row.power) !== "") data.power = number(row.power);
  if (String(row.toughness) !== "") data.toughness = number(row.toughness);
  if (row.tapped) data.tapped = true;
  if (row.attacking && state.step === "declare_blockers") data.attacking = row.attacking;
  if (row.attachedTo) data.attached_to = row.attachedTo;
  Object.assign(data, row.extra);
  // Goad is an effect of another object (701.38b): written under subject_to, with what else the row was loaded with.
  const others = (row.extra.subject_to || []).filter((e) => !(e && typeof e === "object" && "goaded_by" in e));
  const subject = row.goaded.length ? [...others, { goaded_by: row.goaded }] : others;
  if (subject.length) data.subject_to = subject; else delete data.subject_to;
  return data;
}

// YAML text of the board. Known fields are written as JSON (valid YAML flow); what the judge typed (abilities,
// effects) is inserted as written, so the server reads it with the same YAML reader as a snapshot file.
function snapshotText() {
  const lines = [];
  const extraTop = Object.assign({}, state.extraTop);
  lines.push(`step: ${state.step}`);
  lines.push(`active_player: ${JSON.stringify(state.active)}`);
  lines.push(`players: ${JSON.stringify(state.players.map((p) => (Object.keys(p).length > 1 ? p : p.id)))}`);
  if (state.step === "declare_attackers" && state.attackOption) {
    lines.push(`attack_option: ${state.attackOption}`);
    if (state.attackOption === "chosen") lines.push(`defending_player: ${JSON.stringify(state.defendingPlayer)}`);
  }
  for (const [key, value] of Object.entries(extraTop)) lines.push(`${key}: ${JSON.stringify(value)}`);
  lines.push("permanents:");
  for (const row of state.rows) {
    let flow = JSON.stringify(rowData(row));
    const typed = row.abilities.trim();
    if (typed) flow = `${flow.slice(0, -1)}, ${JSON.stringify(row.card ? "gains" : "abilities")}: [${typed}]}`;
    lines.push(`  - ${flow}`);
  }
  if (state.rows.length === 0) lines[lines.length - 1] = "permanents: []";
  const effects = state.effects.trim();
  if (effects) lines.push("effects:", ...effects.split("\n").map((line) => `  ${line}`));
  const declaration = Object.assign({}, state.declarationExtra);
  if (state.step === "declare_attackers") declaration.attacks = state.attacks;
  else declaration.blocks = state.blocks;
  lines.push(`declaration: ${JSON.stringify(declaration)}`);
  return lines.join("\n") + "\n";
}

function loadData(data) {
  state.step = data.step === "declare_attackers" ? "declare_attackers" : "declare_blockers";
  state.players = (data.players || []).map((p) => (typeof p === "string" ? { id: p } : Object.assign({}, p)));
  state.active = data.active_player || (state.players[0] || {}).id || "";
  state.attackOption = data.attack_option || "";
  state.defendingPlayer = data.defending_player || "";
  state.extraTop = {};
  for (const [key, value] of Object.entries(data)) if (!TOP_KEYS.includes(key)) state.extraTop[key] = value;
  state.rows = (data.permanents || []).map((p) => {
    const extra = {};
    for (const [key, value] of Object.entries(p)) if (!ROW_KEYS.includes(key)) extra[key] = value;
    const typed = p.card ? p.gains : p.abilities;
    if (p.card && p.abilities) extra.abilities = p.abilities;
    if (!p.card && p.gains) extra.gains = p.gains;
    const goaded = [];
    for (const e of p.subject_to || []) if (e && typeof e === "object" && "goaded_by" in e) goaded.push(...[].concat(e.goaded_by));
    return {
      id: String(p.id ?? ""), card: p.card || "", autoId: false, goaded: [...new Set(goaded)], attachedTo: p.attached_to || "",
      controller: p.controller || "", power: p.power ?? "", toughness: p.toughness ?? "", tapped: !!p.tapped,
      attacking: p.attacking || "", abilities: (typed || []).map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(", "),
      extra,
    };
  });
  state.effects = (data.effects || []).map((e) => `- ${JSON.stringify(e)}`).join("\n");
  const declaration = data.declaration || {};
  state.blocks = {};
  for (const [blocker, attackers] of Object.entries(declaration.blocks || {})) state.blocks[blocker] = [].concat(attackers);
  state.attacks = Object.assign({}, declaration.attacks || {});
  state.declarationExtra = {};
  for (const [key, value] of Object.entries(declaration)) if (key !== "blocks" && key !== "attacks") state.declarationExtra[key] = value;
  drawEditor();
  scheduleJudge(0);
  redrawIfTypesMatter(learnTypes(state.rows.map((r) => r.card)));
}

// The card types learned after a load change the editor only where a row turns out attackable or attachable; a
// redraw otherwise would replace the row a judge is choosing in, and the choice would be lost.
async function redrawIfTypesMatter(learning) {
  const shape = () => state.rows.map((r) => `${attackable(r)}${attachable(r)}`).join();
  const before = shape();
  await learning;
  if (shape() !== before) drawEditor();
}

// ---- the editor --------------------------------------------------------------------------------------------

function attackers() { return state.rows.filter((r) => r.attacking); }

// A planeswalker or battle can be attacked: its types are written in the snapshot, or come with its card.
function attackable(row) {
  const types = row.extra.types || [];
  if (types.length) return types.includes("planeswalker") || types.includes("battle");
  return /\b(Planeswalker|Battle)\b/.test(typeLines[row.card] || "");
}

// An Aura, Equipment or Fortification (its subtypes written in the snapshot, or its card's type line) can be
// attached to a permanent (`attached_to`, 301.5, 301.6, 303.4); so can any row already loaded attached.
function attachable(row) {
  if (row.attachedTo) return true;
  const subtypes = (row.extra.subtypes || []).map((s) => String(s).toLowerCase());
  if (subtypes.some((s) => ["aura", "equipment", "fortification"].includes(s))) return true;
  return /\b(Aura|Equipment|Fortification)\b/.test(typeLines[row.card] || "");
}

function attackTargets() {
  const targets = state.players.filter((p) => p.id !== state.active).map((p) => ({ id: p.id, label: p.id }));
  for (const row of state.rows) {
    if (attackable(row) && row.controller !== state.active) targets.push({ id: row.id, label: label(row.id) });
  }
  return targets;
}

async function learnTypes(names) {
  const unknown = [...new Set(names)].filter((name) => name && !(name in typeLines));
  await Promise.all(unknown.map(async (name) => {
    const response = await fetch(`/api/cards?q=${encodeURIComponent(name)}&limit=1`);
    const cards = response.ok ? await response.json() : [];
    typeLines[name] = cards.length && cards[0].name.toLowerCase() === name.toLowerCase() ? cards[0].type_line : "";
  }));
}

function label(id) {
  const row = state.rows.find((r) => r.id === id);
  if (!row) return id;
  const name = row.card || row.extra.name;
  return name && name !== id ? `${name} (${id})` : id;
}

function select(options, value, onchange, attrs = {}) {
  const node = el("select", Object.assign({ onchange: (e) => onchange(e.target.value) }, attrs));
  for (const [optValue, text] of options) node.append(el("option", { value: optValue, text, selected: optValue === value }));
  return node;
}

// A cell of a board row, with its column's name for the phone layout (where the row wraps and has no header).
function cell(key, ...children) {
  return el("td", { "data-label": key ? t(key) : null, class: key ? `col-${key}` : null }, ...children);
}

function declareCell(row) {
  if (state.step === "declare_attackers") {
    if (row.controller !== state.active) return cell(null);
    const options = [["", t("nobody")], ...attackTargets().map((x) => [x.id, `${t("attacks")} ${x.label}`])];
    return cell("declares", select(options, state.attacks[row.id] || "", (v) => {
      if (v) state.attacks[row.id] = v; else delete state.attacks[row.id];
      changed();
    }, { "aria-label": `${t("declares")} ${row.id}`, class: "declare" }));
  }
  if (row.attacking || row.controller === state.active) return cell(null);
  const current = state.blocks[row.id] || [];
  const options = [["", t("nobody")], ...attackers().map((a) => [a.id, `${t("blocks")} ${label(a.id)}`])];
  if (current.length > 1) options.push(["*", t("several")]);
  const value = current.length > 1 ? "*" : current[0] || "";
  return cell("declares", select(options, value, (v) => {
    if (v === "*") return;
    if (v) state.blocks[row.id] = [v]; else delete state.blocks[row.id];
    changed();
  }, { "aria-label": `${t("declares")} ${row.id}`, class: "declare" }));
}

// Goad (701.38): the players who goaded this creature, ticked; written as `subject_to: [{goaded_by: [...]}]`.
function goadCell(row) {
  const boxes = state.players.filter((p) => p.id !== row.controller || row.goaded.includes(p.id)).map((p) => el("label", { class: "goader" },
    el("input", { type: "checkbox", checked: row.goaded.includes(p.id), "data-player": p.id, "aria-label": `${t("goaded_by")} ${p.id}`,
      onchange: (e) => {
        row.goaded = e.target.checked ? [...row.goaded, p.id] : row.goaded.filter((g) => g !== p.id);
        changed();
      } }),
    p.id));
  return cell("goaded_by", el("span", { class: "goaders" }, ...boxes));
}

function attachCell(row) {
  if (!attachable(row)) return cell("attached_to");
  const options = [["", t("nobody")], ...state.rows.filter((r) => r !== row).map((r) => [r.id, label(r.id)])];
  return cell("attached_to", select(options, row.attachedTo, (v) => { row.attachedTo = v; changed(true); },
    { "aria-label": `${t("attached_to")} ${row.id}`, class: "attached" }));
}

function rowElement(row) {
  const players = state.players.map((p) => [p.id, p.id]);
  const targets = [["", t("nobody")], ...state.players.filter((p) => p.id !== row.controller).map((p) => [p.id, p.id])];
  for (const other of state.rows) if (other !== row && attackable(other)) targets.push([other.id, label(other.id)]);
  const cardInput = el("input", {
    class: "card-name", list: "card-options", value: row.card, autocomplete: "off", spellcheck: "false",
    "aria-label": t("card"),
    oninput: (e) => suggest(e.target.value),
    onchange: (e) => {
      const typed = e.target.value.trim();
      row.card = typed;
      if (!row.id || row.autoId) { rename(row, uniqueId(shortId(typed), row)); row.autoId = true; }
      learnTypes([typed]).then(() => changed(true));
      changed(true);
    },
  });
  const info = row.card ? cardInfoButton(row) : "";
  const idInput = el("input", {
    class: "perm-id", value: row.id, spellcheck: "false", "aria-label": t("id"),
    onchange: (e) => { rename(row, uniqueId(slug(e.target.value) || "creature", row)); row.autoId = false; changed(true); },
  });
  const pt = el("span", { class: "pt-pair" },
    el("input", { class: "pt", value: row.power, inputmode: "numeric", "aria-label": t("power"), onchange: (e) => { row.power = e.target.value.trim(); changed(); } }),
    "/",
    el("input", { class: "pt", value: row.toughness, inputmode: "numeric", "aria-label": t("toughness"), onchange: (e) => { row.toughness = e.target.value.trim(); changed(); } }));
  const tapped = el("input", { type: "checkbox", checked: row.tapped, "aria-label": t("tapped"), onchange: (e) => { row.tapped = e.target.checked; changed(); } });
  const attacking = state.step === "declare_blockers"
    ? cell("attacking", select(targets, row.attacking, (v) => { row.attacking = v; if (!v) dropAttacker(row.id); changed(true); }, { "aria-label": t("attacking"), class: "attacking" }))
    : goadCell(row);
  const abilities = el("input", {
    class: "abilities", value: row.abilities, spellcheck: "false", placeholder: "menace, {min_blockers: 3}", "aria-label": t("abilities"),
    onchange: (e) => { row.abilities = e.target.value; changed(); },
  });
  const remove = el("button", { type: "button", class: "remove", title: t("remove"), "aria-label": t("remove"), text: "✕",
    onclick: () => { state.rows = state.rows.filter((r) => r !== row); dropCreature(row.id); changed(true); } });
  return el("tr", { "data-id": row.id },
    cell("card", cardInput, info), cell("id", idInput),
    cell("controller", select(players, row.controller, (v) => { row.controller = v; dropCreature(row.id); changed(true); }, { "aria-label": t("controller"), class: "controller" })),
    cell("pt", pt), cell("tapped", tapped), attacking, cell("abilities", abilities), attachCell(row), declareCell(row), cell(null, remove));
}

function rename(row, id) {
  const old = row.id;
  row.id = id;
  if (!old || old === id) return;
  if (state.blocks[old]) { state.blocks[id] = state.blocks[old]; delete state.blocks[old]; }
  for (const list of Object.values(state.blocks)) list.forEach((a, i) => { if (a === old) list[i] = id; });
  if (state.attacks[old]) { state.attacks[id] = state.attacks[old]; delete state.attacks[old]; }
  for (const [c, target] of Object.entries(state.attacks)) if (target === old) state.attacks[c] = id;
  for (const other of state.rows) {
    if (other.attacking === old) other.attacking = id;
    if (other.attachedTo === old) other.attachedTo = id;
  }
}

function dropAttacker(id) {
  for (const [blocker, list] of Object.entries(state.blocks)) {
    state.blocks[blocker] = list.filter((a) => a !== id);
    if (!state.blocks[blocker].length) delete state.blocks[blocker];
  }
}

function dropCreature(id) {
  delete state.blocks[id];
  delete state.attacks[id];
  dropAttacker(id);
  for (const other of state.rows) if (other.attachedTo === id && !state.rows.some((r) => r.id === id)) other.attachedTo = "";
}

// The status line: a page word (kept, so a change of language rewrites it) or nothing.
function setStatus(key = null, values = {}) {
  statusWord = key ? { key, values } : null;
  $("status").textContent = key ? t(key, values) : "";
}

function drawEditor() {
  document.documentElement.lang = state.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (node.dataset.i18n in WORDS.en) node.textContent = t(node.dataset.i18n);  // else: the English of index.html
  }
  if ("title" in WORDS.en) document.title = t("title");
  $("fan-content-en").hidden = state.lang === "en";  // the policy's notice as Wizards words it, under its translation
  $("lang").value = state.lang;
  $("step").value = state.step;
  $("players").value = state.players.map((p) => p.id).join(", ");
  const active = $("active");
  active.replaceChildren(...state.players.map((p) => el("option", { value: p.id, text: p.id, selected: p.id === state.active })));
  const attack = state.step === "declare_attackers";
  $("attack-option-box").hidden = !attack;
  $("attack-option").value = state.attackOption;
  $("defending-player").hidden = state.attackOption !== "chosen";
  $("defending-player").replaceChildren(...state.players.filter((p) => p.id !== state.active)
    .map((p) => el("option", { value: p.id, text: p.id, selected: p.id === state.defendingPlayer })));
  if (state.attackOption === "chosen" && !state.players.some((p) => p.id === state.defendingPlayer && p.id !== state.active)) {
    state.defendingPlayer = $("defending-player").value;
  }
  $("col-attacking").textContent = t(attack ? "goaded_by" : "attacking");
  $("perms").tBodies[0].replaceChildren(...state.rows.map(rowElement));
  $("perms").classList.toggle("no-attach", !state.rows.some(attachable));  // the column only where it is used
  $("effects").value = state.effects;
  if (state.effects) $("effects-box").open = true;
  if (statusWord) $("status").textContent = t(statusWord.key, statusWord.values);
  $("defending-player").setAttribute("aria-label", t("defending_player"));
  $("share-link").setAttribute("aria-label", t("link_label"));
  drawAskForm();
  drawDamageForm();  // damage.js
  refreshCardInfo();  // cardinfo.js: a card shown is shown again, in the page's language
}

function drawAskForm() {
  const attack = state.step === "declare_attackers";
  $("ask-verb").textContent = t(attack ? "attack_verb" : "block_verb");
  const actors = state.rows.filter((r) => (attack ? r.controller === state.active : !r.attacking && r.controller !== state.active));
  const targets = attack ? attackTargets() : attackers().map((a) => ({ id: a.id, label: label(a.id) }));
  const keep = (node, options) => {
    const value = node.value;
    node.replaceChildren(...options.map(([v, text]) => el("option", { value: v, text })));
    if (options.some(([v]) => v === value)) node.value = value;
  };
  keep($("ask-actor"), actors.map((r) => [r.id, label(r.id)]));
  keep($("ask-target"), targets.map((x) => [x.id, x.label]));
}

let suggestTimer = null;
function suggest(typed) {
  clearTimeout(suggestTimer);
  if (typed.trim().length < 2) return;
  suggestTimer = setTimeout(async () => {
    const response = await fetch(`/api/cards?q=${encodeURIComponent(typed)}&limit=12`);
    if (!response.ok) return;
    const cards = await response.json();
    for (const c of cards) typeLines[c.name] = c.type_line;
    $("card-options").replaceChildren(...cards.map((c) => el("option", {
      value: c.name, text: `${c.name === c.card ? "" : c.card + " · "}${c.type_line}${c.power !== null ? ` ${c.power}/${c.toughness}` : ""}`,
    })));
  }, 120);
}

// What else follows each answer of /api/judge (the link that holds the board, share.js; the damage step, damage.js).
const afterJudgeHooks = [];
function afterJudge(body) { for (const hook of afterJudgeHooks) hook(body); }

function changed(redraw = false) {
  if (redraw) drawEditor();
  else drawAskForm();
  scheduleJudge();
}

// ---- talking to the desk -----------------------------------------------------------------------------------

async function post(path, params = {}) {
  const query = new URLSearchParams(Object.assign({ lang: state.lang }, params));
  const response = await fetch(`${path}?${query}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: snapshotText() });
  const isJson = (response.headers.get("content-type") || "").includes("json");
  const body = isJson ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, body };
}

// What went wrong, in the page's language (by the answer's status), then the server's own details: the field path
// and the problem, or its error message.
function showProblems(body, status) {
  const problems = (body && body.problems) || [];
  const details = problems.length ? problems.map((p) => `${p.path ? p.path + ": " : ""}${p.message}`) : [body && body.error ? body.error : String(body)];
  const heading = t([400, 413, 422].includes(status) ? `error_${status}` : "error_other");
  $("problems").replaceChildren(el("li", { text: heading, class: "plain" }), ...details.map((text) => el("li", { text })));
}

function scheduleJudge(delay = 250) {
  clearTimeout(timer);
  timer = setTimeout(judge, delay);
}

async function judge() {
  const number = ++requestNumber;
  keepInLink();  // share.js
  $("busy").textContent = t("checking");
  let result;
  try {
    result = await post("/api/judge");
  } catch (error) {
    result = { ok: false, status: 0, body: { error: String(error) } };
  }
  if (number !== requestNumber) return; // a newer board is on its way
  $("busy").textContent = "";
  if (!result.ok) {
    showProblems(result.body, result.status);
    for (const id of ["verdict", "lines", "picture", "count", "forced"]) $(id).replaceChildren();
    drawTriggers(null);
    $("verdict").className = "verdict";
    return;
  }
  $("problems").replaceChildren();
  const { report, lines, svg, count, forced } = result.body;
  $("verdict").textContent = lines[0];
  $("verdict").className = `verdict ${report.verdict}`;
  // report_lines: "  - " a broken rule, "  " a declaration line under a heading, anything else a heading.
  $("lines").replaceChildren(...lines.slice(1).map((line) => (line.startsWith("  - ")
    ? el("li", { text: line.slice(4) })
    : el("li", { text: line.trim(), class: line.startsWith("  ") ? "sub" : "plain" }))));
  drawTriggers(report.triggers);
  $("picture").innerHTML = svg;  // our own server's SVG: text is escaped there, no scripts
  hookPicture();
  drawCount(count);
  drawForced(forced);
  if (lastQuestion) ask(lastQuestion);
  afterJudge(result.body);
}

// Click a creature of the proposal's panel, then what it blocks or attacks: the pair is declared (or undone).
function hookPicture() {
  const panel = $("picture").querySelector("g.panel");
  if (!panel) return;
  for (const card of panel.querySelectorAll("g.card")) {
    card.addEventListener("click", () => pick(card.dataset.id));
    if (card.dataset.id === selected) card.classList.add("selected");
  }
}

function pick(id) {
  const attack = state.step === "declare_attackers";
  const row = state.rows.find((r) => r.id === id);
  const isActor = row && (attack ? row.controller === state.active : !row.attacking && row.controller !== state.active);
  if (selected === null || selected === id) {
    selected = isActor && selected !== id ? id : null;
    setStatus(selected ? "selected" : null, { creature: label(selected) });
    for (const card of $("picture").querySelectorAll("g.card")) card.classList.toggle("selected", card.dataset.id === selected);
    return;
  }
  const actor = selected;
  selected = null;
  setStatus(null);
  if (attack) {
    if (state.attacks[actor] === id) delete state.attacks[actor]; else state.attacks[actor] = id;
  } else {
    const list = state.blocks[actor] || [];
    state.blocks[actor] = list.includes(id) ? list.filter((a) => a !== id) : [...list, id];
    if (!state.blocks[actor].length) delete state.blocks[actor];
  }
  changed(true);
}

async function save(format) {
  const response = await fetch(`/api/export?format=${format}&lang=${state.lang}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: snapshotText() });
  if (!response.ok) { showProblems(await response.json(), response.status); setStatus("saved_problems"); return; }
  const blob = new Blob([await response.text()], { type: format === "json" ? "application/json" : "application/yaml" });
  const link = el("a", { href: URL.createObjectURL(blob), download: `combat.${format === "json" ? "json" : "yaml"}` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function load(file) {
  const response = await fetch(`/api/parse?lang=${state.lang}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: await file.text() });
  const body = await response.json();
  if (!response.ok) { showProblems(body, response.status); return; }
  loadData(body.snapshot);
  setStatus("loaded", { file: file.name });
  if (body.problems.length) showProblems(body, 422);
}

function setPlayers(text) {
  const ids = text.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
  const old = Object.fromEntries(state.players.map((p) => [p.id, p]));
  state.players = [...new Set(ids)].map((id) => old[id] || { id });
  if (!ids.includes(state.active)) state.active = ids[0] || "";
  for (const row of state.rows) if (!ids.includes(row.controller)) row.controller = state.active;
  changed(true);
}

async function loadWords() {
  try {
    const response = await fetch("/api/words");
    if (response.ok) WORDS = await response.json();
  } catch (error) {
    // The page stays in the English of index.html; every answer still comes in the chosen language.
  }
}

async function start() {
  $("lang").addEventListener("change", (e) => { state.lang = e.target.value; drawEditor(); scheduleJudge(0); });
  $("step").addEventListener("change", (e) => { state.step = e.target.value; selected = null; changed(true); });
  $("players").addEventListener("change", (e) => setPlayers(e.target.value));
  $("active").addEventListener("change", (e) => { state.active = e.target.value; changed(true); });
  $("effects").addEventListener("change", (e) => { state.effects = e.target.value; changed(); });
  $("add").addEventListener("click", () => {
    const controller = state.players.find((p) => p.id !== state.active) || state.players[0] || { id: "" };
    state.rows.push({ id: uniqueId("creature", null), autoId: true, card: "", controller: controller.id, power: "", toughness: "", tapped: false, attacking: "", abilities: "", goaded: [], attachedTo: "", extra: {} });
    changed(true);
    const inputs = document.querySelectorAll("#perms input.card-name");
    inputs[inputs.length - 1].focus();
  });
  $("save-yaml").addEventListener("click", () => save("yaml"));
  $("save-json").addEventListener("click", () => save("json"));
  $("load").addEventListener("change", (e) => { if (e.target.files[0]) load(e.target.files[0]); e.target.value = ""; });
  $("ask").addEventListener("click", () => ask());
  $("attack-option").addEventListener("change", (e) => { state.attackOption = e.target.value; changed(true); });
  $("defending-player").addEventListener("change", (e) => { state.defendingPlayer = e.target.value; changed(); });
  const preferred = (navigator.language || "en").slice(0, 2);
  state.lang = LANGS.includes(preferred) ? preferred : "en";
  await loadWords();
  const linked = await restoreFromLink();  // share.js: a board held by the link's fragment
  if (!linked) { drawEditor(); scheduleJudge(0); }
  document.body.dataset.ready = "true"; // started: the editor is drawn in the page's words and won't be redrawn under a click
}

document.addEventListener("DOMContentLoaded", start);
