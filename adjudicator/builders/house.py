"""A house list's files in the data folder: its manifest and its log.

``NAME.yaml`` says it is a house list and names its log, ``NAME.house.jsonl``,
one event a line (:class:`~adjudicator.core.house.HouseLog`).  An edit writes
the whole log to a hidden temporary file and renames it into place, so a
worker loading it reads the old log or the new one, never half of one; the
manifest, written once, goes last, because the loaders find lexicons by it.
Whoever changes a house list's files holds :func:`house_lock` meanwhile.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import typing as t
import uuid
from pathlib import Path

import yaml

from adjudicator.core.house import HouseLog

SUFFIX = ".house.jsonl"
LOCK = ".house.lock"


def house_file(folder: Path, name: str) -> Path:
    return folder / f"{name}{SUFFIX}"


@contextlib.contextmanager
def house_lock(folder: Path) -> t.Iterator[None]:
    """One change at a time to the house lists of ``folder``: an edit (read the
    log, append, rename) or a deletion, by any thread, worker or instance."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK).open("a") as fh:  # an open file of its own: threads wait too
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def write_house_list(folder: Path, log: HouseLog) -> None:
    """Install ``log`` as the house list of its name in ``folder``, with its
    manifest if it has none yet."""
    folder.mkdir(parents=True, exist_ok=True)
    _install(house_file(folder, log.name), log.dump())
    manifest = folder / f"{log.name}.yaml"
    if not manifest.exists():
        data = {
            "name": log.name,
            "house": True,
            "files": {"house": house_file(folder, log.name).name},
        }
        _install(manifest, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def _install(path: Path, text: str) -> None:
    # A scratch file of its own, made with the mode the umask allows (readable
    # like any installed lexicon) by the system: reading the umask would set it
    # for a moment, for every thread of the worker.
    scratch = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(scratch, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(scratch)
