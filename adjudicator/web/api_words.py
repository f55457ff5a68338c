"""GET /api/v1/words/<word>, POST /api/v1/words/check, GET /api/v1/lexicons."""

from __future__ import annotations

from flask import Blueprint, current_app

from adjudicator.errors import MalformedRequestError
from adjudicator.services.lexicons import list_lexicons
from adjudicator.services.words import check_word, check_words
from adjudicator.web.models import CheckRequest, WordQuery
from adjudicator.web.observability import count_word, count_words
from adjudicator.web.requests import parse_json, parse_query

bp = Blueprint("words", __name__, url_prefix="/api/v1")


def _settings():
    return current_app.config["ADJUDICATOR_SETTINGS"]


@bp.get("/words/<path:word>")
def show(word: str):
    query = parse_query(WordQuery)
    result = check_word(
        current_app.extensions["adjudicator"],
        query.ruleset,
        word,
        _settings().max_word_length,
        query.lexicon,
    )
    count_word(result["valid"])
    return result


@bp.post("/words/check")
def check():
    req = parse_json(CheckRequest)
    limit = _settings().max_words
    if len(req.words) > limit:
        raise MalformedRequestError(
            f"{len(req.words)} words; at most {limit} per request", field="words", max_words=limit
        )
    result = check_words(
        current_app.extensions["adjudicator"],
        req.ruleset,
        req.words,
        _settings().max_word_length,
        req.lexicon,
    )
    count_words(result["results"])
    return result


@bp.get("/lexicons")
def lexicons():
    return {"lexicons": list_lexicons(current_app.extensions["adjudicator"])}
