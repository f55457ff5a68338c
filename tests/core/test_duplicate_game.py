"""A Duplicate game folded from its events: corrections, the checks an imported
record goes through, and events written before slips kept what was written."""

import pytest

from adjudicator.core.duplicate import SlipIn, SlipRuling
from adjudicator.core.duplicate_events import slip_data, tiles_data
from adjudicator.core.duplicate_game import Phase, replay
from adjudicator.core.references import parse_reference
from adjudicator.errors import InvalidDuplicateRecordError


@pytest.fixture(scope="module")
def fr(registry):
    return registry.ruleset("scrabble-fr")


def draw(fr, letters, **more):
    tiles = [t for t in fr.alphabet.rack(letters)]
    return ("draw", {"tiles": tiles_data(fr.alphabet, tiles), "typed": True, **more})


def a_slip(fr, player, score=10, word="MINEES"):
    ruling = SlipRuling(player, None, score)
    written = SlipIn(player, word, parse_reference("H4"), score)
    return ("slip", slip_data(fr.alphabet, ruling, written))


def test_corrections_replace_and_withdraw_keeping_numbers(fr):
    fix = {
        "round": 1,
        "number": 0,
        "slip": slip_data(fr.alphabet, SlipRuling(0, None, 18), SlipIn(0, "MINEES", None, 18)),
    }
    events = [
        draw(fr, "MEEISAN"),
        a_slip(fr, 0),
        a_slip(fr, 1),
        ("slip-fix", fix),
        ("slip-fix", {"round": 1, "number": 1, "slip": None}),
    ]
    state = replay(fr, ["Ann", "Bob"], events)
    first, second = state.rounds[0].slips
    assert (first.ruling.score, first.corrected, first.written.word) == (18, True, "MINEES")
    assert second.ruling is None
    assert [n for n, _ in state.settled()[0]] == [0]
    with pytest.raises(InvalidDuplicateRecordError) as info:
        replay(fr, ["Ann", "Bob"], [*events, ("slip-fix", {**fix, "number": 1})])
    assert info.value.extras()["event"] == 5


def test_a_typed_draw_replaced_while_its_round_is_open(fr):
    state = replay(fr, ["Ann"], [draw(fr, "MEEISAS"), ("draw-fix", draw(fr, "MEEISAN")[1])])
    assert state.phase == Phase.PLAY and state.rounds[0].redrawn
    assert fr.alphabet.render(state.rounds[0].draw) == "AEEIMNS"


@pytest.mark.parametrize(
    ("events", "index"),
    [
        ([("slip", {})], 0),  # a slip before any draw
        ([("close", {"top": None, "ends": False})], 0),
        ([("end", {"reason": "draw"}), ("end", {"reason": "draw"})], 1),
        ([("tip", {})], 0),
        ([("replay", {"of": "x", "rounds": []}), ("replay", {"of": "x", "rounds": []})], 1),
    ],
)
def test_events_out_of_place(fr, events, index):
    with pytest.raises(InvalidDuplicateRecordError) as info:
        replay(fr, ["Ann"], events)
    assert info.value.extras()["event"] == index


def test_draws_the_bag_cannot_give(fr):
    for letters in ("ZZAEIOU", "MEEISANS"):  # one Z; eight tiles
        with pytest.raises(InvalidDuplicateRecordError):
            replay(fr, ["Ann"], [draw(fr, letters)])


def test_a_slip_for_a_player_the_game_does_not_have(fr):
    with pytest.raises(InvalidDuplicateRecordError) as info:
        replay(fr, ["Ann"], [draw(fr, "MEEISAN"), a_slip(fr, 3)])
    assert "no player 3" in info.value.detail


def test_events_written_before_slips_kept_what_was_written(fr):
    """The first slice's events: no ``written``, no ``rejected``, a warning's
    penalty stored with the slip (settled again on reading)."""
    old_slip = {
        "player": 0,
        "null": None,
        "score": 18,
        "warnings": ["wrong-score"],
        "penalties": [["warnings", 5]],
        "placement": None,
        "coord": {"row": 7, "col": 3, "direction": "across"},
        "invalid_words": [],
    }
    old_draw = (
        "draw",
        {"tiles": tiles_data(fr.alphabet, fr.alphabet.rack("MEEISAN")), "typed": False},
    )
    state = replay(fr, ["Ann"], [old_draw, ("slip", old_slip)])
    (slip,) = state.rounds[0].slips
    assert slip.written is None and state.rounds[0].rejected is False
    assert state.settled()[0][0][1].penalties == ()  # the first warning is free


def test_a_replays_draws_and_tops_are_checked_as_a_game(fr):
    from adjudicator.core.duplicate_events import top_data
    from adjudicator.core.duplicate_top import Top
    from adjudicator.core.placement import PlacedTile, Placement

    z = fr.alphabet.one_tile("Z")
    placed = Placement((PlacedTile(7, 7, z), PlacedTile(7, 8, z)))
    bad_top = Top(parse_reference("H8"), (z, z), placed, 20)  # no Z in the draw
    rounds = [{"tiles": draw(fr, "MEEISAN")[1]["tiles"], "top": top_data(fr.alphabet, bad_top)}]
    with pytest.raises(InvalidDuplicateRecordError) as info:
        replay(fr, ["Ann"], [("replay", {"of": "x", "rounds": rounds})])
    assert info.value.extras()["event"] == 0
