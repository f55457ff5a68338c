"""POST /api/v1/plays and GET /api/v1/words/search: finding plays and words."""

from __future__ import annotations

from flask import Blueprint

from adjudicator.services.moves import PlaysResponse, find_plays
from adjudicator.services.word_search import SearchResponse, search_words
from adjudicator.web.api.finder_requests import PlaysRequest, SearchQuery
from adjudicator.web.runtime.auth import Access
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.operation import operation

bp = Blueprint("finder", __name__, url_prefix="/api/v1")


@bp.post("/plays")
@operation(
    "findPlays",
    "Every legal play of a rack on a board, best first",
    "finder",
    response=PlaysResponse,
    body=PlaysRequest,
    errors=(404, 422, 503),
    access=Access.FINDER,
)
def plays(body: PlaysRequest) -> PlaysResponse:
    return find_plays(
        runtime().registry,
        body.ruleset,
        body.rack,
        board=body.board,
        lexicon_name=body.lexicon,
        limit=body.limit,
    )


@bp.get("/words/search")
@operation(
    "searchWords",
    "Anagrams, patterns and hooks",
    "finder",
    response=SearchResponse,
    query=SearchQuery,
    errors=(400, 404, 422, 503),
    access=Access.FINDER,
    ruleset_params=("ruleset",),
)
def search(query: SearchQuery) -> SearchResponse:
    return search_words(
        runtime().registry,
        query.ruleset,
        anagram=query.anagram,
        every_length=query.all == "true",
        pattern=query.pattern,
        hooks_of=query.hooks,
        min_length=query.min_length,
        max_length=query.max_length,
        after=query.after,
        limit=query.limit,
        lexicon_name=query.lexicon,
    )
