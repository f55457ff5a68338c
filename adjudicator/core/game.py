"""A club game: state derived from an append-only list of events.

The events (:mod:`.events`, one class per kind) record what happened at the
table; the referee in :mod:`.referee` folds them into a :class:`GameState`,
decides when the game ends and what the adjustments are.
"""

from __future__ import annotations

import copy
import typing as t
from dataclasses import dataclass, field

from adjudicator.core.board import Board
from adjudicator.core.events import Event, EventKind
from adjudicator.core.notes import Note
from adjudicator.core.placement import Placement
from adjudicator.core.ruleset import TieBreak
from adjudicator.core.tiles import BLANK
from adjudicator.errors import DrawTieError, InvalidRequestError

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

PLAYING = "playing"
AWAITING_END = "awaiting_end"  # the final pass or challenge, or the racks
OVER = "over"


# A game has at most this many events.  NASPA's six-zero rule bounds a real game:
# a hundred tiles make at most a hundred plays, and between two of them five
# scoreless turns at most, so about 600 events with four players (plus challenges
# and corrections).  Home rules end on passes but let players exchange for ever;
# 1,000 is generous for every bundled ruleset and keeps a game's cost bounded.
MAX_EVENTS = 1000


@dataclass(frozen=True, slots=True)
class LastPlay:
    player: int
    placement: Placement
    score: int
    drawn: int
    board_before: Board
    went_out: bool
    challenged: bool = False
    scoreless_before: int = 0  # the streak of scoreless turns the play broke (or extended)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """What an event did, as the referee folded it."""

    index: int
    event: Event
    points: int
    totals: list[int]
    words: list[str] = field(default_factory=list)
    note: Note | None = None
    move: str = ""  # a play's GCG notation (its main word's, for a move in several lines)
    voided: bool = False  # taken back by a later correction: it counts for nothing

    @property
    def kind(self) -> EventKind:
        return self.event.kind

    @property
    def player(self) -> int:
        return self.event.player


@dataclass(slots=True)
class GameState:
    rules: Ruleset
    names: list[str]
    target: int | None = None
    first_player: int = 0
    board: Board = field(init=False)
    scores: list[int] = field(init=False)
    racks: list[int] = field(init=False)  # tiles on each rack (letters may be unknown)
    bag: int = field(init=False)
    turn: int = 0
    status: str = PLAYING
    end_reason: str | None = None
    scoreless_turns: int = 0
    pass_streaks: list[int] = field(init=False)
    # Turns each player still has to lose to a failed challenge (double challenge
    # with more than two players: the challenger is not always the next to play).
    owed_turns: list[int] = field(init=False)
    last_play: LastPlay | None = None
    history: list[HistoryEntry] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    scores_before_end: list[int] | None = None
    loser_by_challenge: int | None = None

    def __post_init__(self) -> None:
        n = len(self.names)
        layout = self.rules.layout
        self.board = Board.empty(layout.rows, layout.cols)
        self.scores = [0] * n
        self.pass_streaks = [0] * n
        self.owed_turns = [0] * n
        total = self.rules.alphabet.total_tiles
        self.racks = [
            min(self.rules.rack_size, max(0, total - i * self.rules.rack_size)) for i in range(n)
        ]
        self.bag = max(0, total - sum(self.racks))
        self.turn = self.first_player

    def copy(self) -> GameState:
        """A state to try events on: its lists are its own, its values shared (they
        are frozen), so a refused event leaves this one as it was."""
        other = copy.copy(self)
        for name in ("scores", "racks", "pass_streaks", "owed_turns", "history", "flags"):
            setattr(other, name, list(getattr(self, name)))
        if self.scores_before_end is not None:
            other.scores_before_end = list(self.scores_before_end)
        return other

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def version(self) -> int:
        return len(self.history)

    def winners(self) -> list[int]:
        """Index of the winner(s); empty while the game is on."""
        if self.status != OVER:
            return []
        if self.loser_by_challenge is not None:
            return [i for i in range(self.players) if i != self.loser_by_challenge]
        best = max(self.scores)
        leaders = [i for i, s in enumerate(self.scores) if s == best]
        if (
            len(leaders) > 1
            and self.rules.tie_break == TieBreak.BEFORE_ADJUSTMENTS
            and self.scores_before_end is not None
        ):
            before = max(self.scores_before_end[i] for i in leaders)
            leaders = [i for i in leaders if self.scores_before_end[i] == before]
        return leaders


def new_game(
    rules: Ruleset, names: t.Sequence[str], target: int | None = None, first_player: int = 0
) -> GameState:
    return GameState(rules, list(names), target, first_player)


def first_by_draw(draws: t.Sequence[t.Sequence[int]]) -> int:
    """Who starts, from the tiles each player drew (in player order): a blank
    beats every letter, then the letter nearest to A (the first in the alphabet's
    order) starts.  Players who tie draw again, and only they: each player's
    tiles are their draws in order.

    :raises DrawTieError: players still tied when their draws run out.
    :raises InvalidRequestError: a player who drew again without a tie, or drew
        no tile.
    """
    if any(not tiles for tiles in draws):
        raise InvalidRequestError("every player draws a tile", field="draw")
    tied = list(range(len(draws)))
    round_ = 0
    while True:
        drawn = {p: draws[p][round_] for p in tied}
        best = min(drawn.values(), key=lambda tile: (tile != BLANK, tile))
        tied = [p for p in tied if drawn[p] == best]
        round_ += 1
        for p in range(len(draws)):
            if len(draws[p]) > round_ and p not in tied:
                raise InvalidRequestError(
                    f"player {p} drew again without a tie to break", field="draw"
                )
        if len(tied) == 1:
            return tied[0]
        if any(len(draws[p]) <= round_ for p in tied):
            raise DrawTieError(tied)
