"""The http section: each endpoint's requests/s as a ratio to the app's own ``/ping``.

The server runs as the README starts it (``adjudicator serve``, 4 workers).  A
round runs ``ping, E1, ping, E2, ..., ping`` for a second each; an endpoint's
ratio in a round is its requests/s over the mean of the two pings around it,
and the figure is the median over the rounds, so a neighbour's load on a
shared machine moves ping and endpoint alike.  The server's CPU time per
request (master and workers, from ``/proc``) gives a second, often steadier
ratio: ping's CPU per request over the endpoint's.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import typing as t
import urllib.parse
from pathlib import Path

from bench import wrk
from bench.cases import Case, Record, sample_words, score_body
from bench.server import Server, request
from bench.wrk import PING, Req

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


def _post(path: str, body: t.Any) -> Req:
    return Req("POST", path, json.dumps(body, ensure_ascii=False).encode())


def word_gets(registry: Registry, ruleset: str, n: int = 500) -> list[Req]:
    rules = registry.ruleset(ruleset)
    words = sample_words(registry.checker(ruleset).lexicon, rules, n, seed=23)
    return [Req("GET", f"/api/v1/words/{urllib.parse.quote(w)}?ruleset={ruleset}") for w in words]


def checks(registry: Registry, size: int, lists: int) -> list[Req]:
    rules = registry.ruleset("scrabble-en")
    pool = sample_words(registry.checker("scrabble-en").lexicon, rules, size * lists, seed=29)
    return [
        _post("/api/v1/words/check", {"ruleset": "scrabble-en", "words": pool[i : i + size]})
        for i in range(0, size * lists, size)
    ]


def scores(cases: list[Case], n: int = 600) -> list[Req]:
    return [_post("/api/v1/score", score_body(c)) for c in cases[:: max(1, len(cases) // n)][:n]]


def mixed_load(registry: Registry, cases: list[Case]) -> list[Req]:
    """Every kind of request, for the memory section to run on every worker."""
    return [
        *word_gets(registry, "scrabble-en", 200),
        *word_gets(registry, "erudite-ru", 200),
        *checks(registry, 100, 4),
        *scores(cases, 200),
    ]


def make_game(port: int, records: list[Record], cases: list[Case]) -> tuple[str, str]:
    """Import the first English record of 20 events or more; without records, play
    the synthetic cases into a new game until one is refused.  (game id, what it is)"""
    for rec in records:
        if rec.ruleset == "scrabble-en" and rec.text.count("\n>") >= 20:
            status, data = request(
                port, "POST", "/api/v1/games/import", {"gcg": rec.text, "ruleset": rec.ruleset}
            )
            if status == 201:
                return json.loads(data)["id"], f"imported {rec.name}"
    status, data = request(
        port, "POST", "/api/v1/games", {"ruleset": "scrabble-en", "players": ["A", "B"]}
    )
    if status != 201:
        raise RuntimeError(f"creating a game answered {status}: {data[:300]!r}")
    game = json.loads(data)
    auth = {"Authorization": f"Bearer {game['token']}"}
    played = 0
    for c in cases[:20]:
        event = {"version": played, "type": "play", "player": played % 2, "move": c.move}
        if request(port, "POST", f"/api/v1/games/{game['id']}/events", event, auth)[0] != 201:
            break
        played += 1
    return game["id"], f"{played} synthetic plays"


def endpoints(registry: Registry, cases: list[Case], game_id: str) -> dict[str, list[Req]]:
    return {
        "GET word, English": word_gets(registry, "scrabble-en"),
        "GET word, Russian": word_gets(registry, "erudite-ru"),
        "POST check, 100 words": checks(registry, 100, 10),
        "POST check, 1,000 words": checks(registry, 1000, 4),
        "POST score": scores(cases),
        "GET game": [Req("GET", f"/api/v1/games/{game_id}")],
    }


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds these processes have used so far."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def timed(srv: Server, reqs: list[Req], seconds: int) -> dict[str, t.Any]:
    """One wrk run, with the server's CPU µs per request during it."""
    pids = srv.pids()
    before = cpu_seconds(pids)
    got = wrk.run(srv.port, reqs, seconds)
    got["cpu_us"] = (cpu_seconds(pids) - before) / max(1, got["requests"]) * 1e6
    return got


def run(
    registry: Registry,
    cases: list[Case],
    records: list[Record],
    workdir: Path,
    rounds: int,
    seconds: int = 1,
    workers: int = 4,
) -> dict[str, t.Any]:
    with Server(workdir, workers) as srv:
        srv.wait_ready()
        game_id, game = make_game(srv.port, records, cases)
        eps = endpoints(registry, cases, game_id)
        for name, reqs in eps.items():  # every prepared request must answer 2xx
            for r in reqs[:: max(1, len(reqs) // 20)]:
                status, data = request(srv.port, r.method, r.path, r.body and json.loads(r.body))
                if not 200 <= status < 300:
                    raise RuntimeError(f"{name}: {r.path} answered {status}: {data[:300]!r}")
        for reqs in [[PING], *eps.values()]:  # so every worker has run every endpoint
            wrk.run(srv.port, reqs, 1)
        pings: list[dict[str, t.Any]] = []
        runs: dict[str, list[dict[str, t.Any]]] = {name: [] for name in eps}
        for i in range(rounds):
            before = timed(srv, [PING], seconds)
            pings.append(before)
            for name, reqs in eps.items():
                got = timed(srv, reqs, seconds)
                after = timed(srv, [PING], seconds)
                pings.append(after)
                got["ratio"] = got["rps"] / statistics.fmean([before["rps"], after["rps"]])
                got["cpu_ratio"] = statistics.fmean([before["cpu_us"], after["cpu_us"]]) / max(
                    got["cpu_us"], 1e-9
                )
                runs[name].append(got)
                print(
                    f"  round {i + 1}: {name}: {got['rps']:.0f} req/s, "
                    f"ping {before['rps']:.0f}/{after['rps']:.0f}, ratio {got['ratio']:.2f}",
                    file=sys.stderr,
                )
                before = after
        refusal = refusals(srv, eps["GET word, English"], workdir, rounds, seconds, workers)
    return {
        "refusal": refusal,
        "server": f"adjudicator serve --workers {workers}",
        "rounds": rounds,
        "seconds": seconds,
        "game": game,
        "ping": _summary(pings),
        "endpoints": {name: _summary(r) for name, r in runs.items()},
    }


def refusals(
    srv: Server, lookups: list[Req], workdir: Path, rounds: int, seconds: int, workers: int
) -> dict[str, t.Any]:
    """What a 429 costs: the same word GETs against a second server whose limit
    (1 an hour) refuses them all, in rounds between runs on the open server."""
    with Server(workdir, workers, ADJUDICATOR_RATELIMIT_DEFAULT="1/hour") as closed:
        closed.wait_ready()
        wrk.run(closed.port, lookups, 1)  # every worker has refused once
        refused, looked_up = [], []
        for _ in range(rounds):
            looked_up.append(timed(srv, lookups, seconds))
            got = timed(closed, lookups, seconds)
            if got["non_2xx"] < got["requests"] * 0.99:
                raise RuntimeError(
                    f"the closed server refused only {got['non_2xx']} of {got['requests']}"
                )
            refused.append(got)
    ratios = [r["rps"] / max(lk["rps"], 1e-9) for r, lk in zip(refused, looked_up, strict=True)]
    return {
        "refused_rps": round(statistics.median(r["rps"] for r in refused), 1),
        "lookup_rps": round(statistics.median(r["rps"] for r in looked_up), 1),
        "ratio": round(statistics.median(ratios), 3),
        "ratios": [round(x, 3) for x in ratios],
        # Server CPU per request: a lookup's over a refusal's.
        "cpu_ratio": round(
            statistics.median(
                lk["cpu_us"] / max(r["cpu_us"], 1e-9)
                for r, lk in zip(refused, looked_up, strict=True)
            ),
            3,
        ),
    }


def _summary(runs: list[dict[str, t.Any]]) -> dict[str, t.Any]:
    """Medians over the runs, the ratios of each round, and every error counted."""
    out: dict[str, t.Any] = {
        k: round(statistics.median(r[k] for r in runs), 3)
        for k in ("rps", "p50_ms", "p99_ms", "cpu_us", "ratio", "cpu_ratio")
        if k in runs[0]
    }
    if "ratio" in out:
        out["ratios"] = [round(r["ratio"], 3) for r in runs]
    out["errors"] = sum(r["errors"] + r["non_2xx"] for r in runs)
    return out
