"""The registry of rules and lexicons: made at start-up, replaced whole when the
data folder's lexicons change."""

from __future__ import annotations

import typing as t

from adjudicator.loaders import Registry, load_config, load_lexicons
from adjudicator.settings import Settings

Listener = t.Callable[[Registry], None]


def open_registry(settings: Settings) -> Registry:
    """Load config and memory-map the lexicons: the bundled ones, then those loaded
    into the data folder (one of a bundled name replaces it).

    Their memory is bounded by the files, which only an admin adds (API or CLI):
    the tries are shared page cache, and a worker's heap holds each one's manifest
    and lemma rules (a few KiB; 2.7 MiB for a Russian lexicon, by tracemalloc).

    :raises ConfigError: bad config or a lexicon that does not fit its ruleset.
    """
    return load_lexicons(
        [settings.lexicon_dir, settings.loaded_lexicon_dir], load_config(settings.config_dir)
    )


def reload_lexicons(settings: Settings, current: Registry) -> Registry:
    """``current``'s rules with the lexicons loaded again: a reload changes the
    lexicons only (the rules, and what the app built from them, stay as started).

    :raises ConfigError: a lexicon that does not fit its ruleset.
    """
    return load_lexicons([settings.lexicon_dir, settings.loaded_lexicon_dir], current)


class LiveRegistry:
    """The registry in force, behind one reference.

    A reload makes a whole new :class:`Registry` and puts it in place with one
    assignment, so a reader sees the old snapshot or the new one, never a mix;
    a request that reads ``current`` once rules with one snapshot throughout.
    Whatever derives from the registry (the metrics' list of lexicons) listens.
    """

    def __init__(self, snapshot: Registry) -> None:
        self._current = snapshot
        self._listeners: list[Listener] = []

    @property
    def current(self) -> Registry:
        return self._current

    def on_replace(self, listener: Listener) -> None:
        """Call ``listener`` with the registry now, and with each new one."""
        self._listeners.append(listener)
        listener(self._current)

    def replace(self, snapshot: Registry) -> None:
        self._current = snapshot
        for listener in self._listeners:
            listener(snapshot)
