"""House lists over HTTP: an Erudite list with additions (one with Ё) and
removals, entries with who, when and why, undo, rulings that keep their
version, diffs between versions, and plays and word searches that follow the
list."""

from __future__ import annotations

import pytest

from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app

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


def verdict(client, word, ruleset="erudite-ru", lexicon="club-ru"):
    resp = client.get(
        f"/api/v1/words/{word}", query_string={"ruleset": ruleset, "lexicon": lexicon}
    )
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def make_club(client, **extra):
    body = {
        "name": "club-ru",
        "base": "ru-erudite",
        "why": "our club's list",
        "entries": [
            {"word": "амбарушка", "action": "add", "why": "Ожегов, 1990"},
            {"word": "ЁЛОЧНИК", "action": "add", "why": "Даль"},
            {"word": "кошка", "action": "remove", "why": "the committee, 2026-11"},
        ],
        **extra,
    }
    return client.post("/api/v1/house-lists", json=body, headers=AS_ADMIN)


def edit(client, word, action="add", why="Ожегов", name="club-ru", **extra):
    body = {"word": word, "action": action, "why": why, "ruleset": "erudite-ru", **extra}
    return client.post(f"/api/v1/house-lists/{name}/entries", json=body, headers=AS_ADMIN)


def test_an_erudite_house_list_adds_and_removes_words(client):
    assert verdict(client, "АМБАРУШКА", lexicon="ru-erudite")["valid"] is False
    resp = make_club(client)
    assert resp.status_code == 201, resp.get_json()
    made = resp.get_json()
    assert resp.headers["Location"] == "/api/v1/house-lists/club-ru"
    assert made["base"]["name"] == "ru-erudite" and made["version"] == "4"
    assert (made["additions"], made["removals"]) == (2, 1)
    # Served by the next request, without a restart.
    added = verdict(client, "амбарушка")
    assert added["valid"] is True and added["lexicon"]["name"] == "club-ru"
    assert added["house"] == {
        "list": "club-ru",
        "action": "add",
        "entry": 2,
        "by": "admin",
        "at": added["house"]["at"],
        "why": "Ожегов, 1990",
    }
    # erudite-ru folds Ё into Е: the addition is accepted both ways.
    for spelling in ("ёлочник", "елочник", "ЁЛОЧНИК"):
        assert verdict(client, spelling)["valid"] is True, spelling
    # A removal rejects a base word with its own reason.
    struck = verdict(client, "кошка")
    assert struck["valid"] is False and struck["reason"]["code"] == "removed-by-house-list"
    assert "the committee" in struck["reason"]["detail"] and struck["house"]["action"] == "remove"
    # The base's filter still applies to its own words; the base is untouched.
    assert verdict(client, "столы")["reason"]["code"] == "not-nominative-singular"
    assert verdict(client, "собака")["valid"] is True and "house" not in verdict(client, "собака")
    assert verdict(client, "кошка", lexicon="ru-erudite")["valid"] is True


def test_scrabble_ru_takes_the_yo_spelling_only(client):
    make_club(client)
    assert verdict(client, "ёлочник", ruleset="scrabble-ru")["valid"] is True
    other = verdict(client, "елочник", ruleset="scrabble-ru")
    assert other["valid"] is False and other["reason"]["code"] == "spelled-differently"
    assert other["reason"]["detail"] == "club-ru spells it ЁЛОЧНИК" and "house" in other


def test_a_yo_word_entered_at_a_scrabble_table_serves_an_erudite_one(client):
    """The keys of an entry are the base's, whichever ruleset read the word: ЁЖИСТОСТЬ
    added (ЁЛКА struck) under scrabble-ru, which has an Ё tile, is added (struck)
    as ЕЖИСТОСТЬ (ЕЛКА) too, where Ё is Е, as the base keeps its own Ё words."""
    make_club(client)
    for word, action in (("ёжистость", "add"), ("ёлка", "remove")):
        made = edit(client, word, action=action, ruleset="scrabble-ru")
        assert made.status_code == 201, made.get_json()
    for spelling in ("ёжистость", "ежистость"):
        assert verdict(client, spelling)["valid"] is True, spelling
    for spelling in ("ёлка", "елка"):
        assert verdict(client, spelling)["reason"]["code"] == "removed-by-house-list"
    assert verdict(client, "ёжистость", ruleset="scrabble-ru")["valid"] is True
    other = verdict(client, "ежистость", ruleset="scrabble-ru")
    assert other["reason"]["code"] == "spelled-differently"


def test_a_yo_spelling_entered_leaves_the_ye_word_of_the_base_to_a_yo_ruleset(client):
    """ЛЁС added (МЁЛ struck) under erudite-ru, where Ё is Е, adds (strikes) ЛЕС
    (МЕЛ) there; under scrabble-ru, which has an Ё tile, ЛЕС and МЕЛ are words
    of their own, as the base says, and the graph agrees."""
    make_club(client)
    assert edit(client, "лёс", why="a misprint").status_code == 201
    assert edit(client, "мёл", action="remove", why="no such word").status_code == 201
    assert verdict(client, "лес")["valid"] is True and verdict(client, "лёс")["valid"] is True
    struck = verdict(client, "мел")
    assert struck["valid"] is False and struck["reason"]["code"] == "removed-by-house-list"
    for word in ("ЛЕС", "МЕЛ"):
        own = verdict(client, word, ruleset="scrabble-ru")
        assert own["valid"] is True and "house" not in own, own
    assert verdict(client, "ЛЁС", ruleset="scrabble-ru")["valid"] is True
    assert verdict(client, "МЁЛ", ruleset="scrabble-ru")["valid"] is False

    def found(ruleset, anagram):
        query = {"ruleset": ruleset, "lexicon": "club-ru", "anagram": anagram}
        return client.get("/api/v1/words/search", query_string=query).get_json()["words"]

    assert "ЛЕС" in found("scrabble-ru", "ЛЕС") and "МЕЛ" in found("scrabble-ru", "МЕЛ")
    assert "МЕЛ" not in found("erudite-ru", "МЕЛ")


def test_entries_history_and_undo(client):
    make_club(client)
    resp = edit(client, "авторша", why="Ефремова, т. 1")
    assert resp.status_code == 201, resp.get_json()
    edited = resp.get_json()
    assert edited["version"] == "5" and edited["event"]["word"] == "АВТОРША"
    assert edited["event"]["ruleset"] == "erudite-ru" and edited["event"]["by"] == "admin"
    assert verdict(client, "авторша")["valid"] is True
    # Already added: a conflict naming the entry; the list is unchanged.
    again = edit(client, "АВТОРША")
    assert again.status_code == 409 and again.get_json()["code"] == "house-entry-exists"
    assert again.get_json()["entry"] == 5
    undo = client.post(
        "/api/v1/house-lists/club-ru/entries/5/undo", json={"why": "misread"}, headers=AS_ADMIN
    )
    assert undo.status_code == 201 and undo.get_json()["event"]["undoes"] == 5
    assert verdict(client, "авторша")["valid"] is False
    twice = client.post("/api/v1/house-lists/club-ru/entries/5/undo", json={}, headers=AS_ADMIN)
    assert twice.status_code == 409 and twice.get_json()["code"] == "house-entry-undone"
    for entry in ("1", "99", "x"):
        gone = client.post(
            f"/api/v1/house-lists/club-ru/entries/{entry}/undo", json={}, headers=AS_ADMIN
        )
        assert gone.status_code == 404 and gone.get_json()["code"] == "unknown-house-entry"
    # Anyone may read the list: the entries in force, and the history.
    shown = client.get("/api/v1/house-lists/club-ru").get_json()
    assert [e["word"] for e in shown["entries"]] == ["КОШКА", "ЁЛОЧНИК", "АМБАРУШКА"]
    assert [e["kind"] for e in shown["history"]] == [
        "undo",
        "add",
        "remove",
        "add",
        "add",
        "create",
    ]
    assert shown["history"][1]["undone_by"] == 6 and shown["history"][0]["why"] == "misread"
    assert shown["version"] == "6" and shown["checksum"] == undo.get_json()["checksum"]
    listed = client.get("/api/v1/house-lists").get_json()["house_lists"]
    assert [h["name"] for h in listed] == ["club-ru"] and listed[0]["history"] == []


def test_edits_need_the_admin_key_before_anything_is_read(client):
    make_club(client)
    for path, body in [
        ("/api/v1/house-lists", {"name": "x"}),
        ("/api/v1/house-lists/club-ru/entries", {"word": "ЖУК"}),
        ("/api/v1/house-lists/club-ru/entries/2/undo", {}),
    ]:
        assert client.post(path, json=body).status_code == 401
        wrong = {"Authorization": "Bearer nope"}
        assert client.post(path, json=body, headers=wrong).status_code == 403


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"name": "ru-erudite", "base": "en-enable"}, 409, "lexicon-name-taken"),
        ({"name": "nwl2023", "base": "en-enable"}, 409, "lexicon-name-taken"),
        ({"name": "club-en", "base": "no-such"}, 404, "unknown-lexicon"),
        ({"name": "club-x", "base": "club-ru"}, 422, "house-list-base"),
        ({"name": "Club", "base": "en-enable"}, 422, "invalid-request"),
        ({"name": "club\n", "base": "en-enable"}, 422, "invalid-request"),
    ],
)
def test_refused_lists(client, body, status, code):
    make_club(client)
    resp = client.post("/api/v1/house-lists", json=body, headers=AS_ADMIN)
    assert resp.status_code == status and resp.get_json()["code"] == code, resp.get_json()


@pytest.mark.parametrize(
    ("word", "extra", "status", "code"),
    [
        ("cat", {}, 422, "unknown-tile"),  # Latin letters in a Cyrillic list
        ("Ж", {}, 422, "invalid-request"),  # one tile is no word
        ("Ж" * 16, {}, 422, "word-too-long"),  # longer than any board
        ("ЖУК", {"ruleset": "scrabble-en"}, 422, "lexicon-mismatch"),
    ],
)
def test_refused_entries(client, word, extra, status, code):
    make_club(client)
    resp = edit(client, word, **extra)
    assert resp.status_code == status and resp.get_json()["code"] == code, resp.get_json()


def test_entries_of_a_plain_lexicon_or_of_none(client):
    resp = edit(client, "ЖУК", name="ru-erudite")
    assert resp.status_code == 422 and resp.get_json()["code"] == "not-a-house-list"
    resp = edit(client, "ЖУК", name="nothing")
    assert resp.status_code == 404 and resp.get_json()["code"] == "unknown-lexicon"
    assert client.get("/api/v1/house-lists/ru-erudite").status_code == 422


def test_an_old_ruling_keeps_its_version_and_the_diff_shows_the_change(client):
    make_club(client)
    before = client.post(
        "/api/v1/challenges",
        json={"ruleset": "erudite-ru", "lexicon": "club-ru", "words": ["авторша"]},
        headers=AS_ADMIN,
    ).get_json()
    assert before["verdict"] == "unacceptable"
    edit(client, "авторша", why="Ефремова")
    after = client.post(
        "/api/v1/challenges",
        json={"ruleset": "erudite-ru", "lexicon": "club-ru", "words": ["авторша"], "reveal": True},
        headers=AS_ADMIN,
    ).get_json()
    assert after["verdict"] == "acceptable" and after["words"][0]["house"]["entry"] == 5
    assert after["lexicon"]["checksum"] != before["lexicon"]["checksum"]
    assert (before["lexicon"]["version"], after["lexicon"]["version"]) == ("4", "5")
    # The old ruling, read back, still names the version it was made under.
    old = client.get(f"/api/v1/adjudications/{before['id']}").get_json()
    assert old["lexicon"] == before["lexicon"] and old["verdict"] == "unacceptable"
    # ... and that version is found by its checksum: the diff shows the edit.
    since = before["lexicon"]["checksum"]
    diff = client.get(f"/api/v1/lexicons/club-ru@{since}/diff/club-ru").get_json()
    assert (diff["added"], diff["removed"]) == (["АВТОРША"], [])
    back = client.get(f"/api/v1/lexicons/club-ru/diff/club-ru@{since[7:19]}").get_json()
    assert (back["added"], back["removed"]) == ([], ["АВТОРША"])
    base = client.get("/api/v1/lexicons/ru-erudite/diff/club-ru").get_json()
    assert base["added"] == sorted(["АВТОРША", "АМБАРУШКА", "ЕЛОЧНИК", "ЁЛОЧНИК"])
    assert base["removed"] == ["КОШКА"]
    missing = client.get("/api/v1/lexicons/club-ru@sha256:00000000/diff/club-ru")
    assert missing.status_code == 404 and missing.get_json()["code"] == "unknown-house-version"
    plain = client.get("/api/v1/lexicons/ru-erudite@1/diff/club-ru")
    assert plain.status_code == 422 and plain.get_json()["code"] == "not-a-house-list"


def test_plays_and_word_search_follow_the_house_list(client):
    created = client.post(
        "/api/v1/house-lists",
        json={
            "name": "club-en",
            "base": "en-enable",
            "entries": [
                {"word": "QXZ", "action": "add", "why": "house rule"},
                {"word": "ZAX", "action": "remove", "why": "house rule"},
            ],
        },
        headers=AS_ADMIN,
    )
    assert created.status_code == 201, created.get_json()

    def plays(lexicon):
        body = {"ruleset": "scrabble-en", "rack": "QXZA", "lexicon": lexicon, "limit": 200}
        resp = client.post("/api/v1/plays", json=body)
        assert resp.status_code == 200, resp.get_json()
        return {p["words"][0]["word"] for p in resp.get_json()["plays"]}

    def anagrams(lexicon):
        query = {"ruleset": "scrabble-en", "anagram": "QXZA", "all": "true", "lexicon": lexicon}
        return set(client.get("/api/v1/words/search", query_string=query).get_json()["words"])

    assert "ZAX" in plays("en-enable") and "QXZ" not in plays("en-enable")
    assert "QXZ" in plays("club-en") and "ZAX" not in plays("club-en")
    assert {"ZAX"} <= anagrams("en-enable") and "QXZ" not in anagrams("en-enable")
    assert "QXZ" in anagrams("club-en") and "ZAX" not in anagrams("club-en")
    assert anagrams("club-en") - {"QXZ"} == anagrams("en-enable") - {"ZAX"}


def test_a_house_list_is_deleted_with_its_history_and_its_name_is_kept_from_uploads(client, app):
    make_club(client)
    upload = client.post(
        "/api/v1/lexicons?name=club-ru&ruleset=erudite-ru",
        data="кот\n".encode(),
        content_type="text/plain",
        headers=AS_ADMIN,
    )
    assert upload.status_code == 409 and upload.get_json()["code"] == "lexicon-name-taken"
    assert client.delete("/api/v1/lexicons/club-ru", headers=AS_ADMIN).status_code == 204
    assert client.get("/api/v1/house-lists/club-ru").status_code == 404
    folder = runtime(app).settings.loaded_lexicon_dir
    assert not list(folder.glob("club-ru*"))


def test_a_name_another_worker_loaded_a_moment_ago_is_taken(client, app):
    """A word list loaded by another worker, which this one does not serve yet:
    its manifest in the data folder keeps a house list from taking its name
    (the log would have sat beside a plain list's files)."""
    folder = runtime(app).settings.loaded_lexicon_dir
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "club-en.yaml").write_text("name: club-en\n", encoding="utf-8")
    body = {"name": "club-en", "base": "en-enable"}
    resp = client.post("/api/v1/house-lists", json=body, headers=AS_ADMIN)
    assert resp.status_code == 409 and resp.get_json()["code"] == "lexicon-name-taken"
    assert not (folder / "club-en.house.jsonl").exists()


def test_at_most_max_words_entries(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "d"), admin_key=ADMIN, max_words=2)
    entries = [{"word": w, "action": "add", "why": "x"} for w in ("КОТ", "ПЁС", "ЁЖ")]
    body = {"name": "club-ru", "base": "ru-erudite", "entries": entries}
    resp = app.test_client().post("/api/v1/house-lists", json=body, headers=AS_ADMIN)
    assert resp.status_code == 422 and resp.get_json()["field"] == "entries"
    assert resp.get_json()["max_words"] == 2
    runtime(app).store.dispose()
