"""A house list's log: its entries, undo, versions and checksums; and what a
word check finds in it."""

from __future__ import annotations

import pytest

from adjudicator.core.house import HouseEvent, HouseEventKind, HouseLog, new_log
from adjudicator.core.house_list import HouseList
from adjudicator.errors import (
    HouseEntryExistsError,
    HouseEntryUndoneError,
    UnknownHouseEntryError,
    UnknownHouseVersionError,
)

ADD, REMOVE, UNDO = HouseEventKind.ADD, HouseEventKind.REMOVE, HouseEventKind.UNDO
BASE = "sha256:base"


def entry(kind, word, *keys, why="Ожегов"):
    keys = keys or ((word, False),)
    return HouseEvent(
        0, kind, "admin", "2026-12-01T18:00:00+00:00", why, BASE, word=word, keys=keys
    )


def undo(number):
    return HouseEvent(0, UNDO, "admin", "2026-12-01T18:05:00+00:00", "", BASE, entry=number)


@pytest.fixture()
def log():
    made = new_log("club", "ru-erudite", BASE, "admin", "2026-12-01T17:00:00+00:00", "")
    made = made.append(entry(ADD, "ЁЛОЧНИК", ("ЁЛОЧНИК", False), ("ЕЛОЧНИК", True)))  # 2
    made = made.append(entry(REMOVE, "КОШКА"))  # 3
    return made.append(entry(ADD, "АМБАРУШКА"))  # 4


def test_entries_are_numbered_and_every_version_has_its_own_checksum(log):
    assert [e.seq for e in log.events] == [1, 2, 3, 4] and log.version == 4
    checksums = [e.checksum for e in log.events]
    assert len(set(checksums)) == 4 and all(c.startswith("sha256:") for c in checksums)
    assert log.checksum(BASE) == checksums[-1]
    assert log.checksum(BASE, 2) == checksums[1]
    # A new build of the base is a new version of the list, without an edit.
    assert log.checksum("sha256:rebuilt") != log.checksum(BASE)


def test_the_log_reads_back_as_it_was_written(log):
    again = HouseLog.parse("club", log.dump())
    assert again.events == log.events and again.chains == log.chains


@pytest.mark.parametrize(
    "text",
    [
        "",
        '{"seq": 1, "kind": "add", "word": "X"}\n',  # no base first
        '{"seq": 1, "kind": "create", "base": "b"}\n{"seq": 3, "kind": "undo", "entry": 1}\n',
        '{"seq": 1, "kind": "create", "base": "b"}\nnot json\n',
        '{"seq": 1, "kind": "explode", "base": "b"}\n',
        '{"seq": 1, "kind": "create", "base": "b"}\n{"seq": 2, "kind": "add", "word": "X"}\n',
        '{"seq": 1, "kind": "create", "base": "b"}\n{"seq": 2, "kind": "undo", "entry": 2}\n',
        '{"seq": 1, "kind": "create", "base": "b"}\n{"seq": 2, "kind": "create", "base": "b"}\n',
        '{"seq": 1, "kind": "create", "base": "b"}\n[1, 2]\n',
    ],
)
def test_a_broken_log_is_refused(text):
    with pytest.raises(ValueError):
        HouseLog.parse("club", text)


def test_undo_takes_an_entry_back_and_the_word_goes_back_to_the_entry_before(log):
    log = log.append(entry(ADD, "КОШКА", why="the committee changed its mind"))  # 5
    assert log.live()["КОШКА"].kind == ADD
    log = log.append(undo(5))  # 6
    assert log.live()["КОШКА"].kind == REMOVE  # entry 3 is in force again
    assert log.undone() == {5: log.events[5]}
    log = log.append(undo(3))
    assert "КОШКА" not in log.live()
    # Version 4 is still what it was.
    assert set(log.live(4)) == {"АМБАРУШКА", "КОШКА", "ЁЛОЧНИК"}


def test_refused_edits(log):
    with pytest.raises(HouseEntryExistsError) as info:
        log.append(entry(ADD, "АМБАРУШКА"))
    assert info.value.fields["entry"] == 4
    with pytest.raises(UnknownHouseEntryError):
        log.append(undo(1))  # the create is no entry
    with pytest.raises(UnknownHouseEntryError):
        log.append(undo(99))
    done = log.append(undo(2))
    with pytest.raises(HouseEntryUndoneError):
        done.append(undo(2))
    with pytest.raises(UnknownHouseEntryError):
        log.entry("٣")  # digits, but not ASCII ones


def test_a_version_is_found_by_number_or_checksum(log):
    third = log.events[2].checksum
    assert log.resolve("3", BASE) == 3
    assert log.resolve(third, BASE) == 3
    assert log.resolve(third.removeprefix("sha256:")[:8], BASE) == 3
    # On a rebuilt base, the version as it is now is found too.
    assert log.resolve(log.checksum("sha256:new", 2)[7:19], "sha256:new") == 2
    for bad in ("0", "5", "sha256:1234", "abc", "9" * 5000):
        with pytest.raises(UnknownHouseVersionError):
            log.resolve(bad, BASE)


def test_a_check_finds_additions_removals_and_folded_spellings(log):
    house = HouseList.of(log)
    assert house.lookup("АМБАРУШКА")[0].seq == 4
    assert house.lookup("КОШКА")[0].kind == REMOVE
    # ЁЛОЧНИК's folded spelling: for erudite-ru (Ё is Е), not for scrabble-ru.
    assert house.lookup("ЁЛОЧНИК") == (log.events[1], False)
    assert house.lookup("ЕЛОЧНИК") == (log.events[1], True)
    assert house.lookup("СОБАКА") is None
    # Sorted by code point (Ё, U+0401, before А), as a graph takes them.
    assert house.changed(rejects_folded=False) == (["ЁЛОЧНИК", "АМБАРУШКА", "ЕЛОЧНИК"], ["КОШКА"])
    assert house.changed(rejects_folded=True) == (["ЁЛОЧНИК", "АМБАРУШКА"], ["КОШКА"])
    assert HouseList.of(log, 2).changed(False) == (["ЁЛОЧНИК", "ЕЛОЧНИК"], [])
    # A folded spelling removed is removed only where the fold reads it: a ruleset
    # with an Ё tile keeps its base's own ЕЖИК, if it has one.
    struck = HouseList.of(log.append(entry(REMOVE, "ЁЖИК", ("ЁЖИК", False), ("ЕЖИК", True))))
    assert struck.changed(rejects_folded=False)[1] == ["ЁЖИК", "ЕЖИК", "КОШКА"]
    assert struck.changed(rejects_folded=True)[1] == ["ЁЖИК", "КОШКА"]


def test_a_word_s_own_spelling_outranks_a_folded_one(log):
    # ЁЖИК removed strikes ЕЖИК too; ЕЖИК added as itself, later, wins for ЕЖИК.
    log = log.append(entry(REMOVE, "ЁЖИК", ("ЁЖИК", False), ("ЕЖИК", True)))
    assert HouseList.of(log).lookup("ЕЖИК")[0].kind == REMOVE
    log = log.append(entry(ADD, "ЕЖИК"))
    house = HouseList.of(log)
    assert house.lookup("ЕЖИК")[0].kind == ADD
    assert house.lookup("ЁЖИК")[0].kind == REMOVE
    # ... and a folded spelling made later does not outrank it.
    log = log.append(entry(REMOVE, "ЁЖИКЪ", ("ЁЖИКЪ", False), ("ЕЖИК", True)))
    assert HouseList.of(log).lookup("ЕЖИК")[0].kind == ADD
