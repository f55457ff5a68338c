"""Score a placement on a board, and describe what it scores."""

from __future__ import annotations

import typing as t
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import parse_coord
from adjudicator.core.placement import PlacedTile, Placement, Swap, from_move
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import ScoreBreakdown, WordScore, score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.core.tilings import fitting_moves, move_tilings, notation
from adjudicator.core.verdict import Reason
from adjudicator.errors import AmbiguousMoveError, InvalidRequestError, PlacementError
from adjudicator.services.words import LexiconRef, checker_lexicon

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

Rows = t.Sequence[str | t.Sequence[str]]


class SwapIn(t.Protocol):
    """What :func:`read_placement` reads of a star swap: square and letter."""

    @property
    def row(self) -> int: ...
    @property
    def col(self) -> int: ...
    @property
    def letter(self) -> str: ...


class PlacedIn(SwapIn, t.Protocol):
    """What :func:`read_placement` reads of a placed tile (the web layer's request
    models are read as they are)."""

    @property
    def blank(self) -> bool: ...


# The score answer is typed dicts, like the word verdicts: a play's letters and
# words are many small items, built as data and serialized as they are.
_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class ScoredLetter(TypedDict):
    row: int
    col: int
    letter: str
    display: t.Annotated[str, Field(description="Lower case for a blank")]
    blank: bool
    value: int
    new: bool
    letter_multiplier: int
    word_multiplier: int


@with_config(_EXACT)
class ScoredWord(TypedDict):
    word: str
    display: str
    tiles: list[str]
    score: int
    main: bool
    row: int
    col: int
    direction: t.Literal["across", "down"]
    word_multiplier: int
    letters: list[ScoredLetter]
    valid: NotRequired[t.Annotated[bool, Field(description="With `validate`")]]
    reason: NotRequired[Reason]


@with_config(_EXACT)
class ScoreResponse(TypedDict):
    ruleset: str
    score: int
    bingo: bool
    bingo_bonus: int
    tiles_placed: int
    words: t.Annotated[list[ScoredWord], Field(description="Main word first")]
    board: t.Annotated[list[str], Field(description="The board after the play")]
    all_valid: NotRequired[t.Annotated[bool, Field(description="With `validate`")]]
    lexicon: NotRequired[t.Annotated[LexiconRef, Field(description="With `validate`")]]


def column_first(move: str | None) -> bool:
    """Whether a move was written column first (``H8 QI``, down), so that a square
    named in an answer reads as the user wrote it (``H8``, not ``8H``)."""
    return move is not None and move.strip()[:1].isalpha()


def read_board(rules: Ruleset, rows: Rows | None) -> Board:
    layout = rules.layout
    if rows is None:
        return Board.empty(layout.rows, layout.cols)
    return parse_board(rows, rules.alphabet, (layout.rows, layout.cols))


def _one_tile(rules: Ruleset, letter: str, field: str) -> int:
    tile = rules.reader.one_tile(letter)
    if tile is None:
        raise InvalidRequestError(
            f"{field}: {letter!r} must be exactly one tile of the {rules.alphabet.name} alphabet",
            field=field,
        )
    return tile


def read_placement(
    rules: Ruleset,
    board: Board,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
) -> Placement:
    """Build a :class:`Placement` from tiles or a GCG move like ``8D WIND.``."""
    swapped = tuple(
        Swap(s.row, s.col, _one_tile(rules, s.letter, f"swaps[{i}].letter") & ~BLANK_BIT)
        for i, s in enumerate(swaps)
    )
    if move is not None:
        parts = move.split()
        if len(parts) != 2:
            raise InvalidRequestError(
                f"move {move!r} must be a coordinate and a word, like '8D WIND.'", field="move"
            )
        coord = parse_coord(parts[0])
        tiles = rules.reader.move(parts[1])
        tilings = move_tilings(rules.alphabet, tiles)
        if len(tilings) == 1:
            return Placement(from_move(board, coord, tiles).tiles, swapped)
        # Letters that also write a digraph tile: the tiling that makes a legal play,
        # and when several do, the request must say which.
        fitting = fitting_moves(board, coord, tilings, rules, swapped)
        if len(fitting) > 1:
            raise AmbiguousMoveError(
                move,
                [f"{parts[0]} {notation(rules.alphabet, tiling)}" for tiling, _ in fitting],
                [p.labelled(rules.alphabet) for _, p in fitting],
            )
        return fitting[0][1]
    placed = []
    for i, p in enumerate(placement or ()):
        tile = _one_tile(rules, p.letter, f"placement[{i}].letter")
        placed.append(PlacedTile(p.row, p.col, tile | BLANK_BIT if p.blank else tile))
    return Placement(tuple(placed), swapped)


def score_play(
    registry: Registry,
    ruleset: str,
    *,
    board: Rows | None = None,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
    validate: bool = False,
    lexicon_name: str | None = None,
) -> ScoreResponse:
    """Check and score one play; with ``validate`` also check every word formed
    (against ``lexicon_name`` when given, else the ruleset's).

    :raises NotFoundError: unknown ruleset.
    :raises InputError: unreadable board, move or tile.
    :raises PlacementError: the first legality rule the play breaks.
    """
    rules = registry.ruleset(ruleset)
    current = read_board(rules, board)
    try:
        breakdown = score_placement(
            current, read_placement(rules, current, placement, move, swaps), rules
        )
    except PlacementError as exc:
        raise exc.in_notation(column_first(move)) from None
    # The answer is built as plain data and validated into its model once, in one
    # pass of pydantic's validator, rather than one model call per letter and word.
    words = [scored_word(rules.alphabet, w) for w in breakdown.words]
    answer: dict[str, t.Any] = {
        "ruleset": rules.name,
        "score": breakdown.score,
        "bingo": breakdown.bingo,
        "bingo_bonus": breakdown.bingo_bonus,
        "tiles_placed": breakdown.tiles_placed,
        "words": words,
        "board": breakdown.board_after.to_strings(rules.alphabet),
    }
    if validate:
        checker = registry.checker(rules.name, lexicon_name)
        for out, w in zip(words, breakdown.words, strict=True):
            reason = checker.judge(tile & ~BLANK_BIT for tile in w.tiles)
            out["valid"] = reason is None
            if reason is not None:
                out["reason"] = reason
        answer["all_valid"] = all(out["valid"] for out in words)
        answer["lexicon"] = checker_lexicon(checker)
    # The keys are ScoreResponse's; built as a plain dict because a word's
    # "direction" is the core's str (always "across" or "down"), not the Literal.
    return t.cast(ScoreResponse, answer)


def words_of_play(
    rules: Ruleset,
    board: Rows | None,
    placement: t.Sequence[PlacedIn] | None,
    move: str | None,
    swaps: t.Sequence[SwapIn] = (),
) -> list[str]:
    """Every word a play forms (main word first), as canonical strings."""
    current = read_board(rules, board)
    try:
        breakdown: ScoreBreakdown = score_placement(
            current, read_placement(rules, current, placement, move, swaps), rules
        )
    except PlacementError as exc:
        raise exc.in_notation(column_first(move)) from None
    return [rules.alphabet.render(t_ & ~BLANK_BIT for t_ in w.tiles) for w in breakdown.words]


def scored_word(alphabet: Alphabet, w: WordScore) -> dict[str, t.Any]:
    """A scored word as the data of a :class:`ScoredWord`."""
    letters: list[ScoredLetter] = []
    for ls in w.letters:
        plain = alphabet.label(ls.tile & ~BLANK_BIT)
        letters.append(
            {
                "row": ls.row,
                "col": ls.col,
                "letter": plain,
                "display": alphabet.label(ls.tile),
                "blank": bool(ls.tile & BLANK_BIT),
                "value": ls.value,
                "new": ls.new,
                "letter_multiplier": ls.letter_multiplier,
                "word_multiplier": ls.word_multiplier,
            }
        )
    return {
        "word": "".join(letter["letter"] for letter in letters),
        "display": "".join(letter["display"] for letter in letters),
        "tiles": [letter["display"] for letter in letters],
        "score": w.score,
        "main": w.main,
        "row": w.row,
        "col": w.col,
        "direction": w.direction,
        "word_multiplier": w.word_multiplier,
        "letters": letters,
    }
