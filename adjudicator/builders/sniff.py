"""How a word list is written: its letter case and its alphabet, read from its words.

**Case.** An all-caps or an all-lowercase list is read as words.  A list that
mixes them (QI and ZA added in capitals to a lowercase list, Paris among the
words) is not guessed at: the build asks which it is, ``case``:

* ``words``: every entry is a word, whatever its case;
* ``proper-nouns-capitalised``: an entry with a capital that is not written as
  the words are is a proper noun or an acronym, dropped as ``capitals``: Paris
  and NASA beside lowercase words, Москва in a list written in capitals.

**Alphabet.** When none is named, the one that spells the most entries, if no
other spells as many; otherwise the build names those that fit.
"""

from __future__ import annotations

import re
import typing as t
import unicodedata
from dataclasses import dataclass, field

from adjudicator.core.alphabet import Alphabet
from adjudicator.errors import AmbiguousAlphabetError, AmbiguousCaseError, LexiconBuildError

from .keys import KeyMaker
from .report import EXAMPLES_PER_REASON, Dropped

CASES = ("words", "proper-nouns-capitalised")
_CLASSES = ("lower", "upper", "mixed")  # the cased classes of :func:`keys.case_of`


@dataclass
class Entries:
    """A word list's candidate words, by case: ``lower``, ``upper``, ``mixed``
    (Paris, McDonald) and ``none`` (no cased letter)."""

    by_case: dict[str, list[str]] = field(
        default_factory=lambda: {c: [] for c in (*_CLASSES, "none")}
    )

    def add(self, case: str, entry: str) -> None:
        self.by_case[case].append(entry)


def choose_words(
    entries: Entries, case: str | None, dropped: Dropped, name: str
) -> tuple[list[str], str]:
    """The entries to read as words, and how the case was read (``lower``,
    ``upper``, ``none``, or the ``case`` given).

    :raises AmbiguousCaseError: a mixed-case list and no ``case``.
    :raises LexiconBuildError: an unknown ``case``, or ``proper-nouns-capitalised``
        for a list whose entries mostly have capitals.
    """
    by = entries.by_case
    if case is None:
        present = [c for c in _CLASSES if by[c]]
        if len(present) > 1 or present == ["mixed"]:
            raise AmbiguousCaseError(name, {c: len(by[c]) for c in present}, _examples(by))
        return [w for c in (*present, "none") for w in by[c]], (present or ["none"])[0]
    if case == "words":
        return [w for c in (*_CLASSES, "none") for w in by[c]], case
    if case != "proper-nouns-capitalised":
        raise LexiconBuildError(
            f"case {case!r} is not one of {', '.join(CASES)}", case=case, known=list(CASES)
        )
    # Capitalised entries are proper nouns; entries in capitals are acronyms
    # beside lowercase words, and the words themselves in a list written in capitals.
    acronyms = bool(by["lower"])
    words = by["lower"] + by["none"] + ([] if acronyms else by["upper"])
    capitals = by["mixed"] + (by["upper"] if acronyms else [])
    if len(capitals) > len(words):
        raise LexiconBuildError(
            f"{len(capitals)} of {len(capitals) + len(words)} entries in {name} have capitals: "
            "proper-nouns-capitalised would drop them as proper nouns and acronyms; "
            "for a list written in capitals, choose --case words",
            case=case,
        )
    dropped.add_many("capitals", len(capitals), capitals[:EXAMPLES_PER_REASON])
    return words, case


def _examples(by: t.Mapping[str, list[str]]) -> dict[str, list[str]]:
    return {c: by[c][:3] for c in _CLASSES if by[c]}


def spelled_by(words: t.Sequence[str], alphabets: t.Mapping[str, Alphabet]) -> dict[str, int]:
    """How many of ``words`` each alphabet cannot spell (0: it spells them all).

    Counted by character, in a few passes over the joined text, except for an
    alphabet with labels of more than one character, whose words are read one
    by one.
    """
    text = unicodedata.normalize("NFC", "\n".join(words))
    chars = set(text) - {"\n"}
    outside: dict[str, int] = {}
    for name, alphabet in alphabets.items():
        singles = reading_chars(alphabet)
        if singles is None:
            make = KeyMaker(alphabet)
            outside[name] = sum(1 for w in words if make.try_key(w) is None)
            continue
        missing = chars - singles
        if not missing:
            outside[name] = 0
            continue
        pattern = re.compile(f"^[^\\n]*[{re.escape(''.join(sorted(missing)))}]", re.MULTILINE)
        outside[name] = len(pattern.findall(text))
    return outside


def reading_chars(alphabet: Alphabet) -> set[str] | None:
    """The characters an alphabet reads as tiles on their own (labels, blank
    labels, aliases), or None when some label is longer than one character."""
    chars: set[str] = set()
    for spec in alphabet.letters:
        for text in (spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases):
            norm = unicodedata.normalize("NFC", text)
            if len(norm) != 1:
                return None
            chars.add(norm)
    return chars


def infer_alphabet(
    words: t.Sequence[str],
    alphabets: t.Mapping[str, Alphabet],
    name: str,
    rulesets: t.Mapping[str, t.Sequence[str]] | None = None,
) -> Alphabet:
    """The alphabet that spells the most of ``words``, when no other spells as many.

    :param rulesets: alphabet name -> the rulesets on it, named in the messages.
    :raises AmbiguousAlphabetError: several alphabets spell the words equally well.
    :raises LexiconBuildError: no alphabet spells most of them.
    """
    if not words:
        raise LexiconBuildError(f"{name} has no usable words", path=name)
    outside = spelled_by(words, alphabets)
    best = min(outside.values())
    fit = [a for a, n in sorted(outside.items()) if n == best]
    if best * 2 > len(words):
        closest = ", ".join(f"{a}: {outside[a]} of {len(words)} outside" for a in fit)
        raise LexiconBuildError(
            f"no alphabet in config/alphabets spells most words of {name} ({closest}); "
            "add one for its language",
            path=name,
        )
    if len(fit) > 1:
        raise AmbiguousAlphabetError(name, fit, rulesets or {}, best)
    return alphabets[fit[0]]


def better_alphabets(
    words: t.Sequence[str], alphabets: t.Mapping[str, Alphabet], than: Alphabet
) -> list[str]:
    """The alphabets that spell the most of ``words``, if they spell more than ``than``
    does (for a hint when a list was built with the wrong one)."""
    outside = spelled_by(words, {**alphabets, than.name: than})
    best = min(outside.values())
    if best >= outside[than.name]:
        return []
    return sorted(a for a, n in outside.items() if n == best)
