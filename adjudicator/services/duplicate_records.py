"""A Duplicate game's record: exported and imported whole, its standings as CSV,
and played again alone (a replay *en solitaire*).

The record is the game's header and its events, as the store keeps them
(core/duplicate_events.py): every draw, slip (what was written and its
ruling), correction and top, so an import reads back the same game, history
included.  docs/duplicate.md describes it.
"""

from __future__ import annotations

import csv
import io
import typing as t

from pydantic import BeforeValidator, ConfigDict, Field

from adjudicator.core.duplicate_game import Phase, replay, script_data
from adjudicator.core.names import MAX_NAME_LENGTH
from adjudicator.errors import DuplicateNotOverError, PermissionDeniedError
from adjudicator.services.answer import Answer, integral
from adjudicator.services.duplicate_view import ranked

if t.TYPE_CHECKING:
    from adjudicator.services.duplicate import Duplicates
    from adjudicator.services.duplicate_view import DuplicateOut

FORMAT: t.Final = "adjudicator-duplicate"
EventKind = t.Literal["draw", "draw-fix", "slip", "slip-fix", "close", "end", "replay"]


class RecordEvent(Answer):
    model_config = ConfigDict(extra="forbid", strict=True)

    kind: EventKind
    data: dict[str, t.Any] = Field(description="The event's fields (docs/duplicate.md)")


class DuplicateGameRecord(Answer):
    """A Duplicate game, whole: what GET .../record answers and POST .../import reads."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: t.Literal["adjudicator-duplicate"]
    version: t.Annotated[t.Literal[1], BeforeValidator(integral)]
    ruleset: str = Field(min_length=1, max_length=64)
    lexicon: str | None = Field(min_length=1, max_length=64, description="None: the ruleset's")
    players: list[t.Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]] = Field(
        min_length=1, max_length=500
    )
    round_seconds: t.Annotated[int, Field(ge=10, le=3600), BeforeValidator(integral)]
    seed: str | None = Field(
        min_length=1,
        max_length=64,
        description="The service's draws' seed, once the game is over (none: the draws "
        "still to come are typed in)",
    )
    events: list[RecordEvent] = Field(max_length=100_000)


def export_record(games: Duplicates, id_: str, presented: str | None) -> DuplicateGameRecord:
    """The game's record; until the game is over it holds the round in play's
    slips, so only the game's writer (the token ``presented``) may read it.

    :raises DuplicateNotFoundError: no such game.
    :raises PermissionDeniedError: a game in play, without its write token.
    """
    loaded = games.load(id_)
    record = loaded.record
    _, events = games.store.load(id_)
    over = loaded.state.phase == Phase.OVER
    if not over and not games.is_writer(id_, presented):
        raise PermissionDeniedError(
            "until the game is over, its record needs the game's write token", duplicate=id_
        )
    return DuplicateGameRecord(
        format=FORMAT,
        version=1,
        ruleset=record.ruleset,
        lexicon=record.lexicon,
        players=list(record.players),
        round_seconds=record.round_seconds,
        seed=record.seed if over else None,
        events=[RecordEvent(kind=t.cast("EventKind", kind), data=data) for kind, data in events],
    )


def import_record(games: Duplicates, doc: DuplicateGameRecord) -> DuplicateOut:
    """A new game from a record: its events checked one by one as a game.

    :raises NotFoundError: unknown ruleset or lexicon.
    :raises NoDuplicateRulesError: the ruleset plays no duplicate games.
    :raises InvalidDuplicateRecordError: events that do not make a game.
    """
    rules = games.rules(doc.ruleset)
    events = [(e.kind, e.data) for e in doc.events]
    replay(rules, doc.players, events)
    return games.create(
        rules.name,
        doc.players,
        round_seconds=doc.round_seconds,
        seed=doc.seed,
        typed=doc.seed is None,
        lexicon=doc.lexicon,
        events=events,
    )


def replay_alone(games: Duplicates, id_: str, player: str) -> DuplicateOut:
    """A new game of one ``player`` on the draws of finished game ``id_``,
    whose tops go on the board round after round.

    :raises DuplicateNotFoundError: no such game.
    :raises DuplicateNotOverError: the game is not over.
    """
    loaded = games.load(id_)
    if loaded.state.phase != Phase.OVER:
        raise DuplicateNotOverError()
    record = loaded.record
    return games.create(
        record.ruleset,
        [player],
        round_seconds=record.round_seconds,
        typed=True,
        lexicon=record.lexicon,
        events=[("replay", script_data(id_, loaded.state))],
    )


# A cell a spreadsheet would read as a formula is written with a quote first (OWASP).
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def standings_csv(games: Duplicates, id_: str) -> str:
    """The standings, one row per player, best first: rank, name, total, négatif
    and percent of the tops' total.

    :raises DuplicateNotFoundError: no such game.
    """
    state = games.load(id_).state
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\r\n")
    rows.writerow(["rank", "name", "total", "negatif", "percent"])
    for rank, s in ranked(state):
        name = state.players[s.player]
        if name.startswith(_FORMULA):
            name = "'" + name
        rows.writerow([rank, name, s.total, s.negatif, f"{s.percent:.2f}"])
    return out.getvalue()
