"""Response models of the club-games endpoints (for the OpenAPI document)."""

from __future__ import annotations

import typing as t

from pydantic import Field

from adjudicator.web.schemas import Out

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


class GamePlayer(Out):
    name: str
    score: int
    tiles_on_rack: int = Field(description="Tiles on the rack (counted; letters may be unknown)")


class HistoryItem(Out):
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


class GameOut(Out):
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
