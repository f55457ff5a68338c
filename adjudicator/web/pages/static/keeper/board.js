// The board: the alphabet's labels, the board's rows read into tiles, the
// squares drawn, and the play being entered on it (cursor, direction, blanks,
// star swaps).  The entry functions change the state and say whether they
// did; the caller draws the page again.

import { $, LANG, S, el, fmt } from "./page.js";
import { state } from "./state.js";

const squareKey = (r, c) => `${r},${c}`;
// What a tile shows: a digraph's label without the brackets that keep it apart
// from its letters in notation ([CH] shows CH).
export const face = (label) => label.replace(/^\[(.+)\]$/, "$1");

export function labelsOf(rules) {
  const letters = rules.tiles.letters;
  return {
    letters: letters.map((l) => l.label),
    score: Object.fromEntries(letters.map((l) => [l.label, l.score])),
    blankOf: Object.fromEntries(letters.map((l) => [l.blank_label, l.label])),
    pieces: [...letters.map((l) => l.label), ...letters.map((l) => l.blank_label)].sort((a, b) => b.length - a.length),
  };
}

// A row of the API's board: "." is an empty square, a tile is its longest matching label.
function parseRow(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ".") { out.push(null); i += 1; continue; }
    const piece = state.alphabet.pieces.find((p) => text.startsWith(p, i)) || text[i];
    out.push(piece);
    i += piece.length;
  }
  return out;
}

const boardCells = () => state.game.board.map(parseRow);
const onBoard = (r, c) => r >= 0 && c >= 0 && r < state.rules.layout.rows && c < state.rules.layout.cols;
export const cellAt = (pos) => $("board").querySelector(`[data-row="${pos.row}"][data-col="${pos.col}"]`);

function premiumOf(r, c) {
  const { layout } = state.rules;
  const symbol = layout.grid[r][c];
  return layout.legend.find((p) => p.symbol === symbol) || null;
}

function premiumLabel(p) {
  if (!p) return "";
  if (p.word_multiplier > 1) return S["premium_" + p.word_multiplier + "W"] || `${p.word_multiplier}W`;
  return S["premium_" + p.letter_multiplier + "L"] || `${p.letter_multiplier}L`;
}

// --- drawing ---------------------------------------------------------------------

export function renderBoard() {
  const { layout } = state.rules;
  const cells = boardCells();
  const board = $("board");
  const last = state.shown ? new Set() : lastMove();  // a best play drawn: the game's last move is not
  board.style.setProperty("--cols", layout.cols);
  const rows = [];
  for (let r = 0; r < layout.rows; r += 1) {
    const row = el("div", { role: "row", class: "brow" });
    for (let c = 0; c < layout.cols; c += 1) row.append(squareButton(r, c, cells[r][c], last.has(squareKey(r, c))));
    rows.push(row);
  }
  board.replaceChildren(...rows);
  renderCoordinates();
}

// The squares' names around the board, as in GCG (columns A–O, rows 1–15); the
// squares' own labels say them to a screen reader.
function renderCoordinates() {
  const { rows, cols } = state.rules.layout;
  const names = (n, name) => Array.from({ length: n }, (_, i) => el("span", { text: name(i) }));
  $("board-cols").style.setProperty("--cols", cols);
  $("board-rows").style.setProperty("--rows", rows);
  $("board-cols").replaceChildren(...names(cols, (i) => String.fromCharCode(65 + i)));
  $("board-rows").replaceChildren(...names(rows, (i) => String(i + 1)));
}

// The new tiles of the last play that stands (none once it is withdrawn), as the
// spectator's board outlines them.
function lastMove() {
  const live = state.game.history.filter((h) => !h.voided && h.type !== "correction");
  const i = live.map((h) => h.type).lastIndexOf("play");
  if (i < 0 || live.slice(i + 1).some((h) => h.type === "withdrawal")) return new Set();
  return new Set((live[i].squares || []).map(([r, c]) => squareKey(r, c)));
}

function squareButton(r, c, here, last) {
  const { cursor, errorSquare } = state;
  const { start } = state.rules.layout;
  const shown = squareContent(r, c, here);
  const classes = ["cell", ...shown.classes];
  if (shown.tile && face(shown.text).length > 1) classes.push("multi");
  if (last && here) classes.push("last");
  const isCursor = cursor && cursor.row === r && cursor.col === c;
  if (isCursor) classes.push("cursor", state.across ? "across" : "down");
  if (errorSquare && errorSquare.row === r && errorSquare.col === c) classes.push("error");
  const square = fmt(S.square, { row: r + 1, col: String.fromCharCode(65 + c) });
  return el("button", {
    type: "button", role: "gridcell", class: classes.join(" "), "data-row": r, "data-col": c,
    tabindex: isCursor || (!cursor && r === start.row && c === start.col) ? "0" : "-1",
    "aria-label": shown.tile ? null : `${square}: ${shown.label}`, "aria-selected": isCursor ? "true" : "false",
  },
  shown.tile ? el("span", { class: "visually-hidden", text: `${square}: ${shown.before}` }) : null,
  el("span", { class: "l", text: shown.tile ? face(shown.text) : shown.text }),
  shown.tile && shown.after ? el("span", { class: "visually-hidden", text: shown.after }) : null,
  last && here ? el("span", { class: "visually-hidden", text: ` (${S.last_move})` }) : null,
  shown.tile && shown.value !== "" ? el("span", { class: "v", "aria-hidden": "true", text: String(shown.value) }) : null);
}

// A tile's name is spoken text around its visible letter; an empty square's is its whole label.
function squareContent(r, c, here) {
  const { alphabet, rules } = state;
  const swap = state.swaps.get(squareKey(r, c));
  const t = state.tentative.get(squareKey(r, c));
  const zeroBlanks = rules.blank_scores === "zero";
  const blankName = zeroBlanks ? S.blank : S.star;
  const best = state.shown && state.shown.tiles.get(squareKey(r, c));
  if (best) {  // the analysis's best play, drawn over the board as it was
    return { tile: true, classes: ["tile", "best", best.blank ? "blank" : "real"], text: best.letter,
      value: best.blank && zeroBlanks ? "" : (alphabet.score[best.letter] ?? ""), before: "",
      after: ` (${S.an_best_tile}${best.blank ? ", " + blankName : ""})` };
  }
  if (swap) {
    return { tile: true, classes: ["tile", "swapped"], text: swap.letter,
      value: alphabet.score[swap.letter] ?? "", before: `${S.swap}: `, after: "" };
  }
  if (here) {
    const blank = here in alphabet.blankOf;
    const text = blank ? alphabet.blankOf[here] : here;
    const later = Boolean(state.shown && state.shown.later.has(squareKey(r, c)));  // not yet there then
    const said = [blank ? blankName : "", later ? S.an_later_tile : ""].filter(Boolean).join(", ");
    return { tile: true, classes: ["tile", blank ? "blank" : "real", later ? "later" : ""].filter(Boolean), text,
      value: blank && zeroBlanks ? "" : (alphabet.score[text] ?? ""), before: "", after: said ? ` (${said})` : "" };
  }
  if (t) {
    return { tile: true, classes: ["tile", "tentative", t.blank ? "blank" : "real"], text: t.letter,
      value: t.blank && zeroBlanks ? "" : (alphabet.score[t.letter] ?? ""), before: "",
      after: ` (${S.new}${t.blank ? ", " + blankName : ""})` };
  }
  return emptyContent(r, c);
}

function emptyContent(r, c) {
  const { start } = state.rules.layout;
  const p = premiumOf(r, c);
  const isStart = r === start.row && c === start.col;
  const classes = [];
  if (p) classes.push(`p${p.word_multiplier > 1 ? p.word_multiplier + "w" : p.letter_multiplier + "l"}`);
  if (isStart) classes.push("start");
  return { tile: false, classes, text: isStart ? "★" : (p ? premiumLabel(p) : ""),
    label: [S.empty, premiumLabel(p), isStart ? S.start : ""].filter(Boolean).join(", ") };
}

export function renderKeys() {
  const keys = state.alphabet.letters.map((l) => el("button", { type: "button", class: "key", "data-letter": l, text: face(l) }));
  keys.push(el("button", { type: "button", class: "key wide", id: "backspace", "aria-label": "⌫", text: "⌫" }));
  // Clear fills the last row's spare cells: the tools above stay one row in any language.
  keys.push(el("button", { type: "button", class: "key clear", id: "clear", text: S.clear }));
  $("keys").replaceChildren(...keys);
}

export function renderTools() {
  const { across, blankNext, swapMode, rules } = state;
  $("direction").textContent = across ? S.across : S.down;
  $("direction").setAttribute("aria-pressed", across ? "false" : "true");
  $("blank").textContent = rules.blank_scores === "zero" ? S.blank : S.star;
  $("blank").setAttribute("aria-pressed", blankNext ? "true" : "false");
  $("swap").hidden = !rules.star_swap;
  $("swap").textContent = S.swap;
  $("swap").setAttribute("aria-pressed", swapMode ? "true" : "false");
}

// The board is drawn again after each letter, so the focus it had goes with it:
// it comes back to the cursor, unless a control outside the board holds it.
export function focusCursor() {
  const active = document.activeElement;
  const elsewhere = active && active !== document.body && !active.closest("#board");
  if (!state.cursor || elsewhere) return;
  const cell = cellAt(state.cursor);
  if (cell) cell.focus();
}

// --- entering a play ---------------------------------------------------------------

export function clearPlay() {
  state.tentative.clear();
  state.order.length = 0;
  state.swaps.clear();
  state.blankNext = false;
  state.previewOk = false;
  state.errorSquare = null;
  $("preview").replaceChildren(...idleHint());
  $("square-error").textContent = "";
}

// Before any tile of a turn: how to enter a play, until the game's first entry
// (then the keeper knows; the rack's own line under it stays).
export const idleHint = () => (state.game && state.game.history.length ? []
  : [el("p", { class: "hint", text: S.no_tiles })]);

function step(pos, n) {
  return state.across ? { row: pos.row, col: pos.col + n } : { row: pos.row + n, col: pos.col };
}

function occupied(pos) {
  const cells = boardCells();
  return onBoard(pos.row, pos.col) && cells[pos.row][pos.col] !== null && !state.swaps.has(squareKey(pos.row, pos.col));
}

// The next free square from pos in the play's direction (off the board if none).
function nextFree(pos) {
  let next = pos;
  while (onBoard(next.row, next.col) && occupied(next)) next = step(next, 1);
  return next;
}

export function typeLetter(letter) {
  if (!state.cursor) state.cursor = { ...state.rules.layout.start };
  const pos = nextFree({ ...state.cursor });
  if (!onBoard(pos.row, pos.col)) return false;
  const k = squareKey(pos.row, pos.col);
  if (!state.tentative.has(k)) state.order.push(k);
  state.tentative.set(k, { row: pos.row, col: pos.col, letter, blank: state.blankNext });
  state.blankNext = false;
  const next = nextFree(step(pos, 1));
  state.cursor = onBoard(next.row, next.col) ? next : pos;
  return true;
}

export function backspace() {
  const k = state.order.pop();
  if (!k) return false;
  const t = state.tentative.get(k);
  state.tentative.delete(k);
  state.cursor = { row: t.row, col: t.col };
  return true;
}

export function letterFromKey(text) {
  let upper = text.toLocaleUpperCase(LANG);
  for (const [from, to] of Object.entries(state.rules.fold || {})) upper = upper.split(from).join(to);
  return state.alphabet.letters.includes(upper) ? upper : null;
}

// In swap mode, a tap on a star on the board marks it for a swap, or unmarks it.
export function toggleSwap(pos) {
  const here = boardCells()[pos.row][pos.col];
  if (!state.swapMode || !here || !(here in state.alphabet.blankOf)) return false;
  const k = squareKey(pos.row, pos.col);
  if (state.swaps.has(k)) state.swaps.delete(k); else state.swaps.set(k, { ...pos, letter: state.alphabet.blankOf[here] });
  return true;
}

// A tap on the cursor's square turns the direction.
export function placeCursor(pos) {
  const { cursor } = state;
  if (cursor && cursor.row === pos.row && cursor.col === pos.col) state.across = !state.across;
  state.cursor = pos;
}

export function moveCursor(rows, cols) {
  const base = state.cursor || { ...state.rules.layout.start };
  const next = { row: base.row + rows, col: base.col + cols };
  if (!onBoard(next.row, next.col)) return null;
  state.cursor = next;
  return next;
}

export function toggleBlankAt(pos) {
  const t = state.tentative.get(squareKey(pos.row, pos.col));
  if (!t) return false;
  t.blank = !t.blank;
  return true;
}
