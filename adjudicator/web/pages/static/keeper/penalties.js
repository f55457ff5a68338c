// The clock's penalties, once the game is no longer being played: offered by a
// button to whoever holds the token, then sent as time_penalty events.

import { store } from "./api.js";
import { overtimePoints, showClock } from "./clock.js";
import { send } from "./game.js";
import { $, S, el, gameId } from "./page.js";
import { state } from "./state.js";

export function offerPenalties() {
  const { game, saved } = state;
  if (!saved.clock || !game) return;
  const over = saved.clock.left.map(overtimePoints);
  const pending = game.status !== "playing" && over.some((p) => p > 0) && !saved.penaltiesApplied;
  let button = $("apply-penalties");
  if (pending && !button && saved.token) {
    button = el("button", { type: "button", id: "apply-penalties", text: S.apply_penalties });
    button.addEventListener("click", applyPenalties);
    $("turns").after(button);
  } else if (!pending && button) button.remove();
}

async function applyPenalties() {
  const { saved } = state;
  const over = saved.clock.left.map(overtimePoints);
  for (const [i, points] of over.entries()) {
    if (points > 0 && !(await send({ type: "time_penalty", player: i, points }))) return;
  }
  saved.penaltiesApplied = true;
  store.save(gameId, saved);
  showClock();
  offerPenalties();
}
