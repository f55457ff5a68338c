// The spectator page follows the game.  Every few seconds it asks
// GET /api/v1/games/<id> for the game's version; when that changes it fetches
// this page again (the server says everything in the reader's language) and
// puts its status, scores and moves in place, then the board picture.
// Without script the page is still complete; it just does not move.  Once the
// game is over, spectator-after.js adds each turn's best play.
"use strict";

(function () {
  const main = document.getElementById("game");
  if (!main || !window.fetch || !window.DOMParser) { return; }
  const strings = JSON.parse(document.getElementById("strings").textContent);
  const every = parseInt(main.dataset.pollMs, 10) || 4000;
  const live = document.getElementById("live");
  let version = parseInt(main.dataset.version, 10);
  let failures = 0;
  let timer = null;
  let busy = false;

  function say(text) {
    live.textContent = text;
    live.hidden = false;
  }

  async function fetchOk(url, accept) {
    const response = await fetch(url, { cache: "no-store", headers: { Accept: accept } });
    if (!response.ok) { throw new Error(`${url}: ${response.status}`); }
    return response;
  }

  // The parts of the page that change, taken from a fresh copy of it.  The
  // elements stay (the status is a live region); only their contents move.
  function refresh(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    for (const id of ["status", "scores", "moves"]) {
      const now = document.getElementById(id);
      const then = fresh.getElementById(id);
      if (now && then) { now.replaceChildren(...Array.from(then.childNodes)); }
    }
    document.title = fresh.title;
  }

  async function redraw() {
    const svg = await (await fetchOk(main.dataset.boardUrl, "image/svg+xml")).text();
    // The picture's address does not change, so it comes as a data: URL
    // (the page's policy allows those for images) to be shown afresh.
    document.getElementById("board").src =
      "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  }

  // The players' clocks, as the keeper last posted them: the running one
  // counts down here between polls, from the age the server gave it.
  let clock = null;
  function setClock(given) {
    clock = given ? { ...given, since: performance.now() - given.age_ms } : null;
    showClock();
  }

  function clockText(ms) {
    const total = Math.ceil(Math.abs(ms) / 1000);
    const text = `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
    return ms < 0 ? "\u2212" + text : text;
  }

  function showClock() {
    if (!clock) { return; }
    const used = clock.running ? performance.now() - clock.since : 0;
    for (const cell of document.querySelectorAll("#scores td.clock")) {
      const i = parseInt(cell.dataset.player, 10);
      const ms = clock.left_ms[i] - (i === clock.player ? used : 0);
      cell.textContent = clockText(ms);
      cell.classList.toggle("over", ms < 0);
    }
  }

  // Once the game is over: the best plays (a module, loaded then).  It is extra:
  // whatever goes wrong with it, the page goes on following the game.
  let after = null;
  async function afterGame(game) {
    if (!after && game.status !== "over") { return; }
    try {
      after = after || await import(main.dataset.afterModule);
      await after.follow(main, strings, game);
    } catch (e) {
      // nothing of it is shown
    }
  }

  async function poll() {
    timer = null;
    if (busy) { return; }
    busy = true;
    try {
      const game = await (await fetchOk(main.dataset.apiUrl, "application/json")).json();
      if (game.version !== version) {
        const page = `${window.location.pathname}?lang=${encodeURIComponent(main.dataset.lang)}`;
        refresh(await (await fetchOk(page, "text/html")).text());
        await redraw();
        version = game.version;
        main.dataset.version = String(version);
        afterGame(game);
      }
      setClock(game.clock);
      failures = 0;
      say(strings.live);
    } catch (e) {
      failures += 1;
      say(strings.lost);
    }
    busy = false;
    schedule();
  }

  function schedule() {
    if (timer !== null || busy || document.hidden) { return; }
    // Back off while the server cannot be reached, up to a minute.
    timer = window.setTimeout(poll, Math.min(every * 2 ** Math.min(failures, 4), 60000));
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      window.clearTimeout(timer);
      timer = null;
    } else if (timer === null) {
      poll();  // back on the page: catch up at once
    }
  });
  say(strings.live);
  if (main.dataset.status === "over") {
    fetchOk(main.dataset.apiUrl, "application/json").then((r) => r.json()).then(afterGame, () => {});
  }
  setClock(JSON.parse(document.getElementById("clock").textContent));
  window.setInterval(showClock, 1000);
  schedule();
})();
