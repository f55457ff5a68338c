"""Describe the rulesets in force."""

from __future__ import annotations

import typing as t
from fnmatch import fnmatchcase

from pydantic import Field

from adjudicator.core.challenge import BonusPer, ChallengeRule
from adjudicator.core.duplicate_rules import (
    CountsAs,
    DuplicateRules,
    FinalLetter,
    ReferenceOff,
    TopTieBreak,
    WhenShort,
)
from adjudicator.core.gcg import GcgRecord, Play
from adjudicator.core.gcg.extensions import Header
from adjudicator.core.ruleset import BlankScoring, Ruleset
from adjudicator.core.wordfilter import tag_names
from adjudicator.errors import UnknownTileError
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


class RulesetSummary(Answer):
    name: str
    title: str
    language: str
    lexicon: str | None
    stand_in: str | None = Field(
        description="The lexicon answering in place of `lexicon`, which is not loaded "
        "(a tournament list the service cannot ship); null when `lexicon` serves"
    )
    lexicons: list[str] = Field(
        description="Loaded lexicons that can serve it, the one serving it first"
    )
    house_list: str | None = Field(
        default=None,
        description="The club's house list on `lexicon`: it serves once made (its first entry "
        "makes it)",
    )
    description: str


class RulesetsResponse(Answer):
    rulesets: list[RulesetSummary]


class WordFilterOut(Answer):
    accept: list[list[str]]
    reject: list[str]


class BlankOut(Answer):
    label: str
    count: int


class LetterOut(Answer):
    label: str
    blank_label: str
    count: int
    score: int


class TilesOut(Answer):
    alphabet: str
    total: int
    blank: BlankOut
    letters: list[LetterOut]


class Square(Answer):
    row: int
    col: int


class PremiumOut(Answer):
    symbol: str
    letter_multiplier: int
    word_multiplier: int
    name: str
    colour: str


class LayoutOut(Answer):
    name: str
    rows: int
    cols: int
    start: Square
    legend: list[PremiumOut]
    grid: list[str]


class DrawMinimumOut(Answer):
    until: int = Field(description="Up to this round (0: every round after the others)")
    vowels: int
    consonants: int


class DuplicateRulesOut(Answer):
    """A ruleset's Duplicate rules (docs/duplicate.md)."""

    vowels: list[str]
    either: list[str] = Field(description="Tiles that count as a vowel or a consonant")
    blank_counts_as: CountsAs
    draw_minimums: list[DrawMinimumOut]
    when_short: WhenShort
    round_seconds: int
    top_tie_break: list[TopTieBreak]
    solo_bonus: int
    solo_min_players: int
    warnings_free: int
    warning_penalty: int
    reference_off: ReferenceOff
    reference_off_penalty: int
    reference_off_from_round: int
    final_letter: FinalLetter
    final_letter_penalty: int
    max_rounds: int


def duplicate_rules_out(d: DuplicateRules) -> DuplicateRulesOut:
    return DuplicateRulesOut(
        vowels=list(d.vowels),
        either=list(d.either),
        blank_counts_as=d.blank_counts_as,
        draw_minimums=[
            DrawMinimumOut(until=m.until, vowels=m.vowels, consonants=m.consonants)
            for m in d.draw_minimums
        ],
        when_short=d.when_short,
        round_seconds=d.round_seconds,
        top_tie_break=list(d.top_tie_break),
        solo_bonus=d.solo_bonus,
        solo_min_players=d.solo_min_players,
        warnings_free=d.warnings_free,
        warning_penalty=d.warning_penalty,
        reference_off=d.reference_off,
        reference_off_penalty=d.reference_off_penalty,
        reference_off_from_round=d.reference_off_from_round,
        final_letter=d.final_letter,
        final_letter_penalty=d.final_letter_penalty,
        max_rounds=d.max_rounds,
    )


class RulesetDetail(RulesetSummary):
    rack_size: int
    bingo_bonus: int
    bingo_min_tiles: int
    blank_scores: BlankScoring
    multi_line_moves: bool
    star_swap: bool
    first_play_min_tiles: int
    fold: dict[str, str]
    challenge_rule: ChallengeRule
    challenge_bonus_per: BonusPer
    finish_line_targets: dict[str, dict[str, int]] = Field(
        description="Players -> level -> target points (the finish-line variant)"
    )
    overtime_penalty: int = Field(description="Points per minute (or part of one) over time")
    word_filter: WordFilterOut
    tiles: TilesOut
    layout: LayoutOut
    sources: list[str]
    notes: list[str]
    duplicate: DuplicateRulesOut | None = Field(
        default=None, description="Duplicate Scrabble's rules; none: no Duplicate games"
    )


def _summary(registry: Registry, r: Ruleset) -> dict[str, t.Any]:
    """What a ruleset's summary and its full description both say first."""
    return {
        "name": r.name,
        "title": r.title,
        "description": r.description,
        "language": r.language,
        "lexicon": r.lexicon,
        "stand_in": standing_in(registry, r),
        "lexicons": registry.fitting.get(r.name, []),
        "house_list": r.house_list,
    }


def standing_in(registry: Registry, r: Ruleset) -> str | None:
    """The lexicon standing in for the ruleset's own, if one does."""
    serving = registry.serving(r.name)
    return serving if serving is not None and r.stands_in(serving) else None


def stand_in_warnings(registry: Registry) -> list[str]:
    """One line per ruleset served by a stand-in, saying how to load its own list."""
    return [
        f"ruleset {r.name}: lexicon {r.lexicon} is not loaded; {stand_in} stands in for "
        f"it. Load the list with: adjudicator lexicon build --wordlist FILE "
        f"--name {r.lexicon} --ruleset {r.name}"
        for r in sorted(registry.rulesets.values(), key=lambda r: r.name)
        if (stand_in := standing_in(registry, r))
    ]


def list_rulesets(registry: Registry) -> RulesetsResponse:
    ordered = sorted(registry.rulesets.values(), key=lambda r: r.name)
    return RulesetsResponse(rulesets=[RulesetSummary(**_summary(registry, r)) for r in ordered])


def describe_ruleset(registry: Registry, name: str) -> RulesetDetail:
    """The rules in force: tiles, layout, rack, bonuses and flags.

    :raises UnknownRulesetError: no such ruleset.
    """
    r: Ruleset = registry.ruleset(name)
    alpha, layout = r.alphabet, r.layout
    return RulesetDetail(
        **_summary(registry, r),
        rack_size=r.rack_size,
        bingo_bonus=r.bingo_bonus,
        bingo_min_tiles=r.bingo_min_tiles,
        blank_scores=r.blank_scores,
        multi_line_moves=r.multi_line_moves,
        star_swap=r.star_swap,
        first_play_min_tiles=r.first_play_min_tiles,
        fold=dict(r.fold),
        challenge_rule=r.challenge_rule,
        challenge_bonus_per=r.challenge_bonus_per,
        finish_line_targets={str(n): dict(t) for n, t in r.finish_line_targets.items()},
        overtime_penalty=r.overtime_penalty,
        duplicate=None if r.duplicate is None else duplicate_rules_out(r.duplicate),
        word_filter=WordFilterOut(
            accept=[tag_names(bits) for bits in r.word_filter.accept],
            reject=tag_names(r.word_filter.reject),
        ),
        tiles=TilesOut(
            alphabet=alpha.name,
            total=alpha.total_tiles,
            blank=BlankOut(label=alpha.blank_label, count=alpha.blank_count),
            letters=[
                LetterOut(label=s.label, blank_label=s.blank_label, count=s.count, score=s.score)
                for s in alpha.letters
            ],
        ),
        layout=LayoutOut(
            name=layout.name,
            rows=layout.rows,
            cols=layout.cols,
            start=Square(row=layout.start[0], col=layout.start[1]),
            legend=[
                PremiumOut(
                    symbol=p.symbol,
                    letter_multiplier=p.letter,
                    word_multiplier=p.word,
                    name=p.name,
                    colour=p.colour,
                )
                for p in layout.legend
            ],
            grid=layout.grid(),
        ),
        sources=list(r.sources),
        notes=list(r.notes),
    )


# The rules of a record that names neither its ruleset nor a lexicon we know,
# when its plays are in English letters.
DEFAULT_RULESET = "scrabble-en"


def ruleset_of_record(registry: Registry, header: Header, record: GcgRecord) -> str:
    """The record's own ruleset when we have it; else the one whose
    ``gcg_lexicons`` match its ``#lexicon`` (NWL* is NASPA, FILE* Spanish);
    else ``scrabble-en`` if its alphabet spells every play, or else the first
    ruleset by name whose alphabet does (a Polish record with no ``#lexicon``)."""
    known = registry.rulesets
    if header.ruleset in known:
        return header.ruleset
    lexicon = (header.lexicon or "").upper()
    for name, rules in sorted(known.items()):
        if lexicon and any(fnmatchcase(lexicon, p.upper()) for p in rules.gcg_lexicons):
            return name
    words = "".join(e.word.replace(".", "") for e in record.events if isinstance(e, Play))
    spelling = [name for name, rules in sorted(known.items()) if _spells(rules, words)]
    return DEFAULT_RULESET if DEFAULT_RULESET in spelling or not spelling else spelling[0]


def _spells(rules: Ruleset, text: str) -> bool:
    """Every character of ``text`` reads as a tile of the ruleset's alphabet."""
    try:
        rules.reader.tiles(text)
    except UnknownTileError:
        return False
    return True
