"""Club games: create, add events (through the referee), read, GCG in and out."""

from __future__ import annotations

import typing as t
from collections import OrderedDict
from dataclasses import dataclass, field

from adjudicator.core.game import PLAYING, Event
from adjudicator.core.game_gcg import export_record, gcg_move, import_record
from adjudicator.core.gcg import decode_gcg, parse_gcg, write_gcg
from adjudicator.core.referee import WrongPhaseError, apply, end_adjustments, lost_turns, replay
from adjudicator.errors import MalformedRequestError, PermissionDeniedError
from adjudicator.services.board_svg import board_svg
from adjudicator.services.challenges import rule_on_challenge
from adjudicator.services.game_view import Game, GameOut, SpectatorView, describe, game_out
from adjudicator.services.plays import PlacedIn, SwapIn, read_placement
from adjudicator.store.games import StaleVersionError

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.store.audit import AuditTrail
    from adjudicator.store.games import GameStore


@dataclass(slots=True)
class EventIn:
    """One event as a scorekeeper sends it."""

    type: str
    player: int
    placement: t.Sequence[PlacedIn] | None = None
    move: str | None = None
    swaps: t.Sequence[SwapIn] = ()
    rack: str | None = None
    tiles: str | None = None
    count: int | None = None
    racks: dict[int, str] | None = None
    points: int | None = None


@dataclass(slots=True)
class GameCache:
    """Replayed games, most recent last, at most ``size`` of them (per process).

    A cached game is used only while the store still holds exactly the events it
    was built from.
    """

    size: int = 256
    games: OrderedDict[str, Game] = field(default_factory=OrderedDict)

    def get(self, id_: str, version: int | None) -> Game | None:
        game = self.games.get(id_)
        return game if game is not None and len(game.events) == version else None

    def keep(self, game: Game) -> None:
        self.games[game.row["id"]] = game
        self.games.move_to_end(game.row["id"])
        while len(self.games) > self.size:
            self.games.popitem(last=False)


@dataclass(frozen=True, slots=True)
class Games:
    """The club-games use cases, over the rules, the store and the audit trail."""

    registry: Registry
    store: GameStore
    trail: AuditTrail
    cache: GameCache = field(default_factory=GameCache)

    def create(
        self,
        ruleset: str,
        players: list[str],
        *,
        challenge_rule: str | None = None,
        target: int | None = None,
        target_level: str | None = None,
    ) -> GameOut:
        rules = self.registry.ruleset(ruleset)
        if not 2 <= len(players) <= 4:
            raise MalformedRequestError("a game has 2 to 4 players", field="players")
        goal = self._target(rules.name, len(players), target, target_level)
        id_, token = self.store.create(
            rules.name, players, challenge_rule=challenge_rule, target=goal
        )
        return game_out(self.read(id_), token=token)

    def _target(
        self, ruleset: str, players: int, target: int | None, level: str | None
    ) -> int | None:
        if level is None:
            return target
        table = self.registry.ruleset(ruleset).finish_line_targets.get(players, {})
        if level not in table:
            raise MalformedRequestError(
                f"ruleset {ruleset} has no finish-line target {level!r} for {players} players",
                field="target_level",
            )
        return table[level]

    def load(self, id_: str) -> Game:
        """The game's row and events, and the state replayed from them."""
        row, events = self.store.load(id_)
        rules = self.registry.ruleset(row["ruleset"])
        strict = row["source"] == "api"
        state = replay(rules, row["players"], events, row["target"], strict=strict)
        return Game(row, events, state)

    def read(self, id_: str) -> Game:
        """:meth:`load` for reads, from the cache when the version still matches."""
        cached = self.cache.get(id_, self.store.version(id_))
        if cached is not None:
            return cached
        game = self.load(id_)
        self.cache.keep(game)
        return game

    def get(self, id_: str, rack: str | None = None) -> GameOut:
        return game_out(self.read(id_), rack)

    def add_event(self, id_: str, token: str | None, version: int, spec: EventIn) -> GameOut:
        """Validate one event with the referee and append what it records.

        :raises PermissionDeniedError: no or wrong write token.
        :raises StaleVersionError: ``version`` is not the game's current version.
        """
        game = self.load(id_)
        if not self.store.token_ok(game.row, token):
            raise PermissionDeniedError("writing to this game needs its write token", game=id_)
        if version != len(game.events):
            raise StaleVersionError(version, len(game.events))
        new = self._events_for(game, spec)
        for event in new:
            apply(game.state, event, strict=True)
        new += lost_turns(game.state)  # a failed challenger's turn, when it comes round
        self.store.append(id_, version, new)
        game.events.extend(new)
        self.cache.keep(game)
        return game_out(game)

    def _events_for(self, game: Game, spec: EventIn) -> list[Event]:
        state = game.state
        rules = state.rules
        alpha = rules.alphabet
        base: dict[str, t.Any] = {"rack": spec.rack} if spec.rack else {}
        if not 0 <= spec.player < state.players:
            raise MalformedRequestError(f"no player {spec.player}", field="player")
        if spec.type == "play":
            placement = read_placement(rules, state.board, spec.placement, spec.move, spec.swaps)
            data = {
                **base,
                "placement": [[p.row, p.col, alpha.label(p.tile)] for p in placement.tiles],
            }
            if placement.swaps:
                data["swaps"] = [[s.row, s.col, alpha.label(s.tile)] for s in placement.swaps]
            # The move as the scorekeeper wrote it, else its GCG form when it has one.
            if spec.move is not None:
                coord, word = spec.move.split()
                move: str | None = f"{coord.upper()} {word}"
            else:
                move = gcg_move(state.board, placement, rules)
            if move and not placement.swaps:
                data["move"] = move
            return [Event("play", spec.player, data)]
        if spec.type == "pass":
            return [Event("pass", spec.player, base)]
        if spec.type == "exchange":
            tiles = spec.tiles or ""
            count = len(alpha.rack(tiles)) if tiles else (spec.count or 0)
            if not 1 <= count <= rules.rack_size:
                raise MalformedRequestError(
                    "an exchange swaps 1 to a rack's worth of tiles", field="count"
                )
            return [Event("exchange", spec.player, {**base, "tiles": tiles, "count": count})]
        if spec.type == "time_penalty":
            if not spec.points:
                raise MalformedRequestError("a time penalty needs points", field="points")
            return [Event("time_penalty", spec.player, {"points": -abs(spec.points)})]
        if spec.type == "end":
            racks = dict(spec.racks or {})
            for p, r in racks.items():
                if not 0 <= p < state.players:
                    raise MalformedRequestError(f"no player {p}", field="racks")
                alpha.rack(r)
            return end_adjustments(state, racks)
        if spec.type == "challenge":
            return self._challenge(game, spec.player)
        raise MalformedRequestError(f"unknown event type {spec.type!r}", field="type")

    def _challenge(self, game: Game, challenger: int) -> list[Event]:
        state = game.state
        last = state.last_play
        if not state.history or state.history[-1].kind != "play" or last is None or last.challenged:
            raise WrongPhaseError(
                "only the last play can be challenged, once, before the next turn"
            )
        if challenger == last.player:
            raise WrongPhaseError("a player cannot challenge their own play")
        names = game.row["players"]
        ruling = rule_on_challenge(
            self.registry,
            self.trail,
            state.rules.name,
            words=state.history[-1].words,
            rule=game.row["challenge_rule"],
            players={"challenger": names[challenger], "challenged": names[last.player]},
            asked_by=f"game:{game.row['id']}",
        )
        c = ruling.consequence
        tag = {"adjudication_id": ruling.id, "verdict": ruling.verdict, "rule": ruling.rule}
        if c.play == "withdrawn" and c.loses_game is None:
            return [Event("withdrawal", last.player, tag)]
        if c.loses_game is not None:
            loser = challenger if c.loses_game == "challenger" else last.player
            return [Event("challenge", challenger, {**tag, "loses_game": loser})]
        if c.points_to_challenged:
            return [
                Event("challenge_bonus", last.player, {**tag, "points": c.points_to_challenged})
            ]
        if c.challenger_loses_turn and state.status == PLAYING:
            if state.turn == challenger:
                return [Event("pass", challenger, {**tag, "lost_turn": True})]
            # Another player moves first: the challenger's turn is skipped when it comes.
            return [Event("challenge", challenger, {**tag, "loses_next_turn": True})]
        return [Event("challenge", challenger, tag)]

    def import_gcg(self, data: bytes | str, ruleset: str | None = None) -> GameOut:
        text = decode_gcg(data) if isinstance(data, bytes) else data
        record = parse_gcg(text)
        rules = self.registry.ruleset(ruleset or self._ruleset_for(record.lexicon))
        names, events, state = import_record(record, rules)
        if not 2 <= len(names) <= 4:
            raise MalformedRequestError(
                f"the record names {len(names)} players; a game has 2 to 4", field="gcg"
            )
        meta = {"lexicon": record.lexicon, "title": record.title, "flags": state.flags}
        id_, token = self.store.create(
            rules.name,
            names,
            challenge_rule=None,
            target=None,
            source="gcg",
            meta=meta,
            events=events,
        )
        return game_out(self.read(id_), token=token)

    def _ruleset_for(self, lexicon: str | None) -> str:
        """NWL* means NASPA rules, CSW* WESPA rules, else scrabble-en."""
        lex = (lexicon or "").upper()
        known = self.registry.rulesets
        if lex.startswith(("NWL", "TWL", "NSW")) and "scrabble-en-naspa" in known:
            return "scrabble-en-naspa"
        if lex.startswith(("CSW", "SOWPODS", "COLLINS")) and "scrabble-en-wespa" in known:
            return "scrabble-en-wespa"
        return "scrabble-en"

    def export_gcg(self, id_: str) -> str:
        game = self.read(id_)
        return write_gcg(export_record(game.row["players"], game.events, game.state))

    def board_svg(self, id_: str) -> str:
        return board_svg(self.read(id_).state)

    def spectator_view(self, id_: str) -> SpectatorView:
        """What the read-only page shows: players, scores, whose turn, the move list."""
        game = self.read(id_)
        title = (game.row.get("meta") or {}).get("title") or game.state.rules.title
        return SpectatorView(**describe(game), title=title)

    def delete(self, id_: str) -> None:
        """Remove a game and its events (an admin action).

        :raises GameNotFoundError: no such game.
        """
        self.store.delete(id_)
