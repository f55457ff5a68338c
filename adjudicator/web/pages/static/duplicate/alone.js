// A finished Duplicate game played again alone ("en solitaire", the FISF's
// Règlement, introduction): /duplicate/<id>/alone.  For the game itself, a name
// and Start make a replay (POST .../replays; its token kept in this browser)
// and lead to the replay's own page.  There, move after move: the game's draw,
// a slip (word, reference, score, Enter), its ruling at once, then the move's
// top placed as in the room, the player's total against the tops' (négatif,
// percentage) and each move so far.  Keyboard first: Enter sends, Enter again
// draws the next move.

import { api, problemText, store } from "./api.js";
import {
  $, RULESETS, S, alphabetOf, drawNode, drawNotes, el, fmt, lastClosed, makeClock, readReference,
  renderBoard, replayTops, splitDraw, standingsRows,
} from "./common.js";
import { rulingText } from "./slips.js";

const gameId = document.body.dataset.game;
const rules = Object.values(RULESETS)[0];
const alphabet = alphabetOf(rules);
const followClock = makeClock($("clock"));
let game = null;
let token = null;
let busy = false;

const message = (text) => { $("message").textContent = text || ""; };
const api_ = (method, what, body) => api(method, `/api/v1/duplicates/${gameId}${what}`, body, token);

function take(answer) {
  if (game && answer.version < game.version) return;
  game = answer;
  render();
}

// The slip this player handed in for a round, if any (one player: the first).
const slipOf = (round) => (round.slips.length ? round.slips[0] : null);

function slipText(slip) {
  if (!slip) return S.no_slip;
  const w = slip.written;
  return w ? [w.word || S.blank_slip, w.reference || "", w.score === null ? "" : String(w.score)].filter(Boolean).join(" ") : "";
}

function renderStatus(replay) {
  $("round").textContent = game.phase === "over" ? S.over : fmt(S.move, { round: game.round });
  $("bag").textContent = game.phase === "over" ? "" : fmt(S.bag, { count: game.bag });
  const open = game.phase === "play" ? game.rounds[game.round - 1] : null;
  const before = replay[game.round - 2];
  $("draw-line").replaceChildren(open ? drawNode(splitDraw(game.draw, before ? before.rackLeft : [], alphabet, open.rejected), alphabet) : "");
  $("draw-note").textContent = open ? drawNotes(open) : "";
  followClock(game);
}

function renderResult() {
  const closed = lastClosed(game);
  $("result").hidden = !closed || game.phase === "play";
  $("next").hidden = game.phase !== "draw" || !token;
  $("next").textContent = closed ? S.next_move : S.first_move;
  if ($("result").hidden) return;
  $("result-title").textContent = fmt(S.top_of, { round: closed.number });
  $("result-top").textContent = closed.top
    ? fmt(S.top_line, { word: closed.top.word, reference: closed.top.reference, points: closed.top.score })
    : S.no_top;
  const mine = slipOf(closed);
  $("result-you").textContent = fmt(S.you_scored, { points: mine ? mine.points : 0, top: closed.top ? closed.top.score : 0 });
}

function renderTotals() {
  const me = standingsRows(game)[0];
  $("totals").hidden = !lastClosed(game);
  $("total").textContent = String(me.total);
  $("tops").textContent = String(game.top_total);
  $("negatif").textContent = me.negatifText;
  $("percent").textContent = me.percentText;
}

// Each closed move: the slip, its points, the top, the running total and négatif.
function renderHistory() {
  let total = 0;
  let tops = 0;
  const rows = game.rounds.filter((r) => r.closed).map((round) => {
    const mine = slipOf(round);
    total += mine ? mine.points : 0;
    tops += round.top ? round.top.score : 0;
    const top = round.top ? `${round.top.word} ${round.top.reference} · ${round.top.score}` : S.no_top;
    return el("tr", { class: mine && !mine.valid ? "null" : "" },
      el("td", { class: "num", text: String(round.number) }),
      el("td", { class: "word", text: slipText(mine) }),
      el("td", { class: "num", text: mine ? String(mine.points) : "0" }),
      el("td", { class: "word", text: top }),
      el("td", { class: "num", text: String(total) }),
      el("td", { class: "num", text: total === tops ? "0" : `\u2212${tops - total}` }));
  });
  $("history").hidden = !rows.length;
  $("history").tBodies[0].replaceChildren(...rows.reverse());
}

function render() {
  const replay = replayTops(game, alphabet);
  const closed = lastClosed(game);
  document.body.dataset.phase = game.phase;
  document.body.dataset.version = String(game.version);
  renderBoard($("board"), rules, alphabet, game, closed && game.phase !== "play" ? replay[closed.number - 1].squares : new Set());
  renderStatus(replay);
  $("alone-form").hidden = game.phase !== "play" || !token;
  if (game.phase === "play") $("ruling").replaceChildren();
  renderResult();
  renderTotals();
  renderHistory();
}

async function drawNext() {
  if (busy) return;
  busy = true;
  message("");
  const r = await api_("POST", "/draw", {});
  busy = false;
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  take(r.data);
  if (game.phase === "play") $("alone-word").focus();
  else $("round").focus();
}

// The move closed: the top goes on the board, whatever the slip was.
async function closeRound() {
  const r = await api_("POST", "/close", {});
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  take(r.data);
  (game.phase === "over" ? $("round") : $("next")).focus();
}

function showRuling(slip, written) {
  const cls = !slip.valid ? "null" : slip.warnings.length || slip.penalties.length ? "warned" : "valid";
  const what = [written.word || S.blank_slip, written.reference].filter(Boolean).join(" ");
  $("ruling").replaceChildren(el("p", { class: cls }, el("span", { class: "who", text: what }),
    el("span", { class: "what", text: rulingText(slip, written) }), el("strong", { class: "points", text: String(slip.points) })));
}

async function submitSlip(event) {
  event.preventDefault();
  if (busy) return;
  const word = $("alone-word").value.trim();
  const reference = $("alone-ref").value.trim().toUpperCase();
  const scoreText = $("alone-score").value.trim();
  if (reference && !readReference(reference)) { message(S.bad_ref); $("alone-ref").select(); return; }
  if (scoreText && !/^\d+$/.test(scoreText)) { message(S.bad_score); $("alone-score").select(); return; }
  const written = { word, reference: reference || null, score: scoreText === "" ? null : Number(scoreText) };
  busy = true;
  message("");
  const r = await api_("POST", "/slips", { player: 0, ...written });
  busy = false;
  if (!r.ok) { message(problemText(r.data, r.status)); if (r.status === 409) load(); return; }
  for (const id of ["alone-word", "alone-ref", "alone-score"]) $(id).value = "";
  showRuling(r.data.slip, written);  // at once; the top it is measured against follows
  await closeRound();
}

// A finished game: a name, then the replay (its token kept here) on its own page.
async function begin(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  const r = await api("POST", `/api/v1/duplicates/${gameId}/replays`, { player: name });
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  store.save(r.data.id, { token: r.data.token });
  location.href = `/duplicate/${r.data.id}/alone`;
}

async function load() {
  const r = await api_("GET", "");
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  game = null;
  take(r.data);
}

async function start() {
  token = store.load(gameId).token || null;
  const r = await api_("GET", "");
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  if (!r.data.replay_of) {  // the game itself: played again from here once over
    $("begin").hidden = false;
    if (r.data.phase !== "over") { message(S.problems["duplicate-not-over"]); $("begin-form").hidden = true; return; }
    $("begin-form").addEventListener("submit", begin);
    $("name").focus();
    return;
  }
  $("play").hidden = false;
  $("again").href = `/duplicate/${r.data.replay_of}/alone`;
  take(r.data);
  $("alone-form").addEventListener("submit", submitSlip);
  $("next").addEventListener("click", drawNext);
  if (!token) { message(S.no_token); return; }
  if (game.phase === "play" && slipOf(game.rounds[game.round - 1])) await closeRound();  // sent, not closed
  if (game.phase === "play") $("alone-word").focus();
  else if (game.phase === "draw") $("next").focus();
}

start();
