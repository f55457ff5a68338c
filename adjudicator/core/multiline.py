"""Moves in several lines (a ruleset's ``multi_line_moves``): every set of
groups that do not touch, the best of them, and how many there are.

A move's *groups* are its new tiles joined by the words they form (the rule
:func:`.placement.check_placement` applies: each group must touch the board).
A group's words hold none of another group's tiles, so a move forms the words
of each group played alone and scores their sum, plus the bingo bonus once
when it puts down enough tiles.  A move is legal when each group is legal alone
and no two touch: no new tile of one lies in a line with a new tile of another
with only the board's tiles between them.  So the moves are found from the
groups of a rack (:func:`.movegen.line_plays` and :func:`.shapes.shapes`),
apart for every set of stars swapped back (their letters on the board, the
stars on the rack), combined under the rack's tiles: a move after a swap puts
down at least as many blanks as stars taken.

The moves are many (every product of groups that fit the rack and do not
touch), so they are never listed: :func:`search` finds the best by branch and
bound over the groups, best first, and counts them with bit sets of groups
(:mod:`.group_sets`), each within a number of steps; past it, the answer says
that the count, or the best, are not known to be complete.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.board import Board
from adjudicator.core.group_sets import Pool, Progress
from adjudicator.core.movegen import Found, Words, line_plays, swap_options
from adjudicator.core.shapes import OutOfBudget, shapes
from adjudicator.core.tiles import Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

# Steps the group search may take (a square tried, a left part read; for every
# set of stars swapped together), as many for the best and a quarter for the
# count (a group looked at, more in a pool of thousands).  About three
# seconds of one core at most on the machine of docs/performance.md, where
# every position of its self-played Erudite games finds every group within it.
BUDGET = 700_000


@dataclass(frozen=True, slots=True)
class Group:
    """New tiles joined by the words they form: its words' points (no bingo
    bonus) and its tiles (row, col, tile) in reading order."""

    score: int
    tiles: tuple[tuple[int, int, Tile], ...]


@dataclass(frozen=True, slots=True)
class Move:
    """A move of one or more groups, with the stars it swapped back first."""

    score: int
    placed: int
    groups: tuple[Group, ...]
    swaps: tuple[tuple[int, int, Tile], ...] = ()

    @property
    def tiles(self) -> tuple[tuple[int, int, Tile], ...]:
        return tuple(sorted(x for g in self.groups for x in g.tiles))


@dataclass(frozen=True, slots=True)
class Search:
    """The best moves (every move scoring at least the ``limit``-th best, ties
    included, best first) and the number of legal moves.  ``best_exact`` and
    ``count_exact`` are false when the work stopped at its budget: the best
    then are the best found, and the count is a lower bound."""

    best: tuple[Move, ...]
    count: int
    count_exact: bool
    best_exact: bool
    bingo: bool  # a move puts down enough tiles for the bingo bonus (of those found)


def groups_of(
    board: Board, rules: Ruleset, words: Words, rack: t.Sequence[Tile], steps: list[int]
) -> tuple[list[Group], bool]:
    """Every group of ``rack`` on ``board`` as it stands (no star swapped),
    and whether the search for them finished within the ``steps`` left."""
    bonus = rules.bingo_bonus if rules.bingo_bonus > 0 else 0
    groups = [
        _from_line(play, bonus, rules.bingo_min_tiles)
        for play in line_plays(board, rules, words, rack)
    ]
    try:
        found = shapes(board, rules, words, rack, steps)
    except OutOfBudget:
        return groups, False
    groups.extend(Group(score, tiles) for score, tiles in found)
    return groups, True


def _from_line(play: Found, bonus: int, bingo_min: int) -> Group:
    tiles = []
    for k, tile in enumerate(play.tiles):
        if play.new >> k & 1:
            tiles.append(
                (play.row, play.col + k, tile) if play.across else (play.row + k, play.col, tile)
            )
    score = play.score - (bonus if play.placed >= bingo_min else 0)
    return Group(score, tuple(tiles))


def search(
    board: Board,
    rules: Ruleset,
    words: Words,
    rack: t.Sequence[Tile],
    limit: int,
    budget: int = BUDGET,
) -> Search:
    """The best ``limit`` moves of ``rack`` on ``board`` (not empty) and how many
    legal moves there are."""
    pools = []
    complete = True
    steps = [budget]
    for option in swap_options(board, rules, rack):
        groups, done = groups_of(option.board, rules, words, option.rack, steps)
        complete = complete and done
        pool = Pool(option.board, rules, groups, option.rack, len(option.swaps))
        pools.append((pool, option.swaps, groups))
    progress = Progress(limit, budget)
    for i, (pool, _, _) in enumerate(pools):
        pool.best(progress, i)
    counted = Progress(limit, budget // 4)
    for pool, _, _ in pools:
        pool.count(counted)
    best = []
    for score, i, chosen in progress.ranked():
        pool, swaps, groups = pools[i]
        picked = tuple(groups[pool.order[j]] for j in chosen)
        best.append(Move(score, sum(len(g.tiles) for g in picked), picked, swaps))
    return Search(
        best=tuple(best),
        count=counted.count,
        count_exact=complete and not counted.stopped,
        best_exact=complete and not progress.stopped,
        bingo=counted.bingo or any(m.placed >= rules.bingo_min_tiles for m in best),
    )


def every_move(
    board: Board, rules: Ruleset, words: Words, rack: t.Sequence[Tile]
) -> t.Iterator[Move]:
    """Every legal move, one by one (for tests: there may be millions)."""
    for option in swap_options(board, rules, rack):
        groups, done = groups_of(option.board, rules, words, option.rack, [1 << 62])
        assert done
        pool = Pool(option.board, rules, groups, option.rack, len(option.swaps))
        for score, chosen in pool.every():
            picked = tuple(groups[pool.order[j]] for j in chosen)
            yield Move(score, sum(len(g.tiles) for g in picked), picked, option.swaps)
