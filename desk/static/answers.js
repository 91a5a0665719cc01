// The answers beside the verdict (desk.js judges the board, then draws them): the triggers of a legal declaration,
// how many legal declarations there are, what is forced, and the question "Can X block / attack Y?". Loaded after
// desk.js; its functions are called once the page has started.
"use strict";

// The triggers of a legal declaration (null otherwise: the section is hidden): for each triggered ability its rule,
// the sentence (whose it is, what triggers, how many times, on what), and what is left to its resolution.
function drawTriggers(triggers) {
  $("triggers-box").hidden = triggers === null || triggers === undefined;
  if ($("triggers-box").hidden) { $("triggers").replaceChildren(); return; }
  if (!triggers.length) { $("triggers").replaceChildren(el("li", { text: t("no_triggers"), class: "plain" })); return; }
  $("triggers").replaceChildren(...triggers.map((item) => {
    const notes = [];
    if (item.on_resolution) notes.push(el("li", { text: t("on_resolution", { text: item.on_resolution }) }));
    if (item.condition) notes.push(el("li", { text: item.condition }));
    return el("li", { "data-rule": item.rule, "data-source": item.source, "data-controller": item.controller, "data-times": String(item.times) },
      el("span", { class: "rule", text: item.rule }), " ", el("span", { text: item.message }),
      ...(notes.length ? [el("ul", { class: "notes" }, ...notes)] : []));
  }));
}

function declarationText(declaration) {
  const parts = [];
  for (const [creature, target] of Object.entries(declaration.attacks || {})) parts.push(`${label(creature)} ${t("attacks")} ${label(target)}`);
  for (const [blocker, list] of Object.entries(declaration.blocks || {})) parts.push(`${label(blocker)} ${t("blocks")} ${list.map(label).join(", ")}`);
  return parts.length ? parts.join("; ") : t("nothing");
}

function drawCount(count) {
  const items = count.declarations.map((d) => el("li", { text: declarationText(d) }));
  $("count").replaceChildren(el("p", { text: count.text }), el("ol", {}, ...items));
}

function drawForced(forced) {
  const list = (choices) => el("ul", {}, ...(choices.length ? choices.map((c) => el("li", {
    text: c.text + (c.reasons.length ? ` (${c.reasons.map((r) => `${r.rule}: ${r.message}`).join("; ")})` : ""),
  })) : [el("li", { text: t("none") })]));
  if (forced.status !== "exact") { $("forced").replaceChildren(el("p", { text: t("undecided") })); return; }
  $("forced").replaceChildren(el("p", { text: t("always") }), list(forced.always), el("p", { text: t("never") }), list(forced.never));
}

// Ask "Can X block / attack Y?" (the form's, or `question` again): the answer stays that of the board shown and of
// the page's language, as it is asked again after each judgement (a new board, a new language).
async function ask(question = null) {
  const attack = state.step === "declare_attackers";
  const q = question || { actor: $("ask-actor").value, target: $("ask-target").value, attack };
  const known = (id) => state.rows.some((r) => r.id === id) || state.players.some((p) => p.id === id);
  if (!q.actor || !q.target || q.attack !== attack || !known(q.actor) || !known(q.target)) {
    lastQuestion = null;
    $("answer").replaceChildren();
    return;
  }
  lastQuestion = q;
  const number = requestNumber;
  const result = attack
    ? await post("/api/can-attack", { creature: q.actor, target: q.target })
    : await post("/api/can-block", { blocker: q.actor, attacker: q.target });
  if (number !== requestNumber || lastQuestion !== q) return; // the board or the question changed meanwhile
  if (!result.ok) { showProblems(result.body, result.status); $("answer").replaceChildren(); return; }
  const answer = result.body;
  const reasons = [...answer.forbidden_by, ...answer.missed_requirements].map((f) => el("li", { text: `${f.rule}: ${f.message}` }));
  const parts = [el("p", { class: `answer-${answer.answer}`, text: answer.text }), el("ul", {}, ...reasons)];
  if (answer.declaration) parts.push(el("p", { text: declarationText(answer.declaration) }));
  $("answer").replaceChildren(...parts);
}
