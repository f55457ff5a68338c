"""Milliseconds a word check takes inside the server, measured in fresh child processes.

Each child prepares the app as a gunicorn worker has it: the app built with
garbage collection off, warmed once (``web.warmup``), every object frozen out of
the collector's reach, collection on again (``web.server``'s hooks, in the
master's order).  It then times, alternately, for 100 and 1,000 words of each
language:

* ``service_ms``: ``services.words.check_words`` alone;
* ``request_ms``: the whole request inside the server: the WSGI app called with
  a prepared environ (body read, JSON parse and validation, hooks, the service,
  JSON encoding, the answer's bytes), no network and no client.

The figure moves from one process to the next on a shared machine (eight
processes in the same minutes gave the Russian 1,000-word check 3.9-5.8 ms), so
it is the median over ``runs`` children, with each child's median kept.

    python -m bench.checktime [--runs 3] [--repeat 40]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import typing as t

from werkzeug.test import EnvironBuilder

from adjudicator.services.words import check_words
from bench.server import REPO_ROOT
from bench.words import sample_words
from bench.wsgi import call

SIZES = (100, 1000)
RULESETS = ("scrabble-en", "erudite-ru")


def run(runs: int = 3, repeat: int = 40) -> list[dict[str, t.Any]]:
    """``[{"ruleset", "words", "service_ms", "request_ms", "request_p90_ms",
    "runs_request_ms"}, ...]``: medians over ``runs`` child processes."""
    children = [_child_run(repeat) for _ in range(runs)]
    out = []
    for i, first in enumerate(children[0]):
        rows = [child[i] for child in children]
        out.append(
            {
                "ruleset": first["ruleset"],
                "words": first["words"],
                "service_ms": round(statistics.median(r["service_ms"] for r in rows), 3),
                "request_ms": round(statistics.median(r["request_ms"] for r in rows), 3),
                "request_p90_ms": round(statistics.median(r["request_p90_ms"] for r in rows), 3),
                "runs_request_ms": [r["request_ms"] for r in rows],
            }
        )
    return out


def _child_run(repeat: int) -> list[dict[str, t.Any]]:
    cmd = [sys.executable, "-m", "bench.checktime", "--child", "--repeat", str(repeat)]
    done = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"bench.checktime child failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def child(repeat: int) -> list[dict[str, t.Any]]:
    from adjudicator.web import create_app, server
    from adjudicator.web.warmup import warm_up

    with tempfile.TemporaryDirectory() as tmp:
        server.share_memory_with_workers()  # the master, before it loads the app
        app = create_app({"database_url": f"sqlite:///{tmp}/bench.db", "ratelimit_default": "off"})
        registry = app.extensions["adjudicator"]
        cases = []
        for name in RULESETS:
            rules = registry.ruleset(name)
            lexicon = registry.lexicons.get(rules.lexicon or "")
            if lexicon is not None:
                cases.append((name, sample_words(lexicon, rules, max(SIZES))))
        with _quiet_stderr():
            warm_up(app)  # what web.server.when_ready runs in the master
        server.pre_fork(None, None)
        server.post_fork(None, None)  # from here on, the worker
        out = []
        for name, pool in cases:
            for size in SIZES:
                out.append(_time_check(app, registry, name, pool[:size], repeat))
        app.extensions["adjudicator.engine"].dispose()
    return out


def _time_check(
    app: t.Any, registry: t.Any, name: str, words: list[str], repeat: int
) -> dict[str, t.Any]:
    body = json.dumps({"ruleset": name, "words": words}).encode()
    environ = EnvironBuilder(
        path="/api/v1/words/check",
        method="POST",
        data=body,
        content_type="application/json",
        environ_base={"REMOTE_ADDR": "127.0.0.1"},
    ).get_environ()
    service, request = [], []
    with _quiet_stderr():
        for i in range(repeat + 2):
            start = time.perf_counter()
            check_words(registry, name, words)
            mid = time.perf_counter()
            status, answer = call(app, environ, body)
            end = time.perf_counter()
            if not status.startswith("200"):
                raise RuntimeError(f"check {name} {len(words)}: {status} {answer[:300]!r}")
            if i >= 2:
                service.append((mid - start) * 1000)
                request.append((end - mid) * 1000)
    return {
        "ruleset": name,
        "words": len(words),
        "service_ms": round(statistics.median(service), 3),
        "request_ms": round(statistics.median(request), 3),
        "request_p90_ms": round(statistics.quantiles(request, n=10)[-1], 3),
    }


@contextlib.contextmanager
def _quiet_stderr() -> t.Iterator[None]:
    """The app logs one JSON line per request to file descriptor 2: keep writing
    it (it is part of a request's cost), but to /dev/null."""
    sys.stderr.flush()
    saved = os.dup(2)
    sink = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(sink, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(sink)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3, help="child processes")
    p.add_argument("--repeat", type=int, default=40, help="timed checks per size, per child")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.repeat)))
    else:
        print(json.dumps(run(args.runs, args.repeat), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
