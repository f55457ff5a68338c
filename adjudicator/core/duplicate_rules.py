"""Duplicate Scrabble's rules as data: a ruleset's optional ``duplicate:`` mapping.

Every rule the federation's text gives (the draw's minimum vowels and
consonants, the round time, the top's tie-break, warnings, penalties, what
makes a slip null) is a field here, read from the ruleset file and validated
like the ruleset's own keys: an unknown key or a value of the wrong type
stops start-up, naming the file and ``duplicate.KEY``.
"""

from __future__ import annotations

import dataclasses
import typing as t
from dataclasses import dataclass
from enum import StrEnum


class CountsAs(StrEnum):
    """What a tile counts as in a draw's vowels and consonants."""

    NEITHER = "neither"
    VOWEL = "vowel"
    CONSONANT = "consonant"
    EITHER = "either"  # whichever makes the draw valid


class WhenShort(StrEnum):
    """What happens when the bag and the rack left cannot make a valid draw."""

    END = "end"  # the game ends
    RELAX = "relax"  # the draw is taken as it comes


class TopTieBreak(StrEnum):
    """How one top is chosen among equal-scoring plays."""

    FEWEST_BLANKS = "fewest_blanks"  # a play that keeps the blank in hand first
    REFERENCE = "reference"  # then the first in reference order (row, column, across first)


class ReferenceOff(StrEnum):
    """What a slip is worth whose word is not legal at its reference (or has none)."""

    WRITTEN_SCORE = "written_score"  # ruled where its written score puts it, at a penalty
    BESIDE = "beside"  # ruled a square beside, at a penalty
    NULL = "null"  # null


class FinalLetter(StrEnum):
    """What a slip is worth whose word's last letter, already on the board, was
    left off or written wrong."""

    PENALTY = "penalty"  # the word in full, when the written score is its score, at a penalty
    NULL = "null"


@dataclass(frozen=True, slots=True)
class DrawMinimum:
    """Up to and including round ``until`` (0: every round after the earlier
    limits), a draw holds at least ``vowels`` vowels and ``consonants`` consonants."""

    until: int
    vowels: int
    consonants: int


@dataclass(frozen=True, slots=True)
class DuplicateRules:
    vowels: tuple[str, ...] = ()
    blank_counts_as: CountsAs = CountsAs.NEITHER
    either: tuple[str, ...] = ()  # tile labels that count as a vowel or a consonant
    draw_minimums: tuple[DrawMinimum, ...] = ()
    when_short: WhenShort = WhenShort.END
    round_seconds: int = 180
    top_tie_break: tuple[TopTieBreak, ...] = (TopTieBreak.FEWEST_BLANKS, TopTieBreak.REFERENCE)
    solo_bonus: int = 0
    solo_min_players: int = 2
    warnings_free: int = 3  # warnings before each further one costs warning_penalty
    warning_penalty: int = 5
    reference_off: ReferenceOff = ReferenceOff.WRITTEN_SCORE
    reference_off_penalty: int = 5
    reference_off_from_round: int = 2  # before it, a reference that does not fit is null
    final_letter: FinalLetter = FinalLetter.PENALTY
    final_letter_penalty: int = 5
    max_rounds: int = 60

    def minimum(self, round_no: int) -> DrawMinimum | None:
        """The minimum in force at round ``round_no`` (1-based); None: none."""
        for m in self.draw_minimums:
            if m.until == 0 or round_no <= m.until:
                return m
        return None


_INTS = (
    "round_seconds",
    "solo_bonus",
    "solo_min_players",
    "warnings_free",
    "warning_penalty",
    "reference_off_penalty",
    "reference_off_from_round",
    "final_letter_penalty",
    "max_rounds",
)
_CHOICES: dict[str, type[StrEnum]] = {
    "blank_counts_as": CountsAs,
    "when_short": WhenShort,
    "reference_off": ReferenceOff,
    "final_letter": FinalLetter,
}
KEYS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(DuplicateRules))


def duplicate_rules_from_mapping(data: t.Mapping[str, t.Any]) -> DuplicateRules:
    """Validate a ruleset's ``duplicate:`` mapping.

    :raises ValueError: ``(key, message)`` in its args: an unknown key, a wrong type
        or value.
    """
    out: dict[str, t.Any] = {}
    for key, value in data.items():
        if key not in KEYS:
            raise ValueError(key, f"unknown key; known keys: {', '.join(KEYS)}")
        if key in _INTS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(key, "must be a whole number, 0 or more")
            out[key] = value
        elif key in ("vowels", "either"):
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise ValueError(key, "must be a list of tile labels")
            out[key] = tuple(value)
        elif key in _CHOICES:
            out[key] = _choice(key, _CHOICES[key], value)
        elif key == "top_tie_break":
            if not isinstance(value, list):
                raise ValueError(key, f"must be a list of {', '.join(TopTieBreak)}")
            out[key] = tuple(_choice(key, TopTieBreak, v) for v in value)
        elif key == "draw_minimums":
            out[key] = tuple(_minimum(value))
    if out.get("round_seconds", 180) < 1:
        raise ValueError("round_seconds", "must be at least 1")
    return DuplicateRules(**out)


def _choice(key: str, kind: type[StrEnum], value: t.Any) -> t.Any:
    if not isinstance(value, str) or value not in set(kind):
        raise ValueError(key, f"{value!r} is not one of {', '.join(kind)}")
    return kind(value)


def _minimum(value: t.Any) -> t.Iterator[DrawMinimum]:
    if not isinstance(value, list):
        raise ValueError("draw_minimums", "must be a list of {until, vowels, consonants}")
    for item in value:
        fields = ("until", "vowels", "consonants")
        if not (
            isinstance(item, dict)
            and set(item) == set(fields)
            and all(isinstance(item[f], int) and not isinstance(item[f], bool) for f in fields)
        ):
            raise ValueError(
                "draw_minimums", f"{item!r}: each item is {{until, vowels, consonants}}"
            )
        yield DrawMinimum(item["until"], item["vowels"], item["consonants"])
