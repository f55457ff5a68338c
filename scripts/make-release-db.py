"""Make a small SQLite database with a release's own code, and what it answered.

A migration must keep every game a release wrote readable.  This script, run in
a checkout of that release, writes games through the release's own API (the
Flask test client over ``create_app``: its services and its store, nothing
written by hand), then reads them back through the same API and keeps the
answers next to the database.  ``tests/store/test_release_db.py`` opens a copy of
the database with the code under test (which migrates it) and checks that every
answer is the same.

The games cover what the ``games`` table's columns hold: a game with nothing but
players; a first player given, and one drawn for (``draw``); a ruleset's
challenge rule overridden and a target; the keeper's clock (stopped, and still
running); a finished game; a corrected game; GCG imports with a title, a lexicon,
draws, a first player, flags (running totals that do not add up, a challenge
rule that is none); challenges in games and on their own (audit rows).

Usage, for the release at commit C (the fixture in tests/store/fixtures/ was
made at 7a2d2aa, schema revision 0002)::

    git worktree add /tmp/rel C
    cp scripts/make-release-db.py /tmp/rel/scripts/
    cd /tmp/rel && /work/main/.venv/bin/python scripts/make-release-db.py \\
        /path/to/tests/store/fixtures/release-0002
    cd - && git worktree remove --force /tmp/rel

It writes ``release-0002.sqlite`` (journal mode DELETE, vacuumed: one small file)
and ``release-0002.json``: per game its write token, ``GET /api/v1/games/{id}``
(the clock's ``age_ms`` left out: it depends on when it is read), the
``.gcg`` export and the spectator page's title; per adjudication its
``GET /api/v1/adjudications/{id}``.  Run from the checkout's root: it uses its
``config/`` and ``lexicons/``.  Standard library and the checkout's package only.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import sys
import tempfile
import typing as t
from pathlib import Path

ADMIN_KEY = "release-db-admin-key"

# A record of our own kind: a title, the lexicon it was played with, a draw for
# first play, a first player other than the first listed, a challenge rule that
# is none (a flag), and Bob's second running total is wrong (another flag).
IMPORTED = """\
#character-encoding UTF-8
#title Club final, round 3
#lexicon NWL2023
#challenge-rule fiveish
#first-player bob
#draw ann E
#draw bob A
#player1 ann Ann Example
#player2 bob Bob Example
>bob: ADINWY? 8D WINDY +32 32
>ann: AEOQRTX 9E QI +24 24
>bob: AEEILRS G7 O.E +6 40
"""

# A finished record, played to the end with the racks counted (no pragmas).
FINISHED = Path("tests/data/games/scrabble-de.gcg")


def _check(response: t.Any, status: int) -> t.Any:
    if response.status_code != status:
        raise SystemExit(f"{response.request.path}: {response.status_code} {response.get_data()!r}")
    return response.get_json()


class Maker:
    def __init__(self, client: t.Any) -> None:
        self.client = client
        self.tokens: dict[str, str] = {}
        self.adjudications: list[str] = []

    def create(self, **body: t.Any) -> str:
        body.setdefault("ruleset", "scrabble-en")
        body.setdefault("players", ["Ann", "Bob"])
        game = _check(self.client.post("/api/v1/games", json=body), 201)
        self.tokens[game["id"]] = game["token"]
        return str(game["id"])

    def imported(self, text: str, ruleset: str | None) -> str:
        query = {"ruleset": ruleset} if ruleset else {}
        r = self.client.post(
            "/api/v1/games/import",
            data=text.encode(),
            content_type="text/plain",
            query_string=query,
        )
        game = _check(r, 201)
        self.tokens[game["id"]] = game["token"]
        return str(game["id"])

    def send(self, id_: str, **event: t.Any) -> dict[str, t.Any]:
        version = _check(self.client.get(f"/api/v1/games/{id_}"), 200)["version"]
        r = self.client.post(
            f"/api/v1/games/{id_}/events",
            json={"version": version, **event},
            headers={"X-Game-Token": self.tokens[id_]},
        )
        answer: dict[str, t.Any] = _check(r, 201)
        for item in answer["history"]:
            if item.get("adjudication_id") and item["adjudication_id"] not in self.adjudications:
                self.adjudications.append(item["adjudication_id"])
        return answer

    def clock(self, id_: str, left_ms: list[int], running: bool) -> None:
        r = self.client.put(
            f"/api/v1/games/{id_}/clock",
            json={"left_ms": left_ms, "running": running},
            headers={"X-Game-Token": self.tokens[id_]},
        )
        _check(r, 200)

    def challenge(self, **body: t.Any) -> None:
        r = self.client.post(
            "/api/v1/challenges",
            json={"ruleset": "scrabble-en", **body},
            headers={"Authorization": f"Bearer {ADMIN_KEY}"},
        )
        self.adjudications.append(_check(r, 201)["id"])


def make_games(m: Maker) -> None:
    # Nothing but players (the release stored no meta at all).
    plain = m.create()
    m.send(plain, type="play", player=0, move="8D WINDY", rack="WINDYAB")
    m.send(plain, type="play", player=1, move="9E QI")

    # A first player given, a challenge rule and a target of the game's own,
    # and a challenge in the game (an audit row asked by the game).
    first = m.create(players=["Cat", "Dan", "Eve"], first_player=2, challenge_rule="single")
    m.send(first, type="play", player=2, move="8G ZQX")
    m.send(first, type="challenge", player=0)
    m.send(first, type="play", player=0, move="8D WINDY")
    m.send(first, type="challenge", player=1)

    # Who starts decided by a draw; the keeper's clock, stopped.
    drawn = m.create(draw=["E", "A"], target=150)
    m.send(drawn, type="play", player=1, move="8H QI")
    m.clock(drawn, [281_000, -4_500], running=False)

    # A clock still running (its age depends on when it is read).
    running = m.create(ruleset="scrabble-en-wespa", players=["Fay", "Gus"])
    m.send(running, type="play", player=0, move="8G ZAX")
    m.send(running, type="challenge", player=1)
    m.clock(running, [290_000, 300_000], running=True)

    # A finished game: six scoreless turns, then the racks.
    over = m.create(players=["Hal", "Ida"])
    game = m.send(over, type="play", player=0, move="8D WINDY")
    while game["status"] == "playing":
        game = m.send(over, type="pass", player=game["turn"])
    letters = [k for k, n in sorted(game["unseen"].items()) for _ in range(n)]
    racks = {"0": "".join(letters[:7]), "1": "".join(letters[7:14])}
    m.send(over, type="end", player=0, racks=racks)
    m.clock(over, [12_000, 34_000], running=True)  # kept stopped: the game is over

    # A corrected game: a typo taken back, then the move meant.
    corrected = m.create(players=["Jo", "Kim"])
    m.send(corrected, type="play", player=0, move="8D WINDY")
    m.send(corrected, type="play", player=1, move="9E QI")
    m.send(corrected, type="play", player=0, move="G7 O.E")
    m.send(corrected, type="correction", player=0)
    m.send(corrected, type="play", player=0, move="10F ZA")

    # An Erudite game with a star and a multi-line move, taken back.
    erudite = m.create(ruleset="erudite-ru", players=["Аня", "Боря"])
    m.send(erudite, type="play", player=0, move="8F КоТ")
    m.send(erudite, type="exchange", player=1, count=3)

    # Imports: our own kind of record, and a finished one.
    m.imported(IMPORTED, "scrabble-en")
    m.imported(FINISHED.read_text(encoding="utf-8"), "scrabble-de")

    # The exported record of an API game, imported again (first player and all).
    text = m.client.get(f"/api/v1/games/{first}.gcg").get_data(as_text=True)
    m.imported(text, None)

    # Adjudications asked on their own.
    m.challenge(words=["QI", "ZQX"], players={"challenged": "Ann", "challenger": "Bob"})
    m.challenge(words=["WINDY"], challenge_rule="five_point")


def answers(m: Maker) -> dict[str, t.Any]:
    """What the release answers for each game and adjudication."""
    games: dict[str, t.Any] = {}
    for id_, token in m.tokens.items():
        game = _check(m.client.get(f"/api/v1/games/{id_}"), 200)
        if game.get("clock"):
            game["clock"].pop("age_ms")
        page = m.client.get(f"/games/{id_}?lang=en").get_data(as_text=True)
        title = re.search(r"<h1>(.*?)</h1>", page, re.S)
        games[id_] = {
            "token": token,
            "game": game,
            "gcg": m.client.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True),
            "title": title[1].strip() if title else None,
        }
    audit = {
        id_: _check(m.client.get(f"/api/v1/adjudications/{id_}"), 200) for id_ in m.adjudications
    }
    return {"games": games, "adjudications": audit}


def main(out: Path) -> None:
    sys.path.insert(0, os.getcwd())  # the checkout's package, not an installed one
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ADJUDICATOR_DATA_DIR"] = tmp  # not this machine's data folder
        from adjudicator.web import create_app
        from adjudicator.web.runtime.extension import runtime

        db = Path(tmp) / "release.sqlite"
        app = create_app(
            {
                "TESTING": True,
                "config_dir": "config",
                "lexicon_dir": "lexicons",
                "database_url": f"sqlite:///{db}",
                "admin_key": ADMIN_KEY,
                "log_level": "WARNING",
            }
        )
        maker = Maker(app.test_client())
        make_games(maker)
        expected = answers(maker)
        runtime(app).store.dispose()
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA journal_mode=DELETE")
        conn = sqlite3.connect(db)
        conn.execute("VACUUM")
        conn.close()
        out.parent.mkdir(parents=True, exist_ok=True)
        Path(f"{out}.sqlite").write_bytes(db.read_bytes())
    text = json.dumps(expected, indent=1, ensure_ascii=False, sort_keys=True)
    Path(f"{out}.json").write_text(text + "\n", encoding="utf-8")
    print(f"{out}.sqlite: {len(expected['games'])} games, {len(maker.adjudications)} adjudications")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
