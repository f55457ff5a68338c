"""Finding plays and words: a rack that cannot be, a graph not built, a finder
switched off."""

from __future__ import annotations

from adjudicator.errors.common import InputError, NotReadyError, PermissionDeniedError


class ImpossibleRackError(InputError):
    """A rack with more of a tile than the set holds, with the board's tiles."""

    code = "impossible-rack"
    title = "A rack the tile set cannot make"

    def __init__(self, letter: str, on_rack: int, on_board: int, available: int) -> None:
        super().__init__(
            f"{on_rack} of {letter!r} on the rack and {on_board} on the board, but the set "
            f"has {available}",
            letter=letter,
            on_rack=on_rack,
            on_board=on_board,
            available=available,
        )


class RackTooLargeError(InputError):
    code = "rack-too-large"
    title = "More tiles than a rack holds"

    def __init__(self, given: int, rack_size: int) -> None:
        super().__init__(
            f"the rack has {given} tiles; a rack holds {rack_size}",
            given=given,
            rack_size=rack_size,
        )


class NoWordGraphError(NotReadyError):
    """The lexicon's word graph is missing or of another build (503)."""

    code = "no-word-graph"
    title = "The word graph is not built"

    def __init__(self, lexicon: str, ruleset: str) -> None:
        super().__init__(
            f"lexicon {lexicon!r} has no word graph for ruleset {ruleset!r}; build it with "
            f"`adjudicator lexicon graph {lexicon}`",
            lexicon=lexicon,
            ruleset=ruleset,
        )


class FinderDisabledError(PermissionDeniedError):
    """Finding plays and words is off, or for client keys only (a tournament)."""

    code = "finder-disabled"
    title = "Finding plays and words is not offered here"


class SearchTooBroadError(InputError):
    code = "search-too-broad"
    title = "Too many words match"

    def __init__(self, most: int) -> None:
        super().__init__(
            f"the search is too broad (more than {most:,} words, or too many to look "
            "through); narrow the pattern, the tiles or the lengths",
            most=most,
        )
