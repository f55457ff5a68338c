"""Write a :class:`GcgRecord` back to GCG text."""

from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:
    pass

from adjudicator.core.gcg.model import (
    ChallengeBonus,
    Exchange,
    GcgEvent,
    GcgRecord,
    Pass,
    Play,
    Pragma,
    RackPoints,
    TimePenalty,
    Withdrawal,
)
from adjudicator.core.names import breaks_a_line


def encode_gcg(record: GcgRecord) -> bytes:
    """:func:`write_gcg` as bytes (always UTF-8, which the output declares)."""
    return write_gcg(record).encode("utf-8")


# --- writing ---------------------------------------------------------------


def write_gcg(record: GcgRecord) -> str:
    """Serialize a record: encoding line, players, then pragmas and events in order.

    Events are written in one canonical form (``+``/``-`` before every score,
    upper-case coordinates, one space between fields); the output always
    declares UTF-8, so encode it as UTF-8 (:func:`encode_gcg`).
    """
    out = ["#character-encoding UTF-8"]
    out += [
        _join("#player" + str(p.number), _field(p.nick), _field(p.name)) for p in record.players
    ]
    by_position: dict[int, list[Pragma]] = {}
    for pragma in record.pragmas:
        by_position.setdefault(pragma.after, []).append(pragma)
    for i in range(len(record.events) + 1):
        for pragma in by_position.pop(i, ()):
            out.append(_join("#" + pragma.name, _value(pragma)))
        if i < len(record.events):
            out.append(_format_event(record.events[i]))
    for rest in by_position.values():  # positions beyond the last event
        out += [_join("#" + p.name, _value(p)) for p in rest]
    return "\n".join(out) + "\n"


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _value(pragma: Pragma) -> str:
    """A pragma's value on its line; a ``#note`` keeps its free-text lines, except
    one a reader would take for a pragma or an event, which joins the line before."""
    if pragma.name != "note":
        return _field(pragma.value)
    out = ""
    for i, piece in enumerate(pragma.value.split("\n")):
        text = _field(piece)
        if i == 0:
            out = text
        elif text.strip() and not text.strip().startswith(("#", ">")):
            out += "\n" + text
        else:
            out += " " + text
    return out


def _field(text: str) -> str:
    """``text`` with each line break or control character written as a space: a
    field never ends its line (a name would otherwise bring lines of its own)."""
    if not any(breaks_a_line(ch) for ch in text):
        return text
    return "".join(" " if breaks_a_line(ch) else ch for ch in text)


def _format_event(ev: GcgEvent) -> str:
    if isinstance(ev, Play):
        move = f"{ev.coord} {ev.word}"
    elif isinstance(ev, Withdrawal):
        move = "--"
    elif isinstance(ev, Pass):
        move = "-"
    elif isinstance(ev, Exchange):
        move = "-" + (ev.tiles or str(ev.count if ev.count is not None else ""))
    elif isinstance(ev, ChallengeBonus):
        move = "(challenge)"
    elif isinstance(ev, TimePenalty):
        move = "(time)"
    elif isinstance(ev, RackPoints):
        move = f"({ev.tiles})"
    else:
        raise TypeError(f"not a GCG event: {ev!r}")
    # An empty rack leaves an empty field (two spaces), as the format has it.
    fields = [f">{ev.nick}:", ev.rack, move, f"{ev.score:+d}", str(ev.total), *ev.extra]
    return " ".join(map(_field, fields))
