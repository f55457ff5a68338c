"""Lexicons into the registry: each folder's manifests, their tries memory-mapped,
their word graphs beside them, each checked against the rulesets it serves.

A house list is loaded once every base is (:mod:`.house`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import typing as t
from pathlib import Path

from adjudicator.core.dawg import GraphFormatError, WordGraph, open_graph
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.verdict import WordChecker
from adjudicator.errors import ConfigError
from adjudicator.loaders.config import read_yaml
from adjudicator.loaders.house import house_first, load_house_list
from adjudicator.loaders.registry import Registry

log = logging.getLogger("adjudicator.lexicons")


def load_lexicon(manifest_path: Path, manifest: t.Any = None) -> Lexicon:
    """Read a manifest (unless given, as read), check its files, and memory-map the trie.

    :raises ConfigError: a missing file or key, naming the manifest.
    """
    source = str(manifest_path)
    manifest = read_yaml(manifest_path) if manifest is None else manifest
    if not isinstance(manifest, dict) or "name" not in manifest:
        raise ConfigError(source, "name", "a lexicon manifest needs a name")
    files = manifest.get("files") or {}
    trie_path = manifest_path.parent / str(files.get("trie", f"{manifest_path.stem}.marisa"))
    if not trie_path.exists():
        raise ConfigError(source, "files.trie", f"{trie_path.name} not found")
    rules: list[tuple[int, str]] = [(0, "")]
    if files.get("lemmas"):
        lemma_path = manifest_path.parent / str(files["lemmas"])
        if not lemma_path.exists():
            raise ConfigError(source, "files.lemmas", f"{lemma_path.name} not found")
        rules = [(int(c), str(a)) for c, a in json.loads(lemma_path.read_text("utf-8"))]
    return Lexicon.open(str(manifest["name"]), trie_path, manifest, rules)


def load_lexicons(lexicon_dirs: t.Sequence[Path], config: Registry) -> Registry:
    """``config``'s rules with the lexicons of each folder, loaded in turn (a later
    folder's replaces an earlier one of the same name); a ruleset's lexicon is
    checked to fit its alphabet.

    A ruleset whose lexicon is not installed still scores plays; word checks
    for it answer "lexicon not loaded".

    A ruleset whose own lexicon is not loaded is served by its ``stand_in``, if
    that is loaded (answers say so: :meth:`Ruleset.stands_in`).

    :raises ConfigError: a ruleset's own lexicon, or its stand-in, that cannot
        serve it (see :func:`~adjudicator.core.ruleset.lexicon_misfit`).
    """
    # Filled here, before anyone else sees it.
    registry = dataclasses.replace(config, lexicons={}, fitting={}, checkers={}, graphs={})
    houses = []
    for folder in lexicon_dirs:
        for manifest_path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
            manifest = read_yaml(manifest_path)
            if isinstance(manifest, dict) and "house" in manifest:
                houses.append((manifest_path, manifest))  # once every base is loaded
                continue
            lexicon = load_lexicon(manifest_path, manifest)
            registry.lexicons[lexicon.name] = lexicon
            graph = load_graph(lexicon)
            if graph is not None:
                registry.graphs[lexicon.name] = graph
            else:
                registry.graphs.pop(lexicon.name, None)  # a bundled one's graph is not this one's
    for manifest_path, manifest in houses:
        load_house_list(registry, manifest_path, manifest)
    for rules in registry.rulesets.values():
        serving = registry.serving(rules.name)
        if serving is not None:
            check_lexicon_fits(registry, rules, registry.lexicons[serving])
        fitting = [serving] if serving else []
        for name, other in sorted(registry.lexicons.items()):
            if name == serving:
                continue
            misfit = registry.misfit(rules, other)
            if misfit is not None:
                # Another language or alphabet goes without saying; a list in the
                # ruleset's alphabet that lacks the tags it needs is worth a word.
                if misfit[0] == "word_filter":
                    log.warning("lexicon %r cannot serve %r: %s", name, rules.name, misfit[1])
                continue  # not offered for this ruleset
            fitting.append(name)
        registry.fitting[rules.name] = house_first(rules, [n for n in fitting if n])
        for name in registry.fitting[rules.name]:
            registry.checkers[rules.name, name] = WordChecker(rules, registry.lexicons[name])
    return registry


def graph_path(trie_path: Path) -> Path:
    """``NAME.graph``, the lexicon's word graph, beside its ``NAME.marisa``."""
    return trie_path.with_suffix(".graph")


def load_graph(lexicon: Lexicon) -> WordGraph | None:
    """Memory-map the lexicon's word graph when it is there and of this build of
    the lexicon (its checksum); else None, with a warning for a stale one."""
    path = graph_path(lexicon.path) if lexicon.path is not None else None
    if path is None or not path.exists():
        return None
    try:
        graph = open_graph(path)
    except (GraphFormatError, OSError) as exc:
        log.warning("word graph %s is unreadable (%s): rebuild it", path.name, exc)
        return None
    if graph.header.get("checksum") != lexicon.checksum:
        log.warning("word graph %s is of another build of %s: rebuild it", path.name, lexicon.name)
        return None
    return graph


def check_lexicon_fits(registry: Registry, rules: Ruleset, lexicon: Lexicon) -> None:
    """:raises ConfigError: ``lexicon`` cannot serve ``rules``, naming the ruleset key
    (see :func:`~adjudicator.core.ruleset.lexicon_misfit`)."""
    misfit = registry.misfit(rules, lexicon)
    if misfit is not None:
        raise ConfigError(f"rulesets/{rules.name}.yaml", *misfit)
