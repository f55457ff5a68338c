"""Read-only spectator page: /games/<id>, in the reader's language.

The server-rendered page is complete (it reads without script); ``spectator.js``
polls the game and, when its version changes, fetches this page again and puts
its status, scores and moves in place, and the board picture.  The words of
the move list (event names, the referee's notes) are said here, through the
catalogues.
"""

from __future__ import annotations

import re
import typing as t
from dataclasses import dataclass

from flask import Blueprint, render_template

from adjudicator.core.events import EventKind
from adjudicator.core.notes import NoteCode
from adjudicator.services.board_svg import geometry, legend
from adjudicator.web.pages import after_game
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, pgettext
from adjudicator.web.runtime.operation import operation

if t.TYPE_CHECKING:
    from adjudicator.services.game_view import HistoryItem, NoteOut, SpectatorView

bp = Blueprint("spectator", __name__)

POLL_SECONDS = 4
# A digraph tile in a word: its brackets keep it apart in notation ([CH]ICO),
# but a word is read with its letters (CHICO), as the tiles on the board show it.
_BRACKETED = re.compile(r"\[([^\[\]]+)\]")


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One line of the move list, as shown."""

    number: int
    kind: str
    player: str
    what: str
    words: str
    note: str
    points: str
    total: int
    voided: bool


@bp.get("/games/<game_id:id_>")
@operation(
    "spectatorPage",
    "Read-only page for spectators",
    "pages",
    errors=(404,),
    media_type="text/html",
)
def page(id_: str) -> tuple[str, int, dict[str, str]]:
    rt = runtime()
    game = rt.games.spectator_view(id_)
    layout = rt.registry.ruleset(game.ruleset).layout
    html = render_template(
        "game.html",
        game=game,
        title=gettext(game.title),
        status=status_line(game),
        moves=move_rows(game),
        legend=legend(layout, gettext),
        geometry=geometry(layout),
        after_strings=after_game.strings(),
        clocks=clocks(game),
        clock_text=clock_text,
        languages=rt.catalogues.names(),
        poll_ms=POLL_SECONDS * 1000,
    )
    return html, 200, PAGE_HEADERS


def clocks(game: SpectatorView) -> list[int]:
    """Each player's time left as the page is made, in milliseconds (negative:
    over time), or none when the keeper keeps no clock; the page's script counts on."""
    clock = game.clock
    if clock is None:
        return []
    return [
        ms - (clock.age_ms if clock.running and i == clock.player else 0)
        for i, ms in enumerate(clock.left_ms)
    ]


def clock_text(ms: int) -> str:
    """Minutes and seconds ("04:59", "−00:30" over time), rounded up as the
    keeper's clock shows them."""
    total = -(-abs(ms) // 1000)
    text = f"{total // 60:02d}:{total % 60:02d}"
    return "\u2212" + text if ms < 0 else text


def status_line(game: SpectatorView) -> str:
    """Whose turn it is, or how the game ended."""
    names = [p.name for p in game.players]
    if game.status == "over":
        won = [names[w] for w in game.winners]
        if len(won) == 1:
            return gettext("Game over: %(name)s won", name=won[0])
        if won:
            return gettext("Game over: a tie between %(names)s", names=", ".join(won))
        return gettext("Game over")
    if game.status == "awaiting_end":
        reason = _end_reasons().get(game.end_reason or "", game.end_reason or "")
        return gettext("Awaiting the end of the game (%(reason)s)", reason=reason)
    return gettext("%(name)s to play", name=names[game.turn])


def move_rows(game: SpectatorView) -> list[MoveRow]:
    """The history, latest first, in the page's language."""
    names, fixed = _event_names(), _fixed_notes()
    rows = []
    for h in reversed(game.history):
        kind = h["type"]
        words = ", ".join(_BRACKETED.sub(r"\1", w) for w in h["words"])
        if kind == EventKind.PLAY:
            # A play with no notation (one taken back before the record kept
            # its move) is still named, so its struck-through line says what it was.
            what = h.get("move") or words or names[kind]
        else:
            what = names[kind]
            if h.get("tiles"):
                what = f"{what} {h['tiles']}"
        rows.append(
            MoveRow(
                number=h["index"] + 1,
                kind=kind,
                player=game.players[h["player"]].name,
                what=what,
                words=words if _spells_more(what, words) else "",
                note=_note(h, fixed),
                points=f"{h['points']:+d}",
                total=h["totals"][h["player"]],
                voided=h["voided"],
            )
        )
    return rows


def _spells_more(move: str, words: str) -> bool:
    """Whether the words formed say more than the move (``J6 КО.`` forms КОТ)."""
    played = _BRACKETED.sub(r"\1", move.partition(" ")[2])
    return bool(words) and words.casefold() != played.casefold()


def _note(h: HistoryItem, fixed: dict[NoteCode, str]) -> str:
    """The referee's note in the page's language; a voided event is marked by
    the template, so its note is not repeated."""
    note = h.get("note")
    if h["voided"] or note is None:
        return ""
    return note_text(note, fixed)


def note_text(note: NoteOut, fixed: dict[NoteCode, str] | None = None) -> str:
    """A note's code and parameters, said through the catalogues (``fixed``:
    :func:`_fixed_notes`, said once for a whole move list)."""
    code, params = note["code"], note["params"]
    if code in (NoteCode.CHALLENGE_RULED, NoteCode.CHALLENGER_LOSES_TURN):
        verdict = str(params.get("verdict", ""))
        said = {"acceptable": gettext("acceptable"), "unacceptable": gettext("unacceptable")}
        text = said.get(verdict, verdict)
        if code == NoteCode.CHALLENGER_LOSES_TURN:
            text = gettext("%(verdict)s; the challenger loses their next turn", verdict=text)
        return text
    if code == NoteCode.TOOK_BACK:
        events = t.cast("list[int]", params.get("events", []))  # the referee's own parameter
        return gettext("took back %(moves)s", moves=", ".join(f"#{i + 1}" for i in events))
    if code == NoteCode.RACKS_WORKED_OUT:
        names = ", ".join(map(str, t.cast("list[str]", params.get("names", []))))
        return gettext("rack worked out from the unseen tiles (%(names)s)", names=names)
    if code == NoteCode.SCORE_DIFFERS:
        return gettext("recorded %(recorded)s, the ruleset scores %(scored)s", **params)
    if code == NoteCode.RACK_POINTS_DIFFER:
        return gettext(
            "%(recorded)s as recorded, the ruleset gives %(expected)s",
            recorded=f"{params['recorded']:+d}",
            expected=f"{params['expected']:+d}",
        )
    if code == NoteCode.ILLEGAL_PLAY:
        return gettext("illegal play (%(problem)s)", **params)
    return (fixed or _fixed_notes())[code]


def _event_names() -> dict[EventKind, str]:
    return {
        EventKind.PLAY: pgettext("move", "Play"),
        EventKind.CORRECTION: gettext("Correction"),
        EventKind.PASS: pgettext("move", "Pass"),
        EventKind.EXCHANGE: pgettext("move", "Exchange"),
        EventKind.WITHDRAWAL: gettext("Play withdrawn"),
        EventKind.CHALLENGE_BONUS: gettext("Challenge bonus"),
        EventKind.RACK_POINTS: gettext("Tiles left on the rack"),
        EventKind.TIME_PENALTY: gettext("Time penalty"),
        EventKind.CHALLENGE: gettext("Challenge"),
        EventKind.END: gettext("End of the game"),
    }


def _fixed_notes() -> dict[NoteCode, str]:
    """The notes without parameters."""
    return {
        NoteCode.VOIDED: gettext("voided"),
        NoteCode.PLAY_WITHDRAWN: "",  # the event's name says it
        NoteCode.NOTHING_TO_WITHDRAW: gettext("nothing to withdraw"),
        NoteCode.TURN_LOST: gettext("turn lost to a failed challenge"),
        NoteCode.ENDED_WITHOUT_RACKS: gettext("ended without racks"),
    }


def _end_reasons() -> dict[str, str]:
    return {
        "went_out": gettext("a player went out"),
        "passes": gettext("passes"),
        "scoreless_turns": gettext("scoreless turns"),
        "challenge": gettext("a challenge"),
        "target": gettext("the target was reached"),
        "agreed": gettext("agreed"),
    }
