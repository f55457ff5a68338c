"""Duplicate games: create, draw, rule slips at once, close rounds on the top.

The rules are the ruleset's ``duplicate`` mapping (core/duplicate_rules.py);
the game is its events (core/duplicate_game.py), kept by the store.  The
draws are services/duplicate_draws.py's, corrections
services/duplicate_corrections.py's, the record and the replays
services/duplicate_records.py's.
"""

from __future__ import annotations

import secrets
import typing as t
from dataclasses import dataclass

from adjudicator.core.duplicate import SlipIn, SlipRuling, rule_slip
from adjudicator.core.duplicate_events import slip_data, top_data
from adjudicator.core.duplicate_game import DuplicateState, Phase, Round, replay, with_slip
from adjudicator.core.duplicate_top import Top, choose_top
from adjudicator.core.movegen import generate
from adjudicator.core.names import name_problem
from adjudicator.core.references import Notation, parse_reference
from adjudicator.errors import (
    DuplicateOverError,
    DuplicatePhaseError,
    InvalidRequestError,
    NoDuplicateRulesError,
    PermissionDeniedError,
    StaleVersionError,
    UnknownDuplicatePlayerError,
)
from adjudicator.services.duplicate_draws import next_draw
from adjudicator.services.duplicate_view import (
    DuplicateOut,
    SlipVerdict,
    duplicate_out,
    slip_verdict,
)
from adjudicator.services.game_clock import now
from adjudicator.services.moves import finder_words

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.core.tiles import Tile
    from adjudicator.loaders import Registry
    from adjudicator.services.registry import LiveRegistry
    from adjudicator.store.duplicates import DuplicateRecord, DuplicateStore, Stored

# Slips arrive from several arbiters at once; one that loses the race for the
# next event is tried again on the new state.
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

    def written(self) -> SlipIn:
        """The slip as core rules it. :raises BadCoordinateError: an unreadable reference."""
        coord = parse_reference(self.reference, self.notation) if self.reference else None
        return SlipIn(self.player, self.word, coord, self.score, self.late, self.illegible)


@dataclass(frozen=True, slots=True)
class Loaded:
    record: DuplicateRecord
    state: DuplicateState
    version: int


@dataclass
class Duplicates:
    """The Duplicate games' use cases, over the live registry and the store."""

    live: LiveRegistry
    store: DuplicateStore

    @property
    def registry(self) -> Registry:
        return self.live.current

    def rules(self, name: str) -> Ruleset:
        """:raises NotFoundError: no such ruleset. :raises NoDuplicateRulesError:
        the ruleset plays no duplicate games."""
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
        events: t.Sequence[Stored] = (),
    ) -> DuplicateOut:
        """A new game; its draws are the service's, with ``seed`` (a random one
        when None), unless ``typed``: then every draw is typed in.  ``events``:
        its first events, already checked.

        :raises NotFoundError: unknown ruleset or lexicon.
        :raises NoDuplicateRulesError: the ruleset plays no duplicate games.
        """
        rules = self.rules(ruleset)
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
            events=events,
        )
        return self.written(id_, token=token)

    def load(self, id_: str) -> Loaded:
        """:raises DuplicateNotFoundError: no such game."""
        record, events = self.store.load(id_)
        rules = self.rules(record.ruleset)
        return Loaded(record, replay(rules, record.players, events), len(events))

    def get(self, id_: str, *, presented: str | None = None) -> DuplicateOut:
        """The game as a reader sees it: the round in play's slips only with the
        game's write token (``presented``); a player in the room must not read them.

        :raises DuplicateNotFoundError: no such game."""
        return self.written(id_) if self.is_writer(id_, presented) else self._out(id_, False)

    def written(self, id_: str, *, token: str | None = None) -> DuplicateOut:
        """The game as its writer sees it (after a write; ``token`` at creation).

        :raises DuplicateNotFoundError: no such game."""
        return self._out(id_, True, token)

    def _out(self, id_: str, writer: bool, token: str | None = None) -> DuplicateOut:
        loaded = self.load(id_)
        age = None
        if loaded.state.phase == Phase.PLAY:  # the pages count the round's time down
            drawn = self.store.drawn_at(id_)
            if drawn is not None:
                age = max(0, int((now() - drawn).total_seconds() * 1000))
        return duplicate_out(
            loaded.record,
            loaded.state,
            loaded.version,
            token,
            round_age_ms=age,
            open_slips=writer,
        )

    def is_writer(self, id_: str, token: str | None) -> bool:
        """:raises DuplicateNotFoundError: no such game."""
        return token is not None and self.store.token_ok(id_, token)

    def authorize(self, id_: str, token: str | None) -> None:
        """:raises DuplicateNotFoundError: no such game. :raises PermissionDeniedError:
        no or wrong write token."""
        if not self.store.token_ok(id_, token):
            raise PermissionDeniedError("writing to this game needs its write token", duplicate=id_)

    def draw(self, id_: str, letters: str | None = None, *, rejected: bool = False) -> DuplicateOut:
        """The next round's draw: typed in (``letters``; ``rejected``: a new draw
        in full, the rack left put back), the service's own, or a replay's; or
        the end, when no valid draw can be made.

        :raises DuplicatePhaseError: a round is being played.
        :raises DuplicateOverError: the game is over.
        :raises InvalidDrawError: typed letters the rules refuse.
        """
        loaded = self.load(id_)
        phase(loaded.state, Phase.DRAW)
        event = next_draw(loaded.state, loaded.record.seed, letters, rejected=rejected)
        self.store.append(id_, loaded.version, [event])
        return self.written(id_)

    def rule(self, loaded: Loaded, round_: Round, written: SlipIn) -> SlipRuling:
        """A slip ruled on ``round_``'s board and draw.

        :raises UnknownDuplicatePlayerError: no such player.
        """
        rules = loaded.state.rules
        if not 0 <= written.player < len(loaded.state.players):
            raise UnknownDuplicatePlayerError(written.player, len(loaded.state.players))
        checker = self.registry.checker(rules.name, loaded.record.lexicon)
        assert round_.board_before is not None

        def accepts(tiles: t.Sequence[Tile]) -> bool:
            return checker.judge(tiles) is None

        return rule_slip(
            rules, round_.board_before, round_.draw, written, accepts, round_no=round_.number
        )

    def slip(self, id_: str, spec: SlipSpec) -> SlipVerdict:
        """Rule one slip at once and keep it.

        :raises DuplicatePhaseError: no draw out.
        :raises UnknownDuplicatePlayerError: no such player.
        :raises BadCoordinateError: an unreadable reference.
        """
        written = spec.written()
        for attempt in range(_RETRIES):
            loaded = self.load(id_)
            state = loaded.state
            phase(state, Phase.PLAY)
            current = state.rounds[-1]
            ruling = self.rule(loaded, current, written)
            data = slip_data(state.rules.alphabet, ruling, written)
            try:
                version = self.store.append(id_, loaded.version, [("slip", data)])
            except StaleVersionError:
                if attempt == _RETRIES - 1:
                    raise
                continue
            after = with_slip(state, ruling, written)
            return slip_verdict(after, current.number, len(current.slips), version)
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self, id_: str) -> DuplicateOut:
        """Close the round: the top (found by the generator, or a replay's) goes
        on the board.

        :raises DuplicatePhaseError: no draw out.
        """
        loaded = self.load(id_)
        state = loaded.state
        phase(state, Phase.PLAY)
        rules = state.rules
        assert rules.duplicate is not None
        current = state.rounds[-1]
        last = rules.duplicate.max_rounds
        top: Top | None
        if state.script is not None:
            top = state.script.tops[current.number - 1]
            last = min(last, len(state.script.draws))
        else:
            words, _ = finder_words(self.registry, rules, loaded.record.lexicon)
            top = choose_top(rules, generate(state.board, rules, words, current.draw))
        ends = top is None or current.number >= last
        if top is not None:
            ends = ends or len(state.bag()) + len(current.draw) == len(top.placement.tiles)
        data = {"top": top_data(rules.alphabet, top), "ends": ends}
        self.store.append(id_, loaded.version, [("close", data)])
        return self.written(id_)


def phase(state: DuplicateState, wanted: Phase) -> None:
    """:raises DuplicateOverError: the game is over. :raises DuplicatePhaseError:
    the game is not in the ``wanted`` phase."""
    if state.phase == Phase.OVER:
        raise DuplicateOverError()
    if state.phase != wanted:
        raise DuplicatePhaseError(wanted.value, state.phase.value)
