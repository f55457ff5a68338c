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

    def __init__(
        self,
        name: str,
        ruleset: str,
        fitting: t.Sequence[str],
        reason: str | None = None,
        **fields: t.Any,
    ) -> None:
        super().__init__(
            f"lexicon {name!r} cannot serve ruleset {ruleset!r} "
            f"({reason or 'another alphabet or fold'}); "
            f"it can use: {', '.join(fitting) or 'none'}",
            lexicon=name,
            ruleset=ruleset,
            fitting=list(fitting),
            **fields,
        )


class LexiconLacksTagsError(LexiconMismatchError):
    """The ruleset's word filter needs tags (``needs``) the lexicon does not record:
    a plain word list for a ruleset that must tell, say, nouns from verbs."""

    code = "lexicon-lacks-tags"
    title = "Lexicon lacks the tags the ruleset needs"

    def __init__(
        self, name: str, ruleset: str, fitting: t.Sequence[str], missing: t.Sequence[str]
    ) -> None:
        super().__init__(
            name,
            ruleset,
            fitting,
            f"its word filter needs the tags {', '.join(missing)}, which the lexicon "
            "does not record",
            missing=list(missing),
        )


class LexiconsNotComparableError(InputError):
    code = "lexicons-not-comparable"
    title = "Lexicons of different alphabets"

    def __init__(self, base: str, other: str, alphabets: tuple[str, str]) -> None:
        super().__init__(
            f"{base!r} ({alphabets[0]}) and {other!r} ({alphabets[1]}) spell words in "
            "different alphabets: only editions of one alphabet are compared",
            base=base,
            other=other,
            alphabets=list(alphabets),
        )


class StateError(AdjudicatorError):
    code = "state-conflict"
    title = "Not allowed in this state"


# --- the referee -------------------------------------------------------------


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


class TileNotOnRackError(PlacementError):
    code = "tile-not-on-rack"
    title = "Tile not on the rack"

    def __init__(self, letter: str, rack: str) -> None:
        super().__init__(f"{letter!r} is not on the rack {rack!r}", letter=letter, rack=rack)


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


class ConflictError(AdjudicatorError):
    code = "conflict"
    title = "Conflict"


class BundledLexiconError(ConflictError):
    """Deleting a lexicon that ships with the service: only loaded ones can go."""

    code = "lexicon-bundled"
    title = "Bundled lexicon"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"lexicon {name!r} ships with the service and is read only; only lexicons "
            "loaded into the data folder can be deleted",
            lexicon=name,
        )


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


class AmbiguousCaseError(LexiconBuildError):
    """A word list that mixes letter cases: which entries are words is not guessed."""

    code = "wordlist-mixed-case"
    title = "Word list mixes letter cases"

    def __init__(
        self, name: str, counts: t.Mapping[str, int], examples: t.Mapping[str, t.Sequence[str]]
    ) -> None:
        names = {"lower": "lowercase", "upper": "in capitals", "mixed": "capitalised"}
        seen = "; ".join(
            f"{n} {names.get(case, case)} (e.g. {', '.join(examples.get(case, []))})"
            for case, n in counts.items()
        )
        super().__init__(
            f"{name} mixes letter cases ({seen}). Say how to read it: --case words "
            "reads every entry as a word; --case proper-nouns-capitalised drops the "
            "capitalised entries, and those in capitals beside lowercase words, as "
            "proper nouns and acronyms",
            path=name,
            counts=dict(counts),
            examples={k: list(v) for k, v in examples.items()},
        )


class AmbiguousAlphabetError(LexiconBuildError):
    """A word list that more than one alphabet spells equally well, and none was named."""

    code = "wordlist-alphabet-ambiguous"
    title = "Word list fits more than one alphabet"

    def __init__(
        self,
        name: str,
        alphabets: t.Sequence[str],
        rulesets: t.Mapping[str, t.Sequence[str]],
        outside: int,
    ) -> None:
        named = ", ".join(
            f"{a} (rulesets: {', '.join(rulesets[a])})" if rulesets.get(a) else a for a in alphabets
        )
        spelled = "spell every word" if not outside else f"spell all but {outside} words"
        super().__init__(
            f"the alphabets {named} all {spelled} of {name}; name one with --alphabet, "
            "or the ruleset the list is for with --ruleset",
            path=name,
            alphabets=list(alphabets),
        )


class NotReadyError(AdjudicatorError):
    """The service cannot answer yet (no lexicon, no database): 503, with ``checks``."""

    code = "not-ready"
    title = "Not ready"
