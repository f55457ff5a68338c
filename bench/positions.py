"""Real positions for the move generator: the board before each recorded play,
the rack the record gives, and the play itself with the score it was given.

Read straight from the GCG records of ``../shared/data/gcg`` (the board is
replayed from the plays; a withdrawn play is taken back), so the benchmark
and the tests measure the generator on positions people actually met.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.board import Board
from adjudicator.core.coords import parse_coord
from adjudicator.core.gcg import Play, Withdrawal, parse_gcg
from adjudicator.core.placement import Placement, from_move
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
