"""Reading JSON bodies and query strings into pydantic models, strictly."""

from __future__ import annotations

import re
import typing as t

from flask import request
from pydantic import BaseModel, ConfigDict
from pydantic_core import from_json
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from adjudicator.errors import MalformedRequestError
from adjudicator.web.runtime.extension import runtime

if t.TYPE_CHECKING:
    from adjudicator.web.runtime.operation import Operation

# What reading a body may answer: malformed (400), too large (413), of a media
# type the operation does not read (415).
BODY_REFUSED = frozenset({400, 413, 415})


def statuses_added(op: Operation) -> frozenset[int]:
    """The statuses this module answers for ``op`` (the OpenAPI document lists them)."""
    return BODY_REFUSED if op.body is not None or op.raw_media else frozenset()


M = t.TypeVar("M", bound=BaseModel)

# A JSON string, escapes included: removed before brackets are counted.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class Strict(BaseModel):
    """Base of request models: no unknown fields, no silent type coercion."""

    model_config = ConfigDict(strict=True, extra="forbid")


def parse_json(model: type[M]) -> M:
    """Validate the body against ``model``.

    :raises UnsupportedMediaType: the body is not ``application/json``.
    :raises RequestEntityTooLarge: the body is over ``MAX_CONTENT_LENGTH`` (werkzeug).
    :raises MalformedRequestError: not UTF-8, nesting too deep, or NaN/Infinity.
    :raises ValidationError: bad JSON or bad fields (answered 400).
    """
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(
            f"send the body as application/json (got {request.mimetype or 'none'})"
        )
    data = read_body()
    if not data.strip():
        raise MalformedRequestError("the body is empty: send a JSON object", field="(body)")
    check_json(data, runtime().settings.max_json_depth)
    return model.model_validate_json(data)


def read_body() -> bytes:
    """The request body, at most ``request.max_content_length`` (the app's
    ``MAX_CONTENT_LENGTH`` unless a view sets another).

    werkzeug refuses a ``Content-Length`` over the limit.  Under a server that
    ends the input stream itself (gunicorn), werkzeug reads a chunked body only up
    to the limit and a body cut short only as far as it goes, without a word:
    both are refused here.

    :raises RequestEntityTooLarge: the body is too large.
    :raises MalformedRequestError: the body ended before its ``Content-Length``.
    """
    data = request.get_data(cache=True)
    length, limit = request.content_length, request.max_content_length
    if length is not None and len(data) < length:
        raise MalformedRequestError(
            f"the body ended after {len(data)} of its {length} bytes (Content-Length)",
            field="(body)",
        )
    if length is None and limit is not None and len(data) >= limit:
        raise RequestEntityTooLarge()
    return data


def parse_query(model: type[M]) -> M:
    """Validate the query string against ``model``; a parameter given twice is refused.

    :raises MalformedRequestError: a repeated parameter.
    :raises ValidationError: unknown or bad parameters (answered 400).
    """
    params = {}
    for name, values in request.args.lists():
        if len(values) > 1:
            raise MalformedRequestError(
                f"{name}: given {len(values)} times; give it once", field=name
            )
        params[name] = values[0]
    return model(**params)


def check_json(data: bytes, max_depth: int) -> None:
    """Refuse what the model parser would take or misname: bad UTF-8, deep nesting, NaN.

    :raises MalformedRequestError: naming the fault.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedRequestError(
            f"the body is not valid UTF-8 (byte {exc.start})", field="(body)", position=exc.start
        ) from None
    brackets = data.count(b"[") + data.count(b"{")
    if brackets > max_depth and json_depth(data, max_depth + 1) > max_depth:
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
