"""Score a placement on a board, and describe it in plain data."""

from __future__ import annotations

import typing as t
import unicodedata
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.board import Board, parse_board
from adjudicator.core.coords import parse_coord
from adjudicator.core.placement import PlacedTile, Placement, Swap, from_move
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import ScoreBreakdown, WordScore, score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.errors import MalformedRequestError, UnknownTileError
from adjudicator.services.words import validate_words

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


@dataclass(frozen=True)
class TileIn:
    """One tile as a client sends it: a square and a label."""

    row: int
    col: int
    letter: str
    blank: bool = False


class SwapIn(t.Protocol):
    """What :func:`read_placement` reads of a star swap: square and letter."""

    @property
    def row(self) -> int: ...
    @property
    def col(self) -> int: ...
    @property
    def letter(self) -> str: ...


class PlacedIn(SwapIn, t.Protocol):
    """What :func:`read_placement` reads of a placed tile: a :class:`TileIn`, or
    the web layer's request models as they are (no copy per request)."""

    @property
    def blank(self) -> bool: ...


def read_board(rules: Ruleset, rows: t.Sequence[str | t.Sequence[str]] | None) -> Board:
    layout = rules.layout
    if rows is None:
        return Board.empty(layout.rows, layout.cols)
    return parse_board(rows, rules.alphabet, (layout.rows, layout.cols))


def _single_tiles(rules: Ruleset) -> t.Mapping[str, int]:
    """The tile of each label, blank label and alias (and folded character) on its
    own, as :func:`_one_tile` reads it: made once per alphabet and fold by
    tokenizing each.  Other text is not in it; :func:`_one_tile` reads that."""
    fold = rules.fold

    def build(alpha: Alphabet) -> dict[str, int]:
        texts = {alpha.blank_label, *fold}
        for spec in alpha.letters:
            texts.update((spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases))
        texts |= {unicodedata.normalize("NFC", text) for text in texts}
        table = {}
        for text in texts:
            try:
                tiles = alpha.tokenize(text, fold=fold)
            except UnknownTileError:
                continue
            if len(tiles) == 1 and tiles[0] is not None:
                table[text] = tiles[0]
        return table

    return rules.alphabet.derived(("single tiles", *fold.items()), build)


def _one_tile(rules: Ruleset, letter: str, blank: bool, field: str) -> int:
    tiles = rules.alphabet.tokenize(letter, fold=rules.fold)
    if len(tiles) != 1 or tiles[0] is None:
        raise MalformedRequestError(
            f"{field}: {letter!r} must be exactly one tile of the {rules.alphabet.name} alphabet",
            field=field,
        )
    return tiles[0] | BLANK_BIT if blank else tiles[0]


def read_placement(
    rules: Ruleset,
    board: Board,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
) -> Placement:
    """Build a :class:`Placement` from tiles or a GCG move like ``8D WIND.``."""
    swapped = tuple(
        Swap(s.row, s.col, _one_tile(rules, s.letter, False, f"swaps[{i}].letter") & ~BLANK_BIT)
        for i, s in enumerate(swaps)
    )
    if move is not None:
        parts = move.split()
        if len(parts) != 2:
            raise MalformedRequestError(
                f"move {move!r} must be a coordinate and a word, like '8D WIND.'", field="move"
            )
        coord = parse_coord(parts[0])
        tiles = rules.alphabet.tokenize(parts[1], fold=rules.fold, extra={".": None})
        return Placement(from_move(board, coord, tiles).tiles, swapped)
    single = _single_tiles(rules)
    placed = []
    for i, p in enumerate(placement or ()):
        row, col, letter = p.row, p.col, p.letter
        try:
            tile = single[letter]
        except (KeyError, TypeError):  # not one label on its own: _one_tile() reads it
            tile = _one_tile(rules, letter, False, f"placement[{i}].letter")
        placed.append(PlacedTile(row, col, tile | BLANK_BIT if p.blank else tile))
    return Placement(tuple(placed), swapped)


def score_play(
    registry: Registry,
    ruleset: str,
    *,
    board: t.Sequence[str | t.Sequence[str]] | None = None,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
    validate: bool = False,
    lexicon_name: str | None = None,
) -> dict[str, t.Any]:
    """Check and score one play; with ``validate`` also check every word formed
    (against ``lexicon_name`` when given, else the ruleset's).

    :raises NotFoundError: unknown ruleset.
    :raises InputError: unreadable board, move or tile.
    :raises PlacementError: the first legality rule the play breaks.
    """
    rules = registry.ruleset(ruleset)
    current = read_board(rules, board)
    play = read_placement(rules, current, placement, move, swaps)
    breakdown = score_placement(current, play, rules)
    result = describe(rules, breakdown)
    if validate:
        validate_words(registry, rules, result, breakdown, lexicon_name)
    return result


def describe(rules: Ruleset, b: ScoreBreakdown) -> dict[str, t.Any]:
    return {
        "ruleset": rules.name,
        "score": b.score,
        "bingo": b.bingo,
        "bingo_bonus": b.bingo_bonus,
        "tiles_placed": b.tiles_placed,
        "words": [_word(rules, w) for w in b.words],
        "board": b.board_after.to_strings(rules.alphabet),
    }


def _word(rules: Ruleset, w: WordScore) -> dict[str, t.Any]:
    try:  # each tile's labels from one table look-up
        shown, plain, letters = _labelled(w, _tile_labels(rules.alphabet).__getitem__)
    except (KeyError, TypeError):  # a tile outside the alphabet: label() says why
        shown, plain, letters = _labelled(w, _label_tile(rules.alphabet))
    return {
        "word": "".join(plain),
        "display": "".join(shown),
        "tiles": shown,
        "score": w.score,
        "main": w.main,
        "row": w.row,
        "col": w.col,
        "direction": w.direction,
        "word_multiplier": w.word_multiplier,
        "letters": letters,
    }


# A tile's labels as a word shows them: (as shown, blanks marked; plain; blank?)
_TileLabels = tuple[str, str, bool]


def _tile_labels(alpha: Alphabet) -> t.Mapping[int, _TileLabels]:
    """:func:`_label_tile` of every tile of the alphabet, made once per alphabet."""

    def build(alpha: Alphabet) -> dict[int, _TileLabels]:
        label = _label_tile(alpha)
        return {tile: label(tile) for tile in alpha.label_table()}

    return alpha.derived("word tile labels", build)


def _label_tile(alpha: Alphabet) -> t.Callable[[int], _TileLabels]:
    def label(tile: int) -> _TileLabels:
        return alpha.label(tile), alpha.label(tile & ~BLANK_BIT), bool(tile & BLANK_BIT)

    return label


def _labelled(
    w: WordScore, labels: t.Callable[[int], _TileLabels]
) -> tuple[list[str], list[str], list[dict[str, t.Any]]]:
    """The word's tiles as shown (blanks marked) and plain, and its letters (one
    per tile, in the same order)."""
    shown, plain, letters = [], [], []
    for ls in w.letters:
        display, letter, blank = labels(ls.tile)
        shown.append(display)
        plain.append(letter)
        letters.append(
            {
                "row": ls.row,
                "col": ls.col,
                "letter": letter,
                "display": display,
                "blank": blank,
                "value": ls.value,
                "new": ls.new,
                "letter_multiplier": ls.letter_multiplier,
                "word_multiplier": ls.word_multiplier,
            }
        )
    return shown, plain, letters
