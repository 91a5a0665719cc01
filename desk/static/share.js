// A board held by a link: the page keeps the board it shows in its address's fragment (#lang=fr&board=...), which
// browsers never send to a server, so no server stores anything; opening the link restores the board and its
// language. The board is the page's snapshot text (YAML, as Save YAML writes it before formatting), compressed with
// the browser's own deflate (CompressionStream) and written in base64url; "t." marks plain text, for a browser
// without CompressionStream.
"use strict";

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

async function packBoard(text) {
  const bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream === "undefined") return `t.${toBase64url(bytes)}`;
  return `z.${toBase64url(await through(new CompressionStream("deflate-raw"), bytes))}`;
}

async function unpackBoard(packed) {
  const [kind, data] = [packed.slice(0, 2), packed.slice(2)];
  const bytes = fromBase64url(data);
  if (kind === "t.") return new TextDecoder().decode(bytes);
  if (kind === "z." && typeof DecompressionStream !== "undefined") {
    return new TextDecoder().decode(await through(new DecompressionStream("deflate-raw"), bytes));
  }
  throw new Error("unreadable board link");
}

async function boardFragment() {
  return `lang=${state.lang}&board=${await packBoard(snapshotText())}`;
}

// The address bar always holds the board shown (replaced, not pushed: Back leaves the desk as before).
// `shownFragment` is the fragment of the board shown: the one written here or restored from a link. Restoring is
// idempotent: a fragment already shown is not restored again (a reload or a hashchange to the board on the page
// leaves the page, its language and its answers as they are), and of two restores on their way only the newer one
// loads its board.
let linkNumber = 0;
let shownFragment = null;
let restoreNumber = 0;
async function keepInLink() {
  const number = ++linkNumber;
  const before = location.hash;
  const fragment = await boardFragment();
  // a link opened while this one was being written (the fragment changed meanwhile) is the board to show: kept
  if (number === linkNumber && location.hash === before) {
    shownFragment = fragment;
    history.replaceState(null, "", `#${fragment}`);
  }
}

async function shareBoard() {
  const link = `${location.origin}${location.pathname}#${await boardFragment()}`;
  const box = $("share-link");
  box.value = link;
  box.hidden = false;
  box.select();
  try {
    await navigator.clipboard.writeText(link);
    setStatus("link_copied");
  } catch (error) {
    setStatus("link_shown");  // no clipboard here: the link is selected in its box, to copy by hand
  }
}

// At start: the board of the link opened, read back by the desk as any snapshot file is (/api/parse). Returns
// whether the link held one.
async function restoreFromLink() {
  const fragment = location.hash.slice(1);
  if (fragment === shownFragment) return true;  // the board shown already: nothing to restore
  const number = ++restoreNumber;
  const params = new URLSearchParams(fragment);
  if (LANGS.includes(params.get("lang"))) state.lang = params.get("lang");
  const packed = params.get("board");
  if (!packed) return false;
  clearTimeout(timer);
  requestNumber++;  // an answer on its way is about the board before the link: dropped
  let text;
  try {
    text = await unpackBoard(packed);
  } catch (error) {
    if (number !== restoreNumber) return true;
    drawEditor();
    showProblems({ error: t("link_unreadable") }, 400);
    return true;
  }
  const response = await fetch(`/api/parse?lang=${state.lang}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: text });
  const body = await response.json();
  if (number !== restoreNumber) return true;  // a newer link is being restored
  if (!response.ok) { drawEditor(); showProblems(body, response.status); return true; }
  shownFragment = fragment;
  loadData(body.snapshot);
  setStatus("link_opened");
  if (body.problems.length) showProblems(body, 422);
  return true;
}

document.addEventListener("DOMContentLoaded", () => {
  $("share").addEventListener("click", shareBoard);
  // A link opened in the tab already showing the desk changes only the fragment: the page doesn't reload.
  window.addEventListener("hashchange", () => restoreFromLink());
});
