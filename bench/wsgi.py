"""One request through a WSGI app in process, as the in-process measures send it."""

from __future__ import annotations

import io
import typing as t


def call(app: t.Any, environ: dict[str, t.Any], body: bytes) -> tuple[str, bytes]:
    """Answer one request: (status line, the answer's bytes); ``environ`` is copied
    and given ``body`` as its input and ``Content-Length``."""
    env = dict(environ)
    env["wsgi.input"] = io.BytesIO(body)
    env["CONTENT_LENGTH"] = str(len(body))
    got: list[str] = []
    chunks = app(env, lambda status, headers, exc_info=None: got.append(status))
    try:
        answer = b"".join(chunks)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    return got[0] if got else "", answer
