// The new-game form: the ruleset (this language's first), the players, the
// challenge rule, a finish line, a clock, and who starts (chosen or drawn).

import { api, store } from "./api.js";
import { $, LANG, RULESETS, S, el, fmt, message, problem } from "./page.js";

function preferredRuleset() {
  const options = [...$("ruleset").options];
  const mine = options.filter((o) => o.dataset.language === LANG.slice(0, 2));
  const pool = mine.length ? mine : options.filter((o) => o.dataset.language === "en");
  pool.sort((a, b) => a.value.length - b.value.length);
  return (pool[0] || options[0]).value;
}

function playerNames() {
  return [0, 1, 2, 3].map((i) => $("player" + i).value.trim()).filter(Boolean);
}

const drawing = () => document.querySelector("input[name=starts]:checked").value === "draw";

function refreshSetup() {
  const rules = RULESETS[$("ruleset").value];
  const names = playerNames();
  refreshLevels(rules, names);
  $("overtime").textContent = fmt(S.overtime_rule, { points: rules.overtime_penalty });
  const first = $("first-player");
  const chosen = first.value;
  first.replaceChildren(...names.map((n, i) => new Option(n, String(i))));
  if (chosen && Number(chosen) < names.length) first.value = chosen;
  first.hidden = drawing();
  refreshDraws(names);
}

// The finish-line levels depend on the number of players.
function refreshLevels(rules, names) {
  const levels = (rules.finish_line_targets || {})[String(Math.max(2, names.length))] || {};
  const level = $("target-level");
  const kept = level.value;
  level.replaceChildren(new Option(S.level_none, ""),
    ...Object.entries(levels).map(([name, points]) => new Option(`${S[name] || name} (${points})`, name)));
  level.value = kept in levels ? kept : "";
  level.hidden = Object.keys(levels).length === 0;
}

function refreshDraws(names) {
  const draws = $("draws");
  draws.hidden = !drawing();
  const old = [...draws.querySelectorAll("input")].map((i) => i.value);
  draws.replaceChildren(...names.map((n, i) => el("label", { class: "inline" }, n + " ",
    el("input", { id: "draw" + i, maxlength: "6", autocomplete: "off", value: old[i] || "", "aria-label": n }))));
}

function newGameBody(names) {
  const body = { ruleset: $("ruleset").value, players: names };
  if ($("challenge-rule").value) body.challenge_rule = $("challenge-rule").value;
  if ($("target").value) body.target = Number($("target").value);
  else if ($("target-level").value) body.target_level = $("target-level").value;
  if (drawing()) {
    body.draw = names.map((n, i) => $("draw" + i).value.trim().toLocaleUpperCase(LANG).replace(/\?/g, "?"));
  } else {
    body.first_player = Number($("first-player").value || 0);
  }
  return body;
}

async function submit(event) {
  event.preventDefault();
  message("");
  const names = playerNames();
  const r = await api("POST", "/api/v1/games", newGameBody(names));
  if (!r.ok) {
    message(r.data.code === "draw-tie"
      ? fmt(S.tie_draw, { names: r.data.tied.map((i) => names[i]).join(", ") })
      : problem(r.data, r.status, names));
    return;
  }
  const minutes = Number($("clock").value || 0);
  store.save(r.data.id, {
    token: r.data.token,
    showPhonies: $("show-phonies").checked,
    clock: minutes ? { minutes, left: names.map(() => minutes * 60000), running: false } : null,
  });
  location.href = "/keep/" + r.data.id;
}

export function startSetup() {
  $("setup").hidden = false;
  const params = new URLSearchParams(location.search);
  const ruleset = params.get("ruleset");
  $("ruleset").value = ruleset && RULESETS[ruleset] ? ruleset : preferredRuleset();
  (params.get("players") || "").split(",").filter(Boolean).slice(0, 4)
    .forEach((name, i) => { $("player" + i).value = name; });
  for (const id of ["ruleset", "player0", "player1", "player2", "player3"]) {
    $(id).addEventListener("input", refreshSetup);
  }
  document.querySelectorAll("input[name=starts]").forEach((r) => r.addEventListener("change", refreshSetup));
  refreshSetup();
  $("new-game").addEventListener("submit", submit);
}
