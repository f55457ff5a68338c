"""The admin key: the one in ``ADJUDICATOR_ADMIN_KEY``, else one the service
generated into its data folder on first start (mode 0600), as Jupyter makes
its token.  Admin actions are never open by default."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile

from adjudicator.settings import Settings


def admin_key(settings: Settings) -> tuple[str, bool]:
    """The admin key in force, and whether this call generated it.

    Instances starting together agree: the file is linked into place only if
    it is not there yet, and the loser reads the winner's key.
    """
    if settings.admin_key:
        return settings.admin_key, False
    path = settings.admin_key_file
    if path.exists():
        return path.read_text(encoding="ascii").strip(), False
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    fd, temp = tempfile.mkstemp(prefix=".admin-key.", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(key + "\n")
        try:
            os.link(temp, path)
        except FileExistsError:
            return path.read_text(encoding="ascii").strip(), False
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
    return key, True
