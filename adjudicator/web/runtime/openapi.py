"""The OpenAPI 3.1 document, built once at start-up from the app's routes.

Each route's view declares its :class:`~adjudicator.web.runtime.operation.Operation`
(models, statuses, access); this module walks the URL map and writes one
document from those declarations and the pydantic models they name.  A route
without a declaration is not published (Flask's static files, Swagger UI's
assets); ``tests/api/test_openapi.py`` lists which those are.
"""

from __future__ import annotations

import re
import typing as t
from dataclasses import dataclass
from http import HTTPStatus

import orjson
from flask import Flask
from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from adjudicator import __version__
from adjudicator.web.runtime import auth, parsing, problems
from adjudicator.web.runtime.operation import Operation
from adjudicator.web.runtime.problem_doc import Problem

REF = "#/components/schemas/{model}"
# A Flask rule's variable: <name> or <converter:name>.
_VARIABLE = re.compile(r"<(?:([a-z_]+):)?(\w+)>")
# The statuses each middleware adds to the operations it applies to; and a URL
# over gunicorn's 8,190-byte request line, 414 on any path (``serving.worker``).
ADDED: tuple[t.Callable[[Operation], frozenset[int]], ...] = (
    parsing.statuses_added,
    auth.statuses_added,
    problems.statuses_added,
)
ANY_PATH = frozenset({414})


def published_name(variable: str) -> str:
    """A path parameter as the document names it: ``id`` for the view's ``id_``
    (the trailing underscore only keeps Python's builtin name free)."""
    return variable.removesuffix("_") or variable


# The bodies a view reads itself (``Operation.raw_media``), by media type.
RAW_BODIES: dict[str, dict[str, t.Any]] = {
    "text/plain": {"type": "string"},
    "application/x-gcg": {"type": "string"},
    "multipart/form-data": {
        "type": "object",
        "properties": {"file": {"type": "string", "format": "binary"}},
        "required": ["file"],
    },
}


@dataclass(frozen=True, slots=True)
class Route:
    """One published (path, method) and the operation it serves."""

    method: str
    path: str  # the OpenAPI template: {name} for each <name> (see published_name)
    op: Operation
    patterns: t.Mapping[str, str]  # path parameter -> its converter's pattern


def routes(app: Flask) -> list[Route]:
    """Every route whose view declares an operation, in the URL map's order."""
    out = []
    for rule in app.url_map.iter_rules():
        op = getattr(app.view_functions.get(rule.endpoint), "operation", None)
        if op is None:
            continue
        patterns = {}
        for converter, name in _VARIABLE.findall(rule.rule):
            regex = getattr(app.url_map.converters.get(converter or "default"), "regex", "")
            if converter not in ("", "default", "path", "string"):
                patterns[published_name(name)] = f"^{regex}$"
        path = _VARIABLE.sub(lambda m: "{" + published_name(m[2]) + "}", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            out.append(Route(method.lower(), path, op, patterns))
    return out


def _ref(kind: t.Any) -> dict[str, str]:
    return {"$ref": REF.format(model=kind.__name__)}


def _kinds(ops: t.Iterable[Operation]) -> list[t.Any]:
    """Every body and answer type (models and typed dicts), the problem first."""
    seen: dict[t.Any, None] = {Problem: None}
    for op in ops:
        for kind in (op.body, op.response, *(a.response for a in op.also)):
            if kind is not None:
                seen[kind] = None
    return list(seen)


def _no_null(schema: dict[str, t.Any]) -> dict[str, t.Any]:
    """A query parameter is a string or absent, never JSON null."""
    variants = [s for s in schema.get("anyOf", ()) if s.get("type") != "null"]
    if len(variants) == 1:
        rest = {k: v for k, v in schema.items() if k not in ("anyOf", "default")}
        return {**rest, **variants[0]}
    return {k: v for k, v in schema.items() if k != "default" or v is not None}


def _parameters(route: Route, rulesets: list[str]) -> list[dict[str, t.Any]]:
    op = route.op
    params = []
    for name in re.findall(r"{(\w+)}", route.path):
        schema: dict[str, t.Any] = {"type": "string", "minLength": 1}
        if name in route.patterns:  # the route's converter, e.g. game ids
            schema = {"type": "string", "pattern": route.patterns[name]}
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
        "content": {"application/problem+json": {"schema": _ref(Problem)}},
    }
    if headers:
        out["headers"] = headers
    return out


def _headers(
    declared: t.Mapping[str, str], maybe: t.Mapping[str, str] | None = None
) -> dict[str, t.Any]:
    return {
        "X-Request-ID": {"description": "The request's id", "schema": {"type": "string"}},
        **{
            name: {"description": text, "required": True, "schema": {"type": "string"}}
            for name, text in declared.items()
        },
        **{
            name: {"description": text, "schema": {"type": "string"}}
            for name, text in (maybe or {}).items()
        },
    }


def _operation(route: Route, rulesets: list[str], guarded: dict[str, bool]) -> dict[str, t.Any]:
    op = route.op
    # Behind a key: admin operations always (there is always an admin key), client
    # operations when client keys are set.
    keyed = op.access == "admin" or (op.access in ("client", "finder") and guarded["client"])
    ok: dict[str, t.Any] = {"description": HTTPStatus(op.status).phrase}
    if op.response is not None:
        ok["content"] = {op.media_type: {"schema": _ref(op.response)}}
    elif op.media_type:  # an empty media type: no body (204)
        ok["content"] = {op.media_type: {"schema": {}}}
    ok["headers"] = _headers(op.headers, op.maybe_headers)
    if op.links:
        ok["links"] = dict(op.links)
    statuses = set(op.errors) | ANY_PATH
    for added in ADDED:
        statuses |= added(op)
    out: dict[str, t.Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "tags": [op.tag],
        "parameters": _parameters(route, rulesets),
        "responses": {str(op.status): ok},
    }
    for also in op.also:
        out["responses"][str(also.status)] = {
            "description": HTTPStatus(also.status).phrase,
            "content": {"application/json": {"schema": _ref(also.response)}},
            "headers": _headers(also.headers),
        }
    for status in sorted(statuses):
        out["responses"][str(status)] = _problem(status)
    if op.limited and guarded.get("limited"):
        retry = {"Retry-After": {"required": True, "schema": {"type": "string"}}}
        out["responses"]["429"] = _problem(429, retry)
    content = {"application/json": {"schema": _ref(op.body)}} if op.body is not None else {}
    content.update({media: {"schema": RAW_BODIES[media]} for media in op.raw_media})
    if content:
        out["requestBody"] = {"required": True, "content": content}
    if keyed:
        out["security"] = [{"bearer": []}, {"apiKey": []}]
    return out


def build(
    published: t.Sequence[Route],
    rulesets: list[str],
    *,
    keys: bool = False,
    limited: bool = True,
) -> dict[str, t.Any]:
    """The document for these routes.

    :param keys: client keys are configured (client operations declare security).
    :param limited: rate limiting is on (429 is declared).
    """
    ops = [route.op for route in published]
    inputs: list[tuple[t.Any, JsonSchemaMode, TypeAdapter[t.Any]]] = [
        (kind, "validation", TypeAdapter(kind)) for kind in _kinds(ops)
    ]
    _, top = TypeAdapter.json_schemas(inputs, ref_template=REF)
    components = top.get("$defs", {})
    for body in {op.body.__name__ for op in ops if op.body is not None}:
        props = components[body].get("properties", {})
        if "ruleset" in props:
            optional = props["ruleset"].get("default", ...) is None
            props["ruleset"] = {**props["ruleset"], "enum": rulesets + ([None] if optional else [])}
    guarded = {"client": keys, "limited": limited}
    paths: dict[str, dict[str, t.Any]] = {}
    for route in published:
        paths.setdefault(route.path, {})[route.method] = _operation(route, rulesets, guarded)
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


def init_app(
    app: Flask, rulesets: t.Sequence[str], *, keys: bool, limited: bool
) -> tuple[bytes, list[dict[str, str]]]:
    """Build the document once, after every blueprint is registered.

    :returns: the document (JSON bytes), and its operations for the docs page.
    """
    published = routes(app)
    doc = build(published, sorted(rulesets), keys=keys, limited=limited)
    operations = [
        {"method": r.method.upper(), "path": r.path, "summary": r.op.summary} for r in published
    ]
    return orjson.dumps(doc), operations
