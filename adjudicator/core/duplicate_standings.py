"""What each slip finally earns, and the standings.

A slip is ruled alone (core/duplicate.py); two things depend on the others,
and so are settled here, over the game's slips in order, each time the game
is read: a player who hands in several slips for one move has the move null
(abridged rules, "plusieurs bulletins sont remis pour le même coup"), and each
warning past the ruleset's ``warnings_free`` costs ``warning_penalty`` points
("le joueur a déjà reçu trois avertissements et plus").  A slip corrected or
withdrawn in an early round so changes what the later ones cost.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field, replace

from adjudicator.core.duplicate import Nullity, Penalty, SlipRuling

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


def settle(
    rules: Ruleset, players: int, rounds: t.Sequence[t.Sequence[SlipRuling]]
) -> list[list[SlipRuling]]:
    """Every round's slips as they finally stand (same order): several slips of
    one player in a round all null ``several-slips``; warning penalties added
    from the player's warnings in the rounds before and the slip's own."""
    dup = rules.duplicate
    free, cost = (dup.warnings_free, dup.warning_penalty) if dup else (0, 0)
    warned = [0] * players
    out: list[list[SlipRuling]] = []
    for slips in rounds:
        handed = [0] * players
        for s in slips:
            handed[s.player] += 1
        settled = []
        for s in slips:
            own = tuple(p for p in s.penalties if p[0] != Penalty.WARNINGS)
            if handed[s.player] > 1:
                settled.append(SlipRuling(s.player, Nullity.SEVERAL_SLIPS, 0, coord=s.coord))
                continue
            extra = []
            if s.null is None:
                for _ in s.warnings:
                    warned[s.player] += 1
                    if warned[s.player] > free:
                        extra.append((Penalty.WARNINGS, cost))
            settled.append(replace(s, penalties=(*own, *extra)))
        out.append(settled)
    return out


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    total: int
    negatif: int  # points behind the tops' total
    percent: float  # of the tops' total
    solos: int = 0
    rounds: tuple[int, ...] = field(default=())


def standings(
    rules: Ruleset,
    players: int,
    tops: t.Sequence[int],
    slips: t.Sequence[t.Sequence[SlipRuling]],
) -> list[Standing]:
    """Each player's total over the closed rounds (``tops[i]`` the top of round
    ``i``, ``slips[i]`` its settled slips): a round scores its player's slip's
    points (nothing for no slip or a null one), plus the solo bonus to a player
    alone on the top, where the rules give one; best total first."""
    dup = rules.duplicate
    per = [[0] * len(tops) for _ in range(players)]
    solos = [0] * players
    for i, (top, round_slips) in enumerate(zip(tops, slips, strict=True)):
        on_top = []
        for s in round_slips:
            if s.null is None:
                per[s.player][i] = s.points
                if s.score == top:
                    on_top.append(s.player)
        if dup and dup.solo_bonus and len(on_top) == 1 and players >= dup.solo_min_players:
            per[on_top[0]][i] += dup.solo_bonus
            solos[on_top[0]] += 1
    top_total = sum(tops)
    out = [
        Standing(
            p,
            sum(per[p]),
            top_total - sum(per[p]),
            round(100 * sum(per[p]) / top_total, 2) if top_total else 0.0,
            solos[p],
            tuple(per[p]),
        )
        for p in range(players)
    ]
    return sorted(out, key=lambda s: (-s.total, s.player))
