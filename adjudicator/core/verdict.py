"""Is this a word under this ruleset?  A verdict, with the reason when it is not.

A phony is a verdict (``valid=False``), never an exception.  Reasons come from
the tags of the word's readings, so no language is named here.
"""

from __future__ import annotations

import itertools
import typing as t
from dataclasses import dataclass

from adjudicator.core.lexicon import Lexicon
from adjudicator.core.wordfilter import TAGS, WordFilter

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset

_COMMON_BAD = TAGS["proper"] | TAGS["abbreviation"]
_FOLDED = TAGS["folded"]
_NOUN = TAGS["noun"]
_NOMINATIVE_PLURAL = TAGS["nominative"] | TAGS["plural"]
_OBLIQUE = TAGS["oblique"]
_ABBREVIATION = TAGS["abbreviation"]
_PROPER = TAGS["proper"]
_POS_NAMES = (
    (TAGS["adjective"], "an adjective"),
    (TAGS["verb"], "a verb"),
    (TAGS["other_pos"], "not a noun"),
)


@dataclass(frozen=True)
class Reason:
    code: str
    detail: str


@dataclass(frozen=True)
class Verdict:
    valid: bool
    reason: Reason | None = None


_VALID = Verdict(True)


def judge_key(lexicon: Lexicon, rules: Ruleset, key: str) -> Verdict:
    """Judge a canonical tile key (see :meth:`Alphabet.key`)."""
    why = reject_reason(lexicon, rules, key)
    return _VALID if why is None else Verdict(False, Reason(*why))


def reject_reason(lexicon: Lexicon, rules: Ruleset, key: str) -> tuple[str, str] | None:
    """:func:`judge_key` as plain data: None for a valid word, else ``(code, detail)``.

    The hot path of batch word checks, which build their answers from it directly.
    """
    flt = rules.word_filter
    records = lexicon.records(key)
    if records:
        # WordFilter.accepts, inlined on the raw (tags, lemma rule) records.
        reject, accept = flt.reject, flt.accept
        for tags, _rule in records:
            if not tags & reject:
                for need in accept:
                    if tags & need == need:
                        return None
    return _reason(lexicon, flt, key, records)


def _reason(
    lexicon: Lexicon, flt: WordFilter, key: str, records: t.Sequence[tuple[int, int]]
) -> tuple[str, str]:
    """Why no reading is accepted; ``records`` are the raw (tags, lemma rule) pairs."""
    if not records:
        return ("not-in-lexicon", f"{key} is not in {lexicon.name}")
    every = 0  # the union of all readings' tags answers "does any reading have ...?"
    for tags, _rule in records:
        every |= tags
    if flt.reject & _FOLDED and all(tags & _FOLDED for tags, _rule in records):
        spelled = _unfolded_spelling(lexicon, key)
        detail = f"{lexicon.name} spells it {spelled}" if spelled else "spelled with another letter"
        return ("spelled-differently", detail)
    if every & _NOUN:
        common = [(tags, rule) for tags, rule in records if tags & _NOUN and not tags & _COMMON_BAD]
        for tags, rule in common:
            if tags & _NOMINATIVE_PLURAL == _NOMINATIVE_PLURAL:
                return ("not-nominative-singular", f"plural of {lexicon.lemma(key, rule)}")
        for tags, rule in common:
            if tags & _OBLIQUE:
                return ("case-form", f"a case form of {lexicon.lemma(key, rule)}")
    # An abbreviation that names a place (СССР) is reported as an abbreviation.
    if every & _ABBREVIATION:
        return ("abbreviation", f"{key} is an abbreviation")
    if every & _PROPER:
        return ("proper-noun", f"{key} is a proper noun")
    for bit, name in _POS_NAMES:
        if every & bit:
            return ("wrong-part-of-speech", f"{key} is {name}")
    return ("not-allowed", f"no reading of {key} is allowed by this ruleset")


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
