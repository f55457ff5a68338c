"""Players' names at every entrance: bounded, and no line break or control
character, which a GCG export would write as a line of its own (issue 38, 2)."""

from __future__ import annotations

import pytest

from adjudicator.core.gcg import Player, parse_gcg, write_gcg
from adjudicator.core.gcg.model import GcgRecord, Play, Pragma
from adjudicator.core.names import MAX_NAME_LENGTH

INJECTED = "Bob\n>Ann: 8D WINDY +32 32"
BAD = [INJECTED, "Bob\r", "Bob\u2028Ann", "Bob\x00", "x" * (MAX_NAME_LENGTH + 1), "  "]


@pytest.fixture()
def gc(db_app):
    return db_app.test_client()


@pytest.mark.parametrize("name", BAD)
def test_a_game_refuses_a_bad_name(gc, name):
    r = gc.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", name]})
    assert r.status_code in (400, 422) and "players.1" in r.get_json()["detail"], r.get_json()


def test_a_long_name_within_the_bound_is_a_name(gc):
    name = "Maria del Carmen Fernández-Villaverde Rodríguez".ljust(MAX_NAME_LENGTH, "z")
    r = gc.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", name]})
    assert r.status_code == 201 and r.get_json()["players"][1]["name"] == name


@pytest.mark.parametrize("name", ["Bob\x0bAnn", "Bob\u2028Ann", "B" * 900])
def test_an_import_refuses_a_bad_name(gc, name):
    record = f"#player1 Ann Ann\n#player2 Bob {name}\n>Ann: ABC 8D CAB +14 14\n"
    r = gc.post(
        "/api/v1/games/import",
        data=record.encode(),
        content_type="text/plain",
        query_string={"ruleset": "scrabble-en"},
    )
    assert r.status_code in (400, 422), r.get_json()


def test_the_writer_never_breaks_a_line_inside_a_field():
    record = GcgRecord(
        (Player(1, "Ann", "Ann"), Player(2, "Bob", INJECTED)),
        (Play(nick="Ann", player=0, rack="ABC", score=14, total=14, coord="8D", word="CAB"),),
        (),
    )
    text = write_gcg(record)
    assert text.count("\n>") == 1  # the one real event
    again = parse_gcg(text)
    assert len(again.events) == 1 and again.players[1].name == INJECTED.replace("\n", " ")


def test_a_note_cannot_bring_an_event_of_its_own():
    record = GcgRecord(
        (Player(1, "Ann", "Ann"), Player(2, "Bob", "Bob")),
        (),
        (Pragma("note", "fine\ncontinued\n>Ann: ABC 8D CAB +14 14", 0),),
    )
    again = parse_gcg(write_gcg(record))
    assert again.events == () and again.pragma("note").startswith("fine\ncontinued ")
