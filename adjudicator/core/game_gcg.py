"""Games to and from GCG records.

Import keeps every line as the record states it (scores of plays are
recomputed and flagged where they differ); export writes each event back in
GCG notation, with our pragmas (:mod:`.gcg.extensions`) for what GCG cannot
say, so that export, import and export again give the same bytes.
"""

from __future__ import annotations

import dataclasses
import typing as t

from adjudicator.core import gcg
from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, Coord, parse_coord
from adjudicator.core.events import (
    Cell,
    Challenge,
    ChallengeBonus,
    Correction,
    End,
    Event,
    EventKind,
    Exchange,
    LineEvent,
    Pass,
    Play,
    RackPoints,
    TimePenalty,
    Withdrawal,
    from_stored,
    with_stored,
)
from adjudicator.core.game import MAX_EVENTS, GameState, HistoryEntry, new_game
from adjudicator.core.gcg import GcgRecord, Player, Pragma
from adjudicator.core.gcg.extensions import (
    DATA,
    EVENT,
    PLACEMENT,
    Header,
    data_pragma,
    event_pragma,
    placement_pragma,
    read_data,
    read_event,
    read_placement,
)
from adjudicator.core.gcg.model import GcgEvent
from adjudicator.core.placement import Placement, from_move
from adjudicator.core.referee import apply
from adjudicator.core.scoring import score_placement
from adjudicator.core.tilings import move_tilings
from adjudicator.errors import (
    EventDataError,
    GameTooLongError,
    GcgPragmaError,
    GcgTileError,
    PlacementError,
    UnknownTileError,
)

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset


def import_record(
    record: GcgRecord, rules: Ruleset, first_player: int = 0
) -> tuple[list[str], list[Event], GameState]:
    """Events of a record, and the state they give (never refuses a line).

    Our pragmas (:mod:`.gcg.extensions`) give what the lines cannot: a move's
    tiles (``#placement``), an event's other fields (``#data``) and events with
    no line (``#event``).

    :raises GameTooLongError: more events than a game may have.
    :raises GcgTileError: a character the ruleset's alphabet lacks, naming the line.
    """
    by_place: dict[tuple[str, int], list[Pragma]] = {}
    for pragma in record.pragmas:
        if pragma.name in (PLACEMENT, DATA, EVENT):
            by_place.setdefault((pragma.name, pragma.after), []).append(pragma)
    count = len(record.events) + len([p for p in record.pragmas if p.name == EVENT])
    if count > MAX_EVENTS:
        raise GameTooLongError(count, MAX_EVENTS)
    names = [p.name or p.nick for p in record.players]
    nicks = {p.nick: i for i, p in enumerate(record.players)}
    state = new_game(rules, names, first_player=first_player)
    events: list[Event] = []

    def add(event: Event) -> None:
        apply(state, event, strict=False)
        events.append(event)

    for i, ev in enumerate([*record.events, None]):
        for pragma in by_place.get((EVENT, i), ()):
            kind, nick, data = read_event(pragma)
            if nick not in nicks or kind not in EVENT_KINDS:
                raise GcgPragmaError(pragma.line, pragma.raw, f"no event {kind} by {nick}")
            try:
                pragma_event = from_stored(kind, nicks[nick], data)
            except EventDataError as exc:
                raise GcgPragmaError(pragma.line, pragma.raw, exc.detail) from exc
            add(pragma_event)
        if ev is None:
            break
        placed = by_place.get((PLACEMENT, i))
        event = _event(state, rules, ev, read_placement(placed[0]) if placed else None)
        datas = [(pragma, read_data(pragma)) for pragma in by_place.get((DATA, i), ())]
        try:
            event = with_stored(event, {k: v for _, data in datas for k, v in data.items()})
        except EventDataError as exc:
            gave = [p for p, data in datas if exc.fields.get("field") in data]
            pragma = (gave or [datas[-1][0]])[-1]  # the last that gave the field
            raise GcgPragmaError(pragma.line, pragma.raw, exc.detail) from exc
        add(event)
    _check_running_totals(record, names, state)
    finals = record.final_totals()
    for i, (ours, theirs) in enumerate(zip(state.scores, finals, strict=True)):
        if theirs is not None and ours != theirs:
            state.flags.append(
                f"player {i}: the record's final total is {theirs}, the events give {ours}"
            )
    return names, events, state


# Event kinds an #event pragma may carry (those with no GCG line).
EVENT_KINDS = frozenset({EventKind.CHALLENGE, EventKind.END})


def _event(
    state: GameState,
    rules: Ruleset,
    ev: GcgEvent,
    placed: tuple[list[Cell], list[Cell]] | None,
) -> Event:
    """The game event of one line (its tiles from its ``#placement``, if any)."""
    p, rack = ev.player, ev.rack or None
    match ev:
        case gcg.Play() if placed is not None:
            cells, swaps = placed
            return Play(
                player=p, rack=rack, placement=tuple(cells), swaps=tuple(swaps), recorded=ev.score
            )
        case gcg.Play():
            placement = _placement(state.board, rules, ev)
            laid = tuple((x.row, x.col, rules.alphabet.label(x.tile)) for x in placement.tiles)
            move = f"{ev.coord} {ev.word}"
            return Play(player=p, rack=rack, placement=laid, move=move, recorded=ev.score)
        case gcg.Withdrawal():
            return Withdrawal(player=p, rack=rack)
        case gcg.Exchange():
            count = ev.count if ev.count is not None else len(ev.tiles)
            return Exchange(player=p, rack=rack, tiles=ev.tiles, count=count)
        case gcg.Pass():
            return Pass(player=p, rack=rack)
        case gcg.ChallengeBonus():
            return ChallengeBonus(player=p, rack=rack, points=ev.score)
        case gcg.RackPoints():
            return RackPoints(player=p, rack=rack, tiles=ev.tiles, points=ev.score)
        case gcg.TimePenalty():
            return TimePenalty(player=p, rack=rack, points=ev.score)
    raise TypeError(ev)  # pragma: no cover - the parser has no other kinds


def _check_running_totals(record: GcgRecord, names: list[str], state: GameState) -> None:
    """Flag each line whose running total does not follow from the scores written
    before it (a withdrawal takes off the withdrawn play's written score)."""
    totals = [0] * len(record.players)
    last_score = 0
    for ev in record.events:
        applied = -last_score if isinstance(ev, gcg.Withdrawal) else ev.score
        totals[ev.player] += applied
        last_score = ev.score if isinstance(ev, gcg.Play) else 0
        if totals[ev.player] != ev.total:
            state.flags.append(
                f"line {ev.line}: {names[ev.player]}'s running total is written {ev.total}; "
                f"the scores before it give {totals[ev.player]}"
            )
            totals[ev.player] = ev.total  # flag the line, not every line after it


def _placement(board: Board, rules: Ruleset, ev: gcg.Play) -> Placement:
    """The tiles a record's play places.  GCG writers bracket a digraph tile
    (``[CH]ICO``), so letters are read as written (``CHICO`` is C, H, I, C, O); but
    a record written by hand may mean the digraph, so where the letters also write
    one, the tiling that scores as recorded wins, and the letters as written
    otherwise, unless only another tiling makes a legal play."""
    coord = parse_coord(ev.coord)
    tiles = _tiles(rules, ev, ev.word)
    tilings = move_tilings(rules.alphabet, tiles)
    legal: list[Placement] = []
    for tiling in [tilings[-1], *tilings[:-1]] if len(tilings) > 1 else ():
        try:
            placement = from_move(board, coord, tiling)
            scored = score_placement(board, placement, rules).score
        except PlacementError:
            continue
        if scored == ev.score:
            return placement
        legal.append(placement)
    return legal[0] if legal else from_move(board, coord, tiles)


def _tiles(rules: Ruleset, ev: GcgEvent, word: str) -> list[int | None]:
    """The tiles of a record's word (``.`` for a tile already on the board).

    :raises GcgTileError: a character the ruleset's alphabet lacks, naming the line.
    """
    try:
        return rules.reader.move(word)
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


# The stored fields an event's line says itself; the others go in a #data pragma
# (but for ``write``, the store's bookkeeping, never written).
_ON_THE_LINE: dict[EventKind, frozenset[str]] = {
    EventKind.PLAY: frozenset({"rack", "placement", "swaps", "move", "recorded"}),
    EventKind.PASS: frozenset({"rack"}),
    EventKind.EXCHANGE: frozenset({"rack", "tiles", "count"}),
    EventKind.WITHDRAWAL: frozenset({"rack"}),
    EventKind.CHALLENGE_BONUS: frozenset({"rack", "points"}),
    EventKind.RACK_POINTS: frozenset({"rack", "tiles", "points"}),
    EventKind.TIME_PENALTY: frozenset({"rack", "points"}),
}


def export_record(
    names: t.Sequence[str],
    events: t.Sequence[Event],
    state: GameState,
    header: Header,
    notes: t.Mapping[int, str] | None = None,
) -> GcgRecord:
    """A GCG record of the game: every event that counts (voided ones and the
    corrections that voided them are left out), the header naming its rules;
    ``notes`` (by event index) go in ``#note`` lines after their events' lines."""
    nicks = nicknames(names)
    players = tuple(Player(i + 1, nicks[i], names[i]) for i in range(len(names)))
    out: list[GcgEvent] = []
    pragmas: list[Pragma] = header.pragmas()
    for index, (event, entry) in enumerate(zip(events, state.history, strict=True)):
        if entry.voided or isinstance(event, Correction):
            continue
        data = dataclasses.replace(event, write=None).to_data()
        if isinstance(event, Challenge | End):
            pragmas.append(event_pragma(event.kind, nicks[event.player], data, len(out)))
            continue
        extra = {k: v for k, v in data.items() if k not in _ON_THE_LINE[event.kind]}
        if extra:
            pragmas.append(data_pragma(extra, len(out)))
        common = {
            "nick": nicks[event.player],
            "player": event.player,
            "rack": event.rack or "",
            "total": entry.totals[event.player],
        }
        out.append(_line(event, entry, common, pragmas, len(out)))
        if notes and index in notes:
            pragmas.append(Pragma("note", notes[index], len(out)))
    return GcgRecord(players, tuple(out), tuple(pragmas))


def _line(
    event: LineEvent,
    entry: HistoryEntry,
    common: dict[str, t.Any],
    pragmas: list[Pragma],
    position: int,
) -> GcgEvent:
    match event:
        case Play():
            score = entry.points  # the ruleset's score: the record stays true to its rules
            if event.move is not None and not event.swaps:
                coord, word = event.move.split()
            else:  # several lines or a star swap: the tiles in a pragma, the main word on the line
                pragmas.append(placement_pragma(event.placement, event.swaps, position))
                coord, word = (entry.move or _first_square(event.placement)).split()
            return gcg.Play(**common, score=score, coord=coord, word=word)
        case Pass():
            return gcg.Pass(**common, score=0)
        case Exchange():
            count = None if event.tiles else event.count
            return gcg.Exchange(**common, score=0, tiles=event.tiles, count=count)
        case Withdrawal():
            return gcg.Withdrawal(**common, score=entry.points)
        case ChallengeBonus():
            return gcg.ChallengeBonus(**common, score=entry.points)
        case RackPoints():
            return gcg.RackPoints(**common, score=entry.points, tiles=event.tiles)
        case TimePenalty():
            return gcg.TimePenalty(**common, score=entry.points)
    raise ValueError(f"no GCG line for a {event.kind} event")


def _first_square(cells: t.Sequence[Cell]) -> str:
    """A line for an illegal play that has no main word: its first tile."""
    row, col, label = min(cells)
    return f"{Coord(row, col, ACROSS).gcg()} {label}"


def nicknames(names: t.Sequence[str]) -> list[str]:
    """A nickname per player, unique and without spaces or colons."""
    out: list[str] = []
    for i, name in enumerate(names):
        nick = _nick(name, i)
        while nick in out:
            nick += f"_{i + 1}"
        out.append(nick)
    return out


def _nick(name: str, index: int) -> str:
    nick = "".join(ch if ch.isalnum() else "_" for ch in name.strip()) or f"player{index + 1}"
    return nick
