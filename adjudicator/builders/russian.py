"""The bundled Russian lexicons (``ru-opencorpora``, ``ru-erudite``), built from
pymorphy3's compiled OpenCorpora data (:mod:`.opencorpora`), with the
recipe's hunspell nouns and repairs merged in."""

from __future__ import annotations

import importlib.metadata
import time
import typing as t
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.errors import LexiconBuildError

from .keys import fold_table
from .opencorpora import Reading, collect, tag_bits
from .recipe import Recipe
from .records import add_fold_variants
from .repairs import read_repairs, repair_records
from .report import BuildReport
from .writer import LexiconMeta, write_lexicon

ANALYZER_PACKAGE = "pymorphy3"


def _installed_version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        raise LexiconBuildError(
            f"{package} is not installed; install the build extras: "
            "pip install 'adjudicator[build]'",
            package=package,
        ) from None


def open_analyzer(recipe: Recipe) -> t.Any:
    """pymorphy3's analyzer, after checking the installed data is the pinned version.

    :raises LexiconBuildError: pymorphy3 or the dictionary package missing, or
        a different dictionary version than the recipe pins.
    """
    assert recipe.package is not None  # load_recipe requires it for this builder
    installed = _installed_version(recipe.package)
    if installed != recipe.version:
        raise LexiconBuildError(
            f"{recipe.package} {installed} is installed but recipe {recipe.name} pins "
            f"{recipe.version}; pip install '{recipe.package}=={recipe.version}'",
            package=recipe.package,
        )
    _installed_version(ANALYZER_PACKAGE)
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang=recipe.language)


def read_dictionary(recipe: Recipe, alphabet: Alphabet) -> Reading:
    """The whole dictionary the recipe names, read with ``alphabet``: what every
    recipe on that dictionary and alphabet starts from."""
    return collect(open_analyzer(recipe).dictionary, alphabet)


def build_pymorphy3(
    recipe: Recipe,
    out_dir: Path,
    alphabet: Alphabet,
    *,
    words: t.Iterable[str] | None = None,
    work_dir: Path | None = None,
    reading: Reading | None = None,
) -> BuildReport:
    """Build the recipe's lexicon from the installed pymorphy3 dictionary, with
    the recipe's ``hunspell_nouns`` and ``repairs`` merged in when it names them.

    :param words: build only these forms (tests, quick looks); ``None`` for all.
    :param reading: the dictionary already read with this alphabet (and
        ``words``), when several recipes are built from it; left unchanged.
    :raises LexiconBuildError: see :func:`open_analyzer`; the installed
        lexicon is left untouched.
    """
    started = time.perf_counter()
    analyzer = open_analyzer(recipe)
    dictionary = analyzer.dictionary
    words = None if words is None else sorted(set(words))
    if reading is None:
        reading = collect(dictionary, alphabet, words=words)
    else:
        reading = reading.copy()
    records, rules, dropped = reading.records, reading.rules, reading.dropped
    merged: list[dict[str, t.Any]] = []
    if recipe.hunspell_nouns is not None:
        from .hunspell_nouns import noun_records

        nouns, counts, skipped = noun_records(
            recipe.hunspell_nouns,
            analyzer,
            alphabet,
            rules,
            len(merged) + 1,
            tag_bits=tag_bits,
            work_dir=work_dir,
            only=words,
        )
        records |= nouns
        dropped.merge(skipped)
        merged.append(recipe.hunspell_nouns.provenance(counts))
    if recipe.repairs is not None:
        groups = read_repairs(recipe.repairs)
        records |= repair_records(groups, alphabet, len(merged) + 1)
        merged.append(
            {
                "name": "repairs",
                "file": recipe.repairs.name,
                "license": "MIT (adjudicator's own list, reviewed by hand)",
                "entries": {group: len(entries) for group, entries in groups.items()},
            }
        )
    records = add_fold_variants(records, fold_table(alphabet, recipe.fold_variants), rules)
    meta_info = dict(dictionary.meta)
    upstream = f"OpenCorpora {meta_info.get('source_version', '?')}"
    if meta_info.get("source_revision"):
        upstream += f", revision {meta_info['source_revision']}"
    source = {
        "registry": "pypi",
        "package": recipe.package,
        "version": recipe.version,
        "url": recipe.url or f"https://pypi.org/project/{recipe.package}/{recipe.version}/",
        "license": "MIT (packaging); dictionary data CC-BY-SA-3.0",
        "upstream": upstream,
        "analyzer": f"{ANALYZER_PACKAGE} {_installed_version(ANALYZER_PACKAGE)}",
        "subset": None if words is None else "selected words only",
    }
    meta = LexiconMeta(
        name=recipe.name,
        language=recipe.language,
        version=recipe.version,
        license=recipe.license,
        source={k: v for k, v in source.items() if v is not None},
        attribution=recipe.attribution,
        fold_variants=dict(recipe.fold_variants),
    )
    counts = dropped.sorted_counts()
    sources = [{"name": recipe.package, **meta.source}, *merged] if merged else None
    manifest = write_lexicon(
        out_dir, meta, records, alphabet, lemma_rules=rules.rules, dropped=counts, sources=sources
    )
    del records
    return BuildReport(
        name=recipe.name,
        manifest_path=Path(out_dir) / f"{recipe.name}.yaml",
        word_count=manifest["word_count"],
        form_count=manifest["form_count"],
        sha256=manifest["sha256"],
        dropped=counts,
        examples={k: list(v) for k, v in sorted(dropped.examples.items())},
        seconds=time.perf_counter() - started,
        manifest=manifest,
        notes=(
            f"{len(rules):,} lemma rules; dropped counts are dictionary entries "
            "(form, paradigm, index)",
        ),
    )
