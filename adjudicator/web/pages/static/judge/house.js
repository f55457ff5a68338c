// The house list at the judge's table, with the admin key: each word of the
// ruling, and a button to add it to the house list (or remove it), with why.
// Closed until the director opens it, so the players see only the ruling.

import { $, ADMIN_STORE, T, adminKey, el, fmt } from "./page.js";

// The house lists there are (a ruleset's is made by its first entry).
const houses = (document.body.dataset.houses || "").split(",").filter(Boolean);

// The house list in use: the lexicon chosen, if it is one, else the ruleset's.
export function houseName() {
  const lexicon = $("lexicon").value;
  if (houses.includes(lexicon)) { return lexicon; }
  return $("ruleset").selectedOptions[0]?.dataset.house || "";
}

// A link to the house list in use, once it exists: its entries and history.
export function showHousePage() {
  const name = houseName();
  const link = $("house-page");
  link.hidden = !houses.includes(name);
  link.textContent = link.hidden ? "" : fmt(T.houseOpen, { name });
  link.href = link.hidden ? "#" : `/judge/house/${encodeURIComponent(name)}`;
}

// Under the verdict ``data`` of the words ``list`` as typed.  ``made(name)`` is
// told when an entry made the house list, which then serves from now on.
export function showHouse(data, list, made) {
  const name = houseName();
  const words = Array.isArray(data.words) ? data.words : [];
  const revealed = words.length > 0 && typeof words[0] === "object";
  $("house").hidden = !(name && revealed && adminKey());
  if ($("house").hidden) { return; }
  $("house-open").textContent = fmt(T.houseOpen, { name });
  $("house-open").setAttribute("aria-expanded", "false");
  $("house-panel").hidden = true;
  $("house-link").href = `/judge/house/${encodeURIComponent(name)}`;
  $("house-words").replaceChildren(
    ...words.map((word, i) => houseRow(name, word, list[i] || word.word, i, made)));
}

export function hideHouse() {
  $("house").hidden = true;
  $("house-words").replaceChildren();
}

function houseRow(name, word, typed, index, made) {
  const row = el("li");
  const head = el("p", "house-word");
  head.append(el("span", "word", word.word), " ",
    el("span", word.valid ? "ok" : "bad", word.valid ? `\u2713 ${T.saidAcceptable}` : `\u2717 ${T.saidUnacceptable}`));
  if (word.house) {
    head.append(" ", el("span", "by-house", word.house.action === "add" ? T.byHouseAdd : T.byHouseRemove));
  }
  const action = word.valid ? "remove" : "add";
  const open = el("button", "house-action", word.valid ? T.houseRemove : T.houseAdd);
  open.type = "button";
  const form = el("form", "house-form");
  form.hidden = true;
  const label = el("label", "", T.houseWhy);
  label.htmlFor = `house-why-${index}`;
  const why = el("input");
  why.id = label.htmlFor;
  why.maxLength = 500;
  why.autocomplete = "off";
  const save = el("button", "", T.houseSave);
  save.type = "submit";
  const cancel = el("button", "", T.houseCancel);
  cancel.type = "button";
  form.append(label, why, save, " ", cancel);
  const status = el("p", "house-status");
  status.setAttribute("role", "status");
  open.addEventListener("click", () => { open.hidden = true; form.hidden = false; why.focus(); });
  cancel.addEventListener("click", () => { form.hidden = true; open.hidden = false; open.focus(); });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reason = why.value.trim();
    if (!reason) { status.textContent = T.houseNeedWhy; why.focus(); return; }
    const path = `/api/v1/house-lists/${encodeURIComponent(name)}/entries`;
    const body = { word: typed, action, why: reason, ruleset: $("ruleset").value };
    const edit = await houseCall(path, body, status);
    if (!edit) { return; }
    form.hidden = true;
    if (!houses.includes(name)) { houses.push(name); showHousePage(); }
    made(name);
    const done = action === "add" ? T.houseAdded : T.houseRemoved;
    status.textContent = fmt(done, { word: edit.event.word, name, version: edit.version }) + " ";
    const undo = el("button", "", T.houseUndo);
    undo.type = "button";
    undo.addEventListener("click", async () => {
      const back = await houseCall(`${path}/${edit.event.entry}/undo`, {}, status);
      if (back) {
        status.textContent = fmt(T.houseUndone, { version: back.version });
        open.hidden = false;
      }
    });
    status.append(undo);
  });
  row.append(head, open, form, status);
  return row;
}

// POST to the house list with the admin key; the answer, or null with the
// problem said in ``status`` (by its code, in the page's language).
async function houseCall(path, body, status) {
  status.textContent = "";
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminKey()}` },
      body: JSON.stringify(body),
    });
  } catch (e) {
    status.textContent = T.offline;
    return null;
  }
  const data = await response.json().catch(() => ({}));
  if (response.ok) { return data; }
  if (response.status === 401 || response.status === 403) {
    status.textContent = T.badAdmin;
  } else if (data.code === "house-entry-exists") {
    status.textContent = T.houseExists;
  } else if (data.code === "unknown-tile") {
    status.textContent = fmt(T.houseUnknownTile, { character: data.character });
  } else {
    status.textContent = fmt(T.error, { status: response.status });
  }
  return null;
}

// The controls sit on the verdict: they neither dismiss it nor let it clear
// itself while the director uses them (``inUse`` stops its timer).  The admin
// key field keeps the key for this tab, never on show.
export function wireHouse(inUse) {
  $("house").addEventListener("click", (event) => event.stopPropagation());
  for (const kind of ["focusin", "pointerdown"]) {
    $("house").addEventListener(kind, inUse);
  }
  $("house-open").addEventListener("click", () => {
    const open = $("house-panel").hidden;
    $("house-panel").hidden = !open;
    $("house-open").setAttribute("aria-expanded", String(open));
    if (open) { $("house-panel").scrollIntoView({ block: "nearest" }); }
  });
  $("admin-key").addEventListener("change", () => {
    const key = $("admin-key").value.trim();
    if (key) { sessionStorage.setItem(ADMIN_STORE, key); } else { sessionStorage.removeItem(ADMIN_STORE); }
    $("admin-key").value = "";
    $("admin-key").placeholder = key ? T.keyEntered : "";
  });
  if (adminKey()) { $("admin-key").placeholder = T.keyEntered; }
}
