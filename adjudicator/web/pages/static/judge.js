// The judge page.  It calls the same POST /api/v1/challenges as every client;
// the ruling never says which word failed.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const STORE = "adjudicator.judge";
  // The client key (when the server needs one) lives only in this tab's
  // sessionStorage: never in localStorage with the settings, never in the page.
  const KEY_STORE = "adjudicator.judge.key";
  // The admin key, kept the same way, lets the director edit the house list
  // after a ruling (it also asks for the ruling's words, revealed).
  const ADMIN_STORE = "adjudicator.judge.admin";
  const houses = (document.body.dataset.houses || "").split(",").filter(Boolean);
  const needsKey = document.body.dataset.needsKey === "true";
  const CLEAR_AFTER_MS = 10000;
  const KEY_GRACE_MS = 500;
  const maxWords = parseInt(document.body.dataset.maxWords, 10) || 12;
  // The page's words, translated by the server's catalogues; {name} marks a value.
  const T = JSON.parse($("strings").textContent);
  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (all, k) => (k in values ? values[k] : all));
  let shownAt = 0;
  let clearTimer = null;

  // The PIN keeps players from changing the ruleset (or seeing the key field) at
  // the table; it is a kiosk convenience, not a security boundary.
  function pinHash(pin) {
    let h = 2166136261;
    for (const ch of "adjudicator:" + pin) {
      h ^= ch.codePointAt(0);
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h.toString(16);
  }

  function loadState() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }
  function saveState(state) { localStorage.setItem(STORE, JSON.stringify(state)); }

  // The lexicons that can serve the chosen ruleset (its own first).
  function fillLexicons(chosen) {
    const opt = $("ruleset").selectedOptions[0];
    const names = opt ? opt.dataset.lexicons.split(",").filter(Boolean) : [];
    const select = $("lexicon");
    select.replaceChildren(...names.map((name) => new Option(name, name)));
    if (chosen && names.includes(chosen)) { select.value = chosen; }
    showStandIn();
    showHousePage();
  }

  // A link to the house list in use, once it exists: its entries and history.
  function showHousePage() {
    const name = houseName();
    const link = $("house-page");
    link.hidden = !houses.includes(name);
    link.textContent = link.hidden ? "" : fmt(T.houseOpen, { name });
    link.href = link.hidden ? "#" : `/judge/house/${encodeURIComponent(name)}`;
  }

  // A banner while the chosen lexicon stands in for the ruleset's own list.
  function showStandIn() {
    const opt = $("ruleset").selectedOptions[0];
    const standIn = opt ? opt.dataset.standIn : "";
    const on = Boolean(standIn) && $("lexicon").value === standIn;
    $("stand-in").hidden = !on;
    $("stand-in").textContent = on ? fmt(T.standIn, { stand_in: standIn, own: opt.dataset.own }) : "";
  }

  function applyLock() {
    const state = loadState();
    if (state.ruleset) { $("ruleset").value = state.ruleset; }
    fillLexicons(state.lexicon);
    if (state.station) { $("station").value = state.station; }
    const locked = Boolean(state.pin);
    $("setup").hidden = locked;
    $("locked-banner").hidden = !locked;
    const opt = $("ruleset").selectedOptions[0];
    $("locked-ruleset").textContent = opt ? `${opt.textContent}, ${$("lexicon").value}` : "";
  }

  function askPin(label) {
    const pin = window.prompt(label);
    return pin === null ? null : pin.trim();
  }

  $("lock").addEventListener("click", () => {
    const pin = askPin(T.choosePin);
    if (pin === null) { return; }
    if (!/^\d{4,}$/.test(pin)) { say(T.badPin); return; }
    saveState({ ruleset: $("ruleset").value, lexicon: $("lexicon").value,
                station: $("station").value, pin: pinHash(pin) });
    applyLock();
    $("words").focus();
  });

  $("unlock").addEventListener("click", () => {
    const state = loadState();
    const pin = askPin(T.unlockPin);
    if (pin === null) { return; }
    if (pinHash(pin) !== state.pin) { say(T.wrongPin); return; }
    saveState({ ruleset: state.ruleset, lexicon: state.lexicon, station: state.station });
    applyLock();
  });

  function say(text) { $("message").textContent = text; }
  const NO_KEY = T.noKey;

  function words() {
    return $("words").value.split(/\s+/).map((w) => w.trim()).filter(Boolean);
  }

  async function judge(event) {
    event.preventDefault();
    say("");
    const list = words();
    if (list.length === 0) { say(T.noWords); return; }
    if (list.length > maxWords) { say(T.tooMany); return; }
    const body = { ruleset: $("ruleset").value, words: list };
    if ($("lexicon").value) { body.lexicon = $("lexicon").value; }
    const station = $("station").value.trim();
    if (station) { body.station = station; }
    const headers = { "Content-Type": "application/json" };
    const admin = sessionStorage.getItem(ADMIN_STORE);
    if (admin) {
      headers.Authorization = `Bearer ${admin}`;
      body.reveal = true;
    } else if (needsKey) {
      const key = sessionStorage.getItem(KEY_STORE);
      if (!key) { say(NO_KEY); return; }
      headers["X-API-Key"] = key;
    }
    let response;
    try {
      response = await fetch("/api/v1/challenges", {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
    } catch (e) {
      say(T.offline);
      return;
    }
    const data = await response.json().catch(() => ({}));
    if (response.status === 401 || response.status === 403) {
      say(admin ? T.badAdmin : `${NO_KEY} (${data.detail || response.status})`);
      return;
    }
    if (!response.ok) { say(problem(data, response.status)); return; }
    show(data, list);
  }

  // A letter that is not in the game's alphabet (a Latin "o" in a Cyrillic
  // word) is said from the problem's fields in every language, counting the
  // characters from 1 as a person does (the API's position counts from 0).
  function problem(data, status) {
    if (data.code === "unknown-tile") {
      return fmt(T.unknownTile, {
        character: data.character, number: data.position + 1, text: data.text });
    }
    return data.detail || fmt(T.error, { status });
  }

  // What the ruling means for the players, in words, from the answer's
  // consequence (the same fields the keeper applies).
  function outcome(c) {
    if (c.loses_game === "challenger") { return T.challengerLoses; }
    if (c.loses_game === "challenged") { return T.challengedLoses; }
    if (c.play === "withdrawn") { return T.withdrawn; }
    if (c.points_to_challenged) { return fmt(T.bonus, { points: c.points_to_challenged }); }
    if (c.challenger_loses_turn) { return T.losesTurn; }
    return T.stands;
  }

  function show(data, list) {
    const ok = data.verdict === "acceptable";
    const result = $("result");
    result.className = ok ? "acceptable" : "unacceptable";
    // Text and symbol carry the verdict, so colour is never the only signal.
    const verdict = ok ? `\u2713 ${T.acceptable}` : `\u2717 ${T.unacceptable}`;
    $("verdict").textContent = verdict;
    $("verdict").classList.toggle("long", verdict.length > 14);
    const entered = list.join(" ").toUpperCase();
    $("result-words").textContent = entered;
    const lex = data.lexicon || {};
    const own = $("ruleset").selectedOptions[0]?.dataset.own || "";
    const lexicon = fmt(T.lexicon, { name: lex.name, version: lex.version }) +
      (lex.stand_in ? ` (${fmt(T.standInShort, { own })})` : "");
    $("result-lexicon").textContent = lexicon;
    const consequence = data.consequence || {};
    const rule = T.rules[consequence.rule] || "";
    const said = consequence.play ? outcome(consequence) : "";
    $("result-rule").textContent = rule;
    $("result-outcome").textContent = said;
    result.hidden = false;
    result.setAttribute("aria-hidden", "false");
    $("announce").textContent = [ok ? T.saidAcceptable : T.saidUnacceptable, entered, said, lexicon]
      .filter(Boolean).map((part) => part.replace(/\.$/, "")).join(". ") + ".";
    shownAt = performance.now();
    clearTimer = window.setTimeout(clear, CLEAR_AFTER_MS);
    showHouse(data, list);
  }

  // --- The house list, with the admin key: each word of the ruling, and a
  // button to add it to the house list (or remove it), with why.  Closed until
  // the director opens it, so the players see only the ruling.

  // The house list in use: the lexicon chosen, if it is one, else the ruleset's.
  function houseName() {
    const lexicon = $("lexicon").value;
    if (houses.includes(lexicon)) { return lexicon; }
    return $("ruleset").selectedOptions[0]?.dataset.house || "";
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function showHouse(data, list) {
    const name = houseName();
    const words = Array.isArray(data.words) ? data.words : [];
    const revealed = words.length > 0 && typeof words[0] === "object";
    $("house").hidden = !(name && revealed && sessionStorage.getItem(ADMIN_STORE));
    if ($("house").hidden) { return; }
    $("house-open").textContent = fmt(T.houseOpen, { name });
    $("house-open").setAttribute("aria-expanded", "false");
    $("house-panel").hidden = true;
    $("house-link").href = `/judge/house/${encodeURIComponent(name)}`;
    $("house-words").replaceChildren(...words.map((word, i) => houseRow(name, word, list[i] || word.word, i)));
  }

  function houseRow(name, word, typed, index) {
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
      offerHouse(name);
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
        headers: { "Content-Type": "application/json",
                   Authorization: `Bearer ${sessionStorage.getItem(ADMIN_STORE)}` },
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

  // A house list made by its first entry serves from now on: offer it first.
  function offerHouse(name) {
    if (!houses.includes(name)) { houses.push(name); showHousePage(); }
    const opt = $("ruleset").selectedOptions[0];
    if (!opt) { return; }
    const names = opt.dataset.lexicons.split(",").filter(Boolean);
    if (!names.includes(name)) {
      opt.dataset.lexicons = [name, ...names].join(",");
      fillLexicons(name);
      remember();
    }
  }

  function clear() {
    window.clearTimeout(clearTimer);
    clearTimer = null;
    const result = $("result");
    result.hidden = true;
    result.setAttribute("aria-hidden", "true");
    result.className = "";
    $("verdict").textContent = "";
    $("result-words").textContent = "";
    $("result-rule").textContent = "";
    $("result-outcome").textContent = "";
    $("announce").textContent = "";
    $("house").hidden = true;
    $("house-words").replaceChildren();
    $("words").value = "";
    $("words").focus();
  }

  document.addEventListener("keydown", (event) => {
    if ($("house").contains(event.target)) { return; }  // the director types a reason
    if ($("result").hidden) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { judge(event); }
      return;
    }
    event.preventDefault();
    if (performance.now() - shownAt >= KEY_GRACE_MS) { clear(); }
  });
  // A kiosk tablet has no keyboard: a tap on the verdict dismisses it too
  // (after the same grace, so the tap that judged does not clear it).  A click
  // comes last of a tap's events, so nothing under the verdict gets the tap.
  $("result").addEventListener("click", () => {
    if (performance.now() - shownAt >= KEY_GRACE_MS) { clear(); }
  });

  // The house list's controls sit on the verdict: they neither dismiss it nor
  // let it clear itself while the director uses them.
  $("house").addEventListener("click", (event) => event.stopPropagation());
  for (const kind of ["focusin", "pointerdown"]) {
    $("house").addEventListener(kind, () => { window.clearTimeout(clearTimer); });
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
  if (sessionStorage.getItem(ADMIN_STORE)) { $("admin-key").placeholder = T.keyEntered; }

  $("challenge").addEventListener("submit", judge);
  function remember() {
    const state = loadState();
    if (!state.pin) {
      saveState({ ruleset: $("ruleset").value, lexicon: $("lexicon").value,
                  station: $("station").value });
    }
  }
  $("ruleset").addEventListener("change", () => { fillLexicons(); remember(); });
  $("lexicon").addEventListener("change", () => { showStandIn(); showHousePage(); remember(); });
  if (needsKey) {
    $("key").addEventListener("change", () => {
      const key = $("key").value.trim();
      if (key) { sessionStorage.setItem(KEY_STORE, key); } else { sessionStorage.removeItem(KEY_STORE); }
      $("key").value = "";
      $("key").placeholder = key ? T.keyEntered : "";
    });
    if (sessionStorage.getItem(KEY_STORE)) { $("key").placeholder = T.keyEntered; }
  }
  applyLock();
})();
