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
  renderSheet();
}

// The printed score sheet's own parts (the moves and final scores print as the
// page shows them): what was played under which rules and words, when, the
// final board, and a line for each player's and the keeper's signature.
function renderSheet() {
  const { game, rules } = state;
  const lexicon = rules.serving ? [rules.serving.name, rules.serving.version && fmt(S.edition, { version: rules.serving.version })]
    .filter(Boolean).join(", ") : (rules.lexicon || "");
  const facts = [[S.sheet_rules, rules.title], [S.sheet_lexicon, lexicon],
    [S.sheet_date, new Date().toLocaleDateString(LANG, { dateStyle: "long" })], [S.sheet_game, game.id]];
  const signers = [...game.players.map((p) => p.name), S.sheet_keeper];
  $("sheet").replaceChildren(
    el("h2", { text: S.print_title }),
    el("dl", {}, ...facts.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })])));
  $("sheet-board").replaceChildren(el("img", {
    src: `/api/v1/games/${game.id}/board.svg?lang=${LANG.slice(0, 2)}`, alt: S.sheet_board, class: "sheet-board",
  }));
  $("signatures").replaceChildren(...signers.map((name) => el("p", { class: "signature" },
    el("span", { class: "line" }), el("span", { text: fmt(S.sheet_signature, { name }) }))));
}

export function rematch() {
  const { game } = state;
  const names = game.players.map((p) => encodeURIComponent(p.name)).join(",");
  location.href = `/keep?ruleset=${encodeURIComponent(game.ruleset)}&players=${names}`;
}
