"""Is this a word under this ruleset?  A verdict, with the reason when it is not.

A phony is a verdict (``valid=False``), never an exception.  Reasons come from
the tags of the word's readings, so no language is named here.
"""

from __future__ import annotations

import itertools
import typing as t
from dataclasses import dataclass

from adjudicator.core.lexicon import Lexicon, Reading
from adjudicator.core.wordfilter import TAGS, WordFilter

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

_COMMON_BAD = TAGS["proper"] | TAGS["abbreviation"]


@dataclass(frozen=True)
class Reason:
    code: str
    detail: str


@dataclass(frozen=True)
class Verdict:
    valid: bool
    reason: Reason | None = None


def judge_key(lexicon: Lexicon, rules: Ruleset, key: str) -> Verdict:
    """Judge a canonical tile key (see :meth:`Alphabet.key`)."""
    readings = lexicon.readings(key)
    flt = rules.word_filter
    if any(flt.accepts(r.tags) for r in readings):
        return Verdict(True)
    return Verdict(False, _reason(lexicon, flt, key, readings))


def _reason(lexicon: Lexicon, flt: WordFilter, key: str, readings: list[Reading]) -> Reason:
    if not readings:
        return Reason("not-in-lexicon", f"{key} is not in {lexicon.name}")
    folded = TAGS["folded"]
    if flt.reject & folded and all(r.tags & folded for r in readings):
        spelled = _unfolded_spelling(lexicon, key)
        detail = f"{lexicon.name} spells it {spelled}" if spelled else "spelled with another letter"
        return Reason("spelled-differently", detail)
    nouns = [r for r in readings if r.tags & TAGS["noun"]]
    common = [r for r in nouns if not r.tags & _COMMON_BAD]
    for r in common:
        if r.tags & TAGS["nominative"] and r.tags & TAGS["plural"]:
            return Reason(
                "not-nominative-singular", f"plural of {lexicon.lemma(key, r.lemma_rule)}"
            )
    for r in common:
        if r.tags & TAGS["oblique"]:
            return Reason("case-form", f"a case form of {lexicon.lemma(key, r.lemma_rule)}")
    # An abbreviation that names a place (СССР) is reported as an abbreviation.
    if any(r.tags & TAGS["abbreviation"] for r in readings):
        return Reason("abbreviation", f"{key} is an abbreviation")
    if any(r.tags & TAGS["proper"] for r in readings):
        return Reason("proper-noun", f"{key} is a proper noun")
    for pos, name in (
        ("adjective", "an adjective"),
        ("verb", "a verb"),
        ("other_pos", "not a noun"),
    ):
        if any(r.tags & TAGS[pos] for r in readings):
            return Reason("wrong-part-of-speech", f"{key} is {name}")
    return Reason("not-allowed", f"no reading of {key} is allowed by this ruleset")


def _unfolded_spelling(lexicon: Lexicon, key: str) -> str | None:
    """Find the spelling the fold came from (ЕЛКА -> ЁЛКА); at most 64 tries."""
    back: dict[str, list[str]] = {}
    for src, dst in lexicon.fold_variants.items():
        back.setdefault(dst, []).append(src)
    spots = [i for i, ch in enumerate(key) if ch in back][:6]
    for choice in itertools.product([False, True], repeat=len(spots)):
        chars = list(key)
        for use, i in zip(choice, spots, strict=True):
            if use:
                chars[i] = back[chars[i]][0]
        candidate = "".join(chars)
        if candidate != key and any(
            not r.tags & TAGS["folded"] for r in lexicon.readings(candidate)
        ):
            return candidate
    return None
