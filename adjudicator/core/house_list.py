"""A house list as a lexicon: what a word check consults, its manifest, and its
word graph, made from its log and its base.

A word check consults the live entries before the base (:class:`HouseList`):
an addition is accepted as listed (it carries no tags), a removal rejects the
word whatever the base says.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass

from typing_extensions import TypedDict

from adjudicator.core.graph_patch import patch_graph
from adjudicator.core.house import HouseEvent, HouseEventKind, HouseLog
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.wordfilter import TAGS, recorded_tags

if t.TYPE_CHECKING:
    from adjudicator.core.dawg import WordGraph
    from adjudicator.core.ruleset import Ruleset


class HouseNote(TypedDict):
    """The house list's part in a verdict: its entry for the word."""

    list: str
    action: str
    entry: int
    by: str
    at: str
    why: str


@dataclass(frozen=True, slots=True)
class HouseList:
    """What a word check consults: each key the live entries spell, with its entry.

    A word's own spelling is worth more than a spelling a fold makes of another
    word's (ЕЖИК added outranks ЁЖИК removed, for ЕЖИК), and between two of one
    kind the later entry wins.
    """

    name: str
    log: HouseLog
    upto: int
    keys: t.Mapping[str, tuple[HouseEvent, bool]]

    @classmethod
    def of(cls, log: HouseLog, upto: int | None = None) -> HouseList:
        """The list as of version ``upto`` (the last one by default)."""
        upto = upto or log.version
        keys: dict[str, tuple[HouseEvent, bool]] = {}
        for entry in sorted(log.live(upto).values(), key=lambda e: e.seq):
            for key, folded in entry.keys:
                there = keys.get(key)
                if there is None or folded <= there[1]:
                    keys[key] = (entry, folded)
        return cls(log.name, log, upto, keys)

    @property
    def base(self) -> str:
        return self.log.base

    def lookup(self, key: str) -> tuple[HouseEvent, bool] | None:
        """The entry that decides ``key``, and whether ``key`` is a folded spelling
        of its word (which a ruleset that rejects folded spellings does not take)."""
        return self.keys.get(key)

    def note(self, entry: HouseEvent) -> HouseNote:
        return {
            "list": self.name,
            "action": entry.kind.value,
            "entry": entry.seq,
            "by": entry.by,
            "at": entry.at,
            "why": entry.why,
        }

    def changed(self, rejects_folded: bool) -> tuple[list[str], list[str]]:
        """The keys this version adds and those it removes, for a ruleset that
        does (or does not) take folded spellings: sorted.  A ruleset that does
        not sees no folded spelling of an entry: such a key is its base's."""
        added: list[str] = []
        removed: list[str] = []
        for key, (entry, folded) in sorted(self.keys.items()):
            if folded and rejects_folded:
                continue
            (removed if entry.kind == HouseEventKind.REMOVE else added).append(key)
        return added, removed


# What a house list's manifest takes from its base's: what the loader checks
# against a ruleset (alphabet, fold, tags, language) and what its words owe.
_FROM_BASE = (
    "language",
    "alphabet",
    "alphabet_fingerprint",
    "fold_variants",
    "tags",
    "sources",
    "license",
    "attribution",
)


def house_manifest(
    own: t.Mapping[str, t.Any], base: t.Mapping[str, t.Any], log: HouseLog, base_checksum: str
) -> dict[str, t.Any]:
    """A loaded house list's manifest: its own file's, what it takes from its
    base's, its version (the number of its last event) and checksum, and its
    entries counted."""
    live = log.live().values()
    return {
        **{k: base[k] for k in _FROM_BASE if k in base},
        **own,
        "version": str(log.version),
        "sha256": log.checksum(base_checksum),
        "house": {
            "base": {
                "name": log.base,
                "version": str(base.get("version", "")),
                "checksum": base_checksum,
            },
            "additions": sum(e.kind == HouseEventKind.ADD for e in live),
            "removals": sum(e.kind == HouseEventKind.REMOVE for e in live),
            "created": log.events[0].at,
            "updated": log.events[-1].at,
        },
    }


def house_lexicon(
    own: t.Mapping[str, t.Any],
    log: HouseLog,
    base: Lexicon,
    rulesets: t.Iterable[Ruleset],
    base_graph: WordGraph | None,
) -> tuple[Lexicon, WordGraph | None]:
    """The house list of manifest ``own`` and ``log`` on ``base``: a lexicon on
    the base's trie, and the base's graph with the changed words patched in for
    each ruleset's filter (None without a base graph).

    :raises ValueError: a graph too big for its format.
    """
    house = HouseList.of(log)
    lexicon = Lexicon.of_house(house_manifest(own, base.manifest, log, base.checksum), base, house)
    if base_graph is None:
        return lexicon, None
    recorded = recorded_tags(base.manifest.get("tags"))
    changes = {}
    for rules in rulesets:
        flt = rules.word_filter.within(recorded)
        changes[flt.key()] = house.changed(bool(flt.reject & TAGS["folded"]))
    facts = {"lexicon": lexicon.name, "checksum": lexicon.checksum}
    return lexicon, patch_graph(base_graph, changes, facts)
