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
import { changed, commit, preview, reload, render, send } from "./game.js";
import { $, gameId, needsKey } from "./page.js";
import { challenger, renderScores, renderShare, showRuling } from "./panel.js";
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
}

function wireTurns() {
  const turn = () => state.game.turn;
  $("pass").addEventListener("click", () => send({ type: "pass", player: turn() }));
  $("exchange").addEventListener("click", () => send({ type: "exchange", player: turn(), count: Number($("exchange-count").value) }));
  $("challenge").addEventListener("click", async () => showRuling(await send({ type: "challenge", player: challenger() })));
  $("undo").addEventListener("click", () => send({ type: "correction", player: turn() }));
  $("penalty").addEventListener("click", () => send({
    type: "time_penalty", player: Number($("penalty-player").value), points: Number($("penalty-points").value),
  }));
  $("end-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ type: "end", player: 0, racks: endRacks() });
  });
  $("print").addEventListener("click", () => window.print());
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
  setInterval(() => { showClock(); offerPenalties(); }, 500);
}

if (gameId) startGame(); else startSetup();
