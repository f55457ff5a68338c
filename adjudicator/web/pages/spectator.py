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

from adjudicator.services.board_svg import legend
from adjudicator.web.runtime.auth import PAGE_HEADERS
from adjudicator.web.runtime.extension import runtime
from adjudicator.web.runtime.i18n import gettext, pgettext
from adjudicator.web.runtime.operation import operation

if t.TYPE_CHECKING:
    from adjudicator.services.game_view import HistoryItem, SpectatorView

bp = Blueprint("spectator", __name__)

POLL_SECONDS = 4
_TOOK_BACK = re.compile(r"^took back events? ([\d, ]+)$")
_WORKED_OUT = re.compile(r"^(.+)'s rack worked out from the unseen tiles$")
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
    html = render_template(
        "game.html",
        game=game,
        title=gettext(game.title),
        status=status_line(game),
        moves=move_rows(game),
        legend=legend(rt.registry.ruleset(game.ruleset).layout, gettext),
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
    names = _event_names()
    notes = _fixed_notes()
    rows = []
    for h in reversed(game.history):
        kind = h["type"]
        words = ", ".join(_BRACKETED.sub(r"\1", w) for w in h["words"])
        if kind == "play":
            # A play with no notation (one taken back before the record kept
            # its move) is still named, so its struck-through line says what it was.
            what = h.get("move") or words or pgettext("move", "Play")
        else:
            what = names.get(kind, kind.replace("_", " "))
            if h.get("tiles"):
                what = f"{what} {h['tiles']}"
        rows.append(
            MoveRow(
                number=h["index"] + 1,
                kind=kind,
                player=game.players[h["player"]].name,
                what=what,
                words=words if _spells_more(what, words) else "",
                note=_note(h, notes),
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


def _note(h: HistoryItem, notes: dict[str, str]) -> str:
    """The referee's note, translated where the page knows its words; a voided
    event is marked by the template, so its note is not repeated."""
    note = h["note"]
    if h["voided"] or not note:
        return ""
    if note in notes:
        return notes[note]
    if h["type"] == "challenge":
        verdict = h.get("verdict", "")
        said = {"acceptable": gettext("acceptable"), "unacceptable": gettext("unacceptable")}
        text = said.get(verdict, verdict)
        if "loses their next turn" in note:
            text = gettext("%(verdict)s; the challenger loses their next turn", verdict=text)
        return text
    took_back = _TOOK_BACK.match(note)
    if took_back:
        moves = ", ".join(f"#{int(i) + 1}" for i in took_back.group(1).split(","))
        return gettext("took back %(moves)s", moves=moves)
    worked_out = _WORKED_OUT.match(note)
    if worked_out:
        return gettext("rack worked out from the unseen tiles (%(names)s)", names=worked_out[1])
    return note  # an import's flag: the record's own figures, as the referee put them


def _event_names() -> dict[str, str]:
    return {
        "correction": gettext("Correction"),
        "pass": pgettext("move", "Pass"),
        "exchange": pgettext("move", "Exchange"),
        "withdrawal": gettext("Play withdrawn"),
        "challenge_bonus": gettext("Challenge bonus"),
        "rack_points": gettext("Tiles left on the rack"),
        "time_penalty": gettext("Time penalty"),
        "challenge": gettext("Challenge"),
        "end": gettext("End of the game"),
    }


def _fixed_notes() -> dict[str, str]:
    return {
        "play withdrawn": "",  # the event's name says it
        "nothing to withdraw": gettext("nothing to withdraw"),
        "turn lost to a failed challenge": gettext("turn lost to a failed challenge"),
        "ended without racks": gettext("ended without racks"),
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
