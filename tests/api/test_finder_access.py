"""ADJUDICATOR_FINDER: a tournament switches finding plays and words off, or
keeps it for client keys; the judge page never offers it."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, make_app

PLAYS = ("/api/v1/plays", {"ruleset": "scrabble-en", "rack": "AB"})


def ask(app, key: str | None = None):
    headers = {"X-API-Key": key} if key else {}
    client = app.test_client()
    plays = client.post(PLAYS[0], json=PLAYS[1], headers=headers)
    search = client.get("/api/v1/words/search?ruleset=scrabble-en&anagram=AB", headers=headers)
    return plays.status_code, search.status_code, plays.get_json().get("code")


@pytest.mark.parametrize(
    ("finder", "keys", "key", "expected"),
    [
        ("on", None, None, (200, 200, None)),
        ("off", None, None, (403, 403, "finder-disabled")),
        ("keys", None, None, (403, 403, "finder-disabled")),
        ("keys", "td:secret-td-key", None, (401, 401, "unauthorized")),
        ("keys", "td:secret-td-key", "secret-td-key", (200, 200, None)),
        ("on", "td:secret-td-key", None, (401, 401, "unauthorized")),
        ("off", "td:secret-td-key", "secret-td-key", (403, 403, "finder-disabled")),
    ],
)
def test_the_setting_decides(tmp_path, finder, keys, key, expected):
    app = make_app(tmp_path / "f.db", finder=finder, api_keys=keys)
    assert ask(app, key) == expected


def test_other_reading_stays_open_when_the_finder_needs_keys(tmp_path):
    app = make_app(tmp_path / "f.db", finder="keys", api_keys="td:secret-td-key")
    # Keys are set, so reading needs one too; with the finder off reading is unchanged.
    off = make_app(tmp_path / "o.db", finder="off")
    assert off.test_client().get("/api/v1/words/CAT?ruleset=scrabble-en").status_code == 200
    assert app.test_client().get("/api/v1/words/CAT?ruleset=scrabble-en").status_code == 401


def test_a_bad_value_stops_start_up(tmp_path):
    from adjudicator.errors import ConfigError

    with pytest.raises(ConfigError, match="ADJUDICATOR_FINDER"):
        make_app(tmp_path / "f.db", finder="maybe")


def test_the_openapi_document_declares_the_refusals(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    for path, method in (("/api/v1/plays", "post"), ("/api/v1/words/search", "get")):
        responses = doc["paths"][path][method]["responses"]
        assert {"401", "403", "503"} <= set(responses)


def test_the_judge_page_never_offers_them():
    pages = ROOT / "adjudicator" / "web" / "pages"
    files = [pages / "judge.py", pages / "templates" / "judge.html"]
    files += sorted((pages / "static" / "judge").glob("*.js"))
    assert len(files) > 2, "the judge page's scripts are in static/judge/"
    for path in files:
        text = path.read_text("utf-8")
        assert "/plays" not in text and "words/search" not in text, path
