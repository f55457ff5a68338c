"""Club games through the API, on SQLite and (when configured) PostgreSQL."""

from __future__ import annotations

import threading

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.conftest import admin_headers


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


def new_game(client, **body):
    body.setdefault("ruleset", "scrabble-en")
    body.setdefault("players", ["Ann", "Bob"])
    r = client.post("/api/v1/games", json=body)
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    return game["id"], {"Authorization": f"Bearer {game['token']}"}, game


def post(client, id_, auth, **event):
    return client.post(f"/api/v1/games/{id_}/events", json=event, headers=auth)


def test_create_and_read(gc):
    id_, _, game = new_game(gc)
    assert game["version"] == 0 and game["status"] == "playing" and game["turn"] == 0
    assert game["bag"] == 86 and game["unseen_count"] == 100
    again = gc.get(f"/api/v1/games/{id_}").get_json()  # reading needs no token
    assert again["players"] == [
        {"name": "Ann", "score": 0, "tiles_on_rack": 7},
        {"name": "Bob", "score": 0, "tiles_on_rack": 7},
    ]
    assert "token" not in again


def test_events_and_history(gc):
    id_, auth, _ = new_game(gc)
    r = post(gc, id_, auth, version=0, type="play", player=0, move="8D WINDY", rack="WINDYAB")
    assert r.status_code == 201
    body = r.get_json()
    assert body["scores"] == [32, 0] and body["turn"] == 1 and body["version"] == 1
    assert body["history"][0]["move"] == "8D WINDY" and body["history"][0]["words"] == ["WINDY"]
    r = post(
        gc,
        id_,
        auth,
        version=1,
        type="play",
        player=1,
        placement=[{"row": 8, "col": 3, "letter": "O"}, {"row": 8, "col": 4, "letter": "X"}],
    )
    assert r.get_json()["scores"] == [32, 23]
    r = post(gc, id_, auth, version=2, type="exchange", player=0, tiles="QV")
    assert r.status_code == 201
    r = post(gc, id_, auth, version=3, type="time_penalty", player=1, points=10)
    assert r.get_json()["scores"] == [32, 13]
    unseen = gc.get(f"/api/v1/games/{id_}", query_string={"rack": "AEIOU??"}).get_json()
    assert unseen["unseen_count"] == 100 - 7 - 7
    assert "?" not in unseen["unseen"]


def test_write_needs_the_token(gc):
    id_, auth, _ = new_game(gc)
    r = post(gc, id_, {}, version=0, type="pass", player=0)
    assert r.status_code == 403 and r.mimetype == "application/problem+json"
    r = post(gc, id_, {"Authorization": "Bearer wrong"}, version=0, type="pass", player=0)
    assert r.status_code == 403
    assert gc.get(f"/api/v1/games/{id_}").get_json()["version"] == 0


@pytest.mark.parametrize("body", [b"{not json", b'{"version": "x", "type": 7}'])
def test_the_token_is_checked_before_the_event_is_read(gc, body):
    id_, auth, _ = new_game(gc)
    url = f"/api/v1/games/{id_}/events"
    r = gc.post(url, data=body, content_type="application/json")
    assert r.status_code == 403 and r.get_json()["code"] == "forbidden"
    r = gc.post(
        "/api/v1/games/0123456789abcdef01234567/events", data=body, content_type="application/json"
    )
    assert r.status_code == 404
    assert gc.post(url, data=body, content_type="application/json", headers=auth).status_code == 400


def test_stale_version_is_409_and_changes_nothing(gc):
    id_, auth, _ = new_game(gc)
    assert post(gc, id_, auth, version=0, type="pass", player=0).status_code == 201
    r = post(gc, id_, auth, version=0, type="pass", player=1)
    assert r.status_code == 409 and r.get_json()["code"] == "stale-version"
    assert gc.get(f"/api/v1/games/{id_}").get_json()["version"] == 1


def test_two_writers_on_the_same_version(db_app):
    c1, c2 = db_app.test_client(), db_app.test_client()
    id_, auth, _ = new_game(c1)
    barrier = threading.Barrier(2)
    results = []

    def write(client, player):
        barrier.wait()
        results.append(post(client, id_, auth, version=0, type="pass", player=0).status_code)

    threads = [threading.Thread(target=write, args=(c, 0)) for c in (c1, c2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == [201, 409]
    assert c1.get(f"/api/v1/games/{id_}").get_json()["version"] == 1


def test_referee_refusals(gc):
    id_, auth, _ = new_game(gc)
    r = post(gc, id_, auth, version=0, type="pass", player=1)
    assert r.status_code == 409 and r.get_json()["code"] == "not-your-turn"
    r = post(gc, id_, auth, version=0, type="play", player=0, move="8A QI")
    assert r.status_code == 422 and r.get_json()["code"] == "misses-start"
    r = post(gc, id_, auth, version=0, type="challenge", player=1)
    assert r.status_code == 409 and r.get_json()["code"] == "wrong-phase"
    r = post(gc, id_, auth, version=0, type="play", player=0, move="8D WINDY", rack="ABCDEFG")
    assert r.status_code == 422 and r.get_json()["code"] == "tile-not-on-rack"


@pytest.mark.parametrize(
    "ruleset,word,verdict,last",
    [
        ("scrabble-en", "ZQX", "unacceptable", ("withdrawal", 0, -0)),
        ("scrabble-en", "ZAX", "acceptable", ("pass", 1, 0)),
        ("scrabble-en-wespa", "ZAX", "acceptable", ("challenge_bonus", 0, 5)),
    ],
)
def test_challenge_in_a_game(gc, ruleset, word, verdict, last):
    id_, auth, _ = new_game(gc, ruleset=ruleset)
    post(gc, id_, auth, version=0, type="play", player=0, move=f"8G {word}")
    r = post(gc, id_, auth, version=1, type="challenge", player=1)
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    entry = body["history"][-1]
    assert entry["verdict"] == verdict
    kind, player, points = last
    assert entry["type"] == kind and entry["player"] == player
    if kind == "withdrawal":
        assert body["scores"] == [0, 0] and body["board"][7] == "." * 15
        assert body["turn"] == 1
    else:
        assert entry["points"] == points
    audit = gc.get(f"/api/v1/adjudications/{entry['adjudication_id']}").get_json()
    assert audit["asked_by"] == f"game:{id_}" and audit["players"]["challenger"] == "Bob"


@pytest.mark.parametrize(
    "ruleset", ["scrabble-en", "scrabble-en-9", "scrabble-en-naspa", "scrabble-en-wespa"]
)
def test_finish_line_levels_are_english_scrabble(gc, ruleset):
    _, _, game = new_game(gc, ruleset=ruleset, players=["A", "B", "C"], target_level="intermediate")
    assert game["target"] == 100
    _, _, game = new_game(gc, ruleset=ruleset, target_level="expert")
    assert game["target"] == 200


def test_erudite_has_an_agreed_target_but_no_levels(gc):
    r = gc.post(
        "/api/v1/games",
        json={"ruleset": "erudite-ru", "players": ["А", "Б"], "target_level": "expert"},
    )
    assert r.status_code == 422 and r.get_json()["field"] == "target_level"
    _, _, game = new_game(gc, ruleset="erudite-ru", players=["А", "Б"], target=150)
    assert game["target"] == 150


def test_players_count(gc):
    r = gc.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A"]})
    assert r.status_code == 400
    r = gc.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": list("ABCDE")})
    assert r.status_code == 400


def test_unknown_game(gc):
    r = gc.get("/api/v1/games/" + "0" * 32)
    assert r.status_code == 404 and r.get_json()["code"] == "unknown-game"
    r = gc.get("/api/v1/games/nope")  # not a game id at all: no such route
    assert r.status_code == 404 and r.get_json()["code"] == "not-found"


def test_board_picture_and_spectator_page(gc):
    id_, auth, _ = new_game(gc)
    post(gc, id_, auth, version=0, type="play", player=0, move="8D wINDY")
    svg = gc.get(f"/api/v1/games/{id_}/board.svg")
    assert svg.mimetype == "image/svg+xml"
    text = svg.get_data(as_text=True)
    assert text.count('class="tile blank last"') == 1 and text.count('class="tile last"') == 4
    assert ">3W<" in text and ">2L<" in text  # premiums labelled
    page = gc.get(f"/games/{id_}")
    assert (
        page.status_code == 200 and "default-src 'self'" in page.headers["Content-Security-Policy"]
    )
    html = page.get_data(as_text=True)
    assert "Ann" in html and "8D wINDY" in html and "board.svg" in html


def test_gcg_round_trip_of_an_api_game(gc):
    id_, auth, _ = new_game(gc)
    post(gc, id_, auth, version=0, type="play", player=0, move="8D WINDY")
    post(gc, id_, auth, version=1, type="exchange", player=1, tiles="ABC")
    text = gc.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True)
    assert ">Ann:  8D WINDY +32 32" in text
    r = gc.post(
        "/api/v1/games/import",
        data=text.encode(),
        content_type="text/plain",
        query_string={"ruleset": "scrabble-en"},
    )
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["scores"] == [32, 0] and r.get_json()["version"] == 2


def test_deleting_a_game_needs_the_admin_key(tmp_path):
    from adjudicator.web import create_app
    from tests.conftest import CONFIG, LEXICONS

    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 'd.db'}",
            "admin_key": "adm1n-key",
        }
    )
    c = app.test_client()
    id_, auth, _ = new_game(c)
    assert c.delete(f"/api/v1/games/{id_}", headers=auth).status_code == 403
    ok = c.delete(f"/api/v1/games/{id_}", headers={"Authorization": "Bearer adm1n-key"})
    assert ok.status_code == 204
    assert c.get(f"/api/v1/games/{id_}").status_code == 404
    runtime(app).store.dispose()


def test_deleting_needs_the_generated_admin_key_when_none_is_configured(gc):
    """No ADJUDICATOR_ADMIN_KEY: the service made one in its data folder, and
    deleting needs it like any admin action."""
    id_, auth, _ = new_game(gc)
    assert gc.delete(f"/api/v1/games/{id_}").status_code == 401
    assert gc.get(f"/api/v1/games/{id_}").status_code == 200
    deleted = gc.delete(f"/api/v1/games/{id_}", headers=admin_headers(gc.application))
    assert deleted.status_code == 204
    assert gc.get(f"/api/v1/games/{id_}").status_code == 404


def test_reads_never_trust_a_stale_cache(db_app):
    """Two app instances on one database stand for two workers with their own caches."""
    from adjudicator.web import create_app

    c1 = db_app.test_client()
    id_, auth, _ = new_game(c1)
    assert c1.get(f"/api/v1/games/{id_}").get_json()["version"] == 0  # cached in worker 1
    settings = runtime(db_app).settings
    other = create_app(
        {
            "TESTING": True,
            "config_dir": str(settings.config_dir),
            "lexicon_dir": str(settings.lexicon_dir),
            "database_url": settings.database_url,
        }
    )
    c2 = other.test_client()
    assert post(c2, id_, auth, version=0, type="pass", player=0).status_code == 201
    assert c1.get(f"/api/v1/games/{id_}").get_json()["version"] == 1  # not the cached 0
    runtime(other).store.dispose()


def test_a_stored_event_that_does_not_fit_its_kind_is_a_logged_500(db_app, caplog):
    import datetime as dt

    from adjudicator.store.schema import game_events

    gc = db_app.test_client()
    id_, auth, _ = new_game(gc)
    assert post(gc, id_, auth, version=0, type="pass", player=0).status_code == 201
    with runtime(db_app).store.engine.begin() as conn:  # a row written by something else
        conn.execute(
            game_events.insert().values(
                game_id=id_,
                seq=2,
                kind="pass",
                player=1,
                data={"lost_turn": "yes"},
                created_at=dt.datetime(2025, 1, 1),
            )
        )
    r = gc.get(f"/api/v1/games/{id_}")
    assert r.status_code == 500 and r.get_json()["code"] == "internal-error"
    assert "the 'lost_turn' field of a 'pass' event is 'yes', not a bool" in caplog.text


def test_a_record_without_two_players_is_refused(gc):
    r = gc.post("/api/v1/games/import", data=b"#title nothing here\n", content_type="text/plain")
    assert r.status_code == 422 and r.get_json()["field"] == "gcg"


def test_export_of_a_move_in_several_lines(gc):
    id_, auth, _ = new_game(gc, ruleset="erudite-ru", players=["Аня", "Боря"])
    post(gc, id_, auth, version=0, type="play", player=0, move="8F КОТ")
    r = post(
        gc,
        id_,
        auth,
        version=1,
        type="play",
        player=1,
        placement=[{"row": 6, "col": 5, "letter": "А"}, {"row": 8, "col": 7, "letter": "О"}],
    )
    assert r.status_code == 201, r.get_json()
    text = gc.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True)
    assert "#placement 7F=А 9H=О" in text  # the move's tiles, as GCG has no notation for it
    again = gc.post("/api/v1/games/import", data=text, content_type="application/x-gcg").get_json()
    game = gc.get(f"/api/v1/games/{id_}").get_json()
    assert again["board"] == game["board"] and again["scores"] == game["scores"]
    assert gc.get(f"/games/{id_}").status_code == 200


def test_a_failed_double_challenge_skips_the_challengers_next_turn_with_three_players(gc):
    id_, auth, _ = new_game(gc, players=["Ann", "Bob", "Cat"])
    post(gc, id_, auth, version=0, type="play", player=0, move="8G ZAX")
    r = post(gc, id_, auth, version=1, type="challenge", player=2)  # Cat, not next
    body = r.get_json()
    assert r.status_code == 201 and body["turn"] == 1 and body["version"] == 2
    entry = body["history"][-1]
    assert entry["type"] == "challenge" and entry["verdict"] == "acceptable"
    assert entry["note"] == {
        "code": "challenger-loses-turn",
        "params": {"verdict": "acceptable"},
    }
    r = post(gc, id_, auth, version=2, type="pass", player=1)  # Bob; Cat's turn is lost
    body = r.get_json()
    assert r.status_code == 201 and body["version"] == 4 and body["turn"] == 0
    lost = body["history"][-1]
    assert (lost["type"], lost["player"]) == ("pass", 2)
    assert lost["note"] == {"code": "turn-lost", "params": {}}
    r = post(gc, id_, auth, version=4, type="pass", player=2)
    assert r.status_code == 409 and r.get_json()["code"] == "not-your-turn"
    r = post(gc, id_, auth, version=4, type="pass", player=0)
    assert r.get_json()["turn"] == 1  # owed once, skipped once: Cat plays again next round
    r = post(gc, id_, auth, version=5, type="pass", player=1)
    assert r.get_json()["turn"] == 2 and r.get_json()["version"] == 6
    again = gc.get(f"/api/v1/games/{id_}").get_json()  # replayed from the stored events
    assert again["turn"] == 2 and again["version"] == 6
    gcg = gc.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True)
    assert gcg.count(">Cat: ") == 1 and "-" in gcg.split(">Cat: ")[1].splitlines()[0]


def test_an_exchange_says_how_many_tiles(gc):
    id_, auth, _ = new_game(gc)
    body = post(gc, id_, auth, version=0, type="exchange", player=0, count=3).get_json()
    assert body["history"][0]["count"] == 3 and body["history"][0]["tiles"] == ""


def test_an_undone_star_swap_play_keeps_its_notation(gc):
    id_, auth, _ = new_game(gc, ruleset="erudite-ru", players=["Аня", "Боря"])
    post(gc, id_, auth, version=0, type="play", player=0, move="8F КоТ")
    swap = post(
        gc,
        id_,
        auth,
        version=1,
        type="play",
        player=1,
        placement=[
            {"row": 8, "col": 6, "letter": "Ш"},
            {"row": 8, "col": 7, "letter": "У", "blank": True},
            {"row": 8, "col": 8, "letter": "М"},
        ],
        swaps=[{"row": 7, "col": 6, "letter": "О"}],
    ).get_json()
    assert swap["history"][1]["move"] == "9G ШуМ"
    body = post(gc, id_, auth, version=2, type="correction", player=0).get_json()
    undone = body["history"][1]
    assert undone["voided"] and undone["move"] == "9G ШуМ"


def test_the_unseen_tiles_leave_out_the_racks_shown_at_the_end(gc):
    id_, auth, _ = new_game(gc)
    post(gc, id_, auth, version=0, type="play", player=0, move="8D WINDY")
    version, game = 1, None
    while game is None or game["status"] == "playing":
        game = post(gc, id_, auth, version=version, type="pass", player=version % 2).get_json()
        version += 1
    letters = [k for k, n in sorted(game["unseen"].items()) for _ in range(n)]
    racks = {"0": "".join(letters[:7]), "1": "".join(letters[7:14])}
    over = post(gc, id_, auth, version=version, type="end", player=0, racks=racks).get_json()
    assert over["status"] == "over"
    assert over["unseen_count"] == game["unseen_count"] - 14
