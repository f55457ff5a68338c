"""The HTTP half of scripts/compose-smoke.sh: one game written through the proxy
while a replica is killed, then races on one version.  Standard library only.

Every event acknowledged with a 2xx must be in the game afterwards, at the
version it named; an answer lost with the replica (502, no answer) may or may
not have landed, so the writer reads the game's version and goes on from there.
Then each race sends RACERS events on one version at once: exactly one may win,
the rest must be 409 stale-version.  Prints a JSON summary; exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

LETTERS = "AEIOUNRSTLAEIOUNRSTLAEIOUNRSTLGDEEAIORSTBCMP"


def plays() -> list[str]:
    """Legal plays: WINDY, then one tile at a time down columns D..H."""
    moves = ["8D WINDY"]
    for i, (col, length) in enumerate((c, n) for c in "DEFGH" for n in range(1, 8)):
        moves.append(f"{col}8 {'.' * length}{LETTERS[i % len(LETTERS)]}")
    return moves


PLAYS = plays()


def event(version: int) -> dict:
    """The event written at ``version``: the plays, then time penalties (1-50 points)."""
    if version < len(PLAYS):
        return {"version": version, "type": "play", "player": version % 2, "move": PLAYS[version]}
    return {"version": version, "type": "time_penalty", "player": 0, "points": version % 50 + 1}


def matches(item: dict, sent: dict) -> bool:
    """Whether a history item is the event that was sent."""
    if item["type"] != sent["type"] or item["player"] != sent["player"]:
        return False
    if sent["type"] == "play":
        return item.get("move") == sent["move"]
    return item["points"] == -sent["points"]


class Client:
    def __init__(self, base: str, api_key: str | None) -> None:
        self.base = base.rstrip("/")
        self.headers = {"Content-Type": "application/json"}
        if api_key:
            self.headers["X-API-Key"] = api_key

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int | None, dict]:
        """(status, JSON body); (None, {}) when no answer came."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path, data=data, method=method, headers={**self.headers, **(headers or {})}
        )
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                return resp.status, json.loads(resp.read() or b"{}")
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            exc.close()
            try:
                return exc.code, json.loads(raw or b"{}")
            except ValueError:
                return exc.code, {"raw": raw[:200].decode("utf-8", "replace")}
        except (urllib.error.URLError, OSError) as exc:
            return None, {"error": type(exc).__name__}

    def game(self, id_: str) -> dict:
        """The game, asked until it answers (at most 30 s)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            status, body = self.call("GET", f"/api/v1/games/{id_}")
            if status == 200:
                return body
            time.sleep(0.2)
        raise SystemExit(f"GET game {id_}: no answer within 30 s")


def write(client: Client, id_: str, token: str, events: int, kill_at: int, kill: list[str]):
    """Write until the game holds ``events`` events; kill a replica once ``kill_at`` are in."""
    acked: dict[int, dict] = {}
    statuses: dict[str, int] = {}
    killer: threading.Thread | None = None
    kill_status: list[int] = []
    version, attempts = 0, 0
    while version < events and attempts < 2 * events:
        attempts += 1
        if killer is None and len(acked) >= kill_at:
            # In the background, so that requests are in flight when it lands.
            killer = threading.Thread(
                target=lambda: kill_status.append(
                    subprocess.run(kill, stdout=subprocess.DEVNULL).returncode
                )
            )
            killer.start()
        sent = event(version)
        status, body = client.call(
            "POST", f"/api/v1/games/{id_}/events", sent, {"X-Game-Token": token}
        )
        statuses[str(status)] = statuses.get(str(status), 0) + 1
        if status is not None and 200 <= status < 300:
            acked[version] = sent
            version = body["version"]
        else:
            # A lost answer may have landed: go on from the game's own version.
            version = client.game(id_)["version"]
    if killer is not None:
        killer.join()
    return acked, statuses, attempts, kill_status == [0], version


def race(client: Client, id_: str, token: str, racers: int) -> dict[str, int]:
    """``racers`` events on the same version at once; their answers, counted."""
    version = client.game(id_)["version"]
    barrier = threading.Barrier(racers)
    answers: list[str] = []

    def one(i: int) -> None:
        sent = {"version": version, "type": "time_penalty", "player": 1, "points": i + 1}
        barrier.wait()
        status, body = client.call(
            "POST", f"/api/v1/games/{id_}/events", sent, {"X-Game-Token": token}
        )
        answers.append(f"{status} {body.get('code', '')}".strip())

    threads = [threading.Thread(target=one, args=(i,)) for i in range(racers)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return {a: answers.count(a) for a in sorted(set(answers))}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base", help="the proxy's URL, e.g. http://127.0.0.1:8080")
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--kill-at", type=int, default=100, help="acknowledged events before the kill")
    ap.add_argument("--kill", required=True, help="command that kills one replica")
    ap.add_argument("--races", type=int, default=3)
    ap.add_argument("--racers", type=int, default=10)
    ap.add_argument("--api-key", help="a client key, when ADJUDICATOR_API_KEYS is set")
    args = ap.parse_args()
    client = Client(args.base, args.api_key)

    status, game = client.call(
        "POST", "/api/v1/games", {"ruleset": "scrabble-en", "players": ["Ann", "Bob"]}
    )
    if status != 201:
        raise SystemExit(f"creating the game: {status} {game}")
    id_, token = game["id"], game["token"]

    t0 = time.monotonic()
    acked, statuses, attempts, killed, written = write(
        client, id_, token, args.events, args.kill_at, shlex.split(args.kill)
    )
    write_seconds = time.monotonic() - t0
    races = [race(client, id_, token, args.racers) for _ in range(args.races)]

    history = client.game(id_)["history"]
    missing = [v for v, sent in acked.items() if v >= len(history) or not matches(history[v], sent)]
    winners = [sum(n for a, n in r.items() if a.startswith("2")) for r in races]
    stale = [r.get("409 stale-version", 0) for r in races]
    summary = {
        "game": id_,
        "attempts": attempts,
        "answers": statuses,
        "acknowledged": len(acked),
        "acknowledged_found": len(acked) - len(missing),
        "missing": missing,
        "landed_unacknowledged": written - len(acked),
        "events_in_game": len(history),
        "killed_a_replica": killed,
        "write_seconds": round(write_seconds, 2),
        "races": races,
    }
    print(json.dumps(summary))
    failures = []
    if missing:
        failures.append(f"{len(missing)} acknowledged events are not in the game")
    if len(acked) < args.events // 2:
        failures.append("fewer than half the events were acknowledged")
    if not killed:
        failures.append("no replica was killed")
    if any(w != 1 for w in winners) or any(s != args.racers - 1 for s in stale):
        failures.append(f"a race had {winners} winners and {stale} stale answers")
    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
