"""A Duplicate game as its events: draws, slips, closed rounds, corrections.

:func:`replay` folds the events (``(kind, data)``, core/duplicate_events.py)
into a :class:`DuplicateState`, checking each against the game so far: a
record imported from elsewhere is refused at its first event that does not
fit (:class:`InvalidDuplicateRecordError`).  A correction is an event too
(``slip-fix``, ``draw-fix``): the slip or draw it replaces stays in the
history, and the game reads as corrected.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.core.board import Board
from adjudicator.core.duplicate import SlipIn, SlipRuling
from adjudicator.core.duplicate_events import slip_of, tiles_data, tiles_of, top_data, top_of
from adjudicator.core.duplicate_standings import Standing, settle, standings
from adjudicator.core.duplicate_top import Top, left_on_rack
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile, count_tiles
from adjudicator.errors import AdjudicatorError, InvalidDuplicateRecordError

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset


class Phase(StrEnum):
    DRAW = "draw"  # the next round needs its draw
    PLAY = "play"  # the draw is out: slips, then the close
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Slip:
    """A slip as it stands: its ruling (None: withdrawn) and what was written
    (None in a game recorded before slips kept it)."""

    ruling: SlipRuling | None
    written: SlipIn | None
    corrected: bool = False


@dataclass(frozen=True, slots=True)
class Round:
    number: int  # 1-based
    draw: tuple[Tile, ...]
    typed: bool  # typed in by the arbiter, not the service's own draw
    rejected: bool = False  # the rack left went back to the bag: a new draw in full
    slips: tuple[Slip, ...] = ()  # every slip handed in, by its number (from 0)
    top: Top | None = None
    closed: bool = False
    board_before: Board | None = None
    redrawn: bool = False  # the typed draw was corrected


@dataclass(frozen=True, slots=True)
class Script:
    """A replay's game: the draws and tops of the game played again."""

    source: str
    draws: tuple[tuple[Tile, ...], ...]
    tops: tuple[Top | None, ...]


@dataclass(frozen=True, slots=True)
class DuplicateState:
    rules: Ruleset
    players: tuple[str, ...]
    board: Board
    rounds: tuple[Round, ...] = ()
    over: bool = False
    script: Script | None = None

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
        last = next((r for r in reversed(self.rounds) if r.closed), None)
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

    def before_draw(self) -> DuplicateState:
        """The game as it was before the open round's draw."""
        return replace(self, rounds=self.rounds[:-1]) if self.phase == Phase.PLAY else self

    def settled(self) -> list[list[tuple[int, SlipRuling]]]:
        """Each round's slips that stand, as (number, ruling as finally settled)."""
        live = [
            [(i, s.ruling) for i, s in enumerate(r.slips) if s.ruling is not None]
            for r in self.rounds
        ]
        rulings = settle(self.rules, len(self.players), [[x for _, x in ls] for ls in live])
        return [
            [(i, x) for (i, _), x in zip(ls, rs, strict=True)]
            for ls, rs in zip(live, rulings, strict=True)
        ]

    def standings(self) -> list[Standing]:
        closed = [
            (r, slips)
            for r, slips in zip(self.rounds, self.settled(), strict=True)
            if r.closed and r.top is not None
        ]
        return standings(
            self.rules,
            len(self.players),
            [r.top.score for r, _ in closed if r.top is not None],
            [[x for _, x in slips] for _, slips in closed],
        )


def start(rules: Ruleset, players: t.Sequence[str]) -> DuplicateState:
    layout = rules.layout
    return DuplicateState(rules, tuple(players), Board.empty(layout.rows, layout.cols))


def with_draw(
    state: DuplicateState, draw: t.Sequence[Tile], typed: bool, *, rejected: bool = False
) -> DuplicateState:
    """The next round's draw: the rack left completed, or (``rejected``) a new
    draw from the bag with the rack left put back."""
    _need(state.phase == Phase.DRAW, "a draw while a round is being played or after the end")
    _need(draw_fits(state, draw, rejected=rejected), "a draw the bag and the rack left cannot give")
    number = len(state.rounds) + 1
    new = Round(number, tuple(sorted(draw)), typed, rejected, board_before=state.board)
    return replace(state, rounds=(*state.rounds, new))


def with_redraw(
    state: DuplicateState, draw: t.Sequence[Tile], *, rejected: bool = False
) -> DuplicateState:
    """The open round's typed draw replaced; its slips stay (corrected next)."""
    _need(state.phase == Phase.PLAY, "a corrected draw with no round open")
    before = state.before_draw()
    _need(
        draw_fits(before, draw, rejected=rejected), "a draw the bag and the rack left cannot give"
    )
    sort = tuple(sorted(draw))
    last = replace(state.rounds[-1], draw=sort, typed=True, rejected=rejected, redrawn=True)
    return replace(state, rounds=(*before.rounds, last))


def with_slip(state: DuplicateState, ruling: SlipRuling, written: SlipIn | None) -> DuplicateState:
    _need(state.phase == Phase.PLAY, "a slip with no round open")
    _need(0 <= ruling.player < len(state.players), f"no player {ruling.player}")
    last = state.rounds[-1]
    rounds = (*state.rounds[:-1], replace(last, slips=(*last.slips, Slip(ruling, written))))
    return replace(state, rounds=rounds)


def with_fix(
    state: DuplicateState,
    round_no: int,
    number: int,
    ruling: SlipRuling | None,
    written: SlipIn | None,
) -> DuplicateState:
    """Slip ``number`` of round ``round_no`` replaced by ``ruling`` (None: withdrawn)."""
    _need(0 < round_no <= len(state.rounds), f"no round {round_no}")
    old = state.rounds[round_no - 1]
    _need(0 <= number < len(old.slips), f"no slip {number} in round {round_no}")
    _need(old.slips[number].ruling is not None, f"slip {number} was withdrawn")
    if ruling is not None:
        _need(0 <= ruling.player < len(state.players), f"no player {ruling.player}")
    slips = list(old.slips)
    slips[number] = Slip(ruling, written, corrected=True)
    rounds = list(state.rounds)
    rounds[round_no - 1] = replace(old, slips=tuple(slips))
    return replace(state, rounds=tuple(rounds))


def with_close(state: DuplicateState, top: Top | None, *, ends: bool) -> DuplicateState:
    """The round closed on ``top`` (None: nothing could be played, and the game
    ends); ``ends``: the game ends with it."""
    _need(state.phase == Phase.PLAY, "a close with no round open")
    last = state.rounds[-1]
    board = state.board
    if top is not None:
        left_on_rack(last.draw, top.placement)  # ValueError: tiles the draw does not hold
        board = score_placement(board, top.placement, state.rules).board_after
    rounds = (*state.rounds[:-1], replace(last, top=top, closed=True))
    return replace(state, rounds=rounds, board=board, over=ends or top is None)


def ended(state: DuplicateState) -> DuplicateState:
    _need(state.phase == Phase.DRAW, "an end while a round is being played or after the end")
    return replace(state, over=True)


def draw_fits(state: DuplicateState, draw: t.Sequence[Tile], *, rejected: bool = False) -> bool:
    """A draw holds only tiles of the bag and the rack left, and the rack left
    itself unless it was ``rejected`` (put back in the bag: FISF, art. 2.2)."""
    kept = count_tiles(state.kept())
    have = count_tiles([*state.bag(), *state.kept()])
    need = count_tiles(draw)
    return (
        0 < len(draw) <= state.rules.rack_size
        and all(have.get(k, 0) >= n for k, n in need.items())
        and (rejected or all(need.get(k, 0) >= n for k, n in kept.items()))
    )


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise ValueError(why)


def replay(
    rules: Ruleset, players: t.Sequence[str], events: t.Iterable[tuple[str, t.Mapping[str, t.Any]]]
) -> DuplicateState:
    """Fold ``(kind, data)`` events into the game's state.

    :raises InvalidDuplicateRecordError: an event of no known kind, with fields
        that do not read, or that does not fit the game so far.
    """
    alphabet = rules.alphabet
    state = start(rules, players)
    for index, (kind, data) in enumerate(events):
        try:
            if kind == "draw":
                tiles = tiles_of(alphabet, data["tiles"])
                rejected = data.get("rejected")
                if rejected is None:  # recorded before draws said so
                    rejected = not draw_fits(state, tiles)
                state = with_draw(state, tiles, bool(data["typed"]), rejected=bool(rejected))
            elif kind == "draw-fix":
                tiles = tiles_of(alphabet, data["tiles"])
                state = with_redraw(state, tiles, rejected=bool(data.get("rejected", False)))
            elif kind == "slip":
                state = with_slip(state, *slip_of(alphabet, data))
            elif kind == "slip-fix":
                fixed = data["slip"]
                ruling, written = (None, None) if fixed is None else slip_of(alphabet, fixed)
                state = with_fix(state, data["round"], data["number"], ruling, written)
            elif kind == "close":
                state = with_close(state, top_of(alphabet, data["top"]), ends=bool(data["ends"]))
            elif kind == "end":
                state = ended(state)
            elif kind == "replay" and index == 0:
                state = replace(state, script=_playable(rules, script_of(alphabet, data)))
            else:
                raise ValueError(f"an event of kind {kind!r} here")
        except (AdjudicatorError, LookupError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidDuplicateRecordError(index, kind, _why(exc)) from None
    return state


def _playable(rules: Ruleset, script: Script) -> Script:
    """A replay's draws and tops, checked as a game of their own."""
    shadow = start(rules, ["-"])
    for draw, top in zip(script.draws, script.tops, strict=True):
        shadow = with_draw(shadow, draw, typed=False, rejected=True)
        shadow = with_close(shadow, top, ends=False)
        if top is None:
            break
    return script


def _why(exc: Exception) -> str:
    if isinstance(exc, AdjudicatorError):
        return exc.detail
    if isinstance(exc, KeyError):
        return f"no field {exc.args[0]!r}"
    if isinstance(exc, IndexError):
        return "a position off the game"
    return str(exc)


def script_of(alphabet: Alphabet, data: t.Mapping[str, t.Any]) -> Script:
    rounds = data["rounds"]
    return Script(
        str(data["of"]),
        tuple(tuple(sorted(tiles_of(alphabet, r["tiles"]))) for r in rounds),
        tuple(top_of(alphabet, r["top"]) for r in rounds),
    )


def script_data(source: str, state: DuplicateState) -> dict[str, t.Any]:
    """A game's closed rounds (draws and tops), as a replay's first event."""
    alphabet = state.rules.alphabet
    return {
        "of": source,
        "rounds": [
            {"tiles": tiles_data(alphabet, r.draw), "top": top_data(alphabet, r.top)}
            for r in state.rounds
            if r.closed
        ],
    }
