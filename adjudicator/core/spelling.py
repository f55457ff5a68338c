"""Words as typed, to lexicon keys: the one way a word is looked up.

A word is read as every text is (:class:`~adjudicator.core.tile_reader.TileReader`:
NFC, the ruleset's fold, greedily by label, longest first), with blanks
undesignated, so either case spells the same word; its key is one code point per
tile (:meth:`Alphabet.key_char`).  Where a digraph tile is also written with
letters that are tiles themselves (Spanish [CH] as CH),
:meth:`TileReader.spell` reads the letters as the digraph, as the language
spells, and :meth:`TileReader.readings` gives every other tiling too.

A ruleset's word check spells with the ruleset's reader (``Ruleset.reader``),
compiled once by the loader; a lexicon builder compiles its own
(:class:`~adjudicator.builders.keys.KeyMaker`).
"""

from __future__ import annotations

import typing as t

from adjudicator.core.tile_reader import TileReader

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet


def Speller(alphabet: Alphabet, fold: t.Mapping[str, str] | None = None) -> TileReader:
    """The reader that spells ``alphabet``'s words under ``fold``, compiled for the
    caller (a word check and a lexicon build each hold one: the spelling was this
    class once, and the name stays for those who call it)."""
    return TileReader.compile(alphabet, fold)
