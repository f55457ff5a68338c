"""What a club game looks like from outside: the answer of every game endpoint."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from pydantic import Field

from adjudicator.core.game import Event, GameState
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.services.answer import Answer

EventType = t.Literal[
    "play",
    "pass",
    "exchange",
    "withdrawal",
    "challenge_bonus",
    "rack_points",
    "time_penalty",
    "challenge",
    "end",
]
# Members of a stored event that the history shows as they are.
_SHOWN = ("move", "rack", "tiles", "adjudication_id", "verdict")


@dataclass(slots=True)
class Game:
    """A stored game: its row, its events, and the state replayed from them."""

    row: dict[str, t.Any]
    events: list[Event]
    state: GameState


class GamePlayer(Answer):
    name: str
    score: int
    tiles_on_rack: int = Field(description="Tiles on the rack (counted; letters may be unknown)")


class HistoryItem(Answer):
    index: int
    type: EventType
    player: int
    points: int
    totals: list[int] = Field(description="Every player's running total after this event")
    words: list[str]
    note: str
    move: str | None = Field(default=None, description="GCG notation of a play")
    rack: str | None = None
    tiles: str | None = None
    adjudication_id: str | None = None
    verdict: str | None = None


class GameOut(Answer):
    id: str
    token: str | None = Field(default=None, description="The write token (creation only)")
    ruleset: str
    version: int = Field(description="Number of events; name it when adding the next one")
    status: t.Literal["playing", "awaiting_end", "over"]
    end_reason: str | None
    turn: int
    players: list[GamePlayer]
    scores: list[int]
    winners: list[int]
    bag: int
    board: list[str]
    unseen: dict[str, int]
    unseen_count: int
    target: int | None
    challenge_rule: str
    history: list[HistoryItem]
    flags: list[str] = Field(description="Where an imported record disagrees with the ruleset")


class SpectatorView(GameOut):
    """What the read-only page shows: the game, under its record's title."""

    title: str


def describe(game: Game, rack: str | None = None, **extra: t.Any) -> dict[str, t.Any]:
    """The members of a :class:`GameOut`; ``rack`` (the asking player's) is left out
    of the unseen tiles."""
    s = game.state
    alpha = s.rules.alphabet
    unseen = {alpha.label(i): alpha.count(i) for i in range(1, alpha.size + 1)}
    unseen[alpha.blank_label] = alpha.blank_count
    seen = list(s.board.tiles()) + (alpha.rack(rack) if rack else [])
    for tile in seen:
        key = alpha.blank_label if tile == BLANK or tile & BLANK_BIT else alpha.label(tile)
        unseen[key] -= 1
    return {
        "id": game.row["id"],
        **extra,
        "ruleset": s.rules.name,
        "version": len(game.events),
        "status": s.status,
        "end_reason": s.end_reason,
        "turn": s.turn,
        "players": [
            GamePlayer(name=n, score=sc, tiles_on_rack=r)
            for n, sc, r in zip(s.names, s.scores, s.racks, strict=True)
        ],
        "scores": list(s.scores),
        "winners": s.winners(),
        "bag": s.bag,
        "board": s.board.to_strings(alpha),
        "unseen": {k: v for k, v in unseen.items() if v},
        "unseen_count": sum(v for v in unseen.values() if v > 0),
        "target": s.target,
        "challenge_rule": game.row["challenge_rule"] or s.rules.challenge_rule,
        "history": [
            HistoryItem(
                index=h.index,
                type=t.cast(EventType, h.kind),
                player=h.player,
                points=h.points,
                totals=h.totals,
                words=h.words,
                note=h.note,
                **{k: h.data[k] for k in _SHOWN if k in h.data},
            )
            for h in s.history
        ],
        "flags": list(s.flags),
    }


def game_out(game: Game, rack: str | None = None, token: str | None = None) -> GameOut:
    return GameOut(**describe(game, rack, **({"token": token} if token else {})))
