"""A tournament list we cannot ship (NWL2023, CSW24): ENABLE stands in, marked so
in every answer, the rulesets, the start-up log and the CLI, until the list is
loaded under its name."""

from __future__ import annotations

import json

import pytest

from adjudicator.cli import cli
from adjudicator.services.lexicons import build_lexicon
from adjudicator.services.registry import open_registry
from adjudicator.services.rulesets import list_rulesets
from adjudicator.services.words import check_word
from adjudicator.settings import Settings
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS, make_app


def settings_for(data) -> Settings:
    env = {"ADJUDICATOR_DATA_DIR": str(data)}
    return Settings.from_env(env=env, config_dir=CONFIG, lexicon_dir=LEXICONS)


@pytest.mark.parametrize(
    "ruleset, own", [("scrabble-en-naspa", "nwl2023"), ("scrabble-en-wespa", "csw24")]
)
def test_enable_answers_for_a_missing_tournament_list_marked_as_a_stand_in(
    full_registry, ruleset, own
):
    answer = check_word(full_registry, ruleset, "QI")
    assert answer["valid"] and answer["lexicon"]["name"] == "en-enable"
    assert answer["lexicon"]["stand_in"] is True
    summary = {r.name: r for r in list_rulesets(full_registry).rulesets}[ruleset]
    assert (summary.lexicon, summary.stand_in, summary.lexicons[0]) == (
        own,
        "en-enable",
        "en-enable",
    )


def test_a_ruleset_with_its_own_list_is_no_stand_in(full_registry):
    assert check_word(full_registry, "scrabble-en", "QI")["lexicon"]["stand_in"] is False
    summary = {r.name: r for r in list_rulesets(full_registry).rulesets}["scrabble-en"]
    assert summary.stand_in is None


def test_start_up_warns_and_says_how_to_load_the_list(tmp_path, capfd):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"))
    runtime(app).store.dispose()
    logged = [json.loads(line) for line in capfd.readouterr().err.splitlines() if line]
    warned = [r["message"] for r in logged if r["level"] == "WARNING"]
    assert any(
        "scrabble-en-naspa" in m and "nwl2023 is not loaded" in m and "--name nwl2023" in m
        for m in warned
    ), warned


def test_the_rulesets_command_marks_and_warns(runner):
    result = runner.invoke(cli, ["rulesets"])
    assert result.exit_code == 0
    naspa = next(line for line in result.stdout.splitlines() if "scrabble-en-naspa" in line)
    assert "en-enable (stand-in)" in naspa
    assert "warning: ruleset scrabble-en-naspa: lexicon nwl2023 is not loaded" in result.stderr


def test_loading_the_list_under_its_name_replaces_the_stand_in(tmp_path):
    settings = settings_for(tmp_path / "data")
    source = tmp_path / "NWL2023.txt"
    source.write_text("ew\nok\nqi\n", encoding="utf-8")
    build_lexicon(settings, wordlist=source, name="nwl2023", ruleset="scrabble-en-naspa")
    registry = open_registry(settings)
    answer = check_word(registry, "scrabble-en-naspa", "EW")
    assert answer["valid"] and answer["lexicon"]["name"] == "nwl2023"
    assert answer["lexicon"]["stand_in"] is False
    summary = {r.name: r for r in list_rulesets(registry).rulesets}["scrabble-en-naspa"]
    assert summary.stand_in is None and summary.lexicons[0] == "nwl2023"
    # ENABLE may still be named; it is still not the tournament's list.
    chosen = check_word(registry, "scrabble-en-naspa", "EW", lexicon_name="en-enable")
    assert not chosen["valid"] and chosen["lexicon"]["stand_in"] is True


def test_a_running_service_drops_the_stand_in_once_the_list_is_uploaded(tmp_path):
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key="k")
    client = app.test_client()
    try:
        before = client.get("/api/v1/words/EW?ruleset=scrabble-en-naspa").get_json()
        assert before["lexicon"]["stand_in"] and not before["valid"]
        ruling = client.post(
            "/api/v1/challenges", json={"ruleset": "scrabble-en-naspa", "words": ["QI"]}
        ).get_json()
        assert ruling["lexicon"]["stand_in"] is True
        loaded = client.post(
            "/api/v1/lexicons?name=nwl2023&ruleset=scrabble-en-naspa&version=2023",
            data=b"ew\nok\nqi\n",
            content_type="text/plain",
            headers={"X-API-Key": "k"},
        )
        assert loaded.status_code == 201, loaded.get_json()
        after = client.get("/api/v1/words/EW?ruleset=scrabble-en-naspa").get_json()
        assert after["valid"] and after["lexicon"] == {
            "name": "nwl2023",
            "version": "2023",
            "checksum": loaded.get_json()["sha256"],
            "stand_in": False,
        }
        rulesets = client.get("/api/v1/rulesets").get_json()["rulesets"]
        assert next(r for r in rulesets if r["name"] == "scrabble-en-naspa")["stand_in"] is None
        # The earlier ruling still names the edition it used, and that it stood in.
        old = client.get(f"/api/v1/adjudications/{ruling['id']}").get_json()
        assert old["lexicon"]["name"] == "en-enable" and old["lexicon"]["stand_in"] is True
    finally:
        runtime(app).store.dispose()
