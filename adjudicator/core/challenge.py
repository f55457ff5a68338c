"""Challenge rules and what a ruling means for the players.

The rule names follow the usual tournament vocabulary (and macondo's enum):
void, single, double, five_point, ten_point, triple.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.errors import ChallengeNotAllowedError


class ChallengeRule(StrEnum):
    VOID = "void"
    SINGLE = "single"
    DOUBLE = "double"
    FIVE_POINT = "five_point"
    TEN_POINT = "ten_point"
    TRIPLE = "triple"


class Verdict(StrEnum):
    ACCEPTABLE = "acceptable"
    UNACCEPTABLE = "unacceptable"


class BonusPer(StrEnum):
    """What the point rules pay for: each word challenged (WESPA), or the play."""

    WORD = "word"
    PLAY = "play"


class Fate(StrEnum):
    """What becomes of the challenged play."""

    WITHDRAWN = "withdrawn"
    STANDS = "stands"


class Side(StrEnum):
    CHALLENGER = "challenger"
    CHALLENGED = "challenged"


@dataclass(frozen=True, slots=True, kw_only=True)
class Consequence:
    """What a ruling means for the players (the API answers it as it is)."""

    rule: ChallengeRule
    play: Fate
    score_removed: bool = False
    challenged_turn_over: bool = False
    challenger_loses_turn: bool = False
    points_to_challenged: int = 0
    loses_game: Side | None = None
    summary: str


@dataclass(frozen=True, slots=True)
class Ruling:
    verdict: Verdict
    consequence: Consequence


def rule_on(
    all_valid: bool,
    rule: ChallengeRule,
    words_challenged: int,
    bonus_per: BonusPer = BonusPer.WORD,
) -> Ruling:
    """The ruling on a challenge of ``words_challenged`` words.

    :param bonus_per: what the point rules pay for.
    :raises ChallengeNotAllowedError: under ``void``.
    """
    if rule is ChallengeRule.VOID:
        raise ChallengeNotAllowedError(rule)
    verdict = Verdict.ACCEPTABLE if all_valid else Verdict.UNACCEPTABLE
    return Ruling(verdict, _consequence(all_valid, rule, words_challenged, bonus_per))


def _consequence(
    all_valid: bool, rule: ChallengeRule, words_challenged: int, bonus_per: BonusPer
) -> Consequence:
    name = rule
    if rule is ChallengeRule.TRIPLE:
        loser = Side.CHALLENGER if all_valid else Side.CHALLENGED
        return Consequence(
            rule=name,
            play=Fate.STANDS if all_valid else Fate.WITHDRAWN,
            score_removed=not all_valid,
            challenged_turn_over=not all_valid,
            loses_game=loser,
            summary=f"the {loser} loses the game (triple challenge)",
        )
    if not all_valid:
        # Under every rule a withdrawn play ends the challenged player's turn.
        return Consequence(
            rule=name,
            play=Fate.WITHDRAWN,
            score_removed=True,
            challenged_turn_over=True,
            summary="the play is withdrawn and scores nothing; "
            "the challenged player's turn is over",
        )
    if rule is ChallengeRule.DOUBLE:
        return Consequence(
            rule=name,
            play=Fate.STANDS,
            challenger_loses_turn=True,
            summary="the play stands; the challenger loses their next turn",
        )
    if rule is ChallengeRule.SINGLE:
        return Consequence(rule=name, play=Fate.STANDS, summary="the play stands; no penalty")
    each = 5 if rule is ChallengeRule.FIVE_POINT else 10
    per_word = bonus_per == BonusPer.WORD
    points = each * (words_challenged if per_word else 1)
    per = f"{each} per word challenged" if per_word else f"{each} per play"
    return Consequence(
        rule=name,
        play=Fate.STANDS,
        points_to_challenged=points,
        summary=f"the play stands; the challenged player gets +{points} ({per})",
    )
