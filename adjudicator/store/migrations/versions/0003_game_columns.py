"""A game's ``meta`` JSON becomes columns of its own.

Revision ID: 0003
Revises: 0002

Up to 0002 one JSON column, ``meta``, held whatever was known about a game
beyond its rules, under keys.  Each key now has its own column:

============  =====================================  ==============================
key           column                                 why
============  =====================================  ==============================
lexicon       ``lexicon`` TEXT, NULL                 a scalar: the lexicon an
                                                     imported record names
                                                     (``#lexicon``), as written;
                                                     NULL for an API game
title         ``title`` TEXT, NULL                   a scalar, shown and exported
                                                     (``#title``); TEXT because a
                                                     record's pragma has no limit
first_player  ``first_player`` INTEGER NOT NULL      a scalar every replay needs;
              DEFAULT 0                              0 when never given, as the
                                                     release read it
flags         ``flags`` JSON, NULL                   a list read and written whole
                                                     (what an import found in the
                                                     record); NULL: none
draws         ``draws`` JSON, NULL                   a list, one per player like
                                                     ``players``; NULL: no draw
clock         ``clock`` JSON, NULL                   a document the keeper
                                                     replaces whole (times left,
                                                     running, whose, the server's
                                                     time); NULL: none kept
============  =====================================  ==============================

The copy runs in pages of :data:`PAGE` games through SQLAlchemy Core, the same
on SQLite and PostgreSQL (their JSON operators differ), and reads ``meta`` as
leniently as the release did (a missing key is the default; ``null`` JSON or
SQL NULL is no meta).  Every row is written, so that columns left behind by an
earlier downgrade on an old SQLite (below) hold nothing stale.

SQLite: the columns are added and dropped in place (``ALTER TABLE``), never by
Alembic's usual rebuild of the table (copy, ``DROP TABLE games``, rename): the
store opens SQLite with foreign keys on, and dropping ``games`` would delete
every game's events through ``ON DELETE CASCADE``.  ``DROP COLUMN`` needs SQLite
3.35 (2021); an older SQLite keeps ``meta``, emptied and no longer read, and its
downgrade likewise keeps the new columns.

The downgrade writes ``meta`` back from the columns (only the keys that hold
something) and drops them: the release reads every game as it did before.
"""

from __future__ import annotations

import typing as t

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

PAGE = 500
DROP_COLUMN_SINCE = (3, 35)

# The table as this revision sees it: frozen here, whatever schema.py says later.
_games = sa.table(
    "games",
    sa.column("id", sa.String),
    sa.column("meta", sa.JSON(none_as_null=True)),
    sa.column("lexicon", sa.Text),
    sa.column("title", sa.Text),
    sa.column("first_player", sa.Integer),
    sa.column("flags", sa.JSON(none_as_null=True)),
    sa.column("draws", sa.JSON(none_as_null=True)),
    sa.column("clock", sa.JSON(none_as_null=True)),
)


def _columns() -> list[sa.Column[t.Any]]:
    return [
        sa.Column("lexicon", sa.Text, nullable=True),
        sa.Column("title", sa.Text, nullable=True),
        sa.Column("first_player", sa.Integer, nullable=False, server_default="0"),
        sa.Column("flags", sa.JSON, nullable=True),
        sa.Column("draws", sa.JSON, nullable=True),
        sa.Column("clock", sa.JSON, nullable=True),
    ]


NEW = [c.name for c in _columns()]


def _drops_columns(bind: sa.Connection) -> bool:
    if bind.dialect.name != "sqlite":
        return True
    return tuple(bind.dialect.server_version_info or ()) >= DROP_COLUMN_SINCE


def _present(bind: sa.Connection) -> set[str]:
    return {c["name"] for c in sa.inspect(bind).get_columns("games")}


def _pages(bind: sa.Connection, *columns: str) -> t.Iterator[list[sa.Row[t.Any]]]:
    """The games' ``columns`` (and id), :data:`PAGE` rows at a time, by id."""
    query = sa.select(_games.c.id, *(_games.c[c] for c in columns)).order_by(_games.c.id)
    last = None
    while True:
        page = query.limit(PAGE) if last is None else query.where(_games.c.id > last).limit(PAGE)
        rows = list(bind.execute(page).all())
        if not rows:
            return
        yield rows
        last = rows[-1].id


def _text(value: t.Any) -> str | None:
    return None if value is None else str(value)


def columns_of(meta: t.Any) -> dict[str, t.Any]:
    """The new columns' values for a ``meta`` as the release stored it."""
    m = meta if isinstance(meta, dict) else {}
    return {
        "lexicon": _text(m.get("lexicon")),
        "title": _text(m.get("title")),
        "first_player": int(m.get("first_player") or 0),
        "flags": [str(f) for f in m.get("flags") or ()] or None,
        "draws": [str(d) for d in m.get("draws") or ()] or None,
        "clock": m.get("clock") or None,
    }


def meta_of(row: t.Mapping[t.Any, t.Any]) -> dict[str, t.Any] | None:
    """``meta`` as the release would read it back from the columns' values."""
    meta = {key: row[key] for key in NEW if row[key] not in (None, 0, [], {})}
    return meta or None


def _update(bind: sa.Connection, values: list[dict[str, t.Any]]) -> None:
    if values:
        bind.execute(_games.update().where(_games.c.id == sa.bindparam("game_id")), values)


def upgrade() -> None:
    bind = op.get_bind()
    present = _present(bind)
    with op.batch_alter_table("games", recreate="never") as batch:
        for column in _columns():
            if column.name not in present:
                batch.add_column(column)
    for rows in _pages(bind, "meta"):
        _update(bind, [{"game_id": r.id, **columns_of(r.meta)} for r in rows])
    if _drops_columns(bind):
        with op.batch_alter_table("games", recreate="never") as batch:
            batch.drop_column("meta")
    else:
        bind.execute(_games.update().values(meta=sa.null()))


def downgrade() -> None:
    bind = op.get_bind()
    if "meta" not in _present(bind):
        with op.batch_alter_table("games", recreate="never") as batch:
            batch.add_column(sa.Column("meta", sa.JSON, nullable=True))
    for rows in _pages(bind, *NEW):
        _update(bind, [{"game_id": r.id, "meta": meta_of(r._mapping)} for r in rows])
    if _drops_columns(bind):
        with op.batch_alter_table("games", recreate="never") as batch:
            for name in NEW:
                batch.drop_column(name)
