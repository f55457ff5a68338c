"""A word list's text: decoded line by line, refusing what is not UTF-8 text."""

from __future__ import annotations

import typing as t
from pathlib import Path

from adjudicator.errors import LexiconBuildError

_UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def text_lines(path: Path) -> t.Iterator[tuple[int, str]]:
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
