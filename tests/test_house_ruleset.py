"""A ruleset that names a house list: its kiosk uses the list without choosing,
the base serves until the list exists, the first entry makes it, and a missing
or broken list never stops start-up."""

from __future__ import annotations

import logging
import shutil

import pytest

from adjudicator.errors import ConfigError
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, make_app

ADMIN = {"Authorization": "Bearer director"}


@pytest.fixture()
def config(tmp_path):
    folder = tmp_path / "config"
    shutil.copytree(CONFIG, folder)
    erudite = (folder / "rulesets" / "erudite-ru.yaml").read_text("utf-8")
    club = erudite.replace("title: Erudite (Эрудит)", "title: Erudite at our club")
    (folder / "rulesets" / "erudite-club.yaml").write_text(
        club + "house_list: club-ru\n", encoding="utf-8"
    )
    return folder


@pytest.fixture()
def app(tmp_path, config):
    app = make_app(
        tmp_path / "t.db",
        config_dir=str(config),
        data_dir=str(tmp_path / "data"),
        admin_key="director",
    )
    yield app
    runtime(app).store.dispose()


def word(client, text, ruleset="erudite-club"):
    return client.get(f"/api/v1/words/{text}", query_string={"ruleset": ruleset}).get_json()


def test_the_base_serves_until_the_first_entry_makes_the_list(app, caplog):
    client = app.test_client()
    before = word(client, "амбарушка")
    assert before["lexicon"]["name"] == "ru-erudite" and before["valid"] is False
    resp = client.post(
        "/api/v1/house-lists/club-ru/entries",
        json={"word": "амбарушка", "action": "add", "why": "Ожегов", "ruleset": "erudite-club"},
        headers=ADMIN,
    )
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["version"] == "2"  # made, then the entry
    after = word(client, "амбарушка")  # no lexicon named: the house list serves
    assert after["lexicon"]["name"] == "club-ru" and after["valid"] is True
    assert after["house"]["why"] == "Ожегов"
    assert word(client, "амбарушка", "erudite-ru")["lexicon"]["name"] == "ru-erudite"
    shown = client.get("/api/v1/rulesets/erudite-club").get_json()
    assert shown["lexicons"][0] == "club-ru"
    made = client.get("/api/v1/house-lists/club-ru").get_json()
    assert made["base"]["name"] == "ru-erudite"
    assert made["history"][-1]["why"] == "made by its first entry"


def test_a_missing_or_broken_house_list_is_said_and_the_base_serves(tmp_path, config, caplog):
    caplog.set_level(logging.WARNING, logger="adjudicator.lexicons")
    data = tmp_path / "data"
    (data / "lexicons").mkdir(parents=True)
    (data / "lexicons" / "club-ru.yaml").write_text(
        "name: club-ru\nhouse: true\nfiles: {house: club-ru.house.jsonl}\n", encoding="utf-8"
    )
    (data / "lexicons" / "club-ru.house.jsonl").write_text("not json\n", encoding="utf-8")
    app = make_app(tmp_path / "t.db", config_dir=str(config), data_dir=str(data))
    try:
        client = app.test_client()
        assert word(client, "кошка")["lexicon"]["name"] == "ru-erudite"
        said = caplog.text
        assert "house list 'club-ru' not loaded: club-ru.house.jsonl is unreadable" in said
        assert "ruleset 'erudite-club' names house list 'club-ru'" in said
        assert "ru-erudite serves it until the list is made" in said
    finally:
        runtime(app).store.dispose()


@pytest.mark.parametrize(
    "extra",
    ["house_list: ru-erudite\n", "lexicon: null\nhouse_list: club-ru\n"],
)
def test_a_house_list_needs_a_base_of_another_name(tmp_path, extra):
    folder = tmp_path / "config"
    shutil.copytree(CONFIG, folder)
    ruleset = folder / "rulesets" / "erudite-ru.yaml"
    text = ruleset.read_text("utf-8").replace("lexicon: ru-erudite\n", "")
    ruleset.write_text(text + ("lexicon: ru-erudite\n" if "null" not in extra else "") + extra)
    with pytest.raises(ConfigError, match="house_list"):
        make_app(tmp_path / "t.db", config_dir=str(folder), data_dir=str(tmp_path / "data"))
