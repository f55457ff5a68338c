"""The referee: what each event does to a game, and when the game ends.

States: ``playing`` -> ``awaiting_end`` (a going-out play that can still be
challenged, or the racks after passes / scoreless turns) -> ``over``.
Everything that differs between rulesets is a ruleset key.
"""

from __future__ import annotations

import dataclasses
import typing as t

from adjudicator.core.coords import Coord
from adjudicator.core.events import (
    TURN_KINDS,
    Cell,
    Challenge,
    ChallengeBonus,
    Correction,
    End,
    Event,
    EventKind,
    Exchange,
    Pass,
    Play,
    RackPoints,
    TimePenalty,
    Withdrawal,
)
from adjudicator.core.game import (
    AWAITING_END,
    OVER,
    PLAYING,
    GameState,
    HistoryEntry,
    LastPlay,
    new_game,
)
from adjudicator.core.notes import Note, NoteCode
from adjudicator.core.placement import PlacedTile, Placement, Swap
from adjudicator.core.ruleset import EndRackRule, PassesBy
from adjudicator.core.scoring import WordScore, score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import (
    ExchangeNotAllowedError,
    GameOverError,
    InvalidRequestError,
    NotYourTurnError,
    PlacementError,
    TileNotOnRackError,
    UnknownTileError,
    WrongPhaseError,
)

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset


def tiles_of(state: GameState, cells: t.Sequence[Cell]) -> list[tuple[int, int, Tile]]:
    alpha = state.rules.alphabet
    out = []
    for row, col, label in cells:
        tile = alpha.one_tile(label)
        if tile is None:
            raise InvalidRequestError(f"{label!r} is not one tile", field="placement")
        out.append((row, col, tile))
    return out


def placement_of(state: GameState, play: Play) -> Placement:
    return Placement(
        tuple(PlacedTile(r, c, tile) for r, c, tile in tiles_of(state, play.placement)),
        tuple(Swap(r, c, tile) for r, c, tile in tiles_of(state, play.swaps)),
    )


def _check_rack(state: GameState, placement: Placement, rack: str) -> None:
    alpha = state.rules.alphabet
    have = count_tiles(alpha.rack(rack))
    need = count_tiles([p.tile for p in placement.tiles] + [s.tile for s in placement.swaps])
    for tile, n in need.items():
        if have.get(tile, 0) < n:
            label = alpha.blank_label if tile == BLANK else alpha.label(tile)
            raise TileNotOnRackError(label, rack)


def replay(
    rules: Ruleset,
    names: t.Sequence[str],
    events: t.Sequence[Event],
    target: int | None = None,
    *,
    first_player: int = 0,
    strict: bool = True,
    before: t.Callable[[GameState, Event], None] | None = None,
) -> GameState:
    """Fold events into a state.  ``strict=False`` (imported records) never
    refuses an event for turn or status; it flags disagreements instead.

    Events that a later ``correction`` voids stay in the history, marked
    voided, and count for nothing: the state is what the others give.
    ``before`` sees the state before each event that counts (the analysis
    reads each turn's board there); it must not change it.
    """
    state = new_game(rules, names, target, first_player)
    voided = {i for e in events if isinstance(e, Correction) for i in e.voids}
    for index, event in enumerate(events):
        if before is not None and index not in voided and not isinstance(event, Correction):
            before(state, event)
        if index in voided:
            _record(state, event, Outcome(0, note=Note(NoteCode.VOIDED)), voided=True)
        elif isinstance(event, Correction):
            note = Note(NoteCode.TOOK_BACK, {"events": event.voids})
            _record(state, event, Outcome(0, note=note))
        else:
            apply(state, event, strict=strict)
    return state


class Outcome(t.NamedTuple):
    """What an event did: the points it moved, the words it formed, a note, and
    a play's GCG notation (its main word's, for a move in several lines)."""

    points: int
    words: t.Sequence[str] = ()
    note: Note | None = None
    move: str = ""


def _record(
    state: GameState, event: Event, outcome: Outcome, *, voided: bool = False
) -> HistoryEntry:
    entry = HistoryEntry(
        index=len(state.history),
        event=event,
        points=outcome.points,
        totals=list(state.scores),
        words=list(outcome.words),
        note=outcome.note,
        move=outcome.move,
        voided=voided,
    )
    state.history.append(entry)
    return entry


def last_action(state: GameState) -> list[int]:
    """The events a correction takes back: those of the last write that still
    counts (a write's events share its ``write`` number; older events stand alone).

    :raises WrongPhaseError: nothing left to take back.
    """
    live = [h for h in state.history if not h.voided and h.kind != EventKind.CORRECTION]
    if not live:
        raise WrongPhaseError("there is no event to take back")
    last = live[-1]
    write = last.event.write
    if write is None:
        return [last.index]
    return [h.index for h in live if h.event.write == write]


def apply(state: GameState, event: Event, *, strict: bool = True) -> HistoryEntry:
    """Apply one event (not a correction: :func:`replay` folds those); raises a
    StateError/PlacementError if ``strict`` and illegal."""
    if strict:
        _check_allowed(state, event)
    match event:
        case Play():
            outcome = _play(state, event, strict)
        case Pass():
            outcome = _pass(state, event)
        case Exchange():
            outcome = _exchange(state, event, strict)
        case Withdrawal():
            outcome = _withdrawal(state, event, strict)
        case ChallengeBonus() | TimePenalty():
            outcome = _points(state, event.player, event.points)
        case Challenge():
            outcome = _challenge(state, event)
        case RackPoints():
            outcome = _rack_points(state, event)
        case End():
            outcome = _end(state)
        case Correction():
            raise ValueError("a correction is folded by replay(), with the events it voids")
        case _:
            t.assert_never(event)
    return _record(state, event, outcome)


def _check_allowed(state: GameState, event: Event) -> None:
    if not 0 <= event.player < state.players:
        raise InvalidRequestError(f"no player {event.player}", field="player")
    closing = (
        event.kind == EventKind.RACK_POINTS
        and state.history
        and state.history[-1].kind == EventKind.RACK_POINTS
    )  # the rest of one end-of-game batch
    if state.status == OVER and event.kind != EventKind.TIME_PENALTY and not closing:
        raise GameOverError()
    if event.kind in TURN_KINDS:
        if state.status != PLAYING:
            raise WrongPhaseError(
                f"the game is {state.status.replace('_', ' ')}: "
                "challenge the last play or end the game with the racks"
            )
        if event.player != state.turn:
            raise NotYourTurnError(event.player, state.turn)


def _play(state: GameState, event: Play, strict: bool) -> Outcome:
    placement = placement_of(state, event)
    if strict and event.rack:
        _check_rack(state, placement, event.rack)
    try:
        b = score_placement(state.board, placement, state.rules)
    except PlacementError as exc:
        if strict:
            raise
        state.flags.append(f"event {len(state.history)}: illegal play ({exc.code}): {exc.detail}")
        state.turn = (event.player + 1) % state.players
        return Outcome(0, note=Note(NoteCode.ILLEGAL_PLAY, {"problem": exc.code}))
    p = event.player
    note = None
    recorded = event.recorded
    if recorded is not None and recorded != b.score:
        note = Note(NoteCode.SCORE_DIFFERS, {"recorded": recorded, "scored": b.score})
        state.flags.append(
            f"event {len(state.history)}: recorded {recorded}, the ruleset scores {b.score}"
        )
    state.scores[p] += b.score
    n = len(placement.tiles)
    drawn = min(n, state.bag)
    state.racks[p] = state.racks[p] - n + drawn
    state.bag -= drawn
    went_out = state.racks[p] <= 0 and state.bag == 0
    state.last_play = LastPlay(
        p, placement, b.score, drawn, state.board, went_out, scoreless_before=state.scoreless_turns
    )
    state.board = b.board_after
    rules = state.rules
    scoreless = b.score == 0 and rules.zero_score_play_is_scoreless
    state.scoreless_turns = state.scoreless_turns + 1 if scoreless else 0
    state.pass_streaks[p] = 0
    state.turn = (p + 1) % state.players
    if state.target is not None and state.scores[p] >= state.target:
        _finish(state, "target")
    elif went_out:
        state.status, state.end_reason = AWAITING_END, "went_out"
    elif scoreless and 0 < rules.end_scoreless_turns <= state.scoreless_turns:
        state.status, state.end_reason = AWAITING_END, "scoreless_turns"
    alpha = state.rules.alphabet
    words = [alpha.render(tile & ~BLANK_BIT for tile in w.tiles) for w in b.words]
    return Outcome(b.score, words, note, _notation(alpha, b.words[0]))


def _notation(alphabet: Alphabet, word: WordScore) -> str:
    """A word in GCG notation (``8D WIND.``: ``.`` for tiles already on the board)."""
    letters = "".join(alphabet.label(ls.tile) if ls.new else "." for ls in word.letters)
    return f"{Coord(word.row, word.col, word.direction).gcg()} {letters}"


def _scoreless(state: GameState, p: int, *, is_pass: bool, lost_turn: bool = False) -> None:
    """A scoreless turn of player ``p``.  Only a pass by choice counts in the
    player's run of passes: a turn lost to a failed challenge leaves the run as it was."""
    state.scoreless_turns += 1
    if not lost_turn:
        state.pass_streaks[p] = state.pass_streaks[p] + 1 if is_pass else 0
    if state.status != PLAYING:
        return
    state.turn = (p + 1) % state.players
    rules = state.rules
    if rules.end_scoreless_turns and state.scoreless_turns >= rules.end_scoreless_turns:
        state.status, state.end_reason = AWAITING_END, "scoreless_turns"
    elif rules.end_passes_in_a_row:
        n = rules.end_passes_in_a_row
        every = rules.end_passes_by == PassesBy.ALL
        streaks = state.pass_streaks if every else [state.pass_streaks[p]]
        if all(s >= n for s in streaks):
            state.status, state.end_reason = AWAITING_END, "passes"


def _pass(state: GameState, event: Pass) -> Outcome:
    if event.lost_turn and state.owed_turns[event.player] > 0:
        state.owed_turns[event.player] -= 1
    _scoreless(state, event.player, is_pass=True, lost_turn=event.lost_turn)
    return Outcome(0, note=Note(NoteCode.TURN_LOST) if event.lost_turn else None)


def _exchange(state: GameState, event: Exchange, strict: bool) -> Outcome:
    # The bag must hold the ruleset's minimum, and at least the tiles to draw back.
    minimum = max(state.rules.exchange_min_bag, event.count)
    if strict and state.bag < minimum:
        raise ExchangeNotAllowedError(state.bag, minimum)
    _scoreless(state, event.player, is_pass=False)
    return Outcome(0)


def _withdrawal(state: GameState, event: Withdrawal, strict: bool) -> Outcome:
    last = state.last_play
    if last is None or last.player != event.player:
        if strict:
            raise WrongPhaseError("there is no play of this player to withdraw")
        state.flags.append(f"event {len(state.history)}: withdrawal with no play to take back")
        return Outcome(0, note=Note(NoteCode.NOTHING_TO_WITHDRAW))
    p = last.player
    state.board = last.board_before
    state.scores[p] -= last.score
    n = len(last.placement.tiles)
    state.bag += last.drawn
    state.racks[p] = state.racks[p] - last.drawn + n
    state.last_play = None
    if state.status != PLAYING and state.end_reason in ("went_out", "target", "scoreless_turns"):
        state.status, state.end_reason = PLAYING, None
    # The withdrawn play's turn is one scoreless turn, after the streak it broke.
    state.scoreless_turns = last.scoreless_before + 1
    limit = state.rules.end_scoreless_turns
    if state.status == PLAYING and limit and state.scoreless_turns >= limit:
        state.status, state.end_reason = AWAITING_END, "scoreless_turns"
    return Outcome(-last.score, note=Note(NoteCode.PLAY_WITHDRAWN))


def _points(state: GameState, player: int, points: int) -> Outcome:
    state.scores[player] += points
    return Outcome(points)


def _challenge(state: GameState, event: Challenge) -> Outcome:
    if state.last_play is not None:
        state.last_play = dataclasses.replace(state.last_play, challenged=True)
    if event.loses_game is not None:
        state.loser_by_challenge = event.loses_game
        _finish(state, "challenge")
    verdict = {"verdict": str(event.verdict or "")}
    if event.loses_next_turn:
        state.owed_turns[event.player] += 1
        return Outcome(0, note=Note(NoteCode.CHALLENGER_LOSES_TURN, verdict))
    return Outcome(0, note=Note(NoteCode.CHALLENGE_RULED, verdict))


def lost_turns(state: GameState, write: int | None = None) -> list[Event]:
    """The passes that the players now on turn owe to failed challenges, applied
    to ``state`` as they are made (one after another when several are owed), each
    of the ``write`` given."""
    out: list[Event] = []
    while state.status == PLAYING and state.owed_turns[state.turn] > 0:
        event = Pass(player=state.turn, lost_turn=True, write=write)
        apply(state, event)
        out.append(event)
    return out


def _rack_points(state: GameState, event: RackPoints) -> Outcome:
    if state.scores_before_end is None:
        state.scores_before_end = list(state.scores)
    points = _points(state, event.player, event.points).points
    state.status = OVER
    expected = _expected_rack_points(state, event.tiles, points)
    note = None
    if expected is not None and expected != points:
        note = Note(NoteCode.RACK_POINTS_DIFFER, {"recorded": points, "expected": expected})
        state.flags.append(
            f"event {len(state.history)}: {points:+d} as recorded; "
            f"{state.rules.name} gives {expected:+d}"
        )
    elif event.worked_out:
        note = Note(NoteCode.RACKS_WORKED_OUT, {"names": event.worked_out})
    return Outcome(points, note=note)


def _expected_rack_points(state: GameState, tiles: str, points: int) -> int | None:
    alpha = state.rules.alphabet
    try:
        value = sum(alpha.score(x) for x in alpha.rack(tiles) if x != BLANK)
    except UnknownTileError:
        return None
    if points < 0:
        return -value
    return value * (2 if state.rules.end_rack_rule == EndRackRule.DOUBLE_OPPONENT else 1)


def _end(state: GameState) -> Outcome:
    _finish(state, state.end_reason or "agreed")
    return Outcome(0, note=Note(NoteCode.ENDED_WITHOUT_RACKS))


def _finish(state: GameState, reason: str) -> None:
    if state.scores_before_end is None:
        state.scores_before_end = list(state.scores)
    state.status, state.end_reason = OVER, state.end_reason or reason
