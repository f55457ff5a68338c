"""The events a scorekeeper's entry records in a club game (play, pass,
exchange, challenge, end, time penalty), before the referee applies them."""

from __future__ import annotations

import dataclasses
import typing as t
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.challenge import ChallengeRule, Verdict
from adjudicator.core.ending import end_adjustments, end_racks
from adjudicator.core.events import (
    Challenge,
    ChallengeBonus,
    Event,
    EventKind,
    Exchange,
    Pass,
    Play,
    RackPoints,
    TimePenalty,
    Withdrawal,
)
from adjudicator.core.game import PLAYING
from adjudicator.core.game_gcg import gcg_move
from adjudicator.errors import InvalidRequestError, WrongPhaseError
from adjudicator.services.challenges import rule_on_challenge
from adjudicator.services.game_view import Game
from adjudicator.services.plays import PlacedIn, SwapIn, read_placement

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.store.audit import AuditTrail


class EntryType(StrEnum):
    """What a scorekeeper enters.  A challenge is recorded as the event its
    ruling calls for (a withdrawal, a bonus, a lost turn, or a challenge), an end
    as the racks' points; the others are the event of the same name."""

    PLAY = EventKind.PLAY.value
    PASS = EventKind.PASS.value
    EXCHANGE = EventKind.EXCHANGE.value
    CHALLENGE = EventKind.CHALLENGE.value
    END = EventKind.END.value
    TIME_PENALTY = EventKind.TIME_PENALTY.value
    CORRECTION = EventKind.CORRECTION.value


@dataclass(slots=True)
class EventIn:
    """One event as a scorekeeper sends it."""

    type: EntryType
    player: int
    placement: t.Sequence[PlacedIn] | None = None
    move: str | None = None
    swaps: t.Sequence[SwapIn] = ()
    rack: str | None = None
    tiles: str | None = None
    count: int | None = None
    racks: dict[int, str] | None = None
    points: int | None = None


def events_for(registry: Registry, trail: AuditTrail, game: Game, spec: EventIn) -> list[Event]:
    """The events one scorekeeper's entry records, before the referee applies them."""
    state = game.state
    rules = state.rules
    alpha = rules.alphabet
    player, rack = spec.player, spec.rack or None
    if not 0 <= player < state.players:
        raise InvalidRequestError(f"no player {player}", field="player")
    if spec.type == EntryType.PLAY:
        placement = read_placement(rules, state.board, spec.placement, spec.move, spec.swaps)
        # The move as the scorekeeper wrote it, else its GCG form when it has one
        # (a star swap's too: a correction's history keeps only what the event holds).
        if spec.move is not None:
            coord, word = spec.move.split()
            move: str | None = f"{coord.upper()} {word}"
        else:
            move = gcg_move(state.board, placement, rules)
        return [
            Play(
                player=player,
                rack=rack,
                placement=tuple((x.row, x.col, alpha.label(x.tile)) for x in placement.tiles),
                swaps=tuple((x.row, x.col, alpha.label(x.tile)) for x in placement.swaps),
                move=move or None,
            )
        ]
    if spec.type == EntryType.PASS:
        return [Pass(player=player, rack=rack)]
    if spec.type == EntryType.EXCHANGE:
        tiles = spec.tiles or ""
        count = len(alpha.rack(tiles)) if tiles else (spec.count or 0)
        if not 1 <= count <= rules.rack_size:
            raise InvalidRequestError(
                "an exchange swaps 1 to a rack's worth of tiles", field="count"
            )
        return [Exchange(player=player, rack=rack, tiles=tiles, count=count)]
    if spec.type == EntryType.TIME_PENALTY:
        if not spec.points:
            raise InvalidRequestError("a time penalty needs points", field="points")
        return [TimePenalty(player=player, points=-abs(spec.points))]
    if spec.type == EntryType.END:
        given = dict(spec.racks or {})
        for p in given:
            if not 0 <= p < state.players:
                raise InvalidRequestError(f"no player {p}", field="racks")
        racks, worked_out = end_racks(state, given)
        names = tuple(state.names[w] for w in worked_out)
        return [
            dataclasses.replace(e, worked_out=names) if isinstance(e, RackPoints) else e
            for e in end_adjustments(state, racks)
        ]
    if spec.type == EntryType.CHALLENGE:
        return _challenge(registry, trail, game, player)
    raise InvalidRequestError(f"unknown event type {spec.type!r}", field="type")


class _Tag(t.TypedDict):
    """The fields of an event that say which adjudication it records."""

    adjudication_id: str
    verdict: Verdict
    rule: ChallengeRule


def _rule_of(game: Game) -> ChallengeRule | None:
    """The game's own challenge rule; None: the ruleset's.

    :raises InvalidRequestError: a stored rule that is none (an older import's)."""
    rule = game.record.challenge_rule
    if rule is None or rule in set(ChallengeRule):
        return None if rule is None else ChallengeRule(rule)
    raise InvalidRequestError(f"unknown challenge rule {rule!r}", field="challenge_rule")


def _challenge(registry: Registry, trail: AuditTrail, game: Game, challenger: int) -> list[Event]:
    state = game.state
    last = state.last_play
    live = [h for h in state.history if not h.voided and h.kind != EventKind.CORRECTION]
    if not live or live[-1].kind != EventKind.PLAY or last is None or last.challenged:
        raise WrongPhaseError("only the last play can be challenged, once, before the next turn")
    if challenger == last.player:
        raise WrongPhaseError("a player cannot challenge their own play")
    names = game.record.players
    ruling = rule_on_challenge(
        registry,
        trail,
        state.rules.name,
        words=live[-1].words,
        rule=_rule_of(game),
        players={"challenger": names[challenger], "challenged": names[last.player]},
        asked_by=f"game:{game.record.id}",
    )
    c = ruling.consequence
    tag = _Tag(adjudication_id=ruling.id, verdict=ruling.verdict, rule=ruling.rule)
    if c.play == "withdrawn" and c.loses_game is None:
        return [Withdrawal(player=last.player, **tag)]
    if c.loses_game is not None:
        loser = challenger if c.loses_game == "challenger" else last.player
        return [Challenge(player=challenger, **tag, loses_game=loser)]
    if c.points_to_challenged:
        return [ChallengeBonus(player=last.player, **tag, points=c.points_to_challenged)]
    if c.challenger_loses_turn and state.status == PLAYING:
        if state.turn == challenger:
            return [Pass(player=challenger, **tag, lost_turn=True)]
        # Another player moves first: the challenger's turn is skipped when it comes.
        return [Challenge(player=challenger, **tag, loses_next_turn=True)]
    return [Challenge(player=challenger, **tag)]
