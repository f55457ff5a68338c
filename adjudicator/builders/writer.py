"""Write a lexicon (trie, lemma rules, manifest) without ever leaving it half-built.

Every file is written to a hidden temporary file in the target folder and moved
into place with :func:`os.replace` only after all three are complete, so a
failed build leaves the installed lexicon exactly as it was.  The manifest is
moved last: it is the file the loaders read first.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import tempfile
import typing as t
from dataclasses import dataclass, field
from pathlib import Path

import marisa_trie
import yaml

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.lexicon import RECORD_FORMAT, SOURCED_FORMAT
from adjudicator.core.wordfilter import tag_names
from adjudicator.errors import LexiconBuildError

from .records import Record, Rule

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
MAX_FIELD = 0xFFFF  # "<HH": two unsigned 16-bit numbers per record
MAX_SOURCED_TAGS = 0xFFFFFFFF  # "<IH": a merged lexicon's tags and source


@dataclass(frozen=True, slots=True)
class LexiconMeta:
    """Who a lexicon is and where it came from; copied into its manifest."""

    name: str
    language: str
    version: str
    license: str
    source: t.Mapping[str, t.Any] = field(default_factory=dict)
    attribution: str | None = None
    fold_variants: t.Mapping[str, str] = field(default_factory=dict)
    case: str | None = None  # a word list: how its letter case was read
    ruleset: str | None = None  # a word list built for one ruleset


def key_checksum(keys: t.Iterable[str]) -> str:
    """``sha256:<hex>`` of the sorted distinct keys joined by newlines (UTF-8).

    This is the reproducibility checksum: it depends on the words only, not on
    the trie library's file format.
    """
    distinct = keys if isinstance(keys, (set, frozenset)) else set(keys)
    digest = hashlib.sha256("\n".join(sorted(distinct)).encode("utf-8")).hexdigest()
    return f"sha256:{digest}"


def file_checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return f"sha256:{digest.hexdigest()}"


def build_date() -> str:
    """UTC now, or ``SOURCE_DATE_EPOCH`` when set (byte-identical manifests)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (
        dt.datetime.fromtimestamp(int(epoch), dt.UTC)
        if epoch
        else dt.datetime.now(dt.UTC).replace(microsecond=0)
    )
    return when.isoformat().replace("+00:00", "Z")


def write_lexicon(
    out_dir: Path,
    meta: LexiconMeta,
    records: t.Iterable[Record],
    alphabet: Alphabet,
    *,
    lemma_rules: t.Sequence[Rule] | None = None,
    dropped: t.Mapping[str, int] | None = None,
    sources: t.Sequence[t.Mapping[str, t.Any]] | None = None,
) -> dict[str, t.Any]:
    """Build the trie and install ``NAME.marisa``, ``NAME.lemmas.json``, ``NAME.yaml``.

    :param records: ``(key, (tag bits, lemma rule))``; duplicates are merged.
    :param lemma_rules: ``[(cut, append), ...]`` with rule 0 ``(0, "")``, or
        ``None`` when every record uses rule 0 (no lemma file is written).
    :param sources: a merged lexicon's sources, each with a ``name``; a record's
        tag bits from ``SOURCE_SHIFT`` up index this list (see :mod:`~adjudicator.core.lexicon`).
    :return: the manifest as written.
    :raises LexiconBuildError: a bad name, no records, or a value that does
        not fit the record format.  Nothing is installed in that case.
    """
    if not NAME_RE.match(meta.name):
        raise LexiconBuildError(
            f"lexicon name {meta.name!r} must be lowercase letters, digits, '.', '_' or '-'",
            lexicon=meta.name,
        )
    # marisa sorts keys itself: the trie's bytes do not depend on this order.
    unique = list(records if isinstance(records, set) else set(records))
    if not unique:
        raise LexiconBuildError(f"lexicon {meta.name!r} would be empty", lexicon=meta.name)
    layout, max_tags = (SOURCED_FORMAT, MAX_SOURCED_TAGS) if sources else (RECORD_FORMAT, MAX_FIELD)
    keys = {key for key, _ in unique}
    tags = _check_fields(meta.name, keys, unique, lemma_rules, max_tags)
    out_dir.mkdir(parents=True, exist_ok=True)
    trie_name = f"{meta.name}.marisa"
    lemma_name = f"{meta.name}.lemmas.json" if lemma_rules is not None else None
    temps: list[Path] = []
    try:
        trie_tmp = _temp_path(out_dir, meta.name, temps)
        trie = marisa_trie.RecordTrie(layout, unique)
        trie.save(str(trie_tmp))
        del trie
        _verify_trie(trie_tmp, len(unique), meta.name, layout)
        lemma_tmp = None
        if lemma_rules is not None:
            lemma_tmp = _temp_path(out_dir, meta.name, temps)
            _write_text(lemma_tmp, _lemma_json(lemma_rules))
        manifest = {
            "name": meta.name,
            "language": meta.language,
            "version": str(meta.version),
            "source": dict(meta.source),
            "license": meta.license,
            "attribution": meta.attribution,
            "word_count": len(keys),
            "form_count": len(unique),
            "build_date": build_date(),
            "sha256": key_checksum(keys),
            "alphabet": alphabet.name,
            "alphabet_fingerprint": alphabet.fingerprint(),
            "fold_variants": dict(meta.fold_variants),
            # The tags its readings carry: a ruleset's filter applies through these.
            "tags": tag_names(tags),
            **({"sources": [dict(s) for s in sources]} if sources else {}),
            **{k: v for k, v in (("case", meta.case), ("ruleset", meta.ruleset)) if v},
            "files": {
                "trie": trie_name,
                "trie_sha256": file_checksum(trie_tmp),
                "lemmas": lemma_name,
            },
            "dropped": dict(sorted((dropped or {}).items())),
        }
        manifest_tmp = _temp_path(out_dir, meta.name, temps)
        _write_text(manifest_tmp, yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True))
        os.replace(trie_tmp, out_dir / trie_name)
        if lemma_tmp is not None and lemma_name is not None:
            os.replace(lemma_tmp, out_dir / lemma_name)
        os.replace(manifest_tmp, out_dir / f"{meta.name}.yaml")
    finally:
        for path in temps:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    if lemma_name is None:
        # A stale rule file from an earlier build would only mislead.
        with contextlib.suppress(FileNotFoundError):
            (out_dir / f"{meta.name}.lemmas.json").unlink()
    return manifest


def _check_fields(
    name: str,
    keys: t.Collection[str],
    records: list[Record],
    rules: t.Sequence[Rule] | None,
    max_tags: int,
) -> int:
    """Check the keys, and each distinct ``(tags, rule)`` of the records.

    :return: the OR of every record's tags.
    """
    n_rules = len(rules) if rules is not None else 1
    if rules is not None and (not rules or tuple(rules[0]) != (0, "")):
        raise LexiconBuildError('lemma rule 0 must be [0, ""]', lexicon=name)
    if n_rules > MAX_FIELD + 1:
        raise LexiconBuildError(
            f"{n_rules} lemma rules do not fit the record format (at most {MAX_FIELD + 1})",
            lexicon=name,
        )
    if "" in keys:
        raise LexiconBuildError("an empty key cannot be stored", lexicon=name)
    every = 0
    for value in {value for _, value in records}:
        tags, rule = value
        every |= tags
        if not (0 <= tags <= max_tags and 0 <= rule < n_rules):
            key = next(key for key, v in records if v == value)
            raise LexiconBuildError(
                f"record for {key!r} has tags {tags} / rule {rule} outside the record format",
                lexicon=name,
            )
    return every


def _temp_path(folder: Path, name: str, temps: list[Path]) -> Path:
    fd, path = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    # mkstemp makes the file private (0600); installed lexicons are world-readable
    # like any other file the umask allows.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)
    temps.append(Path(path))
    return Path(path)


def _write_text(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())


def _lemma_json(rules: t.Sequence[Rule]) -> str:
    """One rule per line, so a rebuild shows up as a readable diff."""
    lines = [json.dumps([cut, append], ensure_ascii=False) for cut, append in rules]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def _verify_trie(path: Path, expected_records: int, name: str, layout: str) -> None:
    """Re-open the new trie the way the service will (mmap) before installing it."""
    trie = marisa_trie.RecordTrie(layout).mmap(str(path))
    if len(trie) != expected_records:
        raise LexiconBuildError(
            f"the new trie for {name!r} holds {len(trie)} records, expected {expected_records}",
            lexicon=name,
        )
