"""A Duplicate game as its events: draws, ruled slips, closed rounds.

The store keeps each event's fields as JSON, written and read here alone;
:func:`replay` folds them into a :class:`DuplicateState`.  A slip's event
holds its ruling as it was made, and a close holds the top placed, so a
record reads back the same whatever the lexicon becomes.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field, replace
from enum import StrEnum

from adjudicator.core.board import Board
from adjudicator.core.coords import Coord
from adjudicator.core.duplicate import (
    Nullity,
    Penalty,
    SlipRuling,
    SlipWarning,
    Standing,
    Top,
    left_on_rack,
    standings,
)
from adjudicator.core.placement import PlacedTile, Placement
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset


class Phase(StrEnum):
    DRAW = "draw"  # the next round needs its draw
    PLAY = "play"  # the draw is out: slips, then the close
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Round:
    number: int  # 1-based
    draw: tuple[Tile, ...]
    typed: bool  # typed in by the arbiter, not the service's own draw
    slips: tuple[SlipRuling, ...] = ()
    top: Top | None = None
    closed: bool = False
    board_before: Board | None = None


@dataclass(frozen=True, slots=True)
class DuplicateState:
    rules: Ruleset
    players: tuple[str, ...]
    board: Board
    rounds: tuple[Round, ...] = ()
    over: bool = False
    warnings: tuple[int, ...] = field(default=())  # each player's warnings so far

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        if self.rounds and not self.rounds[-1].closed:
            return Phase.PLAY
        return Phase.DRAW

    @property
    def round_no(self) -> int:
        """The round being played, or the next one to draw."""
        if self.phase == Phase.PLAY:
            return self.rounds[-1].number
        return len(self.rounds) + 1

    def kept(self) -> list[Tile]:
        """The rack left from the last closed round (what the next draw completes)."""
        last = self.rounds[-1] if self.rounds else None
        if last is None or last.top is None:
            return []
        return left_on_rack(last.draw, last.top.placement)

    def bag(self) -> list[Tile]:
        """The tiles neither on the board nor on the rack (kept, or drawn)."""
        alphabet = self.rules.alphabet
        left = {tile: alphabet.count(tile) for tile in range(1, alphabet.size + 1)}
        left[BLANK] = alphabet.blank_count
        rack = self.rounds[-1].draw if self.phase == Phase.PLAY else tuple(self.kept())
        for tile in [*self.board.tiles(), *rack]:
            key = BLANK if tile & BLANK_BIT else tile
            left[key] -= 1
        return sorted(tile for tile, n in left.items() for _ in range(n))

    def standings(self) -> list[Standing]:
        closed = [r for r in self.rounds if r.closed and r.top is not None]
        return standings(
            self.rules,
            len(self.players),
            [r.top.score for r in closed if r.top is not None],
            [r.slips for r in closed],
        )


def start(rules: Ruleset, players: t.Sequence[str]) -> DuplicateState:
    layout = rules.layout
    return DuplicateState(
        rules, tuple(players), Board.empty(layout.rows, layout.cols), warnings=(0,) * len(players)
    )


def with_draw(state: DuplicateState, draw: t.Sequence[Tile], typed: bool) -> DuplicateState:
    number = len(state.rounds) + 1
    new = Round(number, tuple(sorted(draw)), typed, board_before=state.board)
    return replace(state, rounds=(*state.rounds, new))


def with_slip(state: DuplicateState, ruling: SlipRuling) -> DuplicateState:
    last = state.rounds[-1]
    warnings = list(state.warnings)
    warnings[ruling.player] += len(ruling.warnings)
    rounds = (*state.rounds[:-1], replace(last, slips=(*last.slips, ruling)))
    return replace(state, rounds=rounds, warnings=tuple(warnings))


def with_close(state: DuplicateState, top: Top | None, *, ends: bool) -> DuplicateState:
    """The round closed on ``top`` (None: nothing could be played, and the game
    ends); ``ends``: the game ends with it."""
    last = state.rounds[-1]
    board = state.board
    if top is not None:
        board = score_placement(board, top.placement, state.rules).board_after
    rounds = (*state.rounds[:-1], replace(last, top=top, closed=True))
    return replace(state, rounds=rounds, board=board, over=ends or top is None)


def ended(state: DuplicateState) -> DuplicateState:
    return replace(state, over=True)


# -- the events' JSON -------------------------------------------------------


def tiles_data(alphabet: Alphabet, tiles: t.Iterable[Tile]) -> list[str | None]:
    """Undesignated tiles as labels, a blank as None."""
    return [None if tile == BLANK else alphabet.label(tile) for tile in tiles]


def tiles_of(alphabet: Alphabet, data: t.Iterable[str | None]) -> list[Tile]:
    out = []
    for label in data:
        tile = BLANK if label is None else alphabet.one_tile(label)
        if tile is None:
            raise ValueError(f"{label!r} is no tile of {alphabet.name}")
        out.append(tile)
    return out


def placement_data(alphabet: Alphabet, placement: Placement) -> list[dict[str, t.Any]]:
    return [
        {
            "row": p.row,
            "col": p.col,
            "letter": alphabet.label(p.tile & ~BLANK_BIT),
            "blank": bool(p.tile & BLANK_BIT),
        }
        for p in placement.tiles
    ]


def placement_of(alphabet: Alphabet, data: t.Iterable[t.Mapping[str, t.Any]]) -> Placement:
    tiles = []
    for p in data:
        tile = alphabet.one_tile(p["letter"])
        if tile is None:
            raise ValueError(f"{p['letter']!r} is no tile of {alphabet.name}")
        tiles.append(PlacedTile(p["row"], p["col"], tile | BLANK_BIT if p["blank"] else tile))
    return Placement(tuple(tiles))


def coord_data(coord: Coord | None) -> dict[str, t.Any] | None:
    if coord is None:
        return None
    return {"row": coord.row, "col": coord.col, "direction": coord.direction}


def coord_of(data: t.Mapping[str, t.Any] | None) -> Coord | None:
    return None if data is None else Coord(data["row"], data["col"], data["direction"])


def ruling_data(alphabet: Alphabet, r: SlipRuling) -> dict[str, t.Any]:
    return {
        "player": r.player,
        "null": r.null.value if r.null else None,
        "score": r.score,
        "warnings": [w.value for w in r.warnings],
        "penalties": [[p.value, n] for p, n in r.penalties],
        "placement": None if r.placement is None else placement_data(alphabet, r.placement),
        "coord": coord_data(r.coord),
        "invalid_words": [alphabet.render(w) for w in r.invalid_words],
    }


def ruling_of(alphabet: Alphabet, d: t.Mapping[str, t.Any]) -> SlipRuling:
    return SlipRuling(
        player=d["player"],
        null=Nullity(d["null"]) if d["null"] else None,
        score=d["score"],
        warnings=tuple(SlipWarning(w) for w in d["warnings"]),
        penalties=tuple((Penalty(p), n) for p, n in d["penalties"]),
        placement=None if d["placement"] is None else placement_of(alphabet, d["placement"]),
        coord=coord_of(d["coord"]),
        invalid_words=tuple(
            tuple(x for x in alphabet.tokenize(w) if x is not None) for w in d["invalid_words"]
        ),
    )


def top_data(alphabet: Alphabet, top: Top | None) -> dict[str, t.Any] | None:
    if top is None:
        return None
    return {
        "coord": coord_data(top.coord),
        "word": alphabet.render(top.tiles),
        "placement": placement_data(alphabet, top.placement),
        "score": top.score,
    }


def top_of(alphabet: Alphabet, d: t.Mapping[str, t.Any] | None) -> Top | None:
    if d is None:
        return None
    coord = coord_of(d["coord"])
    assert coord is not None
    tiles = tuple(x for x in alphabet.tokenize(d["word"]) if x is not None)
    return Top(coord, tiles, placement_of(alphabet, d["placement"]), d["score"])


def replay(
    rules: Ruleset, players: t.Sequence[str], events: t.Iterable[tuple[str, t.Mapping[str, t.Any]]]
) -> DuplicateState:
    """Fold ``(kind, data)`` events into the game's state."""
    alphabet = rules.alphabet
    state = start(rules, players)
    for kind, data in events:
        if kind == "draw":
            state = with_draw(state, tiles_of(alphabet, data["tiles"]), data["typed"])
        elif kind == "slip":
            state = with_slip(state, ruling_of(alphabet, data))
        elif kind == "close":
            state = with_close(state, top_of(alphabet, data["top"]), ends=data["ends"])
        elif kind == "end":
            state = ended(state)
        else:
            raise ValueError(f"unknown duplicate event {kind!r}")
    return state


def draw_fits(state: DuplicateState, draw: t.Sequence[Tile]) -> bool:
    """A typed draw holds the rack left and otherwise only tiles in the bag."""
    have = count_tiles([*state.bag(), *state.kept()])
    need = count_tiles(draw)
    kept = count_tiles(state.kept())
    return all(have.get(k, 0) >= n for k, n in need.items()) and all(
        need.get(k, 0) >= n for k, n in kept.items()
    )
