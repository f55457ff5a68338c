// What the judge page brings with it, shared by its modules: its document, its
// words (translated by the server's catalogues, in #strings; {name} marks a
// value) and the keys this tab holds.

export const $ = (id) => document.getElementById(id);

export const T = JSON.parse($("strings").textContent);

export const fmt = (text, values) =>
  text.replace(/\{(\w+)\}/g, (all, k) => (k in values ? values[k] : all));

// The admin key lives only in this tab's sessionStorage, never in localStorage
// with the settings, never in the page.  It lets the director edit the house
// list after a ruling (and asks for the ruling's words, revealed).
export const ADMIN_STORE = "adjudicator.judge.admin";
export const adminKey = () => sessionStorage.getItem(ADMIN_STORE);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) { node.className = className; }
  if (text !== undefined) { node.textContent = text; }
  return node;
}
