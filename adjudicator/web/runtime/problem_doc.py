"""The problem document (RFC 9457): described once, written once.

The app (``problems``) and the gunicorn worker (``worker``), which answers the
requests the app never sees, both write it with :func:`problem_json`; the
OpenAPI document describes it with :class:`Problem`.
"""

from __future__ import annotations

import typing as t

import orjson
from pydantic import BaseModel, ConfigDict, Field


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


# The problems of HTTP itself, by status: (code, title).  A domain error has
# its own code and title (``errors``); these are the request's own faults, found
# by werkzeug, the rate limiter or the worker.
HTTP_PROBLEMS: dict[int, tuple[str, str]] = {
    400: ("malformed-request", "Malformed request"),
    401: ("unauthorized", "Unauthorized"),
    403: ("forbidden", "Forbidden"),
    404: ("not-found", "Not Found"),
    405: ("method-not-allowed", "Method Not Allowed"),
    408: ("request-timeout", "Request timeout"),
    413: ("body-too-large", "Request Entity Too Large"),
    414: ("uri-too-long", "URI too long"),
    415: ("unsupported-media-type", "Unsupported Media Type"),
    429: ("too-many-requests", "Too Many Requests"),
    431: ("request-header-fields-too-large", "Request header fields too large"),
    500: ("internal-error", "Internal error"),
    503: ("not-ready", "Not ready"),
}


def problem_json(
    status: int,
    code: str,
    title: str,
    detail: str,
    *,
    base: str,
    instance: str | None = None,
    request_id: str | None = None,
    extras: t.Mapping[str, t.Any] | None = None,
) -> bytes:
    """A problem document as JSON; ``base`` is ``ADJUDICATOR_PROBLEM_BASE_URI``,
    ``extras`` the members of its ``code`` (a domain error's fields)."""
    body: dict[str, t.Any] = {
        "type": base + code if code != "about:blank" else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
    }
    if instance is not None:
        body["instance"] = instance
    body["code"] = code
    body.update(extras or {})
    if request_id:
        body["request_id"] = request_id
    return orjson.dumps(body)
