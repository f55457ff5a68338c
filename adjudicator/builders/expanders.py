"""Hunspell stems to word forms: real expanders, checked by hunspell itself.

No expander gets every dictionary right.  Debian's ``unmunch`` (package
``hunspell-tools``) reads only one-character flags and over-generates where a
dictionary combines affixes (Spanish, Portuguese); cspell's ``hunspell-reader``
(npm) reads every flag type but stops short on some suffix chains (Romanian).  So
the build runs each expander the recipe names, takes every form any of them
gives, and keeps the forms that ``hunspell`` (Debian package ``hunspell``),
loaded with the same dictionary, accepts as words: the dictionary's own verdict,
which also drops forms allowed only inside compounds (ONLYINCOMPOUND) and
forbidden words.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import typing as t
from pathlib import Path

from adjudicator.errors import LexiconBuildError

EXPANDERS = ("unmunch", "hunspell-reader")
READER_PACKAGE = "hunspell-reader@9.7.0"  # npm, MIT, the cspell project
TIMEOUT = 1800  # seconds, for each step


def _run(
    args: list[str],
    what: str,
    stdin: bytes | None = None,
    env: t.Mapping[str, str] | None = None,
) -> bytes:
    try:
        done = subprocess.run(
            args,
            input=stdin,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
            env=None if env is None else {**os.environ, **env},
        )
    except subprocess.TimeoutExpired as exc:
        raise LexiconBuildError(f"{what} took longer than {TIMEOUT} s") from exc
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip()[-300:]
        raise LexiconBuildError(f"{what} failed: {tail}")
    return done.stdout


def _tool(name: str, hint: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise LexiconBuildError(f"{name} is not installed; {hint}")
    return path


def unmunch(dic: Path, aff: Path, encoding: str, work: Path) -> list[str]:
    """``unmunch DIC AFF``: every stem with its affixes, in the dictionary's encoding."""
    exe = _tool("unmunch", "it expands hunspell dictionaries (apt-get install hunspell-tools)")
    out = _run([exe, str(dic), str(aff)], f"unmunch {dic.name}")
    return out.decode(encoding, "replace").splitlines()


def hunspell_reader(dic: Path, aff: Path, encoding: str, work: Path) -> list[str]:
    """cspell's ``hunspell-reader words DIC``, installed from npm into ``work``."""
    npm = _tool("npm", f"it installs {READER_PACKAGE} from the npm registry")
    prefix = work / "npm"
    _run(
        [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(prefix)]
        + [READER_PACKAGE],
        f"npm install {READER_PACKAGE}",
    )
    exe = prefix / "node_modules" / ".bin" / "hunspell-reader"
    # Catalan and Italian expand to tens of millions of forms: more heap than node's default.
    heap = {"NODE_OPTIONS": "--max-old-space-size=12000"}
    out = _run([str(exe), "words", "--unique", str(dic)], f"hunspell-reader {dic.name}", env=heap)
    return out.decode("utf-8", "replace").splitlines()


# What the manifest names as each expander.
SOURCES = {"unmunch": "unmunch (Debian hunspell-tools)", "hunspell-reader": f"npm {READER_PACKAGE}"}
RUNNERS: dict[str, t.Callable[[Path, Path, str, Path], list[str]]] = {
    "unmunch": unmunch,
    "hunspell-reader": hunspell_reader,
}


def hunspell_version() -> str:
    """``Hunspell 1.7.1``, as ``hunspell -v`` says (recorded in the manifest)."""
    exe = _tool("hunspell", "it checks the expanded forms (apt-get install hunspell)")
    said = _run([exe, "-v"], "hunspell -v").decode("utf-8", "replace")
    found = re.search(r"Hunspell [0-9.]+", said)
    return found[0] if found else said.strip().splitlines()[0]


def accepted(forms: t.Iterable[str], dic: Path) -> list[str]:
    """The forms that ``hunspell`` with this dictionary accepts (``hunspell -G``)."""
    exe = _tool("hunspell", "it checks the expanded forms (apt-get install hunspell)")
    text = "".join(f + "\n" for f in forms).encode("utf-8")
    base = str(dic.with_suffix(""))
    out = _run([exe, "-G", "-i", "UTF-8", "-d", base], f"hunspell -G {dic.name}", stdin=text)
    return out.decode("utf-8", "replace").splitlines()


def expand(
    dic: Path,
    aff: Path,
    encoding: str,
    expanders: t.Sequence[str],
    work: Path,
    worth: t.Callable[[str], bool] = bool,
) -> tuple[list[str], dict[str, int]]:
    """The forms of a dictionary that hunspell accepts, and how many each expander gave.

    :param worth: forms worth checking (a cheap filter before hunspell: a form with
        a hyphen would be dropped anyway).
    :raises LexiconBuildError: an expander or hunspell missing or failing.
    """
    candidates: dict[str, None] = {}
    counts: dict[str, int] = {}
    for name in expanders:
        forms = [_bare(f) for f in RUNNERS[name](dic, aff, encoding, work)]
        forms = [f for f in forms if f and worth(f)]
        counts[name] = len(set(forms))
        candidates.update(dict.fromkeys(forms))
    counts["candidates"] = len(candidates)
    kept = accepted(candidates, dic)
    counts["accepted"] = len(kept)
    return kept, counts


def _bare(line: str) -> str:
    """A form without the flags or morphological fields an expander may leave on it."""
    return line.split("/", 1)[0].split("\t", 1)[0].strip()
