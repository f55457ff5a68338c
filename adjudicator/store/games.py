"""Games and their events (append-only), with optimistic concurrency."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import typing as t
import uuid
from dataclasses import dataclass, field

import sqlalchemy as sa

from adjudicator.core.events import Event, from_stored
from adjudicator.errors import GameNotFoundError, StaleVersionError
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


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class GameStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

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
        id_, token = uuid.uuid4().hex, secrets.token_urlsafe(24)
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(
                games.insert().values(
                    id=id_,
                    created_at=now,
                    ruleset=ruleset,
                    players=players,
                    challenge_rule=challenge_rule,
                    target=target,
                    token_hash=_hash(token),
                    source=source,
                    **meta.columns(),
                )
            )
            if events:
                conn.execute(
                    game_events.insert(),
                    [
                        {
                            "game_id": id_,
                            "seq": i + 1,
                            "kind": e.kind,
                            "player": e.player,
                            "data": e.to_data(),
                            "created_at": now,
                        }
                        for i, e in enumerate(events)
                    ],
                )
        return id_, token

    def row(self, id_: str) -> GameRecord:
        """The game's record (players, ruleset, token hash, ...) without its events.

        :raises GameNotFoundError: no such game.
        """
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == id_)).mappings().first()
        if row is None:
            raise GameNotFoundError(id_)
        return GameRecord.read(dict(row))

    def load(self, id_: str) -> tuple[GameRecord, list[Event]]:
        """The game's record and events.

        :raises GameNotFoundError: no such game.
        :raises EventDataError: a stored event that does not fit its kind.
        """
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(games).where(games.c.id == id_)).mappings().first()
            if row is None:
                raise GameNotFoundError(id_)
            rows = (
                conn.execute(
                    sa.select(game_events)
                    .where(game_events.c.game_id == id_)
                    .order_by(game_events.c.seq)
                )
                .mappings()
                .all()
            )
        events = [from_stored(r["kind"], r["player"], r["data"]) for r in rows]
        return GameRecord.read(dict(row)), events

    def version(self, id_: str) -> int | None:
        """How many events the game has (its version), or None if there is no such game."""
        count = (
            sa.select(sa.func.count())
            .select_from(game_events)
            .where(game_events.c.game_id == id_)
            .scalar_subquery()
        )
        with self.engine.connect() as conn:
            return conn.execute(sa.select(count).where(games.c.id == id_)).scalar_one_or_none()

    def token_ok(self, game: GameRecord, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(_hash(token or ""), game.token_hash)

    def append(self, id_: str, version: int, events: t.Sequence[Event]) -> int:
        """Append events after ``version``; returns the new version.

        :raises StaleVersionError: another writer got there first.
        """
        now = _now()
        try:
            with self.engine.begin() as conn:
                current = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(game_events)
                    .where(game_events.c.game_id == id_)
                ).scalar_one()
                if current != version:
                    raise StaleVersionError(version, current)
                conn.execute(
                    game_events.insert(),
                    [
                        {
                            "game_id": id_,
                            "seq": version + i + 1,
                            "kind": e.kind,
                            "player": e.player,
                            "data": e.to_data(),
                            "created_at": now,
                        }
                        for i, e in enumerate(events)
                    ],
                )
        except sa.exc.IntegrityError:
            raise StaleVersionError(version, version + 1) from None
        return version + len(events)

    def clock(self, id_: str) -> dict[str, t.Any] | None:
        """The clock the keeper last posted (the row's ``clock``), or None.
        Read on its own: a clock changes without the game's version changing."""
        with self.engine.connect() as conn:
            clock = conn.execute(sa.select(games.c.clock).where(games.c.id == id_)).scalar()
        return t.cast("dict[str, t.Any] | None", clock)

    def set_clock(self, id_: str, clock: dict[str, t.Any]) -> None:
        """Keep the clock, with the server's time, in the row's ``clock``."""
        stamped = {**clock, "at": _now().isoformat()}
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == id_).values(clock=stamped))

    def delete(self, id_: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(game_events.delete().where(game_events.c.game_id == id_))
            if conn.execute(games.delete().where(games.c.id == id_)).rowcount == 0:
                raise GameNotFoundError(id_)
