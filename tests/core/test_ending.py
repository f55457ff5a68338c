"""End-of-game racks: checked against the unseen tiles, worked out when they can be."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.core.ending import end_adjustments, end_racks, unseen
from adjudicator.core.events import Play
from adjudicator.core.game import AWAITING_END, new_game
from adjudicator.core.notes import Note, NoteCode
from adjudicator.core.referee import apply
from adjudicator.core.tiles import BLANK
from adjudicator.errors import RackNotUnseenError, RackSizeError


def _went_out(rules, names, racks):
    """WINDY played, then the bag empty and the racks as given (counts)."""
    state = new_game(rules, names)
    apply(state, Play(player=0, placement=tuple((7, 3 + i, ch) for i, ch in enumerate("WINDY"))))
    state.bag = 0
    state.racks = racks
    state.status, state.end_reason = AWAITING_END, "went_out"
    return state


def test_unseen_is_the_set_less_the_board(registry):
    state = _went_out(registry.ruleset("scrabble-en"), ["Ann", "Bob"], [0, 7])
    left = unseen(state)
    alpha = state.rules.alphabet
    assert sum(left.values()) == 100 - 5
    assert left[alpha.tokenize("W")[0]] == 1 and left[BLANK] == 2


def test_the_only_rack_left_is_worked_out(registry):
    rules = registry.ruleset("scrabble-en")
    state = _went_out(rules, ["Ann", "Bob"], [0, 95])
    racks, worked_out = end_racks(state, {})
    assert worked_out == [1] and len(rules.alphabet.rack(racks[1])) == 95
    events = end_adjustments(state, racks)
    assert [e.kind for e in events] == ["rack_points", "rack_points"]


def test_with_three_players_one_rack_given_works_out_the_other(registry):
    rules = registry.ruleset("scrabble-en")
    state = _went_out(rules, ["Ann", "Bob", "Cat"], [0, 2, 93])
    racks, worked_out = end_racks(state, {1: "QZ"})
    assert worked_out == [2] and "Q" not in racks[2] and "Z" not in racks[2]


def test_nothing_is_worked_out_while_two_racks_are_unknown(registry):
    state = _went_out(registry.ruleset("scrabble-en"), ["Ann", "Bob", "Cat"], [0, 2, 93])
    assert end_racks(state, {}) == ({}, [])


@pytest.mark.parametrize(
    "given,error",
    [
        ({1: "WW"}, RackNotUnseenError),  # the one W is on the board
        ({1: "Q"}, RackSizeError),  # Bob holds two tiles
        ({1: "??", 2: "?" + "E" * 92}, RackNotUnseenError),  # three blanks
    ],
)
def test_racks_that_cannot_be(registry, given, error):
    state = _went_out(registry.ruleset("scrabble-en"), ["Ann", "Bob", "Cat"], [0, 2, 93])
    with pytest.raises(error):
        end_racks(state, given)


def test_a_worked_out_rack_says_so(registry):
    state = _went_out(registry.ruleset("scrabble-en"), ["Ann", "Bob"], [0, 95])
    racks, worked_out = end_racks(state, {})
    for event in end_adjustments(state, racks):
        apply(state, dataclasses.replace(event, worked_out=("Bob",)))
    assert state.status == "over"
    assert state.history[-1].note == Note(NoteCode.RACKS_WORKED_OUT, {"names": ("Bob",)})
