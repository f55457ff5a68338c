"""Closed-loop HTTP load: wrk with a Lua script when installed, else a Python generator.

Every run cycles through a list of prepared requests and reports requests/s,
p50/p90/p99 latency and the count of errors and non-2xx answers.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import shutil
import statistics
import subprocess
import tempfile
import time
import typing as t
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Req:
    method: str
    path: str
    body: bytes | None = None  # JSON


_LUA = """
local reqs = {}
init = function(args)
%(requests)s
end
local i = 0
request = function()
  i = i %% #reqs + 1
  return reqs[i]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%%d,"duration_us":%%d,"connect_errors":%%d,"read_errors":%%d,' ..
    '"write_errors":%%d,"status_errors":%%d,"timeouts":%%d,' ..
    '"p50_us":%%d,"p90_us":%%d,"p99_us":%%d,"mean_us":%%.1f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean))
end
"""


def _lua_string(data: str) -> str:
    level = "=" * 3
    while f"]{level}]" in data:
        level += "="
    return f"[{level}[{data}]{level}]"


def lua_script(reqs: t.Sequence[Req]) -> str:
    lines = []
    for r in reqs:
        if r.body is None:
            lines.append(
                f"  reqs[#reqs+1] = wrk.format({_lua_string(r.method)}, {_lua_string(r.path)})"
            )
        else:
            lines.append(
                f"  reqs[#reqs+1] = wrk.format({_lua_string(r.method)}, {_lua_string(r.path)}, "
                f'{{["Content-Type"]="application/json"}}, {_lua_string(r.body.decode())})'
            )
    return _LUA % {"requests": "\n".join(lines)}


def have_wrk() -> bool:
    return shutil.which("wrk") is not None


def run(
    port: int, reqs: t.Sequence[Req], seconds: float, connections: int, tool: str = "wrk"
) -> dict[str, t.Any]:
    if tool == "wrk":
        return _run_wrk(port, reqs, seconds, connections)
    return _run_python(port, reqs, seconds, connections)


def _run_wrk(port: int, reqs: t.Sequence[Req], seconds: float, connections: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(lua_script(reqs))
        script = fh.name
    try:
        out = subprocess.run(
            [
                "wrk",
                "-t1",
                f"-c{connections}",
                f"-d{max(1, round(seconds))}s",
                "--timeout",
                "10s",
                "-s",
                script,
                f"http://{HOST}:{port}/",
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=True,
        )
    finally:
        Path(script).unlink(missing_ok=True)
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("BENCHJSON "))
    raw = json.loads(line.split(" ", 1)[1])
    return _result(
        raw["requests"],
        raw["duration_us"] / 1e6,
        raw["p50_us"] / 1000,
        raw["p90_us"] / 1000,
        raw["p99_us"] / 1000,
        errors=raw["connect_errors"] + raw["read_errors"] + raw["write_errors"] + raw["timeouts"],
        non_2xx=raw["status_errors"],
    )


def _result(
    n: int, secs: float, p50: float, p90: float, p99: float, errors: int, non_2xx: int
) -> dict[str, t.Any]:
    return {
        "requests": n,
        "seconds": round(secs, 3),
        "rps": round(n / secs, 1) if secs else 0.0,
        "p50_ms": round(p50, 3),
        "p90_ms": round(p90, 3),
        "p99_ms": round(p99, 3),
        "errors": errors,
        "non_2xx": non_2xx,
    }


def _py_worker(args: tuple[int, list[Req], float, int]) -> tuple[list[float], int, int]:
    port, reqs, seconds, offset = args
    latencies: list[float] = []
    errors = non_2xx = 0
    i = offset
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        r = reqs[i % len(reqs)]
        i += 1
        start = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        try:
            headers = {"Content-Type": "application/json"} if r.body is not None else {}
            conn.request(r.method, r.path, body=r.body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if not 200 <= resp.status < 300:
                non_2xx += 1
        except OSError:
            errors += 1
        finally:
            conn.close()
        latencies.append((time.perf_counter() - start) * 1000)
    return latencies, errors, non_2xx


def _run_python(port: int, reqs: t.Sequence[Req], seconds: float, connections: int) -> dict:
    """Fallback without wrk: one process per connection (slower, so it saturates less)."""
    ctx = multiprocessing.get_context("fork")
    start = time.perf_counter()
    with ctx.Pool(connections) as pool:
        parts = pool.map(
            _py_worker, [(port, list(reqs), seconds, k * 7) for k in range(connections)]
        )
    secs = time.perf_counter() - start
    lat = sorted(x for p in parts for x in p[0])
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    return _result(
        len(lat), secs, q[49], q[89], q[98], sum(p[1] for p in parts), sum(p[2] for p in parts)
    )
