"""What the referee refuses: moves out of turn or phase, and events a game
record cannot hold."""

from __future__ import annotations

from adjudicator.errors.common import AdjudicatorError, ConflictError, NotFoundError, StateError


class GameOverError(StateError):
    code = "game-over"
    title = "The game is over"

    def __init__(self) -> None:
        super().__init__("the game is over; no more events can be added")


class NotYourTurnError(StateError):
    code = "not-your-turn"
    title = "Not this player's turn"

    def __init__(self, player: int, turn: int) -> None:
        super().__init__(
            f"it is player {turn}'s turn, not player {player}'s", player=player, turn=turn
        )


class WrongPhaseError(StateError):
    code = "wrong-phase"
    title = "Not allowed at this point of the game"


class ExchangeNotAllowedError(StateError):
    code = "exchange-not-allowed"
    title = "Too few tiles in the bag to exchange"

    def __init__(self, bag: int, minimum: int) -> None:
        super().__init__(
            f"{bag} tiles in the bag; an exchange needs at least {minimum}",
            bag=bag,
            minimum=minimum,
        )


class InvalidEventError(AdjudicatorError):
    """An event the game cannot take although it is well formed (422)."""

    code = "invalid-event"
    title = "The game cannot take this event"


class RackSizeError(InvalidEventError):
    code = "rack-size"
    title = "Rack of the wrong size"

    def __init__(self, player: str, given: int, holds: int) -> None:
        super().__init__(
            f"{player}'s rack is given {given} tiles, but {player} holds {holds}",
            player=player,
            given=given,
            holds=holds,
        )


class RackNotUnseenError(InvalidEventError):
    code = "rack-not-unseen"
    title = "Rack tile the game has already seen"

    def __init__(self, letter: str, player: str, left: int) -> None:
        where = "none is left unseen" if left == 0 else f"only {left} left unseen"
        super().__init__(
            f"{letter!r} on {player}'s rack: {where} (the board and the racks given "
            "hold the others)",
            letter=letter,
            player=player,
            unseen=left,
        )


class DrawTieError(InvalidEventError):
    code = "draw-tie"
    title = "The draw for first turn is tied"

    def __init__(self, tied: list[int]) -> None:
        super().__init__(
            f"players {', '.join(map(str, tied))} tie in the draw for first turn; "
            "each draws again (add a tile to their draw)",
            tied=tied,
        )


class RecordTotalsError(InvalidEventError):
    code = "record-totals"
    title = "The record's running totals do not add up"

    def __init__(self, flags: list[str]) -> None:
        lines = [int(f.split()[1].rstrip(":")) for f in flags]
        super().__init__(
            f"running totals that do not follow from the scores on line(s) "
            f"{', '.join(map(str, lines))}",
            lines=lines,
        )


class GameTooLongError(InvalidEventError):
    """A game past ``core.game.MAX_EVENTS`` events."""

    code = "game-too-long"
    title = "The game has too many events"

    def __init__(self, events: int, limit: int) -> None:
        super().__init__(
            f"{events} events; a game has at most {limit}", events=events, max_events=limit
        )


class GameNotFoundError(NotFoundError):
    code = "unknown-game"
    title = "Unknown game"

    def __init__(self, id_: str) -> None:
        super().__init__(f"no game with id {id_!r}", game=id_)


class StaleVersionError(ConflictError):
    code = "stale-version"
    title = "The game has moved on"

    def __init__(self, given: int, current: int) -> None:
        super().__init__(
            f"the event follows version {given}, but the game is at version {current}; "
            "reload the game and try again",
            version=given,
            current_version=current,
        )


class AdjudicationNotFoundError(NotFoundError):
    code = "unknown-adjudication"
    title = "Unknown adjudication"

    def __init__(self, id_: str) -> None:
        super().__init__(f"no adjudication with id {id_!r}", id=id_)


class ChallengeNotAllowedError(StateError):
    code = "challenge-not-allowed"
    title = "Challenges do not apply under this rule"

    def __init__(self, rule: str) -> None:
        super().__init__(
            f"under the {rule} rule words are checked before a play is accepted, "
            "so there is nothing to challenge",
            rule=rule,
        )


class EventDataError(AdjudicatorError):
    """A stored event whose fields do not fit its kind: a row (or a GCG pragma)
    written by something else.  Read from the database, it is the server's fault
    (500); an import says it as a ``gcg-pragma`` problem, naming the line."""

    code = "stored-event"
    title = "Stored event does not fit its kind"

    def __init__(self, kind: str, field: str | None, problem: str) -> None:
        kind = str(kind)  # an EventKind's value, or what the row says
        where = f"the {field!r} field of a {kind!r} event" if field else f"a {kind!r} event"
        super().__init__(f"{where} {problem}", kind=kind, field=field)


class GameInProgressError(StateError):
    """The best plays of a game still being played would help whoever is on turn."""

    code = "game-in-progress"
    title = "The game is still being played"

    def __init__(self) -> None:
        super().__init__(
            "a game is analysed once it is over (or imported from a record): the best "
            "plays would help whoever is on turn"
        )
