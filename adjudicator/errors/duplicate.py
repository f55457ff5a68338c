"""What a Duplicate game refuses: draws against the rules, events out of phase."""

from __future__ import annotations

from adjudicator.errors.common import InputError, NotFoundError, StateError


class DuplicateNotFoundError(NotFoundError):
    code = "unknown-duplicate"
    title = "Unknown duplicate game"

    def __init__(self, id_: str) -> None:
        super().__init__(f"no duplicate game with id {id_!r}", duplicate=id_)


class NoDuplicateRulesError(InputError):
    code = "no-duplicate-rules"
    title = "The ruleset has no duplicate rules"

    def __init__(self, ruleset: str) -> None:
        super().__init__(
            f"ruleset {ruleset!r} has no duplicate mapping: it plays no duplicate games",
            ruleset=ruleset,
        )


class InvalidDrawError(InputError):
    """A typed-in draw the rules refuse: ``reason`` is ``size`` (not the rack's
    size), ``not-in-bag`` (tiles the bag and the rack left do not hold, or the
    rack left missing) or ``short`` (fewer vowels or consonants than the round needs)."""

    code = "invalid-draw"
    title = "The draw is not valid under the rules"

    def __init__(self, letters: str, reason: str, round_no: int, detail: str) -> None:
        super().__init__(detail, letters=letters, reason=reason, round=round_no)


class DuplicatePhaseError(StateError):
    """A draw while the round is being played, a slip or a close before its draw."""

    code = "duplicate-phase"
    title = "Not at this point of the round"

    def __init__(self, wanted: str, phase: str) -> None:
        super().__init__(
            f"this needs the {wanted} phase; the game is in the {phase} phase",
            wanted=wanted,
            phase=phase,
        )


class DuplicateOverError(StateError):
    code = "duplicate-over"
    title = "The duplicate game is over"

    def __init__(self) -> None:
        super().__init__("the duplicate game is over")


class UnknownDuplicatePlayerError(InputError):
    code = "unknown-duplicate-player"
    title = "No such player in this game"

    def __init__(self, player: int, players: int) -> None:
        super().__init__(
            f"player {player}: the game has players 0 to {players - 1}",
            player=player,
            players=players,
        )


class InvalidDuplicateRecordError(InputError):
    """A Duplicate record whose events do not make a game: ``event`` (from 0)
    is the first that does not read or does not fit the game so far."""

    code = "invalid-duplicate-record"
    title = "The record does not make a Duplicate game"

    def __init__(self, event: int, kind: str, why: str) -> None:
        super().__init__(f"event {event} ({kind}): {why}", event=event, kind=kind)


class DuplicateNotOverError(StateError):
    code = "duplicate-not-over"
    title = "The duplicate game is not over"

    def __init__(self) -> None:
        super().__init__("only a finished game can be played again")


class UnknownDuplicateSlipError(NotFoundError):
    code = "unknown-duplicate-slip"
    title = "No such slip in this game"

    def __init__(self, round_no: int, number: int) -> None:
        super().__init__(
            f"no slip {number} standing in round {round_no}", round=round_no, slip=number
        )
