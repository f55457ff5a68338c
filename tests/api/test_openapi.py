"""The published contract: valid OpenAPI 3.1, complete, and true to what the service answers."""

from __future__ import annotations

import json
import re

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from pydantic import TypeAdapter

from adjudicator.services.challenges import Adjudication
from adjudicator.web import create_app
from adjudicator.web.runtime import openapi
from adjudicator.web.runtime.extension import runtime
from tests.conftest import CONFIG, LEXICONS

UNPUBLISHED = {"static", "docs.asset", "home.favicon"}  # files, not API operations


def _doc(app) -> dict:
    resp = app.test_client().get("/api/v1/openapi.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    return resp.get_json()


@pytest.fixture(scope="module")
def keyed_app(tmp_path_factory):
    db = tmp_path_factory.mktemp("openapi") / "t.db"
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{db}",
            "api_keys": "club:club-key",
            "admin_key": "admin-key",
        }
    )
    yield app
    runtime(app).store.dispose()


def test_document_validates(app):
    doc = _doc(app)
    validate(doc)
    assert doc["openapi"] == "3.1.0"


def test_document_with_keys_validates_and_declares_security(keyed_app):
    doc = _doc(keyed_app)
    validate(doc)
    score = doc["paths"]["/api/v1/score"]["post"]
    assert score["security"] == [{"bearer": []}, {"apiKey": []}]
    assert {"401", "403"} <= set(score["responses"])
    assert "security" not in doc["paths"]["/healthz"]["get"]


def test_built_once_at_start_up(app, monkeypatch):
    first = app.test_client().get("/api/v1/openapi.json").data

    def boom(*a, **k):
        raise AssertionError("built per request")

    monkeypatch.setattr(openapi, "build", boom)
    assert app.test_client().get("/api/v1/openapi.json").data == first


def _sample_path(template: str) -> str:
    # Game ids are 32 hex digits, rounds and slips numbers (the routes' converters);
    # other parameters take any text.
    numbered = re.sub(r"{(round|slip)}", "1", template.replace("{id}", "0" * 32))
    return re.sub(r"{\w+}", "x", numbered)


def test_every_route_is_documented(app):
    doc = _doc(app)
    documented = {
        (re.sub(r"{(\w+)}", r"<\1>", path), method.upper())
        for path, item in doc["paths"].items()
        for method in item
    }
    for rule in app.url_map.iter_rules():
        if rule.endpoint in UNPUBLISHED:
            continue
        template = re.sub(
            r"<(?:\w+:)?(\w+)>", lambda m: f"<{openapi.published_name(m[1])}>", rule.rule
        )
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (template, method) in documented, f"{method} {rule.rule} declares no operation"


def test_every_documented_operation_is_routed(app):
    adapter = app.url_map.bind("localhost")
    for path, item in _doc(app)["paths"].items():
        for method in item:
            adapter.match(_sample_path(path), method.upper())  # raises if not routed


def test_operation_ids_are_unique(app):
    ids = [route.op.operation_id for route in openapi.routes(app)]
    assert len(ids) == len(set(ids))


def test_ruleset_is_an_enum_of_the_installed_rulesets(app):
    doc = _doc(app)
    names = sorted(runtime(app).registry.rulesets)
    assert doc["components"]["schemas"]["ScoreRequest"]["properties"]["ruleset"]["enum"] == names
    params = doc["paths"]["/api/v1/words/{word}"]["get"]["parameters"]
    assert next(p for p in params if p["name"] == "ruleset")["schema"]["enum"] == names


def _validator(doc: dict, name: str) -> Draft202012Validator:
    return Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}
    )


ADMIN = {"Authorization": "Bearer admin-key"}
CLIENT = {"X-API-Key": "club-key"}
WINDY = {"ruleset": "scrabble-en", "move": "8D WINDY"}

# operationId -> (method, path, body, headers): one real call per JSON operation.
SAMPLES = [
    ("getWord", "GET", "/api/v1/words/qi?ruleset=scrabble-en", None, CLIENT),
    ("getWord", "GET", "/api/v1/words/don't?ruleset=scrabble-en", None, CLIENT),
    ("getWordCheck", "GET", "/api/v1/words/check?ruleset=scrabble-en", None, CLIENT),
    (
        "checkWords",
        "POST",
        "/api/v1/words/check",
        {"ruleset": "erudite-ru", "words": ["ёлка", "столы", "сто-лы"]},
        CLIENT,
    ),
    ("listLexicons", "GET", "/api/v1/lexicons", None, CLIENT),
    ("scorePlay", "POST", "/api/v1/score", WINDY, CLIENT),
    ("scorePlay", "POST", "/api/v1/score", {**WINDY, "validate": True}, CLIENT),
    ("listRulesets", "GET", "/api/v1/rulesets", None, CLIENT),
    ("getRuleset", "GET", "/api/v1/rulesets/erudite-ru", None, CLIENT),
    ("getRuleset", "GET", "/api/v1/rulesets/scrabble-pl", None, CLIENT),
    (
        "createChallenge",
        "POST",
        "/api/v1/challenges",
        {**WINDY, "challenge_rule": "single"},
        CLIENT,
    ),
    (
        "createChallenge",
        "POST",
        "/api/v1/challenges",
        {
            "ruleset": "scrabble-en",
            "words": ["QI", "QX"],
            "reveal": True,
            "players": {"challenger": "A"},
        },
        ADMIN,
    ),
    ("listAdjudications", "GET", "/api/v1/adjudications", None, ADMIN),
    ("healthz", "GET", "/healthz", None, {}),
    ("readyz", "GET", "/readyz", None, {}),
    ("ping", "GET", "/ping", None, {}),
]


@pytest.mark.parametrize(
    "op_id,method,path,body,headers", SAMPLES, ids=[f"{s[0]}-{i}" for i, s in enumerate(SAMPLES)]
)
def test_answers_match_their_schema(keyed_app, op_id, method, path, body, headers):
    doc = _doc(keyed_app)
    op = next(r.op for r in openapi.routes(keyed_app) if r.op.operation_id == op_id)
    resp = keyed_app.test_client().open(path, method=method, json=body, headers=headers)
    assert resp.status_code == op.status, resp.get_data(as_text=True)
    data = resp.get_json()
    TypeAdapter(op.response).validate_python(data)  # the model or typed dict itself
    _validator(doc, op.response.__name__).validate(data)  # and the published JSON schema
    if op_id == "createChallenge":
        shown = keyed_app.test_client().get(resp.headers["Location"], headers=CLIENT)
        Adjudication.model_validate(shown.get_json())
        revealed = keyed_app.test_client().get(
            resp.headers["Location"] + "?reveal=true", headers=ADMIN
        )
        _validator(doc, "Adjudication").validate(revealed.get_json())


def test_reader_operations_need_the_key_when_keys_are_set(keyed_app):
    doc = _doc(keyed_app)
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if "security" not in op:
                continue
            resp = keyed_app.test_client().open(_sample_path(path), method=method.upper())
            assert resp.status_code == 401, f"{method} {path}"


def test_text_endpoints(app):
    client = app.test_client()
    assert client.get("/metrics").mimetype == "text/plain"
    assert json.loads(client.get("/api/v1/openapi.json").data)["info"]["title"] == "adjudicator"


def test_admin_only_deployment_declares_401_where_reveal_needs_the_key(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "config_dir": str(CONFIG),
            "lexicon_dir": str(LEXICONS),
            "database_url": f"sqlite:///{tmp_path / 't.db'}",
            "admin_key": "k",
        }
    )
    doc = _doc(app)
    validate(doc)
    assert {"401", "403"} <= set(doc["paths"]["/api/v1/challenges"]["post"]["responses"])
    assert "security" not in doc["paths"]["/api/v1/score"]["post"]  # no client keys here
    resp = app.test_client().post(
        "/api/v1/challenges", json={"ruleset": "scrabble-en", "words": ["QI"], "reveal": True}
    )
    assert resp.status_code == 401
    runtime(app).store.dispose()


def _access(app) -> dict[tuple[str, str], str]:
    return {(r.method, r.path): r.op.access for r in openapi.routes(app)}


@pytest.mark.parametrize("which", ["open", "keyed"])
def test_401_and_403_follow_the_declared_access(app, keyed_app, which):
    """Every operation behind a key lists 401 and 403, whether or not this instance
    has client keys: the statuses come from the operation, not the deployment."""
    served = app if which == "open" else keyed_app
    doc = _doc(served)
    guarded = [(m, p) for (m, p), access in _access(served).items() if access != "open"]
    assert ("post", "/api/v1/games") in guarded and ("post", "/api/v1/games/import") in guarded
    for method, path in guarded:
        assert {"401", "403"} <= set(doc["paths"][path][method]["responses"]), (method, path)
    for method, path in [("get", "/healthz"), ("get", "/api/v1/games/{id}")]:
        assert "401" not in doc["paths"][path][method]["responses"], (method, path)


def test_path_parameters_are_named_without_pythons_underscore(app):
    doc = _doc(app)
    assert "/api/v1/games/{id}/events" in doc["paths"]
    assert not [p for p in doc["paths"] if "_}" in p]
    params = doc["paths"]["/api/v1/games/{id}"]["get"]["parameters"]
    game_id = next(p for p in params if p["in"] == "path")
    assert game_id["name"] == "id" and game_id["schema"]["pattern"].startswith("^")
