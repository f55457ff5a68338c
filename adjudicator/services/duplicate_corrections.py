"""Corrections of a Duplicate game: a slip entered wrongly replaced or withdrawn
(in any round, open or closed, even once the game is over), and the open
round's typed draw replaced, its slips ruled again on the new one.

Each is an event (``slip-fix``, ``draw-fix``): the slip or draw it replaces
stays in the record, and the standings follow, since what each slip earns is
settled with the game each time it is read (core/duplicate_standings.py).
"""

from __future__ import annotations

import typing as t

from adjudicator.core.duplicate_events import slip_data, tiles_data
from adjudicator.core.duplicate_game import Phase, Round, with_fix, with_redraw
from adjudicator.errors import InvalidDrawError, UnknownDuplicateSlipError
from adjudicator.services.duplicate import Duplicates, Loaded, SlipSpec, phase
from adjudicator.services.duplicate_draws import typed_tiles
from adjudicator.services.duplicate_view import DuplicateOut, SlipVerdict, slip_verdict

Event = tuple[str, dict[str, t.Any]]


def replace_slip(
    games: Duplicates, id_: str, round_no: int, number: int, spec: SlipSpec
) -> SlipVerdict:
    """Slip ``number`` of round ``round_no`` replaced by ``spec``, ruled at once
    on that round's board and draw.

    :raises UnknownDuplicateSlipError: no such round, or no such slip standing.
    :raises UnknownDuplicatePlayerError: no such player.
    :raises BadCoordinateError: an unreadable reference.
    """
    written = spec.written()
    loaded = games.load(id_)
    round_ = _standing(loaded, round_no, number)
    ruling = games.rule(loaded, round_, written)
    fixed = slip_data(loaded.state.rules.alphabet, ruling, written)
    event = ("slip-fix", {"round": round_no, "number": number, "slip": fixed})
    version = games.store.append(id_, loaded.version, [event])
    after = with_fix(loaded.state, round_no, number, ruling, written)
    return slip_verdict(after, round_no, number, version)


def withdraw_slip(games: Duplicates, id_: str, round_no: int, number: int) -> DuplicateOut:
    """Slip ``number`` of round ``round_no`` withdrawn (entered by mistake).

    :raises UnknownDuplicateSlipError: no such round, or no such slip standing.
    """
    loaded = games.load(id_)
    _standing(loaded, round_no, number)
    event = ("slip-fix", {"round": round_no, "number": number, "slip": None})
    games.store.append(id_, loaded.version, [event])
    return games.written(id_)


def redraw(games: Duplicates, id_: str, letters: str, *, rejected: bool = False) -> DuplicateOut:
    """The open round's typed draw replaced by ``letters`` (checked as a typed
    draw is), and every slip of the round that kept what was written ruled
    again on it.

    :raises DuplicatePhaseError: no round open. :raises DuplicateOverError: over.
    :raises InvalidDrawError: letters the rules refuse, or the round's draw is
        the service's own (``not-typed``) or a replay's.
    """
    loaded = games.load(id_)
    state = loaded.state
    phase(state, Phase.PLAY)
    current = state.rounds[-1]
    if not current.typed:
        raise InvalidDrawError(
            letters, "not-typed", current.number, "only a draw typed in is corrected"
        )
    tiles = typed_tiles(state.before_draw(), letters, rejected=rejected)
    alphabet = state.rules.alphabet
    events: list[Event] = [
        ("draw-fix", {"tiles": tiles_data(alphabet, tiles), "rejected": rejected})
    ]
    again = with_redraw(state, tiles, rejected=rejected).rounds[-1]
    for number, slip in enumerate(again.slips):
        if slip.ruling is None or slip.written is None:
            continue
        ruling = games.rule(loaded, again, slip.written)
        fixed = slip_data(alphabet, ruling, slip.written)
        events.append(("slip-fix", {"round": again.number, "number": number, "slip": fixed}))
    games.store.append(id_, loaded.version, events)
    return games.written(id_)


def _standing(loaded: Loaded, round_no: int, number: int) -> Round:
    rounds = loaded.state.rounds
    if not 0 < round_no <= len(rounds):
        raise UnknownDuplicateSlipError(round_no, number)
    round_ = rounds[round_no - 1]
    if not 0 <= number < len(round_.slips) or round_.slips[number].ruling is None:
        raise UnknownDuplicateSlipError(round_no, number)
    return round_
