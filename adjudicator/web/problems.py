"""Errors to RFC 9457 ``application/problem+json``, in one table."""

from __future__ import annotations

import logging
import typing as t

from flask import Flask, Response, current_app, json, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from adjudicator import errors

log = logging.getLogger("adjudicator.errors")

# Category -> HTTP status.  The first matching class (in MRO order) wins.
STATUS: dict[type[errors.AdjudicatorError], int] = {
    errors.InputError: 400,
    errors.PlacementError: 422,
    errors.NotFoundError: 404,
    errors.StateError: 409,
    errors.ConflictError: 409,
    errors.LexiconBuildError: 422,
    errors.ConfigError: 500,
}


def status_for(exc: errors.AdjudicatorError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 500


def problem(status: int, code: str, title: str, detail: str, **extras: t.Any) -> Response:
    base = current_app.config["ADJUDICATOR_SETTINGS"].problem_base_uri
    body = {
        "type": base + code if code != "about:blank" else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.path,
        "code": code,
        **extras,
    }
    return Response(
        json.dumps(body, ensure_ascii=False), status=status, mimetype="application/problem+json"
    )


def _domain(exc: errors.AdjudicatorError) -> Response:
    status = status_for(exc)
    if status >= 500:
        log.error("configuration error: %s", exc.detail)
        return problem(500, "internal-error", "Internal error", "the server failed")
    return problem(status, exc.code, exc.title, exc.detail, **exc.extras())


def _validation(exc: ValidationError) -> Response:
    errs = []
    for e in exc.errors(include_url=False, include_context=False, include_input=False):
        loc = ".".join(str(p) for p in e["loc"])
        errs.append({"field": loc or "(body)", "message": e["msg"], "type": e["type"]})
    first = errs[0] if errs else {"field": "(body)", "message": "invalid"}
    detail = f"{first['field']}: {first['message']}"
    return problem(
        400, "malformed-request", "Malformed request", detail, field=first["field"], errors=errs
    )


def _http(exc: HTTPException) -> Response:
    code = exc.code or 500
    slug = {
        401: "unauthorized",
        403: "forbidden",
        404: "not-found",
        405: "method-not-allowed",
        413: "body-too-large",
        415: "unsupported-media-type",
    }.get(code, "http-error")
    resp = problem(code, slug, exc.name, exc.description or exc.name)
    if code == 405 and exc.get_response().headers.get("Allow"):
        resp.headers["Allow"] = exc.get_response().headers["Allow"]
    return resp


def _unhandled(exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.path)
    return problem(500, "internal-error", "Internal error", "the server failed; it is logged")


def init_app(app: Flask) -> None:
    app.register_error_handler(errors.AdjudicatorError, _domain)
    app.register_error_handler(ValidationError, _validation)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(Exception, _unhandled)
