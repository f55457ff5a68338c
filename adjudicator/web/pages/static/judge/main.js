// The judge page.  It calls the same POST /api/v1/challenges as every client;
// the ruling never says which word failed.  The house list's controls under a
// ruling are ./house.js.

import { $, T, adminKey, fmt } from "./page.js";
import { hideHouse, showHouse, showHousePage, wireHouse } from "./house.js";

const STORE = "adjudicator.judge";
// The client key (when the server needs one) lives only in this tab's
// sessionStorage: never in localStorage with the settings, never in the page.
const KEY_STORE = "adjudicator.judge.key";
const needsKey = document.body.dataset.needsKey === "true";
const CLEAR_AFTER_MS = 10000;
const KEY_GRACE_MS = 500;
const maxWords = parseInt(document.body.dataset.maxWords, 10) || 12;
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
  const admin = adminKey();
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
  showHouse(data, list, offerHouse);
}

// A house list made by its first entry serves from now on: offer it first.
function offerHouse(name) {
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
  hideHouse();
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

wireHouse(() => { window.clearTimeout(clearTimer); });

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
