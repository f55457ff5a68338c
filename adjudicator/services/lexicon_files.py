"""Word lists loaded into a running service: uploaded, replaced and deleted.

An upload is kept in a scratch folder under the data folder's ``lexicons/``
while it is built (:func:`~adjudicator.services.lexicons.build_lexicon`, which
renames the new files into place and tells every worker); the scratch copy is
then removed.  Only the data folder's lexicons can be deleted: the bundled ones
are read only.

A worker killed during an upload leaves its scratch folder, and a build killed
before its renames leaves ``.NAME.*.tmp`` files: :func:`remove_leftovers` removes
those no build has touched for ``STALE_SECONDS``, at start-up and before each
upload.  The age spares a build that another instance on the same data folder
is running.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
import typing as t
from pathlib import Path

from pydantic import Field

from adjudicator.builders import BuildReport
from adjudicator.builders.writer import NAME_RE
from adjudicator.errors import BundledLexiconError, LexiconBuildError, UnknownLexiconError
from adjudicator.loaders import read_yaml
from adjudicator.services.answer import Answer
from adjudicator.services.lexicon_watch import bump_generation
from adjudicator.services.lexicons import build_lexicon

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry
    from adjudicator.settings import Settings

SCRATCH = ".incoming"
# A scratch file untouched this long belongs to no running upload or build (the
# largest list builds in about a minute).
STALE_SECONDS = 600
log = logging.getLogger("adjudicator.lexicons")


def remove_leftovers(settings: Settings, older_than: float = STALE_SECONDS) -> int:
    """Remove the scratch copies and half-written files of interrupted uploads
    and builds, untouched for ``older_than`` seconds; how many were removed."""
    folder = settings.loaded_lexicon_dir
    cutoff = time.time() - older_than
    stale = [
        p
        for p in [*folder.glob(f"{SCRATCH}/*"), *folder.glob(".*.tmp")]
        if _last_touched(p) < cutoff
    ]
    for path in stale:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    if stale:
        log.info("removed %d leftovers of interrupted uploads from %s", len(stale), folder)
    return len(stale)


def _last_touched(path: Path) -> float:
    """The newest modification time of ``path`` or, for a folder, of what it holds."""
    try:
        times = [path.stat().st_mtime]
        if path.is_dir():
            times += [p.stat().st_mtime for p in path.rglob("*")]
    except FileNotFoundError:  # removed meanwhile by whoever made it
        return time.time()
    return max(times)


class LoadedLexicon(Answer):
    """A word list built into the data folder."""

    name: str
    replaced: bool = Field(
        description="True when it replaced a list of that name, loaded or bundled"
    )
    word_count: int
    sha256: str = Field(description="Checksum of the sorted word list; rulings record it")
    alphabet: str
    case: str = Field(description="How the list's letter case was read")
    serves: list[str] = Field(description="The rulesets that can use it")
    dropped: dict[str, int] = Field(description="Entries left out, by reason")
    examples: dict[str, list[str]] = Field(description="A few dropped entries per reason")
    notes: list[str]
    seconds: float = Field(description="Time the build took")


def load_wordlist(
    settings: Settings,
    name: str,
    data: t.IO[bytes] | bytes,
    filename: str | None = None,
    **options: t.Any,
) -> LoadedLexicon:
    """Build an uploaded word list under ``name`` in the data folder, replacing a
    loaded list of that name; ``options`` as :func:`build_lexicon` takes them
    (``ruleset``, ``alphabet``, ``language``, ``case``, ``version``, ``license``).

    :raises LexiconBuildError: a bad name or a refused list; what was loaded stays.
    """
    if not NAME_RE.match(name):
        raise LexiconBuildError(
            f"{name!r} is not a lexicon name: lowercase letters, digits, '.', '_', '-'",
            name=name,
        )
    folder = settings.loaded_lexicon_dir
    # A loaded list of that name, or a bundled one, which the rulesets then stop using.
    replaced = any((d / f"{name}.yaml").exists() for d in (folder, settings.lexicon_dir))
    remove_leftovers(settings)
    (folder / SCRATCH).mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=folder / SCRATCH))
    try:
        source = scratch / (filename or f"{name}.txt")  # the manifest records its name
        with source.open("wb") as out:
            if isinstance(data, bytes):
                out.write(data)
            else:
                shutil.copyfileobj(data, out)
        report = build_lexicon(settings, wordlist=source, name=name, **options)
    finally:
        shutil.rmtree(scratch)
    return _loaded(report, replaced)


def delete_lexicon(settings: Settings, registry: Registry, name: str) -> None:
    """Remove a lexicon loaded into the data folder; every worker stops offering it
    (a bundled one of the same name, if any, serves again).

    :raises BundledLexiconError: ``name`` is a bundled lexicon.
    :raises UnknownLexiconError: no such lexicon.
    """
    manifest = settings.loaded_lexicon_dir / f"{name}.yaml"
    if not NAME_RE.match(name) or not manifest.is_file():
        if name in registry.lexicons:
            raise BundledLexiconError(name)
        raise UnknownLexiconError(name)
    files = (read_yaml(manifest) or {}).get("files") or {}
    manifest.unlink()  # first: the loader finds lexicons by their manifests
    for part in (files.get("trie"), files.get("lemmas")):
        if part:
            (manifest.parent / str(part)).unlink(missing_ok=True)
    bump_generation(settings)


def _loaded(report: BuildReport, replaced: bool) -> LoadedLexicon:
    return LoadedLexicon(
        name=report.name,
        replaced=replaced,
        word_count=report.word_count,
        sha256=report.sha256,
        alphabet=report.alphabet,
        case=report.case,
        serves=list(report.serves),
        dropped=dict(report.dropped),
        examples={k: list(v) for k, v in report.examples.items()},
        notes=list(report.notes),
        seconds=round(report.seconds, 3),
    )
