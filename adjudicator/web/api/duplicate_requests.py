"""Request models of Duplicate games (the same classes validate and describe)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field

from adjudicator.core.references import Notation
from adjudicator.services.answer import integral
from adjudicator.services.duplicate import SlipSpec
from adjudicator.web.api.request_models import PlayerName
from adjudicator.web.runtime.parsing import Strict

# A club's Duplicate room seats many more than a table: 500 is a festival's hall.
MAX_PLAYERS = 500
DuplicatePlayer = Annotated[int, Field(ge=0, lt=MAX_PLAYERS), BeforeValidator(integral)]


class CreateDuplicateRequest(Strict):
    ruleset: str = Field(min_length=1, max_length=64)
    players: list[PlayerName] = Field(min_length=1, max_length=MAX_PLAYERS)
    round_seconds: Annotated[int, Field(ge=10, le=3600), BeforeValidator(integral)] | None = Field(
        default=None, description="Time for a move (default: the ruleset's, 180 s in French)"
    )
    seed: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="Seed of the service's draws (default: a random one, kept by the record)",
    )
    typed: bool = Field(default=False, description="Every draw is typed in by the arbiter")
    lexicon: str | None = Field(default=None, min_length=1, max_length=64)


class DrawRequest(Strict):
    letters: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="The draw typed in (rack notation, `?` a blank); none: the service draws",
    )
    rejected: bool = Field(
        default=False,
        description="The rack left was put back with a draw short of the minimum: the typed "
        "draw is new in full (FISF art. 2.2)",
    )


class DrawCorrection(Strict):
    letters: str = Field(
        min_length=1,
        max_length=64,
        description="The draw as it should have been typed in (rack notation, `?` a blank)",
    )
    rejected: bool = Field(
        default=False,
        description="The rack left was put back: the draw is new in full (FISF art. 2.2)",
    )


class ReplayRequest(Strict):
    player: PlayerName = Field(description="Who plays the game again, alone")


class SlipRequest(Strict):
    player: DuplicatePlayer
    word: str = Field(
        max_length=64,
        description="The word in full as written, a circled blank in lower case; empty: a "
        "blank slip",
    )
    reference: str | None = Field(
        default=None, max_length=8, description="H4 (across), 4H (down); GCG with `notation`"
    )
    score: Annotated[int, Field(ge=0, le=10_000), BeforeValidator(integral)] | None = Field(
        default=None, description="The score the player wrote (none: not written)"
    )
    notation: Notation = Notation.FISF
    late: bool = Field(default=False, description="Handed in after time (the arbiter's call)")
    illegible: bool = Field(default=False, description="Illegible (the arbiter's call)")

    def spec(self) -> SlipSpec:
        return SlipSpec(
            player=self.player,
            word=self.word,
            reference=self.reference,
            score=self.score,
            notation=self.notation,
            late=self.late,
            illegible=self.illegible,
        )
