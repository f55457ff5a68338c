"""services.words.WordKeys gives exactly Alphabet.word_keyer's keys, one word or a batch."""

from __future__ import annotations

import random
import unicodedata

import pytest

from adjudicator.services.words import WordKeys, word_keys

ODD = ["-", "'", "\u2019", "1", " ", "\t", "\0", "\u0301", "\u0308", "ß", "ı", "ﬁ", "Ω", "İ", ""]


def rulesets(registry):
    seen, out = set(), []
    for rules in registry.rulesets.values():
        mark = (rules.alphabet.name, tuple(rules.fold.items()))
        if mark not in seen:
            seen.add(mark)
            out.append(rules)
    return out


@pytest.fixture(scope="module")
def all_rules(registry):
    return rulesets(registry)


def test_every_character_keys_as_the_alphabet_keys_it(all_rules):
    for rules in all_rules:
        keyer = rules.alphabet.word_keyer(rules.fold)
        keys = word_keys(rules)
        assert keys is not None and keys.key is not keyer  # the fast keyer is in use
        for code in range(0x10000):
            ch = chr(code)
            assert keys.key(ch) == keyer(ch), (rules.name, hex(code))


def test_batches_key_as_word_by_word(all_rules):
    rng = random.Random(5)
    for rules in all_rules:
        keyer = rules.alphabet.word_keyer(rules.fold)
        keys = word_keys(rules)
        assert keys is not None
        letters = [s.label for s in rules.alphabet.letters]
        letters += [s.blank_label for s in rules.alphabet.letters] + list(rules.fold)
        for n in range(300):
            words = []
            for _ in range(rng.randint(0, 30)):
                word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 9)))
                if rng.random() < 0.05:
                    word = unicodedata.normalize("NFD", word)
                if rng.random() < 0.05:
                    i = rng.randrange(len(word) + 1)
                    word = word[:i] + rng.choice(ODD) + word[i:]
                words.append(word)
            max_length = rng.choice([3, 6, 64])
            each = [keyer(unicodedata.normalize("NFC", w).strip()) for w in words]
            want = each if all(each) and all(len(k) <= max_length for k in each) else None
            assert keys.plain(words, max_length) == want, (rules.name, n, words)
        assert keys.plain(["A", 5], 64) is None  # not all str: judged one by one


def test_word_keys_made_once_per_ruleset(all_rules):
    for rules in all_rules:
        assert word_keys(rules) is word_keys(rules)


def test_a_keyer_it_cannot_match_is_kept(registry):
    alpha = registry.alphabets["english"]
    swap = {"A": "B", "B": "A"}  # no case mapping plus replacements does this

    def keyer(text):
        return "".join(swap.get(ch, ch) for ch in text.upper()) if text.isalpha() else None

    keys = WordKeys(alpha, {}, keyer)
    assert keys.key is keyer
    assert keys.plain(["ab", "CAB"], 64) == ["BA", "CBA"]


def test_word_checker_is_made_once_and_refusals_are_not_kept(full_registry):
    from adjudicator.core.verdict import judge_key
    from adjudicator.errors import UnknownLexiconError, UnknownRulesetError
    from adjudicator.services.words import word_checker

    checker = word_checker(full_registry, "erudite-ru")
    assert word_checker(full_registry, "erudite-ru") is checker
    rules = checker.rules
    lexicon, alpha = full_registry.lexicons[rules.lexicon], rules.alphabet
    for word in ("кот", "коты", "ёлка", "елка", "москва"):
        got = checker.check(word)
        tiles = alpha.word_tiles(word, fold=rules.fold)
        verdict = judge_key(lexicon, rules, alpha.key(tiles))  # the general path
        assert got["word"] == alpha.render(tiles) and got["valid"] is verdict.valid
        if verdict.reason is not None:
            assert got["reason"] == {"code": verdict.reason.code, "detail": verdict.reason.detail}
        assert got["ruleset"] == "erudite-ru" and got["lexicon"] == lexicon.describe()
    assert checker.check("во-первых")["reason"]["code"] == "contains-hyphen"
    got["lexicon"]["name"] = "changed"  # an answer's parts are its own
    assert checker.check("кот")["lexicon"] == lexicon.describe()
    kept = dict(full_registry.derived)
    with pytest.raises(UnknownRulesetError):
        word_checker(full_registry, "no-such-ruleset")
    with pytest.raises(UnknownLexiconError):
        word_checker(full_registry, "erudite-ru", "no-such-lexicon")
    assert full_registry.derived == kept
