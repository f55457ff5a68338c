"""Instructions per request, counted by valgrind's callgrind, in process.

Throughput ratios move with whatever else a shared machine is doing; a count
of executed instructions does not.  For each endpoint a child process builds
the app and answers every prepared request once (warm-up), then answers them
all again, one by one, inside a single ``functools.reduce`` call, under
``valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce``:
only what runs inside that call is counted, so start-up and warm-up are not.
The count divided by the requests is the cost of one request: the app's own
work (hooks, routing, the view, JSON), without gunicorn's share, which no
figure here includes.  ``PYTHONHASHSEED=0`` keeps the runs alike.

    python -m bench.instructions [--requests 300]
    bench/run --only instructions          # the same, as a section of the suite

Needs ``valgrind`` (Debian package ``valgrind``) and a CPython whose
``functools.reduce`` is its C ``functools_reduce`` (CPython's own builds).
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures
import functools
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import typing as t
from pathlib import Path
from urllib.parse import unquote_to_bytes

from werkzeug.test import EnvironBuilder

from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from bench.httpbench import PING, endpoints, ratio_endpoints
from bench.load import Req
from bench.records import load_cases
from bench.server import REPO_ROOT, prepare_database, server_env
from bench.wsgi import call

_TOTAL = re.compile(rb"^(?:summary|totals):\s+(\d+)", re.MULTILINE)


def have_valgrind() -> bool:
    return shutil.which("valgrind") is not None


def run(
    workdir: Path, endpoints: dict[str, list[Req]], *, requests: int, ratelimit: str
) -> dict[str, t.Any]:
    """``{"requests", "endpoints": {name: {"instructions", "ratio_to_ping"}}}``:
    instructions per request of each endpoint (``/ping`` first), and /ping's
    count over the endpoint's, so that higher is better, as for throughput."""
    # Each counted request once after its own warm-up: the first ``requests`` of each.
    todo = {"GET /ping": [PING], **{name: reqs[:requests] for name, reqs in endpoints.items()}}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        counts = dict(
            zip(
                todo,
                pool.map(lambda name: _count(workdir, name, todo[name], requests, ratelimit), todo),
                strict=True,
            )
        )
    per = {name: counts[name] / requests for name in todo}
    ping = per["GET /ping"]
    return {
        "requests": requests,
        "tool": _valgrind_version(),
        "endpoints": {
            name: {"instructions": round(n), "ratio_to_ping": round(ping / n, 3)}
            for name, n in per.items()
        },
    }


def _valgrind_version() -> str:
    out = subprocess.run(["valgrind", "--version"], capture_output=True, text=True, check=True)
    return out.stdout.strip() + " --tool=callgrind"


def _count(workdir: Path, name: str, reqs: list[Req], n: int, ratelimit: str) -> int:
    """Instructions of one child run's ``n`` counted requests."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")
    reqfile = workdir / f"instr-{slug}.json"
    reqfile.write_text(
        json.dumps(
            [[r.method, r.path, base64.b64encode(r.body or b"").decode("ascii")] for r in reqs]
        )
    )
    out = workdir / f"callgrind-{slug}-{n}.out"
    log = workdir / f"instr-{slug}-{n}.log"
    env = {**server_env(workdir, ratelimit), "PYTHONHASHSEED": "0"}
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=functools_reduce",
        f"--callgrind-out-file={out}",
        sys.executable,
        "-m",
        "bench.instructions",
        "--child",
        str(reqfile),
        str(n),
    ]
    with log.open("wb") as err:
        done = subprocess.run(cmd, cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    if done.returncode != 0:
        tail = log.read_text(errors="replace")[-2000:]
        raise RuntimeError(f"{name}: the counted child failed ({done.returncode}):\n{tail}")
    found = _TOTAL.search(out.read_bytes())
    if found is None or int(found.group(1)) == 0:
        raise RuntimeError(
            f"{name}: no instructions counted in {out} (is functools.reduce this "
            "Python's C functools_reduce?)"
        )
    out.unlink()
    return int(found.group(1))


def child(reqfile: Path, n: int) -> None:
    """Answer every request once, then ``n`` more in turn inside one
    ``functools.reduce`` call (the counted part); any answer but 200 fails."""
    from adjudicator.web import create_app

    app = create_app()
    reqs = []
    for method, path, body in json.loads(reqfile.read_text()):
        reqs.append((_environ(method, path), base64.b64decode(body)))
    for env, body in reqs:
        _call(app, env, body)
    gc.freeze()  # as the server's master does before it forks its workers

    def step(_: None, i: int) -> None:
        env, body = reqs[i % len(reqs)]
        _call(app, env, body)

    functools.reduce(step, range(n), None)


def _environ(method: str, target: str) -> dict[str, t.Any]:
    path, _, query = target.partition("?")
    env = EnvironBuilder(path=path, method=method, query_string=query).get_environ()
    env["PATH_INFO"] = unquote_to_bytes(path).decode("latin-1")  # as gunicorn decodes it
    if method == "POST":
        env["CONTENT_TYPE"] = "application/json"
    return env


def _call(app: t.Any, env: dict[str, t.Any], body: bytes) -> None:
    status, _ = call(app, env, body)
    if not status.startswith("200"):
        raise SystemExit(f"{env['REQUEST_METHOD']} {env['PATH_INFO']}: {status!r}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=300, help="counted requests per endpoint")
    p.add_argument("--child", nargs=2, metavar=("REQFILE", "N"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        child(Path(args.child[0]), int(args.child[1]))
        return 0
    if not have_valgrind():
        p.error("valgrind is not installed (Debian: apt-get install valgrind)")
    standalone(run, args.requests, "adjudicator-instr-")
    return 0


CountSection = t.Callable[..., dict[str, t.Any]]


def standalone(count: CountSection, requests: int, prefix: str) -> None:
    """A counting section run on its own (this module's :func:`run` or
    ``bench.workercount.run``): the registry, the benchmark's cases, a migrated
    throw-away database; the result printed as JSON."""
    from bench.suite import BENCH_RATELIMIT  # here: bench.suite imports this module

    registry = open_registry(Settings.from_env())
    cases, _, _ = load_cases(None, registry)
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        prepare_database(Path(tmp))
        got = count(
            Path(tmp),
            ratio_endpoints(endpoints(registry, cases, None)),
            requests=requests,
            ratelimit=BENCH_RATELIMIT,
        )
    print(json.dumps(got, indent=2))


if __name__ == "__main__":
    raise SystemExit(main())
