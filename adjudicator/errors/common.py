"""The base class and the errors of every kind of request: bad input, lookups,
state, configuration and readiness."""

from __future__ import annotations

import typing as t


class AdjudicatorError(Exception):
    """Base class of every error the service raises on purpose."""

    code: t.ClassVar[str] = "adjudicator-error"
    title: t.ClassVar[str] = "Error"

    def __init__(self, detail: str, **fields: t.Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.fields = {k: v for k, v in fields.items() if v is not None}

    def extras(self) -> dict[str, t.Any]:
        """Structured members for the problem document (snake_case)."""
        return dict(self.fields)


# --- input -----------------------------------------------------------------


class InputError(AdjudicatorError):
    """Input the schema allows that the rules or the ruleset do not (422)."""

    code = "invalid-request"
    title = "Request does not fit the rules"


class MalformedRequestError(InputError):
    """A request that does not match the published schema (400)."""

    code = "malformed-request"
    title = "Malformed request"


class InvalidRequestError(InputError):
    """Fields that each match the schema but do not fit together or the ruleset
    (the category's own code and title)."""


class UnknownTileError(InputError):
    """A character that is no tile of the alphabet (or a Latin look-alike)."""

    code = "unknown-tile"
    title = "Character not in this alphabet"

    def __init__(self, text: str, position: int, char: str, alphabet: str) -> None:
        super().__init__(
            f"{char!r}, character {position + 1} of {quoted(text)!r}, is not a tile of the "
            f"{alphabet} alphabet",
            text=quoted(text),
            position=position,
            character=char,
            alphabet=alphabet,
        )


class BadCoordinateError(InputError):
    code = "bad-coordinate"
    title = "Bad coordinate"


class BadBoardError(InputError):
    code = "bad-board"
    title = "Bad board"


class WordTooLongError(InputError):
    code = "word-too-long"
    title = "Word too long"

    def __init__(self, detail: str, word: str, max_length: int) -> None:
        super().__init__(detail, word=quoted(word), max_length=max_length)


class AmbiguousMoveError(InputError):
    """A move whose word reads as more than one legal tiling (Spanish ``CHICO`` as
    ``[CH]ICO`` or as C, H, I, C, O): ``tilings`` lists them in bracket notation,
    and ``placements`` the placement of each, which says it unambiguously."""

    code = "ambiguous-move"
    title = "Move reads as more than one tiling"

    def __init__(
        self, move: str, tilings: t.Sequence[str], placements: t.Sequence[list[dict[str, t.Any]]]
    ) -> None:
        super().__init__(
            f"{move!r} reads as {' or '.join(map(repr, tilings))}; send the placement you mean",
            field="move",
            move=move,
            tilings=list(tilings),
            placements=list(placements),
        )


# The most characters of a user's text an error quotes: a word of the longest
# length of one-letter tiles (MAX_WORD_LENGTH) is quoted whole.
QUOTED = 64


def quoted(text: str) -> str:
    """At most a short prefix of a user's text, for an answer to quote it."""
    return text if len(text) <= QUOTED else text[:QUOTED] + "…"


# --- lookups and state -----------------------------------------------------


class NotFoundError(AdjudicatorError):
    code = "not-found"
    title = "Not found"


class UnknownRulesetError(NotFoundError):
    code = "unknown-ruleset"
    title = "Unknown ruleset"

    def __init__(self, name: str, known: t.Iterable[str] = ()) -> None:
        super().__init__(f"no ruleset named {name!r}", ruleset=name, known=sorted(known) or None)


class PermissionDeniedError(AdjudicatorError):
    """A write without the right token (403)."""

    code = "forbidden"
    title = "Forbidden"


class StateError(AdjudicatorError):
    code = "state-conflict"
    title = "Not allowed in this state"


class ConflictError(AdjudicatorError):
    code = "conflict"
    title = "Conflict"


class ConfigError(AdjudicatorError):
    """Bad configuration: raised at start-up, naming the file and the key."""

    code = "config-error"
    title = "Configuration error"

    def __init__(self, source: str, key: str | None, message: str) -> None:
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {message}", source=source, key=key)


class NotReadyError(AdjudicatorError):
    """The service cannot answer yet (no lexicon, no database): 503, with ``checks``."""

    code = "not-ready"
    title = "Not ready"
