"""The request models accept what their published schema allows, and no more."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from adjudicator.web.api.request_models import AdjudicationsQuery, EventRequest, TileModel

UTC = dt.UTC


@pytest.mark.parametrize(
    "text,when",
    [
        ("2026-12-01T18:00:00Z", dt.datetime(2026, 12, 1, 18, tzinfo=UTC)),
        ("2026-12-01t18:00:00z", dt.datetime(2026, 12, 1, 18, tzinfo=UTC)),
        ("2016-12-31T23:59:60Z", dt.datetime(2016, 12, 31, 23, 59, 59, tzinfo=UTC)),
        (
            "2026-12-01T18:00:00.25+03:00",
            dt.datetime(2026, 12, 1, 18, 0, 0, 250_000, tzinfo=dt.timezone(dt.timedelta(hours=3))),
        ),
    ],
)
def test_since_takes_rfc3339_times(text, when):
    assert AdjudicationsQuery(since=text).since == when


@pytest.mark.parametrize(
    "text",
    [
        "0.5",
        "0",
        "yesterday",
        "2026-12-01",
        "2026-W48",
        "2026-12-01T18:00:00",
        "2026-13-01T00:00:00Z",
    ],
)
def test_since_refuses_what_is_no_rfc3339_time(text):
    with pytest.raises(ValidationError, match="RFC 3339"):
        AdjudicationsQuery(since=text)


def test_integral_floats_are_integers_and_bounds_hold():
    assert TileModel(row=7.0, col=0, letter="A").row == 7
    for bad in (7.5, "7", True, 64, -1.0):
        with pytest.raises(ValidationError):
            TileModel(row=bad, col=0, letter="A")


def test_racks_are_keyed_by_player_index_in_the_schema_too():
    schema = EventRequest.model_json_schema()["properties"]["racks"]["anyOf"][0]
    assert schema["additionalProperties"] is False and list(schema["patternProperties"]) == [
        "^[0-3]$"
    ]
    with pytest.raises(ValidationError):
        EventRequest(version=0, type="end", player=0, racks={"x": "A"})
