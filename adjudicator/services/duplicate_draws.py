"""A Duplicate round's draw: the service's own (seeded), a replay's, or typed in
by the arbiter and checked against the rules (core/duplicate_draw.py)."""

from __future__ import annotations

import typing as t

from adjudicator.core.duplicate_draw import can_meet, meets, rack_size, seeded_draw
from adjudicator.core.duplicate_events import tiles_data
from adjudicator.core.duplicate_game import DuplicateState, draw_fits
from adjudicator.core.duplicate_rules import WhenShort
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import InvalidDrawError
from adjudicator.services.duplicate_view import rack_text

Event = tuple[str, dict[str, t.Any]]
END: Event = ("end", {"reason": "draw"})


def next_draw(
    state: DuplicateState, seed: str | None, letters: str | None, *, rejected: bool = False
) -> Event:
    """The event of the next round's draw (in the draw phase), or of the end
    when no valid draw can be made and the rules end the game then.

    :raises InvalidDrawError: typed letters the rules refuse, letters where the
        draws are not typed in, or none where they are.
    """
    rules = state.rules
    assert rules.duplicate is not None
    round_no = state.round_no
    if state.script is not None:
        if letters is not None:
            raise InvalidDrawError(letters, "replay", round_no, "a replay takes the game's draws")
        if round_no > len(state.script.draws):
            return END
        given = state.script.draws[round_no - 1]
        return _draw(state, given, typed=False, rejected=not draw_fits(state, given))
    bag, kept = state.bag(), state.kept()
    if not can_meet(rules, [*bag, *kept], round_no):
        if rules.duplicate.when_short == WhenShort.END:
            return END
    if letters is not None:
        typed = typed_tiles(state, letters, rejected=rejected)
        return _draw(state, typed, typed=True, rejected=rejected)
    if seed is None:
        raise InvalidDrawError("", "typed", round_no, "this game's draws are typed in: give them")
    drawn = seeded_draw(rules, bag, kept, round_no, seed)
    if drawn is None:
        return END
    # A draw short of the minimum went back in full, the rack left with it.
    return _draw(state, drawn, typed=False, rejected=not draw_fits(state, drawn))


def _draw(state: DuplicateState, tiles: t.Sequence[Tile], *, typed: bool, rejected: bool) -> Event:
    data = {"tiles": tiles_data(state.rules.alphabet, tiles), "typed": typed, "rejected": rejected}
    return ("draw", data)


def typed_tiles(state: DuplicateState, letters: str, *, rejected: bool = False) -> list[Tile]:
    """A draw typed in for the next round of ``state`` (in its draw phase):
    the rack left completed, or (``rejected``) a new draw in full.

    :raises InvalidDrawError: not the round's number of tiles (``size``), tiles the
        bag does not hold or the rack left missing (``not-in-bag``), or fewer
        vowels or consonants than the round needs while the bag can give them
        (``short``).
    """
    rules = state.rules
    round_no = state.round_no
    tiles = [x & ~BLANK_BIT if x != BLANK else BLANK for x in rules.alphabet.rack(letters)]
    pool = [*state.bag(), *state.kept()]
    size = rack_size(rules, len(pool))
    if len(tiles) != size:
        raise InvalidDrawError(
            letters, "size", round_no, f"{len(tiles)} tiles: this round's draw holds {size}"
        )
    if not draw_fits(state, tiles, rejected=rejected):
        kept = rack_text(rules, state.kept())
        raise InvalidDrawError(
            letters,
            "not-in-bag",
            round_no,
            f"the draw must hold the rack left ({kept or 'none'}) and tiles from the bag",
        )
    if can_meet(rules, pool, round_no) and not meets(rules, tiles, round_no):
        minimum = rules.duplicate.minimum(round_no) if rules.duplicate else None
        assert minimum is not None
        raise InvalidDrawError(
            letters,
            "short",
            round_no,
            f"round {round_no} needs at least {minimum.vowels} vowels and "
            f"{minimum.consonants} consonants",
        )
    return tiles
