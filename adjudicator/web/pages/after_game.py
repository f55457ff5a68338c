"""The words of the after-game view (``static/after-game.js``): each turn's best
play and the points missed, on the keeper's final screen and on the spectator
page.  Both pages carry these strings, so both catalogues (keeper.po, pages.po)
hold them, in the same words (tests/test_translations.py checks it)."""

from __future__ import annotations

from adjudicator.web.runtime.i18n import gettext


def strings() -> dict[str, str]:
    """The view's words, by the key the script reads (``{name}``: a value it fills in)."""
    return {
        "an_how": gettext(
            "By score: each turn's best play from the rack entered with it, and the "
            "points it would have added."
        ),
        "an_player": gettext("Player"),
        "an_analysed": gettext("Turns analysed"),
        "an_missed_total": gettext("Points missed"),
        "an_play": gettext("play"),
        "an_pass": gettext("pass"),
        "an_exchange": gettext("exchange"),
        "an_withdrawn": gettext("withdrawn"),
        "an_rack": gettext("Rack: {rack}"),
        "an_not_analysed": gettext("not analysed"),
        "an_flagged": gettext("Rack flagged, not analysed:"),
        "an_no_play": gettext("no legal play"),
        "an_best": gettext("Best: {move} ({score})"),
        "an_bingo": gettext("bingo"),
        "an_missed": gettext("Points missed: {points}"),
        "an_nothing_missed": gettext("nothing missed"),
        "an_bingo_possible": gettext("a bingo was possible"),
        "an_partial": gettext("from the tiles given"),
        "an_show": gettext("Show on the board"),
        "an_showing": gettext("Move {number}, {name}: best play {move} ({score})"),
        "an_showing_how": gettext("The board as it was then; the tiles played since are faded."),
        "an_best_tile": gettext("best play"),
        "an_later_tile": gettext("played later"),
    }
