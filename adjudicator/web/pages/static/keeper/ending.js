// The end of a game: the tiles left on the racks (one rack may be left empty
// and is worked out), then the final scores with each adjustment and the winner.

import { $, LANG, S, el, fmt } from "./page.js";
import { describeItem, signed } from "./panel.js";
import { state } from "./state.js";

const ADJUSTMENTS = ["rack_points", "time_penalty", "challenge_bonus"];

export function renderEnding() {
  const { game } = state;
  const ending = game.status === "awaiting_end" && state.saved.token;
  $("ending").hidden = !ending;
  if (ending) renderRackInputs();
  const over = game.status === "over";
  $("final").hidden = !over;
  if (over) renderFinal();
}

function renderRackInputs() {
  const { game } = state;
  const holders = game.players.map((p, i) => [p, i]).filter(([p]) => p.tiles_on_rack > 0);
  $("rack-inputs").replaceChildren(...holders.map(([p, i]) => el("p", {},
    el("label", { for: "rack" + i, text: fmt(S.rack_of, { name: p.name, count: p.tiles_on_rack }) }),
    el("input", { id: "rack" + i, "data-player": i, maxlength: "20", autocomplete: "off", spellcheck: "false", autocapitalize: "characters" }))));
  $("work-out").textContent = game.bag === 0 ? S.worked_out : "";
}

// The racks entered, by player; an empty one is left out, for the API to work out.
export function endRacks() {
  const racks = {};
  $("rack-inputs").querySelectorAll("input").forEach((input) => {
    const text = input.value.trim();
    if (text) racks[input.dataset.player] = text.toLocaleUpperCase(LANG);
  });
  return racks;
}

function renderFinal() {
  const { game } = state;
  const standing = game.players.map((p, i) => [p, i]).sort((a, b) => b[0].score - a[0].score);
  const names = game.winners.map((i) => game.players[i].name).join(", ");
  const adjustments = game.history.filter((h) => !h.voided && ADJUSTMENTS.includes(h.type));
  $("standings").replaceChildren(
    el("p", { class: "winner", text: game.winners.length > 1 ? fmt(S.tie, { names }) : fmt(S.winner, { names }) }),
    el("ol", {}, ...standing.map(([p, i]) => el("li", { class: game.winners.includes(i) ? "won" : "" },
      el("strong", { text: `${p.name} ${p.score}` }), game.winners.includes(i) ? " ★" : ""))),
    el("ul", { class: "adjustments" }, ...adjustments.map((h) => el("li", {
      text: fmt(S.adjustment, { name: game.players[h.player].name, points: signed(h.points), what: describeItem(h) }),
    }))));
  $("gcg").href = `/api/v1/games/${game.id}.gcg`;
  $("gcg").setAttribute("download", `${game.id}.gcg`);
}

export function rematch() {
  const { game } = state;
  const names = game.players.map((p) => encodeURIComponent(p.name)).join(",");
  location.href = `/keep?ruleset=${encodeURIComponent(game.ruleset)}&players=${names}`;
}
