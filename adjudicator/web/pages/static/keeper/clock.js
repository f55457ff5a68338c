// The clock: it runs in this browser and is kept in its storage with the
// token, so it survives a reload.  Each player's time counts down on their turn.

import { api, store } from "./api.js";
import { $, gameId } from "./page.js";
import { state } from "./state.js";

let lastTick = null;

export function clockText(ms) {
  const neg = ms < 0;
  const total = Math.ceil(Math.abs(ms) / 1000);
  const text = `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
  return neg ? "−" + text : text;
}

// The ruleset's overtime_penalty, per minute or part of a minute started over time.
export function overtimePoints(ms) {
  return ms < 0 ? Math.ceil(-ms / 60000) * state.rules.overtime_penalty : 0;
}

function tickClock() {
  const clock = state.saved.clock;
  const now = Date.now();
  if (clock && clock.running && lastTick !== null && clock.player !== undefined) {
    clock.left[clock.player] -= now - lastTick;
  }
  lastTick = now;
}

// Spectators see the clock too: the server keeps what this browser last said
// (PUT .../clock).  A failed post changes nothing here; the next one says it again.
function postClock(clock) {
  if (!state.saved.token || !state.game) return;
  const body = { left_ms: clock.left.map(Math.round), running: clock.running };
  api("PUT", `/api/v1/games/${state.game.id}/clock`, body, state.saved.token).catch(() => null);
}

// The time so far goes to the player who had the turn; the clock stops with the game.
export function switchClock() {
  const clock = state.saved.clock;
  if (!clock) return;
  tickClock();
  if (state.game.status !== "playing") clock.running = false;
  clock.player = state.game.turn;
  store.save(gameId, state.saved);
  postClock(clock);
}

export function toggleClock() {
  const clock = state.saved.clock;
  tickClock();
  clock.running = !clock.running;
  clock.player = state.game.turn;
  store.save(gameId, state.saved);
  postClock(clock);
}

// Kept in storage only while it runs: a stopped clock has nothing new to keep
// (and this tab would overwrite what another tab of the same game kept).
export function showClock() {
  const clock = state.saved.clock;
  if (!clock || !state.game) return;
  tickClock();
  clock.left.forEach((ms, i) => {
    const node = $("clock" + i);
    if (node) { node.textContent = clockText(ms); node.classList.toggle("over", ms < 0); }
  });
  if (clock.running) store.save(gameId, state.saved);
}
