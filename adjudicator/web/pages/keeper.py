"""The scorekeeper: keep a physical game on a shared tablet (``/keep``).

The page is one script over the games API; everything it shows comes from the
API's answers, and its words and rules come with the page: the translated
strings, and each ruleset's tiles, board and rules.
"""

from __future__ import annotations

import typing as t

from flask import Blueprint, Response, render_template, url_for

from adjudicator.core.challenge import ChallengeRule
from adjudicator.services.answer import to_data
from adjudicator.services.lexicons import list_lexicons
from adjudicator.services.rulesets import describe_ruleset, list_rulesets
from adjudicator.services.share import qr_svg
from adjudicator.web.pages import after_game
from adjudicator.web.pages.ruleset_groups import by_language
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, language
from adjudicator.web.runtime.links import public_base, public_url
from adjudicator.web.runtime.operation import operation

bp = Blueprint("keeper", __name__)


def challenge_rules() -> list[tuple[str, str]]:
    """The rules a game may be kept under, the club's usual first (``void``
    checks every word before a play is accepted: there is nothing to challenge)."""
    said = {
        ChallengeRule.DOUBLE: gettext("Double (a failed challenge loses a turn)"),
        ChallengeRule.SINGLE: gettext("Single (no penalty)"),
        ChallengeRule.FIVE_POINT: gettext("Five points per word"),
        ChallengeRule.TEN_POINT: gettext("Ten points per word"),
        ChallengeRule.TRIPLE: gettext("Triple (the loser loses the game)"),
    }
    return [(rule.value, text) for rule, text in said.items()]


def _flow_strings() -> dict[str, t.Any]:
    """The words of the keeper's confirmations, rulings and score sheet, of the
    analysis after the game, and of the problems a keeper meets at the table, by
    their code (any other problem shows the API's own detail).  ``{name}`` marks a
    value the script fills in: the problem's fields, a player's number given by name."""
    return {
        **after_game.strings(),
        "confirm": gettext("Confirm"),
        "cancel": gettext("Cancel"),
        "confirm_pass": gettext("{name} passes?"),
        "confirm_challenge": gettext("{name} challenges {other}'s play {move}?"),
        "confirm_undo": gettext("Take back the last entry, {name}'s {what}?"),
        "confirm_end": gettext(
            "End the game now (time is up, or the players agree)? The scores stand as "
            "they are; no tiles are counted off the racks."
        ),
        "play_stands": gettext("The play stands."),
        "no_penalty": gettext("Nobody is penalised."),
        "loses_turn": gettext("{name} loses this turn."),
        "loses_next_turn": gettext("{name} loses their next turn."),
        "gets_points": gettext("{name} gets {points} points."),
        "loses_game": gettext("{name} loses the game."),
        "edition": gettext("edition {version}"),
        "sheet_rules": gettext("Rules"),
        "sheet_lexicon": gettext("Word list"),
        "sheet_date": gettext("Date"),
        "sheet_game": gettext("Game"),
        "sheet_board": gettext("The final board"),
        "sheet_keeper": gettext("Scorekeeper"),
        "sheet_signature": gettext("Signed: {name}"),
        "problems": {
            "misses-start": gettext("The first play must cover the start square ({coordinate})."),
            "first-word-too-short": gettext("The first word must have at least {minimum} letters."),
            "not-connected": gettext(
                "The play must touch a tile already on the board ({coordinate} does not)."
            ),
            "gap-in-word": gettext("The new tiles leave an empty square at {coordinate}."),
            "not-in-line": gettext(
                "All new tiles must be in one row or one column: {coordinate} is not."
            ),
            "square-occupied": gettext("Square {coordinate} already holds a tile."),
            "more-tiles-than-rack": gettext("{placed} tiles placed, but a rack holds {rack_size}."),
            "tile-supply-exceeded": gettext("The set has only {available} × {letter}."),
            "star-not-replayed": gettext("A star taken by a swap must be played in the same move."),
            "exchange-not-allowed": gettext(
                "{bag} tiles in the bag: an exchange needs at least {minimum}."
            ),
            "wrong-phase": gettext("That is not allowed at this point of the game."),
            "game-over": gettext("The game is over."),
            "rack-size": gettext("{player} holds {holds} tiles, not {given}."),
            "rack-not-unseen": gettext(
                "{letter} on {player}'s rack: only {unseen} left unseen (the board and the "
                "other racks hold the rest)."
            ),
            "unknown-tile": gettext("{character} is not a tile of this game."),
            "tile-not-on-rack": gettext(
                "The play puts down {letter}, which the rack {rack} lacks."
            ),
            "forbidden": gettext("This device does not hold this game's write key."),
            "unauthorized": gettext("The score preview needs the club's client key."),
            "too-many-requests": gettext("Too many requests: wait a moment, then try again."),
            "not-ready": gettext("The server is starting: try again in a moment."),
        },
    }


def _page(game_id: str | None) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    summaries = list_rulesets(rt.registry).rulesets
    rulesets = {
        r.name: {**to_data(describe_ruleset(rt.registry, r.name)), "title": gettext(r.title)}
        for r in summaries
    }
    for lexicon in list_lexicons(rt.registry).lexicons:
        for name in lexicon.rulesets:
            if name in rulesets:  # the word list serving it, for the score sheet
                version = lexicon.manifest.get("version")
                rulesets[name]["serving"] = {"name": lexicon.name, "version": version}
    html = render_template(
        "keeper.html",
        flow_strings=_flow_strings(),
        challenge_rules=challenge_rules(),
        game_id=game_id,
        rulesets=rulesets,
        groups=[(label, [r.name for r in rs]) for label, rs in by_language(summaries, language())],
        languages=rt.catalogues.names(),
        needs_key=bool(rt.keys),
        public_base=public_base(),
    )
    return html, 200, PAGE_HEADERS


@bp.get("/keep")
@operation("keeperPage", "The scorekeeper: start a club game", "pages", media_type="text/html")
def new_game() -> tuple[str, int, dict[str, str]]:
    return _page(None)


@bp.get("/keep/<game_id:id_>")
@operation(
    "keeperGame",
    "The scorekeeper: keep this club game",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def keep(id_: str) -> tuple[str, int, dict[str, str]]:
    runtime().games.read(id_)  # unknown-game before a page for nothing
    return _page(id_)


@bp.get("/games/<game_id:id_>/share.svg")
@operation(
    "shareCode",
    "The spectator page's address as a QR code",
    "pages",
    errors=(404,),
    media_type="image/svg+xml",
)
def share(id_: str) -> Response:
    runtime().games.read(id_)
    url = public_url(url_for("spectator.page", id_=id_))
    return Response(qr_svg(url), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})
