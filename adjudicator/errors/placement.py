"""The rules a placement breaks: each names its square in GCG notation."""

from __future__ import annotations

import typing as t

from adjudicator.errors.common import AdjudicatorError


class PlacementError(AdjudicatorError):
    """A rule a placement breaks.  One that names a square gives it as ``position``
    (``{row, col}``, 0-based) and as ``coordinate``, in GCG notation: ``8H`` (row
    number first), or ``H8`` once :meth:`in_notation` says the move was written
    column first; ``{square}`` in the detail is that coordinate."""

    code = "illegal-placement"
    title = "Illegal placement"

    def __init__(
        self, detail: str, *, square: tuple[int, int] | None = None, **fields: t.Any
    ) -> None:
        self._template = detail
        self._square = square
        if square is not None:
            fields["position"] = {"row": square[0], "col": square[1]}
            fields["coordinate"] = square_name(*square)
            detail = detail.format(square=fields["coordinate"])
        super().__init__(detail, **fields)

    def in_notation(self, column_first: bool) -> PlacementError:
        """Name the square as the user's move did: ``H8`` for a move written ``H8 ...``."""
        if self._square is not None:
            name = square_name(*self._square, column_first=column_first)
            self.fields["coordinate"] = name
            self.detail = self._template.format(square=name)
            self.args = (self.detail,)
        return self


def square_name(row: int, col: int, *, column_first: bool = False) -> str:
    """A square in GCG notation: ``8H`` (row 8, column H), or ``H8``."""
    letter = chr(ord("A") + col) if 0 <= col < 26 else f"({col})"
    return f"{letter}{row + 1}" if column_first else f"{row + 1}{letter}"


class NoTilesPlacedError(PlacementError):
    code = "no-tiles-placed"
    title = "No tile placed"

    def __init__(self) -> None:
        super().__init__("a play must place at least one new tile")


class OffBoardError(PlacementError):
    code = "off-board"
    title = "Square off the board"

    def __init__(self, row: int, col: int, rows: int, cols: int) -> None:
        super().__init__(f"square {{square}} is off the {rows}x{cols} board", square=(row, col))


class SquareOccupiedError(PlacementError):
    code = "square-occupied"
    title = "Square already occupied"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("square {square} already holds a tile", square=(row, col))


class DuplicateSquareError(PlacementError):
    code = "duplicate-square"
    title = "Two tiles on one square"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("the placement puts two tiles on {square}", square=(row, col))


class NotInLineError(PlacementError):
    code = "not-in-line"
    title = "Tiles not in one line"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            "all new tiles must lie in one row or one column under this ruleset; "
            "{square} is out of line",
            square=(row, col),
        )


class GapError(PlacementError):
    code = "gap-in-word"
    title = "Gap in the word"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("the new tiles leave an empty square at {square}", square=(row, col))


class NotConnectedError(PlacementError):
    code = "not-connected"
    title = "Play does not touch the board"

    def __init__(self, row: int, col: int) -> None:
        super().__init__(
            "the play must touch a tile already on the board; the word through {square} does not",
            square=(row, col),
        )


class MissesStartError(PlacementError):
    code = "misses-start"
    title = "First play misses the start square"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("the first play must cover the start square ({square})", square=(row, col))


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
            "the move marks {square} as a tile on the board, but it is empty",
            square=(row, col),
        )


class BlankNotDesignatedError(PlacementError):
    code = "blank-not-designated"
    title = "Blank without a letter"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("the blank at {square} must stand for a letter", square=(row, col))


class SwapNotAllowedError(PlacementError):
    code = "swap-not-allowed"
    title = "Star swaps are not part of this ruleset"

    def __init__(self) -> None:
        super().__init__("this ruleset has no star swap")


class SwapNotStarError(PlacementError):
    code = "swap-not-star"
    title = "Swap target is not a star"

    def __init__(self, row: int, col: int) -> None:
        super().__init__("{square} holds no star to swap", square=(row, col))


class SwapWrongLetterError(PlacementError):
    code = "swap-wrong-letter"
    title = "Swapped letter differs from the star's"

    def __init__(self, row: int, col: int, star: str, given: str) -> None:
        super().__init__(
            f"the star at {{square}} stands for {star}, not {given}",
            square=(row, col),
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


class TileNotOnRackError(PlacementError):
    code = "tile-not-on-rack"
    title = "Tile not on the rack"

    def __init__(self, letter: str, rack: str) -> None:
        super().__init__(f"{letter!r} is not on the rack {rack!r}", letter=letter, rack=rack)
