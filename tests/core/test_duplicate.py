"""Duplicate rulings: every nullity, warning and penalty, the top, the standings."""

import pytest

from adjudicator.core.board import Board
from adjudicator.core.duplicate import (
    Nullity,
    Penalty,
    SlipIn,
    SlipRuling,
    SlipWarning,
    choose_top,
    rule_slip,
    standings,
)
from adjudicator.core.duplicate_draw import can_meet, counts, meets, seeded_draw
from adjudicator.core.movegen import Found
from adjudicator.core.references import parse_reference
from adjudicator.core.tiles import BLANK, BLANK_BIT

WORDS = {"SEMAINE", "MINEES", "MINE", "AMIE", "AMIES", "SEMA"}


@pytest.fixture(scope="module")
def fr(registry):
    return registry.ruleset("scrabble-fr")


def rack(rules, text):
    return [t & ~BLANK_BIT if t != BLANK else BLANK for t in rules.alphabet.rack(text)]


def empty(rules):
    return Board.empty(15, 15)


def is_word(rules):
    return lambda tiles: rules.alphabet.render(tiles) in WORDS


def rule(rules, word, ref, score=None, draw="MEEISAN", board=None, **kw):
    slip_kw = {k: kw.pop(k) for k in ("late", "illegible") if k in kw}
    slip = SlipIn(0, word, parse_reference(ref) if ref else None, score, **slip_kw)
    return rule_slip(rules, board or empty(rules), rack(rules, draw), slip, is_word(rules), **kw)


def test_the_rule_texts_examples(fr):
    # The club page's example (clubsvl.blogspot.com, "le scrabble duplicate, c'est
    # quoi ?"): draw MEEISAN, MINEES in H4 for 18 points, the top SEMAINE in H2 for 70.
    minees = rule(fr, "MINEES", "H4", 18)
    assert (minees.null, minees.score, minees.warnings, minees.points) == (None, 18, (), 18)
    top = rule(fr, "SEMAINE", "H2", 70)
    assert (top.null, top.score, top.points) == (None, 70, 70)


@pytest.mark.parametrize(
    ("word", "ref", "kw", "null"),
    [
        ("", "H4", {}, Nullity.BLANK_SLIP),
        ("  ", None, {}, Nullity.BLANK_SLIP),
        ("MINEES", "H4", {"late": True}, Nullity.LATE),
        ("MINEES", "H4", {"second": True}, Nullity.SEVERAL_SLIPS),
        ("MINEZ", "H4", {}, Nullity.NOT_FROM_DRAW),  # no Z in the draw, no blank
        ("MINEES", "A1", {}, Nullity.ILLEGAL_PLACEMENT),  # misses the star, not beside it
        ("MINEES", None, {}, Nullity.ILLEGAL_PLACEMENT),  # no reference
        ("MINEES", "H12", {}, Nullity.ILLEGAL_PLACEMENT),  # off the board
        ("NIMES", "H4", {}, Nullity.INVALID_WORD),
    ],
)
def test_nullities(fr, word, ref, kw, null):
    ruling = rule(fr, word, ref, 18, **kw)
    assert ruling.null == null
    assert (ruling.score, ruling.points) == (0, 0)


def test_an_invalid_word_is_named(fr):
    ruling = rule(fr, "NIMES", "H4", 10)
    assert [fr.alphabet.render(w) for w in ruling.invalid_words] == ["NIMES"]


def test_wrong_or_missing_score_is_a_warning_at_the_real_score(fr):
    wrong = rule(fr, "MINEES", "H4", 20)
    assert (wrong.null, wrong.score, wrong.warnings) == (None, 18, (SlipWarning.WRONG_SCORE,))
    missing = rule(fr, "MINEES", "H4", None)
    assert missing.warnings == (SlipWarning.SCORE_MISSING,)
    assert missing.points == 18


def test_unmarked_blank_is_a_warning(fr):
    # The draw has a blank, not the S: the uncircled S is the blank.
    ruling = rule(fr, "MINEES", "H4", 16, draw="MEEI?AN")
    assert ruling.null is None
    assert SlipWarning.UNMARKED_BLANK in ruling.warnings
    assert any(p.tile & BLANK_BIT for p in ruling.placement.tiles)


def test_circled_blank_is_the_blank(fr):
    ruling = rule(fr, "MINEEs", "H4", 16, draw="MEEI?AN")
    assert (ruling.null, ruling.warnings, ruling.score) == (None, (), 16)


def test_another_letter_circled_is_a_warning(fr):
    ruling = rule(fr, "mINEES", "H4", 18)  # no blank in the draw: the M is the M
    assert ruling.warnings == (SlipWarning.WRONG_LETTER_MARKED,)
    assert ruling.score == 18


def test_illegible_is_a_warning(fr):
    assert rule(fr, "MINEES", "H4", 18, illegible=True).warnings == (SlipWarning.ILLEGIBLE,)


def test_reference_a_square_off_costs_a_penalty(fr):
    # SEMAINE written at H1 runs from column 1 over the star at H8? No: H1..H7
    # misses it; one square along, H2, is the play.
    ruling = rule(fr, "SEMAINE", "H1", 70)
    assert ruling.null is None
    assert ruling.penalties == ((Penalty.REFERENCE_OFF, 5),)
    assert ruling.points == 65
    assert (ruling.coord.row, ruling.coord.col) == (7, 1)


def test_warnings_past_three_cost_five_points_each(fr):
    # The abridged rules: 5 points once the player has had three warnings.
    assert rule(fr, "MINEES", "H4", 1, earlier_warnings=2).penalties == ()
    fourth = rule(fr, "MINEES", "H4", 1, earlier_warnings=3)
    assert fourth.penalties == ((Penalty.WARNINGS, 5),)
    assert fourth.points == 13


def found(score, row, col, across, tiles, new):
    return Found(score, across, row, col, tuple(tiles), new, bin(new).count("1"))


def test_top_is_the_highest_then_keeps_the_blank(fr):
    a = fr.alphabet.rack("AMIE")
    with_blank = [a[0] | BLANK_BIT, *a[1:]]
    plays = [
        found(10, 7, 7, True, a, 0b1111),
        found(12, 7, 4, True, with_blank, 0b1111),
        found(12, 6, 7, False, a, 0b1111),
        found(12, 5, 7, False, a, 0b1111),
    ]
    top = choose_top(fr, empty(fr), plays)
    assert top.score == 12
    assert (top.coord.row, top.coord.col, top.coord.direction) == (5, 7, "down")
    assert choose_top(fr, empty(fr), []) is None


def test_standings_total_negatif_percent_and_several_slips(fr):
    ok = SlipRuling(0, None, 30)
    low = SlipRuling(1, None, 20, penalties=((Penalty.REFERENCE_OFF, 5),))
    null = SlipRuling(1, Nullity.INVALID_WORD, 0)
    twice = [SlipRuling(0, None, 40), SlipRuling(0, None, 40)]
    table = standings(fr, 3, [30, 40], [[ok, low], [*twice, null]])
    by = {s.player: s for s in table}
    assert (by[0].total, by[0].negatif, by[0].percent) == (30, 40, round(3000 / 70, 2))
    assert (by[1].total, by[1].negatif) == (15, 55)
    assert (by[2].total, by[2].negatif, by[2].percent) == (0, 70, 0.0)
    assert [s.player for s in table] == [0, 1, 2]


def test_solo_bonus_when_the_rules_give_one(fr):
    import dataclasses

    rules = dataclasses.replace(fr, duplicate=dataclasses.replace(fr.duplicate, solo_bonus=10))
    alone = [SlipRuling(0, None, 30), SlipRuling(1, None, 20)]
    both = [SlipRuling(0, None, 30), SlipRuling(1, None, 30)]
    table = {s.player: s for s in standings(rules, 2, [30, 30], [alone, both])}
    assert (table[0].total, table[0].solos) == (70, 1)
    assert table[1].total == 50
    assert {s.player: s.total for s in standings(fr, 2, [30], [alone])} == {0: 30, 1: 20}


# -- draws ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draw", "round_no", "ok"),
    [
        ("MEEISAN", 1, True),
        ("AEIOUST", 1, True),
        ("AEIOUS?", 1, False),  # one consonant; the blank is neither
        ("BCDFGAE", 15, True),
        ("BCDFGHA", 15, False),  # one vowel up to the 15th move
        ("BCDFGHA", 16, True),  # one of each after it
        ("BCDFGH?", 16, False),
        ("BCDFGYA", 15, True),  # Y is the second vowel
        ("AEIOUYB", 15, True),  # Y is the second consonant
        ("AEIOUY?", 16, True),
        ("AEIOUE?", 16, False),
    ],
)
def test_draw_minimums(fr, draw, round_no, ok):
    assert meets(fr, rack(fr, draw), round_no) is ok


def test_counts(fr):
    c = counts(fr, rack(fr, "AEYBC??"))
    assert (c.vowels, c.consonants, c.either) == (2, 2, 1)


def test_seeded_draw_is_reproducible_and_valid(fr):
    bag = rack(fr, "AAAAAAAAAEEEEEEEEEEEEEEEIIIIIIIIBBCCDDDFFGGHHJKLLLLLMMMNNNNNN")
    a = seeded_draw(fr, bag, [], 1, "seed")
    assert a == seeded_draw(fr, bag, [], 1, "seed")
    assert a != seeded_draw(fr, bag, [], 1, "other") or a != seeded_draw(fr, bag, [], 2, "seed")
    assert len(a) == 7 and meets(fr, a, 1)


def test_seeded_draw_keeps_the_rack_left(fr):
    bag = rack(fr, "AEIOUBCDFGHJKLMNPRST")
    kept = rack(fr, "ZW")
    draw = seeded_draw(fr, bag, kept, 3, "s")
    for tile in kept:
        assert tile in draw


def test_a_bag_that_cannot_make_a_valid_draw_ends_the_game(fr):
    bag = rack(fr, "BCDFG")
    assert not can_meet(fr, bag, 20)
    assert seeded_draw(fr, bag, [], 20, "s") is None
    import dataclasses

    from adjudicator.core.duplicate_rules import WhenShort

    relax = dataclasses.replace(
        fr, duplicate=dataclasses.replace(fr.duplicate, when_short=WhenShort.RELAX)
    )
    assert sorted(seeded_draw(relax, bag, [], 20, "s")) == sorted(bag)
