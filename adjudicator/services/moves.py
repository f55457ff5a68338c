"""Find the plays: every legal tile play of a rack on a board, best first."""

from __future__ import annotations

import typing as t
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.movegen import Found, Words, generate
from adjudicator.core.placement import PlacedTile, Placement, Swap
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import ImpossibleRackError, NoWordGraphError, RackTooLargeError
from adjudicator.services.plays import Rows, ScoredWord, read_board, scored_word
from adjudicator.services.word_graphs import words_for
from adjudicator.services.words import LexiconRef, lexicon_ref

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

MAX_LIMIT = 1000
_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class SwapOut(TypedDict):
    row: int
    col: int
    letter: str


@with_config(_EXACT)
class FoundPlay(TypedDict):
    move: t.Annotated[str, Field(description="GCG notation, through-tiles as letters: 8D WINDY")]
    score: int
    bingo: bool
    tiles_placed: int
    words: t.Annotated[list[ScoredWord], Field(description="As /score gives them, main first")]
    swaps: NotRequired[
        t.Annotated[list[SwapOut], Field(description="Stars taken back from the board")]
    ]


@with_config(_EXACT)
class PlaysResponse(TypedDict):
    ruleset: str
    lexicon: LexiconRef
    count: t.Annotated[int, Field(description="Every legal play, not only those listed")]
    plays: t.Annotated[list[FoundPlay], Field(description="Best score first")]


def read_rack(rules: Ruleset, board: Board, text: str) -> list[Tile]:
    """The tiles of a rack in GCG's rack notation (``AEINRST?``; digraphs in
    brackets; the ruleset's blank label for a blank or star).

    :raises UnknownTileError: a character that is no tile.
    :raises RackTooLargeError: more tiles than a rack holds.
    :raises ImpossibleRackError: more of a tile, with the board's, than the set has.
    """
    alphabet = rules.alphabet
    rack = [tile & ~BLANK_BIT if tile != BLANK else BLANK for tile in alphabet.rack(text)]
    if len(rack) > rules.rack_size:
        raise RackTooLargeError(len(rack), rules.rack_size)
    on_board = count_tiles(board.tiles())
    for tile, n in sorted(count_tiles(rack).items()):
        available = alphabet.count(tile)
        if n + on_board.get(tile, 0) > available:
            raise ImpossibleRackError(alphabet.label(tile), n, on_board.get(tile, 0), available)
    return rack


def finder_words(
    registry: Registry, rules: Ruleset, lexicon_name: str | None
) -> tuple[Words, LexiconRef]:
    """The word graph view a ruleset finds plays and words with, and its lexicon.

    :raises NotFoundError: unknown ruleset or lexicon.
    :raises LexiconMismatchError: the lexicon cannot serve the ruleset.
    :raises NoWordGraphError: the lexicon's graph is not built for the ruleset.
    """
    checker = registry.checker(rules.name, lexicon_name)
    lexicon = checker.lexicon
    words = words_for(rules, lexicon, registry.graphs.get(lexicon.name))
    if words is None:
        raise NoWordGraphError(lexicon.name, rules.name)
    return words, lexicon_ref(rules, lexicon.name, lexicon.version, lexicon.checksum)


def find_plays(
    registry: Registry,
    ruleset: str,
    rack: str,
    *,
    board: Rows | None = None,
    lexicon_name: str | None = None,
    limit: int = 20,
) -> PlaysResponse:
    """Every legal play of ``rack`` on ``board``; the best ``limit`` of them in
    full, best score first (then by move, so the order is stable).

    :raises NotFoundError: unknown ruleset or lexicon.
    :raises InputError: an unreadable board or rack, or a rack that cannot be.
    :raises NoWordGraphError: the lexicon's graph is not built.
    """
    rules = registry.ruleset(ruleset)
    current = read_board(rules, board)
    tiles = read_rack(rules, current, rack)
    words, lexicon = finder_words(registry, rules, lexicon_name)
    count, plays = best_plays(rules, current, words, tiles, limit)
    return {"ruleset": rules.name, "lexicon": lexicon, "count": count, "plays": plays}


def best_plays(
    rules: Ruleset, board: Board, words: Words, rack: t.Sequence[Tile], limit: int
) -> tuple[int, list[FoundPlay]]:
    """How many legal plays ``rack`` has on ``board``, and the best ``limit`` of
    them described, best score first (then by move, so the order is stable)."""
    found = generate(board, rules, words, rack)
    ranked = sorted(
        ((play, move_text(rules, play)) for play in found), key=lambda p: (-p[0].score, p[1])
    )
    return len(found), [describe(rules, board, play, move) for play, move in ranked[:limit]]


def move_text(rules: Ruleset, play: Found) -> str:
    """``8D WINDY``: the main word's first square and its tiles, blanks in their
    blank labels, digraph tiles in brackets."""
    coord = Coord(play.row, play.col, ACROSS if play.across else DOWN)
    return f"{coord.gcg()} {rules.alphabet.render(play.tiles)}"


def placement_of(play: Found) -> Placement:
    tiles = []
    for k, tile in enumerate(play.tiles):
        if play.new >> k & 1:
            row, col = (play.row, play.col + k) if play.across else (play.row + k, play.col)
            tiles.append(PlacedTile(row, col, tile))
    return Placement(tuple(tiles), tuple(Swap(r, c, tile) for r, c, tile in play.swaps))


def describe(rules: Ruleset, board: Board, play: Found, move: str) -> FoundPlay:
    """A found play as the answer gives it, its words scored by the scorer itself."""
    breakdown = score_placement(board, placement_of(play), rules)
    out: dict[str, t.Any] = {
        "move": move,
        "score": breakdown.score,
        "bingo": breakdown.bingo,
        "tiles_placed": breakdown.tiles_placed,
        "words": [scored_word(rules.alphabet, w) for w in breakdown.words],
    }
    if play.swaps:
        alphabet = rules.alphabet
        out["swaps"] = [
            {"row": r, "col": c, "letter": alphabet.label(tile)} for r, c, tile in play.swaps
        ]
    # The keys are FoundPlay's; a word's "direction" is the core's str (see score_play).
    return t.cast(FoundPlay, out)
