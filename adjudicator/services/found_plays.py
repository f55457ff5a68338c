"""A play the generator found, as the answers give it: its move in GCG notation,
its words scored by the scorer itself, and for a move in several lines (Erudite)
its tiles as ``POST /score`` takes them and its parts."""

from __future__ import annotations

import typing as t
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.movegen import Found
from adjudicator.core.multiline import Group, Move
from adjudicator.core.placement import PlacedTile, Placement, Swap
from adjudicator.core.scoring import WordScore, score_placement
from adjudicator.core.tiles import BLANK_BIT, Tile
from adjudicator.services.plays import ScoredWord, scored_word

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.board import Board
    from adjudicator.core.ruleset import Ruleset

_EXACT = ConfigDict(extra="forbid")
_GCG = "GCG notation, through-tiles as letters: 8D WINDY"


@with_config(_EXACT)
class SwapOut(TypedDict):
    row: int
    col: int
    letter: str


@with_config(_EXACT)
class PlacedOut(TypedDict):
    row: int
    col: int
    letter: str
    blank: bool


@with_config(_EXACT)
class PlayPart(TypedDict):
    move: t.Annotated[str, Field(description=f"Its main word in {_GCG}")]
    score: t.Annotated[int, Field(description="Its words' points (a bingo bonus is the move's)")]
    tiles_placed: int


@with_config(_EXACT)
class FoundPlay(TypedDict):
    move: t.Annotated[str, Field(description=f"{_GCG} (several lines: the main word)")]
    score: int
    bingo: bool
    tiles_placed: int
    words: t.Annotated[list[ScoredWord], Field(description="As /score gives them, main first")]
    swaps: NotRequired[
        t.Annotated[list[SwapOut], Field(description="Stars taken back from the board")]
    ]
    placement: NotRequired[
        t.Annotated[
            list[PlacedOut],
            Field(description="A move in several lines: its tiles, as /score takes a placement"),
        ]
    ]
    parts: NotRequired[
        t.Annotated[
            list[PlayPart],
            Field(description="A move in several lines: each group of new tiles and its words"),
        ]
    ]


def move_text(rules: Ruleset, play: Found) -> str:
    """``8D WINDY``: the main word's first square and its tiles, blanks in their
    blank labels, digraph tiles in brackets."""
    coord = Coord(play.row, play.col, ACROSS if play.across else DOWN)
    return f"{coord.gcg()} {rules.alphabet.render(play.tiles)}"


def word_text(alphabet: Alphabet, word: WordScore) -> str:
    """A scored word in the same notation."""
    return f"{Coord(word.row, word.col, word.direction).gcg()} {alphabet.render(word.tiles)}"


def placement_of(play: Found | Move) -> Placement:
    """The tiles a found play puts down, and the stars it swaps back first."""
    if isinstance(play, Move):
        tiles = [PlacedTile(r, c, tile) for r, c, tile in play.tiles]
    else:
        tiles = []
        for k, tile in enumerate(play.tiles):
            if play.new >> k & 1:
                row, col = (play.row, play.col + k) if play.across else (play.row + k, play.col)
                tiles.append(PlacedTile(row, col, tile))
    return Placement(tuple(tiles), tuple(Swap(r, c, tile) for r, c, tile in play.swaps))


def in_several_lines(move: Move) -> bool:
    """Two groups or more, or one whose tiles are in two rows and two columns."""
    if len(move.groups) > 1:
        return True
    tiles = move.groups[0].tiles
    return len({r for r, _, _ in tiles}) > 1 and len({c for _, c, _ in tiles}) > 1


def placed_out(alphabet: Alphabet, tiles: t.Iterable[tuple[int, int, Tile]]) -> list[PlacedOut]:
    return [
        {
            "row": row,
            "col": col,
            "letter": alphabet.label(tile & ~BLANK_BIT),
            "blank": bool(tile & BLANK_BIT),
        }
        for row, col, tile in tiles
    ]


def swaps_out(alphabet: Alphabet, swaps: t.Iterable[tuple[int, int, Tile]]) -> list[SwapOut]:
    return [{"row": r, "col": c, "letter": alphabet.label(tile)} for r, c, tile in swaps]


def parts_of(rules: Ruleset, board: Board, move: Move) -> list[PlayPart]:
    """Each group of a move, as played alone on the board with the move's stars
    swapped back: its main word, its points and its tiles."""
    swapped = board.place([(r, c, tile & ~BLANK_BIT) for r, c, tile in move.swaps])
    out: list[PlayPart] = []
    for group in move.groups:
        alone = score_placement(swapped, _placement(group), rules)
        out.append(
            {
                "move": word_text(rules.alphabet, alone.words[0]),
                "score": group.score,
                "tiles_placed": len(group.tiles),
            }
        )
    return out


def _placement(group: Group) -> Placement:
    return Placement(tuple(PlacedTile(r, c, tile) for r, c, tile in group.tiles))


def describe(
    rules: Ruleset, board: Board, play: Found | Move, move: str | None = None
) -> FoundPlay:
    """A found play as the answer gives it, its words scored by the scorer itself.
    ``move``: a one-line play's notation, when the caller has it already."""
    alphabet = rules.alphabet
    breakdown = score_placement(board, placement_of(play), rules)
    out: dict[str, t.Any] = {
        "move": move or word_text(alphabet, breakdown.words[0]),
        "score": breakdown.score,
        "bingo": breakdown.bingo,
        "tiles_placed": breakdown.tiles_placed,
        "words": [scored_word(alphabet, w) for w in breakdown.words],
    }
    if play.swaps:
        out["swaps"] = swaps_out(alphabet, play.swaps)
    if isinstance(play, Move) and in_several_lines(play):
        out["placement"] = placed_out(alphabet, play.tiles)
        out["parts"] = parts_of(rules, board, play)
    # The keys are FoundPlay's; a word's "direction" is the core's str (see score_play).
    return t.cast(FoundPlay, out)


def order(play: FoundPlay) -> tuple[t.Any, ...]:
    """Best score first, then by move (then by parts and tiles, for moves in
    several lines that share a main word), so the order is stable."""
    parts = tuple(p["move"] for p in play.get("parts", ()))
    tiles = tuple((p["row"], p["col"], p["letter"], p["blank"]) for p in play.get("placement", ()))
    return (-play["score"], play["move"], parts, tiles)
