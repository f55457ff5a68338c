// The panel beside the board: the scores (with the clock), the last play, the
// unseen tiles, the move list, the controls of the other turns, the challenge
// ruling and the spectators' link.

import { standingPlays as playsStanding } from "../after-game.js";
import { clockText } from "./clock.js";
import { $, S, el, fmt } from "./page.js";
import { state } from "./state.js";

export const signed = (points) => (points > 0 ? "+" : "") + points;

// The referee's note on an event is a code (docs/api.md), never text to read.
const noted = (h, code) => Boolean(h.note && h.note.code === code);

export function describeItem(h) {
  if (h.type === "play") return h.move || h.words.join(", ");
  let text = S[h.type] || h.type;
  if (noted(h, "turn-lost")) text = S.lost_turn;
  if (h.type === "exchange") text += " " + (h.tiles || (h.count ? fmt(S.exchanged, { count: h.count }) : ""));
  if (h.type === "rack_points" && h.tiles) text += " " + h.tiles;
  return text.trim();
}

// The plays that still stand: a correction's voided ones and challenged-off ones left out.
export const standingPlays = () => playsStanding(state.game.history);

export function renderScores() {
  const { game } = state;
  const clock = state.saved.clock;
  const status = game.status === "over" ? S.over
    : game.status === "awaiting_end" ? S.awaiting_end
      : fmt(S.to_play, { name: game.players[game.turn].name });
  $("scores").replaceChildren(el("p", { class: "status", text: status }), ...game.players.map(playerRow));
  $("clock-bar").hidden = !clock || game.status !== "playing";
  if (clock) $("clock-toggle").textContent = clock.running ? S.clock_pause : S.clock_start;
}

function playerRow(p, i) {
  const { game } = state;
  const clock = state.saved.clock;
  const on = game.status === "playing" && game.turn === i;
  return el("div", { class: "player" + (on ? " on" : ""), "aria-current": on ? "true" : false },
    el("span", { class: "marker", text: on ? "▶" : "" }),
    el("span", { class: "name", text: p.name }),
    el("span", { class: "points", text: String(p.score) }),
    clock ? el("span", { class: "clock" + (clock.left[i] < 0 ? " over" : ""), id: "clock" + i, text: clockText(clock.left[i]) }) : null,
    game.status === "over" ? null : el("span", { class: "rack", text: fmt(S.on_rack, { count: p.tiles_on_rack }) }));
}

export function renderMoves() {
  $("moves").tBodies[0].replaceChildren(...state.game.history.map(moveRow));
}

function moveRow(h) {
  const verdict = h.verdict ? (h.verdict === "acceptable" ? "✓ " : "✗ ") : "";  // the ruling panel says it in full
  const what = verdict + describeItem(h);
  // A play's notation marks the tiles already there with dots (".AXES"): its words follow.
  const words = h.type === "play" && h.move && h.words.length ? el("small", { class: "formed", text: " " + h.words.join(", ") }) : null;
  const cell = h.voided ? el("td", {}, el("s", { text: what }), " ", el("small", { text: `(${S.voided})` }))
    : el("td", {}, what, words);
  return el("tr", { class: h.voided ? "voided" : "" },
    el("td", { text: String(h.index + 1) }),
    el("td", { text: state.game.players[h.player].name }),
    cell,
    el("td", { text: signed(h.points) }),
    el("td", { text: String(h.totals[h.player]) }));
}

export function renderLast() {
  const { game } = state;
  const last = standingPlays().pop();
  $("last").replaceChildren(last
    ? el("p", {}, el("strong", { text: game.players[last.player].name + " " }), `${last.move || ""} `,
      el("strong", { text: (last.points >= 0 ? "+" : "") + last.points }), el("br"), last.words.join(", "))
    : el("p", { text: S.nobody }));
}

export function renderUnseen() {
  const { game } = state;
  $("unseen-title").textContent = fmt(S.unseen, { count: game.unseen_count, bag: game.bag });
  $("unseen").replaceChildren(...Object.entries(game.unseen).map(([letter, n]) =>
    el("span", { class: "chip", text: `${letter}×${n}` })));
}

// The last entry that still stands (a correction takes the one before it back).
export const lastEntry = () => [...state.game.history].reverse().find((h) => !h.voided && h.type !== "correction");

export function renderTurnControls() {
  const { game, saved } = state;
  const playing = game.status === "playing" && saved.token;
  for (const id of ["pass", "exchange", "exchange-count", "end-now", "commit"]) $(id).disabled = !playing || (id === "commit" && !state.previewOk);
  $("entry").hidden = !playing;
  for (const node of document.querySelectorAll(".while-playing")) node.hidden = game.status !== "playing";
  for (const node of document.querySelectorAll(".until-over")) node.hidden = game.status === "over";
  const last = lastEntry();
  $("challenge").disabled = !(saved.token && last && last.type === "play");
  renderChallengers(last);
  $("undo").disabled = !saved.token || !game.history.some((h) => !h.voided && h.type !== "correction");
  $("penalty-player").replaceChildren(...game.players.map((p, i) => new Option(p.name, String(i))));
  $("penalty").disabled = !saved.token;
  $("end-box").hidden = !saved.token;
  $("turns").hidden = !saved.token;
}

// Anyone but the last entry's player may challenge; with two players it is the other one.
function renderChallengers(last) {
  const { players } = state.game;
  const challenger = $("challenger");
  const others = players.map((p, i) => [p, i]).filter(([, i]) => !last || i !== last.player);
  const kept = challenger.value;
  challenger.replaceChildren(...others.map(([p, i]) => new Option(p.name, String(i))));
  const next = last ? String((last.player + 1) % players.length) : "";
  challenger.value = others.some(([, i]) => String(i) === kept) ? kept : next;
  challenger.hidden = players.length <= 2;
}

export function challenger() {
  const { game } = state;
  if (game.players.length > 2) return Number($("challenger").value);
  return (standingPlays().pop().player + 1) % 2;
}

// A ruling says what follows from it, in words: who loses a turn, points or the game.
export function showRuling(added) {
  if (!added) return;
  const { game } = state;
  const name = (i) => game.players[i].name;
  const ruled = added.find((h) => h.verdict);
  const acceptable = ruled ? ruled.verdict === "acceptable" : !added.some((h) => h.type === "withdrawal");
  const consequences = [acceptable ? S.play_stands : S.withdrawn];
  for (const h of added) {
    if (noted(h, "turn-lost")) consequences.push(fmt(S.loses_turn, { name: name(h.player) }));
    if (noted(h, "challenger-loses-turn")) consequences.push(fmt(S.loses_next_turn, { name: name(h.player) }));
    if (h.type === "challenge_bonus") consequences.push(fmt(S.gets_points, { name: name(h.player), points: h.points }));
  }
  if (game.status === "over" && game.end_reason === "challenge") {
    const loser = game.players.map((p, i) => i).find((i) => !game.winners.includes(i));
    if (loser !== undefined) consequences.push(fmt(S.loses_game, { name: name(loser) }));
  } else if (consequences.length === 1 && acceptable) consequences.push(S.no_penalty);
  $("ruling").replaceChildren(el("p", { class: acceptable ? "acceptable" : "unacceptable" },
    el("strong", { text: acceptable ? S.acceptable : S.unacceptable }), " ", consequences.join(" ")));
}

export function renderShare() {
  const { id } = state.game;
  // The server's address for sharing (ADJUDICATOR_PUBLIC_URL, else the one this page came from).
  const url = `${document.body.dataset.publicUrl}/games/${id}`;
  $("share-link").href = url;
  $("share-link").textContent = url;
  $("share-code").src = `/games/${id}/share.svg`;
}
