"""A tournament's own word list, chosen per request beside the bundled lexicons."""

from __future__ import annotations

import pytest

from adjudicator.builders import build_wordlist
from adjudicator.loaders import load_config
from adjudicator.web import create_app
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    lex = tmp_path_factory.mktemp("lexicons")
    for f in LEXICONS.iterdir():
        if f.is_file() and not f.name.startswith("."):
            (lex / f.name).symlink_to(f)
    words = lex.parent / "club.txt"
    words.write_text("QI\nZA\nZZZ\nXYZZY\n", encoding="utf-8")
    build_wordlist(
        words,
        "club",
        load_config(CONFIG).alphabets["english"],
        lex,
        "en",
        "2026",
        "club licence",
        min_length=2,
    )
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(lex),
            "database_url": f"sqlite:///{lex.parent / 'c.db'}",
        }
    )
    yield app.test_client()
    runtime(app).store.dispose()


def test_rulesets_list_the_lexicons_that_fit(client):
    rulesets = {r["name"]: r for r in client.get("/api/v1/rulesets").get_json()["rulesets"]}
    assert rulesets["scrabble-en"]["lexicons"] == ["en-enable", "club"]
    assert rulesets["erudite-ru"]["lexicons"] == ["ru-erudite", "ru-opencorpora"]


def test_word_check_against_the_chosen_lexicon(client):
    q = {"ruleset": "scrabble-en"}
    assert client.get("/api/v1/words/XYZZY", query_string=q).get_json()["valid"] is False
    body = client.get("/api/v1/words/XYZZY", query_string={**q, "lexicon": "club"}).get_json()
    assert body["valid"] is True and body["lexicon"]["name"] == "club"
    batch = client.post(
        "/api/v1/words/check",
        json={"ruleset": "scrabble-en", "lexicon": "club", "words": ["QI", "CAT"]},
    ).get_json()
    assert [r["valid"] for r in batch["results"]] == [True, False]


def test_a_lexicon_of_another_alphabet_is_refused(client):
    r = client.get(
        "/api/v1/words/QI", query_string={"ruleset": "scrabble-en", "lexicon": "ru-opencorpora"}
    )
    assert r.status_code == 422 and r.get_json()["code"] == "lexicon-mismatch"
    r = client.get("/api/v1/words/QI", query_string={"ruleset": "scrabble-en", "lexicon": "nope"})
    assert r.status_code == 404 and r.get_json()["code"] == "unknown-lexicon"


def test_challenge_and_score_use_the_chosen_lexicon(client):
    r = client.post(
        "/api/v1/challenges", json={"ruleset": "scrabble-en", "lexicon": "club", "words": ["ZZZ"]}
    )
    body = r.get_json()
    assert body["verdict"] == "acceptable" and body["lexicon"]["name"] == "club"
    s = client.post(
        "/api/v1/score",
        json={"ruleset": "scrabble-en", "move": "8G QI", "validate": True, "lexicon": "club"},
    ).get_json()
    assert s["all_valid"] is True and s["lexicon"]["name"] == "club"
