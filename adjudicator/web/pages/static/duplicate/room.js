// The room display: follows a Duplicate game for a projector, read-only.  It
// asks GET /api/v1/duplicates/<id> every few seconds and shows the board, the
// round's draw and its time; once a round is closed, its top and the standings.
// It never shows a slip: while a round is played nothing of the players' plays
// is on the screen.  Once the game is over, it links its replay alone.

import {
  $, RULESETS, S, alphabetOf, drawNode, drawNotes, el, fmt, foundTop, lastClosed, makeClock, renderBoard,
  replayTops, splitDraw, standingsRows,
} from "./common.js";

const main = $("room");
const rules = Object.values(RULESETS)[0];
const alphabet = alphabetOf(rules);
const every = Number(main.dataset.pollMs) || 2000;
const followClock = makeClock($("clock"));
const PAGE_MS = 10000; // a long table shows a page at a time, this long each
let version = -1; // the version shown: an older answer never replaces it
let failures = 0;
let timer = null;
let busy = false;
let pages = { rows: [], at: 0, size: 0 };

function renderRound(game, replay) {
  const closed = lastClosed(game);
  $("bag").textContent = game.phase === "over" ? "" : fmt(S.bag, { count: game.bag });
  const area = $("draw-area");
  if (game.phase === "play") {
    $("round").textContent = fmt(S.move, { round: game.round });
    const before = replay[game.round - 2];
    const open = game.rounds[game.round - 1];
    area.replaceChildren(drawNode(splitDraw(game.draw, before ? before.rackLeft : [], alphabet, open.rejected), alphabet));
    const note = drawNotes(open);
    if (note) area.append(el("p", { class: "note", text: note }));
  } else if (game.phase === "draw") {
    $("round").textContent = fmt(S.move, { round: game.round });
    area.replaceChildren(el("p", { class: "waiting", text: closed ? fmt(S.waiting_draw, { round: game.round }) : S.waiting_first }));
  } else {
    $("round").textContent = S.over;
    area.replaceChildren();
  }
  main.dataset.phase = game.phase;
  $("alone-line").hidden = game.phase !== "over" || Boolean(game.replay_of);
}

function renderTop(game) {
  const closed = lastClosed(game);
  const showTop = game.phase !== "play" && closed && closed.top;
  $("top-area").hidden = !showTop;
  if (!showTop) return;
  $("top-title").textContent = fmt(S.top_of, { round: closed.number });
  $("top-word").textContent = closed.top.word;
  $("top-ref").textContent = closed.top.reference;
  $("top-score").textContent = fmt(S.points, { points: closed.top.score });
  const found = foundTop(closed);
  $("top-found").textContent = found.length === 0 ? S.found_by_nobody
    : found.length === 1 && game.players.length > 1 ? fmt(S.solo, { name: found[0] })
      : fmt(S.found_by, { names: found.join(", ") });
}

function renderStandings(game) {
  const closed = lastClosed(game);
  $("standings-area").hidden = !closed;
  if (!closed) return;
  $("standings-title").textContent = game.phase === "over" ? S.final_standings : fmt(S.standings_after, { round: closed.number });
  const rows = standingsRows(game).map((s) => el("tr", {},
    el("td", { class: "num", text: String(s.rank) }), el("td", { class: "name", text: s.name }),
    el("td", { class: "num", text: String(s.total) }), el("td", { class: "num", text: s.negatifText }),
    el("td", { class: "num", text: s.percentText })));
  $("standings").tBodies[0].replaceChildren(...rows);
  pages = { rows, at: 0, size: 0 };
  showPage();
}

// As many rows as the screen holds, a page at a time.
function showPage() {
  const { rows } = pages;
  const table = $("standings");
  rows.forEach((r) => { r.hidden = false; });
  if (!rows.length) return;
  const room = $("standings-area").getBoundingClientRect().bottom > innerHeight
    ? innerHeight - rows[0].getBoundingClientRect().top - $("standings-page").offsetHeight - 8 : Infinity;
  const size = Math.max(3, Math.floor(room / rows[0].getBoundingClientRect().height));
  pages.size = size >= rows.length ? rows.length : size;
  const count = Math.ceil(rows.length / pages.size);
  pages.at %= count;
  rows.forEach((r, i) => { r.hidden = Math.floor(i / pages.size) !== pages.at; });
  $("standings-page").textContent = count > 1 ? fmt(S.page_of, { page: pages.at + 1, pages: count }) : "";
  table.dataset.page = String(pages.at);
}

function render(game) {
  const replay = replayTops(game, alphabet);
  const closed = lastClosed(game);
  renderBoard($("board"), rules, alphabet, game, closed ? replay[closed.number - 1].squares : new Set());
  renderRound(game, replay);
  renderTop(game);
  renderStandings(game);
  followClock(game);
}

function say(text) { $("live").textContent = text; }

async function poll() {
  timer = null;
  if (busy) return;
  busy = true;
  try {
    const response = await fetch(main.dataset.apiUrl, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(String(response.status));
    const game = await response.json();
    if (game.version > version) {
      version = game.version;
      main.dataset.version = String(version);
      render(game);
    } else {
      followClock(game);
    }
    failures = 0;
    say(S.live);
  } catch (e) {
    failures += 1;
    say(S.lost);
  }
  busy = false;
  schedule();
}

function schedule() {
  if (timer !== null || busy || document.hidden) return;
  timer = setTimeout(poll, Math.min(every * 2 ** Math.min(failures, 4), 30000));
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden) { clearTimeout(timer); timer = null; } else if (timer === null) poll();
});
setInterval(() => { if (pages.rows.length > pages.size) { pages.at += 1; showPage(); } }, PAGE_MS);
addEventListener("resize", showPage);
poll();
