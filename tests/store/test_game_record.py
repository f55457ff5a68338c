"""A game's row is read into a typed record; what was its ``meta`` JSON up to
revision 0003 (lexicon, title, flags, first player, draws) into GameMeta, from
columns of their own."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from adjudicator.store import open_store
from adjudicator.store.games import GameMeta
from adjudicator.store.schema import games

EVERY = GameMeta(
    lexicon="NWL2023",
    title="Final",
    flags=("line 4: the total is 30",),
    first_player=1,
    draws=("A", "?"),
)


@pytest.fixture()
def store(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'g.db'}")
    yield store.games
    store.dispose()


def _create(store, **more):
    return store.create("scrabble-en", ["Ann", "Bob"], challenge_rule=None, target=None, **more)


def _row(store, id_):
    with store.engine.connect() as conn:
        return conn.execute(sa.select(games).where(games.c.id == id_)).mappings().one()


def test_a_game_with_nothing_but_players_reads_as_the_defaults(store):
    id_, _ = _create(store)
    assert store.row(id_).meta == GameMeta()
    row = _row(store, id_)
    assert (row["flags"], row["draws"], row["clock"], row["first_player"]) == (None, None, None, 0)


def test_every_column_is_read_back(store):
    id_, _ = _create(store, meta=EVERY)
    assert store.row(id_).meta == EVERY
    row = _row(store, id_)
    assert row["flags"] == ["line 4: the total is 30"] and row["draws"] == ["A", "?"]


def test_the_clock_has_a_column_of_its_own(store):
    id_, _ = _create(store, meta=EVERY)
    assert store.clock(id_) is None
    store.set_clock(id_, {"left_ms": [1, 2], "running": False, "player": 0})
    clock = store.clock(id_)
    assert clock is not None and clock["left_ms"] == [1, 2] and "at" in clock
    assert store.row(id_).meta == EVERY  # the clock leaves the rest as it was
