"""After the game: each turn's best plays and the points missed, worked out once
per game version and kept."""

from __future__ import annotations

import typing as t
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.analysis import TOP, Turn, TurnStatus, analyse
from adjudicator.core.game import OVER
from adjudicator.core.movegen import Found
from adjudicator.core.multiline import Move
from adjudicator.core.scoring import score_placement
from adjudicator.errors import GameInProgressError
from adjudicator.services.found_plays import (
    PlacedOut,
    PlayPart,
    SwapOut,
    in_several_lines,
    move_text,
    parts_of,
    placed_out,
    placement_of,
    swaps_out,
    word_text,
)
from adjudicator.services.moves import finder_words
from adjudicator.services.words import LexiconRef

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.services.game_view import Game
    from adjudicator.services.games import Games
    from adjudicator.store.analyses import AnalysisStore

_EXACT = ConfigDict(extra="forbid")


@with_config(_EXACT)
class BestPlay(TypedDict):
    move: t.Annotated[str, Field(description="GCG notation, through-tiles as letters")]
    score: int
    bingo: bool
    tiles: t.Annotated[list[PlacedOut], Field(description="The tiles it puts down")]
    swaps: NotRequired[
        t.Annotated[list[SwapOut], Field(description="Stars taken back from the board first")]
    ]
    parts: NotRequired[
        t.Annotated[
            list[PlayPart],
            Field(description="A move in several lines: each group of new tiles and its words"),
        ]
    ]


@with_config(_EXACT)
class TurnOut(TypedDict):
    index: t.Annotated[int, Field(description="The event's index in the game's history")]
    player: int
    kind: t.Literal["play", "pass", "exchange"]
    rack: t.Annotated[str | None, Field(description="As the record or the keeper gave it")]
    status: TurnStatus
    problem: NotRequired[t.Annotated[str, Field(description="Why the rack cannot be")]]
    move: NotRequired[str]
    score: t.Annotated[int, Field(description="What the turn scored (a withdrawn play: 0)")]
    withdrawn: bool
    count: t.Annotated[int, Field(description="Legal plays of the rack")]
    count_exact: t.Annotated[
        bool, Field(description="False when counting stopped at its budget: at least `count`")
    ]
    best: t.Annotated[list[BestPlay], Field(description=f"The best {TOP} by score")]
    best_exact: t.Annotated[
        bool, Field(description="False when the search stopped at its budget: the best found")
    ]
    missed: t.Annotated[int, Field(description="The best play's score less the turn's")]
    bingo_available: bool
    found: t.Annotated[bool, Field(description="The play made is among the plays found")]
    partial: t.Annotated[
        bool, Field(description="The rack has fewer tiles than the player held: some only")
    ]


@with_config(_EXACT)
class PlayerSummary(TypedDict):
    name: str
    analysed: int
    missed: int


@with_config(_EXACT)
class GameAnalysis(TypedDict):
    game: str
    ruleset: str
    lexicon: LexiconRef
    by: t.Annotated[
        t.Literal["score"],
        Field(description="Ranked by score: equity needs a leave table, which none ships"),
    ]
    version: t.Annotated[int, Field(description="The game's events analysed")]
    players: list[PlayerSummary]
    turns: list[TurnOut]


def game_analysis(games: Games, kept: AnalysisStore, id_: str) -> GameAnalysis:
    """The game's analysis: kept for its version, else worked out and kept.

    :raises GameNotFoundError: no such game.
    :raises GameInProgressError: a game of the API still being played.
    :raises NoWordGraphError: the ruleset's lexicon has no word graph.
    """
    game = games.read(id_)
    if game.state.status != OVER and game.record.source == "api":
        raise GameInProgressError()
    version = len(game.events)
    stored = kept.get(id_, version)
    if stored is not None:
        return t.cast(GameAnalysis, stored)
    answer = work_out(games, game)
    kept.keep(id_, version, answer)
    return answer


def work_out(games: Games, game: Game) -> GameAnalysis:
    """Analyse every turn of ``game`` with a known rack (no keeping)."""
    rules = game.state.rules
    words, lexicon = finder_words(games.registry, rules, None)
    record = game.record
    turns = analyse(
        rules,
        record.players,
        game.events,
        words,
        target=record.target,
        first_player=record.meta.first_player,
        strict=record.source == "api",
    )
    out = [_turn(rules, turn) for turn in turns]
    players: list[PlayerSummary] = [
        {
            "name": name,
            "analysed": sum(1 for x in out if x["player"] == i and x["status"] == "analysed"),
            "missed": sum(x["missed"] for x in out if x["player"] == i),
        }
        for i, name in enumerate(record.players)
    ]
    return {
        "game": record.id,
        "ruleset": rules.name,
        "lexicon": lexicon,
        "by": "score",
        "version": len(game.events),
        "players": players,
        "turns": out,
    }


def _turn(rules: Ruleset, turn: Turn) -> TurnOut:
    out: dict[str, t.Any] = {
        "index": turn.index,
        "player": turn.player,
        "kind": turn.kind,
        "rack": turn.rack,
        "status": turn.status,
        "score": turn.score,
        "withdrawn": turn.withdrawn,
        "count": turn.count,
        "count_exact": turn.count_exact,
        "best": [_best(rules, turn, f) for f in turn.best],
        "best_exact": turn.best_exact,
        "missed": turn.missed,
        "bingo_available": turn.bingo_available,
        "found": turn.found,
        "partial": turn.partial,
    }
    if turn.problem is not None:
        out["problem"] = turn.problem
    if turn.move:
        out["move"] = turn.move
    return t.cast(TurnOut, out)


def _best(rules: Ruleset, turn: Turn, found: Found | Move) -> BestPlay:
    alphabet = rules.alphabet
    placement = placement_of(found)
    tiles = [(p.row, p.col, p.tile) for p in placement.tiles]
    best: BestPlay = {
        "move": move_text(rules, found) if isinstance(found, Found) else _main(rules, turn, found),
        "score": found.score,
        "bingo": found.placed >= rules.bingo_min_tiles and rules.bingo_bonus > 0,
        "tiles": placed_out(alphabet, tiles),
    }
    if found.swaps:
        best["swaps"] = swaps_out(alphabet, found.swaps)
    if isinstance(found, Move) and in_several_lines(found):
        best["parts"] = parts_of(rules, turn.board, found)
    return best


def _main(rules: Ruleset, turn: Turn, move: Move) -> str:
    """A move's main word in GCG notation, as the scorer names it."""
    return word_text(
        rules.alphabet, score_placement(turn.board, placement_of(move), rules).words[0]
    )


def notes_of(analysis: GameAnalysis) -> dict[int, str]:
    """One ``#note`` per analysed turn, by event index, for an annotated GCG export."""
    notes = {}
    for turn in analysis["turns"]:
        if turn["status"] == "no-rack":
            continue
        if turn["status"] == "rack-contradicts":
            notes[turn["index"]] = f"not analysed: {turn.get('problem', '')}"
            continue
        best = turn["best"]
        if not best:
            notes[turn["index"]] = "no legal play"
            continue
        shown = " + ".join(p["move"] for p in best[0].get("parts", ())) or best[0]["move"]
        text = f"best {shown} {best[0]['score']}"
        text += f"; missed {turn['missed']}" if turn["missed"] else "; the best play"
        if turn["bingo_available"]:
            text += "; a bingo was available"
        if turn["partial"]:
            text += "; from the tiles the record gives, not the whole rack"
        count = f"{turn['count']}" if turn["count_exact"] else f"at least {turn['count']}"
        notes[turn["index"]] = text + f" ({count} plays)"
    return notes
