"""The OpenAPI 3.1 document, built once at start-up from the request and response models.

Every endpoint is one :class:`Operation` in :data:`OPERATIONS`.  To publish a
new endpoint, add one declaration there (path, method, models, error statuses);
``tests/api/test_openapi.py`` fails while a route is missing from the list.
"""

from __future__ import annotations

import json
import re
import typing as t
from dataclasses import dataclass, field
from http import HTTPStatus

from flask import Blueprint, Flask, Response, current_app
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from adjudicator import __version__
from adjudicator.web import game_models, game_schemas, models, schemas

bp = Blueprint("openapi", __name__)
EXTENSION = "adjudicator.openapi"
REF = "#/components/schemas/{model}"

Access = t.Literal["open", "reader", "admin"]


@dataclass(frozen=True)
class Operation:
    """One endpoint as published.

    :param path: the OpenAPI template (``{name}`` for each Flask ``<name>``).
    :param response: the JSON model of the success answer, or None for text/HTML.
    :param errors: statuses it answers with a problem document, besides those every
        operation of its kind has (400/413/415 with a body, 401/403 behind a key,
        429 when rate-limited, 500 always).
    :param access: ``reader`` needs a client key when ``ADJUDICATOR_API_KEYS`` is set;
        ``admin`` needs ``ADJUDICATOR_ADMIN_KEY`` when set.
    :param reveal: some inputs (``reveal``) need the admin key, when it is set.
    :param ruleset_params: path or query parameters that name a ruleset (listed as an enum).
    """

    method: str
    path: str
    operation_id: str
    summary: str
    tag: str
    response: type[BaseModel] | None
    status: int = 200
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    errors: tuple[int, ...] = ()
    access: Access = "open"
    limited: bool = True
    reveal: bool = False
    media_type: str = "application/json"
    ruleset_params: tuple[str, ...] = ()
    path_patterns: t.Mapping[str, str] = field(default_factory=dict)
    headers: t.Mapping[str, str] = field(default_factory=dict)
    links: t.Mapping[str, t.Any] = field(default_factory=dict)


# The game-id route converter (web/api_games.py), as a pattern for the document.
GAME_ID = {"id_": "^[0-9a-f]{32}$"}

# fmt: off
OPERATIONS: tuple[Operation, ...] = (
    Operation("get", "/api/v1/words/{word}", "getWord", "Check one word", "words",
              schemas.WordResponse, query=models.WordQuery, errors=(400, 404),
              access="reader", ruleset_params=("ruleset",)),
    Operation("post", "/api/v1/words/check", "checkWords", "Check a batch of words", "words",
              schemas.CheckResponse, body=models.CheckRequest, errors=(404,), access="reader"),
    # /api/v1/words/check also matches /api/v1/words/{word}: GET there checks the word CHECK.
    Operation("get", "/api/v1/words/check", "getWordCheck", "Check the word CHECK", "words",
              schemas.WordResponse, query=models.WordQuery, errors=(400, 404),
              access="reader", ruleset_params=("ruleset",)),
    Operation("get", "/api/v1/lexicons", "listLexicons", "Loaded lexicons", "words",
              schemas.LexiconsResponse, access="reader"),
    Operation("post", "/api/v1/score", "scorePlay", "Check and score one play", "score",
              schemas.ScoreResponse, body=models.ScoreRequest, errors=(404, 422),
              access="reader"),
    Operation("get", "/api/v1/rulesets", "listRulesets", "Rulesets in force", "rulesets",
              schemas.RulesetsResponse, access="reader"),
    Operation("get", "/api/v1/rulesets/{name}", "getRuleset", "One ruleset in full", "rulesets",
              schemas.RulesetDetail, errors=(404,), access="reader", ruleset_params=("name",)),
    Operation("post", "/api/v1/challenges", "createChallenge", "Rule on a challenge",
              "challenges", schemas.Adjudication, status=201, body=models.ChallengeRequest,
              errors=(404, 409, 422), access="reader", reveal=True,
              headers={"Location": "The adjudication's URL"},
              links={"GetAdjudication": {"operationId": "getAdjudication",
                                         "parameters": {"adjudication_id": "$response.body#/id"}}}),
    Operation("get", "/api/v1/adjudications/{adjudication_id}", "getAdjudication",
              "One adjudication (per-word results with reveal=true and the admin key)",
              "challenges", schemas.Adjudication, query=models.RevealQuery,
              errors=(400, 404), access="reader", reveal=True),
    Operation("get", "/api/v1/adjudications", "listAdjudications",
              "The audit trail (admin)", "challenges", schemas.AdjudicationList,
              query=models.AdjudicationsQuery, errors=(400,), access="admin"),
    Operation("get", "/healthz", "healthz", "Liveness", "operations", schemas.Health,
              limited=False),
    Operation("get", "/readyz", "readyz", "Readiness: lexicons loaded, database reachable",
              "operations", schemas.Ready, errors=(503,), limited=False),
    Operation("get", "/ping", "ping", "A bare endpoint (benchmarks' yardstick)", "operations",
              schemas.Pong),
    Operation("get", "/metrics", "metrics", "Prometheus metrics", "operations", None,
              media_type="text/plain", limited=False),
    Operation("get", "/api/v1/openapi.json", "openapi", "This document", "operations", None,
              media_type="application/json"),
    Operation("get", "/docs", "docs", "Human documentation of this API", "operations", None,
              media_type="text/html"),
    Operation("get", "/judge", "judgePage", "The judge's kiosk page", "pages", None,
              media_type="text/html"),
    Operation("post", "/api/v1/games", "createGame", "Start a club game", "games",
              game_schemas.GameOut, status=201, body=game_models.CreateGameRequest,
              errors=(404,), headers={"Location": "The game's URL"}),
    Operation("post", "/api/v1/games/import", "importGame", "A game from a GCG record",
              "games", game_schemas.GameOut, status=201, body=game_models.ImportRequest,
              errors=(404,)),
    Operation("post", "/api/v1/games/{id_}/events", "addGameEvent",
              "Add one event (needs the game's write token in X-Game-Token)", "games",
              game_schemas.GameOut, status=201, body=game_models.EventRequest,
              errors=(403, 404, 409, 422), path_patterns=GAME_ID),
    Operation("get", "/api/v1/games/{id_}", "getGame", "A game's state and history", "games",
              game_schemas.GameOut, query=game_models.GameQuery, errors=(400, 404),
              path_patterns=GAME_ID),
    Operation("delete", "/api/v1/games/{id_}", "deleteGame", "Delete a game (admin)", "games",
              None, status=204, errors=(404,), access="admin", media_type="",
              path_patterns=GAME_ID),
    Operation("get", "/api/v1/games/{id_}.gcg", "exportGame", "A game as a GCG record",
              "games", None, errors=(404,), media_type="application/x-gcg",
              path_patterns=GAME_ID),
    Operation("get", "/api/v1/games/{id_}/board.svg", "gameBoard", "A picture of the board",
              "games", None, errors=(404,), media_type="image/svg+xml",
              path_patterns=GAME_ID),
    Operation("get", "/games/{id_}", "spectatorPage", "Read-only page for spectators", "pages",
              None, errors=(404,), media_type="text/html", path_patterns=GAME_ID),
)
# fmt: on


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": REF.format(model=model.__name__)}


def _models(ops: t.Iterable[Operation]) -> list[type[BaseModel]]:
    seen: dict[type[BaseModel], None] = {schemas.Problem: None}
    for op in ops:
        for m in (op.body, op.response):
            if m is not None:
                seen[m] = None
    return list(seen)


def _no_null(schema: dict[str, t.Any]) -> dict[str, t.Any]:
    """A query parameter is a string or absent, never JSON null."""
    variants = [s for s in schema.get("anyOf", ()) if s.get("type") != "null"]
    if len(variants) == 1:
        rest = {k: v for k, v in schema.items() if k not in ("anyOf", "default")}
        return {**rest, **variants[0]}
    return {k: v for k, v in schema.items() if k != "default" or v is not None}


def _parameters(op: Operation, rulesets: list[str]) -> list[dict[str, t.Any]]:
    params = []
    for name in re.findall(r"{(\w+)}", op.path):
        schema: dict[str, t.Any] = {"type": "string", "minLength": 1}
        if name in op.path_patterns:  # the route's converter, e.g. game ids
            schema = {"type": "string", "pattern": op.path_patterns[name]}
        if name in op.ruleset_params:
            schema = {"type": "string", "enum": rulesets}
        params.append({"name": name, "in": "path", "required": True, "schema": schema})
    if op.query is not None:
        qs = op.query.model_json_schema()
        for name, prop in qs.get("properties", {}).items():
            schema = _no_null(prop)
            if name in op.ruleset_params:
                schema = {**schema, "enum": rulesets}
            description = schema.pop("description", None)
            schema.pop("title", None)
            param = {
                "name": name,
                "in": "query",
                "required": name in qs.get("required", ()),
                "schema": schema,
            }
            if description:
                param["description"] = description
            params.append(param)
    return params


def _problem(status: int, headers: dict[str, t.Any] | None = None) -> dict[str, t.Any]:
    out: dict[str, t.Any] = {
        "description": HTTPStatus(status).phrase,
        "content": {"application/problem+json": {"schema": _ref(schemas.Problem)}},
    }
    if headers:
        out["headers"] = headers
    return out


def _operation(op: Operation, rulesets: list[str], guarded: dict[str, bool]) -> dict[str, t.Any]:
    ok: dict[str, t.Any] = {"description": HTTPStatus(op.status).phrase}
    if op.response is not None:
        ok["content"] = {op.media_type: {"schema": _ref(op.response)}}
    elif op.media_type:  # an empty media type: no body (204)
        ok["content"] = {op.media_type: {"schema": {}}}
    ok["headers"] = {
        "X-Request-ID": {"description": "The request's id", "schema": {"type": "string"}},
        **{
            name: {"description": text, "required": True, "schema": {"type": "string"}}
            for name, text in op.headers.items()
        },
    }
    if op.links:
        ok["links"] = dict(op.links)
    statuses = set(op.errors) | {500}
    if op.body is not None:
        statuses |= {400, 413, 415}
    if guarded.get(op.access) or (op.reveal and guarded["admin"]):
        statuses |= {401, 403}
    out: dict[str, t.Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "tags": [op.tag],
        "parameters": _parameters(op, rulesets),
        "responses": {str(op.status): ok},
    }
    for status in sorted(statuses):
        out["responses"][str(status)] = _problem(status)
    if op.limited and guarded.get("limited"):
        retry = {"Retry-After": {"required": True, "schema": {"type": "string"}}}
        out["responses"]["429"] = _problem(429, retry)
    if op.body is not None:
        out["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _ref(op.body)}},
        }
    if guarded.get(op.access):
        out["security"] = [{"bearer": []}, {"apiKey": []}]
    return out


def build(
    ops: t.Sequence[Operation],
    rulesets: list[str],
    *,
    keys: bool = False,
    admin: bool = False,
    limited: bool = True,
) -> dict[str, t.Any]:
    """The document for these operations.

    :param keys: client keys are configured (reader operations declare security).
    :param admin: the admin key is configured.
    :param limited: rate limiting is on (429 is declared).
    """
    _, top = models_json_schema([(m, "validation") for m in _models(ops)], ref_template=REF)
    components = top.get("$defs", {})
    for body in {op.body.__name__ for op in ops if op.body is not None}:
        props = components[body].get("properties", {})
        if "ruleset" in props:
            optional = props["ruleset"].get("default", ...) is None
            props["ruleset"] = {**props["ruleset"], "enum": rulesets + ([None] if optional else [])}
    guarded = {"reader": keys, "admin": admin, "limited": limited}
    paths: dict[str, dict[str, t.Any]] = {}
    for op in ops:
        paths.setdefault(op.path, {})[op.method] = _operation(op, rulesets, guarded)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "adjudicator",
            "version": __version__,
            "summary": "Score placements, check words and adjudicate challenges",
            "description": "Errors are RFC 9457 problem documents; see docs/api.md.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
            },
        },
    }


@bp.get("/api/v1/openapi.json")
def document() -> Response:
    return Response(current_app.extensions[EXTENSION], mimetype="application/json")


def init_app(app: Flask) -> None:
    """Build the document once, after every blueprint is registered."""
    settings = app.config["ADJUDICATOR_SETTINGS"]
    doc = build(
        OPERATIONS,
        sorted(app.extensions["adjudicator"].rulesets),
        keys=bool(settings.api_keys),
        admin=bool(settings.admin_key),
        limited="adjudicator.limiter" in app.extensions,
    )
    app.extensions[EXTENSION] = json.dumps(doc, ensure_ascii=False).encode()
    app.register_blueprint(bp)
