"""What a Duplicate game answers: the models (they serialize and document) and
how they are built from the game's state (core/duplicate_game.py)."""

from __future__ import annotations

import typing as t

from pydantic import Field

from adjudicator.core.coords import Coord
from adjudicator.core.duplicate import Nullity, Penalty, SlipIn, SlipRuling, SlipWarning
from adjudicator.core.duplicate_game import DuplicateState, Phase, Round
from adjudicator.core.references import Notation, write_reference
from adjudicator.core.tiles import BLANK, Tile
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.core.duplicate_standings import Standing
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.store.duplicates import DuplicateRecord


class PenaltyOut(Answer):
    code: Penalty
    points: int


class WrittenOut(Answer):
    """What the slip said, as typed in."""

    word: str
    reference: str | None = Field(description="FISF notation, as read")
    score: int | None
    late: bool
    illegible: bool


class SlipOut(Answer):
    number: int = Field(description="The slip's number in its round (from 0), to correct it")
    player: int
    name: str
    valid: bool
    null: Nullity | None = Field(description="Why the slip scores nothing (docs/duplicate.md)")
    score: int = Field(description="The play's real score (0 when null)")
    warnings: list[SlipWarning]
    penalties: list[PenaltyOut]
    points: int = Field(description="What the slip earns: its score less its penalties")
    reference: str | None = Field(description="Where it was ruled, FISF notation (H4, 4H)")
    gcg: str | None = Field(description="The same square in GCG notation (8D, D8)")
    invalid_words: list[str]
    written: WrittenOut | None = Field(description="What the slip said (none: not kept)")
    corrected: bool = Field(description="This slip replaced another (a correction)")


class TopOut(Answer):
    reference: str
    gcg: str
    word: str
    score: int


class RoundOut(Answer):
    number: int
    draw: str = Field(description="The draw, the ruleset's blank label for a blank")
    typed: bool = Field(description="Typed in by the arbiter, not the service's own draw")
    rejected: bool = Field(
        description="The rack left went back to the bag with a draw short of the minimum: "
        "this draw is new in full (a published record writes it with a leading -)"
    )
    redrawn: bool = Field(description="The typed draw was corrected")
    closed: bool
    top: TopOut | None
    slips: list[SlipOut] = Field(
        description="The slips that stand (not withdrawn); those of the round in play "
        "only for a reader with the write token"
    )


class StandingOut(Answer):
    rank: int = Field(description="1 for the best total; equal totals share a rank")
    player: int
    name: str
    total: int
    negatif: int = Field(description="Points behind the tops' total")
    percent: float = Field(description="The total as a percentage of the tops' total")
    solos: int


class DuplicateOut(Answer):
    id: str
    token: str | None = Field(default=None, description="The write token (creation only)")
    ruleset: str
    players: list[str]
    round_seconds: int
    seeded: bool = Field(description="The service draws (with the seed the record keeps)")
    seed: str | None = Field(description="The seed, shown once the game is over")
    replay_of: str | None = Field(description="The game this one plays again, alone")
    version: int = Field(description="Number of events")
    phase: t.Literal["draw", "play", "over"]
    round: int = Field(description="The round being played, or the next to draw")
    draw: str | None = Field(description="The draw in play")
    round_age_ms: int | None = Field(
        default=None,
        description="Milliseconds since the draw in play was made: the round's time runs "
        "from it (none between rounds)",
    )
    bag: int = Field(description="Tiles in the bag")
    board: list[str]
    rounds: list[RoundOut]
    top_total: int
    standings: list[StandingOut] = Field(description="Best total first")


class SlipVerdict(Answer):
    round: int
    version: int
    slip: SlipOut


def rack_text(rules: Ruleset, tiles: t.Iterable[Tile]) -> str:
    alphabet = rules.alphabet
    return "".join(alphabet.blank_label if x == BLANK else alphabet.label(x) for x in tiles)


def _ref(coord: Coord | None, notation: Notation) -> str | None:
    return None if coord is None else write_reference(coord, notation)


def _written(w: SlipIn | None) -> WrittenOut | None:
    if w is None:
        return None
    reference = None if w.coord is None else write_reference(w.coord)
    return WrittenOut(
        word=w.word, reference=reference, score=w.announced, late=w.late, illegible=w.illegible
    )


def slip_out(state: DuplicateState, round_: Round, number: int, r: SlipRuling) -> SlipOut:
    """Slip ``number`` of ``round_``, ``r`` its ruling as settled."""
    entry = round_.slips[number]
    return SlipOut(
        number=number,
        player=r.player,
        name=state.players[r.player],
        valid=r.null is None,
        null=r.null,
        score=r.score,
        warnings=list(r.warnings),
        penalties=[PenaltyOut(code=p, points=n) for p, n in r.penalties],
        points=r.points if r.null is None else 0,
        reference=_ref(r.coord, Notation.FISF),
        gcg=_ref(r.coord, Notation.GCG),
        invalid_words=[state.rules.alphabet.render(w) for w in r.invalid_words],
        written=_written(entry.written),
        corrected=entry.corrected,
    )


def slip_verdict(state: DuplicateState, round_no: int, number: int, version: int) -> SlipVerdict:
    """Slip ``number`` of round ``round_no`` as it stands in ``state``."""
    settled = dict(state.settled()[round_no - 1])
    round_ = state.rounds[round_no - 1]
    return SlipVerdict(
        round=round_no, version=version, slip=slip_out(state, round_, number, settled[number])
    )


def _round_out(state: DuplicateState, r: Round, slips: list[tuple[int, SlipRuling]]) -> RoundOut:
    top = None
    if r.top is not None:
        top = TopOut(
            reference=write_reference(r.top.coord),
            gcg=r.top.coord.gcg(),
            word=state.rules.alphabet.render(r.top.tiles),
            score=r.top.score,
        )
    return RoundOut(
        number=r.number,
        draw=rack_text(state.rules, r.draw),
        typed=r.typed,
        rejected=r.rejected,
        redrawn=r.redrawn,
        closed=r.closed,
        top=top,
        slips=[slip_out(state, r, number, ruling) for number, ruling in slips],
    )


def ranked(state: DuplicateState) -> list[tuple[int, Standing]]:
    """The standings with their ranks: equal totals share one (1, 2, 2, 4)."""
    out: list[tuple[int, Standing]] = []
    for i, s in enumerate(state.standings()):
        rank = out[-1][0] if out and out[-1][1].total == s.total else i + 1
        out.append((rank, s))
    return out


def duplicate_out(
    record: DuplicateRecord,
    state: DuplicateState,
    version: int,
    token: str | None = None,
    *,
    round_age_ms: int | None = None,
    open_slips: bool = True,
) -> DuplicateOut:
    """The game as the API answers it; without ``open_slips``, the round in play
    shows no slip (they are the arbiter's until the round closes)."""
    rules = state.rules
    tops = [r.top.score for r in state.rounds if r.closed and r.top is not None]
    return DuplicateOut(
        id=record.id,
        token=token,
        ruleset=record.ruleset,
        players=list(record.players),
        round_seconds=record.round_seconds,
        seeded=record.seed is not None,
        seed=record.seed if state.phase == Phase.OVER else None,
        replay_of=None if state.script is None else state.script.source,
        version=version,
        phase=state.phase.value,
        round=state.round_no,
        draw=rack_text(rules, state.rounds[-1].draw) if state.phase == Phase.PLAY else None,
        round_age_ms=round_age_ms,
        bag=len(state.bag()),
        board=state.board.to_strings(rules.alphabet),
        rounds=[
            _round_out(state, r, slips if r.closed or open_slips else [])
            for r, slips in zip(state.rounds, state.settled(), strict=True)
        ],
        top_total=sum(tops),
        standings=[
            StandingOut(
                rank=rank,
                player=s.player,
                name=record.players[s.player],
                total=s.total,
                negatif=s.negatif,
                percent=s.percent,
                solos=s.solos,
            )
            for rank, s in ranked(state)
        ],
    )
