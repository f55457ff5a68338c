"""Errors to RFC 9457 ``application/problem+json``, in one table."""

from __future__ import annotations

import logging
import typing as t

from flask import Flask, Response, g, json, request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from adjudicator import errors
from adjudicator.web.runtime.extension import runtime

log = logging.getLogger("adjudicator.errors")


class FieldError(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str
    message: str
    type: str


class Problem(BaseModel):
    """RFC 9457 problem document; extension members depend on the ``code``."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(description="`ADJUDICATOR_PROBLEM_BASE_URI` + code, or about:blank")
    title: str
    status: int = Field(ge=400, le=599)
    detail: str
    instance: str | None = Field(
        default=None,
        description="The request path (absent when the request line itself was refused: 414)",
    )
    code: str = Field(description="Stable kebab-case code, listed in docs/problems.md")
    request_id: str | None = Field(default=None, description="Also sent as X-Request-ID")
    field: str | None = Field(default=None, description="The first bad field")
    errors: list[FieldError] | None = None


# Category -> HTTP status.  The first matching class (in MRO order) wins.
STATUS: dict[type[errors.AdjudicatorError], int] = {
    errors.MalformedRequestError: 400,
    errors.InputError: 422,
    errors.PlacementError: 422,
    errors.NotFoundError: 404,
    errors.PermissionDeniedError: 403,
    errors.StateError: 409,
    errors.ConflictError: 409,
    errors.LexiconBuildError: 422,
    errors.InvalidEventError: 422,
    errors.NotReadyError: 503,
    errors.ConfigError: 500,
}


def status_for(exc: errors.AdjudicatorError) -> int:
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 500


def problem(status: int, code: str, title: str, detail: str, **extras: t.Any) -> Response:
    base = runtime().settings.problem_base_uri
    body = {
        "type": base + code if code != "about:blank" else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.path,
        "code": code,
        **extras,
    }
    request_id = g.get("request_id")
    if request_id:
        body["request_id"] = request_id
    return Response(
        json.dumps(body, ensure_ascii=False), status=status, mimetype="application/problem+json"
    )


def _domain(exc: errors.AdjudicatorError) -> Response:
    status = status_for(exc)
    if status == 500:
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


# HTTP errors by status: werkzeug's (routing, body size, media type, auth), the rate limiter's.
HTTP_CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    413: "body-too-large",
    415: "unsupported-media-type",
    429: "too-many-requests",
    500: "internal-error",
    503: "not-ready",
}
# Headers of the exception's own response that the problem document keeps.
_KEPT_HEADERS = ("Allow", "WWW-Authenticate", "Retry-After")


def http_problem(exc: HTTPException) -> Response:
    code = exc.code or 500
    slug = HTTP_CODES.get(code, "http-error")
    detail = exc.description or exc.name
    if code == 404 and request.url_rule is None:
        detail = f"no route for {request.path}"
    elif code == 405:
        allowed = exc.valid_methods if isinstance(exc, MethodNotAllowed) else None
        detail = f"{request.method} is not allowed on {request.path}" + (
            f"; allowed: {', '.join(sorted(allowed))}" if allowed else ""
        )
    elif code == 413:
        limit = request.max_content_length
        detail = f"the body is larger than {limit} bytes" if limit else detail
    resp = problem(code, slug, exc.name, detail)
    # The exception's own headers, without rendering the HTML page they come with.
    for name, value in exc.get_headers():
        if name in _KEPT_HEADERS:
            resp.headers[name] = value
    return resp


def too_many_requests(limit: str, retry_after: int) -> Response:
    """The 429 of the rate limiter, naming the limit; ``Retry-After`` in seconds."""
    resp = problem(429, HTTP_CODES[429], "Too Many Requests", f"rate limit exceeded: {limit}")
    resp.headers["Retry-After"] = str(retry_after)
    return resp


def _unhandled(exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.path)
    return problem(500, "internal-error", "Internal error", "the server failed; it is logged")


def init_app(app: Flask) -> None:
    app.register_error_handler(errors.AdjudicatorError, _domain)
    app.register_error_handler(ValidationError, _validation)
    app.register_error_handler(HTTPException, http_problem)
    app.register_error_handler(Exception, _unhandled)
