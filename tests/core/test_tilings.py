"""A move's tilings where its letters also write a digraph tile, and one-tile
fields that name a digraph without its brackets (issue 32, item 9)."""

from __future__ import annotations

import pytest

from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import parse_coord
from adjudicator.core.tilings import MAX_TILINGS, fitting_moves, move_tilings, notation
from adjudicator.errors import BadBoardError, MissesStartError, OffBoardError


@pytest.fixture(scope="module")
def rules(registry):
    return registry.ruleset("scrabble-es")


def tilings(rules, word: str) -> list[str]:
    alphabet = rules.alphabet
    tiles = alphabet.tokenize(word, extra={".": None})
    return [notation(alphabet, tiling) for tiling in move_tilings(alphabet, tiles)]


@pytest.mark.parametrize(
    "word,expected",
    [
        ("CHICO", ["[CH]ICO", "CHICO"]),
        ("[CH]ICO", ["[CH]ICO"]),
        ("chico", ["[ch]ico", "chico"]),
        ("ChICO", ["ChICO"]),  # a letter and a blank are no digraph tile
        ("CH.LL", ["[CH].[LL]", "[CH].LL", "CH.[LL]", "CH.LL"]),
        ("CHH", ["[CH]H", "CHH"]),
        ("LLL", ["[LL]L", "LLL"]),
        ("PERRO", ["PE[RR]O", "PERRO"]),
        ("PE[RR]O", ["PE[RR]O"]),
        ("SOL", ["SOL"]),
    ],
)
def test_move_tilings(rules, word, expected):
    assert tilings(rules, word) == expected


def test_an_alphabet_without_spelled_digraphs_has_one_tiling(registry):
    catalan = registry.ruleset("scrabble-ca").alphabet
    tiles = catalan.tokenize("NYL·L")
    assert move_tilings(catalan, tiles) == [tiles]


def test_many_places_keep_the_letters_as_written(rules):
    found = tilings(rules, "CH" * 7)
    assert len(found) == MAX_TILINGS
    assert found[0] == "[CH]" * 7 and found[-1] == "CH" * 7


def test_fitting_moves_keep_legal_tilings_only(rules):
    alphabet = rules.alphabet
    board = Board.empty(15, 15)
    found = move_tilings(alphabet, alphabet.tokenize("CHICO"))
    fits = fitting_moves(board, parse_coord("8E"), found, rules)
    assert [notation(alphabet, tiles) for tiles, _ in fits] == ["[CH]ICO", "CHICO"]
    # From 8D, [CH]ICO (D to G) misses the centre square; the letters reach it.
    fits = fitting_moves(board, parse_coord("8D"), found, rules)
    assert [len(p.tiles) for _, p in fits] == [5]
    with pytest.raises(MissesStartError):
        fitting_moves(board, parse_coord("8A"), found, rules)
    # None fits: the letters as written say why (CHICO runs off the board from 8L).
    with pytest.raises(OffBoardError):
        fitting_moves(board, parse_coord("8L"), found, rules)


@pytest.mark.parametrize(
    "text,label", [("CH", "[CH]"), ("[CH]", "[CH]"), ("ch", "[ch]"), ("1", "[CH]"), ("C", "C")]
)
def test_one_tile_names_a_digraph_with_or_without_brackets(rules, text, label):
    alphabet = rules.alphabet
    assert alphabet.label(alphabet.one_tile(text)) == label


@pytest.mark.parametrize("text", ["Ch", "CHI", "CC", "[CH]I"])
def test_one_tile_refuses_more_than_one_tile(rules, text):
    assert rules.alphabet.one_tile(text) is None


def test_board_cell_names_a_digraph_without_brackets(rules):
    rows = [["."] * 15 for _ in range(15)]
    rows[7][7], rows[7][8] = "RR", "rr"
    board = parse_board(rows, rules.alphabet, (15, 15))
    assert rules.alphabet.row_text(board.cells[7 * 15 : 8 * 15]) == ".......[RR][rr]......"
    rows[7][7] = "CHI"
    with pytest.raises(BadBoardError, match="more than one tile"):
        parse_board(rows, rules.alphabet, (15, 15))
