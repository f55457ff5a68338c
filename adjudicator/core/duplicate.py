"""Duplicate Scrabble: a slip's ruling, the round's top, and the standings.

Every player plays the same draw on the same board; after each round the
board takes the *top*, the highest-scoring play, whatever the players found
(FISF, Règlement du Scrabble Duplicate, introduction and art. 2.6,
https://scrabbleson.net/02_03/scrabble/regle.htm).  A slip (the word, its
reference, the score its player announces) is ruled at once: null, or valid
at its real score, with the warnings and penalties of the FISF's abridged
rules (https://fr.scribd.com/document/682682624, "Avertissement et pénalité").
The numbers (penalties, how many warnings are free, the solo bonus) are the
ruleset's ``duplicate`` mapping.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field, replace
from enum import StrEnum

from adjudicator.core.board import Board
from adjudicator.core.coords import ACROSS, DOWN, Coord
from adjudicator.core.duplicate_rules import DuplicateRules, TopTieBreak
from adjudicator.core.placement import PlacedTile, Placement
from adjudicator.core.scoring import ScoreBreakdown, score_placement
from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY, Tile, count_tiles
from adjudicator.errors import PlacementError, UnknownTileError

if t.TYPE_CHECKING:
    from adjudicator.core.movegen import Found
    from adjudicator.core.ruleset import Ruleset


class Nullity(StrEnum):
    """Why a slip scores nothing."""

    BLANK_SLIP = "blank-slip"  # nothing written
    LATE = "late-slip"  # written after time
    SEVERAL_SLIPS = "several-slips"  # a second slip for the same move
    NOT_FROM_DRAW = "not-from-draw"  # a letter the draw does not hold
    ILLEGAL_PLACEMENT = "illegal-placement"  # off the board, not connected, over other tiles
    INVALID_WORD = "invalid-word"  # a word formed that the lexicon does not hold


class SlipWarning(StrEnum):
    SCORE_MISSING = "score-missing"
    WRONG_SCORE = "wrong-score"
    UNMARKED_BLANK = "unmarked-blank"  # the blank's letter not circled
    WRONG_LETTER_MARKED = "wrong-letter-marked"  # a letter other than the blank circled
    ILLEGIBLE = "illegible"  # the arbiter's call


class Penalty(StrEnum):
    REFERENCE_OFF = "reference-off"  # the reference a square off the word
    WARNINGS = "warnings"  # a warning past the free ones


@dataclass(frozen=True, slots=True)
class SlipIn:
    """A slip as handed in: the word as written (lower case: the blank's
    letter circled), the reference, the announced score (None: not written)."""

    player: int
    word: str
    coord: Coord | None
    announced: int | None = None
    late: bool = False
    illegible: bool = False


@dataclass(frozen=True, slots=True)
class SlipRuling:
    player: int
    null: Nullity | None
    score: int  # the play's real score (0 when null)
    warnings: tuple[SlipWarning, ...] = ()
    penalties: tuple[tuple[Penalty, int], ...] = ()
    placement: Placement | None = None
    coord: Coord | None = None  # where it was ruled (the written one, or the square beside it)
    invalid_words: tuple[tuple[Tile, ...], ...] = ()

    @property
    def points(self) -> int:
        """What the slip earns: its score less its penalties."""
        return self.score - sum(p for _, p in self.penalties)


@dataclass(frozen=True, slots=True)
class Top:
    coord: Coord
    tiles: tuple[Tile, ...]  # the whole word, board tiles included
    placement: Placement
    score: int


def rule_slip(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    slip: SlipIn,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
    *,
    earlier_warnings: int = 0,
    second: bool = False,
) -> SlipRuling:
    """Rule one slip on the round's ``board`` and ``draw`` (undesignated tiles).

    ``earlier_warnings`` counts the player's warnings so far in the game (past
    ``warnings_free`` each costs ``warning_penalty``); ``second``: the player
    has handed in a slip for this move already.
    """
    ruling = _rule(rules, board, draw, slip, is_word, earlier_warnings, second)
    # A null slip is shown where it was written.
    return ruling if ruling.coord is not None else replace(ruling, coord=slip.coord)


def _rule(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    slip: SlipIn,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
    earlier_warnings: int,
    second: bool,
) -> SlipRuling:
    dup = _dup(rules)
    player = slip.player
    if not slip.word.strip():
        return SlipRuling(player, Nullity.BLANK_SLIP, 0)
    if second:
        return SlipRuling(player, Nullity.SEVERAL_SLIPS, 0)
    if slip.late:
        return SlipRuling(player, Nullity.LATE, 0)
    if slip.coord is None:
        return SlipRuling(player, Nullity.ILLEGAL_PLACEMENT, 0)
    try:
        written = rules.reader.tiles(slip.word)
    except UnknownTileError:
        return SlipRuling(player, Nullity.NOT_FROM_DRAW, 0)
    ruled = _at(rules, board, draw, written, slip.coord, is_word)
    penalties: list[tuple[Penalty, int]] = []
    if ruled.null in (Nullity.ILLEGAL_PLACEMENT, Nullity.INVALID_WORD):
        # A reference a square off: the word where it fits beside it, at a penalty.
        for beside in _beside(slip.coord):
            moved = _at(rules, board, draw, written, beside, is_word)
            if moved.null is None:
                ruled = moved
                penalties.append((Penalty.REFERENCE_OFF, dup.reference_off_penalty))
                break
    if ruled.null is not None:
        return SlipRuling(player, ruled.null, 0, invalid_words=ruled.invalid_words)
    warnings = list(ruled.warnings)
    if slip.announced is None:
        warnings.append(SlipWarning.SCORE_MISSING)
    elif slip.announced != ruled.score:
        warnings.append(SlipWarning.WRONG_SCORE)
    if slip.illegible:
        warnings.append(SlipWarning.ILLEGIBLE)
    for k in range(len(warnings)):
        if earlier_warnings + k + 1 > dup.warnings_free:
            penalties.append((Penalty.WARNINGS, dup.warning_penalty))
    return SlipRuling(
        player,
        None,
        ruled.score,
        tuple(warnings),
        tuple(penalties),
        ruled.placement,
        ruled.coord,
    )


def _at(
    rules: Ruleset,
    board: Board,
    draw: t.Sequence[Tile],
    written: t.Sequence[Tile],
    coord: Coord,
    is_word: t.Callable[[t.Sequence[Tile]], bool],
) -> SlipRuling:
    """The slip's word ruled at ``coord``: its new tiles taken from the draw."""
    dr, dc = coord.step
    new: list[tuple[int, int, Tile]] = []
    for i, tile in enumerate(written):
        row, col = coord.row + dr * i, coord.col + dc * i
        if not rules.layout.on_board(row, col):
            return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
        here = board.get(row, col)
        if here != EMPTY:
            if (here & ~BLANK_BIT) != (tile & ~BLANK_BIT):
                return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
            continue
        new.append((row, col, tile))
    tiles, warnings = _from_draw(draw, new)
    if tiles is None:
        return SlipRuling(0, Nullity.NOT_FROM_DRAW, 0)
    placement = Placement(tuple(PlacedTile(r, c, tile) for r, c, tile in tiles))
    try:
        breakdown = score_placement(board, placement, rules)
    except PlacementError:
        return SlipRuling(0, Nullity.ILLEGAL_PLACEMENT, 0)
    bad = tuple(w.tiles for w in breakdown.words if not is_word([x & ~BLANK_BIT for x in w.tiles]))
    if bad:
        return SlipRuling(0, Nullity.INVALID_WORD, 0, invalid_words=bad)
    return SlipRuling(0, None, breakdown.score, tuple(warnings), (), placement, coord)


def _from_draw(
    draw: t.Sequence[Tile], new: t.Sequence[tuple[int, int, Tile]]
) -> tuple[list[tuple[int, int, Tile]] | None, list[SlipWarning]]:
    """The new tiles as the draw can give them: a circled letter is the blank
    while there is one; an uncircled letter the draw lacks is the blank, with a
    warning; a circled letter with no blank left is the letter, with a warning."""
    have = count_tiles(draw)
    out: list[tuple[int, int, Tile]] = []
    warnings: list[SlipWarning] = []
    for row, col, tile in new:
        letter = tile & ~BLANK_BIT
        if tile & BLANK_BIT and have.get(BLANK, 0):
            have[BLANK] -= 1
            out.append((row, col, tile))
        elif have.get(letter, 0):
            have[letter] -= 1
            out.append((row, col, letter))
            if tile & BLANK_BIT:
                warnings.append(SlipWarning.WRONG_LETTER_MARKED)
        elif have.get(BLANK, 0):
            have[BLANK] -= 1
            out.append((row, col, letter | BLANK_BIT))
            warnings.append(SlipWarning.UNMARKED_BLANK)
        else:
            return None, []
    return out, sorted(set(warnings), key=list(SlipWarning).index)


def _beside(coord: Coord) -> list[Coord]:
    """The references a square off: along the word first, then across it."""
    r, c, d = coord.row, coord.col, coord.direction
    along = [(0, -1), (0, 1)] if d == ACROSS else [(-1, 0), (1, 0)]
    across = [(-1, 0), (1, 0)] if d == ACROSS else [(0, -1), (0, 1)]
    return [Coord(r + dr, c + dc, d) for dr, dc in along + across if r + dr >= 0 and c + dc >= 0]


def choose_top(rules: Ruleset, board: Board, found: t.Sequence[Found]) -> Top | None:
    """The round's top among every legal play: the highest score, equal scores
    decided by the ruleset's ``top_tie_break``; None when nothing can be played."""
    if not found:
        return None
    order = _dup(rules).top_tie_break

    def key(play: Found) -> tuple[int, ...]:
        out = [-play.score]
        for rule in order:
            if rule == TopTieBreak.FEWEST_BLANKS:
                out.append(
                    sum(1 for k, x in enumerate(play.tiles) if play.new >> k & 1 and x & BLANK_BIT)
                )
            elif rule == TopTieBreak.REFERENCE:
                out += [play.row, play.col, 0 if play.across else 1]
        return (*out, *play.tiles)

    best = min(found, key=key)
    coord = Coord(best.row, best.col, ACROSS if best.across else DOWN)
    dr, dc = coord.step
    placed = tuple(
        PlacedTile(best.row + dr * k, best.col + dc * k, tile)
        for k, tile in enumerate(best.tiles)
        if best.new >> k & 1
    )
    return Top(coord, best.tiles, Placement(placed), best.score)


def place(rules: Ruleset, board: Board, placement: Placement) -> ScoreBreakdown:
    """The top's breakdown: its words and the board after it."""
    return score_placement(board, placement, rules)


def left_on_rack(draw: t.Sequence[Tile], placement: Placement) -> list[Tile]:
    """The draw's tiles the top did not use (blanks undesignated)."""
    have = list(draw)
    for p in placement.tiles:
        have.remove(BLANK if p.tile & BLANK_BIT else p.tile)
    return sorted(have)


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    total: int
    negatif: int  # points behind the tops' total
    percent: float  # of the tops' total
    solos: int = 0
    rounds: tuple[int, ...] = field(default=())


def standings(
    rules: Ruleset,
    players: int,
    tops: t.Sequence[int],
    slips: t.Sequence[t.Sequence[SlipRuling]],
) -> list[Standing]:
    """Each player's total over the closed rounds (``tops[i]`` the top of round
    ``i``, ``slips[i]`` its slips): a round scores its player's one slip's
    points (nothing for no slip or for several), plus the solo bonus to a
    player alone on the top, where the rules give one; best total first."""
    dup = _dup(rules)
    per = [[0] * len(tops) for _ in range(players)]
    solos = [0] * players
    for i, (top, round_slips) in enumerate(zip(tops, slips, strict=True)):
        by_player: dict[int, list[SlipRuling]] = {}
        for s in round_slips:
            by_player.setdefault(s.player, []).append(s)
        for player, handed in by_player.items():
            one = handed[0]
            per[player][i] = one.points if len(handed) == 1 and one.null is None else 0
        on_top = [
            p
            for p, h in by_player.items()
            if len(h) == 1 and h[0].null is None and h[0].score == top
        ]
        if dup.solo_bonus and len(on_top) == 1 and players >= dup.solo_min_players:
            per[on_top[0]][i] += dup.solo_bonus
            solos[on_top[0]] += 1
    top_total = sum(tops)
    out = [
        Standing(
            p,
            sum(per[p]),
            top_total - sum(per[p]),
            round(100 * sum(per[p]) / top_total, 2) if top_total else 0.0,
            solos[p],
            tuple(per[p]),
        )
        for p in range(players)
    ]
    return sorted(out, key=lambda s: (-s.total, s.player))


def _dup(rules: Ruleset) -> DuplicateRules:
    if rules.duplicate is None:
        raise ValueError(f"ruleset {rules.name!r} has no duplicate rules")
    return rules.duplicate
