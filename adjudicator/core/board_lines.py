"""A board's lines for the several-line search (:mod:`.shapes`): each square's
neighbours along a row and a column, the letters each empty square takes with
the board's tiles alone, and a group's runs and score.

Directions are 0 (across, along a row) and 1 (down, along a column); squares
are indices into the row-major board; -1 is off the board.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.cross_checks import cross_checks
from adjudicator.core.movegen import Words, tile_values

if t.TYPE_CHECKING:
    from adjudicator.core.board import Board
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Lines:
    rows: int
    cols: int
    nxt: tuple[list[int], list[int]]  # the next square that way
    prv: tuple[list[int], list[int]]  # the previous square that way
    # The letters (a bit per letter id) an empty square takes for its run that
    # way with the board's tiles alone; -1 when no tile is beside it that way.
    checks: tuple[list[int], list[int]]
    values: list[int]  # a tile's points, by tile id
    letter_mult: list[int]
    word_mult: list[int]

    @classmethod
    def of(cls, board: Board, rules: Ruleset, words: Words) -> Lines:
        rows, cols = board.rows, board.cols
        n = rows * cols
        cells = bytes(board.cells)
        values = tile_values(rules)
        transposed = bytes(cells[r * cols + c] for c in range(cols) for r in range(rows))
        down, _ = cross_checks(words, values, cells, transposed, rows, cols)
        t_across, _ = cross_checks(words, values, transposed, cells, cols, rows)
        across = [t_across[(q % cols) * rows + q // cols] for q in range(n)]
        return cls(
            rows,
            cols,
            (
                [q + 1 if (q + 1) % cols else -1 for q in range(n)],
                [q + cols if q + cols < n else -1 for q in range(n)],
            ),  # fmt: skip
            (
                [q - 1 if q % cols else -1 for q in range(n)],
                [q - cols if q >= cols else -1 for q in range(n)],
            ),  # fmt: skip
            (across, down),
            values,
            [p.letter for p in rules.layout.squares],
            [p.word for p in rules.layout.squares],
        )

    def stretch(self, cells: bytearray, q: int, d: int) -> tuple[int, int]:
        """The first and last squares of the tiles around ``q`` along ``d``."""
        before, after = self.prv[d], self.nxt[d]
        p0 = q
        while before[p0] >= 0 and cells[before[p0]]:
            p0 = before[p0]
        p1 = q
        while after[p1] >= 0 and cells[after[p1]]:
            p1 = after[p1]
        return p0, p1

    def span(self, d: int, p0: int, p1: int) -> t.Iterator[int]:
        """The squares from ``p0`` to ``p1`` along ``d``."""
        q = p0
        while True:
            yield q
            if q == p1:
                return
            q = self.nxt[d][q]

    def reach(self, cells: bytearray, go: list[int], p: int, most: int) -> tuple[int, int]:
        """The empty squares from ``p`` along ``go`` (at most ``most``), and the
        tile that ends them (-1: the edge, or none within reach)."""
        r, free = go[p], 0
        while r >= 0 and free < most:
            if cells[r]:
                return free, r
            free, r = free + 1, go[r]
        return free, -1

    def group(
        self, cells: bytearray, new: bytearray, placed: t.Sequence[int]
    ) -> tuple[int, tuple[int, int]] | None:
        """A group's score (its runs' points, premiums under its new tiles) and
        its first board run (by direction, then square); None when it lies in
        one line, or touches no tile of the board."""
        cols = self.cols
        if len({p // cols for p in placed}) == 1 or len({p % cols for p in placed}) == 1:
            return None
        values, lmul, wmul = self.values, self.letter_mult, self.word_mult
        runs: set[tuple[int, int]] = set()
        first: tuple[int, int] | None = None
        score = 0
        for p in placed:
            for d in (0, 1):
                p0, p1 = self.stretch(cells, p, d)
                if p0 == p1 or (d, p0) in runs:
                    continue
                runs.add((d, p0))
                points, times, old = 0, 1, False
                for r in self.span(d, p0, p1):
                    v = values[cells[r]]
                    if new[r]:
                        v *= lmul[r]
                        times *= wmul[r]
                    else:
                        old = True
                    points += v
                score += points * times
                if old and (first is None or (d, p0) < first):
                    first = (d, p0)
        return None if first is None else (score, first)
