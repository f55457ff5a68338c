"""A house list's plays and word searches find exactly the words its word check
accepts: random small house lists over en-enable and ru-erudite (additions,
removals and undos, of words the base has, lacks, filters out, or spells with
Ё, made under each ruleset the base serves), compared word for word.

Two views are compared with the checker of each ruleset: the patched graph as
a whole (every word it holds that its base's does not, or the other way round,
and every word an entry names), and what the API answers, a word search and
the move generator's plays from each entry's tiles on an empty board.
"""

from __future__ import annotations

import random
import typing as t

import pytest

from adjudicator.services.word_graphs import effective_filter
from adjudicator.web.runtime.extension import runtime
from tests.conftest import make_app

ADMIN = "director-key"
AS_ADMIN = {"Authorization": f"Bearer {ADMIN}"}
# The base, the rulesets it serves (the first its own), and letters for words it lacks.
CASES = {
    "en-enable": (["scrabble-en"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    "ru-erudite": (["erudite-ru", "scrabble-ru"], "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"),
}
SEEDS = range(3)


@pytest.fixture()
def app(tmp_path):
    # A data folder each: every edit reloads the folder's lists, so one list is quick.
    app = make_app(tmp_path / "t.db", data_dir=str(tmp_path / "data"), admin_key=ADMIN)
    yield app
    runtime(app).store.dispose()


def variant_words(registry: t.Any, lexicon: str, ruleset: str) -> set[str]:
    """The keys the ruleset's variant of the lexicon's graph accepts."""
    graph = registry.graphs[lexicon]
    flt = effective_filter(registry.rulesets[ruleset], registry.lexicons[lexicon])
    variant = graph.variants[flt.key()]
    found = set(graph.words(variant.root))
    assert variant.words == len(found), "the variant's count is its words'"
    return found


def candidates(rng: random.Random, registry: t.Any, base: str) -> list[str]:
    """Words to enter, as the base's alphabet spells them: some it accepts, some
    a ruleset filters out, prefixes and extensions of its words (which share
    their nodes), words it lacks, and Ё spellings of its Е words."""
    rulesets, letters = CASES[base]
    alphabet = registry.alphabets[registry.lexicons[base].alphabet]
    accepted = sorted(variant_words(registry, base, rulesets[0]))
    in_trie = registry.lexicons[base].trie.keys()
    filtered = sorted(set(rng.sample(in_trie, 400)) - set(accepted))
    out = rng.sample(accepted, 5)
    out += rng.sample(filtered, min(3, len(filtered)))
    for word in rng.sample([w for w in accepted if len(w) > 3], 3):
        out.append(word[:-1])  # a prefix, often no word itself
        out.append(word + rng.choice(letters))  # an extension of a word
    out += ["".join(rng.choices(letters, k=rng.randint(2, 6))) for _ in range(2)]
    if "Ё" in letters:
        with_e = [w for w in accepted if "Е" in w and len(w) <= 7]
        for word in rng.sample(with_e, 4):
            at = rng.choice([i for i, c in enumerate(word) if c == "Е"])
            out.append(word[:at] + "Ё" + word[at + 1 :])  # ЛЕС -> ЛЁС: the fold makes a word
        out += rng.sample([w for w in accepted if "Ё" in w], 2)
    return [alphabet.spell_key(w) for w in out]


def make_house_list(client: t.Any, registry: t.Any, base: str, seed: int) -> str:
    """A house list of about sixteen random entries and undos; its name."""
    rng = random.Random(f"{base}-{seed}")
    rulesets, _ = CASES[base]
    words = candidates(rng, registry, base)
    name = f"house-{base}-{seed}"
    made = client.post("/api/v1/house-lists", json={"name": name, "base": base}, headers=AS_ADMIN)
    assert made.status_code == 201, made.get_json()
    entries: list[int] = []
    for _ in range(18):
        if entries and rng.random() < 0.15:
            path = f"/api/v1/house-lists/{name}/entries/{rng.choice(entries)}/undo"
            resp = client.post(path, json={"why": "undo"}, headers=AS_ADMIN)
            assert resp.status_code in (201, 409), resp.get_json()
            continue
        body = {
            "word": rng.choice(words),
            "action": rng.choice(["add", "add", "remove"]),
            "why": "a random entry",
            "ruleset": rng.choice(rulesets),
        }
        resp = client.post(f"/api/v1/house-lists/{name}/entries", json=body, headers=AS_ADMIN)
        # 409: the word is already so; 422: a word a ruleset cannot read (Ё, Ъ...).
        assert resp.status_code in (201, 409, 422), (body, resp.get_json())
        if resp.status_code == 201:
            entries.append(resp.get_json()["event"]["entry"])
    return name


def tiles_of(registry: t.Any, ruleset: str, key: str) -> list[int] | None:
    """The ruleset's tiles of a lexicon key; None when it has no tile for a character."""
    alphabet = registry.rulesets[ruleset].alphabet
    tile_of = {alphabet.key_char(i): i for i in range(1, alphabet.size + 1)}
    if not all(c in tile_of for c in key):
        return None
    return [tile_of[c] for c in key]


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("base", sorted(CASES))
def test_the_patched_graph_holds_the_words_the_checker_accepts(app, base, seed):
    client = app.test_client()
    name = make_house_list(client, runtime(app).registry, base, seed)
    registry = runtime(app).registry  # with the list loaded
    house = registry.lexicons[name].house
    assert house is not None and house.log.version > 5
    for ruleset in CASES[base][0]:
        patched = variant_words(registry, name, ruleset)
        before = variant_words(registry, base, ruleset)
        entered = set(house.keys)
        # Only the entries' words changed; the rest is the base's, untouched.
        assert patched - entered == before - entered, ruleset
        checker = registry.checker(ruleset, name)
        for key in sorted(entered | (patched ^ before)):
            tiles = tiles_of(registry, ruleset, key)
            if tiles is None:
                continue  # a key no play nor search of this ruleset can spell
            accepted = checker.judge(tiles) is None
            assert (key in patched) == accepted, (ruleset, key, checker.check(key))


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS[:1])
@pytest.mark.parametrize("base", sorted(CASES))
def test_searches_and_plays_find_what_the_word_check_accepts(app, base, seed):
    """Each entry's word, from its own tiles: the word search lists it, and the
    move generator plays it, exactly when a word check accepts it; and every
    word either finds is accepted."""
    client = app.test_client()
    name = make_house_list(client, runtime(app).registry, base, seed + 100)
    registry = runtime(app).registry
    house = registry.lexicons[name].house
    assert house is not None
    texts = sorted({e.word for e in house.log.events if e.word})
    for ruleset in CASES[base][0]:
        checker = registry.checker(ruleset, name)
        query = {"ruleset": ruleset, "lexicon": name}
        for text in texts:
            check = client.get(f"/api/v1/words/{text}", query_string=query)
            if check.status_code != 200:
                continue  # a word this ruleset cannot read
            word, valid = check.get_json()["word"], check.get_json()["valid"]
            search = client.get(
                "/api/v1/words/search",
                query_string={**query, "anagram": word, "all": "true", "limit": 1000},
            )
            assert search.status_code == 200, search.get_json()
            found = search.get_json()["words"]
            assert search.get_json()["count"] == len(found)
            assert (word in found) == valid, (ruleset, word, valid)
            assert all(checker.check(w)["valid"] for w in found), (ruleset, word)
            if len(check.get_json()["tiles"]) > registry.rulesets[ruleset].rack_size:
                continue
            body = {**query, "rack": word, "limit": 1000}
            plays = client.post("/api/v1/plays", json=body)
            if plays.status_code == 422:
                continue  # more of a tile than the set has
            assert plays.status_code == 200, plays.get_json()
            answer = plays.get_json()
            assert answer["count"] == len(answer["plays"]), "every play listed"
            made = {w["word"] for p in answer["plays"] for w in p["words"]}
            assert (word in made) == valid, (ruleset, word, valid)
            assert all(checker.check(w)["valid"] for w in made), (ruleset, word)
