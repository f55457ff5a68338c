"""Real positions for the move generator: the board before each recorded play,
the rack the record gives, and the play itself with the score it was given.

Read straight from the GCG records of ``../shared/data/gcg`` (the board is
replayed from the plays; a withdrawn play is taken back), so the benchmark
and the tests measure the generator on positions people actually met.  The
records have no Erudite game: for Erudite, games the generator plays against
itself stand in (:func:`self_play`).
"""

from __future__ import annotations

import random
import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.board import Board
from adjudicator.core.coords import parse_coord
from adjudicator.core.gcg import Play, Withdrawal, parse_gcg
from adjudicator.core.placement import PlacedTile, Placement, Swap, from_move
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import AdjudicatorError
from bench.cases import read_records

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


@dataclass(frozen=True)
class Position:
    record: str
    line: int
    rules: Ruleset
    board: Board  # before the play
    rack: tuple[Tile, ...]  # BLANK for a blank
    placement: Placement  # the play made
    score: int  # as the record writes it

    @property
    def blanks(self) -> int:
        return self.rack.count(BLANK)


def record_positions(gcg_dir: Path, registry: Registry) -> list[Position]:
    """Every tile play of the readable records whose rack is known and holds
    the tiles played, with the board before it."""
    out: list[Position] = []
    for rec in read_records(gcg_dir):
        rules = registry.ruleset(rec.ruleset)
        board = previous = Board.empty(rules.layout.rows, rules.layout.cols)
        for event in parse_gcg(rec.text).events:
            if isinstance(event, Withdrawal):
                board = previous
                continue
            if not isinstance(event, Play):
                continue
            previous = board
            try:
                coord = parse_coord(event.coord)
                tiles = rules.alphabet.tokenize(event.word, extra={".": None})
                placement = from_move(board, coord, tiles)
                after = score_placement(board, placement, rules).board_after
                rack = tuple(rules.alphabet.rack(event.rack)) if event.rack else ()
            except AdjudicatorError:
                continue  # an illegal or unreadable play leaves the board as it was
            if rack and _holds(rack, placement):
                play = Position(rec.name, event.line, rules, board, rack, placement, event.score)
                out.append(play)
            board = after
    return out


def _holds(rack: tuple[Tile, ...], placement: Placement) -> bool:
    """The rack has every tile played (a blank for each blank)."""
    left = list(rack)
    for p in placement.tiles:
        want = BLANK if p.tile & BLANK_BIT else p.tile
        if want not in left:
            return False
        left.remove(want)
    return True


@dataclass(frozen=True)
class SelfPlay:
    """A game the one-line generator played against itself: the board and the
    rack before each turn, and the game as events (for the analysis)."""

    rules: Ruleset
    positions: list[tuple[Board, tuple[Tile, ...]]]
    events: list[t.Any]


def self_play(registry: Registry, ruleset: str, seed: int, turns: int = 30) -> SelfPlay:
    """Two players drawing from the whole bag (blanks or stars too), each
    playing the best one-line play of their rack (passing without one), until
    a rack is played out or ``turns``.  Deterministic for a seed, and the same
    on a release without moves in several lines: its one-line generator is this
    one."""
    from adjudicator.core.events import Pass
    from adjudicator.core.events import Play as PlayEvent
    from adjudicator.core.movegen import generate
    from adjudicator.services.word_graphs import words_for

    rules = registry.ruleset(ruleset)
    name = registry.serving(ruleset)
    assert name is not None
    words = words_for(rules, registry.lexicons[name], registry.graphs.get(name))
    assert words is not None, f"no word graph for {name}"
    alphabet = rules.alphabet
    bag = [x for x in range(1, alphabet.size + 1) for _ in range(alphabet.count(x))]
    bag += [BLANK] * alphabet.count(BLANK)
    random.Random(seed).shuffle(bag)
    board = Board.empty(rules.layout.rows, rules.layout.cols)
    racks: list[list[Tile]] = [[], []]
    positions, events = [], []
    for turn in range(turns):
        player, rack = turn % 2, racks[turn % 2]
        while len(rack) < rules.rack_size and bag:
            rack.append(bag.pop())
        text = "".join(alphabet.blank_label if x == BLANK else alphabet.label(x) for x in rack)
        positions.append((board, tuple(rack)))
        plays = generate(board, rules, words, rack)
        if not plays:
            events.append(Pass(player=player, rack=text))
            continue
        best = max(plays, key=lambda p: (p.score, p.tiles))
        placed = [
            ((best.row, best.col + k) if best.across else (best.row + k, best.col), tile)
            for k, tile in enumerate(best.tiles)
            if best.new >> k & 1
        ]
        placement = Placement(
            tuple(PlacedTile(r, c, x) for (r, c), x in placed),
            tuple(Swap(r, c, x) for r, c, x in best.swaps),
        )
        board = score_placement(board, placement, rules).board_after
        cells = tuple((r, c, alphabet.label(x)) for (r, c), x in placed)
        swaps = tuple((r, c, alphabet.label(x)) for r, c, x in best.swaps)
        events.append(PlayEvent(player=player, placement=cells, swaps=swaps, rack=text))
        for _, _, x in best.swaps:  # the star comes to the rack, to be played
            rack.remove(x)
            rack.append(BLANK)
        for _, x in placed:
            rack.remove(BLANK if x & BLANK_BIT else x)
        if not rack and not bag:
            break
    return SelfPlay(rules, positions[1:], events)  # the first turn: an empty board
