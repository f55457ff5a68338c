"""OpenCorpora's readings, from pymorphy3's compiled dictionary, as lexicon records.

The pymorphy3 dictionary stores every word form with ``(paradigm, index)``; a
paradigm lists ``(prefix, tag, suffix)`` per form and its form 0 is the lemma.
Each ``(form, paradigm, index)`` becomes one reading: OpenCorpora grammemes
mapped to our tags (:data:`adjudicator.core.wordfilter.TAGS`) plus the lemma
rule that turns the form's key into the lemma's key.  A :class:`Reading` of the
whole dictionary is what every recipe on it starts from, so several recipes
built together read it once (:func:`adjudicator.builders.build_from_recipes`).
"""

from __future__ import annotations

import copy
import typing as t
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.wordfilter import TAGS

from .keys import KeyMaker, junk_reason
from .records import LemmaRules, Record, Rule, rule_between
from .report import Dropped

POS_TAGS = {
    "NOUN": "noun",
    "ADJF": "adjective",
    "ADJS": "adjective",
    "COMP": "adjective",
    "VERB": "verb",
    "INFN": "verb",
}
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
ABBREVIATION = frozenset({"Abbr", "Init"})


def tag_bits(tag: t.Any) -> int:
    """Our tag bits for one OpenCorpora tag (a pymorphy3 ``OpencorporaTag``).

    The lexeme-level ``lemma`` and ``no_singular`` bits are added per paradigm.
    """
    grammemes = tag.grammemes
    bits = TAGS[POS_TAGS.get(str(tag.POS), "other_pos")]
    if tag.case is not None:
        bits |= TAGS["nominative"] if tag.case == "nomn" else TAGS["oblique"]
    if "sing" in grammemes:
        bits |= TAGS["singular"]
    if "plur" in grammemes:
        bits |= TAGS["plural"]
    if "Pltm" in grammemes:
        bits |= TAGS["plural_only"]
    if grammemes & PROPER:
        bits |= TAGS["proper"]
    if grammemes & ABBREVIATION:
        bits |= TAGS["abbreviation"]
    return bits


def paradigm_bits(dictionary: t.Any) -> list[list[int]]:
    """``bits[paradigm][index]``: tag bits of every slot of every paradigm.

    Index 0 is the lemma.  ``no_singular`` marks every slot of a paradigm
    that has plural forms and no singular one (its lemma has no singular).
    """
    tag_cache = [tag_bits(tag) for tag in dictionary.gramtab]
    out = []
    for paradigm in dictionary.paradigms:
        size = len(paradigm) // 3
        slots = [tag_cache[paradigm[size + i]] for i in range(size)]
        numbers = 0
        for bits in slots:
            numbers |= bits
        extra = (
            TAGS["no_singular"]
            if (numbers & TAGS["plural"] and not numbers & TAGS["singular"])
            else 0
        )
        slots = [bits | extra for bits in slots]
        slots[0] |= TAGS["lemma"]
        out.append(slots)
    return out


def _entries(dictionary: t.Any, words: t.Iterable[str] | None) -> t.Iterator[tuple[str, int, int]]:
    if words is None:
        for word, (para_id, idx) in dictionary.words.iteritems(""):
            yield word, para_id, idx
        return
    for word in sorted(set(words)):
        for para_id, idx in dictionary.words.get(word) or ():
            yield word, para_id, idx


@dataclass(frozen=True, slots=True)
class Reading:
    """Every reading of a dictionary as records, their lemma rules and what was dropped."""

    records: set[Record]
    rules: LemmaRules
    dropped: Dropped

    def copy(self) -> Reading:
        """A copy a build may add to, leaving this one as it is."""
        return Reading(set(self.records), copy.deepcopy(self.rules), copy.deepcopy(self.dropped))


def collect(
    dictionary: t.Any, alphabet: Alphabet, *, words: t.Iterable[str] | None = None
) -> Reading:
    """Every reading of the dictionary (or of ``words`` only) as records.

    Entries whose form has a hyphen, digit, apostrophe or a letter outside the
    alphabet are dropped and counted per ``(form, paradigm, index)`` entry.
    """
    make_key = KeyMaker(alphabet)
    bits = paradigm_bits(dictionary)
    rules = LemmaRules()
    slot_rule = _SlotRules(dictionary, make_key)
    dropped = Dropped()
    records: set[Record] = set()
    values: dict[tuple[int, int], tuple[int, int]] = {}  # share the small tuples
    last_word, key, reason = "", None, None
    lemma_keys: dict[str, str | None] = {}
    for word, para_id, idx in _entries(dictionary, words):
        if word != last_word:
            last_word, key = word, make_key.try_key(word)
            reason = None if key is not None else (junk_reason(word) or "not_in_alphabet")
            if len(lemma_keys) > 200_000:
                lemma_keys.clear()
        if key is None:
            dropped.add(str(reason), word)
            continue
        if idx == 0:
            rule = 0
        elif (suffixes := slot_rule(para_id, idx)) is not None:
            rule = rules.intern(suffixes)
        else:
            lemma = dictionary.build_normal_form(para_id, idx, word)
            if lemma not in lemma_keys:
                lemma_keys[lemma] = make_key.try_key(lemma)
            lemma_key = lemma_keys[lemma]
            if lemma_key is None:
                dropped.add("lemma_not_in_alphabet", f"{word} ({lemma})")
                continue
            rule = rules.between(key, lemma_key)
        value = (bits[para_id][idx], rule)
        records.add((key, values.setdefault(value, value)))
    return Reading(records, rules, dropped)


class _SlotRules:
    """The lemma rule of a paradigm's slot, where the slot alone decides it.

    A form of slot ``idx`` is ``prefix + stem + suffix`` and its lemma
    ``prefix0 + stem + suffix0`` (pymorphy3's ``build_normal_form``).  When the
    two prefixes are equal and both suffixes are spelled by the alphabet, the
    rule from the form's key to the lemma's key (:meth:`LemmaRules.between`) is
    the one between the two suffixes' keys, whatever the stem: computed once per
    slot instead of once per form.  Any other slot answers ``None`` and its
    forms take the general path (``build_normal_form``, then ``between``).
    """

    def __init__(self, dictionary: t.Any, make_key: KeyMaker) -> None:
        self._dictionary = dictionary
        self._make_key = make_key
        self._known: dict[tuple[int, int], Rule | None] = {}

    def __call__(self, para_id: int, idx: int) -> Rule | None:
        slot = (para_id, idx)
        try:
            return self._known[slot]
        except KeyError:
            rule = self._known[slot] = self._rule(para_id, idx)
            return rule

    def _rule(self, para_id: int, idx: int) -> Rule | None:
        d = self._dictionary
        paradigm = d.paradigms[para_id]
        size = len(paradigm) // 3
        if paradigm[2 * size + idx] != paradigm[2 * size]:
            return None
        form = self._make_key.try_key(d.suffixes[paradigm[idx]])
        lemma = self._make_key.try_key(d.suffixes[paradigm[0]])
        return None if form is None or lemma is None else rule_between(form, lemma)
