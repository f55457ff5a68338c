"""One declaration per endpoint: what it reads, what it answers, who may call it.

:func:`operation` wraps a view: it admits the caller by the declared access
(``auth.admit``), parses the query and the JSON body into the declared models,
calls the view, and serializes the answer the view returns.
The same declaration drives the rate limiter and the
OpenAPI document, which is generated from the app's routes and these
declarations (``openapi``).
"""

from __future__ import annotations

import functools
import typing as t
from dataclasses import dataclass, field

import orjson
from flask import Flask, Response
from pydantic import BaseModel

from adjudicator.web.runtime.auth import Access, admit
from adjudicator.web.runtime.parsing import parse_json, parse_query

View = t.Callable[..., t.Any]


@dataclass(frozen=True, slots=True)
class Operation:
    """One endpoint as served and published.

    :param response: the answer's type (a model or a typed dict), or None for
        text, HTML or no body.
    :param body: the JSON body model, parsed before the view runs (``body=``)
        unless ``own_body`` is set (the view reads a body of several media types).
    :param query: the query-string model, parsed before the view runs (``query=``).
    :param errors: statuses it answers with a problem document, besides those every
        operation of its kind has (400/413/415 with a body, 401/403 behind a key,
        429 when rate-limited, 500 always).
    :param raw_media: media types of a body the view reads itself (a text file, a
        multipart upload), published beside the JSON ``body`` if there is one.
    :param access: ``client`` needs a client key when ``ADJUDICATOR_API_KEYS`` is set;
        ``admin`` needs that and the admin key (``ADJUDICATOR_ADMIN_KEY``, else
        the one generated into the data folder).
    :param authorize: called with the path arguments before the query and the body
        are read, so that a caller without the right (a game's write token, say) is
        refused before its input is validated.
    :param reveal: some inputs (``reveal``) need the admin key, when it is set.
    :param limited: counted by the rate limiter (not health, readiness or metrics).
    :param expensive: counted against the tighter limit on writes as well
        (``ADJUDICATOR_RATELIMIT_WRITES``): creating or importing a game, loading a lexicon.
    :param ruleset_params: path or query parameters that name a ruleset (an enum).
    :param headers: headers every answer of its status carries, by name: their meaning.
    :param maybe_headers: headers some of those answers carry (a next page's ``Link``).
    :param also: other answers, as ``Also(status, type, headers)``: a view that
        returns an instance of that type is answered with that status.
    """

    operation_id: str
    summary: str
    tag: str
    response: t.Any = None
    status: int = 200
    body: type[BaseModel] | None = None
    own_body: bool = False
    raw_media: tuple[str, ...] = ()
    query: type[BaseModel] | None = None
    errors: tuple[int, ...] = ()
    access: Access = Access.OPEN
    authorize: t.Callable[..., None] | None = None
    limited: bool = True
    expensive: bool = False
    reveal: bool = False
    media_type: str = "application/json"
    ruleset_params: tuple[str, ...] = ()
    headers: t.Mapping[str, str] = field(default_factory=dict)
    maybe_headers: t.Mapping[str, str] = field(default_factory=dict)
    links: t.Mapping[str, t.Any] = field(default_factory=dict)
    also: tuple[Also, ...] = ()

    def status_of(self, answer: t.Any) -> int:
        """The status of an answer: an alternative's when it is one, else ``status``."""
        return next((a.status for a in self.also if isinstance(answer, a.response)), self.status)


@dataclass(frozen=True, slots=True)
class Also:
    """Another answer of an operation (202 and a build's state, beside 201)."""

    status: int
    response: type[BaseModel]
    headers: t.Mapping[str, str] = field(default_factory=dict)


def serialize(answer: t.Any) -> bytes:
    """An answer as JSON: a model without the members it was not given, a typed
    dict as it is (its keys are its members)."""
    if isinstance(answer, BaseModel):
        return answer.model_dump_json(exclude_unset=True).encode()
    return orjson.dumps(answer)


def operation(
    operation_id: str, summary: str, tag: str, **details: t.Any
) -> t.Callable[[View], View]:
    """Declare a view as :class:`Operation` ``(operation_id, summary, tag, **details)``.

    The view gets ``query=`` and ``body=`` when the operation declares them.  When
    the operation declares a ``response``, the view returns that answer (or the
    answer and a dict of headers), answered as JSON with the operation's status;
    otherwise what it returns goes to Flask as it is.
    """
    op = Operation(operation_id, summary, tag, **details)

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def run(**args: t.Any) -> t.Any:
            admit(op, args)
            if op.query is not None:
                args["query"] = parse_query(op.query)
            if op.body is not None and not op.own_body:
                args["body"] = parse_json(op.body)
            result = view(**args)
            if op.response is None:
                return result
            headers: t.Mapping[str, str] = {}
            if isinstance(result, tuple):
                result, headers = result
            return Response(
                serialize(result) + b"\n",
                status=op.status_of(result),
                headers=dict(headers),
                mimetype="application/json",
            )

        # Read back with getattr (operation_of, openapi); its type has no such attribute.
        run.operation = op  # type: ignore[attr-defined]
        return run

    return decorate


def creation(
    operation_id: str,
    summary: str,
    tag: str,
    *,
    under: str,
    also_errors: tuple[int, ...] = (),
    **details: t.Any,
) -> t.Callable[[View], View]:
    """Declare a view that makes a game (or anything else kept under ``under``,
    its id the answer's ``id``): 201 with its ``Location``, for a client, counted
    against the tighter limit on writes; 404 and 422 for what it names or sends,
    and ``also_errors``."""
    declare = operation(
        operation_id,
        summary,
        tag,
        status=201,
        errors=(404, 422, *also_errors),
        headers={"Location": "Where the new resource is read"},
        access=Access.CLIENT,
        expensive=True,
        **details,
    )

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def located(**args: t.Any) -> tuple[t.Any, dict[str, str]]:
            answer = view(**args)
            return answer, {"Location": f"{under}/{answer.id}"}

        return declare(located)

    return decorate


def operation_of(app: Flask, endpoint: str | None) -> Operation | None:
    """The operation an endpoint declares, if any."""
    view = app.view_functions.get(endpoint) if endpoint else None
    return getattr(view, "operation", None)
