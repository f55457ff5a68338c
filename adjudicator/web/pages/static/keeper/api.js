// The games API, and what this browser keeps: each game's write token and
// clock in localStorage; the client key in this tab's sessionStorage only.

const CLIENT_KEY = "adjudicator.keeper.key";
const GAME_PREFIX = "adjudicator.keeper.";

export const store = {
  load(id) {
    try { return JSON.parse(localStorage.getItem(GAME_PREFIX + id)) || {}; } catch (e) { return {}; }
  },
  save(id, data) { localStorage.setItem(GAME_PREFIX + id, JSON.stringify(data)); },
};

export function setClientKey(value) {
  sessionStorage.setItem(CLIENT_KEY, value);
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const key = sessionStorage.getItem(CLIENT_KEY);
  if (key) headers["X-API-Key"] = key;
  if (token) headers["X-Game-Token"] = token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { status: response.status, ok: response.ok, data: data || {} };
}
