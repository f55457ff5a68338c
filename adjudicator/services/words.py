"""Check words against a ruleset's lexicon and filter."""

from __future__ import annotations

import typing as t
import unicodedata

from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import ScoreBreakdown
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.core.verdict import Reason, Verdict, judge_key, reject_reason
from adjudicator.errors import (
    LexiconMismatchError,
    MalformedRequestError,
    UnknownLexiconError,
    UnknownTileError,
    WordTooLongError,
)

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry

# Characters that make a real-world word form unplayable: answered as a verdict
# with this reason, not as a 400, because "x-ray" and "don't" are words people
# genuinely ask about.
_SHAPE_REASONS = {
    "-": ("contains-hyphen", "contains a hyphen"),
    "\u2010": ("contains-hyphen", "contains a hyphen"),
    "'": ("contains-apostrophe", "contains an apostrophe"),
    "\u2019": ("contains-apostrophe", "contains an apostrophe"),
}

MAX_WORD_LENGTH = 64


def lexicon_for(registry: Registry, rules: Ruleset, name: str | None = None) -> Lexicon:
    """The ruleset's lexicon, or another loaded one that fits its alphabet and fold
    (a tournament's own list, chosen per request).

    :raises UnknownLexiconError: not installed.
    :raises LexiconMismatchError: ``name`` cannot serve this ruleset.
    """
    if name is None or name == rules.lexicon:
        lexicon = registry.lexicons.get(rules.lexicon or "")
        if lexicon is None:
            raise UnknownLexiconError(rules.lexicon, rules.name)
        return lexicon
    if name not in registry.lexicons:
        raise UnknownLexiconError(name)
    if name not in registry.fitting.get(rules.name, ()):
        raise LexiconMismatchError(name, rules.name, registry.fitting.get(rules.name, []))
    return registry.lexicons[name]


def judge_text(
    lexicon: Lexicon, rules: Ruleset, text: str, max_length: int = MAX_WORD_LENGTH
) -> dict[str, t.Any]:
    """Verdict on one word as typed.

    :raises UnknownTileError: a character outside the alphabet (with its position).
    :raises WordTooLongError: more than ``max_length`` tiles.
    """
    return _judge_text(lexicon, rules, rules.alphabet.word_keyer(rules.fold), text, max_length)


def _judge_text(
    lexicon: Lexicon,
    rules: Ruleset,
    keyer: t.Callable[[str], str | None] | None,
    text: str,
    max_length: int,
) -> dict[str, t.Any]:
    """:func:`judge_text` with the alphabet's word keyer looked up once per batch."""
    word = unicodedata.normalize("NFC", text).strip()
    if not word:
        raise MalformedRequestError("empty word", word=text)
    key = None if keyer is None else keyer(word)
    if key is not None:
        # One-code-point alphabet: the key is the rendered word and holds the labels.
        if len(key) > max_length:
            raise WordTooLongError(
                f"{len(key)} tiles; at most {max_length}", word=word, max_length=max_length
            )
        why = reject_reason(lexicon, rules, key)
        if why is None:
            return {"word": key, "valid": True, "tiles": list(key)}
        code, detail = why
        return {
            "word": key,
            "valid": False,
            "tiles": list(key),
            "reason": {"code": code, "detail": detail},
        }
    alpha = rules.alphabet
    try:
        tiles = alpha.word_tiles(word, fold=rules.fold)
    except UnknownTileError as exc:
        char = exc.fields["character"]
        if char in _SHAPE_REASONS or char.isdigit():
            code, detail = _SHAPE_REASONS.get(char, ("contains-digit", "contains a digit"))
            pos = exc.fields["position"]
            return _result(
                word.upper(), None, Verdict(False, Reason(code, f"{detail} at position {pos}"))
            )
        raise
    if len(tiles) > max_length:
        raise WordTooLongError(
            f"{len(tiles)} tiles; at most {max_length}", word=word, max_length=max_length
        )
    verdict = judge_key(lexicon, rules, alpha.key(tiles))
    return _result(alpha.render(tiles), alpha.labels(tiles), verdict)


def _result(word: str, tiles: list[str] | None, verdict: Verdict) -> dict[str, t.Any]:
    out: dict[str, t.Any] = {"word": word, "valid": verdict.valid}
    if tiles is not None:
        out["tiles"] = tiles
    if verdict.reason is not None:
        out["reason"] = {"code": verdict.reason.code, "detail": verdict.reason.detail}
    return out


def check_word(
    registry: Registry,
    ruleset: str,
    word: str,
    max_length: int = MAX_WORD_LENGTH,
    lexicon_name: str | None = None,
) -> dict[str, t.Any]:
    rules = registry.ruleset(ruleset)
    lexicon = lexicon_for(registry, rules, lexicon_name)
    result = judge_text(lexicon, rules, word, max_length)
    result["ruleset"] = rules.name
    result["lexicon"] = lexicon.describe()
    return result


def check_words(
    registry: Registry,
    ruleset: str,
    words: t.Sequence[str],
    max_length: int = MAX_WORD_LENGTH,
    lexicon_name: str | None = None,
) -> dict[str, t.Any]:
    """Verdicts in input order.

    :raises UnknownTileError: naming the word's index and the position in it.
    """
    rules = registry.ruleset(ruleset)
    lexicon = lexicon_for(registry, rules, lexicon_name)
    keyer = rules.alphabet.word_keyer(rules.fold)
    results = []
    for i, w in enumerate(words):
        try:
            results.append(_judge_text(lexicon, rules, keyer, w, max_length))
        except UnknownTileError as exc:
            exc.fields["index"] = i
            exc.detail = f"words[{i}]: {exc.detail}"
            raise
    return {"ruleset": rules.name, "lexicon": lexicon.describe(), "results": results}


def validate_words(
    registry: Registry,
    rules: Ruleset,
    result: dict[str, t.Any],
    breakdown: ScoreBreakdown,
    lexicon_name: str | None = None,
) -> None:
    """Add ``valid``/``reason`` to each word of a score result, and ``all_valid``."""
    lexicon = lexicon_for(registry, rules, lexicon_name)
    alpha = rules.alphabet
    for out, word in zip(result["words"], breakdown.words, strict=True):
        verdict = judge_key(lexicon, rules, alpha.key(t_ & ~BLANK_BIT for t_ in word.tiles))
        out["valid"] = verdict.valid
        if verdict.reason is not None:
            out["reason"] = {"code": verdict.reason.code, "detail": verdict.reason.detail}
    result["all_valid"] = all(w["valid"] for w in result["words"])
    result["lexicon"] = lexicon.describe()
