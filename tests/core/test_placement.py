"""One table row per legality rule; assertions on the exception type and fields."""

from __future__ import annotations

import pytest

from adjudicator import errors
from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import parse_coord
from adjudicator.core.placement import PlacedTile, Placement, Swap, check_placement, from_move
from adjudicator.core.tiles import BLANK, BLANK_BIT
from tests.conftest import board_rows

CAT = board_rows(r7=".......CAT")  # CAT at H8-J8 (row 7, cols 7-9)


def tiles(rules, *spec):
    """spec: (row, col, label) -> PlacedTile; lowercase label = blank."""
    out = []
    for row, col, label in spec:
        out.append(PlacedTile(row, col, rules.alphabet.tokenize(label)[0]))
    return Placement(tuple(out))


def board_of(rules, rows):
    return parse_board(rows, rules.alphabet, (15, 15))


ILLEGAL = [
    # (board rows, placement spec, error type, expected fields)
    (None, [], errors.NoTilesPlacedError, {}),
    (None, [(7, 15, "A"), (7, 14, "B")], errors.OffBoardError, {"position": {"row": 7, "col": 15}}),
    (CAT, [(7, 8, "O")], errors.SquareOccupiedError, {"position": {"row": 7, "col": 8}}),
    (None, [(7, 7, "A"), (7, 7, "B")], errors.DuplicateSquareError, {}),
    (None, [(7, 7, "A"), (8, 8, "B")], errors.NotInLineError, {"position": {"row": 8, "col": 8}}),
    (None, [(7, 7, "A"), (7, 9, "B")], errors.GapError, {"position": {"row": 7, "col": 8}}),
    (CAT, [(3, 3, "A"), (3, 4, "T")], errors.NotConnectedError, {"position": {"row": 3, "col": 3}}),
    (None, [(0, 0, "A"), (0, 1, "T")], errors.MissesStartError, {"position": {"row": 7, "col": 7}}),
    (None, [(7, 7, "A")], errors.FirstWordTooShortError, {"minimum": 2}),
    (
        None,
        [(7, c, "A") for c in range(3, 11)],
        errors.TooManyTilesError,
        {"placed": 8, "rack_size": 7},
    ),
    (
        board_rows(r7="...QI"),
        [(8, 3, "Q"), (8, 4, "I")],
        errors.TileSupplyError,
        {"letter": "Q", "used": 2, "available": 1},
    ),
    (
        board_rows(r7="...aB"),
        [(8, 3, "b"), (8, 4, "c"), (8, 5, "d")],
        errors.TileSupplyError,
        {"letter": "?", "used": 4, "available": 2},
    ),
]


@pytest.mark.parametrize("rows,spec,exc,fields", ILLEGAL, ids=[row[2].__name__ for row in ILLEGAL])
def test_illegal_placements(registry, rows, spec, exc, fields):
    rules = registry.ruleset("scrabble-en")
    board = board_of(rules, rows) if rows else Board.empty(15, 15)
    with pytest.raises(exc) as info:
        check_placement(board, tiles(rules, *spec), rules)
    assert type(info.value) is exc
    for key, value in fields.items():
        assert info.value.fields[key] == value
    assert info.value.code  # every rule has its own stable code


def test_every_rule_has_its_own_code():
    codes = [cls.code for cls in errors.PlacementError.__subclasses__()]
    assert len(codes) == len(set(codes))


def test_undesignated_blank(registry):
    rules = registry.ruleset("scrabble-en")
    p = Placement((PlacedTile(7, 7, 1), PlacedTile(7, 8, BLANK)))
    with pytest.raises(errors.BlankNotDesignatedError):
        check_placement(Board.empty(15, 15), p, rules)


LEGAL = [
    (None, [(7, 6, "H"), (7, 7, "I")]),  # first play over the start
    (CAT, [(7, 10, "S")]),  # a hook
    (CAT, [(6, 9, "A"), (8, 9, "O")]),  # through an existing tile, no gap
    (CAT, [(8, 8, "A"), (8, 9, "X")]),  # parallel play
    (CAT, [(7, 5, "S"), (7, 6, "C")]),  # front extension
]


@pytest.mark.parametrize("rows,spec", LEGAL)
def test_legal_placements(registry, rows, spec):
    rules = registry.ruleset("scrabble-en")
    board = board_of(rules, rows) if rows else Board.empty(15, 15)
    check_placement(board, tiles(rules, *spec), rules)


def test_scrabble_keeps_to_one_line_but_erudite_allows_several(registry):
    rows = board_rows(r7=".....КОТ", r9=".....ДОМ")
    scrabble, erudite = registry.ruleset("scrabble-ru"), registry.ruleset("erudite-ru")
    # Two words in different lines, each touching the board: СКОТ? no - add letters
    # above row 7 and below row 9: А over К (АК... down) and Ы under М (МЫ down).
    spec = [(6, 5, "А"), (10, 7, "Ы")]
    with pytest.raises(errors.NotInLineError):
        check_placement(board_of(scrabble, rows), tiles(scrabble, *spec), scrabble)
    check_placement(board_of(erudite, rows), tiles(erudite, *spec), erudite)


def test_erudite_each_new_word_must_touch(registry):
    erudite = registry.ruleset("erudite-ru")
    rows = board_rows(r7=".....КОТ")
    spec = [(6, 5, "А"), (2, 2, "Б"), (2, 3, "А")]  # БА floats
    with pytest.raises(errors.NotConnectedError) as info:
        check_placement(board_of(erudite, rows), tiles(erudite, *spec), erudite)
    assert info.value.fields["position"] == {"row": 2, "col": 2}


def test_erudite_first_move_is_one_line(registry):
    erudite = registry.ruleset("erudite-ru")
    spec = [(7, 7, "Д"), (7, 8, "А"), (9, 9, "Б")]
    with pytest.raises(errors.NotInLineError):
        check_placement(Board.empty(15, 15), tiles(erudite, *spec), erudite)


def test_star_swap_legal_when_star_replayed(registry):
    erudite = registry.ruleset("erudite-ru")
    board = board_of(erudite, board_rows(r7=".....Кот"))  # о is a star
    o = erudite.alphabet.tokenize("О")[0]
    star_as_a = erudite.alphabet.tokenize("а")[0]
    p = Placement((PlacedTile(8, 7, star_as_a),), (Swap(7, 6, o),))  # ТА down
    check_placement(board, p, erudite)


SWAP_ERRORS = [
    ("scrabble-ru", ".....Кот", (7, 6, "О"), True, errors.SwapNotAllowedError),
    ("erudite-ru", ".....КОТ", (7, 6, "О"), True, errors.SwapNotStarError),
    ("erudite-ru", ".....Кот", (7, 6, "А"), True, errors.SwapWrongLetterError),
    ("erudite-ru", ".....Кот", (7, 6, "О"), False, errors.StarNotReplayedError),
]


@pytest.mark.parametrize(
    "ruleset,row7,swap,replay,exc", SWAP_ERRORS, ids=[s[-1].__name__ for s in SWAP_ERRORS]
)
def test_star_swap_errors(registry, ruleset, row7, swap, replay, exc):
    rules = registry.ruleset(ruleset)
    board = board_of(rules, board_rows(r7=row7))
    letter = rules.alphabet.tokenize("А")[0] | (BLANK_BIT if replay else 0)
    r, c, label = swap
    p = Placement((PlacedTile(8, 7, letter),), (Swap(r, c, rules.alphabet.tokenize(label)[0]),))
    with pytest.raises(exc):
        check_placement(board, p, rules)


def test_from_move_play_through_and_repeated_letters(registry):
    rules = registry.ruleset("scrabble-en")
    board = board_of(rules, CAT)
    alpha = rules.alphabet
    dot = from_move(board, parse_coord("J7"), alpha.tokenize("A.E", extra={".": None}))
    repeated = from_move(board, parse_coord("j7"), alpha.tokenize("ATE"))
    assert dot == repeated
    assert [(p.row, p.col) for p in dot.tiles] == [(6, 9), (8, 9)]
    with pytest.raises(errors.PlayThroughEmptyError):
        from_move(board, parse_coord("8A"), alpha.tokenize(".AT", extra={".": None}))
    with pytest.raises(errors.SquareOccupiedError):
        from_move(board, parse_coord("8H"), alpha.tokenize("DOG"))
