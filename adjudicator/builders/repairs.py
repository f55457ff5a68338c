"""Tag repairs: a reviewed list of nouns a dictionary tags as something else.

The list is data beside the recipe (``repairs: FILE``), so that a reviewer can
read and change it.  It is a mapping of groups, each a mapping of ``word:
reason``; the groups only sort the list for its readers (indeclinable loan
nouns, substantivised adjectives, common nouns known only as names, nouns whose
own lemma is missing).  Every entry adds one reading: a common noun, nominative
singular, its own lemma, from the source ``repairs``.  The word's other
readings stay, so a substantivised adjective is a noun only in that one form
(СТОЛОВАЯ, not СТОЛОВОЙ or СТОЛОВЫЕ).
"""

from __future__ import annotations

import typing as t
from pathlib import Path

import yaml

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.lexicon import SOURCE_SHIFT
from adjudicator.core.wordfilter import TAGS
from adjudicator.errors import LexiconBuildError

from .keys import KeyMaker
from .records import Record

NOUN_READING = TAGS["noun"] | TAGS["nominative"] | TAGS["singular"] | TAGS["lemma"]


def read_repairs(path: Path) -> dict[str, dict[str, str]]:
    """``{group: {word: reason}}`` from a repairs file.

    :raises LexiconBuildError: unreadable, not YAML, or not groups of word: reason.
    """
    where = str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LexiconBuildError(f"{where}: cannot read: {exc.strerror}", recipe=where) from exc
    except yaml.YAMLError as exc:
        raise LexiconBuildError(f"{where}: not valid YAML: {exc}", recipe=where) from exc
    if not isinstance(data, dict):
        raise LexiconBuildError(f"{where}: must be a mapping of groups", recipe=where)
    groups: dict[str, dict[str, str]] = {}
    for group, entries in data.items():
        if not isinstance(entries, dict) or not all(
            isinstance(w, str) and isinstance(r, str) and r.strip() for w, r in entries.items()
        ):
            raise LexiconBuildError(
                f"{where}: {group}: each entry is 'word: reason', with a reason",
                recipe=where,
                key=str(group),
            )
        groups[str(group)] = {w.strip(): r.strip() for w, r in entries.items()}
    return groups


def repair_records(
    groups: t.Mapping[str, t.Mapping[str, str]], alphabet: Alphabet, source_index: int
) -> set[Record]:
    """One common-noun reading (lemma rule 0) per entry.

    :raises LexiconBuildError: an entry that is not a word of the alphabet.
    """
    make_key = KeyMaker(alphabet)
    bits = NOUN_READING | source_index << SOURCE_SHIFT
    records: set[Record] = set()
    for group, entries in groups.items():
        for word in entries:
            key = make_key.try_key(word)
            if key is None:
                raise LexiconBuildError(
                    f"repairs: {group}: {word!r} is not a word of the {alphabet.name} alphabet",
                    key=group,
                )
            records.add((key, (bits, 0)))
    return records
