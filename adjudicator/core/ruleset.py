"""A ruleset: which tiles, which board, which lexicon and filter, which rules.

Rulesets are data (``config/rulesets/*.yaml``); :func:`ruleset_from_mapping`
turns an already-parsed mapping into a frozen :class:`Ruleset` and refuses
unknown keys and unresolved references, naming the file and the key.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing as t
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.challenge import BonusPer, ChallengeRule
from adjudicator.core.duplicate_rules import DuplicateRules, duplicate_rules_from_mapping
from adjudicator.core.layout import Layout
from adjudicator.core.tile_reader import TileReader
from adjudicator.core.wordfilter import (
    WordFilter,
    recorded_tags,
    tag_names,
    word_filter_from_mapping,
)
from adjudicator.errors import ConfigError

if t.TYPE_CHECKING:
    from adjudicator.core.lexicon import Lexicon


class BlankScoring(StrEnum):
    ZERO = "zero"
    LETTER = "letter"  # a blank scores the letter it stands for (some home rules)


class EndRackRule(StrEnum):
    """What happens to the tiles left on racks when a player goes out.  A game
    that ends without anyone going out (passes, scoreless turns) always
    subtracts each player's own tiles."""

    SUBTRACT_ADD = "subtract_add"  # each subtracts their own; who went out adds the others' sum
    DOUBLE_OPPONENT = "double_opponent"  # who went out adds twice the others' sum
    SUBTRACT = "subtract"  # each subtracts their own; nobody adds


class PassesBy(StrEnum):
    """Whose passes in a row end the game: one player's, or every player's."""

    PLAYER = "player"
    ALL = "all"


class TieBreak(StrEnum):
    NONE = "none"
    BEFORE_ADJUSTMENTS = "before_adjustments"  # the higher score before the racks' points


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    language: str
    alphabet: Alphabet
    layout: Layout
    lexicon: str | None = None
    # Serves, marked as a stand-in, while ``lexicon`` (a tournament list the
    # service cannot ship, such as NWL2023) is not loaded.
    stand_in: str | None = None
    # A club's house list on ``lexicon`` (its additions and removals), serving
    # in its place once made; the first entry added at a table makes it.
    house_list: str | None = None
    rack_size: int = 7
    bingo_bonus: int = 50
    bingo_min_tiles: int = 7
    blank_scores: BlankScoring = BlankScoring.ZERO
    multi_line_moves: bool = False
    star_swap: bool = False
    first_play_min_tiles: int = 2
    fold: t.Mapping[str, str] = field(default_factory=dict)
    word_filter: WordFilter = field(default_factory=WordFilter)
    challenge_rule: ChallengeRule = ChallengeRule.DOUBLE
    challenge_bonus_per: BonusPer = BonusPer.WORD
    exchange_min_bag: int = 7
    end_passes_in_a_row: int = 0
    end_passes_by: PassesBy = PassesBy.PLAYER
    end_scoreless_turns: int = 0
    zero_score_play_is_scoreless: bool = False
    end_rack_rule: EndRackRule = EndRackRule.SUBTRACT_ADD
    tie_break: TieBreak = TieBreak.NONE
    overtime_penalty: int = 10  # points per minute (or part of one) over time on the clock
    finish_line_targets: t.Mapping[int, t.Mapping[str, int]] = field(default_factory=dict)
    description: str = ""
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    # GCG ``#lexicon`` names (shell patterns, any case) whose records are played
    # under these rules: NWL* for NASPA, FILE* for Spanish.
    gcg_lexicons: tuple[str, ...] = ()
    # Duplicate Scrabble's rules (core/duplicate_rules.py); None: no duplicate games.
    duplicate: DuplicateRules | None = None
    # How text reads as tiles: the alphabet under this fold, compiled once, when
    # ruleset_from_mapping makes the ruleset (not a key of a ruleset file).
    reader: TileReader = field(kw_only=True, repr=False, compare=False)

    @property
    def blank_scores_letter(self) -> bool:
        return self.blank_scores == BlankScoring.LETTER

    def stands_in(self, lexicon: str) -> bool:
        """``lexicon`` answers in place of this ruleset's own list: it is the
        ``stand_in`` (ENABLE for NWL2023, say), not the tournament's list."""
        return lexicon == self.stand_in and lexicon != self.lexicon


def _file_types(hint: t.Any) -> tuple[type, ...]:
    """What a ruleset file may give for a field of this type: an alphabet or a
    layout by name, a filter as a mapping, a choice by its value."""
    if hint in (Alphabet, Layout):
        return (str,)
    if hint in (WordFilter, DuplicateRules):
        return (dict,)
    origin = t.get_origin(hint)
    if origin in (t.Union, types.UnionType):
        return tuple(x for arg in t.get_args(hint) for x in _file_types(arg))
    if origin is tuple:
        return (list,)
    if origin in (collections.abc.Mapping, dict):
        return (dict,)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return (str,)
    return (hint,)


_HINTS = t.get_type_hints(Ruleset)
# Every key of a ruleset file, from the dataclass (its name is the file's):
# key -> (types, required).  Everything else in a file is an error.
_KEYS: dict[str, tuple[tuple[type, ...], bool]] = {
    f.name: (
        _file_types(_HINTS[f.name]),
        f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
    )
    for f in dataclasses.fields(Ruleset)
    if f.name not in ("name", "reader")
}
# The keys that name one of a fixed set of choices.
_CHOICES: dict[str, type[StrEnum]] = {
    key: hint
    for key, hint in _HINTS.items()
    if isinstance(hint, type) and issubclass(hint, StrEnum)
}


def ruleset_from_mapping(
    name: str,
    data: t.Mapping[str, t.Any],
    *,
    alphabets: t.Mapping[str, Alphabet],
    layouts: t.Mapping[str, Layout],
    source: str,
) -> Ruleset:
    """Validate one parsed ruleset file.

    :raises ConfigError: naming ``source`` and the offending key.
    """
    if not isinstance(data, dict):
        raise ConfigError(source, None, "a ruleset file must be a mapping")
    for key, value in data.items():
        if key not in _KEYS:
            raise ConfigError(source, key, f"unknown key; known keys: {', '.join(sorted(_KEYS))}")
        kind, _ = _KEYS[key]
        if isinstance(value, bool) and kind == (int,):
            raise ConfigError(source, key, "must be a whole number, not true/false")
        if not isinstance(value, kind):
            raise ConfigError(source, key, f"has the wrong type ({type(value).__name__})")
    for key, (_, required) in _KEYS.items():
        if required and key not in data:
            raise ConfigError(source, key, "is required")
    if data["alphabet"] not in alphabets:
        raise ConfigError(
            source, "alphabet", f"no alphabet named {data['alphabet']!r} in config/alphabets"
        )
    if data["layout"] not in layouts:
        raise ConfigError(source, "layout", f"no layout named {data['layout']!r} in config/layouts")
    choices: dict[str, StrEnum] = {}
    for key, choice in _CHOICES.items():
        if key in data:
            if data[key] not in set(choice):
                allowed = ", ".join(choice)
                raise ConfigError(source, key, f"{data[key]!r} is not one of {allowed}")
            choices[key] = choice(data[key])
    targets = data.get("finish_line_targets", {})
    for players, levels in targets.items():
        if not (
            isinstance(players, int)
            and isinstance(levels, dict)
            and all(isinstance(v, int) for v in levels.values())
        ):
            raise ConfigError(
                source, "finish_line_targets", "map a number of players to {level: target points}"
            )
    house = data.get("house_list")
    if house is not None and (
        not data.get("lexicon") or house in (data["lexicon"], data.get("stand_in"))
    ):
        raise ConfigError(
            source, "house_list", "needs a lexicon of its own (its base) and another name"
        )
    for key in ("rack_size", "bingo_min_tiles", "first_play_min_tiles"):
        if key in data and data[key] < 1:
            raise ConfigError(source, key, "must be at least 1")
    fold = data.get("fold", {})
    for k, v in fold.items():
        if not (isinstance(k, str) and isinstance(v, str) and len(k) == 1 and v):
            raise ConfigError(
                source, "fold", f"entry {k!r}: {v!r} must map one character to one or more (ß: SS)"
            )
        again = [c for c in v if c in fold]
        if again:
            raise ConfigError(
                source, "fold", f"entry {k!r}: {v!r} folds again ({again[0]!r}: {fold[again[0]]!r})"
            )
    try:
        word_filter = word_filter_from_mapping(data.get("word_filter", {}))
    except ValueError as exc:
        raise ConfigError(source, "word_filter", str(exc)) from exc
    duplicate = None
    if "duplicate" in data:
        try:
            duplicate = duplicate_rules_from_mapping(data["duplicate"])
        except ValueError as exc:
            key, message = exc.args
            raise ConfigError(source, f"duplicate.{key}", message) from exc
        labels = set(_labels(alphabets[data["alphabet"]]))
        for key in ("vowels", "either"):
            unknown = [v for v in getattr(duplicate, key) if v not in labels]
            if unknown:
                raise ConfigError(source, f"duplicate.{key}", f"{unknown[0]!r} is no tile label")
    plain = {
        k: v
        for k, v in data.items()
        if k
        not in (
            "alphabet",
            "layout",
            "word_filter",
            "sources",
            "notes",
            "gcg_lexicons",
            "fold",
            "finish_line_targets",
            "duplicate",
        )
    }
    alphabet = alphabets[data["alphabet"]]
    return Ruleset(
        name=name,
        alphabet=alphabet,
        layout=layouts[data["layout"]],
        word_filter=word_filter,
        fold=dict(fold),
        reader=TileReader.compile(alphabet, fold),
        finish_line_targets={k: dict(v) for k, v in targets.items()},
        sources=tuple(str(s) for s in data.get("sources", [])),
        notes=tuple(str(s) for s in data.get("notes", [])),
        gcg_lexicons=tuple(str(s) for s in data.get("gcg_lexicons", [])),
        duplicate=duplicate,
        **{**plain, **choices},
    )


def _labels(alphabet: Alphabet) -> list[str]:
    return [alphabet.label(i) for i in range(1, alphabet.size + 1)]


def lexicon_misfit(
    rules: Ruleset, lexicon: Lexicon, lexicon_alphabet: Alphabet | None
) -> tuple[str, str] | None:
    """Why ``lexicon`` (in ``lexicon_alphabet``) cannot serve ``rules``, as
    ``(ruleset key, message)``; None when it can: a lexicon of another language
    never does (a German list spells every English word's tiles), and see
    :func:`misfit`."""
    recorded = recorded_tags(lexicon.manifest.get("tags"))
    why = misfit(
        rules, lexicon.name, lexicon.alphabet, lexicon_alphabet, lexicon.fold_variants, recorded
    )
    language = lexicon.manifest.get("language")
    if why is None and language and language != rules.language:
        return (
            "language",
            f"lexicon {lexicon.name!r} is in {language!r}, ruleset {rules.name!r} in "
            f"{rules.language!r}",
        )
    return why


def misfit(
    rules: Ruleset,
    name: str,
    alphabet_name: str,
    lexicon_alphabet: Alphabet | None,
    fold_variants: t.Mapping[str, str],
    recorded: int,
) -> tuple[str, str] | None:
    """Why a lexicon ``name`` in ``lexicon_alphabet`` (None: an unknown one), with
    these fold variants and recorded tags, cannot serve ``rules``; None when it can.

    It must spell every tile of the ruleset's alphabet (key ``lexicon``), answer for
    the ruleset's fold (``fold``: built with those ``fold_variants``) and record
    every tag the word filter ``needs`` (``word_filter``).  Any other tag of the
    filter applies only where the lexicon records it, so a plain word list serves
    a morphological filter.  A build asks this before it writes anything.
    """
    if lexicon_alphabet is None:
        return (
            "lexicon",
            f"lexicon {name!r} was built for unknown alphabet {alphabet_name!r}",
        )
    gaps = alphabet_gaps(lexicon_alphabet, rules.alphabet)
    if gaps:
        return (
            "lexicon",
            f"lexicon {name!r} ({alphabet_name}) cannot spell "
            f"{', '.join(map(rules.alphabet.spell_key, gaps))} of alphabet "
            f"{rules.alphabet.name!r}",
        )
    unfolded = {k: v for k, v in rules.fold.items() if k.isupper()}
    if any(fold_variants.get(k) != v for k, v in unfolded.items()):
        return (
            "fold",
            f"fold {unfolded} needs lexicon {name!r} built with "
            f"fold_variants {unfolded} (it has {dict(fold_variants)})",
        )
    missing = rules.word_filter.missing(recorded)
    if missing:
        return (
            "word_filter",
            f"word_filter needs the tags {', '.join(tag_names(missing))}, which lexicon "
            f"{name!r} does not record (a plain word list records none)",
        )
    return None


def alphabet_gaps(lexicon_alphabet: Alphabet, alphabet: Alphabet) -> list[str]:
    """The tiles of ``alphabet`` (as key characters) that a lexicon in
    ``lexicon_alphabet`` cannot spell."""
    keys = {lexicon_alphabet.key_char(i) for i in range(1, lexicon_alphabet.size + 1)}
    return sorted({alphabet.key_char(i) for i in range(1, alphabet.size + 1)} - keys)
