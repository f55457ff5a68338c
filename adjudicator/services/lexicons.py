"""Describe, compare and build lexicons."""

from __future__ import annotations

import dataclasses
import time
import typing as t
from pathlib import Path

from adjudicator.builders import (
    PLAIN_TAGS,
    BuildReport,
    build_from_recipe,
    build_wordlist,
    find_recipes,
    infer_alphabet,
    scan_wordlist,
    tile_chars,
)
from adjudicator.builders.house import house_file
from adjudicator.core.ruleset import lexicon_misfit, misfit
from adjudicator.errors import LexiconBuildError, LexiconNameTakenError, UnknownLexiconError
from adjudicator.loaders import graph_path, load_config, load_lexicon
from adjudicator.services.answer import Answer
from adjudicator.services.lexicon_watch import bump_generation
from adjudicator.services.word_graphs import GraphReport, write_graph
from adjudicator.settings import Settings

if t.TYPE_CHECKING:
    from adjudicator.core.alphabet import Alphabet
    from adjudicator.core.lexicon import Lexicon
    from adjudicator.core.ruleset import Ruleset
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
                rulesets=sorted(r for r in registry.rulesets if registry.serving(r) == name),
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


def build_lexicon(
    settings: Settings,
    *,
    recipe: str | None = None,
    wordlist: Path | None = None,
    name: str | None = None,
    ruleset: str | None = None,
    alphabet: str | None = None,
    language: str | None = None,
    case: str | None = None,
    version: str = "1",
    license: str = "proprietary",
    out: Path | None = None,
) -> BuildReport:
    """Build a recipe (a national edition's lexicon) or a plain word list into the
    data folder's lexicons (``out`` instead, when given), which a running service
    then loads without a restart (:mod:`.lexicon_watch`).

    A word list takes its alphabet, fold and language from ``ruleset`` when one
    is named; its alphabet from ``alphabet``, or else from its words (the one
    alphabet that spells them best); and a fold and language, when none is
    named, from the rulesets on that alphabet if they agree.  The report names
    the rulesets the new lexicon can serve.

    :raises UnknownRulesetError: ``ruleset`` is not known.
    :raises LexiconBuildError: a refused file or combination (a ruleset whose
        word filter needs tags a plain list cannot have, an alphabet that cannot
        spell the ruleset's tiles); the installed lexicon is untouched.
    """
    config = load_config(settings.config_dir)
    target = out or settings.loaded_lexicon_dir
    if recipe is not None:
        recipes = find_recipes(settings.config_dir / "lexicons")
        if recipe not in recipes:
            raise LexiconBuildError(
                f"no recipe {recipe!r}; known: {', '.join(sorted(recipes))}", recipe=recipe
            )
        report = build_from_recipe(recipes[recipe], target, config.alphabets)
        report = _with_graph(config, report)
        if target == settings.loaded_lexicon_dir:
            bump_generation(settings)
        return dataclasses.replace(report, serves=_serves(config, report))
    if alphabet is not None and alphabet not in config.alphabets:
        raise LexiconBuildError(
            f"no alphabet {alphabet!r}; known: {', '.join(sorted(config.alphabets))}",
            alphabet=alphabet,
        )
    assert wordlist is not None and name is not None
    started = time.perf_counter()
    rules = config.ruleset(ruleset) if ruleset is not None else None
    if rules is not None:
        given = config.alphabets[alphabet] if alphabet else rules.alphabet
        _refuse_misfit(rules, name, given, rules.fold)
    named = config.alphabets[alphabet] if alphabet else rules.alphabet if rules else None
    scan = scan_wordlist(wordlist, case=case, tiles=tile_chars(named) if named else ())
    if alphabet is not None:
        chosen, whence = config.alphabets[alphabet], "named"
    elif rules is not None:
        chosen, whence = rules.alphabet, f"from ruleset {rules.name}"
    else:
        on = _rulesets_by_alphabet(config)
        chosen = infer_alphabet(scan.words, config.alphabets, wordlist.name, on)
        whence = "inferred from the words (no other alphabet spells as many)"
    if rules is not None:
        fold, lang, how = dict(rules.fold), language or rules.language, f"ruleset {rules.name}"
    else:
        fold, lang, how = _agreed(config, chosen, language)
    if target == settings.loaded_lexicon_dir:
        _refuse_unfit_replacement(config, name, chosen, fold)
        if house_file(target, name).exists():
            raise LexiconNameTakenError(name, "a house list")
    report = build_wordlist(
        wordlist,
        name,
        chosen,
        target,
        lang,
        version,
        license,
        min_length=2,
        fold_variants=fold,
        case=case,
        alphabets=config.alphabets,
        scan=scan,
        ruleset=rules.name if rules is not None else None,
        max_length=max(max(layout.rows, layout.cols) for layout in config.layouts.values()),
    )
    report = _with_graph(config, report)
    notes = [f"alphabet {chosen.name}: {whence}"]
    if fold:
        notes.append(f"fold from {how}")
    if target == settings.loaded_lexicon_dir:
        bump_generation(settings)  # every worker loads it within a second or so
    return dataclasses.replace(
        report,
        notes=(*notes, *report.notes),
        serves=_serves(config, report),
        seconds=time.perf_counter() - started,  # the reading and the inference too
    )


def _with_graph(config: Registry, report: BuildReport) -> BuildReport:
    """Build the new lexicon's word graph beside it, before any worker loads it."""
    graph = build_lexicon_graph(config, load_lexicon(report.manifest_path))
    return dataclasses.replace(report, notes=(*report.notes, graph.summary()))


def build_lexicon_graph(config: Registry, lexicon: Lexicon) -> GraphReport:
    """(Re)build an installed lexicon's word graph for the rulesets of ``config``.

    :raises LexiconBuildError: the graph does not fit its format.
    """
    if lexicon.path is None:
        raise LexiconBuildError(f"lexicon {lexicon.name!r} has no file", lexicon=lexicon.name)
    try:
        return write_graph(
            config.rulesets.values(),
            lexicon,
            config.alphabets.get(lexicon.alphabet),
            graph_path(lexicon.path),
        )
    except ValueError as exc:
        raise LexiconBuildError(
            f"word graph of {lexicon.name!r}: {exc}", lexicon=lexicon.name
        ) from exc


def _refuse_misfit(
    rules: Ruleset, name: str, alphabet: Alphabet, fold: t.Mapping[str, str], hint: str = ""
) -> None:
    """Refuse, before anything is written, a list that could not serve ``rules``."""
    why = misfit(rules, name, alphabet.name, alphabet, fold, PLAIN_TAGS)
    if why is not None:
        raise LexiconBuildError(
            f"a word list in the {alphabet.name} alphabet cannot serve ruleset "
            f"{rules.name}: {why[1]}{hint}",
            ruleset=rules.name,
            alphabet=alphabet.name,
        )


def _refuse_unfit_replacement(
    config: Registry, name: str, alphabet: Alphabet, fold: t.Mapping[str, str]
) -> None:
    """A list under the name of a ruleset's own lexicon must serve that ruleset:
    the service could not start with it otherwise."""
    for rules in sorted(config.rulesets.values(), key=lambda r: r.name):
        if rules.lexicon == name:
            hint = f"; {name!r} is its own lexicon: build it with --ruleset {rules.name}"
            _refuse_misfit(rules, name, alphabet, fold, hint + ", or under another name")


def _rulesets_by_alphabet(config: Registry) -> dict[str, list[str]]:
    on: dict[str, list[str]] = {}
    for rules in sorted(config.rulesets.values(), key=lambda r: r.name):
        on.setdefault(rules.alphabet.name, []).append(rules.name)
    return on


def _agreed(
    config: Registry, alphabet: Alphabet, language: str | None
) -> tuple[dict[str, str], str, str]:
    """The fold and language every ruleset on ``alphabet`` shares (none, ``und``
    where they differ or there is none), and which rulesets they came from."""
    on = [r for r in config.rulesets.values() if r.alphabet.name == alphabet.name]
    folds = {tuple(sorted(r.fold.items())) for r in on}
    languages = {r.language for r in on}
    fold = dict(next(iter(folds))) if len(folds) == 1 else {}
    lang = language or (next(iter(languages)) if len(languages) == 1 else "und")
    names = ", ".join(sorted(r.name for r in on))
    return fold, lang, f"the rulesets on the {alphabet.name} alphabet ({names})"


def _serves(config: Registry, report: BuildReport) -> tuple[str, ...]:
    """The rulesets the lexicon just built can serve."""
    lexicon = load_lexicon(report.manifest_path)
    alphabet = config.alphabets.get(lexicon.alphabet)
    return tuple(
        name
        for name, rules in sorted(config.rulesets.items())
        if lexicon_misfit(rules, lexicon, alphabet) is None
    )


def rebuild_graphs(settings: Settings, names: t.Sequence[str] = ()) -> list[GraphReport]:
    """Rebuild the word graphs of the named lexicons (all when none is named);
    workers load those of the data folder within a second.

    :raises UnknownLexiconError: a name that is not loaded.
    """
    from adjudicator.services.registry import open_registry

    registry = open_registry(settings)
    for name in names:
        if name not in registry.lexicons:
            raise UnknownLexiconError(name)
    # A house list has no graph of its own: its base's, patched as it loads.
    reports = [
        build_lexicon_graph(registry, registry.lexicons[name])
        for name in (names or sorted(registry.lexicons))
        if registry.lexicons[name].house is None
    ]
    bump_generation(settings)
    return reports
