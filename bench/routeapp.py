"""Our app with the word and score views doing none of their own work.

Served by the same gunicorn settings as the service, its word GET and score
POST take the same route, hooks, body read and answer shape as the real ones,
but answer a prepared result instead of parsing, checking or scoring: timed
against this app's own ``/ping``, they show how much of each ratio the
request's way through gunicorn and Flask costs before our views do anything.
"""

from __future__ import annotations

import typing as t

from adjudicator.services.plays import score_play
from adjudicator.services.words import check_word
from adjudicator.web import create_app
from adjudicator.web.models import WordQuery
from adjudicator.web.requests import parse_query, read_body

app = create_app()
_registry = app.extensions["adjudicator"]
_WORDS = {
    name: check_word(_registry, name, "ЕНОТ" if name.endswith("-ru") else "CAT")
    for name in ("scrabble-en", "erudite-ru")
}
_SCORE = score_play(_registry, "scrabble-en", move="8D WINDY")


def word(word: str) -> dict[str, t.Any]:
    return dict(_WORDS[parse_query(WordQuery).ruleset])


def score() -> dict[str, t.Any]:
    read_body()
    return dict(_SCORE)


app.view_functions["words.show"] = word
app.view_functions["score.score"] = score
