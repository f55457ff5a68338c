// The spectator page once the game is over: each turn's best play and the
// points missed, from GET /api/v1/games/<id>/analysis, and a turn's best play
// drawn over the board picture, the tiles played since faded.  spectator.js
// loads this module when the game it follows is over, and hands it the game at
// each new version.  The analysis is extra: when the service does not give it
// (403 switched off, 401 keys only, 409 being played, 503 no word graph) the
// page shows nothing of it.

import { analysisView, anyRack, bestTiles, laterSquares, showingText } from "./after-game.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const face = (label) => label.replace(/^\[(.+)\]$/, "$1");

let S = {};
let game = null;
let analysis = null; // the answer for asked, or null
let asked = null; // the version of the game the analysis was asked for
let shown = null; // the turn whose best play is drawn

const names = () => game.players.map((p) => p.name);

export async function follow(main, strings, current) {
  S = strings;
  game = current;
  if (!$("showing-back").dataset.wired) {
    $("showing-back").addEventListener("click", () => showBest(null, true));
    $("showing-back").dataset.wired = "true";
  }
  if (game.status !== "over") { analysis = null; asked = null; showBest(null); draw(); return; }
  if (asked === game.version) return;
  asked = game.version;
  const version = game.version;
  let answer = null;
  try {
    const r = await fetch(main.dataset.analysisUrl, { cache: "no-store", headers: { Accept: "application/json" } });
    answer = r.ok ? await r.json() : null;
  } catch (e) {
    answer = null;
  }
  if (asked !== version) return;  // a newer version came meanwhile
  analysis = answer;
  showBest(null);
  draw();
}

function draw() {
  const useful = analysis && anyRack(analysis);
  $("analysis").hidden = !useful;
  if (!useful) { $("analysis-body").replaceChildren(); return; }
  const body = $("analysis-body");
  const focused = body.contains(document.activeElement) ? document.activeElement.dataset.index : undefined;
  body.replaceChildren(...analysisView(analysis, {
    names: names(), S, shown: shown ? shown.index : null, onToggle: (turn) => showBest(turn, true),
  }));
  if (focused !== undefined) body.querySelector(`.an-show[data-index="${focused}"]`)?.focus({ preventScroll: true });
}

function node(tag, attrs, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  return n;
}

// Over the picture, in its own units: the squares of the tiles played since
// faded, then the best play's tiles, each marked as the analysis's.
function drawOverlay() {
  const overlay = $("board-overlay");
  const cell = Number(overlay.dataset.cell), margin = Number(overlay.dataset.margin);
  const at = (r, c) => ({ x: margin + c * cell, y: margin + r * cell });
  const parts = [];
  if (shown) {
    for (const key of laterSquares(game.history, shown.index)) {
      const [r, c] = key.split(",").map(Number);
      const { x, y } = at(r, c);
      parts.push(node("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, class: "later" }));
    }
    for (const t of bestTiles(shown.best[0])) {
      const { x, y } = at(t.row, t.col);
      const letter = face(t.letter);
      const g = node("g", { class: t.blank ? "best blank" : "best" });
      g.append(node("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 4 }),
        node("text", { x: x + cell / 2, y: y + cell / 2 + (letter.length > 1 ? 5 : 6),
          "font-size": letter.length > 1 ? 13 : 18, "text-anchor": "middle" }, letter));
      if (t.blank) g.append(node("circle", { cx: x + cell - 8, cy: y + 8, r: 3 }));
      parts.push(g);
    }
  }
  overlay.replaceChildren(...parts);
}

// Draws a turn's best play over the board (null: the game's board again); a
// tap (``asked``) brings the board into view, or the focus back to the list.
function showBest(turn, asked = false) {
  const before = shown;
  shown = turn;
  $("showing").hidden = !turn;
  $("showing-text").replaceChildren(...(turn ? showingText(turn, names(), S) : []));
  document.getElementById("game").classList.toggle("showing-best", Boolean(turn));
  drawOverlay();
  if (!asked) return;
  draw();
  if (turn) {
    const notice = $("showing").getBoundingClientRect();
    if (notice.bottom > innerHeight || $("board").getBoundingClientRect().top < 0) {
      $("board").closest(".board-area").scrollIntoView({ block: "start" });  // the notice comes under it
    }
  } else if (before) {
    document.querySelector(`#analysis-body .an-show[data-index="${before.index}"]`)?.focus({ preventScroll: true });
  }
}
