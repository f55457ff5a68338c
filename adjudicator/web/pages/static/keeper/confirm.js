// One tap that changes the game (a pass, a challenge, an undo, an early end) is
// asked once more: a tap on a crowded table is easily a wrong one.

import { $, S } from "./page.js";

let pending = null; // what the dialog's Confirm does

export function confirmThen(question, action) {
  pending = action;
  $("confirm-text").textContent = question;
  $("confirm-ok").textContent = S.confirm;
  $("confirm-cancel").textContent = S.cancel;
  $("confirm").showModal();
  $("confirm-ok").focus();
}

export function wireConfirm() {
  $("confirm-ok").addEventListener("click", () => {
    const action = pending;
    pending = null;
    $("confirm").close();
    if (action) action();
  });
  $("confirm-cancel").addEventListener("click", () => { pending = null; $("confirm").close(); });
}
