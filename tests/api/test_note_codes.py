"""The referee's notes are codes with parameters: every code is said in every
language the pages offer, from the catalogues, and nothing reads English."""

from __future__ import annotations

import pytest

from adjudicator.core.notes import NoteCode
from adjudicator.web.pages.spectator import note_text
from tests.conftest import ROOT
from tests.test_translations import LANGUAGES

# Parameters as the referee gives them (the API's JSON form).
PARAMS: dict[NoteCode, dict] = {
    NoteCode.TOOK_BACK: {"events": [2, 3]},
    NoteCode.CHALLENGE_RULED: {"verdict": "unacceptable"},
    NoteCode.CHALLENGER_LOSES_TURN: {"verdict": "acceptable"},
    NoteCode.ILLEGAL_PLAY: {"problem": "not-connected"},
    NoteCode.SCORE_DIFFERS: {"recorded": 30, "scored": 28},
    NoteCode.RACK_POINTS_DIFFER: {"recorded": -7, "expected": -9},
    NoteCode.RACKS_WORKED_OUT: {"names": ["Bob"]},
}


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_every_note_code_is_said_in_every_language(app, lang):
    with app.test_request_context(f"/?lang={lang}"):
        said = {
            code: note_text({"code": code, "params": PARAMS.get(code, {})}) for code in NoteCode
        }
    # The withdrawal's own name says it; every other note has words.
    assert said.pop(NoteCode.PLAY_WITHDRAWN) == ""
    assert all(said.values()), said
    assert len(set(said.values())) == len(said), said  # no two codes said alike
    assert "#3, #4" in said[NoteCode.TOOK_BACK]  # events from 0, moves from 1
    assert "-9" in said[NoteCode.RACK_POINTS_DIFFER] and "Bob" in said[NoteCode.RACKS_WORKED_OUT]
    if lang != "en":
        english = "recorded 30, the ruleset scores 28"
        assert said[NoteCode.SCORE_DIFFERS] != english


def test_the_api_answers_a_note_as_code_and_parameters(client):
    r = client.post("/api/v1/games", json={"ruleset": "scrabble-en", "players": ["Ann", "Bob"]})
    game = r.get_json()
    auth = {"X-Game-Token": game["token"]}
    url = f"/api/v1/games/{game['id']}/events"
    client.post(
        url, json={"version": 0, "type": "play", "player": 0, "move": "8H CAT"}, headers=auth
    )
    body = client.post(url, json={"version": 1, "type": "correction", "player": 0}, headers=auth)
    history = body.get_json()["history"]
    assert history[0]["note"] == {"code": "voided", "params": {}}
    assert history[1]["note"] == {"code": "took-back", "params": {"events": [0]}}
    again = {"version": 2, "type": "play", "player": 0, "move": "8H DOG"}
    played = client.post(url, json=again, headers=auth).get_json()["history"][-1]
    assert "note" not in played  # an event the referee says nothing about has no note


def test_docs_name_every_note_code():
    text = (ROOT / "docs" / "games.md").read_text("utf-8")
    assert [code for code in NoteCode if f"| `{code}` |" not in text] == []
