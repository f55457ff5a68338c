"""Word checks against the bundled lexicons (the issue's acceptance lists)."""

from __future__ import annotations

import unicodedata

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.conftest import board_rows, make_app

ERUDITE_ACCEPTS = [
    "стол",
    "кошка",
    "ножницы",
    "сутки",
    "бег",
    "ёж",
    "еж",
    "ёлка",
    "елка",
    "август",
    "аврора",
]
ERUDITE_REJECTS = [
    ("москва", "proper-noun", None),
    ("ссср", "abbreviation", None),
    ("красивый", "wrong-part-of-speech", "adjective"),
    ("столы", "not-nominative-singular", "plural of СТОЛ"),
    ("стола", "case-form", "a case form of СТОЛ"),
    ("иван", "proper-noun", None),
    ("рок-н-ролл", "contains-hyphen", None),
]
ENGLISH_ACCEPTS = ["QUIXOTIC", "CATS", "JO", "AA", "QI", "ZA", "quixotic"]
ENGLISH_REJECTS = [
    ("don't", "contains-apostrophe"),
    ("x-ray", "contains-hyphen"),
    ("NASA", "not-in-lexicon"),
    ("FBI", "not-in-lexicon"),
    ("XQZWV", "not-in-lexicon"),
    ("R2D2", "contains-digit"),
]


def get(client, word, ruleset):
    return client.get(f"/api/v1/words/{word}", query_string={"ruleset": ruleset})


@pytest.mark.parametrize("word", ERUDITE_ACCEPTS)
def test_erudite_accepts(client, word):
    body = get(client, word, "erudite-ru").get_json()
    assert body["valid"] is True, body
    assert "reason" not in body


@pytest.mark.parametrize("word,code,detail", ERUDITE_REJECTS)
def test_erudite_rejects_with_reason(client, word, code, detail):
    r = get(client, word, "erudite-ru")
    assert r.status_code == 200
    body = r.get_json()
    assert body["valid"] is False and body["reason"]["code"] == code
    if detail:
        assert detail in body["reason"]["detail"]


def test_response_shape(client):
    body = get(client, "СТОЛЫ", "erudite-ru").get_json()
    assert body["word"] == "СТОЛЫ" and body["ruleset"] == "erudite-ru"
    assert body["lexicon"]["name"] == "ru-erudite"
    assert body["lexicon"]["checksum"].startswith("sha256:")
    assert body["reason"] == {"code": "not-nominative-singular", "detail": "plural of СТОЛ"}


@pytest.mark.parametrize("word", ENGLISH_ACCEPTS)
def test_english_accepts(client, word):
    assert get(client, word, "scrabble-en").get_json()["valid"] is True


@pytest.mark.parametrize("word,code", ENGLISH_REJECTS)
def test_english_rejects(client, word, code):
    body = get(client, word, "scrabble-en").get_json()
    assert body["valid"] is False and body["reason"]["code"] == code


def test_scrabble_ru_yo_policy(client):
    assert get(client, "ёлка", "scrabble-ru").get_json()["valid"] is True
    body = get(client, "елка", "scrabble-ru").get_json()
    assert body["valid"] is False and body["reason"]["code"] == "spelled-differently"
    assert "ЁЛКА" in body["reason"]["detail"]


def test_input_normalisation(client):
    nfd = unicodedata.normalize("NFD", "ёлка")
    assert get(client, f"  {nfd} ", "erudite-ru").get_json()["valid"] is True
    assert get(client, "КоШкА", "erudite-ru").get_json()["valid"] is True


def test_latin_lookalike_is_400_with_position(client):
    r = get(client, "стoл", "erudite-ru")  # Latin o at index 2
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["code"] == "unknown-tile" and body["position"] == 2 and body["character"] == "o"


def test_ruleset_is_required(client):
    r = client.get("/api/v1/words/QI")
    assert r.status_code == 400 and r.get_json()["field"] == "ruleset"


def test_batch_in_input_order(client):
    r = client.post(
        "/api/v1/words/check", json={"ruleset": "erudite-ru", "words": ["столы", "кошка", "москва"]}
    )
    body = r.get_json()
    assert [x["word"] for x in body["results"]] == ["СТОЛЫ", "КОШКА", "МОСКВА"]
    assert [x["valid"] for x in body["results"]] == [False, True, False]
    # ru-erudite is merged from several sources: an accepted word names its own.
    assert body["results"][1]["source"] == "pymorphy3-dicts-ru"
    assert "source" not in body["results"][0]
    assert body["lexicon"]["name"] == "ru-erudite"
    assert all("lexicon" not in x for x in body["results"])


def test_batch_limits(client):
    r = client.post(
        "/api/v1/words/check", json={"ruleset": "scrabble-en", "words": ["QI"] * 10_001}
    )
    assert r.status_code == 422 and r.get_json()["field"] == "words"
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-en", "words": ["A" * 65]})
    assert r.status_code == 422 and r.get_json()["code"] == "word-too-long"
    r = client.post(
        "/api/v1/words/check", json={"ruleset": "scrabble-en", "words": ["QI", "Q1", "ZЖ"]}
    )
    assert r.status_code == 422 and r.get_json()["index"] == 2


def test_lexicons_listing(client):
    body = client.get("/api/v1/lexicons").get_json()
    by_name = {x["name"]: x for x in body["lexicons"]}
    assert set(by_name) >= {"en-enable", "ru-opencorpora"}
    ru = by_name["ru-opencorpora"]["manifest"]
    assert "CC" in ru["license"] and "OpenCorpora" in ru["attribution"]
    assert set(by_name["ru-opencorpora"]["rulesets"]) == {"scrabble-ru"}
    assert set(by_name["ru-erudite"]["rulesets"]) == {"erudite-ru"}


def test_score_with_validate(client):
    r = client.post(
        "/api/v1/score",
        json={
            "ruleset": "scrabble-en",
            "validate": True,
            "board": board_rows(r7="...WINDY"),
            "move": "9D OX",
        },
    )
    body = r.get_json()
    assert [(w["word"], w["valid"]) for w in body["words"]] == [
        ("OX", True),
        ("WO", True),
        ("IX", False),
    ]
    assert body["all_valid"] is False
    assert body["words"][2]["reason"]["code"] == "not-in-lexicon"


def test_no_lexicon_for_ruleset(tmp_path):
    """A ruleset whose lexicon is not loaded still scores; a word check says what to build."""
    app = make_app(tmp_path / "db.sqlite", lexicon_dir=str(tmp_path / "none"))
    client = app.test_client()
    r = get(client, "ŻÓŁW", "scrabble-pl")
    assert r.status_code == 404 and r.get_json()["code"] == "unknown-lexicon"
    assert "adjudicator lexicon build pl-hunspell" in r.get_json()["detail"]
    score = client.post("/api/v1/score", json={"ruleset": "scrabble-pl", "move": "8G ŻÓŁW"})
    assert score.status_code == 200 and score.get_json()["score"] == 28
    runtime(app).store.dispose()


# --- texts show tiles as the user writes them (issue 32, item 3) ----------------


@pytest.mark.parametrize(
    "word,detail",
    [
        ("chll", "[CH][LL] is not in es-hunspell"),
        ("chxq", "[CH]XQ is not in es-hunspell"),
        ("[CH]XQ", "[CH]XQ is not in es-hunspell"),
    ],
)
def test_digraph_reason_shows_labels(client, word, detail):
    body = get(client, word, "scrabble-es").get_json()
    assert body["valid"] is False and body["reason"]["detail"] == detail


def test_no_reason_holds_a_lexicon_key(client):
    """No detail of a word check holds a lexicon key's private-use character."""
    words = ["chll", "chxq", "perrrro", "llllave", "chicos", "ÑÑCH", "rrr"]
    body = client.post(
        "/api/v1/words/check", json={"ruleset": "scrabble-es", "words": words}
    ).get_json()
    for result in body["results"]:
        text = result["word"] + result.get("reason", {}).get("detail", "")
        assert not any(0xE000 <= ord(c) <= 0xF8FF for c in text), result


# --- word-too-long quotes a short prefix only (issue 32, item 6) ---------------


@pytest.mark.parametrize("tail", ["", "-", "#", "ч"])
def test_word_too_long_quotes_a_short_prefix(client, tail):
    word = "A" * 1_000_000 + tail
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-en", "words": [word]})
    assert r.status_code == 422 and len(r.data) < 2_000
    body = r.get_json()
    assert body["code"] == "word-too-long" and body["max_length"] == 64
    assert body["word"] == "A" * 64 + "\u2026"
    assert body["detail"] == f"{len(word)} characters; at most 64 tiles"


def test_word_too_long_counts_tiles(client):
    # 65 tiles, 130 characters: over the limit by its tiles, not its characters.
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-es", "words": ["ch" * 65]})
    body = r.get_json()
    assert r.status_code == 422 and body["detail"] == "65 tiles; at most 64"
    assert body["word"] == "ch" * 32 + "\u2026"
    # 64 digraph tiles are a word of 64 tiles: judged, not refused.
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-es", "words": ["ch" * 64]})
    assert r.status_code == 200


def test_unknown_tile_in_a_long_word_quotes_a_short_prefix(client):
    # 101 characters: within 64 Spanish tiles of up to 4 characters, so it is read.
    word = "A" * 100 + "#"
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-es", "words": [word]})
    body = r.get_json()
    assert body["code"] == "unknown-tile" and body["position"] == 100
    assert body["text"] == "A" * 64 + "\u2026" and len(body["detail"]) < 150
    # A word within the limit is quoted whole.
    r = client.post("/api/v1/words/check", json={"ruleset": "scrabble-en", "words": ["AB#"]})
    assert r.get_json()["text"] == "AB#"


def test_lexicon_mismatch_names_digraph_tiles_by_label(client):
    r = client.get(
        "/api/v1/words/casa", query_string={"ruleset": "scrabble-es", "lexicon": "en-enable"}
    )
    detail = r.get_json()["detail"]
    assert r.status_code == 422 and "cannot spell Ñ, [CH], [LL], [RR] of alphabet" in detail
    assert not any(0xE000 <= ord(c) <= 0xF8FF for c in detail)


def test_a_reason_counts_characters_from_one(client):
    """The hyphen of x-ray is its second character, as a person counts."""
    reason = get(client, "x-ray", "scrabble-en").get_json()["reason"]
    assert reason["detail"] == "contains a hyphen (character 2)"
