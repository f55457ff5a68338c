"""What slips finally earn: several slips, warnings past the free ones; the standings."""

import dataclasses

import pytest

from adjudicator.core.duplicate import Nullity, Penalty, SlipRuling, SlipWarning
from adjudicator.core.duplicate_standings import settle, standings

WRONG = (SlipWarning.WRONG_SCORE,)


@pytest.fixture(scope="module")
def fr(registry):
    return registry.ruleset("scrabble-fr")


def test_several_slips_for_one_move_are_all_null(fr):
    rounds = [[SlipRuling(0, None, 30), SlipRuling(1, None, 20), SlipRuling(0, None, 40)]]
    settled = settle(fr, 2, rounds)[0]
    assert [s.null for s in settled] == [Nullity.SEVERAL_SLIPS, None, Nullity.SEVERAL_SLIPS]
    assert [s.points for s in settled] == [0, 20, 0]


def test_warnings_past_three_cost_five_points_each(fr):
    # The abridged rules: 5 points once the player has had three warnings.
    rounds = [[SlipRuling(0, None, 10, WRONG)] for _ in range(5)]
    settled = [r[0] for r in settle(fr, 1, rounds)]
    assert [s.penalties for s in settled] == [(), (), (), *[((Penalty.WARNINGS, 5),)] * 2]
    assert [s.points for s in settled] == [10, 10, 10, 5, 5]


def test_a_withdrawn_warning_frees_the_later_slip(fr):
    """Settled each time the game is read: a correction early changes the later cost."""
    four = [[SlipRuling(0, None, 10, WRONG)] for _ in range(4)]
    assert settle(fr, 1, four)[3][0].points == 5
    four[1] = []  # round 2's slip withdrawn
    assert settle(fr, 1, four)[3][0].points == 10


def test_null_slips_carry_no_warning_and_own_penalties_stay(fr):
    off = ((Penalty.REFERENCE_OFF, 5), (Penalty.WARNINGS, 5))  # a stored warning penalty
    rounds = [
        [SlipRuling(0, Nullity.INVALID_WORD, 0, WRONG)],
        [SlipRuling(0, None, 20, (), off)],
    ]
    settled = settle(fr, 1, rounds)
    assert settled[0][0].penalties == ()
    assert settled[1][0].penalties == ((Penalty.REFERENCE_OFF, 5),)  # warnings re-derived


def test_standings_total_negatif_percent(fr):
    ok = SlipRuling(0, None, 30)
    low = SlipRuling(1, None, 20, penalties=((Penalty.REFERENCE_OFF, 5),))
    twice = [SlipRuling(0, None, 40), SlipRuling(0, None, 40)]
    null = SlipRuling(1, Nullity.INVALID_WORD, 0)
    table = standings(fr, 3, [30, 40], settle(fr, 3, [[ok, low], [*twice, null]]))
    by = {s.player: s for s in table}
    assert (by[0].total, by[0].negatif, by[0].percent) == (30, 40, round(3000 / 70, 2))
    assert (by[1].total, by[1].negatif) == (15, 55)
    assert (by[2].total, by[2].negatif, by[2].percent) == (0, 70, 0.0)
    assert [s.player for s in table] == [0, 1, 2]


def test_solo_bonus_when_the_rules_give_one(fr):
    rules = dataclasses.replace(fr, duplicate=dataclasses.replace(fr.duplicate, solo_bonus=10))
    alone = [SlipRuling(0, None, 30), SlipRuling(1, None, 20)]
    both = [SlipRuling(0, None, 30), SlipRuling(1, None, 30)]
    table = {s.player: s for s in standings(rules, 2, [30, 30], [alone, both])}
    assert (table[0].total, table[0].solos) == (70, 1)
    assert table[1].total == 50
    assert {s.player: s.total for s in standings(fr, 2, [30], [alone])} == {0: 30, 1: 20}
