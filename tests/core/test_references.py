import pytest

from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.references import Notation, parse_reference, write_reference
from adjudicator.errors import BadCoordinateError


@pytest.mark.parametrize(
    ("text", "coord"),
    [
        ("H4", Coord(7, 3, ACROSS)),  # row H, column 4: across
        ("4H", Coord(7, 3, DOWN)),  # column 4, row H: down
        ("h8", Coord(7, 7, ACROSS)),
        ("H2", Coord(7, 1, ACROSS)),  # the rules' example: SEMAINE en H2
        ("15o", Coord(14, 14, DOWN)),
        ("A1", Coord(0, 0, ACROSS)),
    ],
)
def test_fisf(text, coord):
    assert parse_reference(text) == coord
    assert write_reference(coord) == text.upper()


def test_gcg_is_the_other_way_round():
    # The same text names other squares in the two notations.
    assert parse_reference("8D", Notation.GCG) == Coord(7, 3, ACROSS)
    assert write_reference(Coord(7, 3, ACROSS), Notation.GCG) == "8D"
    assert write_reference(Coord(7, 3, ACROSS)) == "H4"
    assert parse_reference("D8", Notation.GCG) == parse_reference("4H")


@pytest.mark.parametrize("text", ["", "H", "4", "HH", "44", "H0", "0H", "H123", "4-H"])
def test_bad(text):
    with pytest.raises(BadCoordinateError) as info:
        parse_reference(text)
    assert info.value.extras()["coordinate"] == text.strip()
