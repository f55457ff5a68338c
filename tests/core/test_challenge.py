from __future__ import annotations

import pytest

from adjudicator.core.challenge import ChallengeRule, rule_on
from adjudicator.errors import ChallengeNotAllowedError


@pytest.mark.parametrize(
    "rule,valid,play,loses_turn,points,loser",
    [
        ("double", False, "withdrawn", False, 0, None),
        ("double", True, "stands", True, 0, None),
        ("single", False, "withdrawn", False, 0, None),
        ("single", True, "stands", False, 0, None),
        ("five_point", False, "withdrawn", False, 0, None),
        ("five_point", True, "stands", False, 10, None),
        ("ten_point", True, "stands", False, 20, None),
        ("triple", True, "stands", False, 0, "challenger"),
        ("triple", False, "withdrawn", False, 0, "challenged"),
    ],
)
def test_consequences(rule, valid, play, loses_turn, points, loser):
    ruling = rule_on(valid, ChallengeRule(rule), words_challenged=2)
    c = ruling.consequence
    assert ruling.verdict == ("acceptable" if valid else "unacceptable")
    assert (c.play, c.challenger_loses_turn, c.points_to_challenged, c.loses_game) == (
        play,
        loses_turn,
        points,
        loser,
    )
    assert c.score_removed == (not valid)


@pytest.mark.parametrize(
    "words,per,points", [(1, "word", 5), (2, "word", 10), (3, "word", 15), (3, "play", 5)]
)
def test_five_point_bonus_per_word_or_play(words, per, points):
    c = rule_on(True, ChallengeRule.FIVE_POINT, words, per).consequence
    assert c.points_to_challenged == points


def test_void_has_no_challenges():
    with pytest.raises(ChallengeNotAllowedError) as info:
        rule_on(True, ChallengeRule.VOID, 1)
    assert info.value.code == "challenge-not-allowed"
