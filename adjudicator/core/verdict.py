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
_ADJECTIVE = TAGS["adjective"]
_VERB = TAGS["verb"]
_OTHER_POS = TAGS["other_pos"]
# The reasons, strongest first (see _make_judge) as (code, detail before, detail after
# the key); the first two name the lemma instead of the key.
_REASONS = (
    ("not-nominative-singular", "plural of ", ""),
    ("case-form", "a case form of ", ""),
    ("abbreviation", "", " is an abbreviation"),
    ("proper-noun", "", " is a proper noun"),
    ("wrong-part-of-speech", "", " is an adjective"),
    ("wrong-part-of-speech", "", " is a verb"),
    ("wrong-part-of-speech", "", " is not a noun"),
    ("not-allowed", "no reading of ", " is allowed by this ruleset"),
)
_ACCEPTED = -1  # rank of an accepted reading; the others rank by _REASONS
_NAMES_LEMMA = 2  # ranks below this name the lemma
_NOT_ALLOWED = len(_REASONS) - 1  # the rank of a reading that shows no reason
_WEAKEST = len(_REASONS)  # below every rank


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
    why = key_judge(lexicon, rules.word_filter)(key)
    return _VALID if why is None else Verdict(False, Reason(*why))


KeyJudge = t.Callable[[str], tuple[str, str] | None]


def key_judge(lexicon: Lexicon, flt: WordFilter) -> KeyJudge:
    """:func:`judge_key` as plain data (None for a valid word, else ``(code,
    detail)``) for one lexicon and word filter, as a function of the key: made
    once (see :func:`_make_judge`) and kept on the lexicon."""
    try:
        made = lexicon.tables[id(flt)]
        if made[0] is flt:  # kept with flt, so its id is not reused meanwhile
            return made[1]  # type: ignore[no-any-return]
    except KeyError:
        pass
    made = lexicon.tables[id(flt)] = (flt, _make_judge(lexicon, flt))
    return made[1]  # type: ignore[no-any-return]


def _make_judge(lexicon: Lexicon, flt: WordFilter) -> KeyJudge:
    """Why a key is not a word.

    A key without readings is not in the lexicon; one whose every reading exists
    only through a letter fold the filter rejects is spelled differently.  Else
    each reading ranks by the strongest of :data:`_REASONS` it shows on its own
    (a common noun in the nominative plural, in another case, an abbreviation, a
    proper noun, ..., so an abbreviation that names a place (СССР) is an
    abbreviation), and the strongest rank of all readings is the reason: the
    first reading of that rank names the lemma.  A reading's rank is one look-up
    on the tag bits that matter (``ranks[tags & mask]``), tabled once here.
    """
    lookup = lexicon.packed_lookup()
    mask, ranks = _reading_ranks(flt)
    folded = flt.reject & _FOLDED  # nonzero: an all-folded key is spelled otherwise
    lemmas = tuple(lexicon.lemma_rules)
    absent = f" is not in {lexicon.name}"
    unpack = int.from_bytes

    def judge(key: str) -> tuple[str, str] | None:
        records = lookup(key.encode())
        if not records:
            return ("not-in-lexicon", key + absent)
        best = _WEAKEST
        both = -1  # the tags every reading has
        for record in records:
            tags = unpack(record, "little")  # with the lemma rule above bit 16
            rank = ranks[tags & mask]
            if rank < best:
                if rank == _ACCEPTED:
                    return None
                best, first = rank, tags
            both &= tags
        if both & folded:
            return _spelled_differently(lexicon, key)
        code, before, after = _REASONS[best]
        if best < _NAMES_LEMMA:
            cut, append = lemmas[first >> 16]
            return (code, before + (key[: len(key) - cut] if cut else key) + append)
        return (code, before + key + after)

    return judge


def _reading_ranks(flt: WordFilter) -> tuple[int, dict[int, int]]:
    """``(mask, ranks)``: the rank of a reading (see :func:`_make_judge`) by
    ``tags & mask``, the tag bits the filter and the reasons look at."""
    mask = flt.reject | _COMMON_BAD | _NOUN | _NOMINATIVE_PLURAL | _OBLIQUE
    mask |= _ADJECTIVE | _VERB | _OTHER_POS
    for need in flt.accept:
        mask |= need
    ranks = {}
    bits = mask
    while True:  # every subset of mask
        ranks[bits] = _ACCEPTED if flt.accepts(bits) else _rank(bits)
        if not bits:
            return mask, ranks
        bits = (bits - 1) & mask


def _rank(tags: int) -> int:
    """The index in :data:`_REASONS` of the strongest reason one rejected reading gives."""
    if tags & _NOUN and not tags & _COMMON_BAD:
        if tags & _NOMINATIVE_PLURAL == _NOMINATIVE_PLURAL:
            return 0
        if tags & _OBLIQUE:
            return 1
    for rank, bit in enumerate((_ABBREVIATION, _PROPER, _ADJECTIVE, _VERB, _OTHER_POS), 2):
        if tags & bit:
            return rank
    return _NOT_ALLOWED


def _spelled_differently(lexicon: Lexicon, key: str) -> tuple[str, str]:
    """The reason for a key whose every reading exists only through a letter fold."""
    spelled = _unfolded_spelling(lexicon, key)
    detail = f"{lexicon.name} spells it {spelled}" if spelled else "spelled with another letter"
    return ("spelled-differently", detail)


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
