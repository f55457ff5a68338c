"""How many words of a list a ruleset accepts, and why it rejects the others.

A director measures a lexicon against a list of words players really play (a
club's own list, a published word-game list): the share accepted, the
rejections by reason with examples, and, for a merged lexicon, which source
accepted each word.  Entries with a space or a hyphen are set aside: they are
phrases, not single words.
"""

from __future__ import annotations

import collections
import typing as t

from adjudicator.core.verdict import MAX_WORD_LENGTH
from adjudicator.errors import InputError
from adjudicator.services.answer import Answer

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

EXAMPLES = 12


class ReasonCount(Answer):
    code: str
    count: int
    examples: list[str]


class RecallReport(Answer):
    ruleset: str
    lexicon: str
    words: int  # single words judged
    set_aside: int  # entries with a space or a hyphen
    accepted: int
    by_source: dict[str, int]
    rejected: list[ReasonCount]  # most frequent reason first

    @property
    def share(self) -> float:
        return self.accepted / self.words if self.words else 0.0


def measure_recall(
    registry: Registry, ruleset: str, entries: t.Iterable[str], lexicon_name: str | None = None
) -> RecallReport:
    """Judge every single word of ``entries`` under ``ruleset``.

    A word with a character outside the alphabet counts as rejected with the
    error's code (``unknown-tile``), not as a failure of the whole measure.

    :raises NotFoundError: unknown ruleset or lexicon.
    """
    checker = registry.checker(ruleset, lexicon_name)
    words = [e.strip() for e in entries if e.strip()]
    single = [w for w in words if not any(c in w for c in " -")]
    accepted = 0
    by_source: collections.Counter[str] = collections.Counter()
    reasons: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for word in single:
        try:
            verdict = checker.check(word, MAX_WORD_LENGTH)
        except InputError as exc:
            code = exc.code
        else:
            if verdict["valid"]:
                accepted += 1
                by_source[verdict.get("source", checker.lexicon.name)] += 1
                continue
            code = verdict["reason"]["code"]
        reasons[code] += 1
        if len(examples[code]) < EXAMPLES:
            examples[code].append(word)
    return RecallReport(
        ruleset=checker.rules.name,
        lexicon=checker.lexicon.name,
        words=len(single),
        set_aside=len(words) - len(single),
        accepted=accepted,
        by_source=dict(by_source.most_common()),
        rejected=[
            ReasonCount(code=code, count=n, examples=examples[code])
            for code, n in reasons.most_common()
        ],
    )
