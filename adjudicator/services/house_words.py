"""A house list's entries as words: read with a ruleset, spelled as keys."""

from __future__ import annotations

import datetime as dt
import typing as t
import unicodedata

from adjudicator.core.house import HouseAction, HouseEvent, HouseEventKind
from adjudicator.core.ruleset import lexicon_misfit
from adjudicator.errors import (
    InvalidRequestError,
    LexiconMismatchError,
    UnknownLexiconError,
    UnknownTileError,
    WordTooLongError,
)

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.house import HouseLog, Key
    from adjudicator.core.lexicon import Lexicon
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.loaders import Registry


def now() -> str:
    """The time an event is written, ISO 8601 in UTC, to the second."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def base_of(registry: Registry, log: HouseLog) -> Lexicon:
    """:raises UnknownLexiconError: the list's base is not loaded (deleted since)."""
    base = registry.lexicons.get(log.base)
    if base is None:
        raise UnknownLexiconError(log.base)
    return base


def with_entry(
    registry: Registry,
    log: HouseLog,
    action: HouseAction,
    word: str,
    by: str,
    why: str,
    ruleset: str | None,
) -> HouseLog:
    """``log`` with an entry adding or removing ``word`` (see :func:`edit_house_list`)."""
    base = base_of(registry, log)
    rules = reading_ruleset(registry, base, ruleset)
    shown, keys = entry_keys(registry, rules, base, word)
    kind = HouseEventKind(action.value)
    entry = HouseEvent(
        0, kind, by, now(), why, base.checksum, word=shown, keys=keys, ruleset=rules.name
    )
    return log.append(entry)


def reading_ruleset(registry: Registry, base: Lexicon, ruleset: str | None) -> Ruleset:
    """The ruleset that reads an entry's word: ``ruleset``, else the first whose own
    lexicon is ``base``, else the first ``base`` can serve.

    :raises UnknownRulesetError: no such ruleset.
    :raises LexiconMismatchError: the house list's base cannot serve ``ruleset``.
    """
    alphabet = registry.alphabets.get(base.alphabet)
    if ruleset is not None:
        rules = registry.ruleset(ruleset)
        misfit = lexicon_misfit(rules, base, alphabet)
        if misfit is not None:
            raise LexiconMismatchError(
                base.name, rules.name, registry.fitting.get(rules.name, []), misfit[1]
            )
        return rules
    for rules in sorted(registry.rulesets.values(), key=lambda r: (r.lexicon != base.name, r.name)):
        if lexicon_misfit(rules, base, alphabet) is None:
            return rules
    raise InvalidRequestError(f"no ruleset reads the words of {base.name!r}", lexicon=base.name)


def entry_keys(
    registry: Registry, rules: Ruleset, base: Lexicon, word: str
) -> tuple[str, tuple[Key, ...]]:
    """The word an entry spells, and its lexicon keys: as the base's alphabet
    spells it, then, tagged folded, as the base's ``fold_variants`` spell it
    (the keys of ЁРШИК are ЁРШИК, then ЕРШИК as folded), as the base keeps a
    word of its own, whichever ruleset read it.  A word only ``rules``' fold
    spells (ПЁС under the erudite alphabet, which has no Ё) has one key.

    :raises UnknownTileError: a character the ruleset has no tile for.
    :raises InvalidRequestError: fewer than two tiles.
    :raises WordTooLongError: more tiles than the largest board's side.
    """
    text = word.strip()
    longest = max(max(layout.rows, layout.cols) for layout in registry.layouts.values())
    size = len(unicodedata.normalize("NFC", text))
    if size > longest * rules.reader.longest:
        raise WordTooLongError(f"{size} characters; at most {longest} tiles", text, longest)
    key, labels = rules.reader.spell(text)
    if len(labels) < 2:
        raise InvalidRequestError("a word has two tiles or more", field="word", word=text[:64])
    if len(labels) > longest:
        raise WordTooLongError(f"{len(labels)} tiles; at most {longest}", text, longest)
    alphabet = registry.alphabets.get(base.alphabet)
    if alphabet is None:
        return "".join(labels), ((key, False),)
    folds = rules.reader.folds
    if folds is not None and folds.search(text):
        try:  # as typed, before the ruleset's fold
            key, labels = alphabet.reader.spell(text)
        except UnknownTileError:  # the fold is what spells it: the one key
            pass
    folded = key.translate(_variant_table(alphabet, base.fold_variants))
    if folded != key:
        return "".join(labels), ((key, False), (folded, True))
    return "".join(labels), ((key, False),)


def _variant_table(alphabet: Alphabet, fold: t.Mapping[str, str]) -> dict[int, str]:
    """The base's fold between tiles of its alphabet (Ё: Е), over lexicon keys:
    the pairs it stores each word under both spellings for."""
    table: dict[int, str] = {}
    for src, dst in fold.items():
        try:
            src_key, dst_key = alphabet.reader.spell(src)[0], alphabet.reader.spell(dst)[0]
        except UnknownTileError:  # a letter with no tile, folded as read: no variant
            continue
        if len(src_key) == 1 and len(dst_key) == 1 and src_key != dst_key:
            table[ord(src_key)] = dst_key
    return table
