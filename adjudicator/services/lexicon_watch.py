"""Lexicons loaded into the data folder, seen by every worker without a restart.

Whatever changes the data folder's lexicons (a build, an upload, a deletion)
writes a new token into ``lexicons/.generation`` once its files are renamed into
place.  Each worker reads that token at most once a second (:meth:`LexiconWatch.poll`,
called before a request) and, when it changed, loads the lexicons again into
a new registry that replaces the live one whole: the new tries are
memory-mapped beside the old ones, which requests already under way finish with.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
import typing as t
import uuid

from adjudicator.errors import ConfigError
from adjudicator.services.registry import LiveRegistry, reload_lexicons

if t.TYPE_CHECKING:
    from adjudicator.settings import Settings

GENERATION = ".generation"
log = logging.getLogger("adjudicator.lexicons")


def read_generation(settings: Settings) -> str:
    """The data folder's lexicon token; empty before the first change."""
    try:
        return (settings.loaded_lexicon_dir / GENERATION).read_text(encoding="ascii")
    except FileNotFoundError:
        return ""


def bump_generation(settings: Settings) -> str:
    """Tell every worker that the data folder's lexicons changed; the new token."""
    folder = settings.loaded_lexicon_dir
    folder.mkdir(parents=True, exist_ok=True)
    token = uuid.uuid4().hex  # unique, so two changes never read as one
    # A scratch file of its own (two threads of a worker may tell at once), with
    # the mode the umask allows, as any file of the folder.
    scratch = folder / f"{GENERATION}.{token}.tmp"
    fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(token)
        os.replace(scratch, folder / GENERATION)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(scratch)
    return token


class LexiconWatch:
    """Checks the token at most every ``every`` seconds; reloads when it changed.

    The threads of a worker share one watch: one of them checks and reloads, under
    a lock, while the others go on with the lexicons already loaded.
    """

    def __init__(
        self,
        registry: LiveRegistry,
        settings: Settings,
        every: float = 1.0,
        clock: t.Callable[[], float] = time.monotonic,
    ) -> None:
        self.registry, self.settings, self.every, self.clock = registry, settings, every, clock
        self.seen = read_generation(settings)
        self.checked = clock()
        self._lock = threading.Lock()

    def poll(self) -> bool:
        """True when the lexicons were loaded again."""
        now = self.clock()
        if now - self.checked < self.every or not self._lock.acquire(blocking=False):
            return False  # not yet, or another thread is checking
        try:
            self.checked = now
            return self._refresh()
        finally:
            self._lock.release()

    def refresh(self) -> bool:
        """Reload now if the token changed (after this worker changed the lexicons
        itself, so that its next request already sees them); True when it did."""
        with self._lock:
            return self._refresh()

    def _refresh(self) -> bool:
        token = read_generation(self.settings)
        if token == self.seen:
            return False
        self.seen = token
        try:
            fresh = reload_lexicons(self.settings, self.registry.current)
        except ConfigError as exc:  # keep serving the lexicons already loaded
            log.error("lexicons not reloaded: %s", exc.detail)
            return False
        self.registry.replace(fresh)
        names = ", ".join(sorted(fresh.lexicons))
        log.info("lexicons reloaded in process %d: %s", os.getpid(), names)
        return True
