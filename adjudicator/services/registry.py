"""Build the registry of rules and lexicons once, at start-up."""

from __future__ import annotations

from adjudicator.loaders import Registry, load_config, load_lexicons
from adjudicator.settings import Settings


def open_registry(settings: Settings) -> Registry:
    """Load config and memory-map the lexicons: the bundled ones, then those loaded
    into the data folder (one of a bundled name replaces it).

    Their memory is bounded by the files, which only an admin adds (API or CLI):
    the tries are shared page cache, and a worker's heap holds each one's manifest
    and lemma rules (a few KiB; 2.7 MiB for a Russian lexicon, by tracemalloc).

    :raises ConfigError: bad config or a lexicon that does not fit its ruleset.
    """
    registry = load_config(settings.config_dir)
    load_lexicons([settings.lexicon_dir, settings.loaded_lexicon_dir], registry)
    return registry
