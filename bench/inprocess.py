"""The inprocess section: scoring in µs per placement, and a word check's time inside
the server.

* Scoring: ``core.scoring.score_placement`` on every case (real placements from
  the game records), a few passes after one to warm up; median and mean.
* The 1,000-word check, server side: the whole request through the app's WSGI
  callable (body read, JSON parse and validation, hooks, the service, JSON
  encoding, the answer's bytes; no network, no client), for English
  (``scrabble-en``) and Russian (``erudite-ru``), alternately with the service
  (``services.words.check_words``) alone.  It runs in fresh child processes that
  prepare the app as gunicorn prepares a worker (the master's and the worker's
  hooks from ``serving.server``, the metrics folder of multiprocess mode);
  the figure is the median of the children's medians, as one process's median
  moves from one process to the next.
* The event write, a long game against a short one: ``bench.events``.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import time
import typing as t
from pathlib import Path

from bench.cases import Case, sample_words
from bench.server import REPO_ROOT, server_env

RULESETS = ("scrabble-en", "erudite-ru")
WORDS = 1000


def scoring(cases: list[Case], repeat: int) -> dict[str, t.Any]:
    from adjudicator.core.scoring import score_placement

    clock = time.perf_counter_ns
    samples = []
    for i in range(repeat + 1):
        for c in cases:
            start = clock()
            score_placement(c.board, c.placement, c.rules)
            if i:  # the first pass warms up
                samples.append((clock() - start) / 1000)
    return {
        "placements": len(cases),
        "repeat": repeat,
        "median_us": round(statistics.median(samples), 2),
        "mean_us": round(statistics.fmean(samples), 2),
    }


def checks(workdir: Path, children: int, repeat: int) -> list[dict[str, t.Any]]:
    """Per ruleset: the median over ``children`` processes of the whole request's and
    the service's median milliseconds, and each child's request median."""
    cmd = [sys.executable, "-m", "bench.inprocess", "--repeat", str(repeat)]
    runs = []
    for _ in range(children):
        done = subprocess.run(
            cmd, cwd=REPO_ROOT, env=server_env(workdir), capture_output=True, text=True
        )
        if done.returncode != 0:
            raise RuntimeError(f"bench.inprocess child failed:\n{done.stderr[-3000:]}")
        runs.append(json.loads(done.stdout))
    return [
        {
            "ruleset": name,
            "words": WORDS,
            "request_ms": round(statistics.median(r[name]["request_ms"] for r in runs), 3),
            "service_ms": round(statistics.median(r[name]["service_ms"] for r in runs), 3),
            "children_request_ms": [round(r[name]["request_ms"], 3) for r in runs],
        }
        for name in RULESETS
    ]


def child(repeat: int) -> dict[str, dict[str, float]]:
    """In a fresh process: the app as a gunicorn worker has it, then the timings."""
    from werkzeug.test import EnvironBuilder

    from adjudicator.services.words import check_words
    from adjudicator.web import create_app
    from adjudicator.web.runtime.extension import runtime

    try:
        from adjudicator.serving import server
    except ImportError:  # a release before serving/, measured by bench/run --against
        from adjudicator.web.runtime import server  # type: ignore[attr-defined,no-redef]

    server.prepare_metrics_dir()  # what `adjudicator serve` does first, in the master
    server.share_memory_with_workers()
    app = create_app()
    rt = runtime(app)
    server.pre_fork(None, None)
    server.post_fork(None, None)  # from here on, the worker
    out = {}
    for name in RULESETS:
        words = sample_words(rt.registry.checker(name).lexicon, rt.registry.ruleset(name), WORDS)
        body = json.dumps({"ruleset": name, "words": words}).encode()
        environ = EnvironBuilder(
            path="/api/v1/words/check",
            method="POST",
            data=body,
            content_type="application/json",
            environ_base={"REMOTE_ADDR": "127.0.0.1"},
        ).get_environ()
        service, whole = [], []
        for i in range(repeat + 2):
            start = time.perf_counter()
            check_words(rt.registry, name, words)
            mid = time.perf_counter()
            status = wsgi_call(app, environ, body)
            end = time.perf_counter()
            if not status.startswith("200"):
                raise RuntimeError(f"check {name}: {status}")
            if i >= 2:  # two to warm up
                service.append((mid - start) * 1000)
                whole.append((end - mid) * 1000)
        out[name] = {
            "request_ms": statistics.median(whole),
            "service_ms": statistics.median(service),
        }
    rt.store.dispose()
    server.on_exit(None)  # removes the metrics folder
    return out


def wsgi_call(app: t.Any, environ: dict[str, t.Any], body: bytes) -> str:
    """One request through a WSGI app, the answer read to its last byte: the status."""
    env = {**environ, "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}
    status = []
    chunks = app(env, lambda s, headers, exc_info=None: status.append(s))
    try:
        b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    return status[0]


if __name__ == "__main__":
    p = argparse.ArgumentParser(description="one child of the server-side check timing")
    p.add_argument("--repeat", type=int, default=40)
    print(json.dumps(child(p.parse_args().repeat)))
