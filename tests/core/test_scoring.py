from __future__ import annotations

import pytest

from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import parse_coord
from adjudicator.core.placement import PlacedTile, Placement, Swap, from_move
from adjudicator.core.scoring import score_placement
from tests.conftest import board_rows


def play(rules, move, rows=None):
    board = parse_board(rows, rules.alphabet, (15, 15)) if rows else Board.empty(15, 15)
    coord, word = move.split()
    placement = from_move(
        board, parse_coord(coord), rules.alphabet.tokenize(word, extra={".": None})
    )
    return score_placement(board, placement, rules)


def test_windy_first_move(registry):
    b = play(registry.ruleset("scrabble-en"), "8D WINDY")
    # W on a double letter (D8), the start square doubles the word.
    assert (b.score, b.bingo, b.tiles_placed) == (32, False, 5)
    (word,) = b.words
    assert word.main and word.direction == "across" and (word.row, word.col) == (7, 3)
    assert [(ls.value, ls.letter_multiplier, ls.word_multiplier) for ls in word.letters] == [
        (4, 2, 1),
        (1, 1, 1),
        (1, 1, 1),
        (2, 1, 1),
        (4, 1, 2),
    ]


def test_cross_words_and_premiums_only_under_new_tiles(registry):
    rules = registry.ruleset("scrabble-en")
    rows = board_rows(r7="...WINDY")
    # OX at 9E down? Use a parallel play: row 8 cols 3-4 "OX" makes WO and IX.
    b = play(rules, "9D OX", rows)
    words = {w.tiles and rules.alphabet.render(w.tiles): w.score for w in b.words}
    # OX: O(1) on D9 (double letter at row 8 col 3? no: row 8 col 2 is DL) -> plain
    assert b.words[0].main and rules.alphabet.render(b.words[0].tiles) == "OX"
    assert words == {"OX": 9, "WO": 5, "IX": 9}
    assert b.score == 23


def test_two_triple_words(registry):
    rules = registry.ruleset("scrabble-en")
    rows = ["." * 15 for _ in range(15)]
    rows[0] = "...T" + "." * 11
    b = play(rules, "1A OUT.ASTE", rows)  # A1..H1: both ends are triple-word squares
    main = b.words[0]
    assert main.word_multiplier == 9
    face = sum(ls.value * ls.letter_multiplier for ls in main.letters)
    assert main.score == face * 9


def test_blank_on_premiums(registry):
    rules = registry.ruleset("scrabble-en")
    b = play(rules, "8D wINDY")  # blank w on the double letter
    assert b.words[0].letters[0].value == 0
    assert b.score == (0 + 1 + 1 + 2 + 4) * 2
    b = play(rules, "8H WINDy")  # blank y on... H8 is W: start square DW
    assert b.score == (4 + 1 + 1 + 2 + 0) * 2


def test_bingo_rules(registry):
    en, en9, ru = (registry.ruleset(n) for n in ("scrabble-en", "scrabble-en-9", "scrabble-ru"))
    b = play(en, "8B QUIXOTE")
    assert b.bingo and b.bingo_bonus == 50
    b9 = play(en9, "8A JUKEBOXES")  # 9 tiles with a 9-tile rack
    assert b9.bingo and b9.bingo_bonus == 50 and b9.tiles_placed == 9
    six = play(en9, "8C JUKEBO")
    assert not six.bingo
    r = play(ru, "8B КАРТИНА")
    assert r.bingo and r.bingo_bonus == 15


def test_erudite_star_scores_its_letter(registry):
    erudite, scrabble = registry.ruleset("erudite-ru"), registry.ruleset("scrabble-ru")
    star = play(erudite, "8H Щи")
    assert star.words[0].letters[1].value == 1  # И is worth 1
    blank = play(scrabble, "8H Щи")
    assert blank.words[0].letters[1].value == 0


def test_erudite_several_words_scored_once_each(registry):
    erudite = registry.ruleset("erudite-ru")
    board = parse_board(board_rows(r7=".....КОТ", r9=".....ДОМ"), erudite.alphabet, (15, 15))
    a, y = (erudite.alphabet.tokenize(x)[0] for x in ("А", "Ы"))
    b = score_placement(board, Placement((PlacedTile(6, 5, a), PlacedTile(10, 7, y))), erudite)
    words = sorted(erudite.alphabet.render(w.tiles) for w in b.words)
    assert words == ["АК", "МЫ"]
    assert sum(w.main for w in b.words) == 1
    assert b.score == sum(w.score for w in b.words)


def test_star_swap_scoring(registry):
    erudite = registry.ruleset("erudite-ru")
    board = parse_board(board_rows(r7=".....Кот"), erudite.alphabet, (15, 15))
    o, star_a = erudite.alphabet.tokenize("О")[0], erudite.alphabet.tokenize("а")[0]
    b = score_placement(board, Placement((PlacedTile(8, 7, star_a),), (Swap(7, 6, o),)), erudite)
    # The swap puts a real О on the board; the star replayed as А under Т forms ТА.
    assert erudite.alphabet.render(b.board_after.get(7, c) for c in range(5, 8)) == "КОт"
    assert [erudite.alphabet.render(w.tiles) for w in b.words] == ["та"]
    assert b.score == 1 + 1  # т (star, worth its letter's 1) + а (star, 1): H9 is plain


def test_a_swapped_square_in_a_word_is_not_new(registry):
    """Only the placed tiles are new (and take premiums): a star swapped for its
    letter inside the word is an old tile, like the tiles around it."""
    erudite = registry.ruleset("erudite-ru")
    board = parse_board(board_rows(r7=".....Кот"), erudite.alphabet, (15, 15))
    o, star_a = erudite.alphabet.tokenize("О")[0], erudite.alphabet.tokenize("а")[0]
    b = score_placement(board, Placement((PlacedTile(7, 8, star_a),), (Swap(7, 6, o),)), erudite)
    [word] = b.words
    assert erudite.alphabet.render(word.tiles) == "КОта"
    assert [(ls.col, ls.new) for ls in word.letters] == [
        (5, False),
        (6, False),
        (7, False),
        (8, True),
    ]


@pytest.mark.parametrize("move,score", [("8H AA", 4), ("H8 AA", 4), ("8G ZA", 22)])
def test_simple_scores(registry, move, score):
    assert play(registry.ruleset("scrabble-en"), move).score == score
