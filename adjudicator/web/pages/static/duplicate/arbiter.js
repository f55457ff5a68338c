// The arbiter's page: without a game in the address, the new game; with one,
// the game as this device runs it: the draw (the service's, or the room's typed
// in), the slips (slips.js), the close, and after it the top and the standings.
// The game's write token is kept in this browser (api.js); an address ending in
// #token=… hands it to another arbiter's device, and the token leaves the address
// at once.  The page shows the top only once the round is closed: it never asks
// the API for plays.

import { api, problemText, store } from "./api.js";
import {
  $, LANG, RULESETS, S, alphabetOf, drawNode, drawNotes, el, fmt, foundTop, lastClosed, makeClock,
  renderBoard, replayTops, splitDraw, standingsRows,
} from "./common.js";
import { confirmThen, wireConfirm } from "./confirm.js";
import { openFix, openRedraw, wireCorrections } from "./corrections.js";
import { renderDownloads, wireDownloads } from "./downloads.js";
import { missingPlayers, renderSlips, wireSlips } from "./slips.js";
import { startSetup } from "./setup.js";

const gameId = document.body.dataset.game;
const every = Number(document.body.dataset.pollMs) || 5000;
let game = null; // the latest answer: an older one never replaces it
let token = null;
let rules = null;
let alphabet = null;
let followClock = null;
let busy = false; // a draw or a close on its way
let viewRound = null; // the move whose slips are shown, when the arbiter picked another

const message = (text) => { $("message").textContent = text || ""; };

// A full answer is taken when it is not older than the one shown.
function take(answer) {
  if (game && answer.version < game.version) return false;
  const same = game && answer.version === game.version;
  game = answer;
  if (same) followClock(game); else render();  // the same game: only its time moves
  return true;
}

async function refresh() {
  const r = await api("GET", `/api/v1/duplicates/${gameId}`, undefined, token);
  if (r.ok) take(r.data);
  return r;
}

function rackLeft(replay) {
  const before = replay[game.round - 2];
  return before ? before.rackLeft : [];
}

function renderStatus(replay) {
  $("round").textContent = game.phase === "over" ? S.over : fmt(S.move, { round: game.round });
  $("bag").textContent = game.phase === "over" ? "" : fmt(S.bag, { count: game.bag });
  const line = $("draw-line");
  const open = game.phase === "play" ? game.rounds[game.round - 1] : null;
  if (open) line.replaceChildren(drawNode(splitDraw(game.draw, rackLeft(replay), alphabet, open.rejected), alphabet));
  else line.replaceChildren();
  $("draw-note").textContent = open ? drawNotes(open) : "";
  $("redraw-open").hidden = !(open && open.typed && token && !game.replay_of);
  followClock(game);
}

function renderDrawBox(replay) {
  const box = $("draw-box");
  box.hidden = game.phase !== "draw" || !token;
  if (box.hidden) return;
  $("draw-title").textContent = fmt(S.draw_of, { round: game.round });
  const kept = rackLeft(replay);
  $("kept").textContent = [kept.length ? fmt(S.kept, { letters: kept.join(" ") }) : "", served() ? "" : S.typed_only]
    .filter(Boolean).join(" ");
  $("draw-service").hidden = !served();
  $("typed-draw").hidden = Boolean(game.replay_of);
}

// The service draws: a seeded game's, a replay's (its game's draws).
const served = () => game.seeded || Boolean(game.replay_of);
const currentRound = () => (game.phase === "play" ? game.round : lastClosed(game)?.number || 0);

// The slips of the move in play (or the last closed), or of the move the arbiter
// picked, each with its correction button on a device holding the token.
function renderSlipsArea() {
  const current = currentRound();
  if (viewRound !== null && (viewRound > game.rounds.length || viewRound === current)) viewRound = null;
  const shown = viewRound || current;
  $("slips-area").hidden = shown === 0;
  if (!shown) return;
  const select = $("slips-round");
  if (select.options.length !== game.rounds.length) {
    select.replaceChildren(...game.rounds.map((r) => el("option", { value: String(r.number), text: fmt(S.move, { round: r.number }) })));
  }
  select.value = String(shown);
  renderSlips(game, shown, token ? openFix : null);
  const round = game.rounds[shown - 1];
  $("round-info").hidden = shown === current;
  if (shown === current) return;
  const top = round.top ? fmt(S.top_line, { word: round.top.word, reference: round.top.reference, points: round.top.score }) : S.no_top;
  $("round-info").textContent = [fmt(S.draw_is, { letters: round.draw }), drawNotes(round), fmt(S.top_is, { top })].filter(Boolean).join(" · ");
}

function renderResult() {
  const closed = lastClosed(game);
  const show = game.phase !== "play" && closed && closed.top;
  $("result").hidden = !show;
  if (!show) return;
  $("result-title").textContent = fmt(S.top_of, { round: closed.number });
  $("result-top").textContent = fmt(S.top_line, { word: closed.top.word, reference: closed.top.reference, points: closed.top.score });
  const found = foundTop(closed);
  $("result-found").textContent = !found.length ? S.found_by_nobody
    : found.length === 1 && game.players.length > 1 ? fmt(S.solo, { name: found[0] }) : fmt(S.found_by, { names: found.join(", ") });
}

function renderStandings() {
  const closed = lastClosed(game);
  $("standings").hidden = !closed;
  if (!closed) return;
  $("standings-title").textContent = game.phase === "over" ? S.final_standings : fmt(S.standings_after, { round: closed.number });
  $("standings").tBodies[0].replaceChildren(...standingsRows(game).map((s) => el("tr", {},
    el("td", { class: "num", text: String(s.rank) }), el("td", { text: `${s.player + 1} ${s.name}` }),
    el("td", { class: "num", text: String(s.total) }), el("td", { class: "num", text: s.negatifText }),
    el("td", { class: "num", text: s.percentText }))));
}

function renderMissing() {
  const missing = missingPlayers(game);
  $("missing").textContent = missing.length
    ? fmt(S.missing, { count: missing.length, names: missing.slice(0, 12).map(([i, n]) => `${i + 1} ${n}`).join(", ") + (missing.length > 12 ? " …" : "") })
    : S.all_in;
}

function render() {
  const replay = replayTops(game, alphabet);
  const closed = lastClosed(game);
  document.body.dataset.phase = game.phase;
  document.body.dataset.version = String(game.version);
  renderBoard($("board"), rules, alphabet, game, closed ? replay[closed.number - 1].squares : new Set());
  renderStatus(replay);
  renderDrawBox(replay);
  $("slip-box").hidden = game.phase !== "play" || !token;
  renderResult();
  renderSlipsArea();
  if (game.phase === "play") renderMissing();
  renderStandings();
  renderDownloads(game, token);
}

async function draw(letters) {
  if (busy) return;
  busy = true;
  message("");
  const kept = rackLeft(replayTops(game, alphabet));
  const body = letters ? { letters } : {};
  if (letters && $("typed-rejected").checked) body.rejected = true;
  const r = await api("POST", `/api/v1/duplicates/${gameId}/draw`, body, token);
  busy = false;
  if (!r.ok) {
    message(problemText(r.data, r.status, { rules, kept: kept.join(" "), size: Math.min(rules.rack_size, game.bag + kept.length) }));
    if (r.status === 409) refresh();
    return;
  }
  $("typed").value = "";
  $("typed-rejected").checked = false;
  $("ruling").replaceChildren();  // the last move's slip
  $("fix-done").textContent = "";
  viewRound = null;
  take(r.data);
  if (game.phase === "play") $("slip-player").focus();
}

function askClose() {
  const count = game.players.length - missingPlayers(game).length;
  confirmThen(fmt(S.close_confirm, { round: game.round, count, players: game.players.length }), async () => {
    if (busy) return;
    busy = true;
    message("");
    const r = await api("POST", `/api/v1/duplicates/${gameId}/close`, {}, token);
    busy = false;
    if (!r.ok) { message(problemText(r.data, r.status)); if (r.status === 409) refresh(); return; }
    viewRound = null;
    $("fix-done").textContent = "";
    take(r.data);
    if (game.phase === "draw") (served() ? $("draw-service") : $("typed")).focus();
  });
}

// The token from #token=… is kept, and taken out of the address.
function keepToken() {
  const saved = store.load(gameId);
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    store.save(gameId, { ...saved, token: given });
    history.replaceState(null, "", location.pathname + location.search);
    return given;
  }
  return saved.token || null;
}

function schedule() {
  setTimeout(async () => { if (!document.hidden) await refresh(); schedule(); }, every);
}

async function startGame() {
  token = keepToken();
  $("game").hidden = false;
  const r = await refresh();
  if (!r.ok) { message(problemText(r.data, r.status)); return; }
  if (!token) message(S.no_token);
  $("room-link").href = `/duplicate/${gameId}`;
  if (token) {
    const link = `${location.origin}/duplicate/${gameId}/arbiter#token=${encodeURIComponent(token)}`;
    $("handover-link").href = link;
    $("handover-link").textContent = link;
  } else $("handover").hidden = true;
  $("draw-service").addEventListener("click", () => draw(null));
  $("typed-draw").addEventListener("submit", (event) => {
    event.preventDefault();
    const letters = $("typed").value.trim().toLocaleUpperCase(LANG);  // tiles, ? a blank
    if (letters) draw(letters);
  });
  $("close-round").addEventListener("click", askClose);
  wireConfirm();
  wireSlips({ game: () => game, token: () => token, changed: render, refresh });
  wireCorrections({ game: () => game, token: () => token, take, refresh, message, rules, kept: () => rackLeft(replayTops(game, alphabet)) });
  $("redraw-open").addEventListener("click", openRedraw);
  wireDownloads({ game: () => game, token: () => token, message });
  $("slips-round").addEventListener("change", () => {
    viewRound = Number($("slips-round").value);
    $("fix-done").textContent = "";
    render();
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  schedule();
  if (game.phase === "play" && token) $("slip-player").focus();
  else if (game.phase === "draw" && token) (served() ? $("draw-service") : $("typed")).focus();
}

if (gameId) {
  rules = RULESETS[document.body.dataset.ruleset];
  alphabet = alphabetOf(rules);
  followClock = makeClock($("clock"));
  startGame();
} else startSetup();
