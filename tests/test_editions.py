"""The national editions: their tile sets, and how their words are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.spelling import Speller
from adjudicator.loaders import load_config
from adjudicator.services.lexicons import build_lexicon
from adjudicator.services.registry import open_registry
from adjudicator.settings import Settings
from tests.conftest import CONFIG, LEXICONS

REGISTRY = load_config(CONFIG)

# Tiles in all, blanks included, as each edition's box has them.
TOTALS = {
    "french": 102,
    "german": 102,
    "spanish": 100,
    "catalan": 100,
    "polish": 100,
    "italian": 120,
    "italian-spear": 120,
    "dutch": 102,
    "portuguese": 120,
    "romanian": 100,
    "ukrainian": 104,
}


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_each_edition_has_its_boxes_tiles(name):
    alphabet = REGISTRY.alphabets[name]
    assert alphabet.total_tiles == TOTALS[name]
    assert "Source:" in (CONFIG / "alphabets" / f"{name}.yaml").read_text("utf-8")


@pytest.mark.parametrize("code", ["fr", "de", "es", "ca", "pl", "it", "nl", "pt", "ro", "uk"])
def test_each_edition_has_a_ruleset_naming_its_lexicon(code):
    rules = REGISTRY.rulesets[f"scrabble-{code}"]
    assert rules.language == code
    assert rules.lexicon == f"{code}-hunspell"
    assert (CONFIG / "lexicons" / f"{code}-hunspell.yaml").exists()


def spell(ruleset: str, text: str) -> list[str]:
    rules = REGISTRY.rulesets[ruleset]
    return Speller(rules.alphabet, rules.fold).spell(text)[1]


@pytest.mark.parametrize(
    ("ruleset", "typed", "tiles"),
    [
        ("scrabble-es", "chico", ["[CH]", "I", "C", "O"]),
        ("scrabble-es", "LLUVIA", ["[LL]", "U", "V", "I", "A"]),
        ("scrabble-es", "perro", ["P", "E", "[RR]", "O"]),
        ("scrabble-es", "[CH]ICO", ["[CH]", "I", "C", "O"]),
        ("scrabble-es", "1ico", ["[CH]", "I", "C", "O"]),
        ("scrabble-es", "niño", ["N", "I", "Ñ", "O"]),
        ("scrabble-es", "canción", ["C", "A", "N", "C", "I", "O", "N"]),
        ("scrabble-ca", "col·legi", ["C", "O", "L·L", "E", "G", "I"]),
        ("scrabble-ca", "any", ["A", "NY"]),
        ("scrabble-ca", "qüestió", ["QU", "E", "S", "T", "I", "O"]),
        ("scrabble-ca", "caça", ["C", "A", "Ç", "A"]),
        ("scrabble-ca", "CO[L·L]EGI", ["C", "O", "L·L", "E", "G", "I"]),  # as Macondo writes it
        ("scrabble-fr", "été", ["E", "T", "E"]),
        ("scrabble-fr", "cœur", ["C", "O", "E", "U", "R"]),
        ("scrabble-de", "Straße", ["S", "T", "R", "A", "S", "S", "E"]),
        ("scrabble-de", "Bär", ["B", "Ä", "R"]),
        ("scrabble-ro", "țară", ["T", "A", "R", "A"]),
        ("scrabble-pt", "ação", ["A", "Ç", "A", "O"]),
        ("scrabble-uk", "м’ясо", ["М", "'", "Я", "С", "О"]),
        ("scrabble-uk", "ґанок", ["Ґ", "А", "Н", "О", "К"]),
    ],
)
def test_words_read_as_each_edition_tiles_them(ruleset, typed, tiles):
    assert spell(ruleset, typed) == tiles


def test_a_digraph_written_with_letters_is_read_both_ways():
    rules = REGISTRY.rulesets["scrabble-es"]
    readings = Speller(rules.alphabet, rules.fold).readings("chicharrón")
    assert len(readings) == 8  # two CH and one RR, each as the tile or as its letters
    assert readings[0][1] == ["[CH]", "I", "[CH]", "A", "[RR]", "O", "N"]
    assert readings[-1][1] == list("CHICHARRON")
    assert len({key for key, _ in readings}) == 8


@pytest.fixture()
def settings(tmp_path: Path) -> Settings:
    return Settings.from_env(
        env={"ADJUDICATOR_DATA_DIR": str(tmp_path / "data")},
        config_dir=CONFIG,
        lexicon_dir=LEXICONS,
    )


def own_list(settings: Settings, name: str, ruleset: str, words: str) -> None:
    source = settings.data_dir.parent / f"{name}.txt"
    source.write_text(words, encoding="utf-8")
    build_lexicon(settings, wordlist=source, name=name, ruleset=ruleset)


def test_a_spanish_ruling_says_which_tiling_it_judged(settings):
    own_list(settings, "es-club", "scrabble-es", "chico\ncoche\nperro\ncanción\n")
    checker = open_registry(settings).checker("scrabble-es", "es-club")
    chico = checker.check("CHICO")
    assert chico["valid"] and chico["tiles"] == ["[CH]", "I", "C", "O"]
    assert chico["tilings"] == 2 and chico["word"] == "[CH]ICO"
    # The tile typed in brackets is one reading only.
    assert "tilings" not in checker.check("[CH]ICO")
    # Not a word either way: the verdict names the tiling with the digraph.
    chica = checker.check("chica")
    assert not chica["valid"] and chica["tiles"][0] == "[CH]" and chica["tilings"] == 2
    accents = checker.check("canción")
    assert accents["valid"] and accents["folded"] == {"ó": "o"}


def test_a_ukrainian_list_keeps_its_apostrophe_words(settings):
    own_list(settings, "uk-club", "scrabble-uk", "м'ясо\nп’ять\nкіт\n")
    checker = open_registry(settings).checker("scrabble-uk", "uk-club")
    assert checker.check("м’ясо")["valid"] and checker.check("пʼять")["valid"]
    assert checker.check("кіт")["valid"]


def test_a_french_list_is_read_with_its_accents_folded(settings):
    own_list(settings, "fr-club", "scrabble-fr", "été\ncœur\nélève\n")
    checker = open_registry(settings).checker("scrabble-fr", "fr-club")
    assert checker.check("ETE")["valid"] and checker.check("été")["folded"] == {"é": "e"}
    assert checker.check("coeur")["valid"] and checker.check("ÉLÈVE")["valid"]
