"""House lists: made, edited and read, in the data folder like an uploaded list.

An edit appends an event to the list's log (:mod:`adjudicator.core.house`),
under a lock shared by every worker and instance on the data folder, renames
the new log into place and tells every worker (``lexicons/.generation``),
which load it within a second: their registry gives the house list its base's
trie and a copy of its base's word graph with the changed words patched in,
a millisecond's work, so no edit waits for a graph to be built.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import typing as t
import unicodedata

from adjudicator.builders.house import house_file, write_house_list
from adjudicator.builders.writer import NAME_RE
from adjudicator.core.house import HouseAction, HouseEvent, HouseEventKind, HouseLog, new_log
from adjudicator.core.ruleset import lexicon_misfit
from adjudicator.errors import (
    HouseListBaseError,
    InvalidRequestError,
    LexiconMismatchError,
    LexiconNameTakenError,
    NotAHouseListError,
    UnknownLexiconError,
    UnknownTileError,
    WordTooLongError,
)
from adjudicator.services.house_answers import (
    HouseEdit,
    HouseListInfo,
    HouseLists,
    edit_info,
    house_info,
)
from adjudicator.services.lexicon_watch import bump_generation

if t.TYPE_CHECKING:
    from collections.abc import Iterator

    from adjudicator.core.house import Key
    from adjudicator.core.lexicon import Lexicon
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.loaders import Registry
    from adjudicator.settings import Settings

LOCK = ".house.lock"
MADE_BY_ENTRY = "made by its first entry"


def list_house_lists(registry: Registry) -> HouseLists:
    """The loaded house lists, without their history."""
    return HouseLists(
        house_lists=[
            house_info(lexicon.house.log, _base(registry, lexicon.house.log), history=False)
            for _, lexicon in sorted(registry.lexicons.items())
            if lexicon.house is not None
        ]
    )


def read_house_list(registry: Registry, name: str) -> HouseListInfo:
    """A loaded house list: its entries in force and its history.

    :raises UnknownLexiconError: no lexicon of that name is loaded.
    :raises NotAHouseListError: a plain lexicon.
    """
    lexicon = registry.lexicons.get(name)
    if lexicon is None:
        raise UnknownLexiconError(name)
    if lexicon.house is None:
        raise NotAHouseListError(name)
    return house_info(lexicon.house.log, _base(registry, lexicon.house.log))


def create_house_list(
    settings: Settings,
    registry: Registry,
    name: str,
    base: str,
    *,
    by: str,
    why: str = "",
    entries: t.Sequence[tuple[HouseAction, str, str]] = (),
    ruleset: str | None = None,
) -> HouseListInfo:
    """Make a house list on ``base`` with these ``(action, word, why)`` entries.

    :raises LexiconNameTakenError: a lexicon or house list has that name, or a
        ruleset names it as its own lexicon.
    :raises UnknownLexiconError: ``base`` is not loaded.
    :raises HouseListBaseError: ``base`` is a house list itself.
    :raises InputError: a word its ruleset cannot read (see :func:`edit_house_list`).
    """
    _check_name(registry, name)
    with _locked(settings):
        if house_file(settings.loaded_lexicon_dir, name).exists():
            raise LexiconNameTakenError(name, "a house list")
        log = _new(registry, name, base, by, why)
        for action, word, reason in entries:
            log = _with_entry(registry, log, action, word, by, reason, ruleset)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return house_info(log, _base(registry, log))


def edit_house_list(
    settings: Settings,
    registry: Registry,
    name: str,
    action: HouseAction,
    word: str,
    *,
    by: str,
    why: str,
    ruleset: str | None = None,
) -> HouseEdit:
    """Add a word to a house list, or remove one, as read by ``ruleset`` (by
    default the first ruleset whose own lexicon is the base, else the first it
    serves).  A house list a ruleset names (``house_list``) that is not made yet
    is made by its first entry, on that ruleset's lexicon.

    :raises UnknownLexiconError: no such house list, nor a ruleset naming it.
    :raises NotAHouseListError: a plain lexicon.
    :raises HouseEntryExistsError: the word is already added (removed).
    :raises UnknownTileError: a character its ruleset has no tile for.
    :raises InvalidRequestError, WordTooLongError: fewer than two tiles, or more
        than the largest board holds.
    """
    with _locked(settings):
        log = _read(settings, registry, name)
        if log is None:
            owner = _owner(registry, name, ruleset)
            assert owner.lexicon is not None  # a ruleset's house_list needs its lexicon
            _check_name(registry, name)
            log = _new(registry, name, owner.lexicon, by, MADE_BY_ENTRY)
        log = _with_entry(registry, log, action, word, by, why, ruleset)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return edit_info(log)


def undo_house_entry(
    settings: Settings, registry: Registry, name: str, entry: str, *, by: str, why: str = ""
) -> HouseEdit:
    """Take an entry back: its word goes back to what the list said before it.

    :raises UnknownLexiconError: no such lexicon. :raises NotAHouseListError: a plain one.
    :raises UnknownHouseEntryError: no addition or removal of that number.
    :raises HouseEntryUndoneError: it was undone already.
    """
    with _locked(settings):
        log = _read(settings, registry, name)
        if log is None:
            raise UnknownLexiconError(name)
        number = log.entry(entry).seq
        base = _base(registry, log)
        at = _now()
        undo = HouseEvent(0, HouseEventKind.UNDO, by, at, why, base.checksum, entry=number)
        log = log.append(undo)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return edit_info(log)


def entry_keys(
    registry: Registry, rules: Ruleset, base: Lexicon, word: str
) -> tuple[str, tuple[Key, ...]]:
    """The word an entry spells, and its lexicon keys: as ``rules`` reads it, and
    also, when the ruleset's fold changed it, as the base's alphabet spells it
    (erudite-ru reads ЁРШИК as ЕРШИК: the keys are ЁРШИК, then ЕРШИК as folded).

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
    folds = rules.reader.folds
    if folds is not None and folds.search(text) and base.alphabet in registry.alphabets:
        try:
            plain, plain_labels = registry.alphabets[base.alphabet].reader.spell(text)
        except UnknownTileError:  # the fold is what spells it: the one key
            plain = key
        if plain != key:
            return "".join(plain_labels), ((plain, False), (key, True))
    return "".join(labels), ((key, False),)


# -- the parts -------------------------------------------------------------------


@contextlib.contextmanager
def _locked(settings: Settings) -> Iterator[None]:
    """One edit at a time on the data folder (every worker, every instance)."""
    folder = settings.loaded_lexicon_dir
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK).open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def _read(settings: Settings, registry: Registry, name: str) -> HouseLog | None:
    """The log of the house list ``name`` in the data folder, as it is now (not
    as this worker last loaded it); None when there is none and no lexicon has
    that name.

    :raises NotAHouseListError: a plain lexicon has that name.
    """
    path = house_file(settings.loaded_lexicon_dir, name)
    if NAME_RE.match(name) and path.is_file():
        try:
            return HouseLog.parse(name, path.read_text("utf-8"))
        except ValueError as exc:
            raise InvalidRequestError(f"house list {name!r} cannot be read: {exc}") from None
    if name in registry.lexicons:
        raise NotAHouseListError(name)
    return None


def _owner(registry: Registry, name: str, ruleset: str | None) -> Ruleset:
    """The ruleset naming ``name`` as its house list (``ruleset`` first).

    :raises UnknownLexiconError: none does.
    """
    named = [r for r in registry.rulesets.values() if r.house_list == name and r.lexicon]
    named.sort(key=lambda r: (r.name != ruleset, r.name))
    if not named:
        raise UnknownLexiconError(name)
    return named[0]


def _check_name(registry: Registry, name: str) -> None:
    """:raises LexiconNameTakenError: ``name`` is a loaded lexicon's, or a ruleset's own
    lexicon's or stand-in's (a house list there could stop the service starting)."""
    if not NAME_RE.match(name):
        raise InvalidRequestError(
            f"{name!r} is not a lexicon name: lowercase letters, digits, '.', '_', '-'",
            field="name",
        )
    if name in registry.lexicons:
        raise LexiconNameTakenError(name, "a lexicon")
    for rules in sorted(registry.rulesets.values(), key=lambda r: r.name):
        if name in (rules.lexicon, rules.stand_in):
            raise LexiconNameTakenError(name, f"the lexicon ruleset {rules.name} names")


def _new(registry: Registry, name: str, base: str, by: str, why: str) -> HouseLog:
    lexicon = registry.lexicons.get(base)
    if lexicon is None:
        raise UnknownLexiconError(base)
    if lexicon.house is not None:
        raise HouseListBaseError(name, base)
    return new_log(name, base, lexicon.checksum, by, _now(), why)


def _with_entry(
    registry: Registry,
    log: HouseLog,
    action: HouseAction,
    word: str,
    by: str,
    why: str,
    ruleset: str | None,
) -> HouseLog:
    """``log`` with an entry adding or removing ``word`` (see :func:`edit_house_list`)."""
    base = _base(registry, log)
    rules = _reader(registry, base, ruleset)
    shown, keys = entry_keys(registry, rules, base, word)
    kind = HouseEventKind(action.value)
    entry = HouseEvent(
        0, kind, by, _now(), why, base.checksum, word=shown, keys=keys, ruleset=rules.name
    )
    return log.append(entry)


def _reader(registry: Registry, base: Lexicon, ruleset: str | None) -> Ruleset:
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


def _base(registry: Registry, log: HouseLog) -> Lexicon:
    """:raises UnknownLexiconError: the list's base is not loaded (deleted since)."""
    base = registry.lexicons.get(log.base)
    if base is None:
        raise UnknownLexiconError(log.base)
    return base
