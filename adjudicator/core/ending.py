"""The end of a game: the racks left, checked against the tiles the game has
not seen, and the adjustments the ruleset makes for them."""

from __future__ import annotations

import typing as t
from collections import Counter

from adjudicator.core.events import End, RackPoints
from adjudicator.core.game import GameState
from adjudicator.core.ruleset import EndRackRule
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.errors import RackNotUnseenError, RackSizeError


def unseen(state: GameState) -> Counter[int]:
    """The tiles not on the board (in the bag or on the racks), blanks under ``BLANK``."""
    alphabet = state.rules.alphabet
    left: Counter[int] = Counter({BLANK: alphabet.blank_count})
    for tile in range(1, alphabet.size + 1):
        left[tile] = alphabet.count(tile)
    for tile in state.board.tiles():
        left[BLANK if tile & BLANK_BIT else tile] -= 1
    return +left


def end_racks(state: GameState, given: t.Mapping[int, str]) -> tuple[dict[int, str], list[int]]:
    """The racks left at the end, checked: each holds as many tiles as the player's
    rack does, and together they are drawn from the unseen tiles.  A rack not given
    is worked out when it can be: when every unseen tile is on the racks (the bag
    is empty) and it is the only one missing.

    :returns: every rack with tiles left (given or worked out), and the players
        whose racks were worked out.
    :raises RackSizeError: a rack with more or fewer tiles than the player holds.
    :raises RackNotUnseenError: a tile the game has already seen (on the board,
        or on another rack given).
    """
    alphabet = state.rules.alphabet
    pool = unseen(state)
    racks: dict[int, str] = {}
    for player in sorted(given):
        text = given[player]
        tiles = alphabet.rack(text)
        if len(tiles) != state.racks[player]:
            raise RackSizeError(state.names[player], len(tiles), state.racks[player])
        for tile, n in Counter(tiles).items():
            if pool[tile] < n:
                raise RackNotUnseenError(alphabet.label(tile), state.names[player], pool[tile])
            pool[tile] -= n
        racks[player] = text
    missing = [p for p in range(state.players) if p not in racks and state.racks[p] > 0]
    worked_out = []
    if state.bag == 0 and len(missing) == 1:
        (player,) = missing
        left = sorted((+pool).elements())
        if len(left) == state.racks[player]:
            racks[player] = alphabet.render(left)
            worked_out.append(player)
    return racks, worked_out


def end_adjustments(state: GameState, racks: t.Mapping[int, str]) -> list[RackPoints] | list[End]:
    """The rack-points events that close the game under the ruleset, or an
    :class:`End` when no rack moves a point.

    ``racks`` maps player index to the tiles left on that rack (the player who
    went out has none).  Blanks and stars left on a rack count 0.
    """
    alpha = state.rules.alphabet
    value = {p: sum(alpha.score(x) for x in alpha.rack(r) if x != BLANK) for p, r in racks.items()}
    out_player = (
        state.last_play.player if state.end_reason == "went_out" and state.last_play else None
    )
    rule = state.rules.end_rack_rule
    events: list[RackPoints] = []
    others = [p for p in sorted(racks) if p != out_player and racks[p]]
    own = [RackPoints(player=p, tiles=racks[p], points=-value[p]) for p in others]
    if out_player is None:
        return own or [End(player=0)]
    if rule in (EndRackRule.SUBTRACT_ADD, EndRackRule.SUBTRACT):
        events += own
    if rule in (EndRackRule.SUBTRACT_ADD, EndRackRule.DOUBLE_OPPONENT) and others:
        factor = 2 if rule == EndRackRule.DOUBLE_OPPONENT else 1
        tiles = "".join(racks[p] for p in others)
        points = factor * sum(value[p] for p in others)
        events.append(RackPoints(player=out_player, tiles=tiles, points=points))
    return events or [End(player=out_player)]
