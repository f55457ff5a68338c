"""Is this a word under this ruleset?  A verdict, with the reason when it is not.

A phony is a verdict (``valid=False``), never an exception.  Reasons come from
the tags of the word's readings, so no language is named here.
"""

from __future__ import annotations

import itertools
import typing as t
import unicodedata
from dataclasses import dataclass, field
from typing import NotRequired

from typing_extensions import TypedDict

from adjudicator.core.house import HouseEventKind
from adjudicator.core.house_list import HouseNote
from adjudicator.core.lexicon import SOURCE_SHIFT, Lexicon
from adjudicator.core.wordfilter import TAGS, WordFilter, recorded_tags
from adjudicator.errors import InvalidRequestError, UnknownTileError, WordTooLongError

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.core.tile_reader import TileReader

MAX_WORD_LENGTH = 64

_COMMON_BAD = TAGS["proper"] | TAGS["abbreviation"]
_NOMINATIVE_PLURAL = TAGS["nominative"] | TAGS["plural"]
# The reasons a rejected reading gives, strongest first, as (code, detail before,
# detail after the key); the first two name the lemma instead of the key.
_REASONS = (
    ("not-nominative-singular", "plural of ", ""),
    ("case-form", "a case form of ", ""),
    ("abbreviation", "", " is an abbreviation"),
    ("proper-noun", "", " is a proper noun"),
    ("wrong-part-of-speech", "", " is an adjective"),
    ("wrong-part-of-speech", "", " is a verb"),
    ("wrong-part-of-speech", "", " is not a noun"),
    ("not-allowed", "no reading of ", " is allowed by this ruleset"),
)
_NAMES_LEMMA = 2  # reasons ranked below this name the lemma
_REASON_TAGS = ("abbreviation", "proper", "adjective", "verb", "other_pos")
_REASON_BITS = TAGS["noun"] | TAGS["oblique"]
for _name in _REASON_TAGS:
    _REASON_BITS |= TAGS[_name]
ACCEPTED = -1  # the rank of an accepted reading
_WEAKEST = len(_REASONS)  # below every rank
# Characters that make a real-world word form unplayable: answered as a verdict
# with this reason, not as an error, because "x-ray" and "don't" are words people
# genuinely ask about.
_SHAPE_REASONS = {
    "-": ("contains-hyphen", "contains a hyphen"),
    "\u2010": ("contains-hyphen", "contains a hyphen"),
    "'": ("contains-apostrophe", "contains an apostrophe"),
    "\u2019": ("contains-apostrophe", "contains an apostrophe"),
}


# A reason and a checked word are made for every word of every check and are the
# answer's items as they are, so they are typed dicts: plain data, which the web
# layer serializes without converting it.  (typing_extensions: pydantic reads
# typed dicts from there on Python 3.11.)


class Reason(TypedDict):
    """Why a word is not acceptable: a stable code and a sentence.  A judge answers
    ``None`` for an acceptable word and a :class:`Reason` for any other."""

    code: str
    detail: str


@dataclass(frozen=True, slots=True)
class WordJudge:
    """Judges canonical tile keys (see :meth:`Alphabet.key`) of one lexicon under
    one word filter.  Made once, at start-up, with the table it judges by.

    A key without readings is not in the lexicon; one whose every reading exists
    only through a letter fold the filter rejects is spelled differently.  Else
    each rejected reading ranks by the strongest of :data:`_REASONS` it shows on
    its own (a common noun in the nominative plural, in another case, an
    abbreviation, a proper noun, ..., so an abbreviation that names a place
    (СССР) is an abbreviation), and the strongest of all readings is the reason;
    the first reading of that rank names the lemma.

    A reason names a key by the tile labels it spells (:meth:`Alphabet.spell_key`:
    ``[CH]``, never the key's private character); without an ``alphabet``, keys
    are their labels.
    """

    lexicon: Lexicon
    word_filter: WordFilter
    alphabet: Alphabet | None = None
    # What it looks up, made with the judge from its fields (see JudgeTables).
    tables: JudgeTables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The one value a judge derives.  A judge is made from its lexicon and filter
        # alone (by a word checker, by tests), so its tables cannot be handed in; a
        # frozen dataclass takes a value derived from its own fields only here, once.
        object.__setattr__(self, "tables", JudgeTables.of(self.word_filter, self.lexicon))

    @property
    def sources(self) -> tuple[str, ...]:
        """A merged lexicon's source names, by the index its tag bits hold; empty for one."""
        return self.tables.sources

    def __call__(self, key: str) -> Reason | None:
        """Why the word of ``key`` is not acceptable; None when it is."""
        return self.reason(key, self.lexicon.trie.get(key))

    def reason(self, key: str, records: t.Sequence[tuple[int, int]] | None) -> Reason | None:
        """Why the word of ``key``, with these readings (``Lexicon.records``), is
        not acceptable; None when it is."""
        lexicon = self.lexicon
        if not records:
            return {
                "code": "not-in-lexicon",
                "detail": f"{self.spell(key)} is not in {lexicon.name}",
            }
        tables = self.tables
        mask, ranks = tables.mask, tables.ranks
        best, lemma_rule = _WEAKEST, 0
        every = -1  # the tags every reading has
        for tags, rule in records:
            rank = ranks[tags & mask]
            if rank == ACCEPTED:
                return None
            if rank < best:
                best, lemma_rule = rank, rule
            every &= tags
        if every & tables.folded:
            return _spelled_differently(lexicon, key, self.spell)
        code, before, after = _REASONS[best]
        named = lexicon.lemma(key, lemma_rule) if best < _NAMES_LEMMA else key
        return {"code": code, "detail": before + self.spell(named) + after}

    def spell(self, key: str) -> str:
        """A key as the user writes it: its tiles' labels."""
        return key if self.alphabet is None else self.alphabet.spell_key(key)

    def source(self, records: t.Sequence[tuple[int, int]]) -> str | None:
        """Which of a merged lexicon's sources the first acceptable of these
        readings comes from; None when none is acceptable or the lexicon has one source."""
        tables = self.tables
        sources = tables.sources
        if not sources:
            return None
        mask, ranks = tables.mask, tables.ranks
        for tags, _rule in records:
            if ranks[tags & mask] == ACCEPTED:
                return sources[tags >> SOURCE_SHIFT]
        return None


@dataclass(frozen=True, slots=True)
class JudgeTables:
    """What a :class:`WordJudge` looks up, made once from its filter and lexicon."""

    mask: int  # the tag bits that matter to the filter and the reasons
    ranks: t.Mapping[int, int]  # tags & mask -> ACCEPTED, or an index in _REASONS
    folded: int  # a key whose every reading has these bits is spelled differently
    sources: tuple[str, ...]  # a merged lexicon's source names; empty for one source

    @classmethod
    def of(cls, flt: WordFilter, lexicon: Lexicon) -> JudgeTables:
        """The ranks under ``flt`` of the tag bits ``lexicon`` records."""
        mask = flt.reject | _COMMON_BAD | _NOMINATIVE_PLURAL | _REASON_BITS
        for need in flt.accept:
            mask |= need
        # Only the bits this lexicon's readings can carry (a plain list: a few).
        mask &= recorded_tags(lexicon.manifest.get("tags"))
        ranks = {}
        bits = mask
        while True:  # every subset of mask
            ranks[bits] = ACCEPTED if flt.accepts(bits) else _rank(bits)
            if not bits:
                break
            bits = (bits - 1) & mask
        return cls(mask, ranks, flt.reject & TAGS["folded"], lexicon.sources)


def _rank(tags: int) -> int:
    """The index in :data:`_REASONS` of the strongest reason one rejected reading gives."""
    if tags & TAGS["noun"] and not tags & _COMMON_BAD:
        if tags & _NOMINATIVE_PLURAL == _NOMINATIVE_PLURAL:
            return 0
        if tags & TAGS["oblique"]:
            return 1
    for rank, name in enumerate(_REASON_TAGS, 2):
        if tags & TAGS[name]:
            return rank
    return len(_REASONS) - 1


def _spelled_differently(lexicon: Lexicon, key: str, spell: t.Callable[[str], str]) -> Reason:
    """The reason for a key whose every reading exists only through a letter fold."""
    spelled = _unfolded_spelling(lexicon, key)
    detail = (
        f"{lexicon.name} spells it {spell(spelled)}" if spelled else "spelled with another letter"
    )
    return {"code": "spelled-differently", "detail": detail}


def _unfolded_spelling(lexicon: Lexicon, key: str) -> str | None:
    """Find the spelling the fold came from (ЕЛКА -> ЁЛКА); at most 64 tries."""
    back: dict[str, list[str]] = {}
    for src, dst in lexicon.fold_variants.items():
        back.setdefault(dst, []).append(src)
    spots = [i for i, ch in enumerate(key) if ch in back][:6]
    for choice in itertools.product([False, True], repeat=len(spots)):
        chars = list(key)
        for use, i in zip(choice, spots, strict=True):
            if use:
                chars[i] = back[chars[i]][0]
        candidate = "".join(chars)
        if candidate != key and any(
            not r.tags & TAGS["folded"] for r in lexicon.readings(candidate)
        ):
            return candidate
    return None


class CheckedWord(TypedDict):
    """A word as typed, judged: its canonical spelling (``word``), whether it is
    acceptable, its tile labels (``tiles``; absent when it has no tile spelling,
    such as "x-ray") and why it is not acceptable (``reason``; absent when it is).

    ``folded`` names the ruleset's letter folds the typed word went through (é to
    e), as typed (a letter typed decomposed, e and a combining accent, is folded
    all the same but not named); ``tilings`` how many tilings of its letters were
    judged, when more than one (CH as the Spanish [CH] tile or as C and H): the
    verdict is on the first acceptable one, else on the first, which reads each
    such digraph as its tile.
    ``tiles`` shows the tiling judged.  ``source``, for a lexicon merged from
    several sources, names the one whose reading accepts the word; ``house``,
    for a house list, the entry that added or removed it."""

    word: str
    valid: bool
    tiles: NotRequired[list[str]]
    reason: NotRequired[Reason]
    folded: NotRequired[dict[str, str]]
    tilings: NotRequired[int]
    source: NotRequired[str]
    house: NotRequired[HouseNote]


@dataclass(frozen=True, slots=True)
class WordChecker:
    """One ruleset's word check against one lexicon (built once, at start-up).

    The ruleset's filter applies through the tags the lexicon records
    (:meth:`WordFilter.within`): a plain word list's words are accepted as listed.
    """

    rules: Ruleset
    lexicon: Lexicon
    _judge: WordJudge = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The one value a checker derives.  A checker is made from its ruleset and
        # lexicon alone (by the loader, by tests), so its judge cannot be handed in;
        # a frozen dataclass takes a value derived from its own fields only here, once.
        recorded = recorded_tags(self.lexicon.manifest.get("tags"))
        word_filter = self.rules.word_filter.within(recorded)
        object.__setattr__(
            self, "_judge", WordJudge(self.lexicon, word_filter, self.rules.alphabet)
        )

    @property
    def reader(self) -> TileReader:
        """How words are read: the ruleset's alphabet under its fold."""
        return self.rules.reader

    def check(self, text: str, max_length: int = MAX_WORD_LENGTH) -> CheckedWord:
        """Judge one word as typed: either case, NFC or not, folded by the ruleset.

        :raises InvalidRequestError: an empty word.
        :raises UnknownTileError: a character outside the alphabet (with its position).
        :raises WordTooLongError: more than ``max_length`` tiles.
        """
        word = text.strip()
        if not word:
            raise InvalidRequestError("empty word", word=text)
        # A tile reads from at most the longest of its texts (NFC, as read): longer
        # text is too long, said without reading (and quoting) all of it.
        reader = self.rules.reader
        size = len(unicodedata.normalize("NFC", word))
        if size > max_length * reader.longest:
            raise WordTooLongError(
                f"{size} characters; at most {max_length} tiles", word, max_length
            )
        try:
            # A digraph alphabet's tilings (spell()'s first), read once; else spell().
            readings = reader.readings(word) if reader.digraphs else None
            key, labels = readings[0] if readings else reader.spell(word)
        except UnknownTileError as exc:
            char = exc.fields["character"]
            if char in _SHAPE_REASONS or char.isdigit():
                code, detail = _SHAPE_REASONS.get(char, ("contains-digit", "contains a digit"))
                where = f"{detail} (character {exc.fields['position'] + 1})"
                shown = unicodedata.normalize("NFC", word).upper()
                return {"word": shown, "valid": False, "reason": {"code": code, "detail": where}}
            raise
        if len(labels) > max_length:
            raise WordTooLongError(f"{len(labels)} tiles; at most {max_length}", word, max_length)
        reason, records, note = self._reason(key)
        tilings = len(readings) if readings else 1
        if reason is not None and readings:
            for other_key, other_labels in readings[1:]:
                other = self._reason(other_key)
                if other[0] is None:
                    key, labels, (reason, records, note) = other_key, other_labels, other
                    break
        if reason is None:
            verdict: CheckedWord = {"word": "".join(labels), "valid": True, "tiles": labels}
            source = self._judge.source(records) if self._judge.tables.sources else None
            if source is not None:
                verdict["source"] = source
        else:
            verdict = {"word": "".join(labels), "valid": False, "tiles": labels, "reason": reason}
        if note is not None:
            verdict["house"] = note
        if reader.folds is not None and reader.folds.search(word):
            verdict["folded"] = {src: dst for src, dst in reader.fold.items() if src in word}
        if tilings > 1:
            verdict["tilings"] = tilings
        return verdict

    def judge(self, tiles: t.Iterable[int]) -> Reason | None:
        """Why a word given as undesignated tiles is not acceptable; None when it is."""
        return self._reason(self.rules.alphabet.key(tiles))[0]

    def _reason(
        self, key: str
    ) -> tuple[Reason | None, t.Sequence[tuple[int, int]], HouseNote | None]:
        """Why ``key`` is not acceptable (None when it is), the readings judged, and
        the house list's entry that decided it, if one did (then no readings)."""
        house = self.lexicon.house
        hit = house.lookup(key) if house is not None else None
        if house is None or hit is None:
            records = self.lexicon.records(key)
            return self._judge.reason(key, records), records, None
        entry, folded = hit
        spell = self._judge.spell
        if folded and self._judge.tables.folded:
            # A spelling the fold makes, which this ruleset does not take: as for a
            # base word's folded reading, the key is judged by its readings of its
            # own (ЛЁС added leaves ЛЕС a word; ЛЁС struck does not strike it).
            records = self.lexicon.records(key)
            reason = self._judge.reason(key, records)
            if reason is None or entry.kind == HouseEventKind.REMOVE:
                return reason, records, None
            detail = f"{house.name} spells it {spell(entry.keys[0][0])}"
            return {"code": "spelled-differently", "detail": detail}, (), house.note(entry)
        if entry.kind == HouseEventKind.REMOVE:
            detail = f"{spell(key)} is struck from {house.name}: {entry.why}"
            return {"code": "removed-by-house-list", "detail": detail}, (), house.note(entry)
        return None, (), house.note(entry)
