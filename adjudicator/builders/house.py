"""A house list's files in the data folder: its manifest and its log.

``NAME.yaml`` says it is a house list and names its log, ``NAME.house.jsonl``,
one event a line (:class:`~adjudicator.core.house.HouseLog`).  An edit writes
the whole log to a hidden temporary file and renames it into place, so a
worker loading it reads the old log or the new one, never half of one; the
manifest, written once, goes last, because the loaders find lexicons by it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import yaml

from adjudicator.core.house import HouseLog

SUFFIX = ".house.jsonl"


def house_file(folder: Path, name: str) -> Path:
    return folder / f"{name}{SUFFIX}"


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
    fd, scratch = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(scratch, 0o666 & ~umask)  # readable like any installed lexicon
        os.replace(scratch, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(scratch)
