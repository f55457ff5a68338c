"""The move generator against a brute-force oracle.

The oracle knows nothing of anchors, cross-checks or the word graph: it puts
every subset of the rack, in every order, with each blank as every letter, on
every set of empty squares of every row and column of a small board, and keeps
what the scorer (``score_placement``) finds legal and the word checker finds
valid: what ``POST /score`` with ``validate`` accepts.  The generator must find
exactly those plays, each with the same score.  English, Erudite (stars, and a
star swapped back) and Spanish (digraph tiles), on empty boards and on
positions reached by playing a few moves.

Erudite lets a move lay words in several lines; this generator finds the plays
in one line, so the oracle keeps those: its new tiles in one row or column with
no empty square between them (tests/core/test_multiline_oracle.py checks the
moves in several lines).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import typing as t

import pytest

from adjudicator.core.board import Board
from adjudicator.core.layout import Layout
from adjudicator.core.movegen import Found, generate
from adjudicator.core.placement import PlacedTile, Placement, Swap, check_placement
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import PlacementError
from adjudicator.services.found_plays import placement_of
from adjudicator.services.word_graphs import words_for

SIZE = 7
Key = tuple[frozenset[tuple[int, int, int]], frozenset[tuple[int, int, int]]]


def small(rules: Ruleset) -> Ruleset:
    """The ruleset on the top-left 7x7 corner of its board (every kind of
    premium), the start square at (3, 3), and a bingo from three tiles."""
    layout = rules.layout
    squares = tuple(layout.premium(r, c) for r in range(SIZE) for c in range(SIZE))
    corner = Layout("corner", SIZE, SIZE, (3, 3), squares, layout.legend)
    return dataclasses.replace(rules, layout=corner, bingo_min_tiles=3)


def key_of(placement: Placement) -> Key:
    return (
        frozenset((p.row, p.col, p.tile) for p in placement.tiles),
        frozenset((s.row, s.col, s.tile) for s in placement.swaps),
    )


def one_line(placement: Placement, board: Board) -> bool:
    """New tiles in one row or column, with no empty square between them."""
    rows = {p.row for p in placement.tiles}
    cols = {p.col for p in placement.tiles}
    if len(rows) > 1 and len(cols) > 1:
        return False
    squares = {(p.row, p.col) for p in placement.tiles}
    first, last = min(squares), max(squares)
    for r in range(first[0], last[0] + 1):
        for c in range(first[1], last[1] + 1):
            if (r, c) not in squares and not board.occupied(r, c):
                return False
    return True


def options_of(
    board: Board, rules: Ruleset, rack: list[Tile]
) -> list[tuple[list[Tile], tuple[Swap, ...]]]:
    """The rack as it is, and after each set of star swaps it can make: the
    tiles it then holds (a blank per star taken) and the swaps."""
    options: list[tuple[list[Tile], tuple[Swap, ...]]] = [(rack, ())]
    if rules.star_swap:
        stars = [
            (r, c)
            for r in range(board.rows)
            for c in range(board.cols)
            if board.get(r, c) & BLANK_BIT
        ]
        for n in range(1, len(stars) + 1):
            for chosen in itertools.combinations(stars, n):
                left = list(rack)
                swaps = []
                for r, c in chosen:
                    letter = board.get(r, c) & ~BLANK_BIT
                    if letter not in left:
                        break
                    left.remove(letter)
                    swaps.append(Swap(r, c, letter))
                else:
                    options.append((left + [BLANK] * n, tuple(swaps)))
    return options


def oracle(board: Board, rules: Ruleset, checker: t.Any, rack: list[Tile]) -> dict[Key, int]:
    letters = range(1, rules.alphabet.size + 1)
    options = options_of(board, rules, rack)
    lines = [[(r, c) for c in range(SIZE)] for r in range(SIZE)]
    lines += [[(r, c) for r in range(SIZE)] for c in range(SIZE)]
    found: dict[Key, int] = {}
    for tiles, swaps in options:
        for k in range(1, len(tiles) + 1):
            orders = set(itertools.permutations(tiles, k))
            for line in lines:
                empty = [sq for sq in line if not board.occupied(*sq)]
                for squares in itertools.combinations(empty, k):
                    for order in orders:
                        choices = [
                            [x | BLANK_BIT for x in letters] if x == BLANK else [x] for x in order
                        ]
                        # Whether the squares make a legal placement does not depend
                        # on what a blank stands for: tried once, with the first letter.
                        first = tuple(options[0] for options in choices)
                        trial = Placement(
                            tuple(
                                PlacedTile(r, c, x)
                                for (r, c), x in zip(squares, first, strict=True)
                            ),
                            swaps,
                        )
                        try:
                            check_placement(board, trial, rules)
                        except PlacementError:
                            continue
                        for chosen in itertools.product(*choices):
                            placement = Placement(
                                tuple(
                                    PlacedTile(r, c, x)
                                    for (r, c), x in zip(squares, chosen, strict=True)
                                ),
                                swaps,
                            )
                            try:
                                scored = score_placement(board, placement, rules)
                            except PlacementError:
                                continue
                            if not scored.words or not one_line(placement, board):
                                continue
                            if all(
                                checker.judge(x & ~BLANK_BIT for x in w.tiles) is None
                                for w in scored.words
                            ):
                                found[key_of(placement)] = scored.score
    return found


def generated(board: Board, rules: Ruleset, words: t.Any, rack: list[Tile]) -> dict[Key, int]:
    plays = generate(board, rules, words, rack)
    out = {key_of(placement_of(p)): p.score for p in plays}
    assert len(out) == len(plays), "a play was generated twice"
    return out


def play_out(rules: Ruleset, words: t.Any, seed: int, turns: int, blanks_to_keep: int = 0) -> Board:
    """A position: a few best plays of random racks from the bag (real-looking:
    real words crossing on real premiums)."""
    rng = random.Random(seed)
    alphabet = rules.alphabet
    bag = [x for x in range(1, alphabet.size + 1) for _ in range(alphabet.count(x))]
    bag += [BLANK] * blanks_to_keep
    rng.shuffle(bag)
    board = Board.empty(SIZE, SIZE)
    for _ in range(turns):
        rack = [bag.pop() for _ in range(5)]
        plays = generate(board, rules, words, rack)
        if not plays:
            continue
        best = max(plays, key=lambda p: (p.score, p.tiles))
        board = score_placement(board, placement_of(best), rules).board_after
    return board


@pytest.fixture(scope="module")
def setup(full_registry):
    def make(name: str) -> tuple[Ruleset, t.Any, t.Any]:
        rules = small(full_registry.ruleset(name))
        lexicon_name = full_registry.serving(name)
        lexicon = full_registry.lexicons[lexicon_name]
        words = words_for(rules, lexicon, full_registry.graphs[lexicon_name])
        return rules, words, full_registry.checker(name)

    return make


def rack_of(rules: Ruleset, text: str) -> list[Tile]:
    return rules.alphabet.rack(text)


def compare(board: Board, rules: Ruleset, words: t.Any, checker: t.Any, rack: str) -> int:
    tiles = rack_of(rules, rack)
    # The checker judges with the ruleset's own rules; the small board changes none.
    expected = oracle(board, rules, checker, tiles)
    got = generated(board, rules, words, tiles)
    missing = {k: v for k, v in expected.items() if k not in got}
    extra = {k: v for k, v in got.items() if k not in expected}
    wrong = {k: (got[k], v) for k, v in expected.items() if k in got and got[k] != v}
    assert not missing and not extra and not wrong, (missing, extra, wrong)
    return len(expected)


@pytest.mark.parametrize(
    ("seed", "turns", "rack"),
    [(0, 0, "AET"), (0, 0, "Q?I"), (1, 3, "EST"), (2, 4, "AR?"), (3, 5, "ONE"), (4, 3, "??")],
)
def test_english_agrees_with_the_oracle(setup, seed, turns, rack):
    rules, words, checker = setup("scrabble-en")
    board = play_out(rules, words, seed, turns)
    assert compare(board, rules, words, checker, rack) > 0 or turns == 0


@pytest.mark.parametrize(
    ("seed", "turns", "rack"),
    [(0, 0, "[CH]AO"), (5, 3, "[LL]A?"), (6, 4, "[RR]OE"), (7, 3, "CHE")],
)
def test_spanish_digraphs_agree_with_the_oracle(setup, seed, turns, rack):
    rules, words, checker = setup("scrabble-es")
    board = play_out(rules, words, seed, turns)
    compare(board, rules, words, checker, rack)


@pytest.mark.parametrize(("seed", "turns", "rack"), [(0, 0, "КОТ"), (8, 3, "АК*"), (9, 4, "ОРТ")])
def test_erudite_agrees_with_the_oracle(setup, seed, turns, rack):
    rules, words, checker = setup("erudite-ru")
    board = play_out(rules, words, seed, turns)
    compare(board, rules, words, checker, rack)


def test_erudite_star_swaps_agree_with_the_oracle(setup):
    """A star on the board, and the rack holds the letter it stands for: the
    plays that swap it back (and play it) are found, each as the oracle scores it."""
    rules, words, checker = setup("erudite-ru")
    board = play_out(rules, words, 10, 3, blanks_to_keep=0)
    # Play a star: the best first play of a rack with one.
    empty = Board.empty(SIZE, SIZE)
    with_star = [
        p
        for p in generate(empty, rules, words, rack_of(rules, "КОТ*"))
        if any(x & BLANK_BIT for x in p.tiles)
    ]
    best = max(with_star, key=lambda p: (p.score, p.tiles))
    board = score_placement(empty, placement_of(best), rules).board_after
    star = next(x for x in best.tiles if x & BLANK_BIT) & ~BLANK_BIT
    rack = rules.alphabet.label(star) + "АО"
    tiles = rack_of(rules, rack)
    plays = generate(board, rules, words, tiles)
    assert any(p.swaps for p in plays), "no play swaps the star back"
    compare(board, rules, words, checker, rack)


def test_every_found_play_is_one_the_scorer_accepts_on_a_full_board(full_registry):
    """On the real 15x15 board, a full rack: every play the generator finds is
    legal, scores what it says, and forms only valid words."""
    rules = full_registry.ruleset("scrabble-en")
    lexicon = full_registry.lexicons["en-enable"]
    words = words_for(rules, lexicon, full_registry.graphs["en-enable"])
    checker = full_registry.checker("scrabble-en")
    board = Board.empty(15, 15)
    rng = random.Random(3)
    bag = [x for x in range(1, 27) for _ in range(rules.alphabet.count(x))] + [BLANK]
    rng.shuffle(bag)
    seen = 0
    for _ in range(6):
        rack = [bag.pop() for _ in range(7)]
        plays: list[Found] = generate(board, rules, words, rack)
        for p in plays:
            scored = score_placement(board, placement_of(p), rules)
            assert scored.score == p.score
            assert all(checker.judge(x & ~BLANK_BIT for x in w.tiles) is None for w in scored.words)
        seen += len(plays)
        if plays:
            best = max(plays, key=lambda p: (p.score, p.tiles))
            board = score_placement(board, placement_of(best), rules).board_after
    assert seen > 1000


def test_a_withdrawal_marks_only_the_play_it_takes_back(setup):
    """The referee takes back the last play only when it is the withdrawing
    player's; the analysis follows it."""
    from adjudicator.core.analysis import analyse
    from adjudicator.core.events import Play, Withdrawal

    rules, words, _ = setup("scrabble-en")

    def across(row, col, word):
        return tuple((row, col + i, ch) for i, ch in enumerate(word))

    events = [
        Play(player=0, placement=across(3, 1, "CAT"), rack="CATSEEN"),
        Play(player=1, placement=across(4, 1, "AX"), rack="AXEEIOU"),
        Withdrawal(player=0),  # Ann's play is no longer the last: nothing is taken back
    ]
    turns = analyse(rules, ["Ann", "Bob"], events, words)
    assert [t.withdrawn for t in turns] == [False, False]
    assert turns[1].score > 0
    taken = analyse(rules, ["Ann", "Bob"], [*events[:2], Withdrawal(player=1)], words)
    assert [t.withdrawn for t in taken] == [False, True] and taken[1].score == 0
