"""The players' clocks of a club game, for spectators.

The keeper's clock runs in its browser (``static/keeper/clock.js``); at each
turn and each start or pause it posts each player's time left, and the server
keeps the last one with its own time, so a spectator's page can count down
from it.
"""

from __future__ import annotations

import datetime as dt
import typing as t

from pydantic import Field

from adjudicator.errors import InvalidRequestError
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.core.game import GameState
    from adjudicator.store.games import GameStore


class GameClock(Answer):
    """The players' clocks as the keeper last posted them (``PUT .../clock``)."""

    left_ms: list[int] = Field(
        description="Each player's time left when posted, in milliseconds; negative: over time"
    )
    running: bool
    player: int = Field(description="Whose clock runs: the player to move when posted")
    age_ms: int = Field(
        description="Milliseconds since it was posted: a running clock has used that much more"
    )


def clock_of(stored: t.Mapping[str, t.Any] | None, now: dt.datetime) -> GameClock | None:
    """The stored clock as answered, ``now`` being the server's time (naive UTC)."""
    if not stored:
        return None
    age = max(0, int((now - dt.datetime.fromisoformat(stored["at"])).total_seconds() * 1000))
    return GameClock(
        left_ms=list(stored["left_ms"]),
        running=bool(stored["running"]),
        player=int(stored["player"]),
        age_ms=age,
    )


def now() -> dt.datetime:
    """The server's time, naive UTC, as the store keeps it."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def keep_clock(
    store: GameStore, id_: str, state: GameState, left_ms: t.Sequence[int], running: bool
) -> GameClock:
    """Keep the keeper's clock: each player's time left, and whether it runs
    (for the player to move; never once the game is no longer being played).

    :raises InvalidRequestError: not one time per player.
    """
    if len(left_ms) != state.players:
        raise InvalidRequestError(
            f"{len(left_ms)} times for {state.players} players", field="left_ms"
        )
    running = running and state.status == "playing"
    store.set_clock(id_, {"left_ms": list(left_ms), "running": running, "player": state.turn})
    return GameClock(left_ms=list(left_ms), running=running, player=state.turn, age_ms=0)
