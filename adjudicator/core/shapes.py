"""A several-line move's groups that are in no one line: every connected set of
new tiles spanning rows and columns whose words are all accepted (an L, a T, a
block), for ``multi_line_moves`` rulesets.

A group is found from one of its *board runs*: a run of tiles (a word of two or
more tiles in a row or a column) holding both new tiles and tiles already on the
board.  Every group has one, since it touches the board.  The search starts
from each stretch of the board's tiles in each line, lays new tiles before it
(up to the line's previous tile) and after it (through the board's tiles) to
make a word of the word graph (:mod:`.dawg`), and then *completes* the run
across each new tile, one at a time: it keeps it as it is (a word, or the tile
alone) or lays more new tiles in it, again to make a word.  A run is laid as
Appel and Jacobson lay a play: a left part before its stretch (found once for
the stretch's letters and the tiles left, :mod:`.left_parts`), then the rest
walked square by square.  Each run is decided once and never grows after: a
tile laid later in a decided run ends that branch.  A run whose new tile
would make it no word as it is must get another new tile, so those go first
and a rack too short for them ends the branch early.

A group with several board runs is kept only when found from the first of them
(by direction, then square), so each is found once; a group in one line is the
one-line generator's (:mod:`.movegen`) and is left to it.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.board import Board
from adjudicator.core.board_lines import Lines
from adjudicator.core.dawg import ACCEPTS, CHILD_SHIFT, LABEL_MASK, LAST
from adjudicator.core.left_parts import LeftParts, arc_labels
from adjudicator.core.movegen import Words
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

Shape = tuple[int, tuple[tuple[int, int, Tile], ...]]  # score, (row, col, tile) in order


class OutOfBudget(Exception):
    """The search took more steps than it was given."""


def shapes(
    board: Board, rules: Ruleset, words: Words, rack: t.Sequence[Tile], steps: list[int]
) -> list[Shape]:
    """Every group of ``rack`` on ``board`` (not empty) whose tiles are in two or
    more rows and columns, with its score (its words' points, no bingo bonus).
    ``steps[0]`` is the steps left (squares tried, left parts read), shared
    with the caller's other searches.

    :raises OutOfBudget: no step left.
    """
    lines = Lines.of(board, rules, words)
    cols, n = board.cols, board.rows * board.cols
    nxt, prv, checks = lines.nxt, lines.prv, lines.checks
    cells = bytearray(board.cells)
    arcs, root, label_of, tile_of = words.graph.arcs, words.root, words.label_of, words.tile_of
    counts = [0] * (rules.alphabet.size + 1)
    for tile in rack:
        counts[tile] += 1
    total = len(rack)
    new = bytearray(n)
    opened = (bytearray(n), bytearray(n))  # a new tile's run that way is not decided yet
    placed: list[int] = []
    found: list[Shape] = []
    seed = [0, 0]  # the board run the current search started from: direction, square
    labels: dict[int, int] = {}  # a node's arcs' labels as a bit set
    lefts = LeftParts(words)

    def complete(d: int, p0: int, p1: int, first: bool) -> None:
        """Every way to finish the run through ``p0..p1`` along ``d`` (when
        ``first``, the board run a search starts from: new tiles either side)."""
        room = total - len(placed)
        left_free, left_tile = lines.reach(cells, prv[d], p0, room + 1)
        if not first and p0 == p1:
            decide(d, p0, p0, False)  # the tile alone: no word that way
        # The run starting on the empty squares before it, short of any tile
        # there: each left part laid, then the rest walked.
        short = left_free - (left_tile >= 0)
        stretch = tuple(label_of[cells[x] & ~BLANK_BIT] for x in lines.span(d, p0, p1))
        found = lefts.lefts(stretch, counts, short)
        steps[0] -= len(found) + lefts.steps
        lefts.steps = 0
        pd, step, after = 1 - d, 1 if d == 0 else cols, nxt[d][p1]
        ends = after < 0 or not cells[after]
        kinds: dict[int, tuple[int, int]] = {}
        for part, arc in found:
            begin = p0 - len(part) * step
            rejected = 0
            for k, tile in enumerate(part):
                z = begin + k * step
                seen = kinds.get(z)
                if seen is None:
                    kind = across_kind(z, pd)
                    seen = kinds[z] = (kind, checks[pd][z] if kind == 1 else -1)
                if seen[0] < 0:
                    break
                rejected += not (seen[1] >> (tile & ~BLANK_BIT)) & 1
            else:
                if len(placed) + len(part) + rejected > total:
                    continue  # each tile its run across rejects needs one more later
                for k, tile in enumerate(part):
                    z = begin + k * step
                    cells[z] = tile
                    new[z] = opened[pd][z] = 1
                    placed.append(z)
                    counts[BLANK if tile & BLANK_BIT else tile] -= 1
                if ends and arc & ACCEPTS and (part or not first) and (part or p0 != p1):
                    decide(d, begin, p1, first)
                if after >= 0:
                    walk(d, after, p1, arc >> CHILD_SHIFT, first, begin, len(part), rejected)
                for tile in reversed(part):
                    z = placed.pop()
                    counts[BLANK if tile & BLANK_BIT else tile] += 1
                    cells[z] = new[z] = opened[pd][z] = 0
        if steps[0] < 0:
            raise OutOfBudget()
        # ... and from the tiles before it (not a board run: found from its first).
        if left_tile < 0 or first or left_free > room:
            return
        before, start, empties = prv[d], left_tile, left_free
        while True:
            while before[start] >= 0 and cells[before[start]]:
                start = before[start]
            walk(d, start, p1, root, False, start, 0, 0)
            start = before[start]
            empties += 1
            if start < 0 or empties > room:
                return
            if before[start] >= 0 and cells[before[start]]:
                start = before[start]

    def walk(
        d: int, q: int, p1: int, node: int, first: bool, start: int, extras: int, forced: int
    ) -> None:
        """Lay the run along ``d`` from ``q`` on, ``node`` reading the tile at ``q``:
        through the tiles there, then each letter the graph and the rack allow on
        the next empty square.  Wherever the run may end as a word, decide it."""
        steps[0] -= 1
        if steps[0] < 0:
            raise OutOfBudget()
        ahead, way = nxt[d], opened[d]
        while cells[q]:
            tile = cells[q]
            if new[q] and not way[q]:
                return  # a decided run would grow
            label = label_of[tile & ~BLANK_BIT]
            while True:
                if not node:
                    return
                arc = arcs[node]
                if arc & LABEL_MASK == label:
                    break
                if arc & LAST:
                    return
                node += 1
            after = ahead[q]
            if (
                q >= p1
                and (after < 0 or not cells[after])
                and arc & ACCEPTS
                and q != start  # the tile alone is decided by complete()
                and (extras or not first)
            ):
                decide(d, start, q, first)
            if after < 0:
                return
            q, node = after, arc >> CHILD_SHIFT
        if not node or len(placed) >= total:
            return
        pd = 1 - d
        kind = across_kind(q, pd)
        if kind < 0:
            return
        mask = checks[pd][q] if kind == 1 else -1
        # A tile its run across rejects needs another new tile there later.
        room = total - len(placed) - forced - 1
        after = ahead[q]
        ends = q >= p1 and (after < 0 or not cells[after])
        # A tile on the next square: only letters the graph lets it follow.
        following_label = label_of[cells[after] & ~BLANK_BIT] if not ends and after >= 0 else 0
        new[q] = 1
        opened[pd][q] = 1
        placed.append(q)
        blanks = counts[BLANK]
        while node:
            arc = arcs[node]
            letter = tile_of[arc & LABEL_MASK]
            if letter and (counts[letter] or blanks):
                rejected = not (mask >> letter) & 1
                child = arc >> CHILD_SHIFT
                goes_on = True
                if following_label:
                    below = labels.get(child)
                    if below is None:
                        below = labels[child] = arc_labels(arcs, child)
                    goes_on = bool((below >> following_label) & 1)
                if goes_on and (not rejected or room > 0):
                    for use, tile in ((letter, letter), (BLANK, letter | BLANK_BIT)):
                        if counts[use]:
                            counts[use] -= 1
                            cells[q] = tile
                            if ends and arc & ACCEPTS:
                                decide(d, start, q, first)
                            if after >= 0:
                                walk(
                                    d, after, p1, child, first, start, extras + 1, forced + rejected
                                )
                            counts[use] += 1
            if arc & LAST:
                break
            node += 1
        cells[q] = 0
        placed.pop()
        opened[pd][q] = 0
        new[q] = 0

    def across_kind(q: int, pd: int) -> int:
        """What the run along ``pd`` through empty ``q`` holds: -1 a decided new
        tile (it cannot grow), 0 nothing, 1 the board's tiles only, 2 new tiles."""
        kind = 0
        way = opened[pd]
        for go in (prv[pd], nxt[pd]):
            r = go[q]
            while r >= 0 and cells[r]:
                if new[r]:
                    if not way[r]:
                        return -1
                    kind = 2
                elif not kind:
                    kind = 1
                r = go[r]
        return kind

    def decide(d: int, start: int, end: int, first: bool) -> None:
        """The run ``start..end`` along ``d`` is final: go on with the next open
        run, or keep the group when none is left."""
        if first:
            seed[0], seed[1] = d, start
        elif start != end and (d, start) < (seed[0], seed[1]):
            q = start
            while new[q]:
                if q == end:
                    break
                q = nxt[d][q]
            else:
                return  # a board run before the first: found from that one
        way, after = opened[d], nxt[d]
        closed = []
        q = start
        while True:
            if new[q] and way[q]:
                way[q] = 0
                closed.append(q)
            if q == end:
                break
            q = after[q]
        following()
        for q in closed:
            way[q] = 1

    def following() -> None:
        # The open runs: the first that must grow, else one with new tiles to
        # check, else the first.  Runs that must grow need that many more tiles.
        best: tuple[int, int, int, int] | None = None
        needs = [0, 0]
        for p in placed:
            for d in (0, 1):
                if not opened[d][p]:
                    continue
                p0, p1 = lines.stretch(cells, p, d)
                k, r, after = 0, p0, nxt[d]
                while True:
                    k += new[r]
                    if r == p1:
                        break
                    r = after[r]
                if k >= 2:
                    rank = 1
                elif p0 == p1 or (checks[d][p] >> (cells[p] & ~BLANK_BIT)) & 1:
                    rank = 2
                else:
                    rank = 0
                    needs[d] += 1
                if best is None or rank < best[0]:
                    best = (rank, d, p0, p1)
        if len(placed) + max(needs) > total:
            return
        if best is None:
            keep()
        else:
            complete(best[1], best[2], best[3], False)

    def keep() -> None:
        kept = lines.group(cells, new, placed)
        if kept is not None and kept[1] == (seed[0], seed[1]):  # found from its first board run
            found.append((kept[0], tuple((p // cols, p % cols, cells[p]) for p in sorted(placed))))

    for d in (0, 1):
        before, after = prv[d], nxt[d]
        for q in range(n):
            if not cells[q] or (before[q] >= 0 and cells[before[q]]):
                continue  # not the first tile of a stretch
            p1 = q
            while after[p1] >= 0 and cells[after[p1]]:
                p1 = after[p1]
            complete(d, q, p1, True)
    return found
