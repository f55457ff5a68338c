"""Issue 21, point 2: a tournament's own list in any alphabet and any language.

Each test builds a small list with the lexicon service (as `lexicon build` does)
into its own data folder, then rules with it through the registry the service
opens, beside the bundled lexicons.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
from pathlib import Path

import pytest
import yaml

from adjudicator.errors import (
    AmbiguousAlphabetError,
    AmbiguousCaseError,
    ConfigError,
    LexiconBuildError,
    LexiconLacksTagsError,
    LexiconMismatchError,
)
from adjudicator.services.lexicons import build_lexicon
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from tests.conftest import CONFIG, LEXICONS

PROPER = "proper-nouns-capitalised"


@pytest.fixture()
def settings(tmp_path: Path) -> Settings:
    data = tmp_path / "data"
    return Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(data)}, config_dir=CONFIG, lexicon_dir=LEXICONS
    )


def own_list(settings: Settings, name: str, text: str, **options: str):
    source = settings.data_dir.parent / f"{name}.txt"
    source.write_text(text, encoding="utf-8")
    return build_lexicon(settings, wordlist=source, name=name, **options)


def verdicts(settings: Settings, ruleset: str, lexicon: str | None, *words: str) -> dict:
    checker = open_registry(settings).checker(ruleset, lexicon)
    return {w: (r := checker.check(w))["valid"] or r["reason"]["code"] for w in words}


def manifest(settings: Settings, name: str) -> dict:
    return yaml.safe_load((settings.loaded_lexicon_dir / f"{name}.yaml").read_text("utf-8"))


# -- three languages ------------------------------------------------------------


def test_an_english_list_rules_as_listed(settings):
    report = own_list(settings, "club", "cat\ndog\nqi\nza\nzax\n", alphabet="english")
    assert report.alphabet == "english" and report.manifest["language"] == "en"
    assert "scrabble-en" in report.serves and "scrabble-ru" not in report.serves
    assert manifest(settings, "club")["tags"] == ["word"]
    assert verdicts(settings, "scrabble-en", "club", "zax", "QI", "ok") == {
        "zax": True,
        "QI": True,
        "ok": "not-in-lexicon",
    }


def test_a_russian_list_is_not_put_through_the_dictionary_filter(settings):
    words = "кот\nстолы\nножницы\nкрасивый\n"
    report = own_list(settings, "rutiny", words, alphabet="russian", language="ru")
    assert report.serves == ("scrabble-ru",)
    listed = ("кот", "столы", "красивый")
    assert verdicts(settings, "scrabble-ru", "rutiny", *listed, "кошка") == {
        "кот": True,
        "столы": True,
        "красивый": True,
        "кошка": "not-in-lexicon",
    }
    # The bundled dictionary records tags, and the same ruleset filters it.
    assert verdicts(settings, "scrabble-ru", None, *listed) == {
        "кот": True,
        "столы": "not-nominative-singular",
        "красивый": "wrong-part-of-speech",
    }


def test_a_list_for_erudite_folds_yo(settings):
    report = own_list(settings, "erudit", "пёс\nёлка\nкот\n", ruleset="erudite-ru")
    assert report.alphabet == "erudite" and report.serves == ("erudite-ru",)
    found = manifest(settings, "erudit")
    assert found["fold_variants"] == {"Ё": "Е"} and found["ruleset"] == "erudite-ru"
    assert found["language"] == "ru" and found["word_count"] == 3
    assert verdicts(settings, "erudite-ru", "erudit", "пёс", "пес", "ёлка", "елка", "кот") == {
        w: True for w in ("пёс", "пес", "ёлка", "елка", "кот")
    }
    # The same list read with the erudite alphabet alone takes the fold of the one
    # ruleset on that alphabet, instead of dropping ПЁС.
    plain = own_list(settings, "erudit2", "пёс\nёлка\nкот\n", alphabet="erudite")
    assert plain.word_count == 3 and not plain.dropped and plain.serves == ("erudite-ru",)
    assert verdicts(settings, "erudite-ru", "erudit2", "пес", "пёс") == {"пес": True, "пёс": True}


def test_a_russian_list_stores_fold_variants_for_erudite_and_scrabble_alike(settings):
    report = own_list(settings, "both", "ёлка\nстол\n", ruleset="erudite-ru", alphabet="russian")
    assert report.serves == ("erudite-ru", "scrabble-ru")
    assert manifest(settings, "both")["tags"] == ["word", "folded"]
    assert verdicts(settings, "erudite-ru", "both", "елка", "ёлка") == {"елка": True, "ёлка": True}
    assert verdicts(settings, "scrabble-ru", "both", "ёлка", "елка") == {
        "ёлка": True,
        "елка": "spelled-differently",
    }


def test_a_polish_list_serves_the_polish_ruleset(settings):
    report = own_list(settings, "osps", "źdźbło\nżaba\nkot\npies\nqi\n")
    assert report.alphabet == "polish" and report.manifest["language"] == "pl"
    assert report.serves == ("scrabble-pl",)
    assert report.dropped == {"not_in_alphabet": 1} and report.outside == {"q": 1}
    assert verdicts(settings, "scrabble-pl", "osps", "ŹDŹBŁO", "żaba", "koty") == {
        "ŹDŹBŁO": True,
        "żaba": True,
        "koty": "not-in-lexicon",
    }


# -- case --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "case", "kept"),
    [
        ("QI\nZA\nXYZZY\n", None, {"QI", "ZA", "XYZZY"}),
        ("qi\nza\nxyzzy\n", None, {"QI", "ZA", "XYZZY"}),
        ("cat\nqi\nQI\nZA\nXYZZY\nParis\n", "words", {"CAT", "QI", "ZA", "XYZZY", "PARIS"}),
        ("cat\nqi\nza\nParis\nNASA\n", PROPER, {"CAT", "QI", "ZA"}),
        ("CAT\nQI\nZAX\nParis\n", PROPER, {"CAT", "QI", "ZAX"}),
    ],
    ids=["caps", "lowercase", "mixed-as-words", "proper-nouns", "proper-nouns-in-caps"],
)
def test_case(settings, text, case, kept):
    options = {"case": case} if case else {}
    report = own_list(settings, "club", text, alphabet="english", **options)
    trie = open_registry(settings).lexicons["club"].trie
    assert set(trie.keys()) == kept
    assert report.case == (case or ("upper" if text.isupper() else "lower"))
    assert report.manifest["case"] == report.case


def test_a_mixed_case_list_asks_for_the_case(settings):
    with pytest.raises(AmbiguousCaseError, match="--case words") as caught:
        own_list(settings, "club", "cat\ndog\nqi\nQI\nZA\nXYZZY\n")
    assert caught.value.fields["counts"] == {"lower": 3, "upper": 3}
    assert caught.value.fields["examples"]["upper"] == ["QI", "ZA", "XYZZY"]
    assert not (settings.loaded_lexicon_dir / "club.yaml").exists()


def test_proper_nouns_capitalised_refuses_a_list_in_capitals(settings):
    with pytest.raises(LexiconBuildError, match="choose --case words"):
        own_list(settings, "club", "CAT\nDOG\nQI\nparis\n", case=PROPER)


# -- alphabet ------------------------------------------------------------------


def test_an_ambiguous_alphabet_is_named_not_guessed(settings):
    # No Ё and no letter outside either: the russian and the erudite alphabets fit.
    with pytest.raises(AmbiguousAlphabetError, match="erudite-ru") as caught:
        own_list(settings, "rutiny", "кот\nстол\n")
    assert caught.value.fields["alphabets"] == ["erudite", "russian", "ukrainian"]
    # Many editions spell A to Z: an A-to-Z list names its alphabet or its ruleset.
    with pytest.raises(AmbiguousAlphabetError, match="--ruleset") as latin:
        own_list(settings, "club", "kot\npies\n")
    assert {"english", "polish", "french", "dutch"} <= set(latin.value.fields["alphabets"])


def test_the_wrong_alphabet_names_the_one_that_fits(settings):
    with pytest.raises(LexiconBuildError, match="fit the russian alphabet better"):
        own_list(settings, "rutiny", "кот\nпёс\nёлка\n", alphabet="english")


def test_a_list_no_alphabet_spells_is_refused(settings):
    with pytest.raises(LexiconBuildError, match="no alphabet in config/alphabets"):
        own_list(settings, "greek", "λόγος\nάλφα\nbeta\n")


# -- the drop report -------------------------------------------------------------


def test_the_build_reports_what_it_dropped_by_reason_with_examples(settings):
    text = "cat\nqi\nx-ray\ndon't\nb52\nice cream\ncafé\nnaïve\ncat\na\nzax\n"
    report = own_list(settings, "club", text, alphabet="english")
    assert report.word_count == 3
    assert dict(report.dropped) == {
        "apostrophe": 1,
        "digit": 1,
        "duplicate": 1,
        "hyphen": 1,
        "not_in_alphabet": 2,
        "space": 1,
        "too_short": 1,
    }
    assert report.examples["not_in_alphabet"] == ["café", "naïve"]
    assert report.examples["space"] == ["ice cream"]
    assert report.outside == {"é": 1, "ï": 1}
    summary = report.summary()
    for line in (
        "not_in_alphabet: contains a letter that is not a tile of the alphabet (e.g. café, naïve)",
        "hyphen: contains a hyphen (e.g. x-ray)",
        "letters outside the english alphabet: é (1), ï (1)",
        "serves rulesets: scrabble-en",
    ):
        assert line in summary
    assert report.to_dict()["dropped"] == dict(report.dropped)


# -- a ruleset that needs tags ---------------------------------------------------


@pytest.fixture()
def needs_config(tmp_path: Path) -> Path:
    """The bundled config plus a ruleset whose filter cannot work without noun tags."""
    config = tmp_path / "config"
    shutil.copytree(CONFIG, config)
    rules = yaml.safe_load((config / "rulesets" / "scrabble-ru.yaml").read_text("utf-8"))
    rules["title"] = "Russian nouns only"
    rules["word_filter"] = {"accept": [["noun"]], "needs": ["noun"]}
    (config / "rulesets" / "nouns-ru.yaml").write_text(
        yaml.safe_dump(rules, allow_unicode=True), "utf-8"
    )
    return config


def test_a_ruleset_that_needs_tags_refuses_a_plain_list(settings, needs_config, caplog):
    config = dataclasses.replace(settings, config_dir=needs_config)
    with pytest.raises(LexiconBuildError, match="needs the tags noun"):
        own_list(config, "rutiny", "кот\nкоты\n", ruleset="nouns-ru")
    own_list(config, "rutiny", "кот\nкоты\n", ruleset="scrabble-ru")
    with caplog.at_level(logging.WARNING, logger="adjudicator.lexicons"):
        registry = open_registry(config)
    assert "'rutiny' cannot serve 'nouns-ru'" in caplog.text
    assert registry.fitting["nouns-ru"] == ["ru-opencorpora", "ru-erudite"]
    assert "rutiny" in registry.fitting["scrabble-ru"]
    with pytest.raises(LexiconLacksTagsError) as caught:
        registry.checker("nouns-ru", "rutiny")
    assert caught.value.code == "lexicon-lacks-tags" and caught.value.fields["missing"] == ["noun"]
    assert isinstance(caught.value, LexiconMismatchError)
    assert registry.checker("nouns-ru").check("коты")["valid"] is True  # the dictionary's


def test_a_ruleset_whose_own_lexicon_lacks_the_tags_stops_start_up(settings, needs_config):
    config = dataclasses.replace(settings, config_dir=needs_config)
    own_list(config, "rutiny", "кот\n", ruleset="scrabble-ru")
    path = needs_config / "rulesets" / "nouns-ru.yaml"
    path.write_text(path.read_text("utf-8").replace("ru-opencorpora", "rutiny"), "utf-8")
    with pytest.raises(ConfigError, match="nouns-ru.yaml: word_filter: .*needs the tags noun"):
        open_registry(config)


def test_a_lexicon_of_another_alphabet_says_why_it_does_not_fit(settings):
    own_list(settings, "club", "qi\nzax\n", alphabet="english")
    with pytest.raises(LexiconMismatchError, match="cannot spell") as caught:
        open_registry(settings).checker("scrabble-ru", "club")
    assert caught.value.code == "lexicon-mismatch"


def test_a_list_built_without_the_fold_says_how_to_build_it(settings):
    own_list(settings, "rutiny", "кот\nпёс\n", alphabet="russian", language="ru")
    assert verdicts(settings, "scrabble-ru", "rutiny", "кот", "пёс") == {"кот": True, "пёс": True}
    with pytest.raises(LexiconMismatchError, match="build the list with --ruleset erudite-ru"):
        open_registry(settings).checker("erudite-ru", "rutiny")
