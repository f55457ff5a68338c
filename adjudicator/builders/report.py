"""What a build kept, what it dropped and why: for the director and the CLI."""

from __future__ import annotations

import typing as t
from dataclasses import dataclass, field
from pathlib import Path

EXAMPLES_PER_REASON = 5

# Plain-language explanations, shown next to the counts.
REASONS: dict[str, str] = {
    "capitals": "has a capital letter: a proper noun or an acronym (case proper-nouns-capitalised)",
    "hyphen": "contains a hyphen",
    "apostrophe": "contains an apostrophe",
    "digit": "contains a digit",
    "space": "contains a space (more than one word on the line)",
    "full_stop": "contains a full stop: an abbreviation",
    "not_in_alphabet": "contains a letter that is not a tile of the alphabet",
    "too_short": "shorter than the recipe's min_length",
    "too_long": "longer than a board can hold",
    "duplicate": "spells the same tiles as an earlier entry, case and fold applied",
    "lemma_not_in_alphabet": "its dictionary form cannot be spelled with the alphabet",
    "no_noun_reading": "a noun-class stem that pymorphy3 does not read as a common "
    "noun in the nominative (hunspell_nouns)",
}


@dataclass
class Dropped:
    """Counts per reason plus the first few examples of each."""

    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, reason: str, example: str, n: int = 1) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + n
        shown = self.examples.setdefault(reason, [])
        if len(shown) < EXAMPLES_PER_REASON and example not in shown:
            shown.append(example)

    def add_many(self, reason: str, n: int, examples: t.Iterable[str]) -> None:
        if n <= 0:
            return
        self.counts[reason] = self.counts.get(reason, 0) + n
        shown = self.examples.setdefault(reason, [])
        for ex in examples:
            if len(shown) < EXAMPLES_PER_REASON and ex not in shown:
                shown.append(ex)

    def merge(self, other: Dropped) -> None:
        for reason, n in other.counts.items():
            self.counts[reason] = self.counts.get(reason, 0) + n
            shown = self.examples.setdefault(reason, [])
            for ex in other.examples.get(reason, []):
                if len(shown) < EXAMPLES_PER_REASON and ex not in shown:
                    shown.append(ex)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def sorted_counts(self) -> dict[str, int]:
        return {k: self.counts[k] for k in sorted(self.counts)}


@dataclass(frozen=True, slots=True)
class BuildReport:
    """The outcome of one successful build."""

    name: str
    manifest_path: Path
    word_count: int  # distinct keys
    form_count: int  # records (readings)
    sha256: str
    dropped: t.Mapping[str, int]
    examples: t.Mapping[str, t.Sequence[str]]
    seconds: float
    manifest: t.Mapping[str, t.Any] = field(default_factory=dict, repr=False)
    notes: t.Sequence[str] = ()
    alphabet: str = ""
    case: str = ""  # how a word list's case was read: upper, lower, none, or the case named
    # letters outside the alphabet -> how many dropped entries hold them
    outside: t.Mapping[str, int] = field(default_factory=dict)
    serves: t.Sequence[str] = ()  # the rulesets the new lexicon can serve

    @property
    def trie_path(self) -> Path:
        return self.manifest_path.with_name(str(self.manifest["files"]["trie"]))

    def to_dict(self) -> dict[str, t.Any]:
        return {
            "name": self.name,
            "manifest": str(self.manifest_path),
            "word_count": self.word_count,
            "form_count": self.form_count,
            "sha256": self.sha256,
            "dropped": dict(self.dropped),
            "examples": {k: list(v) for k, v in self.examples.items()},
            "seconds": round(self.seconds, 2),
            "notes": list(self.notes),
            "alphabet": self.alphabet,
            "case": self.case,
            "outside": dict(self.outside),
            "serves": list(self.serves),
        }

    def summary(self) -> str:
        """A few lines a tournament director can read."""
        lines = [
            f"{self.name}: {self.word_count:,} words, {self.form_count:,} readings "
            f"in {self.seconds:.1f} s",
            f"  manifest {self.manifest_path}",
            f"  checksum {self.sha256}",
            *(f"  {note}" for note in self.notes),
        ]
        if self.serves:
            lines.append(f"  serves rulesets: {', '.join(self.serves)}")
        if self.dropped:
            lines.append(f"  dropped {sum(self.dropped.values()):,} entries:")
            for reason, n in self.dropped.items():
                why = REASONS.get(reason, reason)
                shown = ", ".join(self.examples.get(reason, []))
                tail = f" (e.g. {shown})" if shown else ""
                lines.append(f"    {n:>9,}  {reason}: {why}{tail}")
        return "\n".join(lines)
