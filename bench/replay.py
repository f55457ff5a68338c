"""Replay a record on a board under a ruleset, scoring every play."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.board import Board
from adjudicator.core.coords import parse_coord
from adjudicator.core.placement import from_move
from adjudicator.core.scoring import ScoreBreakdown, score_placement
from adjudicator.core.tiles import BLANK
from adjudicator.errors import PlacementError, UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset

from adjudicator.core.gcg.model import (
    Exchange,
    GcgEvent,
    GcgRecord,
    GcgTileError,
    Play,
    RackPoints,
    Withdrawal,
)

# --- replay ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReplayedMove:
    """One event of a record replayed on a board.

    * ``applied``: the points the event moves its player's running total by
      (the recorded score; for a withdrawal, minus the withdrawn play's score).
    * ``totals``: every player's running total after the event, so
      ``totals[player] == event.total`` when the record adds up.
    * ``computed``: for a play, the score the ruleset gives it; for a
      withdrawal, minus the withdrawn play's computed score; for rack points,
      the face value of the tiles in parentheses; otherwise None.
    * ``error``: the rule an illegal play breaks (the board is then left as it
      was and ``computed`` is None).
    """

    event: GcgEvent
    player: int
    applied: int
    totals: tuple[int, ...]
    board: Board
    computed: int | None = None
    breakdown: ScoreBreakdown | None = None
    error: PlacementError | None = None

    @property
    def recorded(self) -> int:
        return self.event.score

    @property
    def score_ok(self) -> bool:
        """Does the recorded score agree with the computed one?

        Plays must match exactly.  A withdrawal may be written ``+0``.  A
        going-out bonus may be 1x or 2x the tiles' value; a rack penalty is
        minus their value.
        """
        ev = self.event
        if isinstance(ev, Play):
            return self.error is None and self.computed == ev.score
        if isinstance(ev, Withdrawal):
            return ev.score in (self.applied, 0)
        if isinstance(ev, RackPoints) and self.computed is not None:
            if ev.penalty:
                return ev.score == -self.computed
            return ev.score in (self.computed, 2 * self.computed)
        return True

    @property
    def total_ok(self) -> bool:
        return self.totals[self.player] == self.event.total


def replay(record: GcgRecord, rules: Ruleset) -> list[ReplayedMove]:
    """Walk the events on an empty board of ``rules``, one :class:`ReplayedMove` each.

    Plays are checked and scored with
    :func:`~adjudicator.core.scoring.score_placement`; an illegal play is
    reported in ``error`` and leaves the board unchanged.  A withdrawal puts
    the board back as it was before the withdrawn play.

    :raises GcgTileError: a word or rack with a character the alphabet lacks.
    """
    alphabet = rules.alphabet
    board = Board.empty(rules.layout.rows, rules.layout.cols)
    totals = [0] * len(record.players)
    out: list[ReplayedMove] = []
    for ev in record.events:
        computed: int | None = None
        breakdown: ScoreBreakdown | None = None
        error: PlacementError | None = None
        applied = ev.score
        if isinstance(ev, Play):
            tiles = _tokenize(alphabet, ev.word, ev, {".": None})
            try:
                placement = from_move(board, parse_coord(ev.coord), tiles)
                breakdown = score_placement(board, placement, rules)
            except PlacementError as exc:
                error = exc
            else:
                computed = breakdown.score
                board = breakdown.board_after
        elif isinstance(ev, Withdrawal):
            withdrawn = out[-1]
            board = out[-2].board if len(out) >= 2 else Board.empty(board.rows, board.cols)
            applied = -withdrawn.event.score
            computed = None if withdrawn.computed is None else -withdrawn.computed
        elif isinstance(ev, RackPoints):
            rack = _tokenize(alphabet, ev.tiles, ev, {alphabet.blank_label: BLANK})
            computed = sum(alphabet.score(tile) for tile in rack if tile)
        totals[ev.player] += applied
        out.append(
            ReplayedMove(ev, ev.player, applied, tuple(totals), board, computed, breakdown, error)
        )
    return out


def _tokenize(
    alphabet: Alphabet, text: str, ev: GcgEvent, extra: dict[str, int | None]
) -> list[int | None]:
    try:
        return alphabet.tokenize(text, extra=extra)
    except UnknownTileError as exc:
        raise GcgTileError(
            ev.line,
            ev.raw,
            f"{exc.detail}; replay the record under another ruleset",
            alphabet=alphabet.name,
        ) from exc


def fits_alphabet(record: GcgRecord, alphabet: Alphabet) -> bool:
    """True when every word, rack and exchange in the record reads as tiles of ``alphabet``.

    A record need not name its lexicon; try the candidate alphabets in order
    of preference and replay under the first that fits.
    """
    extra: dict[str, int | None] = {".": None, alphabet.blank_label: BLANK}
    for ev in record.events:
        texts = [ev.rack]
        if isinstance(ev, Play):
            texts.append(ev.word)
        elif isinstance(ev, (Exchange, RackPoints)):
            texts.append(ev.tiles)
        for text in texts:
            try:
                alphabet.tokenize(text, extra=extra)
            except UnknownTileError:
                return False
    return True
