// The game on this device: drawing the whole page from it, the score preview
// of the play being entered, and the events sent to the API.

import { renderAnalysis } from "./after.js";
import { api } from "./api.js";
import { clearPlay, focusCursor, idleHint, labelsOf, renderBoard, renderTools } from "./board.js";
import { switchClock } from "./clock.js";
import { renderEnding } from "./ending.js";
import { $, LANG, RULESETS, S, el, fmt, gameId, message, problem, say } from "./page.js";
import {
  describeItem, renderLast, renderMoves, renderScores, renderTurnControls, renderUnseen,
} from "./panel.js";
import { state } from "./state.js";

let previewTimer = null;
let previewAsked = 0; // the number of the latest score request: only its answer is shown

const problemText = (data, status) => problem(data, status, state.game ? state.game.players.map((p) => p.name) : []);

export function render() {
  renderAnalysis();  // first: a best play drawn is let go of once the game is no longer over
  renderBoard();
  renderTools();
  renderScores();
  renderTurnControls();
  renderEnding();
  renderLast();
  renderUnseen();
  renderMoves();
  if (!state.saved.token) message(S.no_token);
}

// After each change to the play being entered: draw it, and score it a moment later.
export function changed() {
  state.errorSquare = null;
  $("square-error").textContent = "";
  state.previewOk = false;
  render();
  focusCursor();
  clearTimeout(previewTimer);
  previewAsked += 1;  // an answer still on its way is for a play no longer entered
  if (state.tentative.size === 0) {  // nothing to score yet; a marked star swap stays marked
    $("preview").replaceChildren(...idleHint());
    renderTurnControls();
    return;
  }
  previewTimer = setTimeout(preview, 150);
}

function playBody() {
  return {
    placement: [...state.tentative.values()].map((t) => ({ row: t.row, col: t.col, letter: t.letter, blank: t.blank })),
    swaps: [...state.swaps.values()],
  };
}

export async function preview() {
  const { game } = state;
  const body = { ruleset: game.ruleset, board: game.board, ...playBody() };
  if (state.saved.showPhonies) body.validate = true;
  previewAsked += 1;
  const asked = previewAsked;
  const r = await api("POST", "/api/v1/score", body);
  // Slow Wi-Fi answers out of order: an older answer would stand for a play no longer entered.
  if (asked !== previewAsked || state.tentative.size === 0) return;
  if (!r.ok) {
    state.previewOk = false;
    const p = r.data.position;
    state.errorSquare = p && typeof p === "object" ? p : null;
    // Said once: at the square (an alert), the preview left without a score.
    $("square-error").textContent = problemText(r.data, r.status);
    $("preview").replaceChildren();
    renderBoard();
    renderTurnControls();
    return;
  }
  state.previewOk = true;
  const d = r.data;
  const total = fmt(S.score, { points: d.score }) + (d.bingo ? " · " + fmt(S.bingo, { points: d.bingo_bonus }) : "");
  $("preview").replaceChildren(
    el("p", { class: "score", text: total }),
    el("ul", { class: "words", "aria-label": S.words }, ...d.words.map(wordItem)));
  renderTurnControls();
}

// A word of the preview, with the premiums its new tiles use (and its validity, if asked for).
function wordItem(w) {
  const premiums = w.letters.filter((l) => l.new && (l.letter_multiplier > 1 || l.word_multiplier > 1))
    .map((l) => `${l.display} ${l.word_multiplier > 1 ? S["premium_" + l.word_multiplier + "W"] : S["premium_" + l.letter_multiplier + "L"]}`);
  const validity = w.valid === undefined ? null
    : el("span", { class: w.valid ? "ok" : "bad", text: w.valid ? ` ✓ ${S.valid}` : ` ✗ ${S.invalid}` });
  return el("li", {}, el("strong", { text: w.display }), ` ${w.score}`,
    premiums.length ? el("small", { text: ` (${premiums.join(", ")})` }) : null, validity);
}

// Sends an event at the game's version; answers the history items it added, or
// null (a stale game is reloaded, a refused one says why).
export async function send(event) {
  message("");
  const { game } = state;
  const before = game.version;
  const r = await api("POST", `/api/v1/games/${game.id}/events`, { version: game.version, ...event }, state.saved.token);
  if (r.status === 409 && r.data.code === "stale-version") {
    await reload();
    message(S.stale);
    return null;
  }
  if (!r.ok) {
    const p = r.data.position;
    if (p && typeof p === "object") {  // said once, at the square
      state.errorSquare = p;
      $("square-error").textContent = problemText(r.data, r.status);
      renderBoard();
    } else message(problemText(r.data, r.status));
    return null;
  }
  const added = r.data.history.slice(before);
  if (event.rack) $("rack").value = "";  // the next turn's rack is another
  $("ruling").replaceChildren();  // a ruling stands until the next entry
  state.game = r.data;
  switchClock();
  clearPlay();
  previewAsked += 1;
  state.cursor = null;  // the next play starts where the keeper taps
  render();
  say(added.map(describeItem).join("; "));
  return added;
}

export async function reload() {
  const r = await api("GET", `/api/v1/games/${gameId}`);
  if (!r.ok) { message(problemText(r.data, r.status)); return false; }
  state.game = r.data;
  state.rules = RULESETS[state.game.ruleset];
  state.alphabet = labelsOf(state.rules);
  $("board").classList.toggle("erudite", state.rules.layout.name.startsWith("erudite"));
  switchClock();
  render();
  return true;
}

export async function commit() {
  if (!state.previewOk || state.tentative.size === 0) return;
  await send({ type: "play", player: state.game.turn, ...playBody(), ...rackGiven() });
}

// The rack of the player on turn, when the keeper entered it (optional: the
// analysis after the game shows the best play of a turn whose rack it knows).
export function rackGiven() {
  const rack = $("rack").value.replace(/\s+/g, "").toLocaleUpperCase(LANG);
  return rack ? { rack } : {};
}
