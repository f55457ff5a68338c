// What the page brings with it, and small helpers over its document.  The
// words come translated in #strings ({name} marks a value); each ruleset's
// tiles, board and rules in #rulesets.

export const $ = (id) => document.getElementById(id);

export const S = JSON.parse($("strings").textContent);
export const RULESETS = JSON.parse($("rulesets").textContent);
export const LANG = document.documentElement.lang || "en";
export const gameId = document.body.dataset.game;
export const needsKey = document.body.dataset.needsKey === "true";

export const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

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
