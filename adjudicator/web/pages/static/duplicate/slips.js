// The slips of a round: typed in (player, word, reference, score, Enter), each
// sent at once and its ruling shown in words.  Answers may come back in any
// order: each goes to its own row, and the ruling box shows only the latest
// slip entered, never an older one answered late.

import { api, problemText } from "./api.js";
import { $, LANG, S, el, fmt, readReference } from "./common.js";
import { confirmThen } from "./confirm.js";

export const slips = {
  entries: [], // this page's slips: {seq, round, player, word, reference, score, status, slip, version, error}
  seq: 0,
};

// A player as typed: their number (a suggestion "3 · Bob" too), or the start of a
// name that only one player's has.
export function playerOf(text, names) {
  const t = text.trim();
  const n = /^(\d+)/.exec(t);
  if (n) return Number(n[1]) >= 1 && Number(n[1]) <= names.length ? Number(n[1]) - 1 : null;
  if (!t) return null;
  const low = t.toLocaleLowerCase(LANG);
  const exact = names.findIndex((name) => name.toLocaleLowerCase(LANG) === low);
  if (exact >= 0) return exact;
  const starts = names.map((name, i) => [name, i]).filter(([name]) => name.toLocaleLowerCase(LANG).startsWith(low));
  return starts.length === 1 ? starts[0][1] : null;
}

// The words of a ruling: null and why, or valid at its real score with its
// warnings and penalties; the reference where it was ruled when not the one written.
export function rulingText(slip, written) {
  const R = S.rulings;
  if (!slip.valid) {
    let why = R.null[slip.null] || slip.null;
    if (slip.invalid_words.length) why += ` (${slip.invalid_words.join(", ")})`;
    return fmt(S.null, { why });
  }
  const parts = [`${S.valid}, ${fmt(S.real_score, { score: slip.score })}`];
  for (const w of slip.warnings) {
    let what = R.warnings[w] || w;
    if (w === "wrong-score" && written && written.score !== null) what += ` (${fmt(S.announced, { announced: written.score })})`;
    parts.push(fmt(S.warning, { what }));
  }
  for (const p of slip.penalties) parts.push(fmt(S.penalty, { points: p.points, what: R.penalties[p.code] || p.code }));
  if (written && slip.reference && written.reference && slip.reference !== written.reference.toUpperCase()) {
    parts.push(fmt(S.at, { reference: slip.reference }));
  }
  return parts.join(" · ");
}

const kind = (slip) => (!slip.valid ? "null" : slip.warnings.length || slip.penalties.length ? "warned" : "valid");

// This page's slips of a round that the game's last answer does not hold yet
// (sent, failed, or ruled after it).
const pending = (game, number) => slips.entries.filter((e) => e.round === number
  && !(e.status === "ruled" && e.version <= game.version));

// The rows of a round: its slips as the game last answered (each as written,
// whichever device entered it), then this page's pending ones; latest first.
export function roundRows(game, number) {
  const round = game.rounds[number - 1];
  const rows = (round ? round.slips : []).map((slip) => ({ player: slip.player, slip, written: slip.written }));
  for (const e of pending(game, number)) rows.push({ player: e.player, slip: e.slip, written: e, entry: e });
  return rows.reverse();
}

// The slips of move ``number``; ``fix(round, slip)``, when this device may
// correct them, is each standing slip's button.  A button that had the focus
// keeps it through a new answer (or, its slip gone, the move's picker takes it).
export function renderSlips(game, number, fix) {
  const names = game.players;
  const focused = document.activeElement?.dataset?.fix;
  $("slips-title").textContent = fmt(S.slips_of, { round: number });
  $("slips").classList.toggle("fixable", Boolean(fix));
  $("slips").tBodies[0].replaceChildren(...roundRows(game, number).map((row) => {
    const { slip, written, entry } = row;
    let ruling = slip ? rulingText(slip, written) : entry.status === "failed" ? entry.error : S.sending;
    if (slip && slip.corrected) ruling += ` · ${S.corrected}`;
    const cls = slip ? kind(slip) : entry.status === "failed" ? "failed" : "sending";
    const ref = (written && written.reference) || (slip && slip.reference) || "";  // as written; the ruling says where it was ruled
    const who = `${row.player + 1} ${names[row.player]}`;
    const button = fix && !entry ? el("button", {
      type: "button", class: "fix", "data-fix": `${number}:${slip.number}`, "aria-label": fmt(S.fix_slip_of, { name: who }), text: S.fix,
    }) : null;
    if (button) button.addEventListener("click", () => fix(number, slip));
    return el("tr", { class: cls },
      el("td", { text: who }),
      el("td", { class: "word", text: written ? written.word : "" }),
      el("td", { text: ref }),
      el("td", { text: ruling }),
      el("td", { class: "num", text: slip ? String(slip.points) : "" }),
      el("td", { class: "act" }, button));
  }));
  if (focused) (document.querySelector(`#slips [data-fix="${focused}"]`) || $("slips-round")).focus();
}

// The players without a slip in the round (this page's failed ones do not count).
export function missingPlayers(game) {
  const round = game.rounds[game.round - 1];
  const has = new Set((round ? round.slips : []).map((s) => s.player));
  for (const e of pending(game, game.round)) if (e.status !== "failed") has.add(e.player);
  return game.players.map((name, i) => [i, name]).filter(([i]) => !has.has(i));
}

function showRuling(entry, names) {
  const who = fmt(S.player_is, { number: entry.player + 1, name: names[entry.player] });
  const what = [entry.word, entry.reference].filter(Boolean).join(" ");
  const text = entry.slip ? rulingText(entry.slip, entry) : entry.status === "failed" ? entry.error : S.sending;
  const cls = entry.slip ? kind(entry.slip) : entry.status;
  const points = entry.slip ? el("strong", { class: "points", text: String(entry.slip.points) }) : null;
  $("ruling").replaceChildren(el("p", { class: cls }, el("span", { class: "who", text: `${who}${what ? " · " + what : ""}` }),
    el("span", { class: "what", text }), points));
}

export function wireSlips(ctx) {
  const form = $("slip-form");
  const fields = { player: $("slip-player"), word: $("slip-word"), ref: $("slip-ref"), score: $("slip-score") };
  const names = () => ctx.game().players;
  fields.player.addEventListener("input", () => {
    const p = playerOf(fields.player.value, names());
    $("player-name").textContent = fields.player.value.trim() === "" ? "" : p === null ? S.no_player : fmt(S.player_is, { number: p + 1, name: names()[p] });
    $("player-name").classList.toggle("bad", p === null);
  });
  fields.ref.addEventListener("input", () => {
    const text = fields.ref.value.trim();
    const ref = readReference(text);
    $("ref-hint").textContent = !text ? "" : ref ? (ref.across ? S.across : S.down) : S.bad_ref;
    $("ref-hint").classList.toggle("bad", Boolean(text) && !ref);
  });

  async function send(entry) {
    slips.entries.push(entry);
    const game = ctx.game();
    for (const f of Object.values(fields)) f.value = "";
    $("slip-late").checked = false;
    $("slip-illegible").checked = false;
    $("player-name").textContent = "";
    $("ref-hint").textContent = "";
    fields.player.focus();
    showRuling(entry, game.players);
    ctx.changed();
    const body = { player: entry.player, word: entry.word, reference: entry.reference || null, score: entry.score };
    if (entry.late) body.late = true;
    if (entry.illegible) body.illegible = true;
    const r = await api("POST", `/api/v1/duplicates/${game.id}/slips`, body, ctx.token());
    if (r.ok) {
      Object.assign(entry, { status: "ruled", slip: r.data.slip, version: r.data.version });
    } else {
      Object.assign(entry, { status: "failed", error: problemText(r.data, r.status) });
      if (r.status === 409) ctx.refresh();
    }
    if (entry.seq === slips.seq) showRuling(entry, ctx.game().players);
    ctx.changed();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const game = ctx.game();
    const player = playerOf(fields.player.value, game.players);
    if (player === null) { $("player-name").textContent = S.no_player; fields.player.focus(); fields.player.select(); return; }
    const reference = fields.ref.value.trim().toUpperCase();
    if (reference && !readReference(reference)) { fields.ref.focus(); fields.ref.select(); return; }
    const scoreText = fields.score.value.trim();
    if (scoreText && !/^\d+$/.test(scoreText)) { fields.score.focus(); fields.score.select(); return; }
    slips.seq += 1;
    const entry = {
      seq: slips.seq, round: game.round, player, word: fields.word.value.trim(), reference,
      score: scoreText === "" ? null : Number(scoreText), late: $("slip-late").checked,
      illegible: $("slip-illegible").checked, status: "sending", slip: null, version: 0,
    };
    if (missingPlayers(game).some(([i]) => i === player)) send(entry);
    else {
      confirmThen(fmt(S.second_slip, { name: `${player + 1} ${game.players[player]}` }), () => send(entry),
        () => { slips.seq -= 1; fields.player.focus(); });
    }
  });
}
