"""HTTP figures: each endpoint timed alternately with the app's bare ``/ping``.

One round runs ``ping, E1, ping, E2, ..., ping, En, ping``; an endpoint's ratio
in a round is its requests/s over the mean of the two pings around it.  The
reported figures are medians over the rounds, so a neighbour's load on a
shared machine shifts ping and endpoint alike.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import typing as t
import urllib.parse
from pathlib import Path

from bench import load
from bench.load import Req
from bench.records import Case, Record, score_body
from bench.server import Server, bare_flask_command, request
from bench.words import sample_words

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

PING = Req("GET", "/ping")


def _json(body: t.Any) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode()


def _word_gets(registry: Registry, ruleset: str, n: int = 500) -> list[Req]:
    rules = registry.ruleset(ruleset)
    words = sample_words(registry.lexicons[rules.lexicon or ""], rules, n, seed=23)
    return [Req("GET", f"/api/v1/words/{urllib.parse.quote(w)}?ruleset={ruleset}") for w in words]


def _checks(registry: Registry, size: int, lists: int) -> list[Req]:
    rules = registry.ruleset("scrabble-en")
    pool = sample_words(registry.lexicons[rules.lexicon or ""], rules, size * lists, seed=29)
    return [
        Req(
            "POST",
            "/api/v1/words/check",
            _json({"ruleset": "scrabble-en", "words": pool[i * size : (i + 1) * size]}),
        )
        for i in range(lists)
    ]


def _scores(cases: list[Case], n: int = 600) -> list[Req]:
    step = max(1, len(cases) // n)
    return [Req("POST", "/api/v1/score", _json(score_body(c))) for c in cases[::step][:n]]


def mixed_load(registry: Registry, cases: list[Case]) -> list[Req]:
    """Every kind of request the memory measures run on every worker: word GETs in
    both languages, 100-word checks and record placements scored."""
    return [
        *_word_gets(registry, "scrabble-en", 200),
        *_word_gets(registry, "erudite-ru", 200),
        *_checks(registry, 100, 4),
        *_scores(cases, 200),
    ]


def import_game(port: int, recs: list[Record], cases: list[Case]) -> tuple[str | None, str]:
    """Import the first English record with 20+ events; without records, build a game
    from synthetic plays through the events API.  Returns (game id, what it is)."""
    for rec in recs:
        if rec.ruleset != "scrabble-en" or rec.text.count("\n>") < 20:
            continue
        status, data = request(
            port, "POST", "/api/v1/games/import", {"gcg": rec.text, "ruleset": rec.ruleset}
        )
        if status == 201:
            return json.loads(data)["id"], f"imported {rec.rel}"
    status, data = request(
        port, "POST", "/api/v1/games", {"ruleset": "scrabble-en", "players": ["A", "B"]}
    )
    if status != 201:
        return None, f"could not create a game: {status} {data[:200]!r}"
    game = json.loads(data)
    import http.client

    version = 0
    for c in cases:
        if c.source != "synthetic" or version >= 20:
            continue
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        body = {"version": version, "type": "play", "player": version % 2, "move": c.move}
        conn.request(
            "POST",
            f"/api/v1/games/{game['id']}/events",
            body=_json(body),
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {game['token']}",
            },
        )
        resp = conn.getresponse()
        resp.read()
        conn.close()
        if resp.status != 201:
            break
        version += 1
    return game["id"], f"built from {version} synthetic plays"


def endpoints(registry: Registry, cases: list[Case], game_id: str | None) -> dict[str, list[Req]]:
    out = {
        "GET /api/v1/words/<w> scrabble-en": _word_gets(registry, "scrabble-en"),
        "GET /api/v1/words/<w> erudite-ru": _word_gets(registry, "erudite-ru"),
        "POST /api/v1/words/check 100 words": _checks(registry, 100, 10),
        "POST /api/v1/words/check 1000 words": _checks(registry, 1000, 4),
        "POST /api/v1/score": _scores(cases),
    }
    if game_id is not None:
        out["GET /api/v1/games/<id>"] = [Req("GET", f"/api/v1/games/{game_id}")]
    return out


def ratio_endpoints(endpoints: dict[str, list[Req]]) -> dict[str, list[Req]]:
    """The endpoints with a ratio target: the word GETs and the score."""
    return {k: v for k, v in endpoints.items() if "words/<w>" in k or "score" in k}


def _check_answers(port: int, name: str, reqs: list[Req]) -> None:
    """Every prepared request must answer 2xx before it is timed."""
    for r in reqs[:: max(1, len(reqs) // 20)]:
        body = None if r.body is None else json.loads(r.body)
        status, data = request(port, r.method, r.path, body)
        if not 200 <= status < 300:
            raise RuntimeError(f"{name}: {r.method} {r.path} answered {status}: {data[:300]!r}")


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by these processes (from /proc/PID/stat)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / _TICK


def timed(srv: Server, reqs: list[Req], seconds: float, connections: int, tool: str) -> dict:
    """One load run, plus the server's CPU time per request during it."""
    pids = [srv.pid, *srv.worker_pids()]
    before = cpu_seconds(pids)
    got = load.run(srv.port, reqs, seconds, connections, tool)
    used = cpu_seconds(pids) - before
    got["server_cpu_us_per_request"] = (
        round(used / got["requests"] * 1e6, 1) if got["requests"] else None
    )
    return got


def server_times(log: Path) -> dict[str, dict[str, float]]:
    """Server-side ms per route from the app's JSON access log (``duration_ms``), if any."""
    per: dict[str, list[float]] = {}
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError:
        return {}
    for line in lines:
        if not line.startswith("{") or '"duration_ms"' not in line:
            continue
        try:
            rec = json.loads(line)
            key = f"{rec['method']} {rec['endpoint']}"
            per.setdefault(key, []).append(float(rec["duration_ms"]))
        except (ValueError, KeyError):
            continue
    return {
        k: {
            "count": len(v),
            "median_ms": round(statistics.median(v), 3),
            "p99_ms": round(statistics.quantiles(v, n=100)[98], 3) if len(v) > 1 else v[0],
        }
        for k, v in per.items()
    }


def run(
    registry: Registry,
    cases: list[Case],
    recs: list[Record],
    workdir: Path,
    *,
    workers: int = 4,
    seconds: float = 3.0,
    rounds: int = 3,
    connections: int = 8,
    ratelimit: str,
    tool: str,
    only: t.Sequence[str] = (),
) -> dict[str, t.Any]:
    with Server(workdir, workers, ratelimit) as srv:
        srv.wait_ready()
        game_id, game_note = import_game(srv.port, recs, cases)
        eps = endpoints(registry, cases, game_id)
        if only:
            eps = {k: v for k, v in eps.items() if any(o in k for o in only)}
        for name, reqs in eps.items():
            _check_answers(srv.port, name, reqs)
        # Warm-up: every worker sees every endpoint once or more.
        for reqs in [[PING], *eps.values()]:
            load.run(srv.port, reqs, 1, connections, tool)
        pings, runs, ratios, cpu_ratios = alternate(
            srv, eps, rounds=rounds, seconds=seconds, connections=connections, tool=tool
        )
        reference = bare_flask_reference(
            workdir,
            srv,
            workers=workers,
            seconds=seconds,
            rounds=rounds,
            connections=connections,
            tool=tool,
        )
        log = srv.log
    logged = server_times(log)
    result: dict[str, t.Any] = {
        "server": {
            "command": "adjudicator serve (gunicorn, sync workers, preload_app)",
            "workers": workers,
            "ratelimit": ratelimit,
        },
        "load": {
            "tool": tool,
            "connections": connections,
            "seconds_per_run": seconds,
            "rounds": rounds,
            "threads": 1,
        },
        "game": game_note,
        "ping": _medians(pings),
        "bare_flask": reference,
        "endpoints": {},
    }
    routes = {
        "GET /api/v1/words/<w>": "GET /api/v1/words/<path:word>",
        "POST /api/v1/words/check": "POST /api/v1/words/check",
        "POST /api/v1/score": "POST /api/v1/score",
        "GET /api/v1/games/<id>": "GET /api/v1/games/<id_>",
    }
    for name in eps:
        entry = _medians(runs[name])
        entry["ratio_to_ping"] = round(statistics.median(ratios[name]), 3)
        entry["ratios"] = [round(r, 3) for r in ratios[name]]
        # ping's server CPU per request over this endpoint's: the throughput ratio
        # the server alone would allow, steadier than req/s on a busy machine.
        entry["cpu_ratio_to_ping"] = round(statistics.median(cpu_ratios[name]), 3)
        entry["cpu_ratios"] = [round(r, 3) for r in cpu_ratios[name]]
        entry["requests_cycled"] = len(eps[name])
        route = next((v for k, v in routes.items() if name.startswith(k)), None)
        if route in logged and "check" not in name:
            entry["server_logged"] = logged[route]
        result["endpoints"][name] = entry
    if "GET /ping" in logged:
        result["ping"]["server_logged"] = logged["GET /ping"]
    return result


class Alternated(t.NamedTuple):
    pings: list[dict[str, t.Any]]  # every /ping run, in order
    runs: dict[str, list[dict[str, t.Any]]]  # each endpoint's runs, a round each
    ratios: dict[str, list[float]]  # req/s over the mean of the two pings around it
    cpu_ratios: dict[str, list[float]]  # ping's server CPU per request over the endpoint's


def alternate(
    srv: Server,
    eps: dict[str, list[Req]],
    *,
    rounds: int,
    seconds: float,
    connections: int,
    tool: str,
) -> Alternated:
    """Time each endpoint between two runs of ``/ping`` (``ping, E1, ping, E2, ...,
    ping`` per round) and take its ratios to the pings around it."""
    out = Alternated([], {k: [] for k in eps}, {k: [] for k in eps}, {k: [] for k in eps})
    for rnd in range(rounds):
        before = timed(srv, [PING], seconds, connections, tool)
        out.pings.append(before)
        for name, reqs in eps.items():
            got = timed(srv, reqs, seconds, connections, tool)
            after = timed(srv, [PING], seconds, connections, tool)
            out.pings.append(after)
            out.runs[name].append(got)
            out.ratios[name].append(got["rps"] / statistics.fmean([before["rps"], after["rps"]]))
            ping_cpu = statistics.fmean(
                [before["server_cpu_us_per_request"], after["server_cpu_us_per_request"]]
            )
            out.cpu_ratios[name].append(ping_cpu / got["server_cpu_us_per_request"])
            print(
                f"  round {rnd + 1}: {name}: {got['rps']:.0f} req/s, "
                f"ping {before['rps']:.0f}/{after['rps']:.0f}, "
                f"ratio {out.ratios[name][-1]:.2f}; server CPU "
                f"{got['server_cpu_us_per_request']:.0f} us/req vs ping {ping_cpu:.0f}",
                file=sys.stderr,
            )
            before = after
    return out


def bare_flask_reference(
    workdir: Path,
    ours: Server,
    *,
    workers: int,
    seconds: float,
    rounds: int,
    connections: int,
    tool: str,
) -> dict[str, t.Any]:
    """Our ``/ping`` against a bare Flask app's (``bench/bareapp.py``) under the same
    gunicorn settings, alternately: ``ours, bare, ours`` per round."""
    bare = Server(workdir, workers, "off")
    bare.command = bare_flask_command(bare.port, workers)
    with bare:
        bare.wait_ready()
        load.run(bare.port, [PING], 1, connections, tool)
        runs, ratios, cpu_ratios = [], [], []
        before = timed(ours, [PING], seconds, connections, tool)
        for _ in range(rounds):
            got = timed(bare, [PING], seconds, connections, tool)
            after = timed(ours, [PING], seconds, connections, tool)
            runs.append(got)
            ratios.append(statistics.fmean([before["rps"], after["rps"]]) / got["rps"])
            ours_cpu = statistics.fmean(
                [before["server_cpu_us_per_request"], after["server_cpu_us_per_request"]]
            )
            cpu_ratios.append(got["server_cpu_us_per_request"] / ours_cpu)
            before = after
    out = _medians(runs)
    out["ours_over_bare"] = round(statistics.median(ratios), 3)
    out["ours_over_bare_by_cpu"] = round(statistics.median(cpu_ratios), 3)
    out["ratios"] = [round(r, 3) for r in ratios]
    return out


def _medians(runs: list[dict[str, t.Any]]) -> dict[str, t.Any]:
    cpu = [r["server_cpu_us_per_request"] for r in runs if r.get("server_cpu_us_per_request")]
    return {
        "rps": round(statistics.median(r["rps"] for r in runs), 1),
        "server_cpu_us_per_request": round(statistics.median(cpu), 1) if cpu else None,
        "p50_ms": round(statistics.median(r["p50_ms"] for r in runs), 3),
        "p99_ms": round(statistics.median(r["p99_ms"] for r in runs), 3),
        "requests": sum(r["requests"] for r in runs),
        "errors": sum(r["errors"] for r in runs),
        "non_2xx": sum(r["non_2xx"] for r in runs),
        "runs": len(runs),
    }
