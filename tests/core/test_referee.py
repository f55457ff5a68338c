"""The referee: turns, phases, and how games end under each ruleset."""

from __future__ import annotations

import pytest

from adjudicator.core.challenge import Verdict
from adjudicator.core.ending import end_adjustments
from adjudicator.core.events import Challenge, Exchange, Pass, Play, Withdrawal
from adjudicator.core.game import AWAITING_END, OVER, PLAYING, new_game
from adjudicator.core.notes import Note, NoteCode
from adjudicator.core.referee import (
    ExchangeNotAllowedError,
    GameOverError,
    NotYourTurnError,
    TileNotOnRackError,
    WrongPhaseError,
    apply,
    lost_turns,
)


def play(player, *cells, rack=None):
    return Play(player=player, placement=cells, rack=rack)


def passes(state, *players):
    for p in players:
        apply(state, Pass(player=p))


def endgame(rules, names=("Ann", "Bob")):
    """A game whose bag is empty, Ann holding two tiles and Bob seven."""
    state = new_game(rules, list(names))
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))  # AT: 2 x 2 = 4
    state.bag = 0
    state.racks = [2, 7]
    apply(state, Pass(player=1))
    return state


def test_turn_order_and_errors(registry):
    state = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    with pytest.raises(NotYourTurnError):
        apply(state, Pass(player=1))
    apply(state, play(0, (7, 7, "Q"), (7, 8, "I")))
    assert (state.scores, state.turn, state.bag) == ([22, 0], 1, 100 - 14 - 2)
    with pytest.raises(TileNotOnRackError):
        apply(state, play(1, (8, 8, "Z"), (9, 8, "A"), rack="ABCDEFG"))


def test_home_rules_player_passes_twice(registry):
    state = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))
    passes(state, 1, 0)
    assert state.status == PLAYING
    passes(state, 1)  # Bob's second pass in a row
    assert (state.status, state.end_reason) == (AWAITING_END, "passes")
    with pytest.raises(WrongPhaseError):
        apply(state, Pass(player=0))
    for e in end_adjustments(state, {0: "QZ", 1: "E"}):
        apply(state, e)
    assert state.status == OVER
    assert state.scores == [4 - 20, 0 - 1]
    with pytest.raises(GameOverError):
        apply(state, Pass(player=0))


def test_home_rules_tie_goes_to_the_score_before_adjustments(registry):
    state = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))  # Ann 4
    apply(state, play(1, (6, 8, "A")))  # AT down, the A on a double letter: Bob 3
    passes(state, 0, 1, 0)
    assert state.status == AWAITING_END
    for e in end_adjustments(state, {0: "E", 1: ""}):
        apply(state, e)
    assert state.scores == [3, 3]  # a tie after the adjustments ...
    assert state.winners() == [0]  # ... goes to the higher score before them (4 v 3)


def test_naspa_going_out_doubles_the_rack_and_can_be_challenged(registry):
    state = endgame(registry.ruleset("scrabble-en-naspa"))
    apply(state, play(0, (8, 7, "S"), (9, 7, "O")))  # ASO down from A: Ann goes out
    assert (state.status, state.end_reason) == (AWAITING_END, "went_out")
    apply(state, Withdrawal(player=0))  # challenged off
    assert state.status == PLAYING and state.racks[0] == 2
    apply(state, Pass(player=1))
    apply(state, play(0, (8, 7, "S"), (9, 7, "O")))
    for e in end_adjustments(state, {1: "QZ"}):
        apply(state, e)
    assert [e.points for e in state.history[-1:]] == [40]
    assert state.status == OVER and state.winners() == [0]


def test_wespa_going_out_adds_and_subtracts(registry):
    state = endgame(registry.ruleset("scrabble-en-wespa"))
    before = list(state.scores)
    apply(state, play(0, (8, 7, "S"), (9, 7, "O")))
    events = end_adjustments(state, {1: "QZ"})
    assert [(e.player, e.points) for e in events] == [(1, -20), (0, 20)]
    for e in events:
        apply(state, e)
    assert state.scores[1] == before[1] - 20


def test_six_scoreless_turns(registry):
    state = new_game(registry.ruleset("scrabble-en-naspa"), ["Ann", "Bob"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))
    for i in range(5):
        p = (i + 1) % 2
        apply(state, Exchange(player=p, tiles="", count=7) if i % 2 else Pass(player=p))
        assert state.status == PLAYING
    apply(state, Pass(player=0))
    assert (state.status, state.end_reason) == (AWAITING_END, "scoreless_turns")
    events = end_adjustments(state, {0: "AB", 1: "C"})
    assert [(e.player, e.points) for e in events] == [(0, -4), (1, -3)]


def test_exchange_needs_tiles_in_the_bag(registry):
    state = endgame(registry.ruleset("scrabble-en"))
    with pytest.raises(ExchangeNotAllowedError):
        apply(state, Exchange(player=0, tiles="", count=2))


def test_erudite_everyone_passes_twice_and_subtracts_only(registry):
    state = new_game(registry.ruleset("erudite-ru"), ["Аня", "Боря"])
    apply(state, play(0, (7, 7, "Д"), (7, 8, "А")))
    passes(state, 1, 0, 1)
    assert state.status == PLAYING  # Аня has passed once only
    passes(state, 0)
    assert state.end_reason == "passes"
    events = end_adjustments(state, {0: "Ъ*", 1: "А"})
    assert [(e.player, e.points) for e in events] == [(0, -15), (1, -1)]


def test_erudite_finish_line(registry):
    rules = registry.ruleset("erudite-ru")
    assert rules.finish_line_targets == {}  # its rule text has no table: any agreed target
    state = new_game(rules, ["Аня", "Боря"], target=70)
    assert state.target == 70
    apply(state, play(0, *[(7, 4 + i, ch) for i, ch in enumerate("ЩЪЮЭФ")]))
    assert state.scores[0] >= 70 and state.status == OVER and state.end_reason == "target"


def test_triple_challenge_ends_the_game(registry):
    state = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))
    apply(state, Challenge(player=1, verdict=Verdict.ACCEPTABLE, loses_game=1))
    assert state.status == OVER and state.winners() == [0]


def test_lenient_replay_flags_instead_of_refusing(registry):
    state = new_game(registry.ruleset("scrabble-en"), ["Ann", "Bob"])
    apply(
        state,
        Play(player=0, placement=((7, 7, "A"), (7, 8, "T")), recorded=5),
        strict=False,
    )
    apply(state, Pass(player=0), strict=False)  # out of turn: accepted, not refused
    assert state.flags and "recorded 5" in state.flags[0]


def test_an_owed_turn_is_lost_when_it_comes_round(registry):
    rules = registry.ruleset("scrabble-en")
    state = new_game(rules, ["Ann", "Bob", "Cat", "Dan"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))
    apply(state, Challenge(player=3, verdict=Verdict.ACCEPTABLE, loses_next_turn=True))
    assert state.owed_turns == [0, 0, 0, 1] and state.turn == 1
    assert lost_turns(state) == []  # Bob is on turn and owes nothing
    passes(state, 1, 2)
    made = lost_turns(state)
    assert made == [Pass(player=3, lost_turn=True)]
    assert state.turn == 0 and state.owed_turns == [0, 0, 0, 0]
    assert state.history[-1].note == Note(NoteCode.TURN_LOST)
    assert state.scoreless_turns == 3  # a lost turn is a scoreless turn


def test_a_withdrawn_play_is_one_more_scoreless_turn_in_the_streak(registry):
    state = new_game(registry.ruleset("scrabble-en-naspa"), ["Ann", "Bob"])
    apply(state, play(0, (7, 7, "A"), (7, 8, "T")))
    passes(state, 1, 0, 1, 0, 1)
    assert state.scoreless_turns == 5 and state.turn == 0
    apply(state, play(0, (6, 8, "A")))  # the sixth turn: a play, then taken back
    assert state.scoreless_turns == 0 and state.status == PLAYING
    apply(state, Withdrawal(player=0))
    assert state.scoreless_turns == 6
    assert (state.status, state.end_reason) == (AWAITING_END, "scoreless_turns")


def test_a_zero_point_play_counts_as_scoreless_only_where_the_rules_say_so(registry):
    import dataclasses

    naspa = registry.ruleset("scrabble-en-naspa")
    blanks = play(0, (7, 7, "q"), (7, 8, "i"))  # two blanks: 0 points
    state = new_game(
        dataclasses.replace(naspa, end_scoreless_turns=2, zero_score_play_is_scoreless=True),
        ["Ann", "Bob"],
    )
    apply(state, blanks)
    assert state.history[-1].points == 0 and state.scoreless_turns == 1
    apply(state, Withdrawal(player=0))  # taken back: still the same one scoreless turn
    assert state.scoreless_turns == 1 and state.status == PLAYING
    passes(state, 1)
    assert (state.status, state.end_reason) == (AWAITING_END, "scoreless_turns")
    off = new_game(dataclasses.replace(naspa, end_scoreless_turns=2), ["Ann", "Bob"])
    apply(off, blanks)
    passes(off, 1)
    assert off.scoreless_turns == 1 and off.status == PLAYING  # the default: a play is a play
