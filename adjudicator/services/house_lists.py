"""House lists: made, edited and read, in the data folder like an uploaded list.

An edit appends an event to the list's log (:mod:`adjudicator.core.house`),
under a lock shared by every worker and instance on the data folder, renames
the new log into place and tells every worker (``lexicons/.generation``),
which load it within a second: their registry gives the house list its base's
trie and a copy of its base's word graph with the changed words patched in,
a millisecond's work, so no edit waits for a graph to be built.
"""

from __future__ import annotations

import typing as t

from adjudicator.builders.house import house_file, house_lock, write_house_list
from adjudicator.builders.writer import NAME_RE
from adjudicator.core.house import HouseAction, HouseEvent, HouseEventKind, HouseLog, new_log
from adjudicator.errors import (
    HouseEntryExistsError,
    HouseListBaseError,
    InvalidRequestError,
    LexiconNameTakenError,
    NotAHouseListError,
    UnknownLexiconError,
)
from adjudicator.services.answer import Answer
from adjudicator.services.house_answers import (
    HouseEdit,
    HouseListInfo,
    HouseLists,
    edit_info,
    house_info,
)
from adjudicator.services.house_words import base_of, now, with_entry
from adjudicator.services.lexicon_watch import bump_generation

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.settings import Settings

MAX_NAME = 64  # as the API's models say; a file name far below the system's limit
MADE_BY_ENTRY = "made by its first entry"
Entry = tuple[HouseAction, str, str]  # what it does, to which word, and why


class HouseBuild(Answer):
    """A house list built from files: the list, whether it was made now, and the
    words that were already so."""

    house_list: HouseListInfo
    made: bool
    unchanged: list[str]


def list_house_lists(registry: Registry) -> HouseLists:
    """The loaded house lists, without their history."""
    return HouseLists(
        house_lists=[
            house_info(lexicon.house.log, base_of(registry, lexicon.house.log), history=False)
            for _, lexicon in sorted(registry.lexicons.items())
            if lexicon.house is not None
        ]
    )


def read_house_list(settings: Settings, registry: Registry, name: str) -> HouseListInfo:
    """A house list as it is now in the data folder (a worker serves an edit
    within a second; this reads it at once): its entries in force, its history.

    :raises UnknownLexiconError: no house list of that name, or its base is not loaded.
    :raises NotAHouseListError: a plain lexicon.
    """
    log = _read(settings, registry, name)
    if log is None:
        raise UnknownLexiconError(name)
    return house_info(log, base_of(registry, log))


def create_house_list(
    settings: Settings,
    registry: Registry,
    name: str,
    base: str,
    *,
    by: str,
    why: str = "",
    entries: t.Sequence[Entry] = (),
    ruleset: str | None = None,
    max_entries: int = 10_000,
) -> HouseListInfo:
    """Make a house list on ``base`` with these ``(action, word, why)`` entries
    (read as :func:`edit_house_list` reads a word).

    :raises LexiconNameTakenError: a lexicon or house list has that name, or a
        ruleset names it as its own lexicon.
    :raises UnknownLexiconError: ``base`` is not loaded.
    :raises HouseListBaseError: ``base`` is a house list itself.
    :raises HouseEntryExistsError: a word twice, alike.
    :raises InputError: a word its ruleset cannot read; more than ``max_entries``.
    """
    if len(entries) > max_entries:
        raise InvalidRequestError(
            f"{len(entries)} entries; at most {max_entries}", field="entries", max_words=max_entries
        )
    _check_name(registry, name)
    with _locked(settings):
        if house_file(settings.loaded_lexicon_dir, name).exists():
            raise LexiconNameTakenError(name, "a house list")
        log = _new(settings, registry, name, base, by, why)
        for action, word, reason in entries:
            log = with_entry(registry, log, action, word, by, reason, ruleset)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return house_info(log, base_of(registry, log))


def build_house_list(
    settings: Settings,
    registry: Registry,
    name: str,
    base: str,
    entries: t.Sequence[Entry],
    *,
    by: str,
    why: str = "",
    ruleset: str | None = None,
) -> HouseBuild:
    """``adjudicator lexicon build --base``: make the house list, or add these
    entries to the one of that name on ``base``; a word already so is left as
    it is (``unchanged``).  One write, one new version.

    :raises InvalidRequestError: the house list is on another base.
    :raises NotAHouseListError: a plain lexicon has that name.
    :raises InputError: a word its ruleset cannot read (nothing is written).
    """
    with _locked(settings):
        log = _read(settings, registry, name)
        made = log is None
        if log is None:
            _check_name(registry, name)
            log = _new(settings, registry, name, base, by, why)
        elif log.base != base:
            raise InvalidRequestError(
                f"house list {name!r} is on {log.base!r}, not {base!r}", field="base"
            )
        unchanged = []
        for action, word, reason in entries:
            try:
                log = with_entry(registry, log, action, word, by, reason, ruleset)
            except HouseEntryExistsError:
                unchanged.append(word)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return HouseBuild(
        house_list=house_info(log, base_of(registry, log), history=False),
        made=made,
        unchanged=unchanged,
    )


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
            base = _owned_base(registry, name, ruleset)
            _check_name(registry, name)
            log = _new(settings, registry, name, base, by, MADE_BY_ENTRY)
        log = with_entry(registry, log, action, word, by, why, ruleset)
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
        base = base_of(registry, log)
        undo = HouseEvent(0, HouseEventKind.UNDO, by, now(), why, base.checksum, entry=number)
        log = log.append(undo)
        write_house_list(settings.loaded_lexicon_dir, log)
    bump_generation(settings)
    return edit_info(log)


# -- the parts -------------------------------------------------------------------


def _locked(settings: Settings) -> t.ContextManager[None]:
    """One edit at a time on the data folder (every worker, every instance)."""
    return house_lock(settings.loaded_lexicon_dir)


def _read(settings: Settings, registry: Registry, name: str) -> HouseLog | None:
    """The log of the house list ``name`` in the data folder, as it is now (not
    as this worker last loaded it); None when there is none and no lexicon has
    that name.

    :raises NotAHouseListError: a plain lexicon has that name.
    """
    path = house_file(settings.loaded_lexicon_dir, name)
    if _named(name) and path.is_file():
        try:
            return HouseLog.parse(name, path.read_text("utf-8"))
        except ValueError as exc:
            raise InvalidRequestError(f"house list {name!r} cannot be read: {exc}") from None
    if name in registry.lexicons and registry.lexicons[name].house is None:
        raise NotAHouseListError(name)
    return None  # (a house list this worker still serves was deleted a moment ago)


def _named(name: str) -> bool:
    return len(name) <= MAX_NAME and NAME_RE.fullmatch(name) is not None


def _owned_base(registry: Registry, name: str, ruleset: str | None) -> str:
    """The base of the house list ``name`` that a ruleset names: that ruleset's
    lexicon (``ruleset``'s first, if it names it).

    :raises UnknownLexiconError: no ruleset names it.
    """
    bases = sorted(
        (r.name != ruleset, r.name, r.lexicon)
        for r in registry.rulesets.values()
        if r.house_list == name and r.lexicon
    )
    if not bases:
        raise UnknownLexiconError(name)
    return bases[0][2]


def _check_name(registry: Registry, name: str) -> None:
    """:raises LexiconNameTakenError: ``name`` is a loaded lexicon's, or a ruleset's own
    lexicon's or stand-in's (a house list there could stop the service starting)."""
    if not _named(name):
        raise InvalidRequestError(
            f"{name[:80]!r} is not a lexicon name: up to {MAX_NAME} lowercase letters, digits, "
            "'.', '_', '-'",
            field="name",
        )
    if name in registry.lexicons:
        raise LexiconNameTakenError(name, "a lexicon")
    for rules in sorted(registry.rulesets.values(), key=lambda r: r.name):
        if name in (rules.lexicon, rules.stand_in):
            raise LexiconNameTakenError(name, f"the lexicon ruleset {rules.name} names")


def _new(
    settings: Settings, registry: Registry, name: str, base: str, by: str, why: str
) -> HouseLog:
    """A new house list's log (under the lock, so nothing is made meanwhile).

    :raises LexiconNameTakenError: a lexicon of that name is in the data folder,
        though this worker does not serve it yet (loaded by another a moment ago).
    """
    if (settings.loaded_lexicon_dir / f"{name}.yaml").exists():
        raise LexiconNameTakenError(name, "a lexicon")
    lexicon = registry.lexicons.get(base)
    if lexicon is None:
        raise UnknownLexiconError(base)
    if lexicon.house is not None:
        raise HouseListBaseError(name, base)
    return new_log(name, base, lexicon.checksum, by, now(), why)
