// What the page brings with it, and small helpers over its document.  The
// words come translated in #strings ({name} marks a value); each ruleset's
// tiles, board and rules in #rulesets.

import { el, fmt } from "../after-game.js";

export const $ = (id) => document.getElementById(id);

export const S = JSON.parse($("strings").textContent);
export const RULESETS = JSON.parse($("rulesets").textContent);
export const LANG = document.documentElement.lang || "en";
export const gameId = document.body.dataset.game;
export const needsKey = document.body.dataset.needsKey === "true";

// The helpers the after-game view shares with the spectator page.
export { el, fmt };

export const say = (text) => { $("live").textContent = text; };
export const message = (text) => { $("message").textContent = text || ""; };

// A problem the API answers, in this page's words: its code's message with the
// problem's fields (a player's number by name), else the API's own English detail.
export function problem(data, status, names = []) {
  const text = (S.problems || {})[data.code];
  if (!text) return data.detail || String(status);
  const values = { ...data };
  for (const k of ["player", "turn"]) if (typeof values[k] === "number" && names[values[k]]) values[k] = names[values[k]];
  return fmt(text, values);
}
