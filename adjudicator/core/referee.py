"""The referee: what each event does to a game, and when the game ends.

States: ``playing`` -> ``awaiting_end`` (a going-out play that can still be
challenged, or the racks after passes / scoreless turns) -> ``over``.
Everything that differs between rulesets is a ruleset key.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.game import (
    AWAITING_END,
    OVER,
    PLAYING,
    TURN_KINDS,
    Event,
    GameState,
    HistoryEntry,
    LastPlay,
    new_game,
)
from adjudicator.core.placement import PlacedTile, Placement, Swap
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import (
    MalformedRequestError,
    PlacementError,
    StateError,
    UnknownTileError,
)

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


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


def tiles_of(state: GameState, cells: t.Sequence[t.Sequence[t.Any]]) -> list[tuple[int, int, Tile]]:
    alpha = state.rules.alphabet
    out = []
    for row, col, label in cells:
        tiles = alpha.tokenize(str(label))
        if len(tiles) != 1 or tiles[0] is None:
            raise MalformedRequestError(f"{label!r} is not one tile", field="placement")
        out.append((int(row), int(col), tiles[0]))
    return out


def placement_of(state: GameState, data: t.Mapping[str, t.Any]) -> Placement:
    return Placement(
        tuple(PlacedTile(r, c, tile) for r, c, tile in tiles_of(state, data["placement"])),
        tuple(Swap(r, c, tile) for r, c, tile in tiles_of(state, data.get("swaps", []))),
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
    events: t.Iterable[Event],
    target: int | None = None,
    *,
    strict: bool = True,
) -> GameState:
    """Fold events into a state.  ``strict=False`` (imported records) never
    refuses an event for turn or status; it flags disagreements instead."""
    state = new_game(rules, names, target)
    for event in events:
        apply(state, event, strict=strict)
    return state


def apply(state: GameState, event: Event, *, strict: bool = True) -> HistoryEntry:
    """Apply one event; raises a StateError/PlacementError if ``strict`` and illegal."""
    if strict:
        _check_allowed(state, event)
    handler = _HANDLERS[event.kind]
    points, words, note = handler(state, event, strict)
    entry = HistoryEntry(
        len(state.history),
        event.kind,
        event.player,
        points,
        list(state.scores),
        event.data,
        words,
        note,
    )
    state.history.append(entry)
    return entry


def _check_allowed(state: GameState, event: Event) -> None:
    if not 0 <= event.player < state.players:
        raise MalformedRequestError(f"no player {event.player}", field="player")
    closing = (
        event.kind == "rack_points" and state.history and state.history[-1].kind == "rack_points"
    )  # the rest of one end-of-game batch
    if state.status == OVER and event.kind != "time_penalty" and not closing:
        raise GameOverError()
    if event.kind in TURN_KINDS:
        if state.status != PLAYING:
            raise WrongPhaseError(
                f"the game is {state.status.replace('_', ' ')}: "
                "challenge the last play or end the game with the racks"
            )
        if event.player != state.turn:
            raise NotYourTurnError(event.player, state.turn)


def _play(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    placement = placement_of(state, event.data)
    if strict and event.data.get("rack"):
        _check_rack(state, placement, str(event.data["rack"]))
    try:
        b = score_placement(state.board, placement, state.rules)
    except PlacementError as exc:
        if strict:
            raise
        state.flags.append(f"event {len(state.history)}: illegal play ({exc.code}): {exc.detail}")
        state.turn = (event.player + 1) % state.players
        return 0, [], f"illegal: {exc.code}"
    p = event.player
    note = ""
    recorded = event.data.get("recorded")
    if recorded is not None and recorded != b.score:
        note = f"recorded {recorded}, the ruleset scores {b.score}"
        state.flags.append(f"event {len(state.history)}: {note}")
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
    return b.score, [alpha.render(tile & ~BLANK_BIT for tile in w.tiles) for w in b.words], note


def _scoreless(state: GameState, event: Event, is_pass: bool) -> None:
    p = event.player
    state.scoreless_turns += 1
    state.pass_streaks[p] = state.pass_streaks[p] + 1 if is_pass else 0
    if state.status != PLAYING:
        return
    state.turn = (p + 1) % state.players
    rules = state.rules
    if rules.end_scoreless_turns and state.scoreless_turns >= rules.end_scoreless_turns:
        state.status, state.end_reason = AWAITING_END, "scoreless_turns"
    elif rules.end_passes_in_a_row:
        n = rules.end_passes_in_a_row
        streaks = state.pass_streaks if rules.end_passes_by == "all" else [state.pass_streaks[p]]
        if all(s >= n for s in streaks):
            state.status, state.end_reason = AWAITING_END, "passes"


def _pass(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    if event.data.get("lost_turn") and state.owed_turns[event.player] > 0:
        state.owed_turns[event.player] -= 1
    _scoreless(state, event, is_pass=True)
    return 0, [], "turn lost to a failed challenge" if event.data.get("lost_turn") else ""


def _exchange(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    minimum = state.rules.exchange_min_bag
    if strict and state.bag < minimum:
        raise ExchangeNotAllowedError(state.bag, minimum)
    _scoreless(state, event, is_pass=False)
    return 0, [], ""


def _withdrawal(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    last = state.last_play
    if last is None or last.player != event.player:
        if strict:
            raise WrongPhaseError("there is no play of this player to withdraw")
        state.flags.append(f"event {len(state.history)}: withdrawal with no play to take back")
        return 0, [], "nothing to withdraw"
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
    return -last.score, [], "play withdrawn"


def _points(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    points = int(event.data.get("points", 0))
    state.scores[event.player] += points
    return points, [], ""


def _challenge(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    if state.last_play is not None:
        state.last_play.challenged = True
    if event.data.get("loses_game") is not None:
        state.loser_by_challenge = int(event.data["loses_game"])
        _finish(state, "challenge")
    note = f"challenge: {event.data.get('verdict', '')}"
    if event.data.get("loses_next_turn"):
        state.owed_turns[event.player] += 1
        note += "; the challenger loses their next turn"
    return 0, [], note


def lost_turns(state: GameState) -> list[Event]:
    """The passes that the players now on turn owe to failed challenges, applied
    to ``state`` as they are made (one after another when several are owed)."""
    out: list[Event] = []
    while state.status == PLAYING and state.owed_turns[state.turn] > 0:
        event = Event("pass", state.turn, {"lost_turn": True})
        apply(state, event)
        out.append(event)
    return out


def _rack_points(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    if state.scores_before_end is None:
        state.scores_before_end = list(state.scores)
    points, _, _ = _points(state, event, strict)
    state.status = OVER
    expected = _expected_rack_points(state, str(event.data.get("tiles", "")), points)
    note = ""
    if expected is not None and expected != points:
        note = f"{points:+d} as recorded; {state.rules.name} gives {expected:+d}"
        state.flags.append(f"event {len(state.history)}: {note}")
    return points, [], note


def _expected_rack_points(state: GameState, tiles: str, points: int) -> int | None:
    alpha = state.rules.alphabet
    try:
        value = sum(alpha.score(x) for x in alpha.rack(tiles) if x != BLANK)
    except UnknownTileError:
        return None
    if points < 0:
        return -value
    return value * (2 if state.rules.end_rack_rule == "double_opponent" else 1)


def _end(state: GameState, event: Event, strict: bool) -> tuple[int, list[str], str]:
    _finish(state, state.end_reason or "agreed")
    return 0, [], "ended without racks"


def _finish(state: GameState, reason: str) -> None:
    if state.scores_before_end is None:
        state.scores_before_end = list(state.scores)
    state.status, state.end_reason = OVER, state.end_reason or reason


_HANDLERS: dict[str, t.Callable[[GameState, Event, bool], tuple[int, list[str], str]]] = {
    "play": _play,
    "pass": _pass,
    "exchange": _exchange,
    "withdrawal": _withdrawal,
    "challenge_bonus": _points,
    "time_penalty": _points,
    "challenge": _challenge,
    "rack_points": _rack_points,
    "end": _end,
}


def end_adjustments(state: GameState, racks: t.Mapping[int, str]) -> list[Event]:
    """The rack-points events that close the game under the ruleset.

    ``racks`` maps player index to the tiles left on that rack (the player who
    went out has none).  Blanks and stars left on a rack count 0.
    """
    alpha = state.rules.alphabet
    value = {p: sum(alpha.score(x) for x in alpha.rack(r) if x != BLANK) for p, r in racks.items()}
    out_player = (
        state.last_play.player if state.end_reason == "went_out" and state.last_play else None
    )
    rule = state.rules.end_rack_rule
    events: list[Event] = []
    others = [p for p in sorted(racks) if p != out_player and racks[p]]
    if out_player is None:
        return [
            Event("rack_points", p, {"tiles": racks[p], "points": -value[p]}) for p in others
        ] or [Event("end", 0, {})]
    if rule in ("subtract_add", "subtract"):
        events += [
            Event("rack_points", p, {"tiles": racks[p], "points": -value[p]}) for p in others
        ]
    if rule in ("subtract_add", "double_opponent") and others:
        factor = 2 if rule == "double_opponent" else 1
        events.append(
            Event(
                "rack_points",
                out_player,
                {
                    "tiles": "".join(racks[p] for p in others),
                    "points": factor * sum(value[p] for p in others),
                },
            )
        )
    return events or [Event("end", out_player, {})]
