"""Word samples for the benchmarks: real entries of a lexicon plus a share of phonies."""

from __future__ import annotations

import itertools
import random

from adjudicator.core.lexicon import Lexicon
from adjudicator.core.ruleset import Ruleset


def sample_words(
    lexicon: Lexicon, rules: Ruleset, n: int, seed: int = 11, phony_share: float = 0.1
) -> list[str]:
    """``n`` words as a player would type them: random lexicon entries (2..12 tiles),
    about ``phony_share`` of them with one letter changed.

    Entries are drawn through random two-letter prefixes, so a large trie is
    never listed in full.  Deterministic for a given seed.
    """
    alpha = rules.alphabet
    label = {alpha.key_char(i): alpha.label(i) for i in range(1, alpha.size + 1)}
    chars = list(label)
    rng = random.Random(seed)
    found: list[str] = []
    tries = 0
    while len(found) < n and tries < 50 * n:
        tries += 1
        prefix = rng.choice(chars) + rng.choice(chars)
        keys = [
            k
            for k in itertools.islice(lexicon.trie.iterkeys(prefix), 2000)
            if 2 <= len(k) <= 12 and all(ch in label for ch in k)
        ]
        found.extend(rng.sample(keys, min(3, len(keys), n - len(found))))
    words = []
    for key in found:
        if rng.random() < phony_share:
            i = rng.randrange(len(key))
            key = key[:i] + rng.choice(chars) + key[i + 1 :]
        words.append("".join(label[ch] for ch in key))
    return words
