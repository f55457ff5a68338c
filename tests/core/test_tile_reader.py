from __future__ import annotations

import pytest

from adjudicator.core.alphabet import Alphabet, TileSpec
from adjudicator.core.tile_reader import TileReader
from adjudicator.core.tiles import BLANK, BLANK_BIT, EMPTY
from adjudicator.errors import UnknownTileError

# A digraph alphabet: [CH] bracketed, also spelled with its letters C and H.
SPANISH = Alphabet(
    "mini",
    (
        TileSpec("A", "a", 1, 1),
        TileSpec("C", "c", 1, 1),
        TileSpec("[CH]", "[ch]", 1, 5, ("1",), (), ("CH", "ch")),
        TileSpec("H", "h", 1, 1),
    ),
)


@pytest.mark.parametrize(
    ("ruleset", "read", "text", "position", "character"),
    [
        # A board row's unknown character is an error naming it, never an assertion.
        ("scrabble-es", "cells", "AB.\ue105", 3, "\ue105"),  # a placeholder typed in
        ("scrabble-es", "cells", "[CH]X@", 5, "@"),  # after a longer label
        ("scrabble-es", "cells", "A?", 1, "?"),  # a rack's blank is no square
        ("scrabble-en", "cells", "Aé", 1, "é"),  # no fold on a board
        ("scrabble-de", "spell", "Straße!", 7, "!"),  # ß read as ss: folded positions
        ("scrabble-fr", "tiles", "cœur1", 5, "1"),  # œ read as OE
        ("scrabble-ca", "spell", "col·leg%", 7, "%"),  # L·L is one piece of three
        ("scrabble-es", "move", "CH.?", 3, "?"),  # a move's blank is no tile
    ],
)
def test_an_unknown_piece_is_named_by_its_folded_position(
    registry, ruleset, read, text, position, character
):
    rules = registry.rulesets[ruleset]
    reader = rules.alphabet.reader if read == "cells" else rules.reader
    with pytest.raises(UnknownTileError) as info:
        getattr(reader, read)(text)
    assert info.value.fields["position"] == position
    assert info.value.fields["character"] == character


def test_each_thing_read_has_its_symbols():
    reader = SPANISH.reader
    assert reader.tiles("Ch[CH]") == [2, 4 | BLANK_BIT, 3]
    assert reader.rack("a?1") == [1 | BLANK_BIT, BLANK, 3]
    assert reader.move("C.A") == [2, None, 1]
    assert reader.cells("[ch].A") == bytes([3 | BLANK_BIT, EMPTY, 1])
    assert reader.row_text(reader.cells("[ch].A")) == "[ch].A"
    assert reader.read(".*", {".": -1, "*": -2}) == [-1, -2]  # a pattern's wildcards


def test_spelling_reads_digraph_letters_both_ways():
    reader = SPANISH.reader
    key, labels = reader.spell("chach")
    assert labels == ["[CH]", "A", "[CH]"]
    assert key == SPANISH.key([3, 1, 3])
    assert [labels for _, labels in reader.readings("chach")] == [
        ["[CH]", "A", "[CH]"],
        ["[CH]", "A", "C", "H"],
        ["C", "H", "A", "[CH]"],
        ["C", "H", "A", "C", "H"],
    ]


def test_a_ruleset_reads_under_its_own_fold(registry):
    erudite = registry.rulesets["erudite-ru"]
    assert erudite.reader.fold == erudite.fold
    assert erudite.alphabet.reader.fold == {}
    assert erudite.reader.tiles("ёж") == erudite.alphabet.tokenize("еж")
    with pytest.raises(UnknownTileError):
        erudite.alphabet.reader.tiles("ёж")


def test_a_word_checker_reads_with_its_rulesets_reader(full_registry):
    checker = full_registry.checker("scrabble-es")
    assert checker.reader is full_registry.rulesets["scrabble-es"].reader


def test_reader_is_not_a_ruleset_file_key():
    from adjudicator.core.ruleset import _KEYS

    assert "reader" not in _KEYS


def test_a_text_in_the_placeholders_range_is_refused():
    with pytest.raises(ValueError, match="placeholders"):
        TileReader.compile(Alphabet("odd", (TileSpec("\ue100", "\ue101", 1, 1),)))
