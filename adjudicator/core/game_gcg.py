"""Games to and from GCG records.

Import keeps every line as the record states it (scores of plays are
recomputed and flagged where they differ); export writes each event back in
GCG notation, so an imported record re-imports to the same events.
"""

from __future__ import annotations

import typing as t

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, Coord, parse_coord
from adjudicator.core.game import Event, GameState, new_game
from adjudicator.core.gcg import (
    ChallengeBonus,
    Exchange,
    GcgRecord,
    Pass,
    Play,
    Player,
    Pragma,
    RackPoints,
    TimePenalty,
    Withdrawal,
)
from adjudicator.core.gcg.model import GcgEvent, GcgTileError
from adjudicator.core.placement import Placement, from_move
from adjudicator.core.referee import apply
from adjudicator.errors import UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


def import_record(record: GcgRecord, rules: Ruleset) -> tuple[list[str], list[Event], GameState]:
    """Events of a record, and the state they give (never refuses a line)."""
    names = [p.name or p.nick for p in record.players]
    state = new_game(rules, names)
    events: list[Event] = []
    alpha = rules.alphabet
    for ev in record.events:
        base = {"rack": ev.rack} if ev.rack else {}
        if isinstance(ev, Play):
            tiles = _tiles(rules, ev, ev.word)
            placement = from_move(state.board, parse_coord(ev.coord), tiles)
            cells = [[p.row, p.col, alpha.label(p.tile)] for p in placement.tiles]
            event = Event(
                "play",
                ev.player,
                {**base, "placement": cells, "move": f"{ev.coord} {ev.word}", "recorded": ev.score},
            )
        elif isinstance(ev, Withdrawal):
            event = Event("withdrawal", ev.player, base)
        elif isinstance(ev, Exchange):
            event = Event(
                "exchange",
                ev.player,
                {
                    **base,
                    "tiles": ev.tiles,
                    "count": ev.count if ev.count is not None else len(ev.tiles),
                },
            )
        elif isinstance(ev, Pass):
            event = Event("pass", ev.player, base)
        elif isinstance(ev, ChallengeBonus):
            event = Event("challenge_bonus", ev.player, {**base, "points": ev.score})
        elif isinstance(ev, RackPoints):
            event = Event("rack_points", ev.player, {**base, "tiles": ev.tiles, "points": ev.score})
        elif isinstance(ev, TimePenalty):
            event = Event("time_penalty", ev.player, {**base, "points": ev.score})
        else:  # pragma: no cover - the parser has no other kinds
            raise TypeError(ev)
        apply(state, event, strict=False)
        events.append(event)
    _check_running_totals(record, names, state)
    finals = record.final_totals()
    for i, (ours, theirs) in enumerate(zip(state.scores, finals, strict=True)):
        if theirs is not None and ours != theirs:
            state.flags.append(
                f"player {i}: the record's final total is {theirs}, the events give {ours}"
            )
    return names, events, state


def _check_running_totals(record: GcgRecord, names: list[str], state: GameState) -> None:
    """Flag each line whose running total does not follow from the scores written
    before it (a withdrawal takes off the withdrawn play's written score)."""
    totals = [0] * len(record.players)
    last_score = 0
    for ev in record.events:
        applied = -last_score if isinstance(ev, Withdrawal) else ev.score
        totals[ev.player] += applied
        last_score = ev.score if isinstance(ev, Play) else 0
        if totals[ev.player] != ev.total:
            state.flags.append(
                f"line {ev.line}: {names[ev.player]}'s running total is written {ev.total}; "
                f"the scores before it give {totals[ev.player]}"
            )
            totals[ev.player] = ev.total  # flag the line, not every line after it


def _tiles(rules: Ruleset, ev: GcgEvent, word: str) -> list[int | None]:
    """The tiles of a record's word (``.`` for a tile already on the board).

    :raises GcgTileError: a character the ruleset's alphabet lacks, naming the line.
    """
    try:
        return rules.alphabet.tokenize(word, fold=rules.fold, extra={".": None})
    except UnknownTileError as exc:
        raise GcgTileError(
            ev.line,
            ev.raw,
            f"{exc.detail}; import the record under another ruleset",
            alphabet=rules.alphabet.name,
        ) from exc


def gcg_move(board: Board, placement: Placement, rules: Ruleset) -> str | None:
    """``8D WIND.`` for a one-line placement (``.`` for tiles already there)."""
    tiles = sorted(placement.tiles, key=lambda p: (p.row, p.col))
    if not tiles:
        return None
    rows = {p.row for p in tiles}
    cols = {p.col for p in tiles}
    if len(rows) > 1 and len(cols) > 1:
        return None
    after = board.place((p.row, p.col, p.tile) for p in tiles)
    across = len(rows) == 1 and (
        len(tiles) > 1
        or after.occupied(tiles[0].row, tiles[0].col - 1)
        or after.occupied(tiles[0].row, tiles[0].col + 1)
    )
    dr, dc = (0, 1) if across else (1, 0)
    r, c = tiles[0].row, tiles[0].col
    while after.occupied(r - dr, c - dc):
        r, c = r - dr, c - dc
    coord = Coord(r, c, ACROSS if across else "down")
    new = placement.squares()
    word = []
    while after.occupied(r, c):
        word.append(rules.alphabet.label(after.get(r, c)) if (r, c) in new else ".")
        r, c = r + dr, c + dc
    return f"{coord.gcg()} {''.join(word)}"


def export_record(names: t.Sequence[str], events: t.Sequence[Event], state: GameState) -> GcgRecord:
    """A GCG record of the game (``challenge`` and ``end`` events become notes)."""
    nicks = [_nick(n, i) for i, n in enumerate(names)]
    players = tuple(Player(i + 1, nicks[i], names[i]) for i in range(len(names)))
    out: list[GcgEvent] = []
    pragmas: list[Pragma] = []
    for event, entry in zip(events, state.history, strict=True):
        d = event.data
        common = {
            "nick": nicks[event.player],
            "player": event.player,
            "rack": str(d.get("rack", "")),
            "total": entry.totals[event.player],
        }
        k = event.kind
        if k == "play" and "move" not in d:  # several lines (Erudite): no GCG form
            pragmas.append(
                Pragma(
                    "note",
                    f"play by {names[event.player]} with no GCG form: "
                    f"{', '.join(entry.words)} {entry.points:+d}",
                    len(out),
                )
            )
        elif k == "play":
            score = int(d.get("recorded", entry.points))
            coord, word = str(d["move"]).split()
            out.append(Play(**common, score=score, coord=coord, word=word))
        elif k == "pass":
            out.append(Pass(**common, score=0))
        elif k == "exchange":
            out.append(
                Exchange(
                    **common,
                    score=0,
                    tiles=str(d.get("tiles", "")),
                    count=None if d.get("tiles") else int(d.get("count", 0)),
                )
            )
        elif k == "withdrawal":
            out.append(Withdrawal(**common, score=entry.points))
        elif k == "challenge_bonus":
            out.append(ChallengeBonus(**common, score=entry.points))
        elif k == "rack_points":
            out.append(RackPoints(**common, score=entry.points, tiles=str(d["tiles"])))
        elif k == "time_penalty":
            out.append(TimePenalty(**common, score=entry.points))
        else:
            pragmas.append(
                Pragma(
                    "note",
                    f"{k} by {names[event.player]}: "
                    f"{d.get('verdict', '')} {d.get('adjudication_id', '')}".strip(),
                    len(out),
                )
            )
    return GcgRecord(players, tuple(out), tuple(pragmas))


def _nick(name: str, index: int) -> str:
    nick = "".join(ch if ch.isalnum() else "_" for ch in name.strip()) or f"player{index + 1}"
    return nick
