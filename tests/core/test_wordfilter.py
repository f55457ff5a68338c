"""A ruleset's filter applies through the tags a lexicon records (issue 21)."""

from __future__ import annotations

import pytest

from adjudicator.core.lexicon import Lexicon
from adjudicator.core.verdict import WordChecker
from adjudicator.core.wordfilter import (
    EVERY_TAG,
    TAGS,
    WordFilter,
    recorded_tags,
    tag_bits,
    word_filter_from_mapping,
)

NOUNS = WordFilter(
    (tag_bits(["noun", "nominative", "singular"]), tag_bits(["noun", "plural_only"])),
    tag_bits(["proper", "folded"]),
)
WORD = TAGS["word"]
FOLDED = TAGS["folded"]


def test_a_plain_list_is_accepted_as_listed():
    plain = NOUNS.within(recorded_tags(["word"]))
    assert plain.accept == (0,) and plain.reject == 0
    assert plain.accepts(WORD)


def test_a_recorded_reject_tag_still_rejects():
    with_variants = NOUNS.within(recorded_tags(["word", "folded"]))
    assert with_variants.accepts(WORD) and not with_variants.accepts(WORD | FOLDED)


def test_a_lexicon_that_records_some_tags_is_asked_for_those():
    pos_only = NOUNS.within(recorded_tags(["noun", "verb"]))
    assert pos_only.accept == (TAGS["noun"],)
    assert pos_only.accepts(TAGS["noun"]) and not pos_only.accepts(TAGS["verb"])


def test_a_manifest_without_tags_records_every_tag():
    assert recorded_tags(None) == EVERY_TAG
    assert NOUNS.within(recorded_tags(None)) is NOUNS
    assert recorded_tags(["word", "some-future-tag"]) == WORD


def test_needs_names_the_tags_a_lexicon_must_record():
    flt = word_filter_from_mapping({"accept": [["noun"]], "needs": ["noun", "plural"]})
    assert flt.needs == tag_bits(["noun", "plural"])
    assert flt.missing(recorded_tags(["word", "folded"])) == flt.needs
    assert flt.missing(recorded_tags(["noun"])) == TAGS["plural"]
    assert flt.missing(recorded_tags(None)) == 0
    with pytest.raises(ValueError, match="unknown tag"):
        word_filter_from_mapping({"needs": ["nouns"]})


@pytest.mark.parametrize(
    ("tags", "verdict"),
    [
        (None, "not-allowed"),  # an old manifest: the filter applies as written
        (["word"], None),  # a plain list: accepted as listed
    ],
)
def test_the_checker_filters_within_the_recorded_tags(registry, tags, verdict):
    manifest = {"alphabet": "russian", **({} if tags is None else {"tags": tags})}
    lexicon = Lexicon.from_records("club", [("КОТ", (WORD, 0))], manifest)
    checked = WordChecker(registry.rulesets["scrabble-ru"], lexicon).check("кот")
    assert checked.get("reason", {}).get("code") == verdict
