// After the game: each turn's best play and the points missed, as
// GET /api/v1/games/<id>/analysis answers them, for the keeper's final screen
// and the spectator page; and the board as it was before a turn (the tiles
// played since, to fade), so that a page can draw the best play where it fitted.
// The words come from the page (#strings, {name} marks a value).

export const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== ""));
  return node;
}

// The plays that still stand: a correction's voided ones and challenged-off ones left out.
export function standingPlays(history) {
  const plays = [];
  for (const h of history) {
    if (h.voided) continue;
    if (h.type === "play") plays.push(h);
    if (h.type === "withdrawal") {
      const i = plays.map((p) => p.player).lastIndexOf(h.player);
      if (i >= 0) plays.splice(i, 1);
    }
  }
  return plays;
}

// The squares ("r,c") of the tiles on the board now that were played at or after
// the event ``index``: the board before that turn is the board without them.
export function laterSquares(history, index) {
  return new Set(standingPlays(history).filter((h) => h.index >= index)
    .flatMap((h) => (h.squares || []).map(([r, c]) => `${r},${c}`)));
}

// What a best play puts on the board: its tiles, and in Erudite the letters its
// star swaps put where the stars were (the stars are among its tiles).
export const bestTiles = (best) => [...best.tiles, ...(best.swaps || []).map((s) => ({ ...s, blank: false }))];

// A best play's notation: a move in several lines (Erudite) by its parts' main words.
export const bestMove = (best) => (best.parts ? best.parts.map((p) => p.move).join(" + ") : best.move);

// Whether the analysis has anything to say: a turn with a rack, analysed or flagged.
export const anyRack = (analysis) => analysis.turns.some((t) => t.status !== "no-rack");

// What the turn was: a play's notation, else the words for a pass or an exchange.
function made(turn, S) {
  if (turn.kind === "play") return turn.move || S.an_play;
  return S["an_" + turn.kind] || turn.kind;
}

// The analysis's verdict on one turn, in words.
function verdict(turn, S) {
  if (turn.status === "no-rack") return [el("span", { class: "an-none", text: S.an_not_analysed })];
  if (turn.status === "rack-contradicts") {
    // The API says why in English (a detail, not a code): marked as English.
    return [el("span", {}, el("span", { class: "an-flag", text: S.an_flagged }), " ",
      el("span", { lang: "en", text: turn.problem || "" }))];
  }
  const best = turn.best[0];
  if (!best) return [el("span", { text: S.an_no_play })];
  const parts = [
    el("span", { class: "an-play" }, el("span", { class: "an-move", text: fmt(S.an_best, { move: bestMove(best), score: best.score }) }),
      best.bingo ? " " : null, best.bingo ? el("span", { class: "an-bingo", text: S.an_bingo }) : null),
    el("span", { class: turn.missed ? "an-missed" : "an-none", text: turn.missed ? fmt(S.an_missed, { points: turn.missed }) : S.an_nothing_missed }),
  ];
  if (turn.bingo_available && !best.bingo) parts.push(el("span", { text: S.an_bingo_possible }));
  if (turn.partial) parts.push(el("span", { class: "an-partial", text: S.an_partial }));
  return parts;
}

function turnItem(turn, { names, S, shown, onToggle }) {
  const best = turn.status === "analysed" ? turn.best[0] : null;
  const on = shown === turn.index;
  const button = best ? el("button", {
    type: "button", class: "an-show", "aria-pressed": on ? "true" : "false", "data-index": turn.index,
    text: S.an_show,
  }) : null;
  if (button) button.addEventListener("click", () => onToggle(on ? null : turn));
  const score = turn.withdrawn ? `${S.an_withdrawn}, 0` : String(turn.score);
  return el("li", { class: `an-turn ${turn.status}${on ? " shown" : ""}`, "data-index": turn.index },
    el("p", { class: "an-made" },
      el("span", { class: "an-num", text: `${turn.index + 1}.` }), " ",
      el("strong", { text: names[turn.player] }), " ",
      el("span", { class: "an-move" }, made(turn, S), " ", el("span", { class: "an-score", text: `(${score})` })),
      turn.rack ? el("span", { class: "an-rack", text: fmt(S.an_rack, { rack: turn.rack }) }) : null),
    // Spaces between the parts: a line may break there, though each part stays whole.
    el("p", { class: "an-verdict" }, ...verdict(turn, S).flatMap((part, i) => (i ? [" ", part] : [part]))),
    button);
}

// The summary by player, then one line per play, pass and exchange, in the
// order of the game; ``onToggle(turn)`` draws a turn's best play (null: the
// game's own board again), ``shown`` is the index of the turn drawn.
export function analysisView(analysis, { names, S, shown, onToggle }) {
  const players = el("table", { class: "an-players" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: S.an_player }),
      el("th", { scope: "col", class: "num", text: S.an_analysed }),
      el("th", { scope: "col", class: "num", text: S.an_missed_total }))),
    el("tbody", {}, ...analysis.players.map((p, i) => el("tr", {},
      el("th", { scope: "row", text: names[i] || p.name }),
      el("td", { class: "num", text: String(p.analysed) }),
      el("td", { class: "num", text: String(p.missed) })))));
  const turns = el("ol", { class: "an-turns" },
    ...analysis.turns.map((turn) => turnItem(turn, { names, S, shown, onToggle })));
  return [el("p", { class: "an-how", text: S.an_how }), players, turns];
}

// What the board shows while a best play is drawn on it: the turn and the
// play, then that the tiles played since are faded.
export function showingText(turn, names, S) {
  const best = turn.best[0];
  return [el("strong", { text: fmt(S.an_showing, { number: turn.index + 1, name: names[turn.player], move: bestMove(best), score: best.score }) }),
    " ", el("span", { text: S.an_showing_how })];
}
