"""Duplicate's pages: the arbiter's (``/duplicate``, then
``/duplicate/<id>/arbiter``), the room display (``/duplicate/<id>``) and a
finished game played again alone (``/duplicate/<id>/alone``).

Both are scripts over the Duplicate API (docs/duplicate.md); their words come
with the page (translated here and in the templates), and the game's ruleset
(its tiles, board and Duplicate rules) as data.  The arbiter's page keeps the
game's write token in the browser; the room display is read-only and never
shows a slip: it shows the draw, the time, and once a round is closed its top
and the standings.
"""

from __future__ import annotations

import typing as t

from flask import Blueprint, render_template

from adjudicator.services.answer import to_data
from adjudicator.services.rulesets import describe_ruleset, list_rulesets
from adjudicator.web.pages.ruleset_groups import by_language
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, language
from adjudicator.web.runtime.operation import operation

bp = Blueprint("duplicate", __name__)

# The arbiter's page asks for the game this often (slips from another device,
# the time); the room display more often, so the close shows at once.
ARBITER_POLL_SECONDS = 5
ROOM_POLL_SECONDS = 2


def ruling_strings() -> dict[str, t.Any]:
    """A slip's ruling in words, by the API's codes (docs/duplicate.md, "Slips")."""
    return {
        "null": {
            "blank-slip": gettext("blank slip"),
            "several-slips": gettext("more than one slip for this move"),
            "late-slip": gettext("handed in late"),
            "not-from-draw": gettext("a letter the draw does not hold"),
            "illegal-placement": gettext("cannot be placed there"),
            "not-in-full": gettext("word not written in full"),
            "invalid-word": gettext("not a valid word"),
            "ambiguous-reference": gettext("ambiguous reference: the score fits several places"),
        },
        "warnings": {
            "score-missing": gettext("no score written"),
            "wrong-score": gettext("wrong score written"),
            "unmarked-blank": gettext("blank not marked"),
            "wrong-letter-marked": gettext("a letter marked as a blank"),
            "illegible": gettext("illegible"),
        },
        "penalties": {
            "reference-off": gettext("reference wrong or missing"),
            "final-letter": gettext("last letter left off or wrong"),
            "warnings": gettext("warning beyond the free ones"),
        },
    }


def problem_strings() -> dict[str, str]:
    """The problems an arbiter meets, by code; ``{name}`` is filled in by the script."""
    return {
        "bad-coordinate": gettext(
            "{coordinate} is not a reference: write H4 (across) or 4H (down)."
        ),
        "unknown-tile": gettext("{character} is not a tile of this game."),
        "draw-size": gettext("This draw must have {size} tiles."),
        "draw-not-in-bag": gettext(
            "The draw must hold the rack left ({kept}) and tiles still in the bag."
        ),
        "draw-short": gettext(
            "Move {round} needs at least {vowels} vowels and {consonants} consonants."
        ),
        "draw-typed": gettext("This game's draws are typed in: type the room's draw."),
        "draw-replay": gettext("A replay takes its game's draws: none is typed in."),
        "draw-not-typed": gettext("Only a draw typed in can be corrected."),
        "duplicate-phase": gettext(
            "Not at this point of the round: the page is brought up to date."
        ),
        "duplicate-over": gettext("The game is over."),
        "unknown-duplicate-player": gettext("There is no player {player}."),
        "unknown-duplicate-slip": gettext(
            "This slip of move {round} is no longer there: the page is brought up to date."
        ),
        "invalid-duplicate-record": gettext(
            "This record does not make a Duplicate game: entry {event} ({kind}) does not fit."
        ),
        "not-a-record": gettext("This file is not a Duplicate game's record."),
        "duplicate-not-over": gettext("This game is not over: it can be played again once it is."),
        "forbidden": gettext("This device does not hold this game's write key."),
        "too-many-requests": gettext("Too many requests: wait a moment, then try again."),
        "not-ready": gettext("The server is starting: try again in a moment."),
        "offline": gettext("The server cannot be reached: try again."),
    }


def _game_ruleset(id_: str) -> dict[str, t.Any]:
    """The game's ruleset as the pages draw it (unknown-duplicate: 404)."""
    rt = runtime()
    game = rt.duplicates.get(id_)
    ruleset = to_data(describe_ruleset(rt.registry, game.ruleset))
    return {**ruleset, "title": gettext(ruleset["title"])}


def _arbiter(game_id: str | None) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    summaries = [
        r
        for r in list_rulesets(rt.registry).rulesets
        if rt.registry.ruleset(r.name).duplicate is not None
    ]
    rulesets = {
        r.name: {**to_data(describe_ruleset(rt.registry, r.name)), "title": gettext(r.title)}
        for r in summaries
    }
    game_ruleset = None
    if game_id is not None:  # the game's own, whatever the rulesets offered now
        game = _game_ruleset(game_id)
        game_ruleset = game["name"]
        rulesets[game_ruleset] = game
    html = render_template(
        "duplicate.html",
        game_id=game_id,
        game_ruleset=game_ruleset,
        rulesets=rulesets,
        groups=[(label, [r.name for r in rs]) for label, rs in by_language(summaries, language())],
        languages=rt.catalogues.names(),
        rulings=ruling_strings(),
        problems=problem_strings(),
        poll_ms=ARBITER_POLL_SECONDS * 1000,
    )
    return html, 200, PAGE_HEADERS


@bp.get("/duplicate")
@operation(
    "duplicateStartPage",
    "The Duplicate arbiter's page: start a game",
    "pages",
    media_type="text/html",
)
def start() -> tuple[str, int, dict[str, str]]:
    return _arbiter(None)


@bp.get("/duplicate/<game_id:id_>/arbiter")
@operation(
    "duplicateArbiterPage",
    "The Duplicate arbiter's page: draws, slips, closes (keeps the write token)",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def arbiter(id_: str) -> tuple[str, int, dict[str, str]]:
    return _arbiter(id_)


@bp.get("/duplicate/<game_id:id_>")
@operation(
    "duplicateRoomPage",
    "The Duplicate room display: board, draw, time, top and standings (read-only)",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def room(id_: str) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    html = render_template(
        "duplicate_room.html",
        game_id=id_,
        ruleset=_game_ruleset(id_),
        languages=rt.catalogues.names(),
        poll_ms=ROOM_POLL_SECONDS * 1000,
    )
    return html, 200, PAGE_HEADERS


@bp.get("/duplicate/<game_id:id_>/alone")
@operation(
    "duplicateAlonePage",
    "A finished Duplicate game played again alone, against its tops (keeps the replay's token)",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def alone(id_: str) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    html = render_template(
        "duplicate_alone.html",
        game_id=id_,
        ruleset=_game_ruleset(id_),
        languages=rt.catalogues.names(),
        rulings=ruling_strings(),
        problems=problem_strings(),
    )
    return html, 200, PAGE_HEADERS
