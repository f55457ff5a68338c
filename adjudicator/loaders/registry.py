"""The registry: the rules, the lexicons and their checkers, one snapshot."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.dawg import WordGraph
from adjudicator.core.layout import Layout
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset, lexicon_misfit
from adjudicator.core.verdict import WordChecker
from adjudicator.core.wordfilter import recorded_tags, tag_names
from adjudicator.errors import (
    LexiconLacksTagsError,
    LexiconMismatchError,
    UnknownLexiconError,
    UnknownRulesetError,
)


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
            key, reason = self.misfit(rules, other) or (None, None)
            if key == "word_filter":
                missing = rules.word_filter.missing(recorded_tags(other.manifest.get("tags")))
                raise LexiconLacksTagsError(lexicon, rules.name, fitting, tag_names(missing))
            if "case" in other.manifest:  # a word list: it can be built for this ruleset
                reason = f"{reason}; build the list with --ruleset {rules.name}"
            raise LexiconMismatchError(lexicon, rules.name, fitting, reason)
        return self.checkers[rules.name, lexicon]

    def misfit(self, rules: Ruleset, lexicon: Lexicon) -> tuple[str, str] | None:
        """Why ``lexicon`` cannot serve ``rules`` (the ruleset key, and why); None
        when it can (see :func:`~adjudicator.core.ruleset.lexicon_misfit`)."""
        return lexicon_misfit(rules, lexicon, self.alphabets.get(lexicon.alphabet))
