"""A game's row is read into a typed record; its meta column into GameMeta,
whatever an earlier release left in it (nothing, or only some keys)."""

from __future__ import annotations

from adjudicator.store.games import GameMeta


def test_a_game_without_meta_reads_as_the_defaults():
    assert GameMeta.read(None) == GameMeta() and GameMeta.read({}) == GameMeta()


def test_every_key_of_the_meta_column_is_read():
    stored = {
        "lexicon": "NWL2023",
        "title": "Final",
        "flags": ["line 4: the total is 30"],
        "first_player": 1,
        "draws": ["A", "?"],
        "clock": {"left_ms": [1, 2], "running": False},
    }
    meta = GameMeta.read(stored)
    assert (meta.lexicon, meta.title, meta.first_player) == ("NWL2023", "Final", 1)
    assert meta.flags == ("line 4: the total is 30",) and meta.draws == ("A", "?")
