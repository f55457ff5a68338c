"""Plain word list -> lexicon, the way a tournament loads NWL, CSW or ODS.

One word per line, UTF-8 with or without a byte-order mark, LF or CRLF line
ends, ``#`` comment lines and blank lines allowed.  The file is streamed.
Entries that cannot be played are dropped and counted by reason, with examples;
a file that is not a word list at all is refused with a message a tournament
director can act on.  How its case and alphabet are read: :mod:`.sniff`.

A plain list records only the tag ``word`` (and ``folded`` on the variants a
fold adds): a ruleset's morphological filter does not apply to it, because its
entries are, by definition, the acceptable words.
"""

from __future__ import annotations

import time
import typing as t
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.wordfilter import TAGS
from adjudicator.errors import LexiconBuildError

from .keys import KeyMaker, case_of, fold_table, junk_reason, split_fold, tile_chars
from .records import add_fold_variants
from .report import BuildReport, Dropped
from .sniff import Entries, better_alphabets, choose_words, reading_chars
from .textfile import text_lines
from .writer import LexiconMeta, file_checksum, write_lexicon

if t.TYPE_CHECKING:
    from .recipe import Recipe

# The tags a plain list's readings can carry: what a ruleset that ``needs`` more
# cannot have from it.
PLAIN_TAGS = TAGS["word"] | TAGS["folded"]
# Longer lines are no words of any board (a tile spells at most a few characters):
# dropped as they are read, so a runaway line is never held whole.
MAX_ENTRY_CHARS = 256


@dataclass
class Scan:
    """A word-list file read once: the entries to read as words, what was dropped
    before their letters were looked at, and how the case was read."""

    words: list[str]
    dropped: Dropped
    lines: int
    case: str  # "upper", "lower", "none", or the case named (see :mod:`.sniff`)


@dataclass
class WordList:
    """What a word-list file holds once read."""

    keys: set[str]
    dropped: Dropped
    lines: int
    case: str
    # letters outside the alphabet, by how many dropped entries hold them
    outside: dict[str, int] = field(default_factory=dict)


def scan_wordlist(path: Path, *, case: str | None = None, tiles: t.Collection[str] = ()) -> Scan:
    """Read the entries of a word list and sort out its letter case (:mod:`.sniff`).

    :param tiles: characters that are tiles, kept even where they are no letters
        (an apostrophe tile; see :func:`.keys.junk_reason`).

    :raises LexiconBuildError: a missing, binary or non-UTF-8 file; a mixed-case
        list without ``case`` (:class:`~adjudicator.errors.AmbiguousCaseError`).
    """
    entries = Entries()
    dropped = Dropped()
    lines = 0
    for number, text in text_lines(path):
        lines = number
        entry = text.strip()
        if not entry or entry.startswith("#"):
            continue
        if len(entry) > MAX_ENTRY_CHARS:
            dropped.add("too_long", entry[:32] + "…")
            continue
        # An entry of letters only has no digit, hyphen, apostrophe or space.
        reason = None if entry.isalpha() else junk_reason(entry, tiles)
        if reason is not None:
            dropped.add(reason, entry)
            continue
        entries.add(case_of(entry), entry)
    words, how = choose_words(entries, case, dropped, path.name)
    return Scan(words, dropped, lines, how)


def read_wordlist(
    path: Path,
    alphabet: Alphabet,
    *,
    min_length: int = 1,
    case: str | None = None,
    fold: t.Mapping[str, str] | None = None,
    alphabets: t.Mapping[str, Alphabet] | None = None,
    scan: Scan | None = None,
    max_length: int | None = None,
) -> WordList:
    """Read and check a word list; see the module docstring.

    :param fold: applied to each entry as it is read (Ё to Е for an alphabet
        without Ё; see :func:`.keys.split_fold`).
    :param alphabets: the known alphabets, named in the message when the list
        mostly uses letters outside ``alphabet``.
    :param scan: the file as :func:`scan_wordlist` read it (so it is read once).
    :param max_length: drop longer entries (in tiles) as ``too_long``: the
        longest word the boards can hold.
    :raises LexiconBuildError: a missing, binary, non-UTF-8 or empty file, a
        mixed-case list without ``case``, or a list whose words mostly use
        letters outside ``alphabet``.
    """
    if scan is None:
        scan = scan_wordlist(path, case=case, tiles=tile_chars(alphabet))
    make_key = KeyMaker(alphabet, fold)
    dropped = Dropped()
    dropped.merge(scan.dropped)
    keys: set[str] = set()
    failed: list[str] = []
    for entry in scan.words:
        key = make_key.try_key(entry)
        if key is None:
            failed.append(entry)
            dropped.add("not_in_alphabet", entry)
        elif len(key) < min_length:
            dropped.add("too_short", entry)
        elif max_length is not None and len(key) > max_length:
            dropped.add("too_long", entry)
        elif key in keys:
            dropped.add("duplicate", entry)
        else:
            keys.add(key)
    outside = _letters_outside(failed, alphabet, fold)
    _refuse_if_unusable(path, alphabet, keys, dropped, scan, alphabets or {})
    return WordList(keys, dropped, scan.lines, scan.case, outside)


def _letters_outside(
    failed: t.Sequence[str], alphabet: Alphabet, fold: t.Mapping[str, str] | None
) -> dict[str, int]:
    """The characters of the dropped entries that no tile reads, most frequent first."""
    known = reading_chars(alphabet)
    if known is None:  # labels of several characters: count every character of them
        known = {ch for s in alphabet.letters for lab in (s.label, s.blank_label) for ch in lab}
    table = str.maketrans(dict(fold or {}))
    counts: Counter[str] = Counter()
    for entry in failed:
        norm = unicodedata.normalize("NFC", entry).translate(table)
        counts.update({ch for ch in norm if ch not in known})
    return dict(counts.most_common(10))


def _refuse_if_unusable(
    path: Path,
    alphabet: Alphabet,
    keys: set[str],
    dropped: Dropped,
    scan: Scan,
    alphabets: t.Mapping[str, Alphabet],
) -> None:
    outside = dropped.counts.get("not_in_alphabet", 0)
    if keys and outside <= len(keys):
        return
    hint = ""
    if outside:
        better = better_alphabets(scan.words, alphabets, alphabet)
        if better:
            hint = f"; they fit the {' or the '.join(better)} alphabet better (--alphabet)"
    if not keys:
        detail = f"{path.name} has no usable words ({scan.lines} lines read"
        if dropped.total:
            top = ", ".join(f"{n} {reason}" for reason, n in sorted(dropped.counts.items()))
            detail += f"; dropped: {top}"
        raise LexiconBuildError(
            detail + ")" + hint, path=str(path), dropped=dropped.sorted_counts()
        )
    shown = ", ".join(dropped.examples["not_in_alphabet"])
    raise LexiconBuildError(
        f"{outside} of {outside + len(keys)} words in {path.name} use letters outside "
        f"the {alphabet.name} alphabet (e.g. {shown}); is this the right alphabet?{hint}",
        path=str(path),
        alphabet=alphabet.name,
    )


def build_wordlist(
    path: Path | str,
    name: str,
    alphabet: Alphabet,
    out_dir: Path | str,
    language: str,
    version: str,
    license: str,
    *,
    attribution: str | None = None,
    source: t.Mapping[str, t.Any] | None = None,
    min_length: int = 1,
    fold_variants: t.Mapping[str, str] | None = None,
    case: str | None = None,
    alphabets: t.Mapping[str, Alphabet] | None = None,
    scan: Scan | None = None,
    ruleset: str | None = None,
    max_length: int | None = None,
) -> BuildReport:
    """Build ``out_dir/NAME.{marisa,yaml}`` from a plain word list.

    Every word gets one record ``(TAGS["word"], 0)``.

    :param source: provenance for the manifest; by default the file's name and
        its SHA-256.
    :param min_length: drop shorter entries (in tiles) as ``too_short``.
    :param fold_variants: e.g. ``{"Ё": "Е"}`` (a ruleset's ``fold``): a source
        letter that is a tile is stored under both spellings, the folded one
        tagged ``folded``; one that is no tile is folded as the entry is read.
    :param case: ``words`` or ``proper-nouns-capitalised`` for a mixed-case list.
    :param alphabets: the known alphabets, for the hint when ``alphabet`` is wrong.
    :param scan: the file as :func:`scan_wordlist` already read it.
    :param ruleset: the ruleset the list was built for, recorded in the manifest.
    :param max_length: the longest entry kept, in tiles (see :func:`read_wordlist`).
    :raises LexiconBuildError: see :func:`read_wordlist`; the installed
        lexicon is untouched.
    """
    started = time.perf_counter()
    path, out_dir = Path(path), Path(out_dir)
    variants, on_input, recorded = split_fold(alphabet, fold_variants or {})
    words = read_wordlist(
        path,
        alphabet,
        min_length=min_length,
        case=case,
        fold=on_input,
        alphabets=alphabets,
        scan=scan,
        max_length=max_length,
    )
    value = (TAGS["word"], 0)
    records = add_fold_variants({(k, value) for k in words.keys}, fold_table(alphabet, variants))
    meta = LexiconMeta(
        name=name,
        language=language,
        version=str(version),
        license=license,
        source=dict(source)
        if source is not None
        else {"file": path.name, "sha256": file_checksum(path)},
        attribution=attribution,
        fold_variants=recorded,
        case=words.case,
        ruleset=ruleset,
    )
    manifest = write_lexicon(
        out_dir, meta, records, alphabet, dropped=words.dropped.sorted_counts()
    )
    return BuildReport(
        name=name,
        manifest_path=out_dir / f"{name}.yaml",
        word_count=manifest["word_count"],
        form_count=manifest["form_count"],
        sha256=manifest["sha256"],
        dropped=words.dropped.sorted_counts(),
        examples={k: list(v) for k, v in sorted(words.dropped.examples.items())},
        seconds=time.perf_counter() - started,
        manifest=manifest,
        notes=_notes(words, alphabet, on_input, variants),
        alphabet=alphabet.name,
        case=words.case,
        outside=words.outside,
    )


def build_recipe_wordlist(
    recipe: Recipe,
    path: Path,
    alphabet: Alphabet,
    out_dir: Path,
    *,
    source: t.Mapping[str, t.Any] | None = None,
    case: str | None = None,
) -> BuildReport:
    """:func:`build_wordlist` of a recipe's word list (the file it names, or one its
    builder wrote), under the recipe's name, language, version, licence,
    attribution, ``min_length``, folds and case (``case`` when the recipe has none)."""
    return build_wordlist(
        path,
        recipe.name,
        alphabet,
        out_dir,
        recipe.language,
        recipe.version,
        recipe.license,
        attribution=recipe.attribution,
        source=source,
        min_length=recipe.min_length,
        fold_variants=recipe.fold_variants,
        case=recipe.case or case,
    )


def _notes(
    words: WordList,
    alphabet: Alphabet,
    on_input: t.Mapping[str, str],
    variants: t.Mapping[str, str],
) -> tuple[str, ...]:
    notes = [CASE_NOTES.get(words.case, f"entries read as {words.case}")]
    if on_input:
        pairs = ", ".join(f"{k}->{v}" for k, v in on_input.items())
        notes.append(f"folded as read ({pairs}): the {alphabet.name} alphabet has no such tile")
    if variants:
        pairs = ", ".join(f"{k}->{v}" for k, v in variants.items())
        notes.append(f"folded spellings stored too ({pairs}), tagged folded")
    if words.outside:
        shown = ", ".join(f"{ch} ({n})" for ch, n in words.outside.items())
        notes.append(f"letters outside the {alphabet.name} alphabet: {shown}")
    return tuple(notes)


CASE_NOTES = {
    "upper": "entries are in capitals: every entry read as a word",
    "lower": "entries are lowercase: every entry read as a word",
    "none": "entries have no letter case",
    "words": "case words: every entry read as a word, whatever its case",
    "proper-nouns-capitalised": (
        "case proper-nouns-capitalised: entries with a capital dropped as proper nouns"
    ),
}
