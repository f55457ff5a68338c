"""What the referee says about an event: a code and its parameters, never text.

Each page says a note in its reader's language from the catalogues; an API user
reads the code.  ``docs/api.md`` lists the codes and their parameters.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field
from enum import StrEnum

NoteParam = int | str | tuple[int, ...] | tuple[str, ...]


class NoteCode(StrEnum):
    """Every note the referee writes."""

    # A correction: ``events``, the indexes of the events it took back.
    TOOK_BACK = "took-back"
    # An event a later correction took back.
    VOIDED = "voided"
    # The challenged play is taken off the board.
    PLAY_WITHDRAWN = "play-withdrawn"
    # An imported withdrawal with no play of its player to take back.
    NOTHING_TO_WITHDRAW = "nothing-to-withdraw"
    # A challenge's ruling, ``verdict`` (acceptable / unacceptable).
    CHALLENGE_RULED = "challenge-ruled"
    # The same, and the challenger loses the next turn that comes to them.
    CHALLENGER_LOSES_TURN = "challenger-loses-turn"
    # A pass: the turn a failed challenge cost.
    TURN_LOST = "turn-lost"
    # An imported play the ruleset refuses: ``problem`` is the refusal's code.
    ILLEGAL_PLAY = "illegal-play"
    # An imported play whose ``recorded`` score is not the ruleset's ``scored``.
    SCORE_DIFFERS = "score-differs"
    # End-of-game points as ``recorded``, where the ruleset gives ``expected``.
    RACK_POINTS_DIFFER = "rack-points-differ"
    # The ``names`` whose racks were worked out from the unseen tiles.
    RACKS_WORKED_OUT = "racks-worked-out"
    # The game closed with no racks known.
    ENDED_WITHOUT_RACKS = "ended-without-racks"


@dataclass(frozen=True, slots=True)
class Note:
    code: NoteCode
    params: t.Mapping[str, NoteParam] = field(default_factory=dict)
