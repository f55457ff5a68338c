"""Find the plays: every legal tile play of a rack on a board, best first."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.board import Board
from adjudicator.core.movegen import Words, generate
from adjudicator.core.multiline import search
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import ImpossibleRackError, NoWordGraphError, RackTooLargeError
from adjudicator.services.found_plays import FoundPlay, describe, move_text, order
from adjudicator.services.plays import Rows, read_board
from adjudicator.services.word_graphs import words_for
from adjudicator.services.words import LexiconRef, lexicon_ref

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

MAX_LIMIT = 1000
_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class PlaysResponse(TypedDict):
    ruleset: str
    lexicon: LexiconRef
    count: t.Annotated[
        int,
        Field(
            description="Every legal play, not only those listed (not exact: at least this many)"
        ),
    ]
    count_exact: t.Annotated[
        bool, Field(description="False when counting stopped at its budget (several lines)")
    ]
    plays_exact: t.Annotated[
        bool,
        Field(description="False when the search stopped at its budget: the best it found"),
    ]
    plays: t.Annotated[list[FoundPlay], Field(description="Best score first")]


@dataclass(frozen=True, slots=True)
class Plays:
    """How many legal plays there are, and the best described."""

    count: int
    count_exact: bool
    plays_exact: bool
    plays: list[FoundPlay]


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
    found = best_plays(rules, current, words, tiles, limit)
    return {
        "ruleset": rules.name,
        "lexicon": lexicon,
        "count": found.count,
        "count_exact": found.count_exact,
        "plays_exact": found.plays_exact,
        "plays": found.plays,
    }


def best_plays(
    rules: Ruleset, board: Board, words: Words, rack: t.Sequence[Tile], limit: int
) -> Plays:
    """How many legal plays ``rack`` has on ``board``, and the best ``limit`` of
    them described, best score first (then by move, so the order is stable).
    Under ``multi_line_moves`` (once the board has a tile) the moves in several
    lines too, found within a budget (:mod:`.core.multiline`)."""
    if rules.multi_line_moves and not board.is_empty:
        found = search(board, rules, words, rack, limit)
        # Every move tied with the last shown is described, so that the order by
        # move decides which are shown.
        described = sorted((describe(rules, board, move) for move in found.best), key=order)
        return Plays(found.count, found.count_exact, found.best_exact, described[:limit])
    plays = generate(board, rules, words, rack)
    ranked = sorted(
        ((play, move_text(rules, play)) for play in plays), key=lambda p: (-p[0].score, p[1])
    )
    described = [describe(rules, board, play, move) for play, move in ranked[:limit]]
    return Plays(len(plays), True, True, described)
