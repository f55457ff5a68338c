"""House lists into the registry: each on its base's trie, with its base's word
graph patched (:func:`~adjudicator.core.house_list.house_lexicon`); and the
ruleset that names one served by it once it is loaded."""

from __future__ import annotations

import logging
import typing as t
from pathlib import Path

from adjudicator.core.house import HouseLog
from adjudicator.core.house_list import house_lexicon

if t.TYPE_CHECKING:
    from adjudicator.core.ruleset import Ruleset
    from adjudicator.loaders.registry import Registry

log = logging.getLogger("adjudicator.lexicons")


def load_house_list(registry: Registry, manifest_path: Path, manifest: dict[str, t.Any]) -> None:
    """Add the house list of this manifest to ``registry``: its base's trie with
    its entries, and its base's word graph patched with them.  One that cannot
    be loaded (its base is not, its log is unreadable) is logged and left out:
    an edit made at a table never stops the service from starting."""
    name = str(manifest.setdefault("name", manifest_path.stem))
    path = manifest_path.parent / str((manifest.get("files") or {}).get("house", ""))
    try:
        entries = HouseLog.parse(name, path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        log.error("house list %r not loaded: %s is unreadable (%s)", name, path.name, exc)
        return
    base = registry.lexicons.get(entries.base)
    if base is None or base.house is not None:
        log.error("house list %r not loaded: its base %r is not loaded", name, entries.base)
        return
    graph = registry.graphs.get(base.name)
    try:
        lexicon, patched = house_lexicon(manifest, entries, base, registry.rulesets.values(), graph)
    except ValueError as exc:
        log.error("house list %r not loaded: %s", name, exc)
        return
    registry.lexicons[name] = lexicon
    registry.graphs.pop(name, None)
    if patched is not None:
        registry.graphs[name] = patched


def house_first(rules: Ruleset, fitting: list[str]) -> list[str]:
    """The lexicons that can serve ``rules``, its ``house_list`` first when it is
    among them; said in the log when it is not."""
    house = rules.house_list
    if house is None:
        return fitting
    if house in fitting:
        return [house, *(n for n in fitting if n != house)]
    log.warning(
        "ruleset %r names house list %r, which is not loaded or does not fit it: "
        "%s serves it until the list is made (its first entry makes it)",
        rules.name,
        house,
        fitting[0] if fitting else "no lexicon",
    )
    return fitting
