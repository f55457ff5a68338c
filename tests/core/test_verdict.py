"""The word judge's reasons against the rules as first written out."""

from __future__ import annotations

import random

import pytest

from adjudicator.core import verdict
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.wordfilter import TAGS, WordFilter, tag_bits

RUSSIAN = WordFilter(
    (
        tag_bits(["noun", "nominative", "singular"]),
        tag_bits(["noun", "nominative", "plural", "plural_only"]),
        tag_bits(["noun", "nominative", "plural", "no_singular"]),
    ),
    tag_bits(["proper", "abbreviation"]),
)
FILTERS = [
    WordFilter(),
    WordFilter((TAGS["word"],)),
    RUSSIAN,
    WordFilter(RUSSIAN.accept, RUSSIAN.reject | TAGS["folded"]),
    WordFilter((tag_bits(["noun", "oblique"]), TAGS["verb"]), TAGS["plural"]),
]
LEMMA_RULES = ((0, ""), (1, ""), (2, "ИЧ"), (1, "А"), (3, ""))


def key_judge(lexicon: Lexicon, flt: WordFilter):
    """The verdict on a key as plain data: None for a word, else (code, detail)."""

    word_judge = verdict.WordJudge(lexicon, flt)

    def judge(key: str) -> tuple[str, str] | None:
        reason = word_judge(key)
        return None if reason is None else (reason["code"], reason["detail"])

    return judge


def reference(lexicon: Lexicon, flt: WordFilter, key: str) -> tuple[str, str] | None:
    """The reasons in the order the rules state them (verdict.py before the tables)."""
    records = list(lexicon.trie.get(key, ()))
    if any(flt.accepts(tags) for tags, _ in records):
        return None
    if not records:
        return ("not-in-lexicon", f"{key} is not in {lexicon.name}")
    every = 0
    for tags, _ in records:
        every |= tags
    if flt.reject & TAGS["folded"] and all(tags & TAGS["folded"] for tags, _ in records):
        return ("spelled-differently", "")  # the detail is checked on its own below
    bad = TAGS["proper"] | TAGS["abbreviation"]
    common = [(tags, rule) for tags, rule in records if tags & TAGS["noun"] and not tags & bad]
    nominative_plural = TAGS["nominative"] | TAGS["plural"]
    for tags, rule in common:
        if tags & nominative_plural == nominative_plural:
            return ("not-nominative-singular", f"plural of {lexicon.lemma(key, rule)}")
    for tags, rule in common:
        if tags & TAGS["oblique"]:
            return ("case-form", f"a case form of {lexicon.lemma(key, rule)}")
    if every & TAGS["abbreviation"]:
        return ("abbreviation", f"{key} is an abbreviation")
    if every & TAGS["proper"]:
        return ("proper-noun", f"{key} is a proper noun")
    for name, text in (
        ("adjective", "an adjective"),
        ("verb", "a verb"),
        ("other_pos", "not a noun"),
    ):
        if every & TAGS[name]:
            return ("wrong-part-of-speech", f"{key} is {text}")
    return ("not-allowed", f"no reading of {key} is allowed by this ruleset")


def random_lexicon(seed: int) -> tuple[Lexicon, list[str]]:
    rng = random.Random(seed)
    bits = list(TAGS.values())
    records, keys = [], []
    for i in range(400):
        key = "".join(rng.choice("АБВЕЁК") for _ in range(rng.randint(3, 7))) + str(i % 10)
        keys.append(key)
        for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
            tags = 0
            for bit in bits:
                if rng.random() < 0.3:
                    tags |= bit
            records.append((key, (tags, rng.randrange(len(LEMMA_RULES)))))
    manifest = {"fold_variants": {"Ё": "Е"}}
    return Lexicon.from_records("random", records, manifest, LEMMA_RULES), keys


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("flt", FILTERS)
def test_key_judge_gives_the_reasons_as_stated(seed, flt):
    lexicon, keys = random_lexicon(seed)
    judge = key_judge(lexicon, flt)
    for key in keys:
        got, want = judge(key), reference(lexicon, flt, key)
        if want is not None and want[0] == "spelled-differently":
            got = (got[0], "") if got else got
        assert got == want, key


def test_spelled_differently_names_the_unfolded_spelling():
    folded, plain = TAGS["folded"], tag_bits(["noun", "nominative", "singular"])
    lexicon = Lexicon.from_records(
        "ru", [("ЁЛКА", (plain, 0)), ("ЕЛКА", (plain | folded, 0))], {"fold_variants": {"Ё": "Е"}}
    )
    judge = key_judge(lexicon, FILTERS[3])
    assert judge("ЕЛКА") == ("spelled-differently", "ru spells it ЁЛКА")
    assert judge("ЁЛКА") is None
    assert key_judge(lexicon, RUSSIAN)("ЕЛКА") is None
