"""Duplicate games: create, draw, rule slips at once, close rounds on the top.

The rules are the ruleset's ``duplicate`` mapping (core/duplicate_rules.py);
the game is its events (core/duplicate_game.py), kept by the store.
"""

from __future__ import annotations

import secrets
import typing as t
from dataclasses import dataclass

from pydantic import Field

from adjudicator.core.coords import Coord
from adjudicator.core.duplicate import SlipIn, SlipRuling, choose_top, rule_slip
from adjudicator.core.duplicate_draw import can_meet, meets, rack_size, seeded_draw
from adjudicator.core.duplicate_game import (
    DuplicateState,
    Phase,
    Round,
    draw_fits,
    replay,
    ruling_data,
    tiles_data,
    top_data,
)
from adjudicator.core.duplicate_rules import WhenShort
from adjudicator.core.movegen import generate
from adjudicator.core.names import name_problem
from adjudicator.core.references import Notation, parse_reference, write_reference
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.tiles import BLANK, BLANK_BIT, Tile
from adjudicator.errors import (
    DuplicateOverError,
    DuplicatePhaseError,
    InvalidDrawError,
    InvalidRequestError,
    NoDuplicateRulesError,
    PermissionDeniedError,
    StaleVersionError,
    UnknownDuplicatePlayerError,
)
from adjudicator.services.answer import Answer
from adjudicator.services.game_clock import now
from adjudicator.services.moves import finder_words

if t.TYPE_CHECKING:
    from adjudicator.core.verdict import WordChecker
    from adjudicator.loaders import Registry
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.store.duplicates import DuplicateRecord, DuplicateStore

# Slips arrive from several arbiters at once; one that loses the race for the
# next event is ruled again on the new state (its ruling may differ: a second slip).
_RETRIES = 5


class PenaltyOut(Answer):
    code: str
    points: int


class SlipOut(Answer):
    player: int
    name: str
    valid: bool
    null: str | None = Field(description="Why the slip scores nothing (docs/duplicate.md)")
    score: int = Field(description="The play's real score (0 when null)")
    warnings: list[str]
    penalties: list[PenaltyOut]
    points: int = Field(description="What the slip earns: its score less its penalties")
    reference: str | None = Field(description="Where it was ruled, FISF notation (H4, 4H)")
    gcg: str | None = Field(description="The same square in GCG notation (8D, D8)")
    invalid_words: list[str]


class TopOut(Answer):
    reference: str
    gcg: str
    word: str
    score: int


class RoundOut(Answer):
    number: int
    draw: str = Field(description="The draw, the ruleset's blank label for a blank")
    typed: bool = Field(description="Typed in by the arbiter, not the service's own draw")
    closed: bool
    top: TopOut | None
    slips: list[SlipOut]


class StandingOut(Answer):
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


@dataclass(frozen=True, slots=True)
class SlipSpec:
    player: int
    word: str
    reference: str | None
    score: int | None = None
    notation: Notation = Notation.FISF
    late: bool = False
    illegible: bool = False


def _accepts(checker: WordChecker) -> t.Callable[[t.Sequence[Tile]], bool]:
    """A word check as the slip ruling asks it: acceptable or not."""
    return lambda tiles: checker.judge(tiles) is None


def _rack_text(rules: Ruleset, tiles: t.Iterable[Tile]) -> str:
    alphabet = rules.alphabet
    return "".join(alphabet.blank_label if x == BLANK else alphabet.label(x) for x in tiles)


def _ref(coord: Coord | None, notation: Notation) -> str | None:
    return None if coord is None else write_reference(coord, notation)


def slip_out(state: DuplicateState, r: SlipRuling) -> SlipOut:
    return SlipOut(
        player=r.player,
        name=state.players[r.player],
        valid=r.null is None,
        null=r.null.value if r.null else None,
        score=r.score,
        warnings=[w.value for w in r.warnings],
        penalties=[PenaltyOut(code=p.value, points=n) for p, n in r.penalties],
        points=r.points if r.null is None else 0,
        reference=_ref(r.coord, Notation.FISF),
        gcg=_ref(r.coord, Notation.GCG),
        invalid_words=[state.rules.alphabet.render(w) for w in r.invalid_words],
    )


def _round_out(state: DuplicateState, r: Round) -> RoundOut:
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
        draw=_rack_text(state.rules, r.draw),
        typed=r.typed,
        closed=r.closed,
        top=top,
        slips=[slip_out(state, s) for s in r.slips],
    )


def duplicate_out(
    record: DuplicateRecord,
    state: DuplicateState,
    version: int,
    token: str | None = None,
    round_age_ms: int | None = None,
) -> DuplicateOut:
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
        version=version,
        phase=state.phase.value,
        round=state.round_no,
        draw=_rack_text(rules, state.rounds[-1].draw) if state.phase == Phase.PLAY else None,
        round_age_ms=round_age_ms,
        bag=len(state.bag()),
        board=state.board.to_strings(rules.alphabet),
        rounds=[_round_out(state, r) for r in state.rounds],
        top_total=sum(tops),
        standings=[
            StandingOut(
                player=s.player,
                name=record.players[s.player],
                total=s.total,
                negatif=s.negatif,
                percent=s.percent,
                solos=s.solos,
            )
            for s in state.standings()
        ],
    )


@dataclass
class Duplicates:
    """The Duplicate games' use cases, over the live registry and the store."""

    live: LiveRegistry
    store: DuplicateStore

    @property
    def registry(self) -> Registry:
        return self.live.current

    def _rules(self, name: str) -> Ruleset:
        rules = self.registry.ruleset(name)
        if rules.duplicate is None:
            raise NoDuplicateRulesError(name)
        return rules

    def create(
        self,
        ruleset: str,
        players: t.Sequence[str],
        *,
        round_seconds: int | None = None,
        seed: str | None = None,
        typed: bool = False,
        lexicon: str | None = None,
    ) -> DuplicateOut:
        """A new game; its draws are the service's, with ``seed`` (a random one
        when None), unless ``typed``: then every draw is typed in.

        :raises NotFoundError: unknown ruleset or lexicon.
        :raises NoDuplicateRulesError: the ruleset plays no duplicate games.
        """
        rules = self._rules(ruleset)
        assert rules.duplicate is not None
        for index, name in enumerate(players):
            problem = name_problem(name)
            if problem is not None:
                raise InvalidRequestError(f"players.{index}: {problem}", field=f"players.{index}")
        finder_words(self.registry, rules, lexicon)  # the lexicon and its graph exist
        if not typed and seed is None:
            seed = secrets.token_hex(8)
        seconds = round_seconds or rules.duplicate.round_seconds
        id_, token = self.store.create(
            rules.name,
            players,
            round_seconds=seconds,
            seed=None if typed else seed,
            lexicon=lexicon,
        )
        return self.get(id_, token=token)

    def _load(self, id_: str) -> tuple[DuplicateRecord, DuplicateState, int]:
        record, events = self.store.load(id_)
        rules = self._rules(record.ruleset)
        return record, replay(rules, record.players, events), len(events)

    def get(self, id_: str, *, token: str | None = None) -> DuplicateOut:
        """:raises DuplicateNotFoundError: no such game."""
        record, state, version = self._load(id_)
        age = None
        drawn = self.store.drawn_at(id_) if state.phase == Phase.PLAY else None
        if drawn is not None:  # the pages' countdown
            age = max(0, int((now() - drawn).total_seconds() * 1000))
        return duplicate_out(record, state, version, token, age)

    def authorize(self, id_: str, token: str | None) -> None:
        """:raises DuplicateNotFoundError: no such game. :raises PermissionDeniedError:
        no or wrong write token."""
        record, _ = self.store.load(id_)
        if not self.store.token_ok(record, token):
            raise PermissionDeniedError("writing to this game needs its write token", duplicate=id_)

    def draw(self, id_: str, letters: str | None = None) -> DuplicateOut:
        """The next round's draw: typed in (``letters``), or the service's own.

        :raises DuplicatePhaseError: a round is being played.
        :raises DuplicateOverError: the game is over.
        :raises InvalidDrawError: typed letters the rules refuse.
        """
        record, state, version = self._load(id_)
        self._phase(state, Phase.DRAW)
        rules = state.rules
        assert rules.duplicate is not None
        round_no = state.round_no
        bag, kept = state.bag(), state.kept()
        pool = [*bag, *kept]
        if not can_meet(rules, pool, round_no) and rules.duplicate.when_short == WhenShort.END:
            self.store.append(id_, version, [("end", {"reason": "draw"})])
            return self.get(id_)
        if letters is None:
            if record.seed is None:
                raise InvalidDrawError(
                    "", "typed", round_no, "this game's draws are typed in: give the letters"
                )
            tiles = seeded_draw(rules, bag, kept, round_no, record.seed)
            typed = False
            if tiles is None:  # pragma: no cover - can_meet was checked
                self.store.append(id_, version, [("end", {"reason": "draw"})])
                return self.get(id_)
        else:
            tiles = self._typed(state, letters, round_no)
            typed = True
        self.store.append(
            id_, version, [("draw", {"tiles": tiles_data(rules.alphabet, tiles), "typed": typed})]
        )
        return self.get(id_)

    def _typed(self, state: DuplicateState, letters: str, round_no: int) -> list[Tile]:
        rules = state.rules
        alphabet = rules.alphabet
        tiles = [x & ~BLANK_BIT if x != BLANK else BLANK for x in alphabet.rack(letters)]
        pool = [*state.bag(), *state.kept()]
        size = rack_size(rules, len(pool))
        if len(tiles) != size:
            raise InvalidDrawError(
                letters, "size", round_no, f"{len(tiles)} tiles: this round's draw holds {size}"
            )
        if not draw_fits(state, tiles):
            kept = _rack_text(rules, state.kept())
            raise InvalidDrawError(
                letters,
                "not-in-bag",
                round_no,
                f"the draw must hold the rack left ({kept or 'none'}) and tiles from the bag",
            )
        if can_meet(rules, pool, round_no) and not meets(rules, tiles, round_no):
            minimum = rules.duplicate.minimum(round_no) if rules.duplicate else None
            assert minimum is not None
            raise InvalidDrawError(
                letters,
                "short",
                round_no,
                f"round {round_no} needs at least {minimum.vowels} vowels and "
                f"{minimum.consonants} consonants",
            )
        return tiles

    def slip(self, id_: str, spec: SlipSpec) -> SlipVerdict:
        """Rule one slip at once and keep it.

        :raises DuplicatePhaseError: no draw out.
        :raises UnknownDuplicatePlayerError: no such player.
        :raises BadCoordinateError: an unreadable reference.
        """
        coord = parse_reference(spec.reference, spec.notation) if spec.reference else None
        for attempt in range(_RETRIES):
            record, state, version = self._load(id_)
            self._phase(state, Phase.PLAY)
            rules = state.rules
            if not 0 <= spec.player < len(state.players):
                raise UnknownDuplicatePlayerError(spec.player, len(state.players))
            checker = self.registry.checker(rules.name, record.lexicon)
            current = state.rounds[-1]
            assert current.board_before is not None
            ruling = rule_slip(
                rules,
                current.board_before,
                current.draw,
                SlipIn(spec.player, spec.word, coord, spec.score, spec.late, spec.illegible),
                _accepts(checker),
                earlier_warnings=state.warnings[spec.player],
                second=any(s.player == spec.player for s in current.slips),
            )
            try:
                version = self.store.append(
                    id_, version, [("slip", ruling_data(rules.alphabet, ruling))]
                )
            except StaleVersionError:
                if attempt == _RETRIES - 1:
                    raise
                continue
            return SlipVerdict(round=current.number, version=version, slip=slip_out(state, ruling))
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self, id_: str) -> DuplicateOut:
        """Close the round: find the top with the generator, place it.

        :raises DuplicatePhaseError: no draw out.
        """
        record, state, version = self._load(id_)
        self._phase(state, Phase.PLAY)
        rules = state.rules
        assert rules.duplicate is not None
        words, _ = finder_words(self.registry, rules, record.lexicon)
        current = state.rounds[-1]
        found = generate(state.board, rules, words, current.draw)
        top = choose_top(rules, state.board, found)
        ends = top is None or current.number >= rules.duplicate.max_rounds
        if top is not None:
            left = len(state.bag()) + len(current.draw) - len(top.placement.tiles)
            ends = ends or left == 0
        self.store.append(
            id_, version, [("close", {"top": top_data(rules.alphabet, top), "ends": ends})]
        )
        return self.get(id_)

    @staticmethod
    def _phase(state: DuplicateState, wanted: Phase) -> None:
        if state.phase == Phase.OVER:
            raise DuplicateOverError()
        if state.phase != wanted:
            raise DuplicatePhaseError(wanted.value, state.phase.value)
