"""Rule on a challenge, record it in the audit trail."""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import asdict

from pydantic import Field, TypeAdapter

from adjudicator.core.challenge import ChallengeRule, Consequence, Verdict, rule_on
from adjudicator.core.house_list import HouseNote
from adjudicator.core.verdict import Reason
from adjudicator.errors import InvalidRequestError
from adjudicator.services.answer import Answer
from adjudicator.services.plays import PlacedIn, Rows, SwapIn, words_of_play
from adjudicator.services.words import LexiconRef, lexicon_ref

if t.TYPE_CHECKING:
    from adjudicator.core.tile_reader import TileReader
    from adjudicator.loaders import Registry
    from adjudicator.store.audit import AuditTrail


class AdjudicatedWord(Answer):
    """A word of a ruling as judged: ``word`` spells the tiling judged ([CH]ICO)."""

    word: str
    valid: bool
    reason: Reason | None = None
    folded: dict[str, str] | None = Field(
        default=None, description="The ruleset's folds the word went through, as typed"
    )
    tilings: int | None = Field(
        default=None, description="How many tilings of its letters were judged (CH: [CH] or C+H)"
    )
    house: HouseNote | None = Field(
        default=None, description="The house list's entry that added or removed the word"
    )


# What a ruling keeps of each word's verdict.
_RuledKey = t.Literal["word", "valid", "reason", "folded", "tilings", "house"]
_RULED: tuple[_RuledKey, ...] = ("word", "valid", "reason", "folded", "tilings", "house")


# A stored ruling's consequence, read back (its names become the enums again).
_CONSEQUENCE = TypeAdapter(Consequence)


class Adjudication(Answer):
    id: str
    created_at: str = Field(description="ISO 8601, UTC")
    ruleset: str
    verdict: Verdict
    rule: ChallengeRule
    words_checked: int
    words: list[AdjudicatedWord] | list[str] = Field(
        description="Per-word results only with `reveal` (admin); otherwise the words"
    )
    lexicon: LexiconRef
    consequence: Consequence
    players: dict[str, str] | None
    asked_by: str = Field(description="`key:<name>` when client keys are in use, or the station")


class AdjudicationList(Answer):
    """One page of the audit trail, oldest first."""

    adjudications: list[Adjudication]
    admin: bool
    next_after: str | None = Field(
        description="Where the next page starts: send it as `after` (with the same `since`); "
        "null on the last page. The `Link` header names that page too"
    )


def rule_on_challenge(
    registry: Registry,
    trail: AuditTrail,
    ruleset: str,
    *,
    words: t.Sequence[str] | None = None,
    board: Rows | None = None,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
    rule: ChallengeRule | None = None,
    reveal: bool = False,
    players: t.Mapping[str, str] | None = None,
    asked_by: str = "anonymous",
    max_words: int = 10_000,
    lexicon_name: str | None = None,
) -> Adjudication:
    """Judge the play as a whole and spell out the consequence.

    With a board and a play, every word formed is challenged, or only the
    ``words`` the challenger names (each must be one the play forms).
    The answer never says which word failed unless ``reveal`` is set.

    :raises ChallengeNotAllowedError: the rule is ``void``.
    :raises InvalidRequestError: no words, or a named word the play does not form.
    """
    checker = registry.checker(ruleset, lexicon_name)
    rules, lexicon = checker.rules, checker.lexicon
    challenge_rule = rule or rules.challenge_rule
    if placement is not None or move is not None:
        formed = words_of_play(rules, board, placement, move, swaps)
        challenged = list(formed) if not words else _subset(checker.reader, formed, words)
    else:
        challenged = list(words or [])
    if not challenged:
        raise InvalidRequestError("name at least one word, or give a play", field="words")
    if len(challenged) > max_words:
        raise InvalidRequestError(f"{len(challenged)} words; at most {max_words}", field="words")
    results = [checker.check(w) for w in challenged]
    all_valid = all(r["valid"] for r in results)
    ruling = rule_on(all_valid, challenge_rule, len(results), rules.challenge_bonus_per)
    consequence = asdict(ruling.consequence)
    record = trail.append(
        {
            "ruleset": rules.name,
            "lexicon_name": lexicon.name,
            "lexicon_version": lexicon.version,
            "lexicon_checksum": lexicon.checksum,
            "rule": challenge_rule,
            "verdict": ruling.verdict,
            "words": [{k: r[k] for k in _RULED if k in r} for r in results],
            "consequence": consequence,
            "players": dict(players) if players else None,
            "asked_by": asked_by,
        }
    )
    return present(registry, record, reveal)


def present(registry: Registry, record: t.Mapping[str, t.Any], reveal: bool) -> Adjudication:
    """The public shape of a stored adjudication; per-word validity only with ``reveal``."""
    words = record["words"]
    rules = registry.rulesets.get(record["ruleset"])
    return Adjudication(
        id=record["id"],
        created_at=record["created_at"],
        ruleset=record["ruleset"],
        verdict=record["verdict"],
        rule=record["rule"],
        words_checked=len(words),
        words=[AdjudicatedWord(**w) for w in words] if reveal else [w["word"] for w in words],
        lexicon=lexicon_ref(
            rules,
            record["lexicon_name"],
            record["lexicon_version"],
            record["lexicon_checksum"],
        ),
        consequence=_CONSEQUENCE.validate_python(record["consequence"]),
        players=record.get("players"),
        asked_by=record["asked_by"],
    )


def _subset(reader: TileReader, formed: list[str], named: t.Sequence[str]) -> list[str]:
    pool = list(formed)
    chosen = []
    for i, text in enumerate(named):
        word = "".join(reader.spell(text.strip())[1])
        if word not in pool:
            raise InvalidRequestError(
                f"words[{i}]: the play does not form {word}; it forms {', '.join(formed)}",
                field=f"words[{i}]",
            )
        pool.remove(word)
        chosen.append(word)
    return chosen


def get_adjudication(
    registry: Registry, trail: AuditTrail, id_: str, reveal: bool = False
) -> Adjudication:
    return present(registry, trail.get(id_), reveal)


def list_adjudications(
    registry: Registry,
    trail: AuditTrail,
    since: dt.datetime | None,
    admin: bool,
    *,
    after: str | None = None,
    limit: int = 500,
) -> AdjudicationList:
    """For the director: everything, with per-word results, a page at a time.

    :raises InvalidRequestError: ``after`` is not a cursor this service gave.
    """
    if after is not None and not (after.isdigit() and len(after) <= 18):
        raise InvalidRequestError("not a cursor of the audit trail", field="after")
    records, last = trail.since(since, after=int(after) if after else None, limit=limit)
    return AdjudicationList(
        adjudications=[present(registry, r, True) for r in records],
        admin=admin,
        next_after=None if last is None else str(last),
    )
