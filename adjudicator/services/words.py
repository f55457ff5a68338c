"""Check words against a ruleset's lexicon and filter."""

from __future__ import annotations

import re
import typing as t
import unicodedata
from dataclasses import dataclass

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.scoring import ScoreBreakdown
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.core.verdict import KeyJudge, Reason, Verdict, judge_key, key_judge
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


Keyer = t.Callable[[str], str | None]


def word_keys(rules: Ruleset) -> WordKeys | None:
    """The :class:`WordKeys` of the ruleset's alphabet and fold, made once (kept in
    the alphabet's derived tables); None when the alphabet has no word keyer (a
    label longer than one code point)."""
    fold = rules.fold
    return rules.alphabet.derived(
        ("word keys", tuple(sorted(fold.items()))), lambda alpha: _make_word_keys(alpha, fold)
    )


def _make_word_keys(alpha: Alphabet, fold: t.Mapping[str, str]) -> WordKeys | None:
    keyer = alpha.word_keyer(fold)
    return None if keyer is None else WordKeys(alpha, fold, keyer)


class WordKeys:
    """:meth:`Alphabet.word_keyer` answers, faster: a regex check, ``str.upper`` and
    one-character replacements (Ё -> Е) in C instead of a ``str.translate`` through
    a dict, and for a batch one pass over all its words.  Used only when it agrees
    with the keyer on every character the keyer accepts: both map words character
    by character, so agreeing on each character is agreeing on every word."""

    def __init__(self, alpha: Alphabet, fold: t.Mapping[str, str], keyer: Keyer) -> None:
        chars = set(fold)  # every character keyer can accept is among these
        for spec in alpha.letters:
            for text in (spec.label, spec.blank_label, *spec.aliases, *spec.blank_aliases):
                chars.update(text, unicodedata.normalize("NFC", text))
        letters = "".join(sorted(ch for ch in chars if keyer(ch) is not None))
        pairs = tuple({ch.upper(): keyer(ch) for ch in letters if ch.upper() != keyer(ch)}.items())
        unknown = re.compile(f"[^{re.escape(letters)}]" if letters else "(?s:.)").search

        def key(word: str) -> str | None:
            if unknown(word):  # a character keyer does not accept
                return None
            word = word.upper()
            for old, new in pairs:
                word = word.replace(old, new)
            return word

        # A clash among the pairs shows here too.
        fits = all(len(ch.upper()) == 1 and key(ch) == keyer(ch) for ch in letters)
        self.key: Keyer = key if fits else keyer
        self._pairs = pairs
        # The batch pass joins the words with NUL, which neither normalization nor
        # case mapping changes or merges with its neighbours.
        batch = fits and "\0" not in letters and not any(ch.isspace() for ch in letters)
        self._batch_unknown = re.compile(f"[^{re.escape(letters)}\\x00]").search if batch else None

    def plain(self, words: t.Sequence[str], max_length: int) -> list[str] | None:
        """The key of each word when every one is letters only and at most
        ``max_length`` tiles (so :func:`_judge_text` just looks it up); else None."""
        try:
            joined = "\0".join(words)
        except TypeError:
            return None  # judged one by one, each failing as ever, in order
        keys: list[str | None]
        # Only letters (so nothing to strip), and NFC: key them all in one pass.
        unknown = self._batch_unknown
        if unknown and not unknown(joined) and unicodedata.is_normalized("NFC", joined):
            joined = joined.upper()
            for old, new in self._pairs:
                joined = joined.replace(old, new)
            keys = joined.split("\0") if words else []  # too many if a word held a NUL
        else:
            key, normalize = self.key, unicodedata.normalize
            keys = [key(normalize("NFC", w).strip()) for w in words]
        if len(keys) == len(words) and all(keys) and max(map(len, keys), default=0) <= max_length:
            return keys  # type: ignore[return-value]
        return None


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


def _judge_text(
    lexicon: Lexicon,
    rules: Ruleset,
    keyer: Keyer | None,
    judge: KeyJudge,
    text: str,
    max_length: int,
) -> dict[str, t.Any]:
    """Verdict on one word as typed, with the keyer and judge made beforehand
    (see :class:`WordChecker`).

    :raises UnknownTileError: a character outside the alphabet (with its position).
    :raises WordTooLongError: more than ``max_length`` tiles.
    """
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
        why = judge(key)
        if why is None:
            return {"word": key, "valid": True, "tiles": list(key)}
        return {
            "word": key,
            "valid": False,
            "tiles": list(key),
            "reason": {"code": why[0], "detail": why[1]},
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


@dataclass(frozen=True)
class WordChecker:
    """One ruleset's word check against one lexicon, with all it needs made once."""

    rules: Ruleset
    lexicon: Lexicon
    keys: WordKeys | None
    judge: KeyJudge
    described: t.Mapping[str, str]

    def verdict(self, text: str, max_length: int = MAX_WORD_LENGTH) -> dict[str, t.Any]:
        """Verdict on one word as typed (see :func:`_judge_text`)."""
        keyer = None if self.keys is None else self.keys.key
        return _judge_text(self.lexicon, self.rules, keyer, self.judge, text, max_length)

    def check(self, text: str, max_length: int = MAX_WORD_LENGTH) -> dict[str, t.Any]:
        """:meth:`verdict`, plus the ruleset's and the lexicon's names."""
        result = self.verdict(text, max_length)
        result["ruleset"] = self.rules.name
        result["lexicon"] = dict(self.described)
        return result


def word_checker(registry: Registry, ruleset: str, lexicon_name: str | None = None) -> WordChecker:
    """The :class:`WordChecker` of a ruleset and lexicon (the ruleset's own when
    ``lexicon_name`` is None), made on first use and kept in the registry.

    :raises UnknownRulesetError: no such ruleset.
    :raises UnknownLexiconError: not installed.
    :raises LexiconMismatchError: ``lexicon_name`` cannot serve this ruleset.
    """
    try:
        return registry.derived["word", ruleset, lexicon_name]  # type: ignore[no-any-return]
    except KeyError:
        pass
    rules = registry.ruleset(ruleset)
    lexicon = lexicon_for(registry, rules, lexicon_name)  # refusals are never kept
    checker = WordChecker(
        rules, lexicon, word_keys(rules), key_judge(lexicon, rules.word_filter), lexicon.describe()
    )
    registry.derived["word", ruleset, lexicon_name] = checker
    return checker


def check_word(
    registry: Registry,
    ruleset: str,
    word: str,
    max_length: int = MAX_WORD_LENGTH,
    lexicon_name: str | None = None,
) -> dict[str, t.Any]:
    return word_checker(registry, ruleset, lexicon_name).check(word, max_length)


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
    checker = word_checker(registry, ruleset, lexicon_name)
    keys, judge = checker.keys, checker.judge
    answer = {"ruleset": checker.rules.name, "lexicon": dict(checker.described)}
    plain = None if keys is None else keys.plain(words, max_length)
    if plain is not None:
        # The usual batch: what _judge_text answers for each word, in passes that
        # keep the work tight.
        answer["results"] = [
            {"word": key, "valid": True, "tiles": list(key)}
            if why is None
            else {
                "word": key,
                "valid": False,
                "tiles": list(key),
                "reason": {"code": why[0], "detail": why[1]},
            }
            for key, why in zip(plain, list(map(judge, plain)), strict=True)
        ]
        return answer
    results = []
    for i, w in enumerate(words):
        try:
            results.append(checker.verdict(w, max_length))
        except UnknownTileError as exc:
            exc.fields["index"] = i
            exc.detail = f"words[{i}]: {exc.detail}"
            raise
    answer["results"] = results
    return answer


def validate_words(
    registry: Registry,
    rules: Ruleset,
    result: dict[str, t.Any],
    breakdown: ScoreBreakdown,
    lexicon_name: str | None = None,
) -> None:
    """Add ``valid``/``reason`` to each word of a score result, and ``all_valid``,
    judged by the ruleset's :class:`WordChecker`."""
    checker = word_checker(registry, rules.name, lexicon_name)
    key = rules.alphabet.key
    for out, word in zip(result["words"], breakdown.words, strict=True):
        why = checker.judge(key(t_ & ~BLANK_BIT for t_ in word.tiles))
        out["valid"] = why is None
        if why is not None:
            out["reason"] = {"code": why[0], "detail": why[1]}
    result["all_valid"] = all(w["valid"] for w in result["words"])
    result["lexicon"] = dict(checker.described)
