"""House lists: a club's additions to and removals from a base lexicon."""

from __future__ import annotations

from adjudicator.errors.common import ConflictError, InputError, NotFoundError


class NotAHouseListError(InputError):
    """Entries, versions and undo belong to house lists; this lexicon is a plain one."""

    code = "not-a-house-list"
    title = "Not a house list"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"lexicon {name!r} is not a house list: only a house list has entries and versions",
            lexicon=name,
        )


class HouseListBaseError(InputError):
    """A house list is built on a plain lexicon, never on another house list."""

    code = "house-list-base"
    title = "Not a base for a house list"

    def __init__(self, name: str, base: str) -> None:
        super().__init__(
            f"{base!r} is a house list itself: build {name!r} on the lexicon it is based on",
            lexicon=name,
            base=base,
        )


class LexiconNameTakenError(ConflictError):
    """A house list and a word list cannot share a name."""

    code = "lexicon-name-taken"
    title = "Lexicon name taken"

    def __init__(self, name: str, what: str) -> None:
        super().__init__(
            f"{name!r} is already {what}; delete it first or choose another name",
            lexicon=name,
        )


class UnknownHouseEntryError(NotFoundError):
    code = "unknown-house-entry"
    title = "Unknown house list entry"

    def __init__(self, name: str, entry: str) -> None:
        super().__init__(
            f"house list {name!r} has no entry {entry[:32]!r} (an addition or removal, by number)",
            lexicon=name,
            entry=entry[:32],
        )


class UnknownHouseVersionError(NotFoundError):
    code = "unknown-house-version"
    title = "Unknown house list version"

    def __init__(self, name: str, version: str) -> None:
        super().__init__(
            f"house list {name!r} has no version {version[:80]!r}: give its number or "
            "its checksum (or the checksum's first 8 or more digits)",
            lexicon=name,
            version=version[:80],
        )


class HouseEntryExistsError(ConflictError):
    """The word is already added (or removed) by the house list."""

    code = "house-entry-exists"
    title = "Already in the house list"

    def __init__(self, name: str, word: str, action: str, entry: int) -> None:
        done = "added to" if action == "add" else "removed by"
        super().__init__(
            f"{word} is already {done} house list {name!r} (entry {entry})",
            lexicon=name,
            word=word,
            entry=entry,
        )


class HouseEntryUndoneError(ConflictError):
    code = "house-entry-undone"
    title = "House list entry already undone"

    def __init__(self, name: str, entry: int, undone_by: int) -> None:
        super().__init__(
            f"entry {entry} of house list {name!r} was undone by entry {undone_by}",
            lexicon=name,
            entry=entry,
            undone_by=undone_by,
        )
