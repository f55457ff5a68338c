"""Part of the inprocess section: what one event write costs as a game grows.

A game of ``SHORT`` events and one of ``LONG`` are kept through the app's test
client on a fresh SQLite database; then ``repeat`` more events are written to
each, alternately, and the median time of one write is taken.  The guard is the
ratio of the long game's median to the short one's: a write must not replay or
rewrite the game's history.  The events are exchanges, which any game can have
in any number, so both games stay in play however long they grow.
"""

from __future__ import annotations

import statistics
import time
import typing as t
from pathlib import Path

SHORT, LONG = 3, 300


class _Game:
    def __init__(self, client: t.Any) -> None:
        answer = client.post(
            "/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", "Bob"]}
        ).get_json()
        self.client, self.id, self.version = client, answer["id"], 0
        self.headers = {"Authorization": f"Bearer {answer['token']}"}

    def exchange(self) -> float:
        """Write one event; the seconds it took."""
        body = {"version": self.version, "type": "exchange", "player": self.version % 2}
        start = time.perf_counter()
        r = self.client.post(
            f"/api/v1/games/{self.id}/events", json={**body, "count": 7}, headers=self.headers
        )
        took = time.perf_counter() - start
        if r.status_code != 201:
            raise RuntimeError(f"event {self.version} of game {self.id}: {r.get_json()}")
        self.version += 1
        return took


def run(workdir: Path, repeat: int) -> dict[str, t.Any]:
    from adjudicator.web import create_app

    db = workdir / "events.db"
    app = create_app(
        {"database_url": f"sqlite:///{db}", "ratelimit_default": "off", "log_level": "WARNING"}
    )
    client = app.test_client()
    short, long = _Game(client), _Game(client)
    for _ in range(SHORT):
        short.exchange()
    for _ in range(LONG):
        long.exchange()
    times: dict[str, list[float]] = {"short": [], "long": []}
    for _ in range(repeat):
        times["short"].append(short.exchange() * 1000)
        times["long"].append(long.exchange() * 1000)
    short_ms = statistics.median(times["short"])
    long_ms = statistics.median(times["long"])
    return {
        "short_events": SHORT,
        "long_events": LONG,
        "repeat": repeat,
        "short_ms": round(short_ms, 3),
        "long_ms": round(long_ms, 3),
        "ratio": round(long_ms / short_ms, 2),
    }
