"""The bundled Erudite lexicon, ru-erudite: what its second source and its
repairs add, and that every rejection still holds.

The rejection lists are built from other sources than the one added
(hunspell-ru): from OpenCorpora through the bundled ru-opencorpora, and by hand.
"""

from __future__ import annotations

import pytest
import yaml

from adjudicator.core.lexicon import SOURCE_SHIFT
from adjudicator.services.recall import measure_recall
from adjudicator.services.words import check_word
from tests.conftest import CONFIG

REPAIRS = yaml.safe_load((CONFIG / "lexicons" / "repairs" / "ru-erudite.yaml").read_text("utf-8"))
REPAIRED = {word for group in REPAIRS.values() for word in group}


def verdict(registry, word: str, lexicon: str | None = None) -> dict:
    return check_word(registry, "erudite-ru", word, lexicon_name=lexicon)


def test_erudite_uses_the_merged_lexicon(full_registry):
    body = verdict(full_registry, "кошка")
    assert body["valid"] and body["source"] == "pymorphy3-dicts-ru"
    lexicon = full_registry.checker("erudite-ru").lexicon
    assert lexicon.name == "ru-erudite"
    assert lexicon.sources == ("pymorphy3-dicts-ru", "hunspell-ru", "repairs")
    licences = {s["name"]: s["license"] for s in lexicon.manifest["sources"]}
    assert licences["repairs"] == lexicon.manifest["sources"][2]["license"]
    assert "CC-BY-SA" in licences["pymorphy3-dicts-ru"] and "Lebedev" in licences["hunspell-ru"]


# Nouns OpenCorpora lacks and hunspell-ru lists: accepted, and they say so.
HUNSPELL_NOUNS = ["бетоноукладчик", "бензозаправка", "борсетка", "сфероидизация", "виршеписец"]


@pytest.mark.parametrize("word", HUNSPELL_NOUNS)
def test_a_noun_from_the_second_source_says_so(full_registry, word):
    assert verdict(full_registry, word, "ru-opencorpora")["reason"]["code"] == "not-in-lexicon"
    body = verdict(full_registry, word)
    assert body["valid"] and body["source"] == "hunspell-ru"


# Its other forms are rejected with the reasons OpenCorpora's forms get.
@pytest.mark.parametrize(
    "word,code,detail",
    [
        ("бетоноукладчики", "not-nominative-singular", "plural of БЕТОНОУКЛАДЧИК"),
        ("бетоноукладчика", "case-form", "a case form of БЕТОНОУКЛАДЧИК"),
        ("борсетку", "case-form", "a case form of БОРСЕТКА"),
        ("бензозаправками", "case-form", "a case form of БЕНЗОЗАПРАВКА"),
    ],
)
def test_forms_of_a_second_source_noun_are_rejected(full_registry, word, code, detail):
    body = verdict(full_registry, word)
    assert not body["valid"] and body["reason"] == {"code": code, "detail": detail}


@pytest.mark.parametrize("word", sorted(REPAIRED))
def test_every_repair_is_accepted(full_registry, word):
    body = verdict(full_registry, word)
    assert body["valid"], body
    assert body["source"] in ("repairs", "pymorphy3-dicts-ru")


def test_every_repair_gives_its_reason():
    for group, entries in REPAIRS.items():
        assert all(isinstance(r, str) and len(r) > 3 for r in entries.values()), group


@pytest.mark.parametrize(
    "word,code",
    [
        ("адъютантской", "wrong-part-of-speech"),  # still only an adjective's form
        ("адъютантские", "wrong-part-of-speech"),
        ("анисовой", "wrong-part-of-speech"),
        ("больные", "wrong-part-of-speech"),
        ("адъютантский", "wrong-part-of-speech"),  # the masculine is no noun
    ],
)
def test_a_substantivised_adjective_is_a_noun_in_one_form_only(full_registry, word, code):
    body = verdict(full_registry, word)
    assert not body["valid"] and body["reason"]["code"] == code, body


# Built by hand, not from either source: names, surnames, patronymics, cities,
# countries, rivers; abbreviations; plurals of nouns with a singular; case
# forms; adjectives, verbs, adverbs and function words.
HAND_REJECTS = {
    "proper-noun": "иван наталья гагарин шукшин ильинична петрович урюпинск бобруйск "
    "норвегия аргентина иртыш енисей",
    "abbreviation": "вуз загс гэс тэц мчс фсб сизо роно",
    "not-nominative-singular": "столы книги окна ёлки борсетки",
    "case-form": "стола книгу окном ёлке бетоноукладчиком",
    "wrong-part-of-speech": "громкий синяя бежать читает быстро вчера над но что",
}


@pytest.mark.parametrize(
    "code,word", [(code, w) for code, words in HAND_REJECTS.items() for w in words.split()]
)
def test_hand_built_rejections_hold(full_registry, code, word):
    body = verdict(full_registry, word)
    assert not body["valid"] and body["reason"]["code"] == code, body


@pytest.mark.slow
def test_what_opencorpora_rejects_stays_rejected_for_the_same_reason(full_registry):
    """Every 40th word form of OpenCorpora (about 79,000) is judged under both
    lexicons; only the reviewed repairs may turn a rejection into acceptance."""
    base = full_registry.checker("erudite-ru", "ru-opencorpora")
    merged = full_registry.checker("erudite-ru")
    alphabet = base.rules.alphabet
    judged, rejected, changed, by_reason = 0, 0, 0, {}
    for i, key in enumerate(base.lexicon.trie.iterkeys()):
        if i % 40:
            continue
        word = alphabet.spell_key(key).lower()
        before, after = base.check(word), merged.check(word)
        judged += 1
        if before["valid"]:
            assert after["valid"], word
            continue
        rejected += 1
        code = before["reason"]["code"]
        by_reason[code] = by_reason.get(code, 0) + 1
        if word in REPAIRED:
            continue
        assert not after["valid"], word
        if after["reason"] != before["reason"]:
            # The sources disagree: the reason is the strongest of all readings
            # (БЕРЕЗНИКИ, a town to OpenCorpora, is also the plural of hunspell's
            # березник), and it comes from a reading the second source added.
            assert any(tags >> SOURCE_SHIFT for tags, _ in merged.lexicon.records(key)), word
            changed += 1
    assert judged > 75_000 and rejected > 70_000
    for code in ("proper-noun", "not-nominative-singular", "case-form"):
        assert by_reason[code] > 1000, by_reason
    assert by_reason["abbreviation"] > 20
    assert by_reason["wrong-part-of-speech"] > 10_000
    assert changed < rejected / 1000


def test_recall_measure_counts_sources_and_reasons(full_registry):
    words = ["кошка", "бетоноукладчик", "адажио", "столы", "вуз", "бырлык", "баба-яга"]
    report = measure_recall(full_registry, "erudite-ru", words)
    assert (report.words, report.set_aside, report.accepted) == (6, 1, 3)
    assert report.by_source == {"pymorphy3-dicts-ru": 1, "hunspell-ru": 1, "repairs": 1}
    assert {r.code: r.count for r in report.rejected} == {
        "not-nominative-singular": 1,
        "abbreviation": 1,
        "not-in-lexicon": 1,
    }
