"""Request models: the same classes validate requests and describe the API."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field, JsonValue, model_validator

from adjudicator.core.challenge import ChallengeRule
from adjudicator.core.names import MAX_NAME_LENGTH
from adjudicator.services.answer import integral
from adjudicator.services.game_events import EntryType
from adjudicator.services.moves import MAX_LIMIT
from adjudicator.web.runtime.parsing import Strict

# A row is a string or a list of cells: tried in that order (a string, the usual
# case, is then matched once instead of against both kinds).
Row = Annotated[str | list[str], Field(union_mode="left_to_right")]
PlayerIndex = Annotated[str, Field(pattern=r"^[0-3]$")]
# No key but a player index: said in the schema too, not only as a pattern.
Racks = Annotated[dict[PlayerIndex, str], Field(json_schema_extra={"additionalProperties": False})]


# Integers within their bounds. Types stay strict ("7" is no number), but an
# integral float is an integer. The bounds come before the validator so that
# the schema says them as minimum and maximum, optional fields too.
Square = Annotated[int, Field(ge=0, le=63), BeforeValidator(integral)]
Player = Annotated[int, Field(ge=0, le=3), BeforeValidator(integral)]
Target = Annotated[int, Field(ge=1, le=10_000), BeforeValidator(integral)]
Version = Annotated[int, Field(ge=0), BeforeValidator(integral)]
TileCount = Annotated[int, Field(ge=1, le=64), BeforeValidator(integral)]
Points = Annotated[int, Field(ge=-10_000, le=10_000), BeforeValidator(integral)]
PlaysLimit = Annotated[int, Field(ge=1, le=MAX_LIMIT), BeforeValidator(integral)]


# RFC 3339's date-time: a date, "T", a time and an offset ("t", "z" and a leap
# second allowed, as the format says).
_RFC3339 = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})"
)


def _time(value: object) -> object:
    if not isinstance(value, str):
        return value
    refused = ValueError(f"{value!r} is not an RFC 3339 time, like 2026-12-01T18:00:00Z")
    if not _RFC3339.fullmatch(value):
        raise refused
    text = value.upper()
    # A leap second is read as the second before it.
    text = text[:17] + "59" + text[19:] if text[17:19] == "60" else text
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:  # a month or a day out of range
        raise refused from None


# A time as text only: pydantic's own parsing would take "0.5" as a Unix time.
Time = Annotated[dt.datetime, BeforeValidator(_time)]
Word = Annotated[str, Field(min_length=1)]


def given(name: str, json_type: str) -> dict[str, JsonValue]:
    """JSON Schema for "``name`` is present and not null" (the models accept an explicit null)."""
    return {"required": [name], "properties": {name: {"type": json_type}}}


# One tile: its label, with or without a digraph's brackets ("CH" or "[CH]").
_ONE_TILE = "One tile's label; a digraph's with or without its brackets (CH or [CH])"


class TileModel(Strict):
    row: Square
    col: Square
    letter: str = Field(min_length=1, max_length=8, description=_ONE_TILE)
    blank: bool = False


class SwapModel(Strict):
    row: Square
    col: Square
    letter: str = Field(min_length=1, max_length=8, description=_ONE_TILE)


class ScoreRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "oneOf": [given("placement", "array"), given("move", "string")],
            "examples": [
                {"ruleset": "scrabble-en", "move": "8D WINDY"},
                {
                    "ruleset": "scrabble-en",
                    "placement": [
                        {"row": 7, "col": 7, "letter": "Q"},
                        {"row": 7, "col": 8, "letter": "I"},
                    ],
                    "validate": True,
                },
            ],
        }
    )

    ruleset: str = Field(min_length=1, max_length=64)
    board: list[Row] | None = Field(default=None, max_length=64)
    placement: list[TileModel] | None = Field(default=None, max_length=64)
    move: str | None = Field(default=None, min_length=1, max_length=160)
    swaps: list[SwapModel] = Field(default_factory=list, max_length=8)
    validate_words: bool = Field(default=False, alias="validate")
    lexicon: str | None = Field(
        default=None,
        max_length=64,
        description="Another loaded lexicon that fits the ruleset (default: the ruleset's)",
    )

    @model_validator(mode="after")
    def _one_play(self) -> ScoreRequest:
        if (self.placement is None) == (self.move is None):
            raise ValueError("give exactly one of 'placement' or 'move'")
        return self


class CheckRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"ruleset": "scrabble-en", "words": ["QI", "ZA", "QX"]}]}
    )

    ruleset: str = Field(min_length=1, max_length=64)
    words: list[Word] = Field(min_length=1)
    lexicon: str | None = Field(
        default=None,
        max_length=64,
        description="Another loaded lexicon that fits the ruleset (default: the ruleset's)",
    )


class WordQuery(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    lexicon: str | None = Field(
        default=None,
        max_length=64,
        description="Another loaded lexicon that fits the ruleset (default: the ruleset's)",
    )


class RevealQuery(Strict):
    reveal: Literal["true", "false"] | None = Field(
        default=None, description="`true`: per-word results (needs the admin key)"
    )


class AdjudicationsQuery(Strict):
    since: Time | None = Field(default=None, description="RFC 3339 time; oldest first")
    after: str | None = Field(
        default=None,
        max_length=18,
        pattern="^[0-9]+$",
        description="The previous page's `next_after`: the page after it",
    )
    limit: int | None = Field(
        default=None, ge=1, le=500, strict=False, description="At most this many (default 500)"
    )


class LoadLexiconQuery(Strict):
    """How to read an uploaded word list (as ``adjudicator lexicon build`` does)."""

    name: str = Field(min_length=1, max_length=64, description="Name of the lexicon, e.g. nwl2023")
    ruleset: str | None = Field(
        default=None, max_length=64, description="The ruleset it is for: alphabet, fold, language"
    )
    alphabet: str | None = Field(default=None, max_length=64)
    language: str | None = Field(default=None, max_length=16)
    case: Literal["words", "proper-nouns-capitalised"] | None = Field(
        default=None, description="For a list that mixes letter cases"
    )
    version: str = Field(default="1", max_length=64)
    license: str = Field(default="proprietary", max_length=200)


class DiffQuery(Strict):
    limit: int | None = Field(
        default=None, ge=0, le=1_000_000, strict=False, description="Most words listed each way"
    )


class PlayersModel(Strict):
    challenger: str | None = Field(default=None, max_length=100)
    challenged: str | None = Field(default=None, max_length=100)


class ChallengeRequest(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "not": {"allOf": [given("placement", "array"), given("move", "string")]},
            "allOf": [
                {
                    "anyOf": [
                        given("words", "array"),
                        given("placement", "array"),
                        given("move", "string"),
                    ]
                },
                {
                    "anyOf": [
                        {"not": given("board", "array")},
                        given("placement", "array"),
                        given("move", "string"),
                    ]
                },
            ],
            "examples": [
                {"ruleset": "scrabble-en", "words": ["QI", "ZA"], "station": "T1"},
                {"ruleset": "scrabble-en", "move": "8D WINDY", "challenge_rule": "single"},
            ],
        }
    )

    ruleset: str = Field(min_length=1, max_length=64)
    words: list[Word] | None = Field(default=None, min_length=1)
    board: list[Row] | None = Field(default=None, max_length=64)
    placement: list[TileModel] | None = Field(default=None, max_length=64)
    move: str | None = Field(default=None, min_length=1, max_length=160)
    swaps: list[SwapModel] = Field(default_factory=list, max_length=8)
    challenge_rule: ChallengeRule | None = None
    reveal: bool = False
    players: PlayersModel | None = None
    station: str | None = Field(default=None, max_length=64)
    lexicon: str | None = Field(
        default=None,
        max_length=64,
        description="Another loaded lexicon that fits the ruleset (default: the ruleset's)",
    )

    @model_validator(mode="after")
    def _some_play(self) -> ChallengeRequest:
        if self.placement is not None and self.move is not None:
            raise ValueError("give at most one of 'placement' or 'move'")
        if self.words is None and self.placement is None and self.move is None:
            raise ValueError("give 'words', or a play ('placement' or 'move')")
        if self.board is not None and self.placement is None and self.move is None:
            raise ValueError("a 'board' needs a 'placement' or 'move'")
        return self


# --- club games -------------------------------------------------------------


# The schema bounds a name's length; the rest of the rule (not blank, no line
# break or control character) is the service's: a 422, as a GCG import's is.
PlayerName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_NAME_LENGTH,
        description="Not blank; no line breaks or control characters",
    ),
]


class CreateGameRequest(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    players: list[PlayerName] = Field(min_length=2, max_length=4)
    challenge_rule: ChallengeRule | None = None
    target: Target | None = None
    target_level: Literal["beginner", "intermediate", "expert"] | None = None
    first_player: Player | None = Field(
        default=None, description="Who starts (default: player 0, or the draw's)"
    )
    draw: list[str] | None = Field(
        default=None,
        min_length=2,
        max_length=4,
        description="Each player's tiles drawn for first turn, one per round of the draw "
        "(`?` a blank): a blank starts, else the letter nearest to A; tied players draw again",
    )


class EventRequest(Strict):
    version: Version
    type: EntryType
    player: Player
    placement: list[TileModel] | None = Field(default=None, max_length=64)
    move: str | None = Field(default=None, min_length=1, max_length=160)
    swaps: list[SwapModel] = Field(default_factory=list, max_length=8)
    rack: str | None = Field(default=None, max_length=64)
    tiles: str | None = Field(default=None, max_length=64)
    count: TileCount | None = None
    racks: Racks | None = Field(
        default=None, description="Each player's rack at the end, keyed by player index"
    )
    points: Points | None = None


# A day either way: a clock's time left, in milliseconds (negative: over time).
ClockMs = Annotated[int, Field(ge=-86_400_000, le=86_400_000), BeforeValidator(integral)]


class ClockRequest(Strict):
    left_ms: list[ClockMs] = Field(
        min_length=2, max_length=4, description="Each player's time left, in milliseconds"
    )
    running: bool = Field(description="Whether the clock runs, for the player to move")


_STRICT = "Refuse a record whose running totals do not add up (default: import it, flagged)"


class ImportRequest(Strict):
    gcg: str = Field(min_length=1)
    ruleset: str | None = Field(default=None, max_length=64)
    strict: bool = Field(default=False, description=_STRICT)


class GameQuery(Strict):
    rack: str | None = Field(
        default=None,
        max_length=64,
        description="The requesting player's rack: left out of `unseen`",
    )


class ImportQuery(Strict):
    ruleset: str | None = Field(default=None, max_length=64)
    strict: Literal["true", "false"] | None = Field(default=None, description=_STRICT)
