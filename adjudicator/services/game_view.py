"""What a club game looks like from outside: the answer of every game endpoint."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.events import Event, EventKind, Exchange, LineEvent, Play, RackPoints, Ruled
from adjudicator.core.game import OVER, GameState, HistoryEntry
from adjudicator.core.notes import NoteCode, NoteParam
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.services.answer import Answer
from adjudicator.services.game_clock import GameClock
from adjudicator.store.games import GameRecord


@dataclass(slots=True)
class Game:
    """A stored game: its record, its events, and the state replayed from them."""

    record: GameRecord
    events: list[Event]
    state: GameState


class GamePlayer(Answer):
    name: str
    score: int
    tiles_on_rack: int = Field(description="Tiles on the rack (counted; letters may be unknown)")


@with_config(ConfigDict(extra="forbid"))
class NoteOut(TypedDict):
    """What the referee says about an event, as a code and its parameters
    (``docs/api.md`` lists them); the pages say it in the reader's language."""

    code: NoteCode
    params: dict[str, int | str | list[int] | list[str]]


@with_config(ConfigDict(extra="forbid"))
class HistoryItem(TypedDict):
    """One event of the game (a typed dict: a game has up to 1,000 of them).
    ``totals`` holds every player's running total after it; ``move`` is a play's
    GCG notation (its main word's, for a move in several lines); ``squares`` its
    new tiles' squares, ``[row, col]`` from 0; ``count`` is the number of tiles
    an exchange swapped; ``voided`` marks an event a later
    correction took back, which counts for nothing; ``note``, where there is one,
    is what the referee says about it."""

    index: int
    type: EventKind
    player: int
    points: int
    totals: list[int]
    words: list[str]
    voided: bool
    note: NotRequired[NoteOut]
    move: NotRequired[str]
    squares: NotRequired[list[list[int]]]
    rack: NotRequired[str]
    tiles: NotRequired[str]
    count: NotRequired[int]
    adjudication_id: NotRequired[str]
    verdict: NotRequired[str]


class GameOut(Answer):
    id: str
    token: str | None = Field(default=None, description="The write token (creation only)")
    ruleset: str
    version: int = Field(description="Number of events; name it when adding the next one")
    status: t.Literal["playing", "awaiting_end", "over"]
    end_reason: str | None
    turn: int
    first_player: int = Field(description="Who played first")
    players: list[GamePlayer]
    scores: list[int]
    winners: list[int]
    bag: int
    board: list[str]
    unseen: dict[str, int]
    unseen_count: int
    target: int | None
    challenge_rule: str
    history: list[HistoryItem]
    flags: list[str] = Field(description="Where an imported record disagrees with the ruleset")
    clock: GameClock | None = Field(
        default=None, description="The players' clocks, when the keeper keeps one"
    )


class SpectatorView(GameOut):
    """What the read-only page shows: the game, under its record's title."""

    title: str


def describe(game: Game, rack: str | None = None, **extra: t.Any) -> dict[str, t.Any]:
    """The members of a :class:`GameOut`; ``rack`` (the asking player's) is left out
    of the unseen tiles."""
    s = game.state
    alpha = s.rules.alphabet
    unseen = {alpha.label(i): alpha.count(i) for i in range(1, alpha.size + 1)}
    unseen[alpha.blank_label] = alpha.blank_count
    seen = list(s.board.tiles()) + (alpha.rack(rack) if rack else []) + _revealed(s)
    for tile in seen:
        key = alpha.blank_label if tile == BLANK or tile & BLANK_BIT else alpha.label(tile)
        unseen[key] -= 1
    return {
        "id": game.record.id,
        **extra,
        "ruleset": s.rules.name,
        "version": len(game.events),
        "status": s.status,
        "end_reason": s.end_reason,
        "turn": s.turn,
        "first_player": s.first_player,
        "players": [
            GamePlayer(name=n, score=sc, tiles_on_rack=r)
            for n, sc, r in zip(s.names, s.scores, s.racks, strict=True)
        ],
        "scores": list(s.scores),
        "winners": s.winners(),
        "bag": s.bag,
        "board": s.board.to_strings(alpha),
        "unseen": {k: v for k, v in unseen.items() if v},
        "unseen_count": sum(v for v in unseen.values() if v > 0),
        "target": s.target,
        "challenge_rule": game.record.challenge_rule or s.rules.challenge_rule,
        # The racks a keeper entered stay hidden while an API game is played: the
        # tiles a player kept would show to the others (the analysis reads them after).
        "history": [_item(h, s.status == OVER or game.record.source != "api") for h in s.history],
        "flags": _flags(game),
    }


def _revealed(s: GameState) -> list[int]:
    """The tiles the racks showed at the end: each rack's own rack-points event,
    or, where only the player who went out has one (its tiles are the others'
    racks), that one."""
    ends = [h.event for h in s.history if isinstance(h.event, RackPoints) and not h.voided]
    out = s.last_play.player if s.end_reason == "went_out" and s.last_play else None
    own = [e for e in ends if e.player != out] or ends
    return [tile for e in own for tile in s.rules.alphabet.rack(e.tiles)]


def _flags(game: Game) -> list[str]:
    """Where the record and the ruleset disagree: what the import found in the
    record as a whole (running and final totals), then what the events show."""
    found = list(game.record.meta.flags)
    return found + [f for f in game.state.flags if f not in found]


def _param(value: NoteParam) -> int | str | list[int] | list[str]:
    if isinstance(value, tuple):
        # A tuple of ints or of strs (NoteParam) becomes a list of the same.
        return t.cast("list[int] | list[str]", list(value))
    return value


def _item(h: HistoryEntry, racks: bool) -> HistoryItem:
    item: HistoryItem = {
        "index": h.index,
        "type": h.kind,
        "player": h.player,
        "points": h.points,
        "totals": h.totals,
        "words": h.words,
        "voided": h.voided,
    }
    if h.note is not None:
        params = {k: _param(v) for k, v in h.note.params.items()}
        item["note"] = {"code": h.note.code, "params": params}
    e = h.event
    move = (e.move if isinstance(e, Play) else None) or h.move
    if move:
        item["move"] = move
    if isinstance(e, Play):
        item["squares"] = [[r, c] for r, c, _ in e.placement]
    if racks and isinstance(e, LineEvent) and e.rack is not None:
        item["rack"] = e.rack
    if isinstance(e, Exchange | RackPoints):
        item["tiles"] = e.tiles
    if isinstance(e, Ruled):
        if e.adjudication_id is not None:
            item["adjudication_id"] = e.adjudication_id
        if e.verdict is not None:
            item["verdict"] = e.verdict.value
    if isinstance(e, Exchange):
        item["count"] = e.count
    return item


def game_out(
    game: Game,
    rack: str | None = None,
    token: str | None = None,
    clock: GameClock | None = None,
) -> GameOut:
    """The game as every game endpoint answers it.  Made without validation: its
    members come from the referee, and a game's history has up to 1,000 items,
    which every write answers (``tests/api/test_openapi.py`` checks real answers
    against the schema)."""
    extra = {"token": token} if token else {}
    return GameOut.model_construct(**describe(game, rack, **extra), clock=clock)
