"""Rule on a challenge, record it in the audit trail."""

from __future__ import annotations

import datetime as dt
import typing as t
from dataclasses import asdict

from adjudicator.core.challenge import ChallengeRule, rule_on
from adjudicator.core.scoring import score_placement
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.errors import MalformedRequestError
from adjudicator.services.plays import PlacedIn, SwapIn, read_board, read_placement
from adjudicator.services.words import word_checker

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.loaders import Registry
    from adjudicator.store.audit import AuditTrail


def words_of_play(
    rules: Ruleset,
    board: t.Sequence[str | t.Sequence[str]] | None,
    placement: t.Sequence[PlacedIn] | None,
    move: str | None,
    swaps: t.Sequence[SwapIn] = (),
) -> list[str]:
    """Every word a play forms (main word first), as canonical strings."""
    current = read_board(rules, board)
    breakdown = score_placement(
        current, read_placement(rules, current, placement, move, swaps), rules
    )
    return [rules.alphabet.render(t_ & ~BLANK_BIT for t_ in w.tiles) for w in breakdown.words]


def rule_on_challenge(
    registry: Registry,
    trail: AuditTrail,
    ruleset: str,
    *,
    words: t.Sequence[str] | None = None,
    board: t.Sequence[str | t.Sequence[str]] | None = None,
    placement: t.Sequence[PlacedIn] | None = None,
    move: str | None = None,
    swaps: t.Sequence[SwapIn] = (),
    rule: str | None = None,
    reveal: bool = False,
    players: t.Mapping[str, str] | None = None,
    asked_by: str = "anonymous",
    max_words: int = 10_000,
    lexicon_name: str | None = None,
) -> dict[str, t.Any]:
    """Judge the play as a whole and spell out the consequence.

    With a board and a play, every word formed is challenged, or only the
    ``words`` the challenger names (each must be one the play forms).
    The answer never says which word failed unless ``reveal`` is set.

    :raises ChallengeNotAllowedError: the rule is ``void``.
    :raises MalformedRequestError: no words, or a named word the play does not form.
    """
    checker = word_checker(registry, ruleset, lexicon_name)
    rules, lexicon = checker.rules, checker.lexicon
    try:
        challenge_rule = ChallengeRule(rule or rules.challenge_rule)
    except ValueError:
        raise MalformedRequestError(
            f"unknown challenge rule {rule!r}", field="challenge_rule"
        ) from None
    if placement is not None or move is not None:
        formed = words_of_play(rules, board, placement, move, swaps)
        challenged = list(formed) if not words else _subset(rules, formed, words)
    else:
        challenged = list(words or [])
    if not challenged:
        raise MalformedRequestError("name at least one word, or give a play", field="words")
    if len(challenged) > max_words:
        raise MalformedRequestError(f"{len(challenged)} words; at most {max_words}", field="words")
    results = [checker.verdict(w) for w in challenged]
    all_valid = all(r["valid"] for r in results)
    ruling = rule_on(all_valid, challenge_rule, len(results), rules.challenge_bonus_per)
    consequence = asdict(ruling.consequence)
    record = trail.append(
        {
            "ruleset": rules.name,
            "lexicon_name": lexicon.name,
            "lexicon_version": lexicon.version,
            "lexicon_checksum": lexicon.checksum,
            "rule": challenge_rule.value,
            "verdict": ruling.verdict,
            "words": [{k: r[k] for k in ("word", "valid", "reason") if k in r} for r in results],
            "consequence": consequence,
            "players": dict(players) if players else None,
            "asked_by": asked_by,
        }
    )
    return present(record, reveal)


def present(record: t.Mapping[str, t.Any], reveal: bool) -> dict[str, t.Any]:
    """The public shape of an adjudication; per-word validity only with ``reveal``."""
    words = record["words"]
    out: dict[str, t.Any] = {
        "id": record["id"],
        "created_at": record["created_at"],
        "ruleset": record["ruleset"],
        "verdict": record["verdict"],
        "rule": record["rule"],
        "words_checked": len(words),
        "words": words if reveal else [w["word"] for w in words],
        "lexicon": {
            "name": record["lexicon_name"],
            "version": record["lexicon_version"],
            "checksum": record["lexicon_checksum"],
        },
        "consequence": record["consequence"],
        "players": record.get("players"),
        "asked_by": record["asked_by"],
    }
    return out


def _subset(rules: Ruleset, formed: list[str], named: t.Sequence[str]) -> list[str]:
    pool = list(formed)
    chosen = []
    for i, text in enumerate(named):
        tiles = rules.alphabet.word_tiles(text.strip(), fold=rules.fold)
        word = rules.alphabet.render(tiles)
        if word not in pool:
            raise MalformedRequestError(
                f"words[{i}]: the play does not form {word}; it forms {', '.join(formed)}",
                field=f"words[{i}]",
            )
        pool.remove(word)
        chosen.append(word)
    return chosen


def get_adjudication(trail: AuditTrail, id_: str, reveal: bool = False) -> dict[str, t.Any]:
    return present(trail.get(id_), reveal)


def list_adjudications(trail: AuditTrail, since: dt.datetime | None) -> list[dict[str, t.Any]]:
    """For the director: everything, with per-word results."""
    return [present(r, True) for r in trail.since(since)]
