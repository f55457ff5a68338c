// The Duplicate API, and what this browser keeps of a game: its write token
// (the API keeps each slip as written, so another device shows its word too).

import { S, fmt } from "./common.js";

const PREFIX = "adjudicator.duplicate.";

export const store = {
  load(id) {
    try { return JSON.parse(localStorage.getItem(PREFIX + id)) || {}; } catch (e) { return {}; }
  },
  save(id, data) { localStorage.setItem(PREFIX + id, JSON.stringify(data)); },
};

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Game-Token"] = token;
  let response;
  try {
    response = await fetch(path, { method, headers, cache: "no-store", body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    return { status: 0, ok: false, data: { code: "offline" } };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { status: response.status, ok: response.ok, data: data || {} };
}

// The round's minimum of vowels and consonants (the ruleset's draw_minimums).
function minimum(rules, round) {
  const rows = (rules.duplicate && rules.duplicate.draw_minimums) || [];
  return rows.find((m) => m.until && round <= m.until) || rows.find((m) => !m.until) || { vowels: 0, consonants: 0 };
}

// A problem the API answers, in the page's words: a refused draw by its reason
// (with what the page knows: the draw's size, the rack left), else by its code
// with the problem's fields; else the API's own English detail.
export function problemText(data, status, context = {}) {
  const P = S.problems;
  if (data.code === "invalid-draw") {
    const m = minimum(context.rules || {}, data.round);
    const text = P["draw-" + data.reason];
    if (text) return fmt(text, { ...data, ...m, size: context.size, kept: context.kept || "—" });
  }
  if (data.code === "unknown-duplicate-player") return fmt(P[data.code], { player: data.player + 1 });
  if (data.code === "invalid-duplicate-record") return fmt(P[data.code], { ...data, event: data.event + 1 });
  if (context.record && data.code === "malformed-request") return P["not-a-record"];
  const text = P[data.code];
  return text ? fmt(text, data) : data.detail || String(status);
}
