"""Lexicons: unknown, unfit for a ruleset, not comparable, read only, or a word
list that cannot be built."""

from __future__ import annotations

import typing as t

from adjudicator.errors.common import (
    AdjudicatorError,
    ConflictError,
    InputError,
    NotFoundError,
)


class UnknownLexiconError(NotFoundError):
    code = "unknown-lexicon"
    title = "Unknown lexicon"

    def __init__(self, name: str | None, ruleset: str | None = None) -> None:
        if name is None:
            detail = (
                f"ruleset {ruleset!r} names no lexicon; "
                "install one with `adjudicator lexicon build`"
            )
        elif ruleset is not None:
            detail = (
                f"ruleset {ruleset!r} needs lexicon {name!r}, which is not loaded; "
                f"build it with `adjudicator lexicon build {name}`"
            )
        else:
            detail = f"no lexicon named {name!r} is loaded"
        super().__init__(detail, lexicon=name, ruleset=ruleset)


class UnknownBuildError(NotFoundError):
    code = "unknown-lexicon-build"
    title = "Unknown lexicon build"

    def __init__(self, build_id: str) -> None:
        super().__init__(
            f"no build {build_id[:64]!r} of an uploaded word list is known (one is "
            "kept a day after it ends)",
            build=build_id[:64],
        )


class LexiconMismatchError(InputError):
    code = "lexicon-mismatch"
    title = "Lexicon does not fit the ruleset"

    def __init__(
        self,
        name: str,
        ruleset: str,
        fitting: t.Sequence[str],
        reason: str | None = None,
        **fields: t.Any,
    ) -> None:
        super().__init__(
            f"lexicon {name!r} cannot serve ruleset {ruleset!r} "
            f"({reason or 'another alphabet or fold'}); "
            f"it can use: {', '.join(fitting) or 'none'}",
            lexicon=name,
            ruleset=ruleset,
            fitting=list(fitting),
            **fields,
        )


class LexiconLacksTagsError(LexiconMismatchError):
    """The ruleset's word filter needs tags (``needs``) the lexicon does not record:
    a plain word list for a ruleset that must tell, say, nouns from verbs."""

    code = "lexicon-lacks-tags"
    title = "Lexicon lacks the tags the ruleset needs"

    def __init__(
        self, name: str, ruleset: str, fitting: t.Sequence[str], missing: t.Sequence[str]
    ) -> None:
        super().__init__(
            name,
            ruleset,
            fitting,
            f"its word filter needs the tags {', '.join(missing)}, which the lexicon "
            "does not record",
            missing=list(missing),
        )


class LexiconsNotComparableError(InputError):
    code = "lexicons-not-comparable"
    title = "Lexicons of different alphabets"

    def __init__(self, base: str, other: str, alphabets: tuple[str, str]) -> None:
        super().__init__(
            f"{base!r} ({alphabets[0]}) and {other!r} ({alphabets[1]}) spell words in "
            "different alphabets: only editions of one alphabet are compared",
            base=base,
            other=other,
            alphabets=list(alphabets),
        )


class BundledLexiconError(ConflictError):
    """Deleting a lexicon that ships with the service: only loaded ones can go."""

    code = "lexicon-bundled"
    title = "Bundled lexicon"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"lexicon {name!r} ships with the service and is read only; only lexicons "
            "loaded into the data folder can be deleted",
            lexicon=name,
        )


class LexiconBuildError(AdjudicatorError):
    code = "lexicon-build-failed"
    title = "Lexicon build failed"


class AmbiguousCaseError(LexiconBuildError):
    """A word list that mixes letter cases: which entries are words is not guessed."""

    code = "wordlist-mixed-case"
    title = "Word list mixes letter cases"

    def __init__(
        self, name: str, counts: t.Mapping[str, int], examples: t.Mapping[str, t.Sequence[str]]
    ) -> None:
        names = {"lower": "lowercase", "upper": "in capitals", "mixed": "capitalised"}
        seen = "; ".join(
            f"{n} {names.get(case, case)} (e.g. {', '.join(examples.get(case, []))})"
            for case, n in counts.items()
        )
        super().__init__(
            f"{name} mixes letter cases ({seen}). Say how to read it: --case words "
            "reads every entry as a word; --case proper-nouns-capitalised drops the "
            "capitalised entries, and those in capitals beside lowercase words, as "
            "proper nouns and acronyms",
            path=name,
            counts=dict(counts),
            examples={k: list(v) for k, v in examples.items()},
        )


class AmbiguousAlphabetError(LexiconBuildError):
    """A word list that more than one alphabet spells equally well, and none was named."""

    code = "wordlist-alphabet-ambiguous"
    title = "Word list fits more than one alphabet"

    def __init__(
        self,
        name: str,
        alphabets: t.Sequence[str],
        rulesets: t.Mapping[str, t.Sequence[str]],
        outside: int,
    ) -> None:
        named = ", ".join(
            f"{a} (rulesets: {', '.join(rulesets[a])})" if rulesets.get(a) else a for a in alphabets
        )
        spelled = "spell every word" if not outside else f"spell all but {outside} words"
        super().__init__(
            f"the alphabets {named} all {spelled} of {name}; name one with --alphabet, "
            "or the ruleset the list is for with --ruleset",
            path=name,
            alphabets=list(alphabets),
        )
