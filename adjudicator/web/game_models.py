"""Request models of the club-games endpoints."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.web.models import SwapModel, TileModel
from adjudicator.web.requests import Query, Strict


class CreateGameRequest(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    players: list[str] = Field(min_length=2, max_length=4)
    challenge_rule: (
        Literal["void", "single", "double", "five_point", "ten_point", "triple"] | None
    ) = None
    target: int | None = Field(default=None, ge=1, le=10_000)
    target_level: Literal["beginner", "intermediate", "expert"] | None = None


class EventRequest(Strict):
    version: int = Field(ge=0)
    type: Literal["play", "pass", "exchange", "challenge", "end", "time_penalty"]
    player: int = Field(ge=0, le=3)
    placement: list[TileModel] | None = Field(default=None, max_length=64)
    move: str | None = Field(default=None, max_length=160)
    swaps: list[SwapModel] = Field(default_factory=list, max_length=8)
    rack: str | None = Field(default=None, max_length=64)
    tiles: str | None = Field(default=None, max_length=64)
    count: int | None = Field(default=None, ge=1, le=64)
    racks: dict[str, str] | None = None
    points: int | None = Field(default=None, ge=-10_000, le=10_000)


class ImportRequest(Strict):
    gcg: str = Field(min_length=1)
    ruleset: str | None = Field(default=None, max_length=64)


class GameQuery(Query):
    rack: str | None = Field(
        default=None,
        max_length=64,
        description="The requesting player's rack: left out of `unseen`",
    )


class ImportQuery(Query):
    ruleset: str | None = Field(default=None, max_length=64)
