"""Request models of finding plays and words (the same classes validate and describe)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from adjudicator.services.moves import MAX_LIMIT
from adjudicator.web.api.request_models import PlaysLimit, Row
from adjudicator.web.runtime.parsing import Strict

_LEXICON = "Another loaded lexicon that fits the ruleset (default: the ruleset's)"


class PlaysRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"ruleset": "scrabble-en", "rack": "AEINRST"},
                {"ruleset": "scrabble-en", "rack": "QI?", "board": ["." * 15] * 15, "limit": 5},
            ]
        }
    )

    ruleset: str = Field(min_length=1, max_length=64)
    board: list[Row] | None = Field(
        default=None, max_length=64, description="As /score takes it (default: empty)"
    )
    rack: str = Field(
        min_length=1,
        max_length=64,
        description="GCG rack notation: letters, digraphs in brackets, the blank label (?)",
    )
    lexicon: str | None = Field(default=None, max_length=64, description=_LEXICON)
    limit: PlaysLimit = Field(default=20, description="Plays listed in full")


class SearchQuery(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    lexicon: str | None = Field(default=None, max_length=64, description=_LEXICON)
    anagram: str | None = Field(
        default=None, min_length=1, max_length=64, description="Words from these tiles (? a blank)"
    )
    all: Literal["true", "false"] = Field(
        default="false", description="`true`: from any of the anagram's tiles, not all"
    )
    pattern: str | None = Field(
        default=None, min_length=1, max_length=64, description="`.` one tile, `*` any run"
    )
    hooks: str | None = Field(
        default=None, min_length=1, max_length=64, description="The tiles that extend this word"
    )
    min_length: int = Field(default=2, ge=1, le=64, strict=False)
    max_length: int = Field(default=64, ge=1, le=64, strict=False)
    after: str | None = Field(
        default=None, max_length=64, description="The previous page's `next_after`"
    )
    limit: int = Field(default=100, ge=1, le=MAX_LIMIT, strict=False)
