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


def build_from_recipe(
    recipe: Path | str | t.Mapping[str, t.Any] | Recipe,
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
    alphabet = alphabets.get(recipe.alphabet)
    if alphabet is None:
        raise LexiconBuildError(
            f"recipe {recipe.name}: no alphabet {recipe.alphabet!r}; known: "
            f"{', '.join(sorted(alphabets))}",
            recipe=recipe.name,
            alphabet=recipe.alphabet,
        )
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
