"""Response models: what the services return, described for the OpenAPI document.

They mirror the dicts built in ``adjudicator/services``; tests validate real
answers against them (and schemathesis does over HTTP), so a drift in either
place fails.  Unknown members are forbidden so that the contract stays exact.
"""

from __future__ import annotations

import typing as t

from pydantic import BaseModel, ConfigDict, Field

ChallengeRuleName = t.Literal["void", "single", "double", "five_point", "ten_point", "triple"]


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- problems -----------------------------------------------------------------


class FieldError(Out):
    field: str
    message: str
    type: str


class Problem(BaseModel):
    """RFC 9457 problem document; extension members depend on the ``code``."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(description="`ADJUDICATOR_PROBLEM_BASE_URI` + code, or about:blank")
    title: str
    status: int = Field(ge=400, le=599)
    detail: str
    instance: str = Field(description="The request path")
    code: str = Field(description="Stable kebab-case code, listed in docs/problems.md")
    request_id: str | None = Field(default=None, description="Also sent as X-Request-ID")
    field: str | None = Field(default=None, description="The first bad field")
    errors: list[FieldError] | None = None


# --- words --------------------------------------------------------------------


class Reason(Out):
    code: str
    detail: str


class LexiconRef(Out):
    name: str
    version: str
    checksum: str


class WordVerdict(Out):
    word: str = Field(description="Canonical spelling")
    valid: bool
    tiles: list[str] | None = Field(
        default=None, description="Tile labels; absent when the word has no tile spelling"
    )
    reason: Reason | None = Field(default=None, description="Why the word is not valid")


class WordResponse(WordVerdict):
    ruleset: str
    lexicon: LexiconRef


class CheckResponse(Out):
    ruleset: str
    lexicon: LexiconRef
    results: list[WordVerdict] = Field(description="In the order the words were sent")


class LexiconInfo(Out):
    name: str
    rulesets: list[str]
    manifest: dict[str, t.Any]


class LexiconsResponse(Out):
    lexicons: list[LexiconInfo]


# --- score --------------------------------------------------------------------


class ScoredLetter(Out):
    row: int
    col: int
    letter: str
    display: str = Field(description="Lower case for a blank")
    blank: bool
    value: int
    new: bool
    letter_multiplier: int
    word_multiplier: int


class ScoredWord(Out):
    word: str
    display: str
    tiles: list[str]
    score: int
    main: bool
    row: int
    col: int
    direction: t.Literal["across", "down"]
    word_multiplier: int
    letters: list[ScoredLetter]
    valid: bool | None = Field(default=None, description="With `validate`")
    reason: Reason | None = None


class ScoreResponse(Out):
    ruleset: str
    score: int
    bingo: bool
    bingo_bonus: int
    tiles_placed: int
    words: list[ScoredWord] = Field(description="Main word first")
    board: list[str] = Field(description="The board after the play")
    all_valid: bool | None = Field(default=None, description="With `validate`")
    lexicon: LexiconRef | None = Field(default=None, description="With `validate`")


# --- rulesets -----------------------------------------------------------------


class RulesetSummary(Out):
    name: str
    title: str
    language: str
    lexicon: str | None
    lexicons: list[str] = Field(description="Loaded lexicons that can serve it, its own first")
    description: str


class RulesetsResponse(Out):
    rulesets: list[RulesetSummary]


class WordFilterOut(Out):
    accept: list[list[str]]
    reject: list[str]


class BlankOut(Out):
    label: str
    count: int


class LetterOut(Out):
    label: str
    blank_label: str
    count: int
    score: int


class TilesOut(Out):
    alphabet: str
    total: int
    blank: BlankOut
    letters: list[LetterOut]


class Square(Out):
    row: int
    col: int


class PremiumOut(Out):
    symbol: str
    letter_multiplier: int
    word_multiplier: int
    name: str
    colour: str


class LayoutOut(Out):
    name: str
    rows: int
    cols: int
    start: Square
    legend: list[PremiumOut]
    grid: list[str]


class RulesetDetail(Out):
    name: str
    title: str
    description: str
    language: str
    lexicon: str | None
    lexicons: list[str] = Field(description="Loaded lexicons that can serve it, its own first")
    rack_size: int
    bingo_bonus: int
    bingo_min_tiles: int
    blank_scores: str
    multi_line_moves: bool
    star_swap: bool
    first_play_min_tiles: int
    fold: dict[str, str]
    challenge_rule: ChallengeRuleName
    challenge_bonus_per: str
    word_filter: WordFilterOut
    tiles: TilesOut
    layout: LayoutOut
    sources: list[str]
    notes: list[str]


# --- challenges -----------------------------------------------------------------


class AdjudicatedWord(Out):
    word: str
    valid: bool
    reason: Reason | None = None


class Consequence(Out):
    rule: ChallengeRuleName
    play: t.Literal["withdrawn", "stands"]
    score_removed: bool
    challenged_turn_over: bool
    challenger_loses_turn: bool
    points_to_challenged: int
    loses_game: t.Literal["challenger", "challenged"] | None
    summary: str


class Adjudication(Out):
    id: str
    created_at: str = Field(description="ISO 8601, UTC")
    ruleset: str
    verdict: t.Literal["acceptable", "unacceptable"]
    rule: ChallengeRuleName
    words_checked: int
    words: list[AdjudicatedWord] | list[str] = Field(
        description="Per-word results only with `reveal` (admin); otherwise the words"
    )
    lexicon: LexiconRef
    consequence: Consequence
    players: dict[str, str] | None
    asked_by: str = Field(description="`key:<name>` when client keys are in use, or the station")


class AdjudicationList(Out):
    adjudications: list[Adjudication]
    admin: bool


# --- health -------------------------------------------------------------------


class Health(Out):
    status: t.Literal["ok"]


class Pong(Out):
    pong: bool


class Ready(Out):
    status: t.Literal["ready"]
    rulesets: int
    lexicons: list[str]
    checks: dict[str, str]
