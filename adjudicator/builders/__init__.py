"""Lexicon builders: word lists and morphological dictionaries -> marisa tries.

The CLI (``adjudicator lexicon build``) and ``scripts/build-lexicons.sh`` call
:func:`build_from_recipe` with a recipe from ``config/lexicons/`` or
:func:`build_wordlist` with a tournament's word-list file.  Both return a
:class:`BuildReport` and raise :class:`~adjudicator.errors.LexiconBuildError`
with a plain-language message on failure, leaving any installed lexicon of the
same name untouched.

Builders are not part of the service: nothing under ``web``, ``services`` or
``core`` imports them.
"""

from __future__ import annotations

import typing as t
from collections import Counter
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.errors import LexiconBuildError

from .keys import tile_chars
from .recipe import Recipe, find_recipes, load_recipe
from .report import REASONS, BuildReport
from .sniff import CASES, infer_alphabet
from .wordlist import (
    PLAIN_TAGS,
    Scan,
    build_recipe_wordlist,
    build_wordlist,
    read_wordlist,
    scan_wordlist,
)
from .writer import LexiconMeta, key_checksum, write_lexicon

__all__ = [
    "CASES",
    "PLAIN_TAGS",
    "REASONS",
    "BuildReport",
    "LexiconMeta",
    "Recipe",
    "Scan",
    "build_from_recipe",
    "build_from_recipes",
    "build_wordlist",
    "find_recipes",
    "infer_alphabet",
    "key_checksum",
    "load_recipe",
    "read_wordlist",
    "scan_wordlist",
    "tile_chars",
    "write_lexicon",
]


RecipeSource = Path | str | t.Mapping[str, t.Any] | Recipe


def build_from_recipes(
    recipes: t.Iterable[RecipeSource],
    out_dir: Path | str,
    alphabets: t.Mapping[str, Alphabet],
    *,
    work_dir: Path | None = None,
) -> t.Iterator[BuildReport]:
    """Build several recipes in turn, each as :func:`build_from_recipe` would.

    Recipes on the same pymorphy3 dictionary and alphabet (``ru-opencorpora``
    and ``ru-erudite``) read the dictionary once, which is most of their time;
    the reading is kept in memory until the last of them is built.
    """
    loaded = [r if isinstance(r, Recipe) else load_recipe(r) for r in recipes]
    users = Counter(_dictionary_of(r) for r in loaded if r.builder == "pymorphy3")
    left = users.copy()  # the recipes still to build on each reading
    readings: dict[tuple[str | None, str, str, str], t.Any] = {}
    for recipe in loaded:
        source = _dictionary_of(recipe)
        if recipe.builder != "pymorphy3" or users[source] < 2:
            yield build_from_recipe(recipe, out_dir, alphabets, work_dir=work_dir)
            continue
        from .russian import build_pymorphy3, read_dictionary

        alphabet = _alphabet_of(recipe, alphabets)
        if source not in readings:
            readings[source] = read_dictionary(recipe, alphabet)
        left[source] -= 1
        reading = readings[source] if left[source] else readings.pop(source)
        yield build_pymorphy3(recipe, Path(out_dir), alphabet, work_dir=work_dir, reading=reading)


def _dictionary_of(recipe: Recipe) -> tuple[str | None, str, str, str]:
    return (recipe.package, recipe.version, recipe.language, recipe.alphabet)


def _alphabet_of(recipe: Recipe, alphabets: t.Mapping[str, Alphabet]) -> Alphabet:
    alphabet = alphabets.get(recipe.alphabet)
    if alphabet is None:
        raise LexiconBuildError(
            f"recipe {recipe.name}: no alphabet {recipe.alphabet!r}; known: "
            f"{', '.join(sorted(alphabets))}",
            recipe=recipe.name,
            alphabet=recipe.alphabet,
        )
    return alphabet


def build_from_recipe(
    recipe: RecipeSource,
    out_dir: Path | str,
    alphabets: t.Mapping[str, Alphabet],
    *,
    work_dir: Path | None = None,
    words: t.Iterable[str] | None = None,
) -> BuildReport:
    """Build the lexicon a recipe describes into ``out_dir``.

    :param recipe: a recipe file, its parsed mapping, or a :class:`Recipe`.
    :param alphabets: ``load_config(...).alphabets``; the recipe names one.
    :param work_dir: where downloads are unpacked (a temporary folder inside).
    :param words: pymorphy3 builder only: build just these forms (tests).
    :raises LexiconBuildError: a bad recipe, an unknown alphabet, a failed
        fetch, or bad source data.
    """
    if not isinstance(recipe, Recipe):
        recipe = load_recipe(recipe)
    alphabet = _alphabet_of(recipe, alphabets)
    out = Path(out_dir)
    if recipe.builder == "npm-wordlist":
        from .english import build_npm_wordlist

        return build_npm_wordlist(recipe, out, alphabet, work_dir=work_dir)
    if recipe.builder == "hunspell":
        from .hunspell import build_hunspell

        return build_hunspell(recipe, out, alphabet, work_dir=work_dir)
    if recipe.builder == "pymorphy3":
        from .russian import build_pymorphy3

        return build_pymorphy3(recipe, out, alphabet, words=words, work_dir=work_dir)
    assert recipe.path is not None  # load_recipe requires it for this builder
    return build_recipe_wordlist(recipe, recipe.path, alphabet, out)
