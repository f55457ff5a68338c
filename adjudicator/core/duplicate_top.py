"""A Duplicate round's top: the highest-scoring play, which goes on everyone's
board whatever the players found (FISF, Règlement du Scrabble Duplicate,
introduction, https://scrabbleson.net/02_03/scrabble/regle.htm); equal scores
are decided by the ruleset's ``top_tie_break``."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.duplicate_rules import TopTieBreak
from adjudicator.core.placement import PlacedTile, Placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.movegen import Found
    from adjudicator.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Top:
    coord: Coord
    tiles: tuple[Tile, ...]  # the whole word, board tiles included
    placement: Placement
    score: int


def choose_top(rules: Ruleset, found: t.Sequence[Found]) -> Top | None:
    """The round's top among every legal play: the highest score, equal scores
    decided by the ruleset's ``top_tie_break``; None when nothing can be played."""
    if not found or rules.duplicate is None:
        return None
    order = rules.duplicate.top_tie_break

    def key(play: Found) -> tuple[int, ...]:
        out = [-play.score]
        for rule in order:
            if rule == TopTieBreak.FEWEST_BLANKS:
                out.append(
                    sum(1 for k, x in enumerate(play.tiles) if play.new >> k & 1 and x & BLANK_BIT)
                )
            elif rule == TopTieBreak.REFERENCE:
                out += [play.row, play.col, 0 if play.across else 1]
        return (*out, *play.tiles)

    best = min(found, key=key)
    coord = Coord(best.row, best.col, ACROSS if best.across else DOWN)
    dr, dc = coord.step
    placed = tuple(
        PlacedTile(best.row + dr * k, best.col + dc * k, tile)
        for k, tile in enumerate(best.tiles)
        if best.new >> k & 1
    )
    return Top(coord, best.tiles, Placement(placed), best.score)


def left_on_rack(draw: t.Sequence[Tile], placement: Placement) -> list[Tile]:
    """The draw's tiles the top did not use (blanks undesignated)."""
    have = list(draw)
    for p in placement.tiles:
        have.remove(BLANK if p.tile & BLANK_BIT else p.tile)
    return sorted(have)
