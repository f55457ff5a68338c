"""Erudite's moves in several lines against a brute-force oracle.

The oracle knows nothing of groups, zones or word graphs: it puts every
sub-multiset of the rack, in every order, with each blank as every letter, on
every set of empty squares of a small board (any shape: several lines, an L, a
block), and keeps what the scorer finds legal and the word checker valid (what
``POST /score`` with ``validate`` accepts).  The generator's every move must be
exactly those, each with the same score; star swaps too.  On the full board,
the best moves of a search must be the best of every move, and its count, when
exact, their number.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import typing as t

import pytest

from adjudicator.core.board import Board
from adjudicator.core.layout import Layout
from adjudicator.core.movegen import generate
from adjudicator.core.multiline import Move, every_move, search
from adjudicator.core.placement import PlacedTile, Placement, check_placement
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import PlacementError
from adjudicator.services.found_plays import placement_of
from adjudicator.services.word_graphs import words_for
from tests.core.test_movegen_oracle import options_of, play_out, small

Key = tuple[frozenset[tuple[int, int, int]], frozenset[tuple[int, int, int]]]


def corner(rules: Ruleset, size: int) -> Ruleset:
    """The ruleset on the top-left ``size`` x ``size`` corner of its board."""
    layout = rules.layout
    squares = tuple(layout.premium(r, c) for r in range(size) for c in range(size))
    start = (size // 2, size // 2)
    return dataclasses.replace(
        rules, layout=Layout("corner", size, size, start, squares, layout.legend)
    )


def oracle(board: Board, rules: Ruleset, checker: t.Any, rack: list[Tile]) -> dict[Key, int]:
    """Every legal move whose words are all valid, with its score."""
    letters = range(1, rules.alphabet.size + 1)
    judged: dict[tuple[int, ...], bool] = {}

    def valid(tiles: t.Iterable[int]) -> bool:
        key = tuple(x & ~BLANK_BIT for x in tiles)
        if key not in judged:
            judged[key] = checker.judge(key) is None
        return judged[key]

    empty = [
        (r, c) for r in range(board.rows) for c in range(board.cols) if not board.occupied(r, c)
    ]
    found: dict[Key, int] = {}
    for tiles, swaps in options_of(board, rules, rack):
        for k in range(1, len(tiles) + 1):
            subsets = {tuple(sorted(s)) for s in itertools.combinations(tiles, k)}
            for squares in itertools.combinations(empty, k):
                for sub in subsets:
                    # Legality and the words' squares do not depend on the letters:
                    # tried once, a blank standing for the first letter.
                    trial = Placement(
                        tuple(
                            PlacedTile(r, c, x if x != BLANK else 1 | BLANK_BIT)
                            for (r, c), x in zip(squares, sub, strict=True)
                        ),
                        swaps,
                    )
                    try:
                        check_placement(board, trial, rules)
                    except PlacementError:
                        continue
                    shape = score_placement(board, trial, rules)
                    runs = [[(x.row, x.col) for x in w.letters] for w in shape.words]
                    at = {sq: i for i, sq in enumerate(squares)}
                    after = shape.board_after
                    for order in set(itertools.permutations(sub)):
                        choices = [
                            [x | BLANK_BIT for x in letters] if x == BLANK else [x] for x in order
                        ]
                        for chosen in itertools.product(*choices):
                            if not all(
                                valid(chosen[at[sq]] if sq in at else after.get(*sq) for sq in run)
                                for run in runs
                            ):
                                continue
                            placement = Placement(
                                tuple(
                                    PlacedTile(r, c, x)
                                    for (r, c), x in zip(squares, chosen, strict=True)
                                ),
                                swaps,
                            )
                            scored = score_placement(board, placement, rules)
                            assert all(valid(w.tiles) for w in scored.words)
                            found[key_of_placement(placement)] = scored.score
    return found


def key_of_placement(placement: Placement) -> Key:
    return (
        frozenset((p.row, p.col, p.tile) for p in placement.tiles),
        frozenset((s.row, s.col, s.tile) for s in placement.swaps),
    )


def key_of(move: Move) -> Key:
    return frozenset(move.tiles), frozenset(move.swaps)


def generated(board: Board, rules: Ruleset, words: t.Any, rack: list[Tile]) -> dict[Key, int]:
    out: dict[Key, int] = {}
    for move in every_move(board, rules, words, rack):
        key = key_of(move)
        assert key not in out, "a move was generated twice"
        out[key] = move.score
    return out


@pytest.fixture(scope="module")
def erudite(full_registry):
    rules = full_registry.ruleset("erudite-ru")
    name = full_registry.serving("erudite-ru")
    words = words_for(rules, full_registry.lexicons[name], full_registry.graphs[name])
    return rules, words, full_registry.checker("erudite-ru")


def compare(board: Board, rules: Ruleset, words: t.Any, checker: t.Any, rack: str) -> list[Move]:
    tiles = rules.alphabet.rack(rack)
    expected = oracle(board, rules, checker, tiles)
    got = generated(board, rules, words, tiles)
    missing = {k: v for k, v in expected.items() if k not in got}
    extra = {k: v for k, v in got.items() if k not in expected}
    wrong = {k: (got[k], v) for k, v in expected.items() if k in got and got[k] != v}
    assert not missing and not extra and not wrong, (missing, extra, wrong)
    return list(every_move(board, rules, words, tiles))


def several_lines(move: Move) -> tuple[bool, bool]:
    """Whether the move has two groups or more, and a group in two rows and two columns."""
    bent = any(
        len({r for r, _, _ in g.tiles}) > 1 and len({c for _, c, _ in g.tiles}) > 1
        for g in move.groups
    )
    return len(move.groups) > 1, bent


# Positions reached by playing the best one-line plays of random racks on the
# 7x7 corner, and racks that make moves in several lines there (of both kinds).
CASES = [
    (25, 6, "ОРТА"),
    (20, 4, "ОРТА"),
    (24, 4, "ОРТА"),
    (26, 4, "ОРТА"),
    (25, 4, "КО*"),
    (26, 4, "АК*"),
    (20, 6, "ОК*"),
    (29, 3, "ТОЬК"),  # a Ь alone across: no word starts with it
    (29, 3, "СЕЛЬ"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "turns", "rack"), CASES)
def test_every_move_agrees_with_the_oracle(erudite, seed, turns, rack):
    full, words, checker = erudite
    rules = small(full)
    board = play_out(rules, words, seed, turns)
    moves = compare(board, rules, words, checker, rack)
    kinds = [several_lines(m) for m in moves]
    assert any(two for two, _ in kinds) and any(bent for _, bent in kinds)


def test_a_block_of_new_tiles(erudite):
    """Four new tiles in a square (ЯД over МИ: four words of two letters, and
    ЯМА down to the board's А): a group whose words form a cycle."""
    full, words, checker = erudite
    rules = corner(full, 5)
    alphabet = rules.alphabet
    board = Board.empty(5, 5).place([(4, 1, alphabet.tokenize("А")[0])])
    moves = compare(board, rules, words, checker, "ЯДМИ")
    block = {(2, 1, "Я"), (2, 2, "Д"), (3, 1, "М"), (3, 2, "И")}
    assert any({(r, c, alphabet.label(x)) for r, c, x in m.tiles} == block for m in moves)


@pytest.mark.parametrize(("star_rack", "extra"), [("КОТ*", "ЕИ"), ("РОС*", "ОТ")])
def test_star_swaps_with_moves_in_several_lines(erudite, star_rack, extra):
    """A star on the board and its letter on the rack: moves in several lines
    that swap it back and play it somewhere, as the oracle finds them."""
    full, words, checker = erudite
    rules = small(full)
    before = play_out(rules, words, 20, 2)
    with_star = [
        p
        for p in generate(before, rules, words, rules.alphabet.rack(star_rack))
        if any(x & BLANK_BIT for x in p.tiles)
    ]
    best = max(with_star, key=lambda p: (p.score, p.tiles))
    board = score_placement(before, placement_of(best), rules).board_after
    star = next(x for x in best.tiles if x & BLANK_BIT) & ~BLANK_BIT
    moves = compare(board, rules, words, checker, rules.alphabet.label(star) + extra)
    assert any(m.swaps and len(m.groups) > 1 for m in moves)


def full_board_positions(
    rules: Ruleset, words: t.Any, seed: int, turns: int
) -> list[tuple[Board, list[Tile]]]:
    """Real-looking positions on the 15x15 board: each turn's best one-line play
    of racks drawn from the bag, and the rack of the next turn."""
    rng = random.Random(seed)
    alphabet = rules.alphabet
    bag = [x for x in range(1, alphabet.size + 1) for _ in range(alphabet.count(x))]
    rng.shuffle(bag)
    board, rack, out = Board.empty(15, 15), [], []
    for _ in range(turns):
        while len(rack) < 7 and bag:
            rack.append(bag.pop())
        if not board.is_empty:
            out.append((board, list(rack)))
        plays = generate(board, rules, words, rack)
        if not plays:
            rack = []
            continue
        best = max(plays, key=lambda p: (p.score, p.tiles))
        placement = placement_of(best)
        board = score_placement(board, placement, rules).board_after
        for p in placement.tiles:
            rack.remove(p.tile)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 5])
def test_the_best_are_the_best_of_every_move(erudite, seed):
    """Mid-game on the full board: the search's best 20 are the best 20 of every
    move (ties at the 20th included), and its count, when exact, their number;
    and every move (one in five, for time) is legal, scores what it says and
    forms valid words, by the scorer and the checker."""
    rules, words, checker = erudite
    better = 0
    for board, rack in full_board_positions(rules, words, seed, 9)[::2]:
        every = sorted(every_move(board, rules, words, rack), key=lambda m: -m.score)
        for move in every[::5]:
            scored = score_placement(board, placement_of(move), rules)
            assert scored.score == move.score, move
            assert all(checker.judge(x & ~BLANK_BIT for x in w.tiles) is None for w in scored.words)
        found = search(board, rules, words, rack, 20)
        assert found.best_exact
        floor = every[min(19, len(every) - 1)].score
        assert {key_of(m) for m in found.best} == {key_of(m) for m in every if m.score >= floor}
        assert [m.score for m in found.best] == sorted((m.score for m in found.best), reverse=True)
        assert found.count_exact and found.count == len(every)
        assert found.bingo == any(m.placed >= rules.bingo_min_tiles for m in every)
        one_line = max(p.score for p in generate(board, rules, words, rack))
        assert every[0].score >= one_line
        better += every[0].score > one_line
    assert better  # a move in several lines is the best somewhere


def test_a_budget_makes_the_answer_say_so(erudite):
    rules, words, _ = erudite
    board, rack = full_board_positions(rules, words, 0, 8)[-1]
    whole = search(board, rules, words, rack, 5)
    cut = search(board, rules, words, rack, 5, budget=2_000)
    assert whole.count_exact and whole.best_exact
    assert not cut.count_exact and not cut.best_exact
    assert cut.count < whole.count
