"""Club games: create, add events (through the referee), read, GCG in and out."""

from __future__ import annotations

import dataclasses
import threading
import typing as t
from collections import OrderedDict
from dataclasses import dataclass, field

from adjudicator.core.challenge import ChallengeRule
from adjudicator.core.events import Correction, Event
from adjudicator.core.game import MAX_EVENTS, first_by_draw
from adjudicator.core.game_gcg import export_record, import_record, nicknames
from adjudicator.core.gcg import Pragma, decode_gcg, parse_gcg, write_gcg
from adjudicator.core.gcg.extensions import CHALLENGE_RULE, Header, read_header
from adjudicator.core.names import name_problem
from adjudicator.core.referee import apply, last_action, lost_turns, replay
from adjudicator.errors import (
    GameTooLongError,
    InvalidRequestError,
    PermissionDeniedError,
    PlacementError,
    RecordTotalsError,
    StaleVersionError,
)
from adjudicator.services.board_svg import board_svg
from adjudicator.services.game_clock import GameClock, clock_of, keep_clock, now
from adjudicator.services.game_events import EntryType, EventIn, events_for
from adjudicator.services.game_view import Game, GameOut, SpectatorView, describe, game_out
from adjudicator.services.plays import column_first
from adjudicator.services.rulesets import ruleset_of_record
from adjudicator.store.games import GameMeta

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.store.audit import AuditTrail
    from adjudicator.store.games import GameRecord, GameStore


# What a cached game costs in memory, at most: for the game, and per event.  Replayed
# games measured with tracemalloc take 25-70% of it (tests/api/test_memory_bounds.py).
GAME_BYTES = 8_000
EVENT_BYTES = 2_500


@dataclass(slots=True)
class GameCache:
    """Replayed games, the most recently read or written last, within ``max_bytes``
    per process (``ADJUDICATOR_GAME_CACHE_BYTES``), or the last game alone if larger.

    A cached game is used only while the store still holds exactly the events it
    was built from; a game's cost is estimated from its number of events.  The
    threads of a worker share it, under one lock; a cached game is never changed
    in place (a write copies its state).
    """

    max_bytes: int = 64 * 1024 * 1024
    games: OrderedDict[str, Game] = field(default_factory=OrderedDict)
    used: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def get(self, id_: str, version: int | None) -> Game | None:
        with self.lock:
            game = self.games.get(id_)
            if game is None or len(game.events) != version:
                return None
            self.games.move_to_end(id_)  # read last, dropped last
            return game

    def keep(self, game: Game) -> None:
        id_ = game.record.id
        with self.lock:
            old = self.games.get(id_)
            if old is not None and len(old.events) > len(game.events):
                return  # another thread kept a newer version meanwhile
            if old is not None:
                del self.games[id_]
                self.used -= _cost(old)
            self.games[id_] = game
            self.used += _cost(game)
            while self.used > self.max_bytes and len(self.games) > 1:
                _, dropped = self.games.popitem(last=False)
                self.used -= _cost(dropped)


def _cost(game: Game) -> int:
    return GAME_BYTES + EVENT_BYTES * len(game.events)


@dataclass(frozen=True, slots=True)
class Games:
    """The club-games use cases, over the rules, the store and the audit trail."""

    live: LiveRegistry
    store: GameStore
    trail: AuditTrail
    cache: GameCache = field(default_factory=GameCache)

    @property
    def registry(self) -> Registry:
        """The registry in force; a use case reads it once."""
        return self.live.current

    def create(
        self,
        ruleset: str,
        players: list[str],
        *,
        challenge_rule: ChallengeRule | None = None,
        target: int | None = None,
        target_level: str | None = None,
        first_player: int | None = None,
        draw: t.Sequence[str] | None = None,
    ) -> GameOut:
        """A new game; who starts is ``first_player``, or the ``draw``'s winner
        (each player's drawn tiles, one per round), else player 0.

        :raises DrawTieError: the draw is still tied.
        """
        rules = self.registry.ruleset(ruleset)
        if not 2 <= len(players) <= 4:
            raise InvalidRequestError("a game has 2 to 4 players", field="players")
        for index, name in enumerate(players):
            problem = name_problem(name)
            if problem is not None:
                raise InvalidRequestError(f"players.{index}: {problem}", field=f"players.{index}")
        goal = self._target(rules.name, len(players), target, target_level)
        draws: tuple[str, ...] = ()
        if draw is not None:
            if first_player is not None:
                raise InvalidRequestError("give first_player or draw, not both", field="draw")
            if len(draw) != len(players):
                raise InvalidRequestError("one draw per player", field="draw")
            tiles = [rules.alphabet.rack(d) for d in draw]
            first_player = first_by_draw(tiles)
            draws = tuple(draw)
        if first_player is not None and not 0 <= first_player < len(players):
            raise InvalidRequestError(f"no player {first_player}", field="first_player")
        id_, token = self.store.create(
            rules.name,
            players,
            challenge_rule=challenge_rule,
            target=goal,
            meta=GameMeta(first_player=first_player or 0, draws=draws),
        )
        return game_out(self.read(id_), token=token)

    def _target(
        self, ruleset: str, players: int, target: int | None, level: str | None
    ) -> int | None:
        if level is None:
            return target
        table = self.registry.ruleset(ruleset).finish_line_targets.get(players, {})
        if level not in table:
            raise InvalidRequestError(
                f"ruleset {ruleset} has no finish-line target {level!r} for {players} players",
                field="target_level",
            )
        return table[level]

    def load(self, id_: str) -> Game:
        """The game's record and events, and the state replayed from them."""
        record, events = self.store.load(id_)
        return self._replayed(record, events)

    def _replayed(self, record: GameRecord, events: list[Event]) -> Game:
        rules = self.registry.ruleset(record.ruleset)
        state = replay(
            rules,
            record.players,
            events,
            record.target,
            first_player=record.meta.first_player,
            strict=record.source == "api",
        )
        return Game(record, events, state)

    def read(self, id_: str) -> Game:
        """:meth:`load`, from the cache when the version still matches."""
        cached = self.cache.get(id_, self.store.version(id_))
        if cached is not None:
            return cached
        game = self.load(id_)
        self.cache.keep(game)
        return game

    def get(self, id_: str, rack: str | None = None) -> GameOut:
        return game_out(self.read(id_), rack, clock=self.clock(id_))

    def clock(self, id_: str) -> GameClock | None:
        """The players' clocks as the keeper last posted them, or None."""
        return clock_of(self.store.clock(id_), now())

    def set_clock(
        self, id_: str, token: str | None, left_ms: t.Sequence[int], running: bool
    ) -> GameClock:
        """:func:`keep_clock`, with the game's write token.

        :raises PermissionDeniedError: no or wrong write token.
        """
        self.authorize(id_, token)
        return keep_clock(self.store, id_, self.read(id_).state, left_ms, running)

    def authorize(self, id_: str, token: str | None) -> None:
        """:raises NotFoundError: no such game. :raises PermissionDeniedError: no or
        wrong write token."""
        if not self.store.token_ok(self.store.row(id_), token):
            raise PermissionDeniedError("writing to this game needs its write token", game=id_)

    def add_event(self, id_: str, token: str | None, version: int, spec: EventIn) -> GameOut:
        """Validate one event with the referee and append what it records.

        The token is checked before the game is read.  The events are tried on a
        copy of the game's state (the cached one when it is current), so a write
        costs the same on turn 300 as on turn 3.

        :raises PermissionDeniedError: no or wrong write token.
        :raises StaleVersionError: ``version`` is not the game's current version.
        :raises GameTooLongError: the game would pass ``MAX_EVENTS``.
        """
        self.authorize(id_, token)
        game = self.read(id_)
        if version != len(game.events):
            raise StaleVersionError(version, len(game.events))
        if spec.type == EntryType.CORRECTION:
            voids = last_action(game.state)
            new: list[Event] = [Correction(player=spec.player, voids=tuple(voids))]
            state = self._replayed(game.record, [*game.events, *new]).state
        else:
            state = game.state.copy()  # the cached state stays as it is if this fails
            try:
                # Each event of one write carries its version: a correction takes
                # back the whole write.
                new = [
                    dataclasses.replace(e, write=version)
                    for e in events_for(self.registry, self.trail, game, spec)
                ]
                for event in new:
                    apply(state, event, strict=True)
            except PlacementError as exc:
                raise exc.in_notation(column_first(spec.move)) from None
            # A failed challenger's turn, when it comes round.
            new += lost_turns(state, write=version)
        if len(game.events) + len(new) > MAX_EVENTS:
            raise GameTooLongError(len(game.events) + len(new), MAX_EVENTS)
        self.store.append(id_, version, new)
        written = Game(game.record, [*game.events, *new], state)
        self.cache.keep(written)
        return game_out(written, clock=self.clock(id_))

    def import_gcg(
        self, data: bytes | str, ruleset: str | None = None, *, strict: bool = False
    ) -> GameOut:
        """A game from a GCG record.  The record's ``#ruleset`` (or its lexicon)
        picks the rules unless ``ruleset`` is given; its challenge rule and first
        player are kept.  With ``strict``, a record whose running totals do not add
        up is refused, naming the lines.

        :raises GameTooLongError: more events than a game may have.
        :raises RecordTotalsError: with ``strict``, totals that do not add up.
        """
        text = decode_gcg(data) if isinstance(data, bytes) else data
        record = parse_gcg(text)
        header = read_header(record)
        registry = self.registry
        rules = registry.ruleset(ruleset or ruleset_of_record(registry, header, record))
        nicks = [p.nick for p in record.players]
        first = nicks.index(header.first_player) if header.first_player in nicks else 0
        names, events, state = import_record(record, rules, first)
        if not 2 <= len(names) <= 4:
            raise InvalidRequestError(
                f"the record names {len(names)} players; a game has 2 to 4", field="gcg"
            )
        for number, name in enumerate(names, 1):
            problem = name_problem(name)
            if problem is not None:
                raise InvalidRequestError(f"player {number}: {problem}", field="gcg")
        bad_lines = [f for f in state.flags if f.startswith("line ")]
        if strict and bad_lines:
            raise RecordTotalsError(bad_lines)
        challenge_rule = None
        if header.challenge_rule in set(ChallengeRule):
            challenge_rule = ChallengeRule(header.challenge_rule)
        elif header.challenge_rule:
            state.flags.append(
                f"#{CHALLENGE_RULE} {header.challenge_rule!r} is not a challenge rule; "
                "the ruleset's applies"
            )
        meta = GameMeta(
            lexicon=header.lexicon,
            title=record.title,
            flags=tuple(state.flags),
            first_player=first,
            draws=tuple(header.draws.get(nick, "") for nick in nicks) if header.draws else (),
        )
        id_, token = self.store.create(
            rules.name,
            names,
            challenge_rule=challenge_rule,
            target=None,
            source="gcg",
            meta=meta,
            events=events,
        )
        return game_out(self.read(id_), token=token)

    def export_gcg(self, id_: str, notes: t.Mapping[int, str] | None = None) -> str:
        """The game as a GCG record; ``notes`` (by event index) as ``#note`` lines."""
        game = self.read(id_)
        rules = game.state.rules
        registry = self.registry
        lexicon = registry.lexicons.get(registry.serving(rules.name) or "")
        meta = game.record.meta
        nicks = nicknames(game.record.players)
        header = Header(
            ruleset=rules.name,
            lexicon=lexicon.name if lexicon else None,
            lexicon_version=lexicon.version if lexicon else None,
            lexicon_checksum=lexicon.checksum if lexicon else None,
            challenge_rule=game.record.challenge_rule or rules.challenge_rule,
            first_player=nicks[game.state.first_player],
            draws={n: d for n, d in zip(nicks, meta.draws, strict=False) if d},
        )
        record = export_record(game.record.players, game.events, game.state, header, notes)
        if meta.title:
            record = dataclasses.replace(
                record, pragmas=(Pragma("title", meta.title), *record.pragmas)
            )
        return write_gcg(record)

    def board_svg(self, id_: str) -> str:
        return board_svg(self.read(id_).state)

    def spectator_view(self, id_: str) -> SpectatorView:
        """What the read-only page shows: players, scores, whose turn, the move list."""
        game = self.read(id_)
        title = game.record.meta.title or game.state.rules.title
        return SpectatorView(**describe(game), title=title, clock=self.clock(id_))

    def delete(self, id_: str) -> None:
        """Remove a game and its events (an admin action).

        :raises GameNotFoundError: no such game.
        """
        self.store.delete(id_)
