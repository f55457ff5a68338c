"""The hunspell builder, end to end on a small Debian package made here.

The package is built as Debian builds one (an ``ar`` archive holding a
compressed tar), pinned by SHA-256 and fetched through a ``file://`` URL, so
the test needs no network; the expansion runs Debian's ``unmunch`` and the
check runs ``hunspell``, which CI installs.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tarfile
from pathlib import Path

import pytest
import yaml

from adjudicator.builders import build_from_recipe
from adjudicator.errors import LexiconBuildError
from adjudicator.loaders import load_config, load_lexicon
from tests.conftest import CONFIG, LEXICONS, url_reachable

TOOLS = ("unmunch", "hunspell")
if not all(shutil.which(tool) for tool in TOOLS):
    if os.environ.get("ADJUDICATOR_REQUIRE_HUNSPELL"):
        raise RuntimeError("ADJUDICATOR_REQUIRE_HUNSPELL is set but unmunch or hunspell is missing")
    pytest.skip("unmunch and hunspell are not installed", allow_module_level=True)

ALPHABETS = load_config(CONFIG).alphabets

AFF = """SET UTF-8
TRY aeiou
SFX S Y 1
SFX S 0 s [^s]
NEEDAFFIX X
ONLYINCOMPOUND C
"""
# A made-up Spanish dictionary: a digraph word, a name, an abbreviation, a stem
# that is no word on its own (NEEDAFFIX) and one allowed only in compounds.
DIC = """7
chico/S
perro/S
calle/S
Madrid
etc.
gat/XS
pre/C
"""


def member(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def make_deb(folder: Path, dic: str = DIC, aff: str = AFF) -> Path:
    """A .deb with ./usr/share/hunspell/xx.{dic,aff}, as dpkg-deb lays one out."""
    payload = io.BytesIO()
    with tarfile.open(fileobj=payload, mode="w:xz") as tar:
        member(tar, "./usr/share/hunspell/xx.dic", dic.encode())
        member(tar, "./usr/share/hunspell/xx.aff", aff.encode())
    parts = [("debian-binary", b"2.0\n"), ("data.tar.xz", payload.getvalue())]
    out = io.BytesIO()
    out.write(b"!<arch>\n")
    for name, data in parts:
        out.write(f"{name + '/':<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n".encode())
        out.write(data + (b"\n" if len(data) % 2 else b""))
    deb = folder / "hunspell-xx_1.0-1_all.deb"
    deb.write_bytes(out.getvalue())
    return deb


def recipe(deb: Path, **changes: object) -> dict:
    return {
        "name": "es-test",
        "language": "es",
        "alphabet": "spanish",
        "builder": "hunspell",
        "package": "hunspell-xx",
        "version": "1.0-1",
        "url": deb.as_uri(),
        "sha256": hashlib.sha256(deb.read_bytes()).hexdigest(),
        "file": "usr/share/hunspell/xx.dic",
        "license": "MIT",
        "min_length": 2,
        "expanders": ["unmunch"],
        **changes,
    }


def test_a_debian_dictionary_becomes_a_lexicon_of_its_playable_forms(tmp_path):
    deb = make_deb(tmp_path)
    report = build_from_recipe(recipe(deb), tmp_path / "out", ALPHABETS)
    lexicon = load_lexicon(tmp_path / "out" / "es-test.yaml")
    words = {ALPHABETS["spanish"].spell_key(key) for key in lexicon.trie.keys()}
    # Keyed with the digraph tiles; gats only with its affix; no name, no
    # abbreviation, no compound-only stem.
    assert words == {"[CH]ICO", "[CH]ICOS", "PE[RR]O", "PE[RR]OS", "CA[LL]E", "CA[LL]ES", "GATS"}
    assert report.dropped["capitals"] == 1
    source = yaml.safe_load((tmp_path / "out" / "es-test.yaml").read_text("utf-8"))["source"]
    assert source["registry"] == "debian" and source["sha256"] == recipe(deb)["sha256"]
    # gat and pre are no words for hunspell; etc. never reaches it (a full stop).
    assert source["forms"]["candidates"] == 10 and source["forms"]["accepted"] == 8


def test_a_package_that_is_not_the_pinned_one_is_refused(tmp_path):
    deb = make_deb(tmp_path)
    with pytest.raises(LexiconBuildError, match="does not match the recipe"):
        build_from_recipe(recipe(deb, sha256="0" * 64), tmp_path / "out", ALPHABETS)
    assert not (tmp_path / "out" / "es-test.yaml").exists()


def test_a_file_the_package_lacks_is_named(tmp_path):
    deb = make_deb(tmp_path)
    with pytest.raises(LexiconBuildError, match="has no file usr/share/hunspell/yy.dic"):
        build_from_recipe(
            recipe(deb, file="usr/share/hunspell/yy.dic"), tmp_path / "out", ALPHABETS
        )


@pytest.mark.slow
@pytest.mark.parametrize("name", ["es-hunspell", "nl-hunspell"])
def test_a_bundled_edition_rebuilds_from_debian_as_shipped(tmp_path, name):
    """The real package, fetched and expanded again, gives the bundled lexicon."""
    from adjudicator.builders import load_recipe

    recipe = load_recipe(CONFIG / "lexicons" / f"{name}.yaml")
    if not (url_reachable(recipe.url) and shutil.which("npm")):
        pytest.skip("the Debian mirror or npm is unreachable")
    report = build_from_recipe(recipe, tmp_path, ALPHABETS)
    shipped = yaml.safe_load((LEXICONS / f"{name}.yaml").read_text("utf-8"))
    assert report.sha256 == shipped["sha256"]
    assert report.word_count == shipped["word_count"]
    assert report.manifest["source"]["forms"] == shipped["source"]["forms"]
