"""Domain exceptions.

Each rule violation has its own class with a stable kebab-case ``code`` and
structured fields.  Nothing here knows about HTTP: ``web/problems.py`` maps the
categories to status codes in one table.
"""

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
    code = "malformed-request"
    title = "Malformed request"


class MalformedRequestError(InputError):
    code = "malformed-request"
    title = "Malformed request"


class UnknownTileError(InputError):
    """A character that is no tile of the alphabet (or a Latin look-alike)."""

    code = "unknown-tile"
    title = "Character not in this alphabet"

    def __init__(self, text: str, position: int, char: str, alphabet: str) -> None:
        super().__init__(
            f"{char!r} at position {position} of {text!r} is not a tile of the {alphabet} alphabet",
            text=text,
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


# --- placement legality ----------------------------------------------------


class PlacementError(AdjudicatorError):
    code = "illegal-placement"
    title = "Illegal placement"


def _square(row: int, col: int) -> dict[str, int]:
    return {"row": row, "col": col}


class NoTilesPlacedError(PlacementError):
    code = "no-tiles-placed"
    title = "No tile placed"

    def __init__(self) -> None:
        super().__init__("a play must place at least one new tile")


class OffBoardError(PlacementError):
    code = "off-board"
    title = "Square off the board"

    def __init__(self, row: int, col: int, rows: int, cols: int) -> None:
        super().__init__(
            f"square row {row}, col {col} is off the {rows}x{cols} board",
            position=_square(row, col),
        )


class SquareOccupiedError(PlacementError):
    code = "square-occupied"
    title = "Square already occupied"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"square row {row}, col {col} already holds a tile", position=_square(row, col)
        )


class DuplicateSquareError(PlacementError):
    code = "duplicate-square"
    title = "Two tiles on one square"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"the placement puts two tiles on row {row}, col {col}", position=_square(row, col)
        )


class NotInLineError(PlacementError):
    code = "not-in-line"
    title = "Tiles not in one line"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            "all new tiles must lie in one row or one column under this ruleset; "
            f"row {row}, col {col} is out of line",
            position=_square(row, col),
        )


class GapError(PlacementError):
    code = "gap-in-word"
    title = "Gap in the word"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"the new tiles leave an empty square at row {row}, col {col}",
            position=_square(row, col),
        )


class NotConnectedError(PlacementError):
    code = "not-connected"
    title = "Play does not touch the board"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            "the play must touch a tile already on the board; the word through "
            f"row {row}, col {col} does not",
            position=_square(row, col),
        )


class MissesStartError(PlacementError):
    code = "misses-start"
    title = "First play misses the start square"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"the first play must cover the start square (row {row}, col {col})",
            position=_square(row, col),
        )


class FirstWordTooShortError(PlacementError):
    code = "first-word-too-short"
    title = "First word too short"

    def __init__(self, minimum: int) -> None:
        super().__init__(
            f"the first play must form a word of at least {minimum} letters", minimum=minimum
        )


class TooManyTilesError(PlacementError):
    code = "more-tiles-than-rack"
    title = "More tiles than a rack holds"

    def __init__(self, placed: int, rack_size: int) -> None:
        super().__init__(
            f"{placed} tiles placed, but a rack holds {rack_size}",
            placed=placed,
            rack_size=rack_size,
        )


class TileSupplyError(PlacementError):
    code = "tile-supply-exceeded"
    title = "More of a tile than the set holds"

    def __init__(self, letter: str, used: int, available: int) -> None:
        super().__init__(
            f"{used} tiles {letter!r} on the board and in the play, but the set has {available}",
            letter=letter,
            used=used,
            available=available,
        )


class PlayThroughEmptyError(PlacementError):
    code = "play-through-empty"
    title = "Played-through square is empty"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"the move marks row {row}, col {col} as a tile on the board, but it is empty",
            position=_square(row, col),
        )


class BlankNotDesignatedError(PlacementError):
    code = "blank-not-designated"
    title = "Blank without a letter"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            f"the blank at row {row}, col {col} must stand for a letter",
            position=_square(row, col),
        )


class SwapNotAllowedError(PlacementError):
    code = "swap-not-allowed"
    title = "Star swaps are not part of this ruleset"

    def __init__(self) -> None:
        super().__init__("this ruleset has no star swap")


class SwapNotStarError(PlacementError):
    code = "swap-not-star"
    title = "Swap target is not a star"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(f"row {row}, col {col} holds no star to swap", position=_square(row, col))


class SwapWrongLetterError(PlacementError):
    code = "swap-wrong-letter"
    title = "Swapped letter differs from the star's"

    def __init__(self, row: int, col: int, star: str, given: str) -> None:
        super().__init__(
            f"the star at row {row}, col {col} stands for {star}, not {given}",
            position=_square(row, col),
            star_letter=star,
            letter=given,
        )


class StarNotReplayedError(PlacementError):
    code = "star-not-replayed"
    title = "Swapped star not played"

    def __init__(self, swapped: int, played: int) -> None:
        super().__init__(
            f"{swapped} star(s) taken by a swap but only {played} played in the same move",
            swapped=swapped,
            played=played,
        )


# --- lookups and state -----------------------------------------------------


class NotFoundError(AdjudicatorError):
    code = "not-found"
    title = "Not found"


class UnknownRulesetError(NotFoundError):
    code = "unknown-ruleset"
    title = "Unknown ruleset"

    def __init__(self, name: str, known: t.Iterable[str] = ()) -> None:
        super().__init__(f"no ruleset named {name!r}", ruleset=name, known=sorted(known) or None)


class UnknownLexiconError(NotFoundError):
    code = "unknown-lexicon"
    title = "Unknown lexicon"

    def __init__(self, name: str | None, ruleset: str | None = None) -> None:
        if name is None:
            detail = (
                f"ruleset {ruleset!r} names no lexicon; "
                "install one with `adjudicator lexicon build`"
            )
        else:
            detail = f"no lexicon named {name!r} is loaded"
        super().__init__(detail, lexicon=name, ruleset=ruleset)


class PermissionDeniedError(AdjudicatorError):
    """A write without the right token (403)."""

    code = "forbidden"
    title = "Forbidden"


class LexiconMismatchError(InputError):
    code = "lexicon-mismatch"
    title = "Lexicon does not fit the ruleset"

    def __init__(self, name: str, ruleset: str, fitting: t.Sequence[str]) -> None:
        super().__init__(
            f"lexicon {name!r} cannot serve ruleset {ruleset!r} (another alphabet or fold); "
            f"it can use: {', '.join(fitting) or 'none'}",
            lexicon=name,
            ruleset=ruleset,
            fitting=list(fitting),
        )


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


class LexiconBuildError(AdjudicatorError):
    code = "lexicon-build-failed"
    title = "Lexicon build failed"


class NotReadyError(AdjudicatorError):
    """The service cannot answer yet (no lexicon, no database): 503, with ``checks``."""

    code = "not-ready"
    title = "Not ready"
