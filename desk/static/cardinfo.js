// A card's Oracle text and how combatcheck read it (GET /api/card, in the page's language), shown on hover of the
// row's "i" button or on a tap of it (which pins it until the next tap or Escape).
"use strict";

const cardInfo = { row: null, pinned: false, number: 0 };

function cardInfoButton(row) {
  const button = el("button", {
    type: "button", class: "card-info-button", text: "i", title: t("card_info"), "aria-label": `${t("card_info")} ${row.card}`,
    "aria-expanded": cardInfo.row === row.id ? "true" : "false",
    onclick: () => {
      const again = cardInfo.row === row.id && cardInfo.pinned;
      if (again) hideCardInfo(); else showCardInfo(row, button, true);
    },
    onmouseenter: () => { if (!cardInfo.pinned) showCardInfo(row, button, false); },
    onmouseleave: () => { if (!cardInfo.pinned) hideCardInfo(); },
  });
  return button;
}

function hideCardInfo() {
  cardInfo.row = null;
  cardInfo.pinned = false;
  cardInfo.number++;
  $("card-info").hidden = true;
  for (const b of document.querySelectorAll(".card-info-button")) b.setAttribute("aria-expanded", "false");
}

function infoList(heading, items) {
  if (!items.length) return [];
  return [el("h4", { text: heading }), el("ul", {}, ...items.map((text) => el("li", { text })))];
}

async function showCardInfo(row, button, pinned) {
  const number = ++cardInfo.number;
  cardInfo.row = row.id;
  cardInfo.pinned = pinned;
  button.setAttribute("aria-expanded", "true");
  const box = $("card-info");
  const response = await fetch(`/api/v1/card?name=${encodeURIComponent(row.card)}&lang=${state.lang}`);
  const body = await response.json();
  if (number !== cardInfo.number) return;  // another card was asked for meanwhile
  if (!response.ok) {
    box.replaceChildren(el("p", { class: "problems", text: body.error }));
  } else {
    const stats = body.power !== null ? ` ${body.power}/${body.toughness}` : body.loyalty !== null ? ` ◆${body.loyalty}` : "";
    const notApplied = body.not_applied.map((n) => `“${n.text}” (${n.why})`);
    const read = [...body.abilities, ...body.attached_grants.map((g) => t("card_attached_grant", { ability: g }))];
    box.replaceChildren(
      el("h3", { text: body.card }),
      el("p", { class: "hint", text: `${body.type_line}${stats}` }),
      el("h4", { text: t("card_oracle") }),
      el("p", { class: "oracle", text: body.oracle_text || "—" }),
      el("h4", { text: t("card_read") }),
      el("p", { text: read.length ? read.join(" · ") : t("card_read_nothing") }),
      ...infoList(t("card_effects"), body.effects),
      ...infoList(t("card_conditional"), body.conditional),
      ...infoList(t("card_not_applied"), notApplied),
    );
  }
  box.dataset.card = row.card;
  box.hidden = false;
  const place = button.getBoundingClientRect();
  const width = Math.min(380, document.documentElement.clientWidth - 16);
  box.style.width = `${width}px`;
  box.style.left = `${Math.max(8, Math.min(place.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8))}px`;
  box.style.top = `${place.bottom + window.scrollY + 6}px`;
}

function refreshCardInfo() {
  if (cardInfo.row === null) return;
  const row = state.rows.find((r) => r.id === cardInfo.row);
  const button = document.querySelector(`#perms tbody tr[data-id="${CSS.escape(cardInfo.row)}"] .card-info-button`);
  if (row && button && row.card === $("card-info").dataset.card) showCardInfo(row, button, cardInfo.pinned);
  else hideCardInfo();
}

document.addEventListener("DOMContentLoaded", () => {
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideCardInfo(); });
});
