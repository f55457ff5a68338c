// What both Duplicate pages share: the page's words (#strings, {name} marks a
// value), the game's ruleset (#rulesets), the board drawn from the API's rows
// (FISF coordinates: rows A–O, columns 1–15), the tops replayed to tell each
// round's new tiles from the rack left, the draw as tiles, the round's time and
// the standings.

import { el, fmt } from "../after-game.js";

export { el, fmt };
export const $ = (id) => document.getElementById(id);
export const S = JSON.parse($("strings").textContent);
export const RULESETS = JSON.parse($("rulesets").textContent);
export const LANG = document.documentElement.lang || "en";

const squareKey = (r, c) => `${r},${c}`;
const face = (label) => label.replace(/^\[(.+)\]$/, "$1");
const percent = new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 1 });

// The ruleset's tiles: labels (longest first, to read a row or a word), scores,
// and each blank label's letter.
export function alphabetOf(rules) {
  const letters = rules.tiles.letters;
  return {
    blank: rules.tiles.blank.label,
    score: Object.fromEntries(letters.map((l) => [l.label, l.score])),
    letterOf: Object.fromEntries(letters.map((l) => [l.blank_label, l.label])),
    pieces: [...letters.map((l) => l.label), ...letters.map((l) => l.blank_label), rules.tiles.blank.label]
      .sort((a, b) => b.length - a.length),
  };
}

// Text as tiles: {label, blank} (a blank's letter in lower case); "." an empty square.
export function tilesOf(alphabet, text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ".") { out.push(null); i += 1; continue; }
    const piece = alphabet.pieces.find((p) => text.startsWith(p, i)) || text[i];
    const letter = alphabet.letterOf[piece];
    out.push(letter ? { label: letter, blank: true } : { label: piece, blank: piece === alphabet.blank });
    i += piece.length;
  }
  return out;
}

// A FISF reference (H4 across, 4H down) as its first square and direction.
export function readReference(text) {
  const across = /^([A-Za-z])(\d{1,2})$/.exec(text);
  if (across) return { row: across[1].toUpperCase().charCodeAt(0) - 65, col: Number(across[2]) - 1, across: true };
  const down = /^(\d{1,2})([A-Za-z])$/.exec(text);
  if (down) return { row: down[2].toUpperCase().charCodeAt(0) - 65, col: Number(down[1]) - 1, across: false };
  return null;
}

// Each closed round's new tiles, from the tops placed in turn on an empty board:
// [{squares: Set of "r,c", rackLeft: [label...]}] (a blank as the blank's label).
export function replayTops(game, alphabet) {
  const filled = new Set();
  return game.rounds.map((round) => {
    const squares = new Set();
    let rackLeft = [];
    if (round.top) {
      const ref = readReference(round.top.reference);
      const placed = [];
      tilesOf(alphabet, round.top.word).forEach((tile, i) => {
        const key = squareKey(ref.row + (ref.across ? 0 : i), ref.col + (ref.across ? i : 0));
        if (filled.has(key)) return;
        filled.add(key);
        squares.add(key);
        placed.push(tile.blank ? alphabet.blank : tile.label);
      });
      rackLeft = minus(tilesOf(alphabet, round.draw).map((t) => t.label), placed);
    }
    return { squares, rackLeft };
  });
}

function minus(labels, taken) {
  const left = [...labels];
  for (const label of taken) {
    const i = left.indexOf(label);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

// A draw as {kept, fresh}: the rack left from the round before first, unless
// it went back to the bag with a draw short of the minimum (``rejected``: a
// new draw in full).
export function splitDraw(draw, rackLeft, alphabet, rejected = false) {
  const labels = tilesOf(alphabet, draw).map((t) => t.label);
  const rest = minus(labels, rackLeft);
  if (!rejected && rackLeft.length && rest.length === labels.length - rackLeft.length) return { kept: rackLeft, fresh: rest };
  return { kept: [], fresh: labels };
}

// What a round's draw went through: drawn again in full, corrected by the arbiter.
export const drawNotes = (round) => [round.rejected ? S.rejected : "", round.redrawn ? S.redrawn : ""]
  .filter(Boolean).join(" ");

function tileNode(label, alphabet, extra = "") {
  const blank = label === alphabet.blank;
  const value = blank ? "" : alphabet.score[label];
  return el("span", { class: `tile${blank ? " blank" : ""}${extra}` },
    el("span", { class: "l", text: face(label) }),
    value === "" || value === undefined ? null : el("span", { class: "v", "aria-hidden": "true", text: String(value) }));
}

// The draw as tiles, the rack left apart from the new ones; its text for a screen reader.
export function drawNode(parts, alphabet) {
  const all = [...parts.kept, ...parts.fresh].map(face).join(" ");
  const kept = parts.kept.map((l) => tileNode(l, alphabet, " kept"));
  const fresh = parts.fresh.map((l) => tileNode(l, alphabet));
  return el("span", { class: "draw", role: "img", "aria-label": fmt(S.draw_is, { letters: all }) },
    ...kept, kept.length ? el("span", { class: "plus", "aria-hidden": "true", text: "+" }) : null, ...fresh);
}

function premiumOf(rules, r, c) {
  const symbol = rules.layout.grid[r][c];
  return rules.layout.legend.find((p) => p.symbol === symbol) || null;
}

function premiumLabel(p) {
  if (!p) return "";
  if (p.word_multiplier > 1) return S["premium_" + p.word_multiplier + "W"] || `${p.word_multiplier}W`;
  return S["premium_" + p.letter_multiplier + "L"] || `${p.letter_multiplier}L`;
}

// The board, its coordinates around it (columns 1–15, rows A–O), the last top's
// new tiles outlined.  The picture's name says the tops placed.
export function renderBoard(box, rules, alphabet, game, last) {
  const { rows, cols, start } = rules.layout;
  const cells = game.board.map((row) => tilesOf(alphabet, row));
  const grid = el("div", { class: "grid" });
  grid.style.setProperty("--cols", cols);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const tile = cells[r][c];
      const p = premiumOf(rules, r, c);
      if (tile) {
        const node = tileNode(tile.label, alphabet, `${tile.blank ? " blank" : ""}${last.has(squareKey(r, c)) ? " last" : ""}`);
        if (tile.blank) node.querySelector(".v")?.remove();
        grid.append(node);
      } else {
        const isStart = r === start.row && c === start.col;
        const kind = p ? `p${p.word_multiplier > 1 ? p.word_multiplier + "w" : p.letter_multiplier + "l"}` : "";
        grid.append(el("span", { class: `sq ${kind}${isStart ? " start" : ""}`, text: isStart ? "★" : premiumLabel(p) }));
      }
    }
  }
  const colNames = el("div", { class: "cols", "aria-hidden": "true" },
    ...Array.from({ length: cols }, (_, i) => el("span", { text: String(i + 1) })));
  const rowNames = el("div", { class: "rows", "aria-hidden": "true" },
    ...Array.from({ length: rows }, (_, i) => el("span", { text: String.fromCharCode(65 + i) })));
  colNames.style.setProperty("--cols", cols);
  rowNames.style.setProperty("--rows", rows);
  const tops = game.rounds.filter((r) => r.top).map((r) => `${r.top.word} ${r.top.reference}`);
  const name = tops.length ? fmt(S.board_with, { words: tops.join(", ") }) : S.board_empty;
  box.replaceChildren(el("span", { class: "corner", "aria-hidden": "true" }), colNames, rowNames, grid);
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", name);
}

// The round's time: counted down from the draw (the API's round_age_ms), kept
// steady between polls unless they disagree by more than a second and a half.
export function makeClock(node) {
  let round = null;
  let since = null;
  let seconds = 0;
  function show() {
    if (since === null) { node.textContent = ""; node.className = "clock"; return; }
    const left = seconds * 1000 - (performance.now() - since);
    const total = Math.max(0, Math.ceil(left / 1000));
    const text = `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
    node.textContent = left > 0 ? text : S.time_up;
    node.className = `clock${left <= 0 ? " over" : left <= 30000 ? " soon" : ""}`;
  }
  setInterval(show, 250);
  return function follow(game) {
    if (game.phase !== "play" || game.round_age_ms === null || game.round_age_ms === undefined) {
      round = null; since = null; show(); return;
    }
    const given = performance.now() - game.round_age_ms;
    if (round !== game.round || since === null || Math.abs(given - since) > 1500) since = given;
    round = game.round;
    seconds = game.round_seconds;
    show();
  };
}

// The standings, best first, ranks shared by equal totals.
export function standingsRows(game) {
  return game.standings.map((s) => ({
    ...s,
    rank: 1 + game.standings.filter((o) => o.total > s.total).length,
    negatifText: s.negatif ? `\u2212${s.negatif}` : "0",
    percentText: percent.format(s.percent / 100),
  }));
}

// Who wrote the top in a closed round: the valid slips at the top's score.
export function foundTop(round) {
  if (!round || !round.top) return [];
  return round.slips.filter((s) => s.valid && s.score === round.top.score).map((s) => s.name);
}

export const lastClosed = (game) => [...game.rounds].reverse().find((r) => r.closed) || null;
