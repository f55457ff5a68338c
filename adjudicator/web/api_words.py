"""GET /api/v1/words/<word>, POST /api/v1/words/check, GET /api/v1/lexicons."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.errors import MalformedRequestError
from adjudicator.services.lexicons import list_lexicons
from adjudicator.services.words import check_word, check_words
from adjudicator.web.context import registry, registry_and_settings
from adjudicator.web.models import CheckRequest, WordQuery
from adjudicator.web.observability import count_word, count_words
from adjudicator.web.requests import parse_json, parse_query

bp = Blueprint("words", __name__, url_prefix="/api/v1")


@bp.get("/words/<path:word>")
def show(word: str):
    query = parse_query(WordQuery)
    services, settings = registry_and_settings()
    result = check_word(services, query.ruleset, word, settings.max_word_length, query.lexicon)
    count_word(result["valid"])
    return result


@bp.post("/words/check")
def check():
    req = parse_json(CheckRequest)
    services, settings = registry_and_settings()
    limit = settings.max_words
    if len(req.words) > limit:
        raise MalformedRequestError(
            f"{len(req.words)} words; at most {limit} per request", field="words", max_words=limit
        )
    result = check_words(services, req.ruleset, req.words, settings.max_word_length, req.lexicon)
    count_words(result["results"])
    return result


@bp.get("/lexicons")
def lexicons():
    return {"lexicons": list_lexicons(registry())}
