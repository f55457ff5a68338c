"""Games' analyses, kept once worked out: one row per game, for a version."""

from __future__ import annotations

import datetime as dt
import typing as t

import sqlalchemy as sa

from adjudicator.store.schema import game_analyses


class AnalysisStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def get(self, game_id: str, version: int) -> dict[str, t.Any] | None:
        """The analysis kept for the game at ``version`` events, or None (none kept,
        or one of an earlier version: the game has moved on or was corrected)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(game_analyses.c.version, game_analyses.c.data).where(
                    game_analyses.c.game_id == game_id
                )
            ).first()
        if row is None or row.version != version:
            return None
        return dict(row.data)

    def keep(self, game_id: str, version: int, data: t.Mapping[str, t.Any]) -> None:
        """Keep ``data`` as the game's analysis at ``version``, replacing any other."""
        now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        with self.engine.begin() as conn:
            conn.execute(game_analyses.delete().where(game_analyses.c.game_id == game_id))
            conn.execute(
                game_analyses.insert().values(
                    game_id=game_id, version=version, data=dict(data), created_at=now
                )
            )
