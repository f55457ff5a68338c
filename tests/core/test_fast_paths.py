"""The scoring path's C-speed shortcuts agree with the general code they skip."""

from __future__ import annotations

import dataclasses
import inspect
import random
import unicodedata

import pytest

from adjudicator import errors
from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import ACROSS, DOWN
from adjudicator.core.placement import PlacedTile, Placement, check_placement
from adjudicator.core.scoring import (
    LetterScore,
    ScoreBreakdown,
    WordScore,
    _word_starts,
    score_placement,
)
from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, count_tiles
from adjudicator.services.plays import (
    _label_tile,
    _labelled,
    _one_tile,
    _single_tiles,
    _tile_labels,
)

RULESETS = ["scrabble-en", "scrabble-pl", "scrabble-ru", "erudite-ru"]


def random_rows(rng: random.Random, alphabet, fill: float = 0.3) -> list[str]:
    labels = [s.label for s in alphabet.letters] + [s.blank_label for s in alphabet.letters]
    return [
        "".join(rng.choice(labels) if rng.random() < fill else "." for _ in range(15))
        for _ in range(15)
    ]


@pytest.mark.parametrize("name", RULESETS)
def test_board_text_round_trip_matches_the_general_path(registry, name):
    alphabet = registry.ruleset(name).alphabet
    rng = random.Random(name)
    for _ in range(50):
        rows = random_rows(rng, alphabet)
        fast = parse_board(rows, alphabet, (15, 15))
        general = parse_board([list(row) for row in rows], alphabet, (15, 15))
        assert fast == general
        assert fast.packed() == bytes(general.cells) == general.packed()
        nfd = [unicodedata.normalize("NFD", row) for row in rows]
        assert parse_board(nfd, alphabet, (15, 15)) == fast
        labels = ["".join(row) for row in general.to_rows(alphabet)]  # the per-cell labels
        assert fast.to_strings(alphabet) == general.to_strings(alphabet) == labels == rows


def test_an_unknown_character_is_still_named(registry):
    alphabet = registry.ruleset("scrabble-en").alphabet
    rows = ["." * 15] * 15
    rows[3] = "....CAT#......."
    with pytest.raises(errors.BadBoardError) as got:
        parse_board(rows, alphabet, (15, 15))
    assert got.value.fields == {"position": {"row": 3, "col": 7}, "character": "#"}


def reference_supply_error(alphabet, cells, placed):
    """The rule as written: the first tile (blanks first) used more than the set holds."""
    tiles = [c for c in cells if c != EMPTY] + placed
    for tile, n in sorted(count_tiles(tiles).items()):
        if n > alphabet.count(tile):
            return (alphabet.label(tile), n, alphabet.count(tile))
    return None


@pytest.mark.parametrize("name", RULESETS)
def test_the_tile_supply_check_matches_the_rule(registry, name):
    rules = registry.ruleset(name)
    alphabet = rules.alphabet
    rng = random.Random(name)
    checked = 0
    for _ in range(200):
        rows = random_rows(rng, alphabet, fill=rng.choice([0.2, 0.5]))
        rows[7] = rows[7][:3] + "." * 5 + rows[7][8:]
        board = parse_board(rows, alphabet, (15, 15))
        letters = rng.sample(range(1, alphabet.size + 1), 4)
        placed = [t | BLANK_BIT if rng.random() < 0.2 else t for t in letters]
        placement = Placement(tuple(PlacedTile(7, 3 + i, t) for i, t in enumerate(placed)))
        want = reference_supply_error(alphabet, board.cells, placed)
        for b in (board, Board(15, 15, board.cells)):  # with and without packed()
            try:
                check_placement(b, placement, rules)
                got = None
            except errors.TileSupplyError as exc:
                got = (exc.fields["letter"], exc.fields["used"], exc.fields["available"])
            except errors.PlacementError:
                continue
            assert got == want
            checked += 1
    assert checked > 100


def reference_word_starts(after: Board, placement: Placement) -> list[tuple[int, int, str]]:
    """Each tile in (row, col) order walks back to its run's start, across then down."""
    cells, rows, cols = after.cells, after.rows, after.cols
    starts: list[tuple[int, int, str]] = []
    for p in sorted(placement.tiles, key=lambda p: (p.row, p.col)):
        for direction, step, pos, size in ((ACROSS, 1, p.col, cols), (DOWN, cols, p.row, rows)):
            i = p.row * cols + p.col
            while pos > 0 and cells[i - step]:
                pos, i = pos - 1, i - step
            key = (p.row, pos, ACROSS) if direction == ACROSS else (pos, p.col, DOWN)
            if key not in starts and pos + 1 < size and cells[i + step]:
                starts.append(key)
    return starts


def test_word_starts_match_the_tile_by_tile_walk():
    rng = random.Random(7)
    for _ in range(2000):
        cells = [rng.choice([EMPTY, EMPTY, 1, 2]) for _ in range(15 * 15)]
        squares = rng.sample(range(15 * 15), rng.randrange(1, 8))
        for i in squares:
            cells[i] = 3
        after = Board(15, 15, tuple(cells))
        placement = Placement(tuple(PlacedTile(i // 15, i % 15, 3) for i in squares))
        got = _word_starts(after, placement)
        assert [(r, c, d) for r, c, d, _ in got] == reference_word_starts(after, placement)
        for r, c, d, length in got:  # the length reaches the run's last tile
            step, end = (1, c + length) if d == ACROSS else (15, r + length)
            assert all(cells[r * 15 + c + step * k] for k in range(length))
            assert end == 15 or not cells[r * 15 + c + step * length]


@pytest.mark.parametrize("cls", [Board, PlacedTile, LetterScore, WordScore, ScoreBreakdown])
def test_hand_written_inits_take_every_field_in_order(cls):
    names = [f.name for f in dataclasses.fields(cls)]
    assert list(inspect.signature(cls.__init__).parameters)[1:] == names
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(cls(*range(len(names))), names[0], 1)


def test_scored_letters_are_plain_letter_scores(registry):
    rules = registry.ruleset("scrabble-en")
    rows = ["." * 15] * 15
    rows[7] = ".......CAt....."
    board = parse_board(rows, rules.alphabet, (15, 15))
    placement = Placement((PlacedTile(6, 9, 19), PlacedTile(8, 9, 15)))  # S above, O below
    b = score_placement(board, placement, rules)
    for word in b.words:
        for letter in word.letters:
            assert vars(letter) == vars(LetterScore(**vars(letter)))
    assert b == score_placement(Board(15, 15, board.cells), placement, rules)
    assert b.board_after.packed() == bytes(b.board_after.cells)


@pytest.mark.parametrize("name", RULESETS)
def test_single_tiles_are_what_one_tile_reads(registry, name):
    rules = registry.ruleset(name)
    table = _single_tiles(rules)
    assert table
    for text, tile in table.items():
        assert _one_tile(rules, text, False, "f") == tile != BLANK


@pytest.mark.parametrize("name", RULESETS)
def test_word_labels_from_the_table_are_what_label_reads(registry, name):
    """A scored word is described from one table look-up per tile; the general
    path (``label()``, used for a tile outside the table) gives the same."""
    alpha = registry.ruleset(name).alphabet
    tiles = [BLANK, *range(1, alpha.size + 1), *(t | BLANK_BIT for t in range(1, alpha.size + 1))]
    letters = tuple(LetterScore(0, i, tile, 1, 1, 1, bool(i % 2)) for i, tile in enumerate(tiles))
    word = WordScore(tuple(tiles), 0, 0, ACROSS, True, letters, 1, len(tiles))
    fast = _labelled(word, _tile_labels(alpha).__getitem__)
    slow = _labelled(word, _label_tile(alpha))
    assert fast == slow
    shown, plain, described = fast
    assert shown == [alpha.label(t) for t in tiles]
    assert plain == [alpha.label(t & ~BLANK_BIT) for t in tiles]
    assert [d["blank"] for d in described] == [bool(t & BLANK_BIT) for t in tiles]
    assert [d["display"] for d in described] == shown
