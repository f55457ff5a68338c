"""GCG game records: decode, parse and write.

A GCG file is a list of lines.  ``#name value`` lines are pragmas (players,
lexicon, notes, final racks, ...); ``>nick: ...`` lines are events (plays,
passes, exchanges, withdrawals, challenge bonuses, end-of-game rack points,
time penalties).  :func:`parse_gcg` turns the text into a :class:`GcgRecord`
of frozen dataclasses; :func:`write_gcg` turns a record back into text.

The parser needs no alphabet: coordinates, words and racks stay strings.
:mod:`adjudicator.core.game_gcg` turns a record into a game's events under a
ruleset.  See ``docs/gcg.md``.
"""

from __future__ import annotations

from adjudicator.core.gcg.model import (
    ChallengeBonus,
    Exchange,
    GcgEvent,
    GcgRecord,
    Pass,
    Play,
    Player,
    Pragma,
    RackPoints,
    TimePenalty,
    Withdrawal,
)
from adjudicator.core.gcg.reader import decode_gcg, parse_gcg
from adjudicator.core.gcg.writer import encode_gcg, write_gcg

__all__ = [
    "ChallengeBonus",
    "Exchange",
    "GcgEvent",
    "GcgRecord",
    "Pass",
    "Play",
    "Player",
    "Pragma",
    "RackPoints",
    "TimePenalty",
    "Withdrawal",
    "decode_gcg",
    "encode_gcg",
    "parse_gcg",
    "write_gcg",
]
