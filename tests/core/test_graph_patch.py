"""A house list's word graph: its base's, with words added and removed, the
same words as a graph built from scratch, and the base left as it was."""

from __future__ import annotations

import random

import pytest

from adjudicator.core.dawg import build_graph, read_graph
from adjudicator.core.graph_patch import patch_graph

WORDS = ["A", "AT", "CAR", "CARS", "CAT", "CATS", "DOG", "DOGS"]


def graph_of(variants):
    data = build_graph(variants, {"lexicon": "base", "checksum": "b"})
    return read_graph(data, len(data))


def words(graph, key):
    return list(graph.words(graph.variants[key].root))


@pytest.mark.parametrize(
    ("add", "remove", "expected"),
    [
        (["CATTY"], [], sorted([*WORDS, "CATTY"])),
        ([], ["CAT"], [w for w in WORDS if w != "CAT"]),  # CATS stays
        ([], ["CATS"], [w for w in WORDS if w != "CATS"]),  # DOGS shares the S: it stays
        (["CA", "XYZ"], ["A", "DOGS"], None),
        ([], ["QQQ", "CA"], WORDS),  # not there: nothing to remove
        (["CAT"], [], WORDS),  # there already
    ],
)
def test_the_patched_words_are_the_base_words_changed(add, remove, expected):
    base = graph_of([("all", WORDS), ("short", ["A", "AT"])])
    patched = patch_graph(base, {"all": (add, remove)}, {"lexicon": "club", "checksum": "c"})
    want = expected or sorted((set(WORDS) | set(add)) - set(remove))
    assert words(patched, "all") == want
    assert patched.variants["all"].words == len(want)
    assert words(patched, "short") == ["A", "AT"]  # not named: as it was
    assert words(base, "all") == WORDS  # the base's arcs are untouched
    assert patched.header["lexicon"] == "club" and patched.header["checksum"] == "c"


def test_a_character_the_base_never_spells_gets_a_label():
    base = graph_of([("all", WORDS)])
    patched = patch_graph(base, {"all": (["ZOO"], [])}, {})
    assert "Z" in patched.chars and words(patched, "all")[-1] == "ZOO"
    assert patched.label("Z") == len(patched.chars)


def test_many_random_changes_agree_with_a_graph_built_from_scratch():
    rng = random.Random(37)
    letters = "ABCDE"
    vocabulary = sorted({"".join(rng.choices(letters, k=rng.randint(2, 7))) for _ in range(3000)})
    base = graph_of([("v", vocabulary)])
    add = sorted({"".join(rng.choices(letters + "F", k=rng.randint(2, 8))) for _ in range(200)})
    remove = rng.sample(sorted(set(vocabulary) - set(add)), 300)  # a key is one or the other
    patched = patch_graph(base, {"v": (add, remove)}, {})
    want = sorted((set(vocabulary) | set(add)) - set(remove))
    assert words(patched, "v") == want
    assert patched.variants["v"].words == len(want)
    # Only the changed paths were copied: far fewer arcs than a second graph.
    assert len(patched.arcs) - len(base.arcs) < len(base.arcs)
