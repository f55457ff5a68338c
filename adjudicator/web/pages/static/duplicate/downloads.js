// What the arbiter's page gives to keep: the game's record (JSON, read with the
// write token until the game is over) and the standings (CSV); once the game is
// over, the way to play it again alone.

import { api, problemText } from "./api.js";
import { $, el } from "./common.js";

let ctx = null; // {game, token, message}

// A file saved from data in hand: the browser's download of an object URL.
function save(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function downloadRecord() {
  const game = ctx.game();
  const r = await api("GET", `/api/v1/duplicates/${game.id}/record`, undefined, ctx.token());
  if (!r.ok) { ctx.message(problemText(r.data, r.status)); return; }
  save(`duplicate-${game.id}.json`, "application/json", JSON.stringify(r.data, null, 1));
}

export function renderDownloads(game, token) {
  const over = game.phase === "over";
  $("record-download").hidden = !(token || over);  // a game in play: its writer's alone
  $("alone-line").hidden = !over || Boolean(game.replay_of);
}

export function wireDownloads(context) {
  ctx = context;
  const id = ctx.game().id;
  $("csv-download").href = `/api/v1/duplicates/${id}/standings.csv`;
  $("csv-download").setAttribute("download", "");  // named by the server
  $("alone-link").href = `/duplicate/${id}/alone`;
  $("record-download").addEventListener("click", downloadRecord);
}
