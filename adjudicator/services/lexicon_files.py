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

from adjudicator.builders.house import house_file, house_lock
from adjudicator.builders.writer import NAME_RE
from adjudicator.errors import (
    BundledLexiconError,
    LexiconBuildError,
    LexiconNameTakenError,
    UnknownLexiconError,
)
from adjudicator.loaders import graph_path, read_yaml
from adjudicator.services.lexicon_jobs import (
    BuildState,
    LexiconBuild,
    LoadedLexicon,
    raise_if_failed,
    remove_old_builds,
    start_build,
    wait_for,
)
from adjudicator.services.lexicon_watch import bump_generation

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
    remove_old_builds(settings)
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


def load_wordlist(
    settings: Settings,
    name: str,
    data: t.IO[bytes] | bytes,
    filename: str | None = None,
    *,
    wait_seconds: float = 0,
    **options: t.Any,
) -> LoadedLexicon | LexiconBuild:
    """Save an uploaded word list and build it under ``name`` in the data folder,
    replacing a loaded list of that name, in a build process of its own
    (:mod:`.lexicon_jobs`); ``options`` as :func:`.lexicons.build_lexicon` takes
    them (``ruleset``, ``alphabet``, ``language``, ``case``, ``version``, ``license``).

    :return: the lexicon, when built within ``wait_seconds``; else the build,
        still queued or running.
    :raises LexiconBuildError: a bad name, or a list refused within
        ``wait_seconds``; what was loaded stays.
    :raises LexiconNameTakenError: a house list has that name.
    """
    if not NAME_RE.match(name):
        raise LexiconBuildError(
            f"{name!r} is not a lexicon name: lowercase letters, digits, '.', '_', '-'",
            name=name,
        )
    folder = settings.loaded_lexicon_dir
    if house_file(folder, name).exists():
        raise LexiconNameTakenError(name, "a house list")
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
        build, process = start_build(settings, name, source, scratch, replaced, options)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    build = wait_for(settings, build, process, wait_seconds)
    raise_if_failed(build)
    if build.state is BuildState.DONE and build.lexicon is not None:
        return build.lexicon
    return build


def delete_lexicon(settings: Settings, registry: Registry, name: str) -> None:
    """Remove a lexicon (or a house list, with its history) loaded into the data
    folder; every worker stops offering it (a bundled one of the same name, if
    any, serves again).

    :raises BundledLexiconError: ``name`` is a bundled lexicon.
    :raises UnknownLexiconError: no such lexicon.
    """
    manifest = settings.loaded_lexicon_dir / f"{name}.yaml"
    # Under the house lists' lock: an edit under way would write the list back.
    with house_lock(settings.loaded_lexicon_dir):
        if not NAME_RE.match(name) or not manifest.is_file():
            if name in registry.lexicons:
                raise BundledLexiconError(name)
            raise UnknownLexiconError(name)
        files = (read_yaml(manifest) or {}).get("files") or {}
        manifest.unlink()  # first: the loader finds lexicons by their manifests
        for part in (files.get("trie"), files.get("lemmas"), files.get("house")):
            if part:
                (manifest.parent / str(part)).unlink(missing_ok=True)
        if files.get("trie"):  # its word graph, beside the trie
            graph_path(manifest.parent / str(files["trie"])).unlink(missing_ok=True)
    bump_generation(settings)
