"""Game records a club can trust: GCG round trips, the rules in the record,
corrections, checked endings, bounded cost, positions in the user's notation,
and the rule-text fixes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from adjudicator.core.game import MAX_EVENTS
from adjudicator.services import games as games_service
from adjudicator.services.game_view import Game
from adjudicator.services.games import GameCache

STAR = {"blank": True}


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


class Table:
    """A game kept through the API: each event sent with the current version."""

    def __init__(self, client, **create):
        self.client = client
        r = client.post("/api/v1/games", json=create)
        assert r.status_code == 201, r.get_json()
        self.game = r.get_json()
        self.id = self.game["id"]
        self.auth = {"Authorization": f"Bearer {self.game['token']}"}

    def send(self, expect: int = 201, **event):
        event.setdefault("version", self.game["version"])
        r = self.client.post(f"/api/v1/games/{self.id}/events", json=event, headers=self.auth)
        assert r.status_code == expect, r.get_json()
        if expect == 201:
            self.game = r.get_json()
        return r.get_json()

    def gcg(self) -> bytes:
        return self.client.get(f"/api/v1/games/{self.id}.gcg").get_data()


def _tile(row, col, letter, **more):
    return {"row": row, "col": col, "letter": letter, **more}


def erudite_game(gc) -> Table:
    """КОТ with a star, a star swap making ШУМ, then МАК and КОТЕЛ in one move."""
    t = Table(gc, ruleset="erudite-ru", players=["Аня", "Боря"], first_player=1)
    t.send(type="play", player=1, move="8F КоТ")  # the О is a star
    t.send(
        type="play",
        player=0,
        placement=[_tile(8, 6, "Ш"), _tile(8, 7, "У", **STAR), _tile(8, 8, "М")],
        swaps=[{"row": 7, "col": 6, "letter": "О"}],  # Аня's О for the star, played as У
    )
    t.send(
        type="play",
        player=1,
        placement=[_tile(5, 5, "М"), _tile(6, 5, "А"), _tile(7, 8, "Е"), _tile(7, 9, "Л")],
    )
    t.send(type="challenge", player=0)  # ЕМ is no word: the move is withdrawn
    t.send(type="exchange", player=0, count=3)
    t.send(type="pass", player=1)
    return t


def english_game(gc) -> Table:
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"], draw=["E", "?"])
    assert t.game["turn"] == 1 and t.game["first_player"] == 1  # the blank starts
    t.send(type="play", player=1, move="8D WINDY", rack="WINDYAB")
    t.send(type="challenge", player=0)  # a good word: Ann loses her turn (double)
    t.send(type="play", player=1, move="H8 .ES")
    t.send(type="challenge", player=0)  # YES is good too
    t.send(type="play", player=1, move="D8 .ZAX")  # a phony ...
    t.send(type="challenge", player=0)  # ... withdrawn
    t.send(type="play", player=0, move="G7 O.E")
    t.send(type="time_penalty", player=1, points=10)
    return t


def polish_game(gc) -> Table:
    t = Table(gc, ruleset="scrabble-pl", players=["Ola", "Piotr"])
    t.send(type="play", player=0, move="8E ŻÓŁW")
    t.send(type="play", player=1, move="E7 Ą.ź")  # a blank for Ź
    t.send(type="exchange", player=0, tiles="ĘĆ")
    return t


@pytest.mark.parametrize("make", [erudite_game, english_game, polish_game])
def test_export_import_export_is_byte_identical(gc, make):
    t = make(gc)
    first = t.gcg()
    again = gc.post("/api/v1/games/import", data=first, content_type="application/x-gcg")
    assert again.status_code == 201, again.get_json()
    game = again.get_json()
    assert game["ruleset"] == t.game["ruleset"]  # from the record's #ruleset
    assert game["scores"] == t.game["scores"] and game["board"] == t.game["board"]
    assert game["first_player"] == t.game["first_player"]
    assert game["challenge_rule"] == t.game["challenge_rule"]
    assert not game["flags"], game["flags"]
    assert gc.get(f"/api/v1/games/{game['id']}.gcg").get_data() == first


def test_erudite_moves_that_gcg_cannot_write_have_pragmas(gc):
    t = erudite_game(gc)
    text = t.gcg().decode()
    assert "#placement 9G=Ш 9H=у 9I=М swap:8G=О" in text
    assert "#placement 6F=М 7F=А 8I=Е 8J=Л" in text
    assert ">Аня:  8H .у. " in text or ">Аня:  9G ШуМ " in text  # the main word, for others
    assert "#note" not in text


def test_the_record_names_its_rules(gc):
    t = english_game(gc)
    text = t.gcg().decode()
    for line in (
        "#ruleset scrabble-en",
        "#lexicon en-enable",
        "#lexicon-version 1.0.14",
        "#challenge-rule double",
        "#first-player Bob",
        "#draw Ann E",
        "#draw Bob ?",
    ):
        assert line + "\n" in text, line
    assert "#lexicon-checksum sha256:" in text


def test_naspa_rules_come_back_from_the_record(gc):
    t = Table(gc, ruleset="scrabble-en-naspa", players=["Ann", "Bob"], challenge_rule="single")
    t.send(type="play", player=0, move="8D WINDY")
    game = gc.post("/api/v1/games/import", data=t.gcg(), content_type="text/plain").get_json()
    assert game["ruleset"] == "scrabble-en-naspa" and game["challenge_rule"] == "single"
    # ... unless the request names a ruleset, which wins.
    r = gc.post("/api/v1/games/import?ruleset=scrabble-en", data=t.gcg(), content_type="text/plain")
    assert r.get_json()["ruleset"] == "scrabble-en"


TOTALS_OFF = "#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n>b: - +0 0\n>a: - +0 9\n"


def test_running_totals_that_do_not_add_up_are_flagged_or_refused(gc):
    r = gc.post("/api/v1/games/import", data=TOTALS_OFF, content_type="text/plain")
    assert r.status_code == 201
    assert any(f.startswith("line 5:") for f in r.get_json()["flags"])
    r = gc.post("/api/v1/games/import?strict=true", data=TOTALS_OFF, content_type="text/plain")
    assert r.status_code == 422 and r.get_json()["code"] == "record-totals"
    assert r.get_json()["lines"] == [5]
    r = gc.post("/api/v1/games/import", json={"gcg": TOTALS_OFF, "strict": True})
    assert r.status_code == 422 and r.get_json()["lines"] == [5]


def test_a_correction_voids_the_last_entry_and_the_game_replays_without_it(gc):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="play", player=0, move="8D WINDY")
    t.send(type="play", player=1, move="9E QI")
    t.send(type="play", player=0, move="G7 O.E")  # a typo: meant another move
    assert t.game["scores"][0] > 32
    t.send(type="correction", player=0)
    assert t.game["version"] == 4 and t.game["turn"] == 0
    assert t.game["scores"] == [32, t.game["scores"][1]]
    history = t.game["history"]
    assert history[2]["voided"] and history[2]["move"] == "G7 O.E"  # kept, marked
    assert history[3]["type"] == "correction" and history[3]["note"] == {
        "code": "took-back",
        "params": {"events": [2]},
    }
    assert not history[0]["voided"] and not history[1]["voided"]
    t.send(type="play", player=0, move="10F ZA")  # the right move now
    # Spectators see it, and the GCG leaves the voided move out.
    page = gc.get(f"/games/{t.id}").get_data(as_text=True)
    assert "correction" in page
    text = t.gcg().decode()
    assert "G7 O.E" not in text and "10F ZA" in text


def test_a_correction_takes_back_a_whole_entry(gc):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob", "Cat"])
    t.send(type="play", player=0, move="8G ZAX")
    t.send(type="challenge", player=2)  # Cat loses her next turn (double)
    t.send(type="pass", player=1)  # Bob; Cat's lost turn is appended with it
    assert [h["type"] for h in t.game["history"][-2:]] == ["pass", "pass"]
    t.send(type="correction", player=1)
    assert [h["voided"] for h in t.game["history"]] == [False, False, True, True, False]
    assert t.game["turn"] == 1


def test_nothing_to_correct(gc):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    body = t.send(409, type="correction", player=0)
    assert body["code"] == "wrong-phase"


def _out_game(gc) -> Table:
    """Ann goes out with the bag empty: Bob holds the rest."""
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="play", player=0, move="8D WINDY")
    return t


def test_end_racks_are_drawn_from_the_unseen_tiles(gc, monkeypatch):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="play", player=0, move="8G QI")
    t.send(type="pass", player=1)
    t.send(type="pass", player=0)
    t.send(type="pass", player=1)  # Bob's second pass in a row
    assert t.game["status"] == "awaiting_end"
    # One Q in the set, on the board: no rack holds another.
    body = t.send(422, type="end", player=0, racks={"0": "QZEEEEE", "1": "ABCDEFG"})
    assert body["code"] == "rack-not-unseen" and body["letter"] == "Q"
    body = t.send(422, type="end", player=0, racks={"0": "QZ"})
    assert body["code"] == "rack-size" and body["holds"] == 7
    # Two Z? the set has one.
    body = t.send(422, type="end", player=0, racks={"0": "ZEEEEEE", "1": "ZABCDEF"})
    assert body["code"] == "rack-not-unseen" and body["letter"] == "Z"
    t.send(type="end", player=0, racks={"0": "ZEEEEEE", "1": "ABCDEFG"})
    assert t.game["status"] == "over"


def test_an_event_past_the_cap_is_refused(gc, monkeypatch):
    monkeypatch.setattr(games_service, "MAX_EVENTS", 3)
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="pass", player=0)
    t.send(type="pass", player=1)
    t.send(type="exchange", player=0, count=7)
    body = t.send(422, type="exchange", player=1, count=7)
    assert body["code"] == "game-too-long" and body["max_events"] == 3


def test_a_record_too_long_is_refused_before_it_is_replayed(gc, monkeypatch):
    from adjudicator.core import game_gcg

    def boom(*args, **kwargs):
        raise AssertionError("replayed")

    monkeypatch.setattr(game_gcg, "apply", boom)
    lines = ["#player1 a A", "#player2 b B"]
    lines += [f">{'ab'[i % 2]}: ABCDEFG -ABC +0 0" for i in range(MAX_EVENTS + 1)]
    r = gc.post("/api/v1/games/import", data="\n".join(lines), content_type="text/plain")
    assert r.status_code == 422 and r.get_json()["code"] == "game-too-long"


def test_a_write_with_a_wrong_token_is_refused_before_the_game_is_read(gc, monkeypatch):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])

    def boom(*args, **kwargs):
        raise AssertionError("read")

    monkeypatch.setattr(games_service.Games, "read", boom)
    r = gc.post(
        f"/api/v1/games/{t.id}/events",
        json={"version": 0, "type": "pass", "player": 0},
        headers={"Authorization": "Bearer wrong"},
    )
    assert r.status_code == 403


def test_a_write_does_not_replay_a_cached_game(gc, monkeypatch):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="play", player=0, move="8D WINDY")

    def boom(*args, **kwargs):
        raise AssertionError("replayed")

    monkeypatch.setattr(games_service, "replay", boom)
    t.send(type="play", player=1, move="9E QI")  # the cached state, copied
    assert t.game["version"] == 2


def test_the_game_cache_is_bounded_in_bytes():
    cache = GameCache(max_bytes=3 * games_service.GAME_BYTES + 10 * games_service.EVENT_BYTES)
    # Stand-in events and no state: the cache only counts the events.
    for i in range(5):
        cache.keep(Game(SimpleNamespace(id=str(i)), [object()] * 5, None))  # type: ignore[arg-type]
    assert list(cache.games) == ["3", "4"] and cache.used <= cache.max_bytes


@pytest.mark.parametrize(
    "move,coordinate",
    [("8A QI", "8H"), ("A8 QI", "H8"), ("H1 QI", "H8")],
)
def test_positions_are_in_the_users_notation(client, move, coordinate):
    r = client.post("/api/v1/score", json={"ruleset": "scrabble-en", "move": move})
    body = r.get_json()
    assert r.status_code == 422 and body["code"] == "misses-start"
    assert body["position"] == {"row": 7, "col": 7} and body["coordinate"] == coordinate
    assert f"({coordinate})" in body["detail"]


def test_positions_of_tile_placements(client):
    placement = [{"row": 7, "col": 15, "letter": "A"}, {"row": 7, "col": 14, "letter": "B"}]
    r = client.post("/api/v1/score", json={"ruleset": "scrabble-en", "placement": placement})
    body = r.get_json()
    assert body["code"] == "off-board" and body["coordinate"] == "8P"
    assert body["detail"] == "square 8P is off the 15x15 board"


def test_a_lost_challenge_turn_is_not_a_pass(gc):
    """WINDY, a failed challenge, a play, then one real pass: the game goes on."""
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"])
    t.send(type="play", player=0, move="8D WINDY")
    t.send(type="challenge", player=1)  # WINDY is good: Bob loses his turn
    t.send(type="play", player=0, move="9E QI")
    t.send(type="pass", player=1)  # Bob's first pass by choice
    assert t.game["status"] == "playing"
    t.send(type="pass", player=0)
    t.send(type="pass", player=1)  # his second: now it ends
    assert t.game["status"] == "awaiting_end" and t.game["end_reason"] == "passes"


@pytest.mark.parametrize(
    "draw,first",
    [(["E", "A"], 1), (["?", "A"], 0), (["B", "A", "?"], 2), (["AE", "AB"], 1)],
)
def test_the_draw_decides_who_starts(gc, draw, first):
    players = ["Ann", "Bob", "Cat"][: len(draw)]
    t = Table(gc, ruleset="scrabble-en", players=players, draw=draw)
    assert t.game["first_player"] == first and t.game["turn"] == first


def test_a_tied_draw_is_drawn_again(gc):
    r = gc.post(
        "/api/v1/games", json={"ruleset": "scrabble-en", "players": ["A", "B"], "draw": ["E", "E"]}
    )
    assert r.status_code == 422 and r.get_json()["code"] == "draw-tie"
    assert r.get_json()["tied"] == [0, 1]


def test_first_player_chosen(gc):
    t = Table(gc, ruleset="scrabble-en", players=["Ann", "Bob"], first_player=1)
    assert t.game["turn"] == 1
    body = t.send(409, type="pass", player=0)
    assert body["code"] == "not-your-turn"


def test_erudite_exchanges_any_number_with_the_tiles_to_draw(registry):
    from adjudicator.core.events import Exchange
    from adjudicator.core.game import new_game
    from adjudicator.core.referee import apply
    from adjudicator.errors import ExchangeNotAllowedError

    state = new_game(registry.ruleset("erudite-ru"), ["Аня", "Боря"])
    state.bag = 3
    apply(state, Exchange(player=0, tiles="", count=3))  # fewer than 7 in the bag: allowed
    with pytest.raises(ExchangeNotAllowedError):
        apply(state, Exchange(player=1, tiles="", count=4))  # but not more than the bag holds
    english = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    english.bag = 6
    with pytest.raises(ExchangeNotAllowedError):
        apply(english, Exchange(player=0, tiles="", count=1))


def test_erudite_documents_its_rule_texts_contradictions(registry):
    notes = " ".join(registry.ruleset("erudite-ru").notes)
    assert "Ъ 15" in notes and "1 to 10" in notes
    assert "plural" in notes and "no singular" in notes


@pytest.mark.parametrize("make", [erudite_game, english_game])
def test_game_answers_match_their_model(gc, make):
    from adjudicator.services.game_view import GameOut

    t = make(gc)
    t.send(type="correction", player=0)
    GameOut.model_validate(t.game)  # made without validation: check it here
    GameOut.model_validate(gc.get(f"/api/v1/games/{t.id}").get_json())


POLISH_NO_LEXICON = """#character-encoding UTF-8
#player1 a A
#player2 b B
>a: ŻÓŁWABC 8G ŻÓŁW +28 28
"""
SPANISH = """#character-encoding UTF-8
#lexicon FILE2017
#player1 a A
#player2 b B
>a: [CH]ACEIOR 8G [CH]ICO +20 20
"""


@pytest.mark.parametrize(
    ("record", "ruleset"), [(POLISH_NO_LEXICON, "scrabble-pl"), (SPANISH, "scrabble-es")]
)
def test_a_record_without_a_ruleset_is_placed_by_its_lexicon_or_its_letters(gc, record, ruleset):
    r = gc.post("/api/v1/games/import", data=record.encode(), content_type="text/plain")
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    assert game["ruleset"] == ruleset and game["flags"] == [] and game["scores"][0] in (20, 28)
