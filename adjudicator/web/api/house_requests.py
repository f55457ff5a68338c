"""Request models of house lists (the same classes validate and describe)."""

from __future__ import annotations

from pydantic import Field

from adjudicator.core.house import HouseAction
from adjudicator.web.runtime.parsing import Strict

MAX_WHY = 500


class HouseEntryIn(Strict):
    word: str = Field(min_length=1, max_length=256)
    action: HouseAction
    why: str = Field(
        min_length=1, max_length=MAX_WHY, description="Why: a dictionary reference, free text"
    )


class CreateHouseListRequest(Strict):
    # Checked by the service (422), as an upload's name is: no schema pattern,
    # whose $ JSON Schema and the validator read differently before a newline.
    name: str = Field(
        min_length=1,
        max_length=64,
        description="Lowercase letters, digits, '.', '_' and '-', a letter or digit first",
    )
    base: str = Field(min_length=1, max_length=64, description="The lexicon it is built on")
    why: str = Field(default="", max_length=MAX_WHY)
    ruleset: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="Reads the entries' words (default: a ruleset whose own lexicon is the base)",
    )
    # At most ADJUDICATOR_MAX_WORDS, checked by the service (422), as a batch of words is.
    entries: list[HouseEntryIn] = Field(default_factory=list)


class HouseEntryRequest(HouseEntryIn):
    ruleset: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="The ruleset in use: it reads the word (Ё as Е under erudite-ru)",
    )


class UndoHouseEntryRequest(Strict):
    why: str = Field(default="", max_length=MAX_WHY)
