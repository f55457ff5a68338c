"""One list of each vocabulary: the challenge rules, the event kinds and the
ruleset's choices come from their enums, and every place that offers or says
them offers or says each."""

from __future__ import annotations

import re

from adjudicator.core.challenge import ChallengeRule
from adjudicator.core.events import EventKind
from adjudicator.core.ruleset import _CHOICES, _KEYS

CHALLENGEABLE = {r.value for r in ChallengeRule} - {ChallengeRule.VOID.value}


def test_the_keeper_offers_every_rule_with_challenges(client):
    html = client.get("/keep").get_data(as_text=True)
    select = html.split('id="challenge-rule"', 1)[1].split("</select>", 1)[0]
    offered = set(re.findall(r'<option value="(\w+)">', select))
    assert offered == CHALLENGEABLE


def test_the_judge_names_every_rule_with_challenges(app):
    from adjudicator.web.pages.judge import rule_names

    with app.test_request_context("/judge?lang=ru"):
        names = rule_names()
    assert set(names) == CHALLENGEABLE and len(set(names.values())) == len(names)


def test_the_api_schema_takes_its_enums_from_the_domain(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert schemas["ChallengeRule"]["enum"] == [r.value for r in ChallengeRule]
    assert schemas["EventKind"]["enum"] == [k.value for k in EventKind]


def test_the_ruleset_keys_are_the_dataclass_fields():
    assert "challenge_rule" in _CHOICES and _KEYS["challenge_rule"] == ((str,), False)
    assert _KEYS["title"] == ((str,), True) and _KEYS["lexicon"] == ((str, type(None)), False)
    assert _KEYS["rack_size"] == ((int,), False) and _KEYS["sources"] == ((list,), False)
    assert "name" not in _KEYS  # a ruleset's name is its file's
