"""Build recipes: ``config/lexicons/NAME.yaml`` says where a lexicon comes from.

A recipe names the source package and its exact version, the alphabet, the
licence and attribution, and the builder that turns the source into a lexicon.
Unknown keys are refused, naming the file and the key.
"""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from adjudicator.errors import LexiconBuildError

from .expanders import EXPANDERS
from .hunspell_nouns import HunspellNouns, hunspell_nouns_from_mapping
from .supplement import Supplement, supplement_from_mapping

BUILDERS = ("npm-wordlist", "pymorphy3", "wordlist", "hunspell")
_REQUIRED = {"name", "language", "alphabet", "builder", "version", "license"}
_OPTIONAL = {
    "title",
    "description",
    "package",
    "attribution",
    "fold_variants",
    "url",
    "integrity",
    "file",
    "path",
    "min_length",
    "case",
    "sha256",
    "notes",
    "supplement",
    "expanders",
    "hunspell_nouns",
    "repairs",
}


@dataclass(frozen=True, slots=True)
class Recipe:
    """A validated recipe.

    ``file`` is the word list inside an npm package; ``path`` a local word list
    (relative to the recipe's folder); ``integrity`` the npm tarball's
    ``sha512-...`` digest, checked before anything is built.
    """

    name: str
    language: str
    alphabet: str
    builder: str
    version: str
    license: str
    package: str | None = None
    title: str | None = None
    description: str | None = None
    attribution: str | None = None
    fold_variants: t.Mapping[str, str] = field(default_factory=dict)
    url: str | None = None
    integrity: str | None = None
    file: str | None = None
    path: Path | None = None
    min_length: int = 1
    source_file: Path | None = None
    case: str | None = None  # builder wordlist: a mixed-case list's case (see sniff)
    sha256: str | None = None  # builder hunspell: the .deb's digest
    notes: str | None = None  # what the source cannot give, for the manifest
    supplement: Supplement | None = None  # builder hunspell: a second source merged in
    expanders: tuple[str, ...] = EXPANDERS  # builder hunspell: who expands the stems
    # builder pymorphy3: nouns the dictionary lacks, and a reviewed list of tag repairs
    hunspell_nouns: HunspellNouns | None = None
    repairs: Path | None = None


def load_recipe(recipe: Path | str | t.Mapping[str, t.Any]) -> Recipe:
    """Read a recipe file (or take an already parsed mapping) and check it.

    :raises LexiconBuildError: unreadable YAML, an unknown or missing key, or a
        bad value; the message names the file and the key.
    """
    if isinstance(recipe, t.Mapping):
        data, where, folder = dict(recipe), "recipe", None
    else:
        path = Path(recipe)
        where, folder = str(path), path.parent
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise LexiconBuildError(
                f"{where}: cannot read the recipe: {exc.strerror}", recipe=where
            ) from exc
        except yaml.YAMLError as exc:
            raise LexiconBuildError(f"{where}: not valid YAML: {exc}", recipe=where) from exc
    if not isinstance(data, dict):
        raise LexiconBuildError(f"{where}: a recipe must be a mapping", recipe=where)
    for key in data:
        if key not in _REQUIRED | _OPTIONAL:
            known = ", ".join(sorted(_REQUIRED | _OPTIONAL))
            raise _bad(where, key, f"unknown key; known keys: {known}")
    for key in sorted(_REQUIRED - set(data)):
        raise _bad(where, key, "is required")
    if folder is not None and str(data["name"]) != Path(where).stem:
        raise _bad(where, "name", f"must match the file name {Path(where).stem!r}")
    if data["builder"] not in BUILDERS:
        raise _bad(where, "builder", f"must be one of {', '.join(BUILDERS)}")
    if data["builder"] in ("npm-wordlist", "pymorphy3") and not data.get("package"):
        raise _bad(where, "package", f"is required by builder {data['builder']}")
    if data["builder"] == "wordlist" and not data.get("path"):
        raise _bad(where, "path", "is required by builder wordlist")
    if data["builder"] == "hunspell":
        for key in ("package", "url", "sha256", "file"):
            if not data.get(key):
                raise _bad(where, key, "is required by builder hunspell")
    fold = data.get("fold_variants") or {}
    if not isinstance(fold, dict):
        raise _bad(where, "fold_variants", "must be a mapping such as {Ё: Е}")
    min_length = data.get("min_length", 1)
    if not isinstance(min_length, int) or min_length < 1:
        raise _bad(where, "min_length", "must be a whole number of at least 1")
    local = _local_path(data.get("path"), folder)
    repairs = _local_path(data.get("repairs"), folder)
    if (data.get("hunspell_nouns") or repairs) and data["builder"] != "pymorphy3":
        raise _bad(where, "hunspell_nouns", "only builder pymorphy3 merges nouns or repairs")
    return Recipe(
        name=str(data["name"]),
        language=str(data["language"]),
        alphabet=str(data["alphabet"]),
        builder=str(data["builder"]),
        version=str(data["version"]),
        license=str(data["license"]),
        package=_opt(data, "package"),
        title=_opt(data, "title"),
        description=_opt(data, "description"),
        attribution=_opt(data, "attribution"),
        fold_variants={str(k): str(v) for k, v in fold.items()},
        url=_opt(data, "url"),
        integrity=_opt(data, "integrity"),
        file=_opt(data, "file"),
        path=local,
        min_length=min_length,
        source_file=None if folder is None else Path(where),
        case=_opt(data, "case"),
        sha256=_opt(data, "sha256"),
        notes=_opt(data, "notes"),
        expanders=_expanders(data.get("expanders", list(EXPANDERS)), where),
        supplement=None
        if data.get("supplement") is None
        else supplement_from_mapping(data["supplement"], where),
        hunspell_nouns=None
        if data.get("hunspell_nouns") is None
        else hunspell_nouns_from_mapping(data["hunspell_nouns"], where),
        repairs=repairs,
    )


def find_recipes(folder: Path) -> dict[str, Path]:
    """``{name: path}`` for every ``*.yaml`` recipe in ``folder``."""
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {}


def _expanders(value: t.Any, where: str) -> tuple[str, ...]:
    if not (isinstance(value, list) and value and all(v in EXPANDERS for v in value)):
        raise _bad(where, "expanders", f"a list of some of {', '.join(EXPANDERS)}")
    return tuple(value)


def _local_path(value: t.Any, folder: Path | None) -> Path | None:
    """A file the recipe names, relative to the recipe's folder."""
    if value is None:
        return None
    path = Path(str(value))
    return folder / path if folder is not None and not path.is_absolute() else path


def _opt(data: t.Mapping[str, t.Any], key: str) -> str | None:
    value = data.get(key)
    return None if value is None else str(value).strip()


def _bad(where: str, key: str, message: str) -> LexiconBuildError:
    return LexiconBuildError(f"{where}: {key}: {message}", recipe=where, key=key)
