"""Request models: the same classes validate requests and describe the API."""

from __future__ import annotations

from pydantic import Field, model_validator

from adjudicator.web.requests import Strict

Row = str | list[str]


class TileModel(Strict):
    row: int = Field(ge=0, le=63)
    col: int = Field(ge=0, le=63)
    letter: str = Field(min_length=1, max_length=8)
    blank: bool = False


class SwapModel(Strict):
    row: int = Field(ge=0, le=63)
    col: int = Field(ge=0, le=63)
    letter: str = Field(min_length=1, max_length=8)


class ScoreRequest(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    board: list[Row] | None = Field(default=None, max_length=64)
    placement: list[TileModel] | None = Field(default=None, max_length=64)
    move: str | None = Field(default=None, max_length=160)
    swaps: list[SwapModel] = Field(default_factory=list, max_length=8)
    validate_words: bool = Field(default=False, alias="validate")

    @model_validator(mode="after")
    def _one_play(self) -> ScoreRequest:
        if (self.placement is None) == (self.move is None):
            raise ValueError("give exactly one of 'placement' or 'move'")
        return self


class CheckRequest(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    words: list[str] = Field(min_length=1)


class WordQuery(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
