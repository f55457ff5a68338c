"""Games and their events (append-only), with optimistic concurrency."""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import dataclass, field

import sqlalchemy as sa

from adjudicator.core.events import Event, from_stored
from adjudicator.errors import GameNotFoundError
from adjudicator.store.event_log import EventLog, now, token_ok
from adjudicator.store.schema import game_events, games


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What the replay and the record need beyond the rules, each from its own
    column: an import's lexicon, title and flags, who played first, the draw for
    first play.  (The keeper's clock, in the ``clock`` column, is read on its own
    by :meth:`GameStore.clock`.)"""

    lexicon: str | None = None
    title: str | None = None
    flags: tuple[str, ...] = ()
    first_player: int = 0
    draws: tuple[str, ...] = ()

    @classmethod
    def read(cls, row: t.Mapping[str, t.Any]) -> GameMeta:
        """The game row's columns (``flags`` and ``draws`` NULL: none)."""
        return cls(
            lexicon=row["lexicon"],
            title=row["title"],
            flags=tuple(row["flags"] or ()),
            first_player=row["first_player"],
            draws=tuple(row["draws"] or ()),
        )

    def columns(self) -> dict[str, t.Any]:
        """The values of the row's columns (an empty list is stored as NULL)."""
        return {
            "lexicon": self.lexicon,
            "title": self.title,
            "flags": list(self.flags) or None,
            "first_player": self.first_player,
            "draws": list(self.draws) or None,
        }


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's row, typed: everything about it but its events."""

    id: str
    created_at: dt.datetime
    ruleset: str
    players: tuple[str, ...]
    challenge_rule: str | None  # None: the ruleset's
    target: int | None
    token_hash: str = field(repr=False)
    source: str  # "api" or "gcg"
    meta: GameMeta

    @classmethod
    def read(cls, row: t.Mapping[str, t.Any]) -> GameRecord:
        return cls(
            id=row["id"],
            created_at=row["created_at"],
            ruleset=row["ruleset"],
            players=tuple(row["players"]),
            challenge_rule=row["challenge_rule"],
            target=row["target"],
            token_hash=row["token_hash"],
            source=row["source"],
            meta=GameMeta.read(row),
        )


class GameStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.log = EventLog(engine, games, game_events, "game_id", GameNotFoundError)

    def create(
        self,
        ruleset: str,
        players: list[str],
        *,
        challenge_rule: str | None,
        target: int | None,
        source: str = "api",
        meta: GameMeta = GameMeta(),
        events: t.Sequence[Event] = (),
    ) -> tuple[str, str]:
        """Store a new game (and its first events); returns (id, write token)."""
        values = {
            "ruleset": ruleset,
            "players": players,
            "challenge_rule": challenge_rule,
            "target": target,
            "source": source,
            **meta.columns(),
        }
        return self.log.create(values, _items(events))

    def row(self, id_: str) -> GameRecord:
        """The game's record (players, ruleset, token hash, ...) without its events.

        :raises GameNotFoundError: no such game.
        """
        return GameRecord.read(self.log.row(id_))

    def load(self, id_: str) -> tuple[GameRecord, list[Event]]:
        """The game's record and events.

        :raises GameNotFoundError: no such game.
        :raises EventDataError: a stored event that does not fit its kind.
        """
        row, rows = self.log.load(id_)
        events = [from_stored(r["kind"], r["player"], r["data"]) for r in rows]
        return GameRecord.read(row), events

    def version(self, id_: str) -> int | None:
        """How many events the game has (its version), or None if there is no such game."""
        return self.log.version(id_)

    def token_ok(self, game: GameRecord, token: str | None) -> bool:
        return token_ok(game.token_hash, token)

    def append(self, id_: str, version: int, events: t.Sequence[Event]) -> int:
        """Append events after ``version``; returns the new version.

        :raises StaleVersionError: another writer got there first.
        """
        return self.log.append(id_, version, _items(events))

    def clock(self, id_: str) -> dict[str, t.Any] | None:
        """The clock the keeper last posted (the row's ``clock``), or None.
        Read on its own: a clock changes without the game's version changing."""
        with self.engine.connect() as conn:
            clock = conn.execute(sa.select(games.c.clock).where(games.c.id == id_)).scalar()
        return t.cast("dict[str, t.Any] | None", clock)

    def set_clock(self, id_: str, clock: dict[str, t.Any]) -> None:
        """Keep the clock, with the server's time, in the row's ``clock``."""
        stamped = {**clock, "at": now().isoformat()}
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == id_).values(clock=stamped))

    def delete(self, id_: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(game_events.delete().where(game_events.c.game_id == id_))
            if conn.execute(games.delete().where(games.c.id == id_)).rowcount == 0:
                raise GameNotFoundError(id_)


def _items(events: t.Sequence[Event]) -> list[dict[str, t.Any]]:
    return [{"kind": e.kind, "player": e.player, "data": e.to_data()} for e in events]
