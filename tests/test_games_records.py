"""Every shared game record imported as a club game: totals match, export re-imports.

Skips when ../shared/data/gcg is absent (a user's fresh clone).
"""

from __future__ import annotations

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.test_gcg_records import FILES, GCG_DIR, UNREADABLE, _ruleset_name

IMPORTABLE = [f for f in FILES if f not in UNREADABLE]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from adjudicator.web import create_app
    from tests.conftest import CONFIG, LEXICONS

    db = tmp_path_factory.mktemp("records") / "records.db"
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
        }
    )
    yield app.test_client()
    runtime(app).store.dispose()


def events_of(client, id_):
    """The game's events as the export shows them, one GCG line per event."""
    text = client.get(f"/api/v1/games/{id_}.gcg").get_data(as_text=True)
    return [line for line in text.splitlines() if line.startswith(">")]


@pytest.mark.parametrize("rel", IMPORTABLE)
def test_import_totals_and_round_trip(client, rel):
    from adjudicator.core.gcg import decode_gcg, parse_gcg

    data = (GCG_DIR / rel).read_bytes()
    ruleset = _ruleset_name(rel)
    r = client.post(
        "/api/v1/games/import",
        data=data,
        content_type="application/x-gcg",
        query_string={"ruleset": ruleset} if ruleset != "scrabble-en" else {},
    )
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    record = parse_gcg(decode_gcg(data))
    finals = record.final_totals()
    assert [s for s, f in zip(game["scores"], finals, strict=True) if f is not None] == [
        f for f in finals if f is not None
    ]
    assert not [f for f in game["flags"] if "final total" in f]
    assert game["version"] == len(record.events)
    # Export, re-import: the same events, event for event.
    text = client.get(f"/api/v1/games/{game['id']}.gcg").get_data()
    again = client.post(
        "/api/v1/games/import",
        data=text,
        content_type="text/plain",
        query_string={"ruleset": game["ruleset"]},
    ).get_json()
    assert events_of(client, again["id"]) == events_of(client, game["id"])
    assert again["scores"] == game["scores"] and again["board"] == game["board"]
    # ... and the export of the re-imported game is the first export, byte for byte.
    assert client.get(f"/api/v1/games/{again['id']}.gcg").get_data() == text
    first = client.get(f"/api/v1/games/{game['id']}").get_json()["history"]
    second = client.get(f"/api/v1/games/{again['id']}").get_json()["history"]
    strip = [{k: v for k, v in h.items() if k != "note"} for h in first]
    assert [{k: v for k, v in h.items() if k != "note"} for h in second] == strip


def test_lexicon_pragma_picks_tournament_rules(client):
    rel = next(f for f in IMPORTABLE if "NWL" in (GCG_DIR / f).read_text("latin-1")[:400])
    r = client.post(
        "/api/v1/games/import", data=(GCG_DIR / rel).read_bytes(), content_type="text/plain"
    )
    assert r.get_json()["ruleset"] == "scrabble-en-naspa"


def test_json_import_and_bad_record(client):
    r = client.post(
        "/api/v1/games/import",
        json={"gcg": "#player1 a A\n#player2 b B\n>a: AB 8H AB +8 8\n", "ruleset": "scrabble-en"},
    )
    assert r.status_code == 201 and r.get_json()["scores"] == [8, 0]
    r = client.post(
        "/api/v1/games/import", data=b"#player1 a A\n>zz: what is this\n", content_type="text/plain"
    )
    assert r.status_code == 422 and r.get_json()["code"].startswith("gcg-")
