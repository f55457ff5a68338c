"""Read ``config/`` (YAML) into core objects; fail at start-up on bad data.

Every error names the file and the key.  This is the only place that parses
YAML for rules.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import typing as t
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from adjudicator.core.alphabet import Alphabet, TileSpec
from adjudicator.core.dawg import GraphFormatError, WordGraph, open_graph
from adjudicator.core.house import HouseLog
from adjudicator.core.house_list import house_lexicon
from adjudicator.core.layout import Layout, Premium, parse_grid
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset, lexicon_misfit, ruleset_from_mapping
from adjudicator.core.verdict import WordChecker
from adjudicator.core.wordfilter import recorded_tags, tag_names
from adjudicator.errors import (
    ConfigError,
    LexiconLacksTagsError,
    LexiconMismatchError,
    UnknownLexiconError,
    UnknownRulesetError,
    UnknownTileError,
)

log = logging.getLogger("adjudicator.lexicons")


@dataclass(frozen=True, slots=True)
class Registry:
    """The rules, the lexicons, and the word checker of each ruleset with each
    lexicon that fits it: one snapshot, never changed once made.  When the data
    folder's lexicons change, a new one replaces it whole
    (:class:`~adjudicator.services.registry.LiveRegistry`)."""

    alphabets: dict[str, Alphabet]
    layouts: dict[str, Layout]
    rulesets: dict[str, Ruleset]
    lexicons: dict[str, Lexicon] = field(default_factory=dict)
    # ruleset name -> the loaded lexicons that can serve it (the one serving it first)
    fitting: dict[str, list[str]] = field(default_factory=dict)
    # (ruleset name, lexicon name) -> its checker, for every fitting pair
    checkers: dict[tuple[str, str], WordChecker] = field(default_factory=dict)
    # lexicon name -> the move generator's word graph, where one of this build is there
    graphs: dict[str, WordGraph] = field(default_factory=dict)

    def ruleset(self, name: str) -> Ruleset:
        try:
            return self.rulesets[name]
        except KeyError:
            raise UnknownRulesetError(name, self.rulesets) from None

    def serving(self, ruleset: str) -> str | None:
        """The lexicon serving a ruleset when a request names none: its
        ``house_list`` once loaded (if it fits), else its own, or its ``stand_in``
        while its own is not loaded (both fit: :func:`load_lexicons`)."""
        rules = self.rulesets[ruleset]
        if rules.house_list is not None and rules.house_list in self.fitting.get(ruleset, ()):
            return rules.house_list  # loaded, and fits (see load_lexicons)
        for name in (rules.lexicon, rules.stand_in):
            if name is not None and name in self.lexicons:
                return name
        return None

    def checker(self, ruleset: str, lexicon: str | None = None) -> WordChecker:
        """The word checker of a ruleset with its own lexicon, or with another loaded
        lexicon that fits its alphabet and fold (a tournament's own list).

        :raises UnknownRulesetError: no such ruleset.
        :raises UnknownLexiconError: not installed.
        :raises LexiconMismatchError: ``lexicon`` cannot serve this ruleset (its
            subclass :class:`LexiconLacksTagsError` when only the tags are missing).
        """
        rules = self.ruleset(ruleset)
        if lexicon is None:
            serving = self.serving(rules.name)
            if serving is None:
                raise UnknownLexiconError(rules.lexicon, rules.name)
            return self.checkers[rules.name, serving]
        if lexicon not in self.lexicons:
            raise UnknownLexiconError(lexicon)
        fitting = self.fitting.get(rules.name, [])
        if lexicon not in fitting:
            other = self.lexicons[lexicon]
            key, reason = _misfit(self, rules, other) or (None, None)
            if key == "word_filter":
                missing = rules.word_filter.missing(recorded_tags(other.manifest.get("tags")))
                raise LexiconLacksTagsError(lexicon, rules.name, fitting, tag_names(missing))
            if "case" in other.manifest:  # a word list: it can be built for this ruleset
                reason = f"{reason}; build the list with --ruleset {rules.name}"
            raise LexiconMismatchError(lexicon, rules.name, fitting, reason)
        return self.checkers[rules.name, lexicon]


# The C loader when libyaml is there (6x faster start-up), else the pure one.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> t.Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_SafeLoader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise ConfigError(str(path), None, f"not valid YAML: {exc}") from exc


def _check_keys(source: str, data: t.Any, allowed: set[str], required: set[str]) -> None:
    if not isinstance(data, dict):
        raise ConfigError(source, None, "must be a mapping")
    for key in data:
        if key not in allowed:
            raise ConfigError(
                source, str(key), f"unknown key; known keys: {', '.join(sorted(allowed))}"
            )
    for key in sorted(required - set(data)):
        raise ConfigError(source, key, "is required")


def load_alphabet(path: Path) -> Alphabet:
    source = str(path)
    data = read_yaml(path)
    _check_keys(source, data, {"name", "blank", "letters"}, {"name", "letters"})
    if data["name"] != path.stem:
        raise ConfigError(source, "name", f"must match the file name {path.stem!r}")
    letters = []
    for i, entry in enumerate(data["letters"]):
        where = f"letters[{i}]"
        if isinstance(entry, list) and len(entry) == 4:
            label, blank, count, score = entry
            spec = {"label": label, "blank": blank, "count": count, "score": score}
        elif isinstance(entry, dict):
            spec = entry
            _check_keys(
                f"{source}: {where}",
                spec,
                {"label", "blank", "count", "score", "aliases", "blank_aliases", "spelled"},
                {"label", "blank", "count", "score"},
            )
        else:
            raise ConfigError(source, where, "must be [label, blank label, count, score]")
        if not (isinstance(spec["count"], int) and isinstance(spec["score"], int)):
            raise ConfigError(source, where, "count and score must be whole numbers")
        letters.append(
            TileSpec(
                str(spec["label"]),
                str(spec["blank"]),
                spec["count"],
                spec["score"],
                tuple(spec.get("aliases", ())),
                tuple(spec.get("blank_aliases", ())),
                tuple(spec.get("spelled", ())),
            )
        )
    blank = data.get("blank", {"label": "?", "count": 0})
    _check_keys(f"{source}: blank", blank, {"label", "count"}, {"label", "count"})
    alphabet = Alphabet(data["name"], tuple(letters), str(blank["label"]), int(blank["count"]))
    labels = [s.label for s in letters] + [s.blank_label for s in letters]
    if len(set(labels)) != len(labels):
        raise ConfigError(source, "letters", "a label or blank label appears twice")
    bad = alphabet.ambiguous_labels()
    if bad:
        raise ConfigError(
            source,
            "letters",
            f"multi-character labels {bad} read as other tiles too; bracket them like [CH]",
        )
    for tile in letters:
        for form in tile.spelled:
            try:
                pieces = alphabet.tokenize(form)
            except UnknownTileError:
                pieces = []
            if len(pieces) < 2:
                raise ConfigError(
                    source,
                    f"letters {tile.label}: spelled",
                    f"{form!r} must be written with two or more other tiles (else use aliases)",
                )
    return alphabet


def load_layout(path: Path, folder: Path) -> Layout:
    source = str(path)
    data = read_yaml(path)
    _check_keys(source, data, {"name", "start", "legend", "grid", "grid_from"}, {"name", "legend"})
    legend: dict[str, Premium] = {}
    for symbol, spec in data["legend"].items():
        _check_keys(
            f"{source}: legend {symbol!r}", spec, {"letter", "word", "name", "colour"}, set()
        )
        legend[symbol] = Premium(
            spec.get("letter", 1),
            spec.get("word", 1),
            symbol,
            spec.get("name", ""),
            spec.get("colour", ""),
        )
    base = data
    if "grid_from" in data:
        base_path = folder / f"{data['grid_from']}.yaml"
        if not base_path.exists():
            raise ConfigError(source, "grid_from", f"no layout {data['grid_from']!r}")
        base = read_yaml(base_path)
    if "grid" not in base:
        raise ConfigError(source, "grid", "is required (or grid_from)")
    start_text = data.get("start", base.get("start"))
    try:
        col = ord(str(start_text)[0].upper()) - ord("A")
        row = int(str(start_text)[1:]) - 1
        return parse_grid(data["name"], base["grid"], legend, (row, col))
    except (ValueError, IndexError, TypeError) as exc:
        raise ConfigError(source, "grid", str(exc)) from exc


def load_config(config_dir: Path) -> Registry:
    """Load every alphabet, layout and ruleset under ``config_dir``.

    :raises ConfigError: on the first bad file, naming it and the key.
    """
    if not config_dir.is_dir():
        raise ConfigError(str(config_dir), None, "config folder not found")
    alphabets = {
        p.stem: load_alphabet(p) for p in sorted((config_dir / "alphabets").glob("*.yaml"))
    }
    layout_dir = config_dir / "layouts"
    layouts = {p.stem: load_layout(p, layout_dir) for p in sorted(layout_dir.glob("*.yaml"))}
    rulesets = {}
    for path in sorted((config_dir / "rulesets").glob("*.yaml")):
        rulesets[path.stem] = ruleset_from_mapping(
            path.stem, read_yaml(path), alphabets=alphabets, layouts=layouts, source=str(path)
        )
    if not rulesets:
        raise ConfigError(str(config_dir / "rulesets"), None, "no ruleset found")
    return Registry(alphabets, layouts, rulesets)


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
            misfit = _misfit(registry, rules, other)
            if misfit is not None:
                # Another language or alphabet goes without saying; a list in the
                # ruleset's alphabet that lacks the tags it needs is worth a word.
                if misfit[0] == "word_filter":
                    log.warning("lexicon %r cannot serve %r: %s", name, rules.name, misfit[1])
                continue  # not offered for this ruleset
            fitting.append(name)
        registry.fitting[rules.name] = _house_first(rules, [n for n in fitting if n])
        for name in registry.fitting[rules.name]:
            registry.checkers[rules.name, name] = WordChecker(rules, registry.lexicons[name])
    return registry


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


def _house_first(rules: Ruleset, fitting: list[str]) -> list[str]:
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
    misfit = _misfit(registry, rules, lexicon)
    if misfit is not None:
        raise ConfigError(f"rulesets/{rules.name}.yaml", *misfit)


def _misfit(registry: Registry, rules: Ruleset, lexicon: Lexicon) -> tuple[str, str] | None:
    return lexicon_misfit(rules, lexicon, registry.alphabets.get(lexicon.alphabet))
