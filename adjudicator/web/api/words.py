"""GET /api/v1/words/<word>, POST /api/v1/words/check, GET /api/v1/lexicons."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.errors import InvalidRequestError
from adjudicator.services.lexicons import LexiconsResponse, list_lexicons
from adjudicator.services.words import CheckResponse, WordResponse, check_word, check_words
from adjudicator.web.api.request_models import CheckRequest, WordQuery
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.metrics import count_word, count_words
from adjudicator.web.runtime.operation import operation

bp = Blueprint("words", __name__, url_prefix="/api/v1")


def _show(word: str, query: WordQuery) -> WordResponse:
    rt = runtime()
    result = check_word(
        rt.registry, query.ruleset, word, rt.settings.max_word_length, query.lexicon
    )
    count_word(result["valid"])
    return result


# What a one-word lookup declares, at both of its paths.
_ONE_WORD = {
    "response": WordResponse,
    "query": WordQuery,
    "errors": (400, 404, 422),
    "access": "client",
    "ruleset_params": ("ruleset",),
}


@bp.get("/words/<path:word>")
@operation("getWord", "Check one word", "words", **_ONE_WORD)
def show(word: str, query: WordQuery) -> WordResponse:
    return _show(word, query)


# /api/v1/words/check is also a word: GET there checks the word CHECK.
@bp.get("/words/check")
@operation("getWordCheck", "Check the word CHECK", "words", **_ONE_WORD)
def show_check(query: WordQuery) -> WordResponse:
    return _show("check", query)


@bp.post("/words/check")
@operation(
    "checkWords",
    "Check a batch of words",
    "words",
    response=CheckResponse,
    body=CheckRequest,
    errors=(404, 422),
    access=Access.CLIENT,
)
def check(body: CheckRequest) -> CheckResponse:
    rt = runtime()
    limit = rt.settings.max_words
    if len(body.words) > limit:
        raise InvalidRequestError(
            f"{len(body.words)} words; at most {limit} per request", field="words", max_words=limit
        )
    result = check_words(
        rt.registry, body.ruleset, body.words, rt.settings.max_word_length, body.lexicon
    )
    count_words(result["results"])
    return result


@bp.get("/lexicons")
@operation(
    "listLexicons", "Loaded lexicons", "words", response=LexiconsResponse, access=Access.CLIENT
)
def lexicons() -> LexiconsResponse:
    return list_lexicons(runtime().registry)
