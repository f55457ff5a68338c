"""Closed-loop HTTP load with wrk: one thread, cycling through prepared requests."""

from __future__ import annotations

import json
import subprocess
import tempfile
import typing as t
from dataclasses import dataclass

from bench.server import HOST


@dataclass(frozen=True)
class Req:
    method: str
    path: str
    body: bytes | None = None  # JSON


PING = Req("GET", "/ping")

# wrk calls request() for every request and done() once at the end.
_SCRIPT = """
local reqs = {}
init = function(args)
%s
end
local i = 0
request = function()
  i = i %% #reqs + 1
  return reqs[i]
end
done = function(s, latency, requests)
  local e = s.errors
  io.write(string.format('BENCH {"requests": %%d, "seconds": %%f, "errors": %%d, ' ..
    '"non_2xx": %%d, "p50_ms": %%f, "p99_ms": %%f}\\n', s.requests, s.duration / 1e6,
    e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
"""


def _lua(text: str) -> str:
    """A Lua long string holding ``text`` as it is."""
    level = "="
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


def script(reqs: t.Sequence[Req]) -> str:
    lines = []
    for r in reqs:
        args = f"{_lua(r.method)}, {_lua(r.path)}"
        if r.body is not None:
            args += f', {{["Content-Type"]="application/json"}}, {_lua(r.body.decode())}'
        lines.append(f"  reqs[#reqs+1] = wrk.format({args})")
    return _SCRIPT % "\n".join(lines)


def run(port: int, reqs: t.Sequence[Req], seconds: int, connections: int = 8) -> dict[str, t.Any]:
    """``{"requests", "seconds", "rps", "errors", "non_2xx", "p50_ms", "p99_ms"}``."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", encoding="utf-8") as fh:
        fh.write(script(reqs))
        fh.flush()
        out = subprocess.run(
            ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
            + ["-s", fh.name, f"http://{HOST}:{port}/"],
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds + 60,
        )
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("BENCH "))
    got = json.loads(line.split(" ", 1)[1])
    got["rps"] = got["requests"] / got["seconds"]
    # The wrk script prints one JSON object after "BENCH ".
    return t.cast(dict[str, t.Any], got)
