"""Duplicate rulings: every nullity, warning and penalty, the top, the standings."""

import pytest

from adjudicator.core.board import Board
from adjudicator.core.duplicate import Nullity, Penalty, SlipIn, SlipWarning, rule_slip
from adjudicator.core.duplicate_draw import can_meet, counts, meets, seeded_draw
from adjudicator.core.duplicate_top import choose_top
from adjudicator.core.movegen import Found
from adjudicator.core.references import parse_reference
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT

WORDS = {"SEMAINE", "MINEES", "MINE", "AMIE", "AMIES", "SEMA", "PUBLIERA"}


@pytest.fixture(scope="module")
def fr(registry):
    return registry.ruleset("scrabble-fr")


def rack(rules, text):
    return [t & ~BLANK_BIT if t != BLANK else BLANK for t in rules.alphabet.rack(text)]


def empty(rules):
    return Board.empty(15, 15)


def is_word(rules):
    return lambda tiles: rules.alphabet.render(tiles) in WORDS


def rule(rules, word, ref, score=None, draw="MEEISAN", board=None, round_no=1, **kw):
    slip = SlipIn(0, word, parse_reference(ref) if ref else None, score, **kw)
    board = board or empty(rules)
    return rule_slip(rules, board, rack(rules, draw), slip, is_word(rules), round_no=round_no)


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


# -- what the rules recover: a reference wrong or missing, the last letter -------
#
# The FISF's amendment of 1 January 2016 (art. 5.3.1, "Modification du règlement
# au 1er janvier 2016 : exemples pour l'application"): from the second move, a
# slip whose reference is wrong, unreadable or missing is worth its score less
# 5 points when the word is written in full and the written score is that of a
# valid place of the word, in the direction written; and so is a slip that left
# off (or changed) the word's last letter, already on the board, when the score
# is that of the word in full.  Its examples are PUBLIERA on move 3 of a board
# we could not read (167 points, at A1): without a reference and with a wrong
# one (H1), 167 - 5 = 162; without a reference and a score no place gives (90), zero.
# The same cases here, on a board of our own.


@pytest.fixture(scope="module")
def semaine(fr):
    """SEMAINE at H2 (the first move of the club page's example)."""
    ruling = rule(fr, "SEMAINE", "H2", 70)
    return score_placement(empty(fr), ruling.placement, fr).board_after


def publiera(fr, board, word="PUBLIERA", ref="5A", score=None, draw="PUBLIER", **kw):
    return rule(fr, word, ref, score, draw=draw, board=board, round_no=kw.pop("round_no", 2), **kw)


def test_the_2016_examples_a_reference_missing_or_wrong(fr, semaine):
    right = publiera(fr, semaine)
    assert (right.null, right.penalties) == (None, ())
    for ref in (None, "9A"):  # no reference; a wrong one in the same direction
        ruled = publiera(fr, semaine, ref=ref, score=right.score)
        assert ruled.null is None and ruled.coord == right.coord
        assert ruled.penalties == ((Penalty.REFERENCE_OFF, 5),)
        assert ruled.points == right.score - 5
    # No reference and a score no place of the word gives: zero.
    assert publiera(fr, semaine, ref=None, score=right.score + 1).null == Nullity.ILLEGAL_PLACEMENT
    # On the first move the amendment does not apply.
    first = publiera(fr, semaine, ref=None, score=right.score, round_no=1)
    assert first.null == Nullity.ILLEGAL_PLACEMENT


def test_a_wrong_reference_in_the_other_direction_is_not_recovered(fr, semaine):
    right = publiera(fr, semaine)
    assert publiera(fr, semaine, ref="A5", score=right.score).null is not None


def test_the_last_letter_on_the_board_left_off_or_changed(fr, semaine):
    whole = publiera(fr, semaine)
    for written in ("PUBLIER", "PUBLIERE"):
        ruled = publiera(fr, semaine, word=written, score=whole.score)
        assert ruled.null is None and ruled.placement == whole.placement
        assert ruled.penalties == ((Penalty.FINAL_LETTER, 5),)
    # Not at the score of the word in full: the word is not written in full.
    assert publiera(fr, semaine, word="PUBLIER", score=whole.score - 1).null == Nullity.NOT_IN_FULL


def test_a_score_that_fits_several_places_is_ambiguous(fr, semaine):
    anything = lambda tiles: True  # noqa: E731
    draw = rack(fr, "MEEISAN")

    def at(ref, score=None, round_no=2):
        slip = SlipIn(0, "AMIE", parse_reference(ref) if ref else None, score)
        return rule_slip(fr, semaine, draw, slip, anything, round_no=round_no)

    scores: dict[int, list[str]] = {}
    for row in "ABCDEFGHIJKLMNO":
        for col in range(1, 16):
            for ref in (f"{row}{col}", f"{col}{row}"):
                ruled = at(ref)
                if ruled.null is None:
                    scores.setdefault(ruled.score, []).append(ref)
    shared = next(score for score, refs in scores.items() if len(refs) > 1)
    alone = next(score for score, refs in scores.items() if len(refs) == 1)
    assert at(None, shared).null == Nullity.AMBIGUOUS_REFERENCE
    ruled = at(None, alone)
    assert ruled.null is None and ruled.penalties == ((Penalty.REFERENCE_OFF, 5),)


def test_a_square_off_under_the_abridged_rules_reading(fr):
    import dataclasses

    from adjudicator.core.duplicate_rules import ReferenceOff

    beside = dataclasses.replace(
        fr,
        duplicate=dataclasses.replace(
            fr.duplicate, reference_off=ReferenceOff.BESIDE, reference_off_from_round=1
        ),
    )
    ruling = rule(beside, "SEMAINE", "H1", 12)  # the score is not needed
    assert ruling.penalties == ((Penalty.REFERENCE_OFF, 5),)
    assert (ruling.coord.row, ruling.coord.col, ruling.points) == (7, 1, 65)
    assert rule(fr, "SEMAINE", "H1", 70).null == Nullity.ILLEGAL_PLACEMENT  # move 1


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
    top = choose_top(fr, plays)
    assert top.score == 12
    assert (top.coord.row, top.coord.col, top.coord.direction) == (5, 7, "down")
    assert choose_top(fr, []) is None


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
