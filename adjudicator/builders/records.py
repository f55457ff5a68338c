"""Lemma rules and fold variants: the parts of a record set shared by all builders.

A record is ``(key, (tag bits, lemma rule index))``; see
:mod:`adjudicator.core.lexicon` for the reader's side.
"""

from __future__ import annotations

import re
import typing as t

from adjudicator.core.wordfilter import TAGS

Record = tuple[str, tuple[int, int]]
Rule = tuple[int, str]


def rule_between(form: str, lemma: str) -> Rule:
    """``(cut, append)``: cut that many tiles off ``form``'s end, then append."""
    shared = 0
    for a, b in zip(form, lemma, strict=False):
        if a != b:
            break
        shared += 1
    return (len(form) - shared, lemma[shared:])


class LemmaRules:
    """Interned ``(cut, append)`` rules; rule 0 is always ``(0, "")``."""

    def __init__(self) -> None:
        self.rules: list[Rule] = [(0, "")]
        self._index: dict[Rule, int] = {(0, ""): 0}

    def intern(self, rule: Rule) -> int:
        index = self._index.get(rule)
        if index is None:
            index = self._index[rule] = len(self.rules)
            self.rules.append(rule)
        return index

    def between(self, form: str, lemma: str) -> int:
        """The rule turning the key ``form`` into the key ``lemma``."""
        if form == lemma:
            return 0
        return self.intern(rule_between(form, lemma))

    def apply(self, key: str, index: int) -> str:
        cut, append = self.rules[index]
        return (key[: len(key) - cut] if cut else key) + append

    def __len__(self) -> int:
        return len(self.rules)


def add_fold_variants(
    records: set[Record], table: t.Mapping[int, str], rules: LemmaRules | None = None
) -> set[Record]:
    """Add to ``records`` a folded copy of every record whose key the fold changes.

    The copy carries ``TAGS["folded"]`` so a ruleset can accept or refuse it.
    Its lemma is folded the same way (ЕЛКИ -> ЕЛКА), which keeps the rules
    suffix-only: a fold maps one letter to one letter, so ``cut`` is unchanged.

    :return: ``records``, updated in place.
    """
    if not table:
        return records
    folded_bit = TAGS["folded"]
    changed = re.compile("[" + re.escape("".join(chr(code) for code in table)) + "]").search
    extra: set[Record] = set()
    # Sorted, so new rules get the same numbers on every run (set order is not stable).
    for key, (tags, rule) in sorted(r for r in records if changed(r[0])):
        new_rule = rule
        if rule and rules is not None:
            cut, append = rules.rules[rule]
            new_rule = rules.intern((cut, append.translate(table)))
        extra.add((key.translate(table), (tags | folded_bit, new_rule)))
    records |= extra
    return records
