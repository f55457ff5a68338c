"""Read ``config/`` (YAML) into core objects: alphabets, layouts, rulesets.

Every error names the file and the key.  This is the only place that parses
YAML for rules.
"""

from __future__ import annotations

import typing as t
from pathlib import Path

import yaml

from adjudicator.core.alphabet import Alphabet, TileSpec
from adjudicator.core.layout import Layout, Premium, parse_grid
from adjudicator.core.ruleset import ruleset_from_mapping
from adjudicator.errors import ConfigError, UnknownTileError
from adjudicator.loaders.registry import Registry

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
