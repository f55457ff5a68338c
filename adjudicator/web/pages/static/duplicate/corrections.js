// Corrections, from the arbiter's page: a slip of any move replaced (its
// player, word, reference, score, the arbiter's calls) or withdrawn, and the
// open move's typed draw corrected.  Each is a dialog, keyboard first (Enter
// goes on, Escape leaves), then asked once more; the ruling and the standings
// follow from the game's next answer.

import { api, problemText } from "./api.js";
import { $, LANG, S, fmt, readReference } from "./common.js";
import { confirmThen } from "./confirm.js";
import { playerOf, rulingText } from "./slips.js";

let ctx = null; // {game, token, take, refresh, rules, kept}
let fixing = null; // {round, slip}: the slip in the dialog
let busy = false;

const who = (game, player) => `${player + 1} ${game.players[player]}`;

// A slip in a line: "3 Bob · MOT H4 27".
function described(game, player, written) {
  const parts = [written.word || S.blank_slip, written.reference || "", written.score === null ? "" : String(written.score)];
  return `${who(game, player)} · ${parts.filter(Boolean).join(" ")}`;
}

const fields = () => ({
  player: $("fix-player"), word: $("fix-word"), ref: $("fix-ref"), score: $("fix-score"),
  late: $("fix-late"), illegible: $("fix-illegible"),
});

export function openFix(round, slip) {
  const game = ctx.game();
  const w = slip.written || { word: "", reference: slip.reference, score: null, late: false, illegible: false };
  fixing = { round, slip };
  const f = fields();
  f.player.value = String(slip.player + 1);
  f.word.value = w.word;
  f.ref.value = w.reference || "";
  f.score.value = w.score === null ? "" : String(w.score);
  f.late.checked = w.late;
  f.illegible.checked = w.illegible;
  $("fix-title").textContent = fmt(S.fix_title, { name: who(game, slip.player), round });
  $("fix-was").textContent = fmt(S.fix_was, { slip: described(game, slip.player, w) });
  $("fix-error").textContent = "";
  reopen();
}

function reopen(focus = "fix-word") {
  $("fix").showModal();
  $(focus).focus();
  $(focus).select?.();
}

// The dialog's fields as a slip; a field that does not read is pointed at.
function readFix() {
  const game = ctx.game();
  const f = fields();
  const player = playerOf(f.player.value, game.players);
  const bad = (input, text) => { $("fix-error").textContent = text; input.focus(); input.select(); return null; };
  if (player === null) return bad(f.player, S.no_player);
  const reference = f.ref.value.trim().toUpperCase();
  if (reference && !readReference(reference)) return bad(f.ref, S.bad_ref);
  const scoreText = f.score.value.trim();
  if (scoreText && !/^\d+$/.test(scoreText)) return bad(f.score, S.bad_score);
  return {
    player, word: f.word.value.trim(), reference: reference || null,
    score: scoreText === "" ? null : Number(scoreText), late: f.late.checked, illegible: f.illegible.checked,
  };
}

async function send(method, body) {
  if (busy) return;
  busy = true;
  const { round, slip } = fixing;
  const game = ctx.game();
  const r = await api(method, `/api/v1/duplicates/${game.id}/rounds/${round}/slips/${slip.number}`, body, ctx.token());
  busy = false;
  if (!r.ok) {
    const text = problemText(r.data, r.status);
    if (r.status === 404 || r.status === 409) { ctx.message(text); ctx.refresh(); return; }
    $("fix-error").textContent = text;  // a field the server refused: the dialog again
    reopen();
    return;
  }
  const answer = method === "DELETE" ? r.data : null;
  $("fix-done").textContent = method === "DELETE"
    ? fmt(S.withdrawn, { round, slip: described(game, slip.player, slip.written || { word: "", reference: slip.reference, score: null }) })
    : `${fmt(S.replaced, { slip: described(game, r.data.slip.player, r.data.slip.written || body), round })} — ${rulingText(r.data.slip, r.data.slip.written)}`;
  if (answer) ctx.take(answer); else await ctx.refresh();
}

function submitFix(event) {
  event.preventDefault();
  const now = readFix();
  if (!now) return;
  const game = ctx.game();
  const { round, slip } = fixing;
  $("fix").close();
  const question = fmt(S.fix_confirm, { round, was: described(game, slip.player, slip.written || { word: "", reference: slip.reference, score: null }), now: described(game, now.player, now) });
  const body = { player: now.player, word: now.word, reference: now.reference, score: now.score };
  if (now.late) body.late = true;
  if (now.illegible) body.illegible = true;
  confirmThen(question, () => send("PUT", body), () => reopen());
}

function withdraw() {
  const game = ctx.game();
  const { round, slip } = fixing;
  $("fix").close();
  const was = described(game, slip.player, slip.written || { word: "", reference: slip.reference, score: null });
  confirmThen(fmt(S.withdraw_confirm, { round, slip: was }), () => send("DELETE"), () => reopen("fix-withdraw"));
}

// The open move's typed draw, as it should have been typed in.
export function openRedraw() {
  const game = ctx.game();
  $("redraw-letters").value = game.draw;
  $("redraw-rejected").checked = Boolean(game.rounds[game.round - 1].rejected);
  $("redraw-error").textContent = "";
  const kept = ctx.kept();
  $("redraw-kept").textContent = kept.length ? fmt(S.kept, { letters: kept.join(" ") }) : "";
  $("redraw").showModal();
  $("redraw-letters").select();
}

function submitRedraw(event) {
  event.preventDefault();
  const game = ctx.game();
  const letters = $("redraw-letters").value.trim().toLocaleUpperCase(LANG);
  if (!letters) { $("redraw-letters").focus(); return; }
  const rejected = $("redraw-rejected").checked;
  $("redraw").close();
  confirmThen(fmt(S.redraw_confirm, { round: game.round, was: game.draw, now: letters }), async () => {
    if (busy) return;
    busy = true;
    const r = await api("PUT", `/api/v1/duplicates/${game.id}/draw`, { letters, rejected }, ctx.token());
    busy = false;
    if (r.ok) {
      $("ruling").replaceChildren();  // ruled on the old draw: the table has the new rulings
      ctx.take(r.data);
      $("fix-done").textContent = fmt(S.redrawn_to, { round: game.round, letters: r.data.draw });
      return;
    }
    const kept = ctx.kept();
    const text = problemText(r.data, r.status, { rules: ctx.rules, kept: kept.join(" "), size: game.draw.length });
    if (r.status === 409) { ctx.message(text); ctx.refresh(); return; }
    $("redraw-error").textContent = text;
    $("redraw").showModal();
    $("redraw-letters").select();
  }, () => { $("redraw").showModal(); $("redraw-letters").select(); });
}

export function wireCorrections(context) {
  ctx = context;
  $("fix-form").addEventListener("submit", submitFix);
  $("fix-withdraw").addEventListener("click", withdraw);
  $("fix-cancel").addEventListener("click", () => $("fix").close());
  $("redraw-form").addEventListener("submit", submitRedraw);
  $("redraw-cancel").addEventListener("click", () => $("redraw").close());
}
