"""POST and DELETE /api/v1/lexicons: a tournament's list loaded, replaced and
removed by the admin, served at once by the worker that took it."""

from __future__ import annotations

import io
import re

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.conftest import admin_headers, make_app

ADMIN = "director-key"
AS_ADMIN = {"Authorization": f"Bearer {ADMIN}"}


@pytest.fixture()
def app(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    yield app
    runtime(app).store.dispose()


@pytest.fixture()
def client(app):
    return app.test_client()


def verdict(client, word, ruleset="scrabble-en", lexicon="club"):
    resp = client.get(f"/api/v1/words/{word}?ruleset={ruleset}&lexicon={lexicon}")
    return resp.status_code, (resp.get_json() or {}).get("valid")


def upload_text(client, text, query="name=club&ruleset=scrabble-en", headers=AS_ADMIN):
    return client.post(
        f"/api/v1/lexicons?{query}",
        data=text.encode(),
        content_type="text/plain; charset=utf-8",
        headers=headers,
    )


def test_a_text_body_is_served_by_the_next_request(client, app):
    assert verdict(client, "OK")[0] == 404
    resp = upload_text(client, "cat\nok\nqi\n")
    assert resp.status_code == 201, resp.get_json()
    body = resp.get_json()
    assert body["name"] == "club" and body["word_count"] == 3 and not body["replaced"]
    assert "scrabble-en" in body["serves"] and body["sha256"].startswith("sha256:")
    assert verdict(client, "OK") == (200, True)
    assert verdict(client, "DOG") == (200, False)
    manifest = (runtime(app).settings.loaded_lexicon_dir / "club.yaml").read_text()
    assert "club.txt" in manifest  # the source it was built from
    assert not any((runtime(app).settings.loaded_lexicon_dir / ".incoming").iterdir())


def test_a_multipart_upload_of_a_russian_list_for_erudite_folds_yo(client):
    resp = client.post(
        "/api/v1/lexicons?name=rutiny&ruleset=erudite-ru",
        data={"file": (io.BytesIO("кот\nпёс\n".encode()), "ru list.txt")},
        content_type="multipart/form-data",
        headers=AS_ADMIN,
    )
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["serves"] == ["erudite-ru"]
    for word in ("пёс", "пес", "кот"):
        assert verdict(client, word, "erudite-ru", "rutiny") == (200, True)


def test_replacing_a_list_changes_the_answer_and_the_checksum(client):
    first = upload_text(client, "cat\nok\n").get_json()
    second = upload_text(client, "cat\nza\n").get_json()
    assert second["replaced"] and second["sha256"] != first["sha256"]
    assert verdict(client, "OK") == (200, False)
    assert verdict(client, "ZA") == (200, True)
    checked = client.get("/api/v1/words/ZA?ruleset=scrabble-en&lexicon=club").get_json()
    assert checked["lexicon"]["checksum"] == second["sha256"]


def test_a_replaced_list_finds_plays_with_its_new_words(client):
    def moves(rack):
        body = {"ruleset": "scrabble-en", "rack": rack, "lexicon": "club", "limit": 1000}
        return {p["move"] for p in client.post("/api/v1/plays", json=body).get_json()["plays"]}

    upload_text(client, "cat\nok\n")
    assert moves("ZA") == set()
    upload_text(client, "cat\nza\n")
    assert moves("ZA") == {"8G ZA", "8H ZA", "H7 ZA", "H8 ZA"}


def test_deleting_a_list_stops_serving_it(client, tmp_path):
    upload_text(client, "cat\nok\n")
    graph = tmp_path / "data" / "lexicons" / "club.graph"
    assert graph.exists()
    assert client.delete("/api/v1/lexicons/club", headers=AS_ADMIN).status_code == 204
    assert not graph.exists()
    assert verdict(client, "OK")[0] == 404
    again = client.delete("/api/v1/lexicons/club", headers=AS_ADMIN)
    assert again.status_code == 404 and again.get_json()["code"] == "unknown-lexicon"


def test_a_bundled_lexicon_cannot_be_deleted(client):
    resp = client.delete("/api/v1/lexicons/en-enable", headers=AS_ADMIN)
    assert resp.status_code == 409 and resp.get_json()["code"] == "lexicon-bundled"
    assert verdict(client, "OK", lexicon="en-enable")[0] == 200


@pytest.mark.parametrize("headers, status", [({}, 401), ({"X-API-Key": "wrong"}, 403)])
def test_loading_and_deleting_need_the_admin_key_before_anything_is_read(client, headers, status):
    assert upload_text(client, "\x00not text", query="bad=1", headers=headers).status_code == status
    assert client.delete("/api/v1/lexicons/club", headers=headers).status_code == status


def test_without_an_admin_key_configured_lists_need_the_generated_one(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"))
    try:
        resp = upload_text(app.test_client(), "cat\n", headers={})
        assert resp.status_code == 401 and "admin key" in resp.get_json()["detail"]
        key = (tmp_path / "data" / "admin-key").read_text("ascii").strip()
        assert (tmp_path / "data" / "admin-key").stat().st_mode & 0o777 == 0o600
        assert admin_headers(app) == {"Authorization": f"Bearer {key}"}
        resp = upload_text(app.test_client(), "cat\n", headers=admin_headers(app))
        assert resp.status_code == 201, resp.get_json()
    finally:
        runtime(app).store.dispose()


@pytest.mark.parametrize(
    "text, query, status, code",
    [
        ("cat\n", "name=Bad/Name", 422, "lexicon-build-failed"),
        ("cat\n", "name=club&ruleset=nope", 404, "unknown-ruleset"),
        ("cat\nqi\nQI\nZA\n", "name=club", 422, "wordlist-mixed-case"),
        ("кот\nпёс\n", "name=en-enable", 422, "lexicon-build-failed"),
        ("cat\n", "ruleset=scrabble-en", 400, None),
    ],
)
def test_a_refused_list_is_a_problem_and_leaves_what_was_served(client, text, query, status, code):
    resp = upload_text(client, text, query=query)
    assert resp.status_code == status, resp.get_json()
    assert resp.content_type == "application/problem+json"
    if code:
        assert resp.get_json()["code"] == code
    assert verdict(client, "CAT", lexicon="en-enable") == (200, True)


def test_another_media_type_is_refused(client):
    resp = client.post("/api/v1/lexicons?name=club", json={"words": ["cat"]}, headers=AS_ADMIN)
    assert resp.status_code == 415


def test_a_list_larger_than_the_upload_limit_is_refused(tmp_path):
    app = make_app(
        tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN, max_lexicon_bytes=100
    )
    try:
        resp = upload_text(app.test_client(), "cat\n" * 100)
        assert resp.status_code == 413 and "100 bytes" in resp.get_json()["detail"]
    finally:
        runtime(app).store.dispose()


def test_a_list_over_the_json_limit_is_accepted(tmp_path):
    app = make_app(
        tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN, max_body_bytes=100
    )
    try:
        resp = upload_text(app.test_client(), "".join(f"{w}\n" for w in ("cat", "dog") * 60))
        assert resp.status_code == 201, resp.get_json()
    finally:
        runtime(app).store.dispose()


def test_a_word_longer_than_a_board_is_dropped(client):
    resp = upload_text(client, "cat\ndog\n" + "a" * 16 + "\n" + "b" * 5000 + "\n")
    body = resp.get_json()
    assert resp.status_code == 201 and body["word_count"] == 2, body
    assert body["dropped"]["too_long"] == 2
    assert all(len(e) < 40 for e in body["examples"]["too_long"])


def test_overriding_a_bundled_lexicon_says_it_replaced_it(client, app):
    name = runtime(app).registry.serving("scrabble-en")
    resp = upload_text(client, "cat\ndog\n", query=f"name={name}&ruleset=scrabble-en")
    assert resp.status_code == 201 and resp.get_json()["replaced"] is True, resp.get_json()


def test_every_answer_says_nosniff(client):
    for path in ("/ping", "/api/v1/rulesets", "/api/v1/nothing-here"):
        assert client.get(path).headers["X-Content-Type-Options"] == "nosniff"


def lexicon_info(client, name: str) -> list[float]:
    """The values of adjudicator_lexicon_info for ``name`` (one per version)."""
    text = client.get("/metrics").get_data(as_text=True)
    pattern = rf'^adjudicator_lexicon_info\{{[^}}]*\blexicon="{name}"[^}}]*\}} (\S+)$'
    found = re.findall(pattern, text, re.M)
    return [float(v) for v in found]


def test_metrics_follow_a_list_loaded_replaced_and_deleted(client):
    """The metric follows the registry in force, not the one of start-up (a name
    of its own: the process's metrics outlive each test's app)."""
    query = "name=metered&ruleset=scrabble-en"
    assert lexicon_info(client, "metered") == []
    assert upload_text(client, "cat\nok\n", query=query).status_code == 201
    assert lexicon_info(client, "metered") == [1.0]
    assert upload_text(client, "cat\nok\nqi\n", query=query).status_code == 201
    assert sorted(lexicon_info(client, "metered")) == [0.0, 1.0]  # a new checksum
    assert client.delete("/api/v1/lexicons/metered", headers=AS_ADMIN).status_code == 204
    assert lexicon_info(client, "metered") == [0.0, 0.0]
