"""Plain word list -> lexicon, the way a tournament loads NWL, CSW or ODS.

One word per line, UTF-8 with or without a byte-order mark, LF or CRLF line
ends, ``#`` comment lines and blank lines allowed.  The file is streamed, so its
size does not matter.  Entries that cannot be played are dropped and counted by
reason; a file that is not a word list at all is refused with a message a
tournament director can act on.
"""

from __future__ import annotations

import time
import typing as t
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.alphabet import Alphabet
from adjudicator.core.wordfilter import TAGS
from adjudicator.errors import LexiconBuildError

from .keys import KeyMaker, case_of, fold_table, junk_reason
from .records import add_fold_variants
from .report import BuildReport, Dropped
from .writer import LexiconMeta, file_checksum, write_lexicon

_UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


@dataclass
class _Bucket:
    """Entries written in one case: kept keys and what was dropped among them."""

    keys: set[str] = field(default_factory=set)
    dropped: Dropped = field(default_factory=Dropped)
    entries: int = 0
    examples: list[str] = field(default_factory=list)


@dataclass
class WordList:
    """What a word-list file holds once read."""

    keys: set[str]
    dropped: Dropped
    lines: int
    case: str  # "upper", "lower" or "none": the list's dominant case


def read_wordlist(path: Path, alphabet: Alphabet, *, min_length: int = 1) -> WordList:
    """Read and check a word list; see the module docstring.

    :raises LexiconBuildError: a missing, binary, non-UTF-8 or empty file, or a
        list whose words mostly use letters outside ``alphabet``.
    """
    make_key = KeyMaker(alphabet)
    buckets = {case: _Bucket() for case in ("upper", "lower", "none")}
    dropped = Dropped()
    lines = 0
    for number, text in _lines(path):
        lines = number
        entry = text.strip()
        if not entry or entry.startswith("#"):
            continue
        reason = junk_reason(entry)
        case = case_of(entry)
        if reason is None and case == "mixed":
            reason = "capitals"
        if reason is not None:
            dropped.add(reason, entry)
            continue
        bucket = buckets[case]
        bucket.entries += 1
        if len(bucket.examples) < 5:
            bucket.examples.append(entry)
        key = make_key.try_key(entry)
        if key is None:
            bucket.dropped.add("not_in_alphabet", entry)
        elif len(key) < min_length:
            bucket.dropped.add("too_short", entry)
        elif key in bucket.keys:
            bucket.dropped.add("duplicate", entry)
        else:
            bucket.keys.add(key)
    upper, lower = buckets["upper"].entries, buckets["lower"].entries
    dominant = "none" if upper == lower == 0 else "upper" if upper >= lower else "lower"
    minor = buckets["lower" if dominant == "upper" else "upper"]
    dropped.add_many("capitals", minor.entries, minor.examples)
    keys: set[str] = set()
    for case in dict.fromkeys((dominant, "none")):
        bucket = buckets[case]
        dropped.merge(bucket.dropped)
        overlap = keys & bucket.keys
        dropped.add_many("duplicate", len(overlap), sorted(overlap))
        keys |= bucket.keys
    _refuse_if_unusable(path, alphabet, keys, dropped, lines)
    return WordList(keys, dropped, lines, dominant)


def _lines(path: Path) -> t.Iterator[tuple[int, str]]:
    """Decoded lines with their 1-based numbers; refuse binary and non-UTF-8 input."""
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise LexiconBuildError(
            f"cannot read the word list {path}: {exc.strerror}", path=str(path)
        ) from exc
    with fh:
        head = fh.read(4)
        fh.seek(0)
        if head.startswith(_UTF16_32_BOMS):
            raise LexiconBuildError(
                f"{path.name} is saved as UTF-16 or UTF-32; save it as UTF-8 and try again",
                path=str(path),
            )
        for number, raw in enumerate(fh, start=1):
            if b"\x00" in raw:
                raise LexiconBuildError(
                    f"{path.name} is not a text word list: line {number} contains a NUL "
                    "byte (a binary file, or a text file in UTF-16)",
                    path=str(path),
                    line=number,
                )
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise LexiconBuildError(
                    f"{path.name} is not valid UTF-8: line {number}, byte {exc.start + 1} "
                    f"(0x{raw[exc.start]:02X}); save the list as UTF-8 and try again",
                    path=str(path),
                    line=number,
                ) from exc
            if number == 1:
                text = text.removeprefix("\ufeff")
            text = text.rstrip("\r\n")
            if "\r" in text:  # classic Mac line ends: CR only
                for part in text.split("\r"):
                    yield number, part
            else:
                yield number, text


def _refuse_if_unusable(
    path: Path, alphabet: Alphabet, keys: set[str], dropped: Dropped, lines: int
) -> None:
    outside = dropped.counts.get("not_in_alphabet", 0)
    if not keys:
        detail = f"{path.name} has no usable words ({lines} lines read"
        if dropped.total:
            top = ", ".join(f"{n} {reason}" for reason, n in sorted(dropped.counts.items()))
            detail += f"; dropped: {top}"
        raise LexiconBuildError(detail + ")", path=str(path), dropped=dropped.sorted_counts())
    if outside > len(keys):
        shown = ", ".join(dropped.examples["not_in_alphabet"])
        raise LexiconBuildError(
            f"{outside} of {outside + len(keys)} words in {path.name} use letters outside "
            f"the {alphabet.name} alphabet (e.g. {shown}); is this the right alphabet?",
            path=str(path),
            alphabet=alphabet.name,
        )


def build_wordlist(
    path: Path | str,
    name: str,
    alphabet: Alphabet,
    out_dir: Path | str,
    language: str,
    version: str,
    license: str,
    *,
    attribution: str | None = None,
    source: t.Mapping[str, t.Any] | None = None,
    min_length: int = 1,
    fold_variants: t.Mapping[str, str] | None = None,
) -> BuildReport:
    """Build ``out_dir/NAME.{marisa,yaml}`` from a plain word list.

    Every word gets one record ``(TAGS["word"], 0)``.

    :param source: provenance for the manifest; by default the file's name and
        its SHA-256.
    :param min_length: drop shorter entries (in tiles) as ``too_short``.
    :param fold_variants: e.g. ``{"Ё": "Е"}``: also store folded spellings.
    :raises LexiconBuildError: see :func:`read_wordlist`; the installed
        lexicon is left untouched.
    """
    started = time.perf_counter()
    path, out_dir = Path(path), Path(out_dir)
    words = read_wordlist(path, alphabet, min_length=min_length)
    fold = dict(fold_variants or {})
    value = (TAGS["word"], 0)
    records = add_fold_variants({(k, value) for k in words.keys}, fold_table(alphabet, fold))
    meta = LexiconMeta(
        name=name,
        language=language,
        version=str(version),
        license=license,
        source=dict(source)
        if source is not None
        else {"file": path.name, "sha256": file_checksum(path)},
        attribution=attribution,
        fold_variants=fold,
    )
    manifest = write_lexicon(
        out_dir, meta, records, alphabet, dropped=words.dropped.sorted_counts()
    )
    return BuildReport(
        name=name,
        manifest_path=out_dir / f"{name}.yaml",
        word_count=manifest["word_count"],
        form_count=manifest["form_count"],
        sha256=manifest["sha256"],
        dropped=words.dropped.sorted_counts(),
        examples={k: list(v) for k, v in sorted(words.dropped.examples.items())},
        seconds=time.perf_counter() - started,
        manifest=manifest,
        notes=(
            f"entries are {words.case}case; entries in other case dropped as capitals"
            if words.case != "none"
            else "entries have no letter case",
        ),
    )
