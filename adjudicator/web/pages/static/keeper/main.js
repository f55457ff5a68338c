// The scorekeeper: keeps a physical game on a shared tablet, over the games API.
// Without a game in the address it shows the new-game form; with one, the game,
// kept from this device if it holds the game's write token (see docs/keeper.md).

import { setClientKey, store } from "./api.js";
import {
  backspace, cellAt, clearPlay, focusCursor, letterFromKey, moveCursor, placeCursor,
  renderKeys, renderTools, toggleBlankAt, toggleSwap, typeLetter,
} from "./board.js";
import { showClock, toggleClock } from "./clock.js";
import { endRacks, rematch } from "./ending.js";
import { showBest } from "./after.js";
import { changed, commit, preview, rackGiven, reload, render, send } from "./game.js";
import { confirmThen, wireConfirm } from "./confirm.js";
import { $, LANG, S, fmt, gameId, needsKey } from "./page.js";
import { challenger, describeItem, lastEntry, renderScores, renderShare, showRuling, standingPlays } from "./panel.js";
import { offerPenalties } from "./penalties.js";
import { startSetup } from "./setup.js";
import { state } from "./state.js";

const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
const LONG_PRESS_MS = 550;
let longPress = null; // the timer of a press on a new tile, or "done" once it fired

const squareOf = (cell) => ({ row: Number(cell.dataset.row), col: Number(cell.dataset.col) });

function onSquareTap(event) {
  const cell = event.target.closest(".cell");
  if (!cell) return;
  const pos = squareOf(cell);
  if (toggleSwap(pos)) { changed(); return; }
  placeCursor(pos);
  render();
  cellAt(pos).focus();
}

// A long press on a new tile turns it into a blank, and back.
function onPressStart(event) {
  const cell = event.target.closest(".cell.tentative");
  if (!cell) return;
  longPress = setTimeout(() => {
    if (toggleBlankAt(squareOf(cell))) changed();
    longPress = "done";
  }, LONG_PRESS_MS);
}

function onPressEnd() {
  if (longPress && longPress !== "done") clearTimeout(longPress);
  longPress = null;
}

function onBoardKey(event) {
  if (!ARROWS[event.key]) return;
  event.preventDefault();
  const next = moveCursor(...ARROWS[event.key]);
  if (next) { render(); cellAt(next).focus(); }
}

function onLetterKey(event) {
  const button = event.target.closest(".key");
  if (!button) return;
  if (button.id === "clear") { clearPlay(); render(); return; }
  if (button.id === "backspace" ? backspace() : typeLetter(button.dataset.letter)) changed();
}

function toggleBlankNext() {
  state.blankNext = !state.blankNext;
  renderTools();
}

// Typing anywhere but in a form field enters the play.
function onKeydown(event) {
  if (!state.game || $("entry").hidden) return;
  const target = event.target;
  if (target.matches && target.matches("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const onTheBoard = target.closest && target.closest("#board");
  if (event.key === "Backspace") { event.preventDefault(); if (backspace()) changed(); return; }
  if (event.key === "Escape") { clearPlay(); render(); return; }
  if (event.key === "Enter" && onTheBoard) { event.preventDefault(); commit(); return; }
  if (event.key === " " && onTheBoard) { event.preventDefault(); state.across = !state.across; render(); focusCursor(); return; }
  if (event.key === "?" || event.key === "*") { toggleBlankNext(); return; }
  if (event.key.length >= 1 && event.key.length <= 3) {
    const letter = letterFromKey(event.key);
    if (letter) { event.preventDefault(); if (typeLetter(letter)) changed(); }
  }
}

function wireEntry() {
  const board = $("board");
  board.addEventListener("click", onSquareTap);
  board.addEventListener("pointerdown", onPressStart);
  board.addEventListener("pointerup", onPressEnd);
  board.addEventListener("pointerleave", onPressEnd);
  board.addEventListener("keydown", onBoardKey);
  $("keys").addEventListener("click", onLetterKey);
  document.addEventListener("keydown", onKeydown);
  $("direction").addEventListener("click", () => { state.across = !state.across; render(); });
  $("blank").addEventListener("click", toggleBlankNext);
  $("swap").addEventListener("click", () => { state.swapMode = !state.swapMode; renderTools(); });
  $("commit").addEventListener("click", commit);
  // Enter in the rack field plays the play entered, as Enter on the board does.
  $("rack").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); commit(); } });
}

// What the confirmation asks, naming the players and the entry (a play with its words).
const nameOf = (i) => state.game.players[i].name;
const entryText = (h) => (h.type === "play" && h.move && h.words.length ? `${h.move} (${h.words.join(", ")})` : describeItem(h));

function askChallenge() {
  const play = standingPlays().pop();
  const who = challenger();
  confirmThen(fmt(S.confirm_challenge, { name: nameOf(who), other: nameOf(play.player), move: entryText(play) }),
    async () => showRuling(await send({ type: "challenge", player: who })));
}

// An undo is credited to the player whose entry it takes back.
function askUndo() {
  const last = lastEntry();
  confirmThen(fmt(S.confirm_undo, { name: nameOf(last.player), what: entryText(last) }),
    () => send({ type: "correction", player: last.player }));
}

// One field: how many tiles were exchanged, or which (when the player shows them,
// for analysis); it goes back to the full rack's count after the exchange.
async function exchange() {
  const field = $("exchange-count"), value = field.value.trim();
  const event = /^\d+$/.test(value) ? { count: Number(value) } : { tiles: value.toLocaleUpperCase(LANG) };
  if (await send({ type: "exchange", player: state.game.turn, ...event, ...rackGiven() })) field.value = String(state.rules.rack_size);
}

function wireTurns() {
  const turn = () => state.game.turn;
  $("pass").addEventListener("click", () => confirmThen(fmt(S.confirm_pass, { name: nameOf(turn()) }),
    () => send({ type: "pass", player: turn(), ...rackGiven() })));
  $("exchange").addEventListener("click", exchange);
  $("challenge").addEventListener("click", askChallenge);
  $("undo").addEventListener("click", askUndo);
  // Time up, or an agreed stop: the referee's "end" with no racks; the scores stand.
  $("end-now").addEventListener("click", () => confirmThen(S.confirm_end, () => send({ type: "end", player: turn(), racks: {} })));
  $("penalty").addEventListener("click", () => send({
    type: "time_penalty", player: Number($("penalty-player").value), points: Number($("penalty-points").value),
  }));
  $("end-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ type: "end", player: 0, racks: endRacks() });
  });
  $("print").addEventListener("click", () => window.print());
  $("showing-back").addEventListener("click", () => showBest(null));
  $("rematch").addEventListener("click", rematch);
}

function wireDevice() {
  $("clock-toggle").addEventListener("click", () => { toggleClock(); renderScores(); });
  if (needsKey && $("key")) {
    $("key").addEventListener("change", () => {
      setClientKey($("key").value.trim());
      $("key").value = "";
      if (state.tentative.size) preview();
    });
  }
}

async function startGame() {
  state.saved = store.load(gameId);
  $("play").hidden = false;
  if (!(await reload())) return;
  renderKeys();
  clearPlay();
  render();
  renderShare();
  wireEntry();
  wireTurns();
  wireDevice();
  wireConfirm();
  setInterval(() => { showClock(); offerPenalties(); }, 500);
}

if (gameId) startGame(); else startSetup();
