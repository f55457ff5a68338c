"""Decode and parse GCG text into a :class:`GcgRecord`."""

from __future__ import annotations

import re
import typing as t
from dataclasses import dataclass

if t.TYPE_CHECKING:
    pass

from adjudicator.core.gcg.model import (
    _LATIN1_NAMES,
    _UTF8_NAMES,
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
from adjudicator.errors import (
    GcgEncodingError,
    GcgPragmaError,
    GcgSyntaxError,
    GcgUnknownPlayerError,
    GcgWithdrawalError,
)

_ENCODING_LINE = re.compile(rb"#character-encoding(?:[ \t]+(\S*))?[ \t]*$", re.IGNORECASE)
_BOM = b"\xef\xbb\xbf"


def decode_gcg(data: bytes) -> str:
    """Decode the bytes of a GCG file.

    ``#character-encoding UTF-8`` on the first line means UTF-8, and a declared
    ISO-8859-1 means that; a UTF-8 byte order mark means UTF-8 too.  Without a
    declaration, bytes that decode as UTF-8 are UTF-8 (what Quackle, Macondo and
    Woogles write, header or not), anything else ISO-8859-1.  The BOM is dropped
    and line endings become ``\\n``.

    :raises GcgEncodingError: a declared encoding other than UTF-8 or
        ISO-8859-1, or bytes that are not valid in the declared UTF-8.
    """
    bom = data.startswith(_BOM)
    if bom:
        data = data[len(_BOM) :]
    first = data.split(b"\n", 1)[0].rstrip(b"\r")
    m = _ENCODING_LINE.match(first)
    if m is None and not bom:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:  # no UTF-8 text has these bytes: ISO-8859-1
            text = data.decode("iso-8859-1")
        return _normalize_newlines(text)
    codec = "utf-8"
    if m:
        declared = (m.group(1) or b"").decode("ascii", "replace")
        name = declared.lower().replace("_", "-")
        if name in _UTF8_NAMES:
            codec = "utf-8"
        elif name in _LATIN1_NAMES and not bom:
            codec = "iso-8859-1"
        else:
            raise GcgEncodingError(
                1,
                first.decode("ascii", "replace"),
                f"unsupported character encoding {declared!r} (UTF-8 or ISO-8859-1 only)",
                encoding=declared,
            )
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        bad = data[start : end if end >= 0 else len(data)].decode(codec, "replace").rstrip("\r")
        raise GcgEncodingError(line, bad, "not valid UTF-8 although the file declares it") from exc
    return _normalize_newlines(text)


def _normalize_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


# --- parsing ---------------------------------------------------------------

_PRAGMA = re.compile(r"#(\S+)(?:\s+(.*?))?\s*$")
_PLAYER = re.compile(r"player(\d+)$", re.IGNORECASE)
_COORD = re.compile(r"(?:[1-9]\d?[A-Za-z]|[A-Za-z][1-9]\d?)$")
_NUMBER = re.compile(r"[+-]?\d+$")


@dataclass
class _Proto:
    """An event line before its player is decided."""

    cls: type[GcgEvent]
    nick: str
    fields: dict[str, t.Any]
    line: int
    raw: str


def parse_gcg(text: str) -> GcgRecord:
    """Parse the text of a GCG file (see :func:`decode_gcg` for bytes).

    Several players may share a nickname; each of their events goes to the
    player whose running total plus the event's score gives the total written
    on the line, and, when that does not decide, to the player whose turn it
    is (see ``docs/gcg.md``).

    :raises GcgSyntaxError: a line that is neither a pragma nor an event.
    :raises GcgPragmaError: a bad ``#playerN`` or a misplaced ``#character-encoding``.
    :raises GcgUnknownPlayerError: an event by a nickname no ``#playerN`` declares.
    :raises GcgWithdrawalError: ``--`` that does not follow a play by its player.
    """
    lines = _normalize_newlines(text).split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    players: dict[int, Player] = {}
    pragmas: list[Pragma] = []
    protos: list[_Proto] = []
    note_open = False  # the last item read was a #note (free text may continue it)
    for lineno, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            note_open = False
            m = _PRAGMA.match(line)
            if not m:
                raise GcgSyntaxError(lineno, raw, "a pragma needs a name after '#'")
            name, value = m.group(1).lower(), m.group(2) or ""
            pm = _PLAYER.match(name)
            if pm:
                player = _parse_player(int(pm.group(1)), value, lineno, raw)
                if player.number in players:
                    raise GcgPragmaError(lineno, raw, f"#player{player.number} declared twice")
                players[player.number] = player
            elif name == "character-encoding":
                if lineno != 1:
                    raise GcgPragmaError(
                        lineno, raw, "#character-encoding must be the first line of the file"
                    )
            else:
                pragmas.append(Pragma(name, value, len(protos), lineno, raw))
                note_open = name == "note"
        elif line.startswith(">"):
            note_open = False
            protos.append(_parse_event(line, lineno, raw, protos))
        elif note_open:
            last = pragmas[-1]
            pragmas[-1] = Pragma(
                last.name, f"{last.value}\n{line}", last.after, last.line, f"{last.raw}\n{raw}"
            )
        else:
            raise GcgSyntaxError(lineno, raw, "a line must start with '#' (pragma) or '>' (event)")
    roster = _roster(players, protos)
    events = _attribute(roster, protos)
    return GcgRecord(roster, tuple(events), tuple(pragmas))


def _parse_player(number: int, value: str, lineno: int, raw: str) -> Player:
    if number < 1:
        raise GcgPragmaError(lineno, raw, "players are numbered from 1")
    parts = value.split(None, 1)
    if not parts:
        raise GcgPragmaError(lineno, raw, f"#player{number} needs a nickname")
    nick = parts[0]
    if ":" in nick:
        raise GcgPragmaError(lineno, raw, "a nickname cannot contain ':'")
    return Player(number, nick, parts[1].strip() if len(parts) > 1 else "")


def _is_move_token(token: str) -> bool:
    return token.startswith(("-", "(")) or bool(_COORD.match(token))


def _parse_event(line: str, lineno: int, raw: str, before: list[_Proto]) -> _Proto:
    nick, colon, rest = line[1:].partition(":")
    nick = nick.strip()
    if not colon or not nick or any(ch.isspace() for ch in nick):
        raise GcgSyntaxError(lineno, raw, "an event starts with '>nick:'")
    tokens = rest.split()
    rack = ""
    if tokens and not _is_move_token(tokens[0]):
        rack, tokens = tokens[0], tokens[1:]
    if not tokens:
        raise GcgSyntaxError(lineno, raw, "no move after the rack")
    move, tokens = tokens[0], tokens[1:]
    fields: dict[str, t.Any] = {}
    cls: type[GcgEvent]
    lowered = move.lower()
    if lowered == "(challenge)":
        cls = ChallengeBonus
    elif lowered == "(time)":
        cls = TimePenalty
    elif move.startswith("("):
        if not move.endswith(")") or len(move) < 2:
            raise GcgSyntaxError(lineno, raw, "end-of-game rack points are written '(TILES)'")
        cls, fields["tiles"] = RackPoints, move[1:-1]
    elif move == "--":
        cls = Withdrawal
        prev = before[-1] if before else None
        if prev is None or prev.cls is not Play or prev.nick != nick:
            raise GcgWithdrawalError(lineno, raw)
    elif move == "-":
        cls = Pass
    elif move.startswith("-"):
        cls = Exchange
        what = move[1:]
        if what.isdecimal():
            fields["count"] = int(what)
        elif what.startswith("-") or _NUMBER.match(what):
            raise GcgSyntaxError(lineno, raw, f"{move!r} is neither an exchange nor a withdrawal")
        else:
            fields["tiles"] = what
    elif _COORD.match(move):
        if not tokens or _NUMBER.match(tokens[0]):
            raise GcgSyntaxError(lineno, raw, f"no word after the coordinate {move}")
        cls = Play
        fields["coord"] = move.upper()
        fields["word"], tokens = tokens[0], tokens[1:]
    else:
        raise GcgSyntaxError(lineno, raw, f"{move!r} is not a move")
    if len(tokens) < 2 or not (_NUMBER.match(tokens[0]) and _NUMBER.match(tokens[1])):
        raise GcgSyntaxError(lineno, raw, "expected a score and a running total")
    fields.update(rack=rack, score=int(tokens[0]), total=int(tokens[1]), extra=tuple(tokens[2:]))
    return _Proto(cls, nick, fields, lineno, raw)


def _roster(players: dict[int, Player], protos: list[_Proto]) -> tuple[Player, ...]:
    if players:
        return tuple(players[n] for n in sorted(players))
    # No #player pragmas: players in order of their first event.
    seen: dict[str, Player] = {}
    for p in protos:
        if p.nick not in seen:
            seen[p.nick] = Player(len(seen) + 1, p.nick, "")
    return tuple(seen.values())


# Events that belong to the player who made the previous event.
_FOLLOW_UPS = (ChallengeBonus,)


def _attribute(roster: tuple[Player, ...], protos: list[_Proto]) -> list[GcgEvent]:
    """Give every event a player index (see ``docs/gcg.md`` for shared nicknames)."""
    by_nick: dict[str, list[int]] = {}
    for index, member in enumerate(roster):
        by_nick.setdefault(member.nick, []).append(index)
    n = len(roster)
    totals = [0] * n
    events: list[GcgEvent] = []
    last_turn: int | None = None  # player of the last play/pass/exchange
    for proto in protos:
        candidates = by_nick.get(proto.nick)
        if not candidates:
            raise GcgUnknownPlayerError(proto.line, proto.raw, proto.nick)
        score, total = proto.fields["score"], proto.fields["total"]
        if proto.cls is Withdrawal:
            withdrawn = events[-1]
            player, applied = withdrawn.player, -withdrawn.score
        else:
            applied = score
            if len(candidates) == 1:
                player = candidates[0]
            else:
                fits = [c for c in candidates if totals[c] + applied == total]
                pool = fits if fits else candidates
                player = (
                    pool[0]
                    if len(pool) == 1
                    else _whose_turn(
                        proto, pool, events[-1].player if events else None, last_turn, n
                    )
                )
        totals[player] += applied
        if proto.cls in (Play, Pass, Exchange):
            last_turn = player
        events.append(
            proto.cls(
                nick=proto.nick, player=player, line=proto.line, raw=proto.raw, **proto.fields
            )
        )
    return events


def _whose_turn(
    proto: _Proto, pool: list[int], previous: int | None, last_turn: int | None, n: int
) -> int:
    # "(TILES) +N" with an empty rack field is the going-out bonus.
    going_out = proto.cls is RackPoints and (not proto.fields["rack"] or proto.fields["score"] > 0)
    if proto.cls in _FOLLOW_UPS or going_out:
        if previous in pool:
            return previous
        after = previous
    elif proto.cls in (RackPoints, TimePenalty):
        after = previous
    else:
        after = last_turn
    start = 0 if after is None else after + 1
    for k in range(n):
        if (start + k) % n in pool:
            return (start + k) % n
    return pool[0]
