"""Duplicate games: create, draw, rule slips at once, close rounds on the top.

The rules are the ruleset's ``duplicate`` mapping (core/duplicate_rules.py);
the game is its events (core/duplicate_game.py), kept by the store.
"""

from __future__ import annotations

import secrets
import typing as t
from dataclasses import dataclass

from adjudicator.core.duplicate import SlipIn, choose_top, rule_slip
from adjudicator.core.duplicate_draw import can_meet, meets, rack_size, seeded_draw
from adjudicator.core.duplicate_game import (
    DuplicateState,
    Phase,
    draw_fits,
    replay,
    ruling_data,
    tiles_data,
    top_data,
)
from adjudicator.core.duplicate_rules import WhenShort
from adjudicator.core.movegen import generate
from adjudicator.core.names import name_problem
from adjudicator.core.references import Notation, parse_reference
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
from adjudicator.services.duplicate_view import (
    DuplicateOut,
    SlipVerdict,
    duplicate_out,
    rack_text,
    slip_out,
)
from adjudicator.services.moves import finder_words

if t.TYPE_CHECKING:
    from adjudicator.core.verdict import WordChecker
    from adjudicator.loaders import Registry
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.store.duplicates import DuplicateRecord, DuplicateStore

# Slips arrive from several arbiters at once; one that loses the race for the
# next event is ruled again on the new state (its ruling may differ: a second slip).
_RETRIES = 5


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
        return duplicate_out(record, state, version, token)

    def authorize(self, id_: str, token: str | None) -> None:
        """:raises DuplicateNotFoundError: no such game. :raises PermissionDeniedError:
        no or wrong write token."""
        if not self.store.token_ok(id_, token):
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
            kept = rack_text(rules, state.kept())
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
