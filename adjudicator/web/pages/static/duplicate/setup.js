// The new game: the rules (this language's Duplicate ruleset first), the players
// one per line, the time per move, the draws (the service's, with an optional
// seed, or typed in from the room's bag); or a game imported from its record.
// The write token stays in this browser.

import { api, problemText, store } from "./api.js";
import { $, LANG, RULESETS, S } from "./common.js";

function preferredRuleset() {
  const options = [...$("ruleset").options];
  const mine = options.find((o) => o.dataset.language === LANG.slice(0, 2));
  return (mine || options[0]).value;
}

const typed = () => document.querySelector("input[name=draws]:checked").value === "typed";

function refresh() {
  $("seed-box").hidden = typed();
}

function defaultMinutes() {
  const rules = RULESETS[$("ruleset").value];
  $("minutes").value = String(rules.duplicate.round_seconds / 60);
}

async function submit(event) {
  event.preventDefault();
  $("message").textContent = "";
  const players = $("players").value.split("\n").map((n) => n.trim()).filter(Boolean);
  const body = {
    ruleset: $("ruleset").value,
    players,
    round_seconds: Math.round(Number($("minutes").value) * 60),
    typed: typed(),
  };
  if (!typed() && $("seed").value.trim()) body.seed = $("seed").value.trim();
  const r = await api("POST", "/api/v1/duplicates", body);
  if (!r.ok) { $("message").textContent = problemText(r.data, r.status); return; }
  store.save(r.data.id, { token: r.data.token });
  location.href = `/duplicate/${r.data.id}/arbiter`;
}

// A record file becomes a new game (its events checked by the API), run from here.
async function importRecord(event) {
  event.preventDefault();
  $("message").textContent = "";
  const file = $("record-file").files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch (e) { record = null; }
  if (!record || typeof record !== "object") { $("message").textContent = S.problems["not-a-record"]; return; }
  const r = await api("POST", "/api/v1/duplicates/import", record);
  if (!r.ok) { $("message").textContent = problemText(r.data, r.status, { record: true }); return; }
  store.save(r.data.id, { token: r.data.token });
  location.href = `/duplicate/${r.data.id}/arbiter`;
}

export function startSetup() {
  $("setup").hidden = false;
  $("ruleset").value = preferredRuleset();
  defaultMinutes();
  $("ruleset").addEventListener("change", defaultMinutes);
  document.querySelectorAll("input[name=draws]").forEach((r) => r.addEventListener("change", refresh));
  refresh();
  $("new-game").addEventListener("submit", submit);
  $("import-form").addEventListener("submit", importRecord);
  $("players").focus();
}
