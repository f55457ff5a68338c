"""GCG records as data: the events, players and pragmas (the errors: ``errors.gcg``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# --- data model ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """A ``#playerN nick Full Name`` pragma; ``number`` is the N."""

    number: int
    nick: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class Pragma:
    """Any ``#name value`` line other than ``#playerN`` and ``#character-encoding``.

    ``after`` is how many events precede it, so a ``#note`` stays with its move.
    A note's free-text continuation lines are joined to ``value`` with ``\\n``.
    """

    name: str  # lower case, without '#'
    value: str
    after: int = 0
    line: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class GcgEvent:
    """One ``>nick: ...`` line.

    ``score`` is the signed score field as written, ``total`` the running total
    written after it, ``extra`` whatever tokens follow the total (cross-words in
    some older files).  ``player`` indexes :attr:`GcgRecord.players`.  ``line``
    and ``raw`` locate the line and are left out of equality, so a record that
    went through :func:`write_gcg` compares equal to the original.
    """

    nick: str
    player: int
    rack: str
    score: int
    total: int
    extra: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Play(GcgEvent):
    """``>nick: RACK 8D WORD +score total``: tiles placed on the board.

    ``coord`` is upper-cased (``8g`` becomes ``8G``); ``word`` is as written:
    lowercase letters are blanks, ``.`` (or, in older files, a repeated letter)
    is a tile already on the board.
    """

    coord: str
    word: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(GcgEvent):
    """``-``: a pass, also the turn lost after a failed (double) challenge."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange(GcgEvent):
    """``-ABC`` (``tiles`` known) or ``-7`` (only ``count`` known)."""

    tiles: str = ""
    count: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Withdrawal(GcgEvent):
    """``--``: the previous play (same player) is taken back after a challenge.

    The points taken off are the withdrawn play's score; some files write the
    score field as ``+0`` and only the running total shows the deduction.
    """


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeBonus(GcgEvent):
    """``(challenge) +5``: bonus for a play that was challenged unsuccessfully."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RackPoints(GcgEvent):
    """``(TILES) +N`` (going out) or ``RACK (TILES) -N`` (tiles left on a rack).

    A positive score is the going-out bonus for the opponent's tiles (2x their
    value in North American rules, 1x in older files); a negative one deducts a
    player's own leftover tiles (older files, or the end after six zeros).
    """

    tiles: str

    @property
    def penalty(self) -> bool:
        return self.score < 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TimePenalty(GcgEvent):
    """``(time) -N``: an overtime penalty."""


@dataclass(frozen=True, slots=True)
class GcgRecord:
    players: tuple[Player, ...]
    events: tuple[GcgEvent, ...]
    pragmas: tuple[Pragma, ...] = ()

    def pragma(self, name: str) -> str | None:
        """Value of the first ``#name`` pragma, or None."""
        name = name.lower()
        return next((p.value for p in self.pragmas if p.name == name), None)

    @property
    def lexicon(self) -> str | None:
        return self.pragma("lexicon")

    @property
    def title(self) -> str | None:
        return self.pragma("title")

    @property
    def description(self) -> str | None:
        return self.pragma("description")

    @property
    def id(self) -> str | None:
        return self.pragma("id")

    @property
    def notes(self) -> tuple[Pragma, ...]:
        return tuple(p for p in self.pragmas if p.name == "note")

    @property
    def racks(self) -> dict[int, str]:
        """``#rackN`` pragmas (racks left at the end of the record), by player index."""
        out: dict[int, str] = {}
        for p in self.pragmas:
            m = re.fullmatch(r"rack(\d+)", p.name)
            if m:
                index = next(
                    (i for i, pl in enumerate(self.players) if pl.number == int(m.group(1))), None
                )
                if index is not None:
                    out[index] = p.value
        return out

    def final_totals(self) -> tuple[int | None, ...]:
        """The last running total written for each player (None if they never moved)."""
        totals: list[int | None] = [None] * len(self.players)
        for ev in self.events:
            totals[ev.player] = ev.total
        return tuple(totals)


# --- decoding --------------------------------------------------------------

_UTF8_NAMES = {"utf-8", "utf8"}
_LATIN1_NAMES = {"iso-8859-1", "iso8859-1", "iso-8859-1:1987", "latin-1", "latin1", "l1"}
