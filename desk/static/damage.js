// The combat damage step of the board shown (510.1, issue 22): once blockers are declared, "how much can go through
// to the player?" (the least and most each recipient can be assigned) and "is this damage assignment legal?" for
// the amounts typed, each creature's damage to each recipient it may assign to. The desk answers as `combatcheck
// damage` does (POST /api/damage-page: the report and its text in the page's language); the answer shown is asked
// again when the board or the language changes.
"use strict";

const damage = { amounts: {}, shown: null };  // amounts: source -> recipient -> text typed; shown: "ranges" | "check"

// Who may be assigned each creature's combat damage on this board (510.1b-d): an attacker's blockers and what it
// attacks (all of it with trample over them, or as though it weren't blocked: the rules judge which), a blocker's
// attackers.
function damageRecipients() {
  const out = [];
  for (const attacker of attackers()) {
    const blockers = Object.entries(state.blocks).filter(([, list]) => list.includes(attacker.id)).map(([b]) => b);
    out.push({ source: attacker.id, recipients: [...blockers, attacker.attacking] });
  }
  for (const [blocker, list] of Object.entries(state.blocks)) {
    if (state.rows.some((r) => r.id === blocker)) out.push({ source: blocker, recipients: list.filter((a) => state.rows.some((r) => r.id === a)) });
  }
  return out.filter((item) => item.recipients.length);
}

function drawDamageForm() {
  const box = $("damage-box");
  box.hidden = state.step !== "declare_blockers" || !attackers().length;
  if (box.hidden) return;
  const rows = damageRecipients();
  const kept = {};
  const form = rows.map(({ source, recipients }) => {
    kept[source] = {};
    const inputs = recipients.map((recipient) => {
      const value = (damage.amounts[source] || {})[recipient] ?? "";
      kept[source][recipient] = value;
      return el("label", { class: "amount" }, el("span", { text: label(recipient) }),
        el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", value, class: "damage-amount",
          "data-source": source, "data-recipient": recipient, "aria-label": t("damage_amount", { source: label(source), recipient: label(recipient) }),
          // kept as typed (not only on change): a redraw under the judge's answer must not drop a number typed
          oninput: (e) => { damage.amounts[source][recipient] = e.target.value.trim(); } }));
    });
    return el("div", { class: "damage-row", "data-source": source }, el("span", { class: "source", text: t("damage_assigns", { creature: label(source) }) }), ...inputs);
  });
  damage.amounts = kept;
  $("damage-form").replaceChildren(...form);
}

// The assignment typed: every creature with at least one amount, its empty amounts 0.
function typedAssignment() {
  const assignment = {};
  for (const [source, amounts] of Object.entries(damage.amounts)) {
    const typed = Object.values(amounts).some((v) => v !== "");
    if (!typed) continue;
    assignment[source] = {};
    for (const [recipient, value] of Object.entries(amounts)) {
      assignment[source][recipient] = /^\d+$/.test(value) ? Number(value) : value === "" ? 0 : value;
    }
  }
  return assignment;
}

// The board as a timeline: its blocks, then the assignment (the snapshot format's events, docs/combat.md).
function damageSnapshot(assignment) {
  const text = snapshotText();
  if (!Object.keys(assignment).length) return text;  // no assignment: the next combat damage step is asked about
  const events = [{ declare_blockers: { blocks: state.blocks } }, { assign_combat_damage: assignment }];
  return text.replace(/^declaration: .*$/m, `events: ${JSON.stringify(events)}`);
}

async function askDamage(kind) {
  damage.shown = kind;
  const number = requestNumber;
  const assignment = kind === "check" ? typedAssignment() : {};
  const query = new URLSearchParams({ lang: state.lang, ranges: String(kind === "ranges") });
  const response = await fetch(`/api/damage-page?${query}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: damageSnapshot(assignment) });
  const body = await response.json();
  if (number !== requestNumber || damage.shown !== kind) return;  // the board changed meanwhile
  const answer = $("damage-answer");
  if (!response.ok) {
    const problems = (body.problems || []).map((p) => `${p.path ? p.path + ": " : ""}${p.message}`);
    answer.replaceChildren(el("p", { class: "answer-no", text: body.error }), el("ul", {}, ...problems.map((text) => el("li", { text }))));
    return;
  }
  const judged = body.report.steps.map((s) => s.judged);
  const legal = judged.length > 0 && judged.every((j) => j.legal);
  const verdict = kind === "check" && Object.keys(assignment).length
    ? el("p", { class: `verdict ${legal ? "legal" : "illegal"}`, "data-legal": String(legal), text: t(legal ? "damage_legal" : "damage_illegal") })
    : "";
  const lines = body.lines.map((line) => {
    const depth = line.length - line.trimStart().length;
    return el("li", { text: line.trim().replace(/^- /, ""), "data-depth": String(Math.min(depth, 8)), class: line.trimStart().startsWith("- ") ? "item" : "plain" });
  });
  answer.replaceChildren(verdict, el("ul", { class: "lines damage-lines" }, ...lines));
}

afterJudgeHooks.push(() => {
  drawDamageForm();
  if (damage.shown && !$("damage-box").hidden) askDamage(damage.shown);
  else { damage.shown = null; $("damage-answer").replaceChildren(); }
});

document.addEventListener("DOMContentLoaded", () => {
  $("damage-ranges").addEventListener("click", () => askDamage("ranges"));
  $("damage-check").addEventListener("click", () => askDamage("check"));
});
