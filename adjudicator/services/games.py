"""Club games: create, add events (through the referee), read, GCG in and out."""

from __future__ import annotations

import typing as t
from collections import OrderedDict
from dataclasses import dataclass

from adjudicator.core.game import PLAYING, Event, GameState, replay
from adjudicator.core.game_gcg import export_record, gcg_move, import_record
from adjudicator.core.gcg import decode_gcg, parse_gcg, write_gcg
from adjudicator.core.referee import WrongPhaseError, apply, end_adjustments, lost_turns
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.errors import MalformedRequestError, PermissionDeniedError
from adjudicator.services.board_svg import board_svg
from adjudicator.services.challenges import rule_on_challenge
from adjudicator.services.plays import PlacedIn, SwapIn, read_placement
from adjudicator.store.games import StaleVersionError

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.store.audit import AuditTrail
    from adjudicator.store.games import GameStore


@dataclass
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


@dataclass
class Game:
    row: dict[str, t.Any]
    events: list[Event]
    state: GameState


def _target(
    registry: Registry, ruleset: str, players: int, target: int | None, level: str | None
) -> int | None:
    if level is None:
        return target
    table = registry.ruleset(ruleset).finish_line_targets.get(players, {})
    if level not in table:
        raise MalformedRequestError(
            f"ruleset {ruleset} has no finish-line target {level!r} for {players} players",
            field="target_level",
        )
    return table[level]


def create_game(
    registry: Registry,
    store: GameStore,
    ruleset: str,
    players: list[str],
    *,
    challenge_rule: str | None = None,
    target: int | None = None,
    target_level: str | None = None,
) -> dict[str, t.Any]:
    rules = registry.ruleset(ruleset)
    if not 2 <= len(players) <= 4:
        raise MalformedRequestError("a game has 2 to 4 players", field="players")
    goal = _target(registry, rules.name, len(players), target, target_level)
    id_, token = store.create(rules.name, players, challenge_rule=challenge_rule, target=goal)
    return {"id": id_, "token": token, **get_game(registry, store, id_)}


def load_game(registry: Registry, store: GameStore, id_: str) -> Game:
    """The game's row and events, and the state replayed from them."""
    row, events = store.load(id_)
    rules = registry.ruleset(row["ruleset"])
    state = replay(rules, row["players"], events, row["target"], strict=row["source"] == "api")
    return Game(row, events, state)


# Replayed states, per worker, for reads only.  A cached state is used only
# while the events table still holds exactly the events it was built from.
_CACHE: OrderedDict[tuple[int, str], Game] = OrderedDict()
_CACHE_SIZE = 256


def _remember(store: GameStore, game: Game) -> None:
    key = (id(store), game.row["id"])
    _CACHE[key] = game
    _CACHE.move_to_end(key)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


def read_game(registry: Registry, store: GameStore, id_: str) -> Game:
    """:func:`load_game` for reads, from the cache when the version still matches."""
    cached = _CACHE.get((id(store), id_))
    if cached is not None and store.version(id_) == len(cached.events):
        return cached
    game = load_game(registry, store, id_)
    _remember(store, game)
    return game


def get_game(
    registry: Registry, store: GameStore, id_: str, rack: str | None = None
) -> dict[str, t.Any]:
    return describe(read_game(registry, store, id_), rack)


def add_event(
    registry: Registry,
    store: GameStore,
    trail: AuditTrail,
    id_: str,
    token: str | None,
    version: int,
    spec: EventIn,
) -> dict[str, t.Any]:
    """Validate one event with the referee and append what it records.

    :raises PermissionDeniedError: no or wrong write token.
    :raises StaleVersionError: ``version`` is not the game's current version.
    """
    game = load_game(registry, store, id_)
    if not store.token_ok(game.row, token):
        raise PermissionDeniedError("writing to this game needs its write token", game=id_)
    if version != len(game.events):
        raise StaleVersionError(version, len(game.events))
    new = _events_for(registry, trail, game, spec)
    for event in new:
        apply(game.state, event, strict=True)
    new += lost_turns(game.state)  # a failed challenger's turn, when it comes round
    store.append(id_, version, new)
    game.events.extend(new)
    _remember(store, game)
    return describe(game)


def _events_for(registry: Registry, trail: AuditTrail, game: Game, spec: EventIn) -> list[Event]:
    state = game.state
    rules = state.rules
    alpha = rules.alphabet
    base: dict[str, t.Any] = {"rack": spec.rack} if spec.rack else {}
    if not 0 <= spec.player < state.players:
        raise MalformedRequestError(f"no player {spec.player}", field="player")
    if spec.type == "play":
        placement = read_placement(rules, state.board, spec.placement, spec.move, spec.swaps)
        data = {**base, "placement": [[p.row, p.col, alpha.label(p.tile)] for p in placement.tiles]}
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
        if tiles:
            alpha.rack(tiles)  # raises UnknownTileError for a bad letter
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
        racks = {int(k): v for k, v in (spec.racks or {}).items()}
        for p, r in racks.items():
            if not 0 <= p < state.players:
                raise MalformedRequestError(f"no player {p}", field="racks")
            alpha.rack(r)
        return end_adjustments(state, racks)
    if spec.type == "challenge":
        return _challenge(registry, trail, game, spec.player)
    raise MalformedRequestError(f"unknown event type {spec.type!r}", field="type")


def _challenge(registry: Registry, trail: AuditTrail, game: Game, challenger: int) -> list[Event]:
    state = game.state
    last = state.last_play
    if not state.history or state.history[-1].kind != "play" or last is None or last.challenged:
        raise WrongPhaseError("only the last play can be challenged, once, before the next turn")
    if challenger == last.player:
        raise WrongPhaseError("a player cannot challenge their own play")
    names = game.row["players"]
    ruling = rule_on_challenge(
        registry,
        trail,
        state.rules.name,
        words=state.history[-1].words,
        rule=game.row["challenge_rule"],
        players={"challenger": names[challenger], "challenged": names[last.player]},
        asked_by=f"game:{game.row['id']}",
    )
    c = ruling["consequence"]
    tag = {"adjudication_id": ruling["id"], "verdict": ruling["verdict"], "rule": ruling["rule"]}
    if c["play"] == "withdrawn" and c["loses_game"] is None:
        return [Event("withdrawal", last.player, tag)]
    if c["loses_game"] is not None:
        loser = challenger if c["loses_game"] == "challenger" else last.player
        return [Event("challenge", challenger, {**tag, "loses_game": loser})]
    if c["points_to_challenged"]:
        return [Event("challenge_bonus", last.player, {**tag, "points": c["points_to_challenged"]})]
    if c["challenger_loses_turn"] and state.status == PLAYING:
        if state.turn == challenger:
            return [Event("pass", challenger, {**tag, "lost_turn": True})]
        # Another player moves first: the challenger's turn is skipped when it comes.
        return [Event("challenge", challenger, {**tag, "loses_next_turn": True})]
    return [Event("challenge", challenger, tag)]


def import_gcg(
    registry: Registry, store: GameStore, data: bytes | str, ruleset: str | None = None
) -> dict[str, t.Any]:
    text = decode_gcg(data) if isinstance(data, bytes) else data
    record = parse_gcg(text)
    name = ruleset or _ruleset_for(registry, record.lexicon)
    rules = registry.ruleset(name)
    names, events, state = import_record(record, rules)
    if not 2 <= len(names) <= 4:
        raise MalformedRequestError(
            f"the record names {len(names)} players; a game has 2 to 4", field="gcg"
        )
    meta = {"lexicon": record.lexicon, "title": record.title, "flags": state.flags}
    id_, token = store.create(
        rules.name, names, challenge_rule=None, target=None, source="gcg", meta=meta, events=events
    )
    return {"id": id_, "token": token, **get_game(registry, store, id_)}


def _ruleset_for(registry: Registry, lexicon: str | None) -> str:
    """NWL* means NASPA rules, CSW* WESPA rules, else scrabble-en."""
    lex = (lexicon or "").upper()
    if lex.startswith(("NWL", "TWL", "NSW")) and "scrabble-en-naspa" in registry.rulesets:
        return "scrabble-en-naspa"
    if lex.startswith(("CSW", "SOWPODS", "COLLINS")) and "scrabble-en-wespa" in registry.rulesets:
        return "scrabble-en-wespa"
    return "scrabble-en"


def export_gcg(registry: Registry, store: GameStore, id_: str) -> str:
    game = read_game(registry, store, id_)
    record = export_record(game.row["players"], game.events, game.state)
    return write_gcg(record)


def describe(game: Game, rack: str | None = None) -> dict[str, t.Any]:
    s = game.state
    alpha = s.rules.alphabet
    unseen = {alpha.label(i): alpha.count(i) for i in range(1, alpha.size + 1)}
    unseen[alpha.blank_label] = alpha.blank_count
    seen = list(s.board.tiles()) + (alpha.rack(rack) if rack else [])
    for tile in seen:
        key = alpha.blank_label if tile == BLANK or tile & BLANK_BIT else alpha.label(tile)
        unseen[key] -= 1
    return {
        "id": game.row["id"],
        "ruleset": s.rules.name,
        "version": len(game.events),
        "status": s.status,
        "end_reason": s.end_reason,
        "turn": s.turn,
        "players": [
            {"name": n, "score": sc, "tiles_on_rack": r}
            for n, sc, r in zip(s.names, s.scores, s.racks, strict=True)
        ],
        "scores": list(s.scores),
        "winners": s.winners(),
        "bag": s.bag,
        "board": s.board.to_strings(alpha),
        "unseen": {k: v for k, v in unseen.items() if v},
        "unseen_count": sum(v for v in unseen.values() if v > 0),
        "target": s.target,
        "challenge_rule": game.row["challenge_rule"] or s.rules.challenge_rule,
        "history": [
            {
                "index": h.index,
                "type": h.kind,
                "player": h.player,
                "points": h.points,
                "totals": h.totals,
                "words": h.words,
                "note": h.note,
                **{
                    k: h.data[k]
                    for k in ("move", "rack", "tiles", "adjudication_id", "verdict")
                    if k in h.data
                },
            }
            for h in s.history
        ],
        "flags": list(s.flags),
    }


def game_board_svg(registry: Registry, store: GameStore, id_: str) -> str:
    return board_svg(read_game(registry, store, id_).state)


def spectator_view(registry: Registry, store: GameStore, id_: str) -> dict[str, t.Any]:
    """What the read-only page shows: players, scores, whose turn, the move list."""
    game = read_game(registry, store, id_)
    view = describe(game)
    view["title"] = (game.row.get("meta") or {}).get("title") or game.state.rules.title
    return view


def delete_game(store: GameStore, id_: str) -> None:
    """Remove a game and its events (an admin action).

    :raises GameNotFoundError: no such game.
    """
    store.delete(id_)
