"""After the game: for each turn whose rack is known, the best plays and what
the player missed.

The game is replayed; before each play, pass or exchange that gives its rack,
the generator (:mod:`.movegen`) finds every legal play of that rack on the
board as it was (under ``multi_line_moves``, the moves in several lines too:
:mod:`.multiline`, within a budget).  The best by score are kept with the
points the turn missed against the best.  A turn without a rack is not
analysed, and a rack that cannot be (a tile the play put down that it lacks,
more of a tile than is unseen, more tiles than a rack holds) is flagged
instead of being used.
Equity (score plus the leave's value) needs a leave table, which no lexicon
here ships: the analysis is by score.
"""

from __future__ import annotations

import dataclasses
import typing as t
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.core.events import Event, Exchange, Pass, Play, Withdrawal
from adjudicator.core.game import GameState
from adjudicator.core.movegen import Found, Words, generate
from adjudicator.core.multiline import Move, search
from adjudicator.core.placement import Placement
from adjudicator.core.referee import placement_of, replay
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import AdjudicatorError

if t.TYPE_CHECKING:
    from adjudicator.core.board import Board
    from adjudicator.core.ruleset import Ruleset

TOP = 5


class TurnStatus(StrEnum):
    ANALYSED = "analysed"
    NO_RACK = "no-rack"  # the record or the keeper gave no rack: not analysed
    RACK_CONTRADICTS = "rack-contradicts"  # flagged, not used


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn: the event's index, its player and kind, the rack as given, and
    when analysed the board before it, the number of legal plays and the best."""

    index: int
    player: int
    kind: str
    rack: str | None
    status: TurnStatus
    score: int  # what the turn scored as recorded (a withdrawn play: 0)
    board: Board
    move: str | None = None  # the play made, in GCG notation
    withdrawn: bool = False
    problem: str | None = None  # why the rack cannot be
    count: int = 0
    count_exact: bool = True  # false: the count stopped at its budget (a lower bound)
    best: tuple[Found | Move, ...] = ()
    best_exact: bool = True  # false: the search stopped at its budget (the best found)
    bingo_available: bool = False
    found: bool = False  # the play made is among the plays found (its words all valid)
    partial: bool = False  # fewer tiles than the player held: the record gave only some

    @property
    def missed(self) -> int:
        """The best play's score less the turn's; 0 when not analysed."""
        if self.status is not TurnStatus.ANALYSED or not self.best:
            return 0
        return max(0, self.best[0].score - self.score)


@dataclass(slots=True)
class _Pending:
    index: int
    event: Event
    board: Board
    unseen: dict[Tile, int]
    holds: int  # tiles on the player's rack then
    withdrawn: bool = False


@dataclass(slots=True)
class _Collector:
    rules: Ruleset
    pending: list[_Pending] = field(default_factory=list)

    def before(self, state: GameState, event: Event) -> None:
        # The history holds every event before this one, voided ones too: its
        # length is this event's index, as the game's answer numbers them.
        index = len(state.history)
        last = state.last_play
        if isinstance(event, Withdrawal) and last is not None and last.player == event.player:
            # The referee takes back the last play, when it is this player's.
            made = next(
                (
                    p
                    for p in reversed(self.pending)
                    if isinstance(p.event, Play) and p.event.player == event.player
                ),
                None,
            )
            if made is not None:
                made.withdrawn = True
        if isinstance(event, Play | Pass | Exchange):
            alphabet = self.rules.alphabet
            unseen = {tile: alphabet.count(tile) for tile in range(1, alphabet.size + 1)}
            unseen[BLANK] = alphabet.count(BLANK)
            for tile, n in count_tiles(state.board.tiles()).items():
                unseen[tile] -= n
            holds = state.racks[event.player]
            self.pending.append(_Pending(index, event, state.board, unseen, holds))


def analyse(
    rules: Ruleset,
    names: t.Sequence[str],
    events: t.Sequence[Event],
    words: Words,
    *,
    target: int | None = None,
    first_player: int = 0,
    strict: bool = False,
) -> list[Turn]:
    """Every play, pass and exchange of the game, in order, each analysed when
    its rack is known and can be."""
    collector = _Collector(rules)
    state = replay(
        rules,
        names,
        events,
        target,
        first_player=first_player,
        strict=strict,
        before=collector.before,
    )
    # Each turn's recorded score and move, from the history the replay wrote.
    by_event = {id(h.event): h for h in state.history}
    turns = []
    for p in collector.pending:
        entry = by_event.get(id(p.event))
        score = entry.points if entry is not None and not p.withdrawn else 0
        move = entry.move or None if entry is not None else None
        turns.append(_turn(rules, words, p, score, move))
    return turns


def _turn(rules: Ruleset, words: Words, p: _Pending, score: int, move: str | None) -> Turn:
    event = p.event
    assert isinstance(event, Play | Pass | Exchange)
    turn = Turn(
        index=p.index,
        player=event.player,
        kind=str(event.kind),
        rack=event.rack,
        status=TurnStatus.NO_RACK,
        score=score,
        board=p.board,
        move=move,
        withdrawn=p.withdrawn,
    )
    if not event.rack:
        return turn
    try:
        # A rack's letters in either case (a blank is the blank label, never a
        # lower-case letter), as POST /plays reads one.
        rack = [tile & ~BLANK_BIT for tile in rules.alphabet.rack(event.rack)]
    except AdjudicatorError as exc:
        return dataclasses.replace(turn, status=TurnStatus.RACK_CONTRADICTS, problem=exc.detail)
    problem = _contradiction(rules, rack, p, event)
    if problem is not None:
        return dataclasses.replace(turn, status=TurnStatus.RACK_CONTRADICTS, problem=problem)
    made = _made(rules, p, event)
    partial = len(rack) < p.holds
    if rules.multi_line_moves and not p.board.is_empty:
        found = search(p.board, rules, words, rack, TOP)
        return dataclasses.replace(
            turn,
            status=TurnStatus.ANALYSED,
            count=found.count,
            count_exact=found.count_exact,
            best=tuple(sorted(found.best, key=lambda m: (-m.score, m.tiles, m.swaps))[:TOP]),
            best_exact=found.best_exact,
            bingo_available=found.bingo,
            found=made is not None and _accepted(rules, words, p.board, made),
            partial=partial,
        )
    plays = generate(p.board, rules, words, rack)
    ranked = sorted(plays, key=lambda f: (-f.score, f.row, f.col, f.across, f.tiles))
    bingo = rules.bingo_bonus > 0 and any(f.placed >= rules.bingo_min_tiles for f in plays)
    squares = None if made is None else frozenset((x.row, x.col, x.tile) for x in made.tiles)
    return dataclasses.replace(
        turn,
        status=TurnStatus.ANALYSED,
        count=len(plays),
        best=tuple(ranked[:TOP]),
        bingo_available=bingo,
        found=squares is not None and any(_squares(f) == squares for f in plays),
        partial=partial,
    )


def _contradiction(
    rules: Ruleset, rack: list[Tile], p: _Pending, event: Play | Pass | Exchange
) -> str | None:
    """Why the rack cannot be the player's, or None."""
    alphabet = rules.alphabet
    if len(rack) > rules.rack_size:
        return f"{len(rack)} tiles; a rack holds {rules.rack_size}"
    for tile, n in sorted(count_tiles(rack).items()):
        if n > p.unseen.get(tile, 0):
            label = alphabet.blank_label if tile == BLANK else alphabet.label(tile)
            return f"{n} of {label!r} on the rack, but only {p.unseen.get(tile, 0)} unseen"
    have = count_tiles(rack)
    if isinstance(event, Exchange) and event.tiles:
        try:
            given = count_tiles(tile & ~BLANK_BIT for tile in alphabet.rack(event.tiles))
        except AdjudicatorError as exc:
            return exc.detail
        for tile, n in given.items():
            if have.get(tile, 0) < n:
                return f"the exchange puts back {alphabet.label(tile)!r}, which the rack lacks"
    if isinstance(event, Play):
        for _, _, label in event.swaps:  # a star swap takes a letter from the rack
            swapped = alphabet.one_tile(label)
            if swapped is not None and have.get(swapped & ~BLANK_BIT, 0) == 0:
                return f"the play swaps {label!r} for a star, which the rack lacks"
            if swapped is not None:  # ... and the star comes to the rack, to be played
                have[swapped & ~BLANK_BIT] -= 1
                have[BLANK] = have.get(BLANK, 0) + 1
        for _, _, label in event.placement:
            one = alphabet.one_tile(label)
            if one is None:
                continue
            tile = one
            want = BLANK if tile & BLANK_BIT else tile
            if have.get(want, 0) == 0:
                shown = alphabet.blank_label if want == BLANK else alphabet.label(want)
                return f"the play puts down {shown!r}, which the rack lacks"
            have[want] -= 1
    return None


def _made(rules: Ruleset, p: _Pending, event: Event) -> Placement | None:
    if not isinstance(event, Play):
        return None
    state = GameState(rules, ["", ""])
    state.board = p.board
    try:
        return placement_of(state, event)
    except AdjudicatorError:
        return None


def _accepted(rules: Ruleset, words: Words, board: Board, placement: Placement) -> bool:
    """Whether a play is legal and every word it forms is in the word graph:
    among the moves found (found or not, when the search had to stop)."""
    try:
        scored = score_placement(board, placement, rules)
    except AdjudicatorError:
        return False
    return all(words.accepts(w.tiles) for w in scored.words)


def _squares(found: Found) -> frozenset[tuple[int, int, int]]:
    out = set()
    for k, tile in enumerate(found.tiles):
        if found.new >> k & 1:
            out.add(
                (found.row, found.col + k, tile)
                if found.across
                else (found.row + k, found.col, tile)
            )
    return frozenset(out)
