"""Errors to RFC 9457 ``application/problem+json``, in one table."""

from __future__ import annotations

import logging
import typing as t

from flask import Flask, Response, g, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from adjudicator import errors
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.problem_doc import HTTP_PROBLEMS, problem_json

if t.TYPE_CHECKING:
    from adjudicator.web.runtime.operation import Operation

log = logging.getLogger("adjudicator.errors")


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
    body = problem_json(
        status,
        code,
        title,
        detail,
        base=runtime().settings.problem_base_uri,
        instance=request.path,
        request_id=g.get("request_id"),
        extras=extras,
    )
    return Response(body, status=status, mimetype="application/problem+json")


def _domain(exc: errors.AdjudicatorError) -> Response:
    status = status_for(exc)
    if status == 500:
        log.error("%s (%s): %s", exc.title, exc.code, exc.detail)  # a config or a stored event
        return problem(500, "internal-error", "Internal error", "the server failed")
    return problem(status, exc.code, exc.title, exc.detail, **exc.extras())


def _validation(exc: ValidationError) -> Response:
    errs = []
    for e in exc.errors(include_url=False, include_context=False, include_input=False):
        loc = ".".join(str(p) for p in e["loc"])
        errs.append({"field": loc or "(body)", "message": e["msg"], "type": e["type"]})
    first = errs[0] if errs else {"field": "(body)", "message": "invalid"}
    detail = f"{first['field']}: {first['message']}"
    code, title = HTTP_PROBLEMS[400]
    return problem(400, code, title, detail, field=first["field"], errors=errs)


# Headers of the exception's own response that the problem document keeps.
_KEPT_HEADERS = ("Allow", "WWW-Authenticate", "Retry-After")


def http_problem(exc: HTTPException) -> Response:
    code = exc.code or 500
    slug, title = HTTP_PROBLEMS.get(code, ("http-error", exc.name))
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
    resp = problem(code, slug, title, detail)
    # The exception's own headers, without rendering the HTML page they come with.
    for name, value in exc.get_headers():
        if name in _KEPT_HEADERS:
            resp.headers[name] = value
    return resp


def too_many_requests(limit: str, retry_after: int) -> Response:
    """The 429 of the rate limiter, naming the limit; ``Retry-After`` in seconds."""
    code, title = HTTP_PROBLEMS[429]
    resp = problem(429, code, title, f"rate limit exceeded: {limit}")
    resp.headers["Retry-After"] = str(retry_after)
    return resp


def _unhandled(exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.path)
    return problem(500, "internal-error", "Internal error", "the server failed; it is logged")


def statuses_added(op: Operation) -> frozenset[int]:
    """Every operation may fail (500), logged and said as such."""
    return frozenset({500})


def init_app(app: Flask) -> None:
    app.register_error_handler(errors.AdjudicatorError, _domain)
    app.register_error_handler(ValidationError, _validation)
    app.register_error_handler(HTTPException, http_problem)
    app.register_error_handler(Exception, _unhandled)
