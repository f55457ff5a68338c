"""A club game: state derived from an append-only list of events.

Events record what happened at the table, in the vocabulary of GCG records:
``play``, ``pass``, ``exchange``, ``withdrawal`` (a play taken back after a
challenge), ``challenge_bonus``, ``rack_points`` (end-of-game adjustments),
``time_penalty``, plus ``challenge`` (a ruling with no effect on the score)
and ``end`` (the game closed with no rack known).  The referee in
:mod:`.referee` folds them into a :class:`GameState`, decides when the game
ends and what the adjustments are.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field

from adjudicator.core.board import Board
from adjudicator.core.placement import Placement

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

PLAYING = "playing"
AWAITING_END = "awaiting_end"  # the final pass or challenge, or the racks
OVER = "over"

TURN_KINDS = ("play", "pass", "exchange")


@dataclass(frozen=True, slots=True)
class Event:
    """One stored event.  ``data`` holds the kind's fields (JSON-able)."""

    kind: str
    player: int
    data: t.Mapping[str, t.Any] = field(default_factory=dict)


@dataclass(slots=True)
class LastPlay:
    player: int
    placement: Placement
    score: int
    drawn: int
    board_before: Board
    went_out: bool
    challenged: bool = False
    scoreless_before: int = 0  # the streak of scoreless turns the play broke (or extended)


@dataclass(slots=True)
class HistoryEntry:
    index: int
    kind: str
    player: int
    points: int
    totals: list[int]
    data: t.Mapping[str, t.Any]
    words: list[str] = field(default_factory=list)
    note: str = ""


@dataclass(slots=True)
class GameState:
    rules: Ruleset
    names: list[str]
    target: int | None = None
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
            and self.rules.tie_break == "before_adjustments"
            and self.scores_before_end is not None
        ):
            before = max(self.scores_before_end[i] for i in leaders)
            leaders = [i for i in leaders if self.scores_before_end[i] == before]
        return leaders


def new_game(rules: Ruleset, names: t.Sequence[str], target: int | None = None) -> GameState:
    return GameState(rules, list(names), target)
