"""Request models of house lists (the same classes validate and describe)."""

from __future__ import annotations

from pydantic import Field

from adjudicator.core.house import HouseAction
from adjudicator.web.runtime.parsing import Strict

# A lexicon's name, as the builder takes it (builders.writer.NAME_RE).
NAME_PATTERN = r"^[a-z0-9][a-z0-9._-]*$"
MAX_WHY = 500
MAX_ENTRIES = 10_000


class HouseEntryIn(Strict):
    word: str = Field(min_length=1, max_length=256)
    action: HouseAction
    why: str = Field(
        min_length=1, max_length=MAX_WHY, description="Why: a dictionary reference, free text"
    )


class CreateHouseListRequest(Strict):
    name: str = Field(pattern=NAME_PATTERN, max_length=64)
    base: str = Field(min_length=1, max_length=64, description="The lexicon it is built on")
    why: str = Field(default="", max_length=MAX_WHY)
    ruleset: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="Reads the entries' words (default: a ruleset whose own lexicon is the base)",
    )
    entries: list[HouseEntryIn] = Field(default_factory=list, max_length=MAX_ENTRIES)


class HouseEntryRequest(HouseEntryIn):
    ruleset: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="The ruleset in use: it reads the word (Ё as Е under erudite-ru)",
    )


class UndoHouseEntryRequest(Strict):
    why: str = Field(default="", max_length=MAX_WHY)
