from __future__ import annotations

import unicodedata

import pytest

from adjudicator.core.alphabet import Alphabet, TileSpec
from adjudicator.core.tiles import BLANK, BLANK_BIT
from adjudicator.errors import UnknownTileError


@pytest.fixture()
def spanish() -> Alphabet:
    # A small Spanish-like alphabet with bracketed digraphs and aliases.
    return Alphabet(
        "spanish",
        (
            TileSpec("A", "a", 12, 1),
            TileSpec("C", "c", 4, 3),
            TileSpec("[CH]", "[ch]", 1, 5, ("1",), ("!",)),
            TileSpec("H", "h", 2, 4),
            TileSpec("L", "l", 4, 1),
            TileSpec("[LL]", "[ll]", 1, 8),
        ),
        "?",
        2,
    )


def test_english_round_trip(registry):
    alpha = registry.alphabets["english"]
    tiles = alpha.tokenize("QuIZ")
    assert tiles == [17, 21 | BLANK_BIT, 9, 26]
    assert alpha.render(tiles) == "QuIZ"
    assert alpha.labels(tiles) == ["Q", "u", "I", "Z"]


def test_digraph_never_collides_with_its_letters(spanish):
    ch = spanish.tokenize("[CH]A")
    c_h = spanish.tokenize("CHA")
    assert ch == [3, 1] and c_h == [2, 4, 1]
    assert spanish.key(ch) != spanish.key(c_h)
    assert len(spanish.key(ch)) == 2  # one code point per tile
    assert spanish.tokenize("1A") == ch  # alias
    assert spanish.tokenize("[ch]") == [3 | BLANK_BIT]
    assert spanish.render(ch) == "[CH]A"


def test_ambiguous_digraph_must_be_bracketed():
    alpha = Alphabet(
        "bad", (TileSpec("C", "c", 1, 1), TileSpec("H", "h", 1, 1), TileSpec("CH", "ch", 1, 1))
    )
    assert alpha.ambiguous_labels() == ["CH"]


def test_nfd_input_is_normalised(registry):
    alpha = registry.alphabets["russian"]
    nfd = unicodedata.normalize("NFD", "ЁЖ")
    assert len(nfd) == 3
    assert alpha.render(alpha.tokenize(nfd)) == "ЁЖ"


def test_fold_is_configuration(registry):
    erudite = registry.alphabets["erudite"]
    with pytest.raises(UnknownTileError):
        erudite.tokenize("ЁЖ")
    assert erudite.render(erudite.tokenize("ёж", fold={"Ё": "Е", "ё": "е"})) == "еж"


def test_latin_lookalike_is_rejected_with_position(registry):
    russian = registry.alphabets["russian"]
    with pytest.raises(UnknownTileError) as info:
        russian.tokenize("СТOЛ")  # Latin O at position 2
    assert info.value.fields["position"] == 2
    assert info.value.fields["character"] == "O"
    assert "character 3 of" in info.value.detail  # a person counts from 1


def test_rack_blank(registry):
    alpha = registry.alphabets["english"]
    assert alpha.rack("AB?") == [1, 2, BLANK]
    erudite = registry.alphabets["erudite"]
    assert erudite.rack("А*") == [1, BLANK]


@pytest.mark.parametrize(
    "name,total", [("english", 100), ("russian", 104), ("erudite", 106), ("polish", 100)]
)
def test_tile_totals(registry, name, total):
    assert registry.alphabets[name].total_tiles == total


def test_every_configured_alphabet_is_unambiguous(registry):
    for alpha in registry.alphabets.values():
        assert alpha.ambiguous_labels() == []
