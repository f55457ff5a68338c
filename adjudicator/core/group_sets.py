"""Sets of groups that make a move: the best of them and how many there are.

The groups of one board and rack (:mod:`.multiline`) are numbered best score
first, and every set of them a move could hold is a Python integer with one
bit per group.  Two groups may go together when neither has a tile in the
other's *zone*: its own squares and the first empty square from each of its
tiles in each direction past the board's tiles (a tile there would join its
words).  The groups a set may still take are those after its last, clear of
every zone so far, and within the rack's tiles left (a bit set per tile and
number of it); so the count adds a whole level at once with a population
count, and the best are found by a depth-first branch and bound that stops at
the first group whose best possible total (its score, then the best scores of
groups after it for the tiles left) cannot reach the ``limit``-th best so far.
"""

from __future__ import annotations

import heapq
import typing as t

from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.board import Board
    from adjudicator.core.multiline import Group
    from adjudicator.core.ruleset import Ruleset


class Progress:
    """What the searches of one request found so far, over every star swap's pool."""

    def __init__(self, limit: int, budget: int) -> None:
        self.limit = limit
        self.steps = budget
        self.stopped = False
        self.kept: list[tuple[int, int, tuple[int, ...]]] = []  # score, pool, groups
        self.floor = -1  # the limit-th best score so far (-1: fewer than limit found)
        self.count = 0
        self.bingo = False

    def offer(self, score: int, pool: int, chosen: tuple[int, ...]) -> None:
        self.kept.append((score, pool, chosen))
        if len(self.kept) >= 2 * self.limit + 64:
            self._trim()

    def _trim(self) -> None:
        scores = heapq.nlargest(self.limit, (k[0] for k in self.kept))
        if len(scores) == self.limit:
            self.floor = scores[-1]
            self.kept = [k for k in self.kept if k[0] >= self.floor]

    def ranked(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every move kept that scores at least the limit-th best, best first."""
        self._trim()
        return sorted(self.kept, key=lambda k: -k[0])


def _bits(x: int) -> t.Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class Pool:
    """The groups of one board and rack, ready to be combined."""

    def __init__(
        self,
        board: Board,
        rules: Ruleset,
        groups: t.Sequence[Group],
        rack: t.Sequence[Tile],
        need_blanks: int,
    ) -> None:
        rows, cols, cells = board.rows, board.cols, board.cells
        self.order = sorted(range(len(groups)), key=lambda i: -groups[i].score)
        self.need_blanks = need_blanks
        self.bonus = rules.bingo_bonus if rules.bingo_bonus > 0 else 0
        self.bingo_min = rules.bingo_min_tiles if self.bonus else 1 << 30
        kinds = sorted(set(rack))
        slot = {tile: i for i, tile in enumerate(kinds)}
        self.rack = tuple(list(rack).count(tile) for tile in kinds)
        size = len(groups)
        self.all = (1 << size) - 1
        self.scores: list[int] = []
        self.sizes: list[int] = []
        self.blanks: list[int] = []
        self.uses: list[tuple[int, ...]] = []
        self.zones: list[int] = []
        on_square: dict[int, int] = {}
        # over[i][c]: the groups using more than c of the rack's i-th kind of tile
        over = [[0] * (n + 1) for n in self.rack]
        blanks_at_least = [0] * (len(rack) + 2)
        for j, i in enumerate(self.order):
            group = groups[i]
            bit = 1 << j
            use = [0] * len(kinds)
            zone = 0
            for row, col, tile in group.tiles:
                q = row * cols + col
                on_square[q] = on_square.get(q, 0) | bit
                use[slot[BLANK if tile & BLANK_BIT else tile]] += 1
                zone |= 1 << q | _edges(cells, rows, cols, row, col)
            for k, n in enumerate(use):
                for c in range(min(n, len(over[k]))):
                    over[k][c] |= bit
            placed_blanks = use[slot[BLANK]] if BLANK in slot else 0
            for m in range(1, placed_blanks + 1):
                blanks_at_least[m] |= bit
            self.scores.append(group.score)
            self.sizes.append(len(group.tiles))
            self.blanks.append(placed_blanks)
            self.uses.append(tuple(use))
            self.zones.append(zone)
        self.on_square = on_square
        self.over = over
        self.blanks_at_least = blanks_at_least
        self.size_at_least = [0] * (len(rack) + 2)
        for j, n in enumerate(self.sizes):
            for k in range(1, n + 1):
                self.size_at_least[k] |= 1 << j
        self._after: dict[int, int] = {}
        # A step's cost grows with the sets' size: a bit per group.
        self.cost = 1 + size // 1024
        # At most about 8 MiB of them kept: a set takes a bit per group.
        self._keep = max(256, (1 << 26) // max(size, 1))
        self._fits: dict[tuple[int, ...], int] = {}
        self.bound = _bounds(self.scores, self.sizes, sum(self.rack))

    def after(self, j: int) -> int:
        """The groups after group ``j`` that neither touch nor overlap it."""
        x = self._after.get(j)
        if x is None:
            clash = 0
            for q in _bits(self.zones[j]):
                clash |= self.on_square.get(q, 0)
            x = (self.all & ~clash) >> (j + 1) << (j + 1)
            if len(self._after) < self._keep:
                self._after[j] = x
        return x

    def fits(self, rem: tuple[int, ...]) -> int:
        """The groups the tiles ``rem`` can lay."""
        x = self._fits.get(rem)
        if x is None:
            out = 0
            for k, n in enumerate(rem):
                out |= self.over[k][n]
            x = self._fits[rem] = self.all & ~out
        return x

    def best(self, progress: Progress, pool: int) -> None:
        """Offer ``progress`` every move of this pool that may be among the best."""
        scores, sizes, blanks, uses, bound = (
            self.scores,
            self.sizes,
            self.blanks,
            self.uses,
            self.bound,
        )
        bonus, bingo_min, need = self.bonus, self.bingo_min, self.need_blanks

        def dfs(
            cand: int,
            score: int,
            placed: int,
            rem: tuple[int, ...],
            r: int,
            used_blanks: int,
            chosen: tuple[int, ...],
        ) -> bool:
            c = cand & self.fits(rem)
            extra = bonus if placed + r >= bingo_min else 0
            while c:
                low = c & -c
                c ^= low
                j = low.bit_length() - 1
                progress.steps -= self.cost
                if progress.steps < 0:
                    return False
                if score + bound[j][r] + extra < progress.floor:
                    return True  # nor any group after it
                total = score + scores[j]
                p = placed + sizes[j]
                b = used_blanks + blanks[j]
                move = total + (bonus if p >= bingo_min else 0)
                picked = (*chosen, j)
                if b >= need and move >= progress.floor:
                    progress.offer(move, pool, picked)
                if r > sizes[j]:
                    after = cand & self.after(j)
                    if after:
                        left = tuple(a - u for a, u in zip(rem, uses[j], strict=True))
                        if not dfs(after, total, p, left, r - sizes[j], b, picked):
                            return False
            return True

        if not dfs(self.all, 0, 0, self.rack, sum(self.rack), 0, ()):
            progress.stopped = True

    def count(self, progress: Progress) -> None:
        """Add this pool's moves to ``progress.count`` (and whether one is a bingo)."""
        sizes, blanks, uses = self.sizes, self.blanks, self.uses
        need, bingo_min = self.need_blanks, self.bingo_min

        def dfs(cand: int, rem: tuple[int, ...], r: int, used_blanks: int, placed: int) -> bool:
            c = cand & self.fits(rem)
            short = need - used_blanks
            moves = c & self.blanks_at_least[short] if short > 0 else c
            progress.count += moves.bit_count()
            c &= ~self.size_at_least[r]  # the groups that leave a tile to go on with
            if (
                not progress.bingo
                and placed + r >= bingo_min
                and moves & self.size_at_least[max(1, bingo_min - placed)]
            ):
                progress.bingo = True
            while c:
                low = c & -c
                c ^= low
                j = low.bit_length() - 1
                progress.steps -= self.cost
                if progress.steps < 0:
                    return False
                if r > sizes[j]:
                    after = cand & self.after(j)
                    if after:
                        left = tuple(a - u for a, u in zip(rem, uses[j], strict=True))
                        if not dfs(
                            after, left, r - sizes[j], used_blanks + blanks[j], placed + sizes[j]
                        ):
                            return False
            return True

        if not dfs(self.all, self.rack, sum(self.rack), 0, 0):
            progress.stopped = True

    def every(self) -> t.Iterator[tuple[int, tuple[int, ...]]]:
        """Every move: its score and its groups."""
        scores, sizes, blanks, uses = self.scores, self.sizes, self.blanks, self.uses

        def rec(
            cand: int,
            rem: tuple[int, ...],
            r: int,
            used_blanks: int,
            placed: int,
            score: int,
            chosen: tuple[int, ...],
        ) -> t.Iterator[tuple[int, tuple[int, ...]]]:
            for j in _bits(cand & self.fits(rem)):
                b, p, s = used_blanks + blanks[j], placed + sizes[j], score + scores[j]
                if b >= self.need_blanks:
                    yield s + (self.bonus if p >= self.bingo_min else 0), (*chosen, j)
                if r > sizes[j]:
                    left = tuple(a - u for a, u in zip(rem, uses[j], strict=True))
                    after = cand & self.after(j)
                    yield from rec(after, left, r - sizes[j], b, p, s, (*chosen, j))

        yield from rec(self.all, self.rack, sum(self.rack), 0, 0, 0, ())


def _edges(cells: bytes, rows: int, cols: int, row: int, col: int) -> int:
    """The first empty square from (row, col) each way past the board's tiles."""
    out = 0
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r, c = row + dr, col + dc
        while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c]:
            r, c = r + dr, c + dc
        if 0 <= r < rows and 0 <= c < cols:
            out |= 1 << (r * cols + c)
    return out


def _bounds(scores: list[int], sizes: list[int], tiles: int) -> list[tuple[int, ...]]:
    """``bound[j][r]``: the most that groups from the ``j``-th on (best first)
    can add with ``r`` tiles, knowing only each one's score and size."""
    best = [0] * (tiles + 1)  # the best score of a group of each size so far
    table: tuple[int, ...] = (0,) * (tiles + 1)
    out: list[tuple[int, ...]] = [table] * len(scores)
    for j in range(len(scores) - 1, -1, -1):
        k = sizes[j]
        if k <= tiles and scores[j] > best[k]:
            best[k] = scores[j]
            most = [0] * (tiles + 1)
            for r in range(1, tiles + 1):
                most[r] = max(most[r - 1], *(most[r - s] + best[s] for s in range(1, r + 1)))
            table = tuple(most)
        out[j] = table
    return out
