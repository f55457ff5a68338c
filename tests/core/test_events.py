"""The events and their stored form: every kind reads back as it was written,
in the JSON the database has always held, and a row that does not fit fails loudly."""

from __future__ import annotations

import json

import pytest

from adjudicator.core.challenge import ChallengeRule, Verdict
from adjudicator.core.events import (
    Challenge,
    ChallengeBonus,
    Correction,
    End,
    EventKind,
    Exchange,
    Pass,
    Play,
    RackPoints,
    TimePenalty,
    Withdrawal,
    from_stored,
    with_stored,
)
from adjudicator.core.game_gcg import import_record
from adjudicator.core.gcg import parse_gcg
from adjudicator.errors import EventDataError, GcgPragmaError

TAG = {"adjudication_id": "a1", "verdict": "acceptable", "rule": "double"}
RULED = {"adjudication_id": "a1", "verdict": Verdict.ACCEPTABLE, "rule": ChallengeRule.DOUBLE}

# Each kind as its writers make it, and the ``data`` column that has always held it.
STORED = [
    (
        Play(player=0, rack="WINDYAB", placement=((7, 3, "W"), (7, 4, "i")), move="8D Wi"),
        {"rack": "WINDYAB", "placement": [[7, 3, "W"], [7, 4, "i"]], "move": "8D Wi"},
    ),
    (
        Play(player=1, placement=((8, 6, "Ш"),), swaps=((7, 6, "О"),), recorded=42, write=3),
        {"placement": [[8, 6, "Ш"]], "swaps": [[7, 6, "О"]], "recorded": 42, "write": 3},
    ),
    (Pass(player=1), {}),
    (Pass(player=1, **RULED, lost_turn=True), {**TAG, "lost_turn": True}),
    (Pass(player=2, lost_turn=True, write=4), {"lost_turn": True, "write": 4}),
    (Exchange(player=0, tiles="", count=3), {"tiles": "", "count": 3}),
    (
        Exchange(player=0, rack="ABC", tiles="QV", count=2),
        {"rack": "ABC", "tiles": "QV", "count": 2},
    ),
    (Withdrawal(player=0, **RULED), TAG),
    (ChallengeBonus(player=0, **RULED, points=5), {**TAG, "points": 5}),
    (RackPoints(player=1, tiles="QZ", points=-20), {"tiles": "QZ", "points": -20}),
    (
        RackPoints(player=0, tiles="QZ", points=20, worked_out=("Bob",)),
        {"tiles": "QZ", "points": 20, "worked_out": ["Bob"]},
    ),
    (TimePenalty(player=1, points=-10, write=5), {"points": -10, "write": 5}),
    (Challenge(player=1, **RULED), TAG),
    (Challenge(player=1, **RULED, loses_game=0), {**TAG, "loses_game": 0}),
    (Challenge(player=3, **RULED, loses_next_turn=True), {**TAG, "loses_next_turn": True}),
    (Challenge(player=0, verdict=Verdict.ACCEPTABLE), {"verdict": "acceptable"}),  # hand-written
    (End(player=0), {}),
    (Correction(player=1, voids=(3, 4)), {"voids": [3, 4]}),
]


@pytest.mark.parametrize("event,data", STORED, ids=lambda x: getattr(x, "kind", ""))
def test_the_stored_form_is_the_one_the_database_holds(event, data):
    assert event.to_data() == data
    # Through JSON, as the database gives it back, the same event.
    assert json.loads(json.dumps(event.to_data())) == data
    assert from_stored(event.kind, event.player, json.loads(json.dumps(data))) == event


def test_every_kind_has_its_class():
    assert {type(e).kind for e, _ in STORED} == set(EventKind)


@pytest.mark.parametrize(
    "kind,data,field,problem",
    [
        ("play", {}, "placement", "is missing"),
        ("play", {"placement": [[7, 7, "A"]], "nonsense": 1}, "nonsense", "is unknown"),
        ("play", {"placement": [[7, 7]]}, "placement", "not a list like"),
        ("play", {"placement": [["7", 7, "A"]]}, "placement", "is '7', not an int"),
        ("pass", {"lost_turn": "yes"}, "lost_turn", "is 'yes', not a bool"),
        ("exchange", {"tiles": "", "count": True}, "count", "is True, not an int"),
        ("challenge", {"verdict": "maybe"}, "verdict", "not one of acceptable, unacceptable"),
        ("challenge", {"rule": ["single"]}, "rule", "not one of void, single"),
        ("correction", {"voids": 3}, "voids", "is 3, not a list"),
        ("draw", {}, None, "is no kind of event"),
    ],
)
def test_a_stored_event_that_does_not_fit_fails_loudly(kind, data, field, problem):
    with pytest.raises(EventDataError) as info:
        from_stored(kind, 0, data)
    assert info.value.code == "stored-event"
    assert info.value.fields.get("field") == field and info.value.fields["kind"] == kind
    assert problem in info.value.detail


def test_more_stored_fields_never_override_the_events_own():
    pass_ = Pass(player=1, rack="ABC")
    assert with_stored(pass_, {}) is pass_
    merged = with_stored(pass_, {"rack": "XYZ", "lost_turn": True})
    assert merged == Pass(player=1, rack="ABC", lost_turn=True)


RECORD = "#player1 ann Ann\n#player2 bob Bob\n{pragma}\n>ann: WINDYAB 8D WINDY +32 32\n"


@pytest.mark.parametrize(
    "pragma",
    ['#data {"lost_turn": "yes"}', '#data {"nonsense": 1}', '#event challenge ann {"verdict": 7}'],
)
def test_an_imported_pragma_that_does_not_fit_names_its_line(registry, pragma):
    record = parse_gcg(RECORD.format(pragma=pragma))
    with pytest.raises(GcgPragmaError) as info:
        import_record(record, registry.ruleset("scrabble-en"))
    assert info.value.line == 3 and info.value.text == pragma


def test_imported_pragmas_give_typed_events(registry):
    text = (
        "#player1 ann Ann\n#player2 bob Bob\n>ann: WINDYAB 8D WINDY +32 32\n"
        '#data {"lost_turn": true}\n>bob: ABCDEFG - +0 0\n#event end ann {}\n'
    )
    _, events, _ = import_record(parse_gcg(text), registry.ruleset("scrabble-en"))
    assert events[1:] == [Pass(player=1, rack="ABCDEFG", lost_turn=True), End(player=0)]
