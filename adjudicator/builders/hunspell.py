"""Hunspell dictionaries from Debian's packages (the national editions' lexicons).

The recipe pins a ``.deb`` on a Debian mirror by URL and SHA-256.  The build
fetches it, takes the ``.dic`` and ``.aff`` out of it (a ``.deb`` is an ``ar``
archive holding a compressed tar), expands every stem with every affix it allows
and keeps what hunspell accepts (:mod:`.expanders`), and hands the forms to the
word-list builder, which drops what cannot be played: entries
with a capital (proper nouns, acronyms), a full stop (abbreviations), a hyphen,
a digit, or an apostrophe where the edition has no apostrophe tile.

Hunspell does not list compounds it builds at check time (German, Dutch); the
recipe's ``notes`` say what each source cannot give.
"""

from __future__ import annotations

import io
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

from adjudicator.core.alphabet import Alphabet
from adjudicator.errors import LexiconBuildError

from .expanders import SOURCES, expand, hunspell_version
from .fetch import fetch
from .keys import junk_reason, tile_chars
from .recipe import Recipe
from .report import BuildReport
from .supplement import supplement_forms
from .wordlist import build_recipe_wordlist


def deb_members(deb: Path, wanted: tuple[str, ...]) -> dict[str, bytes]:
    """The files ``wanted`` (paths inside the package) out of a ``.deb``.

    :raises LexiconBuildError: not a ``.deb``, or a wanted file missing.
    """
    raw = deb.read_bytes()
    if not raw.startswith(b"!<arch>\n"):
        raise LexiconBuildError(f"{deb.name} is not a Debian package (no ar header)")
    offset, data_tar = 8, None
    while offset + 60 <= len(raw):
        header = raw[offset : offset + 60]
        name = header[:16].decode("ascii").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        body = raw[offset + 60 : offset + 60 + size]
        if name.startswith("data.tar"):
            data_tar = body
        offset += 60 + size + (size % 2)
    if data_tar is None:
        raise LexiconBuildError(f"{deb.name} holds no data.tar")
    found: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data_tar), mode="r:*") as tar:
        members = {m.name.removeprefix("./"): m for m in tar.getmembers()}
        for path in wanted:
            member = members.get(path)
            # Debian ships some dictionaries as symlinks to their real file.
            while member is not None and member.issym():
                target = PurePosixPath(path).parent / member.linkname
                path = str(target)
                member = members.get(path.removeprefix("/"))
            handle = tar.extractfile(member) if member is not None else None
            if handle is None:
                raise LexiconBuildError(
                    f"{deb.name} has no file {path}", package=deb.name, file=path
                )
            found[path] = handle.read()
    return found


def encoding_of(aff: bytes) -> str:
    """The character set an ``.aff`` declares (``SET``), as Python names it."""
    for line in aff.splitlines():
        if line.startswith(b"SET "):
            name = line.split()[1].decode("ascii").lower()
            return {"microsoft-cp1251": "cp1251", "iso-8859-1": "latin-1"}.get(name, name)
    return "latin-1"  # hunspell's default


def build_hunspell(
    recipe: Recipe, out_dir: Path, alphabet: Alphabet, *, work_dir: Path | None = None
) -> BuildReport:
    """Fetch the recipe's ``.deb``, expand its dictionary, build the lexicon.

    :raises LexiconBuildError: a fetch or checksum failure, a missing file in the
        package, a missing expander, or any word-list error; the installed
        lexicon is left untouched.
    """
    assert recipe.url and recipe.sha256 and recipe.file  # load_recipe requires them
    dic_path = recipe.file
    aff_path = dic_path.removesuffix(".dic") + ".aff"
    with tempfile.TemporaryDirectory(prefix="adjudicator-hunspell-", dir=work_dir) as tmp:
        folder = Path(tmp)
        deb = fetch(recipe.url, recipe.sha256, folder)
        files = deb_members(deb, (dic_path, aff_path))
        dic, aff = folder / "words.dic", folder / "words.aff"
        dic.write_bytes(files[dic_path])
        aff.write_bytes(files[aff_path])
        encoding = encoding_of(files[aff_path])
        tiles = tile_chars(alphabet)
        forms, counts = expand(
            dic,
            aff,
            encoding,
            recipe.expanders,
            folder,
            worth=lambda form: junk_reason(form, tiles) is None,
        )
        extra: list[str] = []
        if recipe.supplement is not None:
            extra = supplement_forms(recipe.supplement, folder)
            forms += extra
        word_file = folder / "forms.txt"
        word_file.write_text("".join(f + "\n" for f in dict.fromkeys(forms)), encoding="utf-8")
        source = {
            "registry": "debian",
            "package": recipe.package,
            "version": recipe.version,
            "url": recipe.url,
            "sha256": recipe.sha256,
            "file": dic_path,
            "stems": _stem_count(files[dic_path]),
            "expanded_with": [SOURCES[name] for name in recipe.expanders],
            "checked_with": f"{hunspell_version()} -G: every form kept is one it accepts",
            "forms": counts,
            "license": recipe.license,
        }
        if recipe.supplement is not None:
            source["supplement"] = recipe.supplement.provenance(len(extra))
        if recipe.notes:
            source["notes"] = recipe.notes
        # A dictionary writes names with a capital, words without.
        return build_recipe_wordlist(
            recipe, word_file, alphabet, out_dir, source=source, case="proper-nouns-capitalised"
        )


def _stem_count(dic: bytes) -> int:
    first = dic.split(b"\n", 1)[0].strip()
    return int(first) if first.isdigit() else dic.count(b"\n")
