"""Every legal tile play of a rack on a board: Appel and Jacobson's algorithm.

For each line (every row, then every column through a transposed board) the
generator finds the *anchors*, the empty squares next to a tile (the start
square on an empty board), and the *cross-checks*: the letters each empty
square takes so that the word across the line is accepted too, with the points
of that word's old tiles.  From each anchor it grows a left part out of the
rack over the empty squares before it that are no anchors, then extends right
through the board's tiles, following the word graph (:mod:`.dawg`), and keeps
every word that ends on an accepting arc.  Each play is found once: at its
first anchor, and a one-tile play only in the direction in which it forms its
main word (across when it forms words both ways, as :mod:`.scoring` says).

Scores are added up as the tiles go down, exactly as :mod:`.scoring` scores a
placement: premiums under new tiles only, each cross word with its own word
premium, a blank worth what the ruleset says, the bingo bonus from its minimum.
A star swap (a ruleset's ``star_swap``) is tried for every set of stars whose
letters the rack holds: the letter goes on the star's square and the star into
the rack, and only plays that put down as many blanks as stars taken count.
"""

from __future__ import annotations

import itertools
import typing as t
from dataclasses import dataclass

from adjudicator.core.board import Board
from adjudicator.core.cross_checks import cross_checks, graph_step, walk
from adjudicator.core.dawg import ACCEPTS, CHILD_SHIFT, LABEL_MASK, LAST, WordGraph
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Found:
    """One play: its score and main word (``tiles`` with the board's own tiles,
    ``new`` a bit per position placed from the rack), and the stars swapped."""

    score: int
    across: bool
    row: int  # the main word's first square
    col: int
    tiles: tuple[Tile, ...]
    new: int
    placed: int
    swaps: tuple[tuple[int, int, Tile], ...] = ()


@dataclass(frozen=True, slots=True)
class Words:
    """A word graph variant as a ruleset's tiles see it: the root arc, and the
    label of each letter id (0: the graph never spells it) and back."""

    graph: WordGraph
    root: int
    label_of: tuple[int, ...]  # indexed by letter id
    tile_of: tuple[int, ...]  # indexed by label

    @classmethod
    def of(cls, graph: WordGraph, root: int, key_chars: t.Sequence[str]) -> Words:
        """``key_chars[i]`` is letter ``i + 1``'s lexicon key character."""
        label_of = [0] + [graph.label(c) for c in key_chars]
        tile_of = [0] * (LABEL_MASK + 1)
        for tile, label in enumerate(label_of):
            if label:
                tile_of[label] = tile
        return cls(graph, root, tuple(label_of), tuple(tile_of))

    def accepts(self, tiles: t.Iterable[Tile]) -> bool:
        """Whether the graph holds the word these tiles spell (blanks as their letters)."""
        end = walk(self.graph.arcs, self.root, bytes(tiles), self.label_of)
        return end is not None and bool(end[1])


def generate(board: Board, rules: Ruleset, words: Words, rack: t.Sequence[Tile]) -> list[Found]:
    """Every legal single-line play of ``rack`` (letter ids, ``BLANK`` for a
    blank) on ``board``, in no particular order.  The rack is taken as it is:
    the caller checks it against the tile set."""
    found: list[Found] = []
    for option in swap_options(board, rules, rack):
        _generate(option.board, rules, words, option.rack, option.swaps, found, len(option.swaps))
    return found


def line_plays(board: Board, rules: Ruleset, words: Words, rack: t.Sequence[Tile]) -> list[Found]:
    """Every single-line play of ``rack`` on ``board`` as it stands: no star
    swapped, and no blank required (a several-line move's part)."""
    found: list[Found] = []
    _generate(board, rules, words, rack, (), found, 0)
    return found


class SwapOption(t.NamedTuple):
    """The board and rack after swapping some stars (none: the board as it is)."""

    board: Board
    rack: list[Tile]
    swaps: tuple[tuple[int, int, Tile], ...]  # row, col, letter


def swap_options(board: Board, rules: Ruleset, rack: t.Sequence[Tile]) -> list[SwapOption]:
    """The board as it is, then (a ruleset's ``star_swap``) every set of stars
    whose letters the rack holds swapped: the letters on the stars' squares,
    the stars on the rack as blanks.  A play after a swap must put down at
    least as many blanks as stars taken."""
    options = [SwapOption(board, list(rack), ())]
    if not rules.star_swap:
        return options
    stars = [i for i, cell in enumerate(board.cells) if cell & BLANK_BIT]
    for n in range(1, len(stars) + 1):
        for chosen in itertools.combinations(stars, n):
            letters = [board.cells[i] & ~BLANK_BIT for i in chosen]
            left = list(rack)
            try:
                for letter in letters:
                    left.remove(letter)
            except ValueError:
                continue  # the rack lacks a star's letter
            cells = bytearray(board.cells)
            for i, letter in zip(chosen, letters, strict=True):
                cells[i] = letter
            swaps = tuple(
                (i // board.cols, i % board.cols, letter)
                for i, letter in zip(chosen, letters, strict=True)
            )
            swapped = Board(board.rows, board.cols, bytes(cells))
            options.append(SwapOption(swapped, left + [BLANK] * n, swaps))
    return options


def tile_values(rules: Ruleset) -> list[int]:
    """A tile's points on the board, blank or not, by tile id."""
    alphabet = rules.alphabet
    values = [0] * (BLANK_BIT * 2)
    for letter in range(1, alphabet.size + 1):
        values[letter] = alphabet.score(letter)
        values[letter | BLANK_BIT] = values[letter] if rules.blank_scores_letter else 0
    return values


def _generate(
    board: Board,
    rules: Ruleset,
    words: Words,
    rack: t.Sequence[Tile],
    swaps: tuple[tuple[int, int, Tile], ...],
    found: list[Found],
    need_blanks: int,
) -> None:
    """Add to ``found`` every play of one board and rack that puts down at least
    ``need_blanks`` blanks (the stars ``swaps`` took)."""
    alphabet, layout = rules.alphabet, rules.layout
    values = tile_values(rules)
    counts = [0] * (alphabet.size + 1)
    for tile in rack:
        counts[tile] += 1
    rows, cols = board.rows, board.cols
    letter_mult = [p.letter for p in layout.squares]
    word_mult = [p.word for p in layout.squares]
    transposed = bytes(board.cells[r * cols + c] for c in range(cols) for r in range(rows))
    t_letter = [letter_mult[r * cols + c] for c in range(cols) for r in range(rows)]
    t_word = [word_mult[r * cols + c] for c in range(cols) for r in range(rows)]
    first = board.is_empty
    start = layout.start[0] * cols + layout.start[1]
    t_start = layout.start[1] * rows + layout.start[0]
    lines = _Lines(rules, words, values, counts, found, swaps, need_blanks)
    lines.run(board.cells, transposed, rows, cols, letter_mult, word_mult, True, first, start)
    lines.run(transposed, board.cells, cols, rows, t_letter, t_word, False, first, t_start)


class _Lines:
    """The generator's state for one rack on one board, one direction at a time."""

    def __init__(
        self,
        rules: Ruleset,
        words: Words,
        values: list[int],
        counts: list[int],
        found: list[Found],
        swaps: tuple[tuple[int, int, Tile], ...],
        need_blanks: int,
    ) -> None:
        self.words = words
        self.need_blanks = need_blanks
        self.values = values
        self.counts = counts
        self.found = found
        self.swaps = swaps
        self.bingo_min = rules.bingo_min_tiles if rules.bingo_bonus > 0 else 1 << 30
        self.bingo_bonus = rules.bingo_bonus
        self.first_min = rules.first_play_min_tiles

    def run(
        self,
        cells: bytes,
        other: bytes,
        rows: int,
        cols: int,
        letter_mult: list[int],
        word_mult: list[int],
        across: bool,
        first: bool,
        start: int,
    ) -> None:
        """Every play along the lines of ``cells`` (rows of ``cols`` squares)."""
        masks, sums = cross_checks(self.words, self.values, cells, other, rows, cols)
        arcs, root = self.words.graph.arcs, self.words.root
        label_of, tile_of, values, counts = (
            self.words.label_of,
            self.words.tile_of,
            self.values,
            self.counts,
        )
        found, swaps = self.found, self.swaps
        bingo_min, bingo_bonus = self.bingo_min, self.bingo_bonus
        min_new = self.first_min if first else 1
        need_blanks = self.need_blanks
        word: list[int] = []

        def record(
            base: int, col: int, msum: int, wmul: int, xtotal: int, nnew: int, solo: int
        ) -> None:
            # A one-tile play that forms a word across is the across pass's; a
            # one-letter "main word" is no word (the tile's word runs the other way).
            length = len(word)
            if length < 2 or nnew < min_new or (nnew == 1 and not across and sums[solo] >= 0):
                return
            begin = col - length
            new = 0
            blanks = 0
            for k in range(length):
                if not cells[base + begin + k]:
                    new |= 1 << k
                    if word[k] & BLANK_BIT:
                        blanks += 1
            if blanks < need_blanks:
                return
            score = msum * wmul + xtotal + (bingo_bonus if nnew >= bingo_min else 0)
            line = base // cols
            found.append(
                Found(
                    score,
                    across,
                    line if across else begin,
                    begin if across else line,
                    tuple(word),
                    new,
                    nnew,
                    swaps,
                )
            )

        def extend(
            node: int,
            base: int,
            col: int,
            anchor: int,
            msum: int,
            wmul: int,
            xtotal: int,
            nnew: int,
            accepts: int,
            solo: int,
        ) -> None:
            i = base + col
            if col < cols and cells[i]:
                tile = cells[i]
                label = label_of[tile & ~BLANK_BIT]
                j = node
                while j:
                    arc = arcs[j]
                    if arc & LABEL_MASK == label:
                        word.append(tile)
                        extend(
                            arc >> CHILD_SHIFT,
                            base,
                            col + 1,
                            anchor,
                            msum + values[tile],
                            wmul,
                            xtotal,
                            nnew,
                            arc & ACCEPTS,
                            solo,
                        )
                        word.pop()
                        return
                    if arc & LAST:
                        return
                    j += 1
                return
            if accepts and col > anchor:
                record(base, col, msum, wmul, xtotal, nnew, solo)
            if col >= cols:
                return
            allowed = masks[i]
            if not allowed:
                return
            lm, wm, cross = letter_mult[i], word_mult[i], sums[i]
            blanks = counts[BLANK]
            j = node
            while j:
                arc = arcs[j]
                tile = tile_of[arc & LABEL_MASK]
                if tile and (allowed >> tile) & 1:
                    child = arc >> CHILD_SHIFT
                    accepts = arc & ACCEPTS
                    # The same step for the rack's letter and for a blank, written
                    # out twice: one loop over both costs 1.16x to 1.33x on the
                    # records' positions (the common rack has no blank).
                    if counts[tile]:
                        counts[tile] -= 1
                        word.append(tile)
                        v = values[tile] * lm
                        extend(
                            child,
                            base,
                            col + 1,
                            anchor,
                            msum + v,
                            wmul * wm,
                            xtotal + ((cross + v) * wm if cross >= 0 else 0),
                            nnew + 1,
                            accepts,
                            i,
                        )
                        word.pop()
                        counts[tile] += 1
                    if blanks:
                        counts[BLANK] -= 1
                        tile |= BLANK_BIT
                        word.append(tile)
                        v = values[tile] * lm
                        extend(
                            child,
                            base,
                            col + 1,
                            anchor,
                            msum + v,
                            wmul * wm,
                            xtotal + ((cross + v) * wm if cross >= 0 else 0),
                            nnew + 1,
                            accepts,
                            i,
                        )
                        word.pop()
                        counts[BLANK] += 1
                if arc & LAST:
                    break
                j += 1

        def left(node: int, base: int, anchor: int, limit: int) -> None:
            """Extend from the anchor after this left part (``word``), then grow it."""
            msum, wmul = 0, 1
            begin = base + anchor - len(word)
            for k, tile in enumerate(word):
                msum += values[tile] * letter_mult[begin + k]
                wmul *= word_mult[begin + k]
            extend(node, base, anchor, anchor, msum, wmul, 0, len(word), 0, begin)
            if limit == 0:
                return
            blanks = counts[BLANK]
            j = node
            while j:
                arc = arcs[j]
                tile = tile_of[arc & LABEL_MASK]
                if tile:
                    child = arc >> CHILD_SHIFT
                    if counts[tile]:
                        counts[tile] -= 1
                        word.append(tile)
                        left(child, base, anchor, limit - 1)
                        word.pop()
                        counts[tile] += 1
                    if blanks:
                        counts[BLANK] -= 1
                        word.append(tile | BLANK_BIT)
                        left(child, base, anchor, limit - 1)
                        word.pop()
                        counts[BLANK] += 1
                if arc & LAST:
                    break
                j += 1

        rack_tiles = sum(counts)
        for r in range(rows):
            base = r * cols
            previous_anchor = -1
            for c in range(cols):
                i = base + c
                if cells[i]:
                    continue
                if first:
                    is_anchor = i == start
                else:
                    is_anchor = bool(
                        (c > 0 and cells[i - 1]) or (c + 1 < cols and cells[i + 1]) or sums[i] >= 0
                    )
                if not is_anchor:
                    continue
                if c > 0 and cells[i - 1]:
                    # The left part is the board's tiles before the anchor.
                    lo = c - 1
                    while lo > 0 and cells[base + lo - 1]:
                        lo -= 1
                    node: int | None = root
                    msum = 0
                    for k in range(lo, c):
                        tile = cells[base + k]
                        step = graph_step(arcs, node or 0, label_of[tile & ~BLANK_BIT])
                        if step is None:
                            node = None
                            break
                        node = step
                        word.append(tile)
                        msum += values[tile]
                    if node is not None:
                        extend(node, base, c, c, msum, 1, 0, 0, 0, -1)
                    word.clear()
                else:
                    # Empty squares before the anchor that are no anchors: a
                    # square with no neighbour takes any letter.
                    limit = min(c - previous_anchor - 1, rack_tiles - 1)
                    left(root, base, c, max(limit, 0))
                previous_anchor = c
