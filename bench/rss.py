"""Part of the memory section: each worker's RSS over a minute of load from one
address, at the default rate limits.

Before the server starts, ``GAMES`` club games are imported into its own
database (the game records, over and over), and its game cache is given
``GAME_CACHE_BYTES``, room for about a third of them, so that every worker
keeps dropping games and replaying them.  ``adjudicator serve`` runs with its
default 2 workers, and wrk (one thread, 64 connections) cycles through
:func:`mixed_load`.  The rate limit is the default (6,000 a minute, counted in
each worker), so once a minute's budget is spent the answers are 429; the
server's own metrics split them by status.  After a warm-up of the same load,
each worker's ``VmRSS`` (``/proc/PID/status``) is read, and again at the end.
Guard: no worker ends above 1.10x its start.
"""

from __future__ import annotations

import collections
import random
import sys
import typing as t
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from adjudicator.settings import SETTINGS
from bench import wrk
from bench.cases import Case, Record
from bench.httpbench import checks, word_gets
from bench.server import HOST, Server
from bench.wrk import Req

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

GAMES = 160
GAME_CACHE_BYTES = 4 * 1024 * 1024
CONNECTIONS = 64
WORKERS = 2  # adjudicator serve's default
DEFAULT_LIMIT = next(s.default for s in SETTINGS if s.name == "ratelimit_default")


def make_games(db: Path, records: list[Record], cases: list[Case], n: int) -> list[str]:
    """Import ``n`` games into ``db`` in this process (no rate limit); without
    records, the synthetic plays, up to the first refused, make one game that is
    exported and imported again."""
    from adjudicator.errors import PlacementError
    from adjudicator.services.game_events import EventIn
    from adjudicator.web import create_app
    from adjudicator.web.runtime.extension import runtime

    app = create_app(
        {"database_url": f"sqlite:///{db}", "ratelimit_default": "off", "log_level": "WARNING"}
    )
    games = runtime(app).games
    texts = [(r.text, r.ruleset) for r in records]
    if not texts:
        game = games.create("scrabble-en", ["Ann", "Bob"])
        for version, case in enumerate(cases[:20]):
            spec = EventIn(type="play", player=version % 2, move=case.move)
            try:
                games.add_event(game.id, game.token, version, spec)
            except PlacementError:  # the synthetic plays do not all follow each other
                break
        texts = [(games.export_gcg(game.id), "scrabble-en")]
    ids = [games.import_gcg(*texts[i % len(texts)]).id for i in range(n)]
    runtime(app).store.dispose()
    return ids


def mixed_load(registry: Registry, game_ids: list[str]) -> list[Req]:
    """A GET of every game; 400 words, each looked up 4 times (the commonest
    request); 4 checks of 100 words; shuffled."""
    words = [*word_gets(registry, "scrabble-en", 200), *word_gets(registry, "erudite-ru", 200)]
    reqs = [
        *words * 4,
        *[Req("GET", f"/api/v1/games/{id_}") for id_ in game_ids],
        *checks(registry, 100, 4),
    ]
    random.Random(37).shuffle(reqs)
    return reqs


def rss_kib(pid: int) -> dict[str, int]:
    """``VmRSS`` and ``RssAnon`` (the heap's share of it), in KiB."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    fields = dict(ln.split(":", 1) for ln in lines if ln.startswith(("VmRSS:", "RssAnon:")))
    return {k: int(v.split()[0]) for k, v in fields.items()}


def answers(port: int) -> collections.Counter[str]:
    """Requests answered so far by every worker, by status (the service's metrics)."""
    with urllib.request.urlopen(f"http://{HOST}:{port}/metrics", timeout=10) as resp:
        text = resp.read().decode()
    out: collections.Counter[str] = collections.Counter()
    for family in text_string_to_metric_families(text):
        if family.name == "adjudicator_http_requests":
            for s in family.samples:
                if s.name.endswith("_total") and s.labels["endpoint"] != "/metrics":
                    out[s.labels["status"]] += int(s.value)
    return out


def run(
    workdir: Path,
    registry: Registry,
    records: list[Record],
    cases: list[Case],
    seconds: int = 60,
    warmup: int = 10,
) -> dict[str, t.Any]:
    db = workdir / "rss.db"
    game_ids = make_games(db, records, cases, GAMES)
    load = mixed_load(registry, game_ids)
    env = {
        "ADJUDICATOR_DATABASE_URL": f"sqlite:///{db}",
        "ADJUDICATOR_RATELIMIT_DEFAULT": DEFAULT_LIMIT,
        "ADJUDICATOR_GAME_CACHE_BYTES": str(GAME_CACHE_BYTES),
    }
    with Server(workdir, WORKERS, **env) as srv:
        srv.wait_ready()
        wrk.run(srv.port, load, warmup, connections=CONNECTIONS)
        workers = srv.pids()[1:]
        start = {pid: rss_kib(pid) for pid in workers}
        before = answers(srv.port)
        got = wrk.run(srv.port, load, seconds, connections=CONNECTIONS)
        end = {pid: rss_kib(pid) for pid in srv.pids()[1:]}
        counted = answers(srv.port) - before
    if set(end) != set(start):
        raise RuntimeError(f"workers changed during the load: {sorted(start)} -> {sorted(end)}")
    per_worker = [
        {
            "start_mib": round(start[p]["VmRSS"] / 1024, 1),
            "end_mib": round(end[p]["VmRSS"] / 1024, 1),
            "anon_start_mib": round(start[p]["RssAnon"] / 1024, 1),
            "anon_end_mib": round(end[p]["RssAnon"] / 1024, 1),
        }
        for p in workers
    ]
    worst = max(w["end_mib"] / w["start_mib"] for w in per_worker)
    ok = sum(n for status, n in counted.items() if status.startswith("2"))
    other = sum(counted.values()) - ok - counted["429"]
    rss = ", ".join(f"{w['start_mib']}->{w['end_mib']}" for w in per_worker)
    print(
        f"  RSS {rss} MiB; {ok} 2xx, {counted['429']} 429 in {seconds} s; {got['rps']:.0f} req/s",
        file=sys.stderr,
    )
    return {
        "seconds": seconds,
        "warmup_s": warmup,
        "connections": CONNECTIONS,
        "workers": per_worker,
        "worst_ratio": round(worst, 3),
        "games": len(game_ids),
        "game_cache_mib": GAME_CACHE_BYTES / 2**20,
        "answers": {"2xx": ok, "429": counted["429"], "other": other},
        "rps": round(got["rps"], 1),
        "p50_ms": round(got["p50_ms"], 2),
        "p99_ms": round(got["p99_ms"], 2),
        "socket_errors": got["errors"],
    }
