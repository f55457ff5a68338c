"""Nouns a morphological dictionary lacks, from a hunspell dictionary's noun classes.

OpenCorpora misses many derived and technical nouns that word-game players
play (абрикосик, бетоноукладчик).  Debian's ``hunspell-ru`` lists many of them:
its affix classes group stems by inflection, and the recipe names the classes
that inflect nouns (``noun_flags``).  A stem of such a class is added when

* the morphological dictionary does not know the word at all (a known word
  keeps the dictionary's readings: a second source never overrides the first);
* pymorphy3, as a tie-breaker only, reads it as a common noun in the
  nominative, singular or without a singular; its predicted paradigm gives the
  stem's other forms, and only those hunspell itself accepts are kept.

Every reading made here carries the source's index in its tag bits (see
:mod:`adjudicator.core.lexicon`), so an answer can say where a word came from.
"""

from __future__ import annotations

import tempfile
import typing as t
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.lexicon import SOURCE_SHIFT
from adjudicator.core.wordfilter import TAGS

from .expanders import accepted, hunspell_version
from .fetch import fetch
from .keys import KeyMaker
from .records import LemmaRules, Record
from .report import Dropped
from .sections import checked_section, name_list

_REQUIRED = {"package", "version", "url", "sha256", "file", "license", "noun_flags"}
_OPTIONAL = {"attribution"}
_NOUN_NOMINATIVE = TAGS["noun"] | TAGS["nominative"]
_NUMBER = TAGS["singular"] | TAGS["plural_only"]
_COMMON_BAD = TAGS["proper"] | TAGS["abbreviation"]


@dataclass(frozen=True, slots=True)
class HunspellNouns:
    """Where the nouns come from: a ``.deb`` pinned like a hunspell recipe's."""

    package: str
    version: str
    url: str
    sha256: str
    file: str
    license: str
    noun_flags: frozenset[str]
    attribution: str | None = None

    def provenance(self, counts: t.Mapping[str, int]) -> dict[str, t.Any]:
        return {
            "name": self.package,
            "registry": "debian",
            "package": self.package,
            "version": self.version,
            "url": self.url,
            "sha256": self.sha256,
            "file": self.file,
            "license": self.license,
            "attribution": self.attribution,
            "noun_flags": "".join(sorted(self.noun_flags)),
            "tie_breaker": "pymorphy3's predictor: a common noun in the nominative",
            "checked_with": f"{hunspell_version()} -G: every form kept is one it accepts",
            "counts": dict(counts),
        }


def hunspell_nouns_from_mapping(data: t.Any, where: str) -> HunspellNouns:
    """:raises LexiconBuildError: not a mapping, or an unknown or missing key."""
    data = checked_section(data, where, "hunspell_nouns", _REQUIRED, _OPTIONAL)
    flags = name_list(data, "noun_flags", where, "hunspell_nouns")
    return HunspellNouns(
        **{k: str(v) for k, v in data.items() if k != "noun_flags"}, noun_flags=frozenset(flags)
    )


def noun_stems(dic_text: str, noun_flags: frozenset[str]) -> list[str]:
    """The lower-case, all-letter stems of a ``.dic`` with one of ``noun_flags``."""
    stems: dict[str, None] = {}
    for line in dic_text.splitlines()[1:]:
        stem, _, flags = line.strip().partition("/")
        if stem.isalpha() and stem.islower() and noun_flags.intersection(flags):
            stems[stem] = None
    return list(stems)


def _common_nominative(bits: int) -> bool:
    """A common noun's reading in the nominative, singular or without a singular."""
    return (
        bits & _NOUN_NOMINATIVE == _NOUN_NOMINATIVE
        and bool(bits & _NUMBER)
        and not bits & _COMMON_BAD
    )


def noun_records(
    source: HunspellNouns,
    analyzer: t.Any,
    alphabet: Alphabet,
    rules: LemmaRules,
    source_index: int,
    *,
    tag_bits: t.Callable[[t.Any], int],
    work_dir: Path | None = None,
    only: t.Iterable[str] | None = None,
) -> tuple[set[Record], dict[str, int], Dropped]:
    """The readings of every noun the analyzer's dictionary lacks.

    :param tag_bits: our tag bits for one OpenCorpora tag (the pymorphy3 builder's).
    :param only: look at these stems only (tests, quick looks).
    :raises LexiconBuildError: a failed fetch or checksum, a file missing from
        the package, hunspell missing.
    """
    from .hunspell import deb_members, encoding_of

    aff_path = source.file.removesuffix(".dic") + ".aff"
    make_key = KeyMaker(alphabet)
    dropped = Dropped()
    counts = {"stems": 0, "known": 0, "no_noun_reading": 0, "nouns": 0, "forms": 0}
    with tempfile.TemporaryDirectory(prefix="adjudicator-nouns-", dir=work_dir) as tmp:
        folder = Path(tmp)
        files = deb_members(fetch(source.url, source.sha256, folder), (source.file, aff_path))
        encoding = encoding_of(files[aff_path])
        dic = folder / "words.dic"
        dic.write_bytes(files[source.file])
        (folder / "words.aff").write_bytes(files[aff_path])
        stems = noun_stems(files[source.file].decode(encoding), source.noun_flags)
        if only is not None:
            wanted = set(only)
            stems = [stem for stem in stems if stem in wanted]
        counts["stems"] = len(stems)
        lexemes: dict[str, list[tuple[str, t.Any]]] = {}
        for stem in stems:
            if analyzer.word_is_known(stem):
                counts["known"] += 1
                continue
            parses = analyzer.parse(stem)
            reading = next((p for p in parses if _common_nominative(tag_bits(p.tag))), None)
            if reading is None or reading.normal_form != stem:
                dropped.add("no_noun_reading", stem)
                counts["no_noun_reading"] += 1
                continue
            lexemes[stem] = [(form.word, form.tag) for form in reading.lexeme]
        forms = {word for lexeme in lexemes.values() for word, _ in lexeme}
        kept = set(accepted(sorted(forms), dic)) | set(lexemes)
    source_bits = source_index << SOURCE_SHIFT
    records: set[Record] = set()
    for stem, lexeme in lexemes.items():
        lemma_key = make_key.try_key(stem)
        if lemma_key is None:
            dropped.add("not_in_alphabet", stem)
            continue
        numbers = 0
        for _, tag in lexeme:
            numbers |= tag_bits(tag)
        extra = source_bits
        if numbers & TAGS["plural"] and not numbers & TAGS["singular"]:
            extra |= TAGS["no_singular"]
        counts["nouns"] += 1
        for word, tag in lexeme:
            key = make_key.try_key(word) if word in kept else None
            if key is None:
                continue
            bits = tag_bits(tag) | extra | (TAGS["lemma"] if word == stem else 0)
            records.add((key, (bits, rules.between(key, lemma_key))))
    counts["forms"] = len(records)
    return records, counts, dropped
