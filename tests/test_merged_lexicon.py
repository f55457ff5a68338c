"""A lexicon merged from several sources: the pymorphy3 builder with hunspell
nouns and a repairs list, on a small Debian package made here (no network).

Every reading keeps the index of its source, and a word accepted through the
second or third source names it in its answer.
"""

from __future__ import annotations

import hashlib

import pytest
import yaml

from adjudicator.builders import build_from_recipe, load_recipe
from adjudicator.core.lexicon import SOURCE_SHIFT
from adjudicator.core.verdict import WordChecker
from adjudicator.core.wordfilter import TAGS, tag_bits
from adjudicator.errors import LexiconBuildError
from adjudicator.loaders import load_config, load_lexicon
from tests.conftest import CONFIG
from tests.test_hunspell_builder import make_deb

pytest.importorskip("pymorphy3")

RULES = load_config(CONFIG)
# A made-up Russian dictionary: two nouns OpenCorpora lacks (K: a hard masculine
# class), one it knows, a name, an adjective, and a stem pymorphy3 reads as a
# plural only (no nominative singular: left out).
AFF = """SET UTF-8
SFX K Y 9
SFX K 0 а .
SFX K 0 у .
SFX K 0 ом .
SFX K 0 е .
SFX K 0 ы .
SFX K 0 ов .
SFX K 0 ам .
SFX K 0 ами .
SFX K 0 ах .
"""
DIC = """6
бетоноукладчик/K
барельефчик/K
стол/K
Колмогоров/K
красный
тартариды/K
"""
WORDS = ["бетоноукладчик", "барельефчик", "стол", "столы", "красный", "тартариды", "адажио"]
# ... and words whose readings carry every tag the Erudite filter asks about.
WORDS += ["ножницы", "москва", "вуз"]


@pytest.fixture
def merged(tmp_path):
    deb = make_deb(tmp_path, DIC, AFF)
    repairs = tmp_path / "repairs.yaml"
    repairs.write_text("loan_nouns:\n  адажио: a slow piece of music\n", "utf-8")
    recipe = yaml.safe_load((CONFIG / "lexicons" / "ru-erudite.yaml").read_text("utf-8"))
    recipe["hunspell_nouns"].update(
        url=deb.as_uri(),
        sha256=hashlib.sha256(deb.read_bytes()).hexdigest(),
        file="usr/share/hunspell/xx.dic",
        package="hunspell-xx",
    )
    recipe["repairs"] = str(repairs)
    try:
        report = build_from_recipe(recipe, tmp_path / "out", RULES.alphabets, words=WORDS)
    except LexiconBuildError as exc:
        pytest.skip(str(exc))  # the pinned dictionary is not installed
    return report, load_lexicon(tmp_path / "out" / "ru-erudite.yaml")


def sources_of(lexicon, key: str) -> set[int]:
    return {tags >> SOURCE_SHIFT for tags, _ in lexicon.records(key)}


def test_each_reading_keeps_its_source(merged):
    report, lexicon = merged
    assert lexicon.sources == ("pymorphy3-dicts-ru", "hunspell-xx", "repairs")
    lemma = tag_bits(["noun", "nominative", "singular", "lemma"])
    for key in ("БЕТОНОУКЛАДЧИК", "БАРЕЛЬЕФЧИК"):
        assert sources_of(lexicon, key) == {1}
        assert any(tags & lemma == lemma for tags, _ in lexicon.records(key))
    # Its other forms come from pymorphy3's paradigm, kept where hunspell accepts them.
    oblique = [t for t, _ in lexicon.records("БЕТОНОУКЛАДЧИКА") if t & TAGS["oblique"]]
    assert oblique and {t >> SOURCE_SHIFT for t in oblique} == {1}
    assert lexicon.lemma("БЕТОНОУКЛАДЧИКАМИ", lexicon.records("БЕТОНОУКЛАДЧИКАМИ")[0][1]) == (
        "БЕТОНОУКЛАДЧИК"
    )
    # A word OpenCorpora knows keeps OpenCorpora's readings only.
    assert sources_of(lexicon, "СТОЛ") == {0}
    # No name, no stem outside the noun flags, no stem without a nominative singular.
    assert "КОЛМОГОРОВ" not in lexicon and "ТАРТАРИДЫ" not in lexicon
    assert sources_of(lexicon, "КРАСНЫЙ") == {0}
    assert 2 in sources_of(lexicon, "АДАЖИО")
    counts = report.manifest["sources"][1]["counts"]
    assert counts["stems"] == 4 and counts["known"] == 1 and counts["nouns"] == 2
    assert report.manifest["sources"][2]["entries"] == {"loan_nouns": 1}


def test_an_answer_names_the_source_that_accepts_it(merged):
    _, lexicon = merged
    checker = WordChecker(RULES.rulesets["erudite-ru"], lexicon)
    assert checker.check("бетоноукладчик")["source"] == "hunspell-xx"
    assert checker.check("стол")["source"] == "pymorphy3-dicts-ru"
    assert checker.check("адажио")["source"] == "repairs"
    refused = checker.check("столы")
    assert refused["reason"]["code"] == "not-nominative-singular" and "source" not in refused
    oblique = checker.check("бетоноукладчика")
    assert oblique["reason"] == {"code": "case-form", "detail": "a case form of БЕТОНОУКЛАДЧИК"}


def test_a_repairs_file_is_checked(tmp_path):
    from adjudicator.builders.repairs import read_repairs

    path = tmp_path / "repairs.yaml"
    path.write_text("loan_nouns:\n  адажио: ''\n", "utf-8")
    with pytest.raises(LexiconBuildError, match="with a reason"):
        read_repairs(path)


def test_only_the_pymorphy3_builder_merges():
    data = yaml.safe_load((CONFIG / "lexicons" / "ru-erudite.yaml").read_text("utf-8"))
    data["builder"] = "wordlist"
    data["path"] = "words.txt"
    with pytest.raises(LexiconBuildError, match="only builder pymorphy3"):
        load_recipe(data)
