"""Describe, compare and build lexicons."""

from __future__ import annotations

import typing as t
from pathlib import Path

from pydantic import Field

from adjudicator.builders import BuildReport, build_from_recipe, build_wordlist, find_recipes
from adjudicator.errors import LexiconBuildError, LexiconsNotComparableError, UnknownLexiconError
from adjudicator.loaders import load_config
from adjudicator.services.answer import Answer
from adjudicator.settings import Settings

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

_HIDDEN = {"lemma_rules"}


class LexiconInfo(Answer):
    name: str
    rulesets: list[str]
    manifest: dict[str, t.Any]


class LexiconsResponse(Answer):
    lexicons: list[LexiconInfo]


def list_lexicons(registry: Registry) -> LexiconsResponse:
    return LexiconsResponse(
        lexicons=[
            LexiconInfo(
                name=name,
                rulesets=sorted(r.name for r in registry.rulesets.values() if r.lexicon == name),
                manifest=lexicon_manifest(registry, name),
            )
            for name in sorted(registry.lexicons)
        ]
    )


def lexicon_manifest(registry: Registry, name: str) -> dict[str, t.Any]:
    """:raises UnknownLexiconError: no such lexicon is loaded."""
    if name not in registry.lexicons:
        raise UnknownLexiconError(name)
    return {k: v for k, v in registry.lexicons[name].manifest.items() if k not in _HIDDEN}


class LexiconDiff(Answer):
    base: str
    other: str
    added_count: int = Field(description="Words in `other` and not in `base`")
    removed_count: int = Field(description="Words in `base` and not in `other`")
    added: list[str]
    removed: list[str]
    truncated: bool = Field(description="True when `limit` cut a list short")


def diff_lexicons(
    registry: Registry, base: str, other: str, limit: int | None = None
) -> LexiconDiff:
    """The words one edition adds to another and those it drops, in order.

    :raises UnknownLexiconError: either is not loaded.
    :raises LexiconsNotComparableError: they spell words in different alphabets.
    """
    for name in (base, other):
        if name not in registry.lexicons:
            raise UnknownLexiconError(name)
    a, b = registry.lexicons[base], registry.lexicons[other]
    if a.alphabet != b.alphabet:
        raise LexiconsNotComparableError(base, other, (a.alphabet, b.alphabet))
    alphabet = registry.alphabets[a.alphabet]
    old, new = set(a.trie.keys()), set(b.trie.keys())
    added = sorted(alphabet.spell_key(k) for k in new - old)
    removed = sorted(alphabet.spell_key(k) for k in old - new)
    cut = limit is not None and (len(added) > limit or len(removed) > limit)
    return LexiconDiff(
        base=base,
        other=other,
        added_count=len(added),
        removed_count=len(removed),
        added=added[:limit],
        removed=removed[:limit],
        truncated=cut,
    )


def build_lexicon(
    settings: Settings,
    *,
    recipe: str | None = None,
    wordlist: Path | None = None,
    name: str | None = None,
    alphabet: str = "english",
    language: str = "en",
    version: str = "1",
    license: str = "proprietary",
    out: Path | None = None,
) -> BuildReport:
    """Build a bundled recipe into the bundled lexicon folder, or a plain word list
    into the data folder's (``out`` instead, when given).

    :raises LexiconBuildError: a refused file; the installed lexicon is untouched.
    """
    config = load_config(settings.config_dir)
    target = out or (settings.lexicon_dir if recipe is not None else settings.loaded_lexicon_dir)
    if recipe is not None:
        recipes = find_recipes(settings.config_dir / "lexicons")
        if recipe not in recipes:
            raise LexiconBuildError(
                f"no recipe {recipe!r}; known: {', '.join(sorted(recipes))}", recipe=recipe
            )
        return build_from_recipe(recipes[recipe], target, config.alphabets)
    if alphabet not in config.alphabets:
        raise LexiconBuildError(
            f"no alphabet {alphabet!r}; known: {', '.join(sorted(config.alphabets))}",
            alphabet=alphabet,
        )
    assert wordlist is not None and name is not None
    return build_wordlist(
        wordlist, name, config.alphabets[alphabet], target, language, version, license, min_length=2
    )
