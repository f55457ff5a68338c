// The final screen's analysis: once the game is over, each turn's best play
// and the points missed (GET /api/v1/games/<id>/analysis, asked once per
// version of the game), and a turn's best play drawn on the board as it was
// then, with a way back to the game's own board.

import { analysisView, anyRack, bestTiles, laterSquares, showingText } from "../after-game.js";
import { api } from "./api.js";
import { renderBoard } from "./board.js";
import { $, S, el } from "./page.js";
import { state } from "./state.js";

const names = () => state.game.players.map((p) => p.name);

export function renderAnalysis() {
  const { game } = state;
  if (game.status !== "over") {
    state.analysis = null;
    state.shown = null;
    $("showing").hidden = true;
    return;
  }
  if (!state.analysis || state.analysis.version !== game.version) ask(game.version);
  drawAnalysis();
}

async function ask(version) {
  state.analysis = { version, loading: true };
  const r = await api("GET", `/api/v1/games/${state.game.id}/analysis`);
  if (!state.analysis || state.analysis.version !== version) return;  // the game moved on meanwhile
  state.analysis = r.ok ? { version, data: r.data } : { version, failed: r.status };
  drawAnalysis();
}

function drawAnalysis() {
  const a = state.analysis;
  const box = $("analysis-body");
  // 409: the game is being played again (an undo of its end); nothing to say.
  $("analysis").hidden = !a || a.failed === 409;
  if (!a || a.failed === 409) return;
  if (a.loading) box.replaceChildren(el("p", { class: "hint", text: S.analysis_wait }));
  else if (a.failed) box.replaceChildren(el("p", { class: "hint", text: S.analysis_unavailable }));
  else if (!anyRack(a.data)) box.replaceChildren(el("p", { class: "hint", text: S.no_racks }));
  else {
    const shown = state.shown ? state.shown.turn.index : null;
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.index : undefined;
    box.replaceChildren(...analysisView(a.data, { names: names(), S, shown, onToggle: showBest }));
    if (focused !== undefined) box.querySelector(`.an-show[data-index="${focused}"]`)?.focus({ preventScroll: true });
  }
}

// Draws a turn's best play on the board as it was before it (null: the game's
// board again), and says so above the panel with the way back.
export function showBest(turn) {
  const before = state.shown;
  state.shown = turn ? {
    turn,
    tiles: new Map(bestTiles(turn.best[0]).map((t) => [`${t.row},${t.col}`, t])),
    later: laterSquares(state.game.history, turn.index),
  } : null;
  $("showing").hidden = !turn;
  $("showing-text").replaceChildren(...(turn ? showingText(turn, names(), S) : []));
  renderBoard();
  if (state.analysis && state.analysis.data) drawAnalysis();
  if (turn) {
    // Upright and on a phone the board is above the list: bring it and the notice into view.
    const notice = $("showing").getBoundingClientRect();
    if (notice.bottom > innerHeight || $("board").getBoundingClientRect().top < 0) {
      $("board").closest(".board-wrap").scrollIntoView({ block: "start" });  // the notice comes under it
    }
  } else if (before) {
    const row = document.querySelector(`#analysis-body .an-show[data-index="${before.turn.index}"]`);
    if (row) row.focus({ preventScroll: true });
  }
}
