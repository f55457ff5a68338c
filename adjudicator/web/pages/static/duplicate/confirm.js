// A step that cannot be taken back (a second slip for a player, the close of a
// move) is asked once more; Enter confirms, Escape cancels.

import { $ } from "./common.js";

let pending = null; // [on confirm, on cancel]

export function confirmThen(question, action, cancel = () => {}) {
  pending = [action, cancel];
  $("confirm-text").textContent = question;
  $("confirm").showModal();
  $("confirm-ok").focus();
}

function finish(ok) {
  const done = pending;
  pending = null;
  if ($("confirm").open) $("confirm").close();
  if (done) done[ok ? 0 : 1]();
}

export function wireConfirm() {
  $("confirm-ok").addEventListener("click", () => finish(true));
  $("confirm-cancel").addEventListener("click", () => finish(false));
  $("confirm").addEventListener("cancel", () => finish(false));  // Escape
}
