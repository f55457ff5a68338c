"""Reading JSON request bodies into pydantic models, strictly."""

from __future__ import annotations

import re
import typing as t
from urllib.parse import parse_qsl

from flask import Request
from pydantic import BaseModel, ConfigDict
from pydantic_core import from_json
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from adjudicator.errors import MalformedRequestError
from adjudicator.web.context import SETTINGS, current_flask_app, current_request

M = t.TypeVar("M", bound=BaseModel)

# A JSON string, escapes included: removed before brackets are counted.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class Strict(BaseModel):
    """Base of request models: no unknown fields, no silent type coercion."""

    model_config = ConfigDict(strict=True, extra="forbid")


class Query(Strict):
    """Base of query-string models: frozen, so that :func:`parse_query` can keep
    and hand out the one validated instance of each query string."""

    model_config = ConfigDict(frozen=True)


Q = t.TypeVar("Q", bound=Query)
# (model, raw query string) -> the validated model: most clients send a handful
# of query strings (``ruleset=...``) again and again.
_QUERIES: dict[tuple[type[Query], bytes], Query] = {}
_MAX_QUERIES = 1024


def parse_json(model: type[M]) -> M:
    """Validate the body against ``model``.

    :raises UnsupportedMediaType: the body is not ``application/json``.
    :raises RequestEntityTooLarge: the body is over ``MAX_CONTENT_LENGTH``.
    :raises MalformedRequestError: not UTF-8, nesting too deep, or NaN/Infinity.
    :raises ValidationError: bad JSON or bad fields (answered 400).
    """
    req = current_request()
    if req.environ.get("CONTENT_TYPE") != "application/json" and (
        req.mimetype != "application/json"
    ):
        raise UnsupportedMediaType(
            f"send the body as application/json (got {req.mimetype or 'none'})"
        )
    config = current_flask_app().config
    data = _read_body(req, config.get("MAX_CONTENT_LENGTH"))
    if not data.strip():
        raise MalformedRequestError("the body is empty: send a JSON object", field="(body)")
    check_json(data, config[SETTINGS].max_json_depth)
    return model.model_validate_json(data)


def parse_query(model: type[Q]) -> Q:
    """Validate the query string against ``model``; a parameter given twice is refused.

    Decoded as werkzeug decodes ``request.args`` (invalid bytes stay
    percent-encoded), without building its multi-dict.  A query string seen
    before answers its validated (frozen) model from a bounded table without
    parsing again: on a one-word lookup, parsing and validating were about a
    quarter of the view's time under load.

    :raises MalformedRequestError: a repeated parameter.
    :raises ValidationError: unknown or bad parameters (answered 400).
    """
    raw = current_request().query_string
    known = _QUERIES.get((model, raw))
    if known is not None:
        return known  # type: ignore[return-value]
    parsed = _validate_query(model, raw)
    if len(_QUERIES) >= _MAX_QUERIES:
        _QUERIES.clear()  # many distinct query strings: start the table again
    _QUERIES[model, raw] = parsed
    return parsed


def _validate_query(model: type[Q], raw: bytes) -> Q:
    pairs = parse_qsl(raw.decode(), keep_blank_values=True, errors="werkzeug.url_quote")
    params = dict(pairs)
    if len(params) != len(pairs):
        for name in params:
            count = sum(1 for key, _ in pairs if key == name)
            if count > 1:
                raise MalformedRequestError(
                    f"{name}: given {count} times; give it once", field=name
                )
    return model.model_validate(params)


def read_body() -> bytes:
    """The current request's body (see :func:`_read_body`)."""
    return _read_body(current_request(), current_flask_app().config.get("MAX_CONTENT_LENGTH"))


def _read_body(request: Request, limit: int | None) -> bytes:
    """The request body, at most ``limit`` bytes (the app's ``MAX_CONTENT_LENGTH``).

    With a ``Content-Length`` the body is read straight from the server's input
    (werkzeug's limited-stream wrapper cost about 10 µs a request).  A chunked body is
    read by werkzeug, which cuts it at the limit without a word, so reaching the
    limit is refused here.

    :raises RequestEntityTooLarge: the body is too large.
    :raises MalformedRequestError: the body ended before its ``Content-Length``.
    """
    environ = request.environ
    length = _content_length(request, environ)
    if length is not None:
        if limit is not None and length > limit:
            raise RequestEntityTooLarge()
        data: bytes = environ["wsgi.input"].read(length) if length else b""
        if len(data) < length:
            raise MalformedRequestError(
                f"the body ended after {len(data)} of its {length} bytes (Content-Length)",
                field="(body)",
            )
        return data
    data = request.get_data(cache=True)
    if limit is not None and len(data) >= limit:
        raise RequestEntityTooLarge()
    return data


def _content_length(request: Request, environ: t.Mapping[str, t.Any]) -> int | None:
    """``Content-Length`` as werkzeug reads it, without its header parsing in the
    usual case (plain ASCII digits and no ``Transfer-Encoding``)."""
    raw = environ.get("CONTENT_LENGTH")
    if raw and raw.isascii() and raw.isdigit() and "HTTP_TRANSFER_ENCODING" not in environ:
        return int(raw)
    return request.content_length


def check_json(data: bytes, max_depth: int) -> None:
    """Refuse what the model parser would take or misname: bad UTF-8, deep nesting, NaN.

    The checks are a few C-speed scans; the costlier ones run only when the bytes
    could fail them.

    :raises MalformedRequestError: naming the fault.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedRequestError(
            f"the body is not valid UTF-8 (byte {exc.start})", field="(body)", position=exc.start
        ) from None
    if data.count(b"[") + data.count(b"{") > max_depth:
        depth = json_depth(data, max_depth + 1)
        if depth > max_depth:
            raise MalformedRequestError(
                f"JSON nested deeper than {max_depth} levels", field="(body)", max_depth=max_depth
            )
    if b"NaN" in data or b"Infinity" in data:
        try:
            from_json(data, allow_inf_nan=False)
        except ValueError:
            try:
                from_json(data, allow_inf_nan=True)
            except ValueError:
                return  # another syntax error: the model parser names it
            raise MalformedRequestError(
                "NaN and Infinity are not JSON numbers", field="(body)"
            ) from None


def json_depth(data: bytes, stop: int) -> int:
    """Nesting depth of a JSON text, counted up to ``stop`` (brackets in strings ignored)."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    brackets = brackets.replace(b"{", b"[").replace(b"}", b"]")
    depth = 0
    # Each pass removes the innermost pairs: as many passes as levels.
    while brackets and depth < stop:
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            break  # unbalanced: the parser will name the syntax error
        brackets, depth = shorter, depth + 1
    return depth
