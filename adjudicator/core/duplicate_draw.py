"""Duplicate draws: whether a draw is valid, and the service's own seeded draw.

The FISF's Règlement du Scrabble Duplicate, art. 2.1 and 2.2
(https://scrabbleson.net/02_03/scrabble/regle.htm): the rack left from the last
move is completed from the bag; a draw short of the round's minimum vowels and
consonants goes back into the bag in full and is drawn again; when the bag and
the rack left cannot make a valid draw at all, the game ends (``when_short``).
The counts are the ruleset's (:class:`DuplicateRules`), never a language's name.
"""

from __future__ import annotations

import random
import typing as t
from dataclasses import dataclass

from adjudicator.core.duplicate_rules import CountsAs, DuplicateRules, WhenShort
from adjudicator.core.tiles import BLANK, Tile

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

# A valid draw from a pool that can make one is found within a few tries; this
# bounds the worst pool (two vowels in forty tiles) far above what it needs.
MAX_TRIES = 100_000


@dataclass(frozen=True, slots=True)
class Counts:
    vowels: int
    consonants: int
    either: int


def counts(rules: Ruleset, tiles: t.Iterable[Tile]) -> Counts:
    """The vowels, consonants and either-tiles among undesignated ``tiles``."""
    dup = _dup(rules)
    vowels = consonants = either = 0
    for tile in tiles:
        if tile == BLANK:
            kind = dup.blank_counts_as
        else:
            label = rules.alphabet.label(tile)
            if label in dup.either:
                kind = CountsAs.EITHER
            elif label in dup.vowels:
                kind = CountsAs.VOWEL
            else:
                kind = CountsAs.CONSONANT
        if kind == CountsAs.VOWEL:
            vowels += 1
        elif kind == CountsAs.CONSONANT:
            consonants += 1
        elif kind == CountsAs.EITHER:
            either += 1
    return Counts(vowels, consonants, either)


def meets(rules: Ruleset, tiles: t.Sequence[Tile], round_no: int) -> bool:
    """Whether ``tiles`` hold the round's minimum vowels and consonants (an
    either-tile counting as whichever is short)."""
    minimum = _dup(rules).minimum(round_no)
    if minimum is None:
        return True
    c = counts(rules, tiles)
    return (
        c.vowels + c.either >= minimum.vowels
        and c.consonants + c.either >= minimum.consonants
        and c.vowels + c.consonants + c.either >= minimum.vowels + minimum.consonants
    )


def rack_size(rules: Ruleset, pool: int) -> int:
    """How many tiles a draw holds with ``pool`` tiles in the bag and on the rack."""
    return min(rules.rack_size, pool)


def can_meet(rules: Ruleset, pool: t.Sequence[Tile], round_no: int) -> bool:
    """Whether any draw from ``pool`` (bag and rack left together) is valid: the
    whole pool meets the minimum, and the rack has room for it."""
    minimum = _dup(rules).minimum(round_no)
    if minimum is None:
        return bool(pool)
    need = minimum.vowels + minimum.consonants
    return bool(pool) and meets(rules, pool, round_no) and rack_size(rules, len(pool)) >= need


def seeded_draw(
    rules: Ruleset, bag: t.Sequence[Tile], kept: t.Sequence[Tile], round_no: int, seed: str
) -> list[Tile] | None:
    """The round's draw: ``kept`` completed from ``bag`` by a generator seeded
    with ``seed`` and the round, drawn again in full while it falls short.
    None when no valid draw can be made and the rules end the game then.

    The same seed, bag and rack always give the same draw."""
    rng = random.Random(f"{seed}:{round_no}")
    pool = sorted([*bag, *kept])
    size = rack_size(rules, len(pool))
    if not pool:
        return None
    if not can_meet(rules, pool, round_no):
        if _dup(rules).when_short == WhenShort.END:
            return None
        return sorted([*kept, *rng.sample(sorted(bag), size - len(kept))])
    # The rack left is completed first; only a short draw goes back in full.
    first = sorted([*kept, *rng.sample(sorted(bag), size - len(kept))])
    if meets(rules, first, round_no):
        return first
    for _ in range(MAX_TRIES):
        draw = sorted(rng.sample(pool, size))
        if meets(rules, draw, round_no):
            return draw
    return None  # pragma: no cover - can_meet said a valid draw exists


def _dup(rules: Ruleset) -> DuplicateRules:
    if rules.duplicate is None:
        raise ValueError(f"ruleset {rules.name!r} has no duplicate rules")
    return rules.duplicate
