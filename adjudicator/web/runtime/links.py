"""Addresses to give people: share links and QR codes.

They start with ``ADJUDICATOR_PUBLIC_URL`` when it is set (behind a proxy, or a
fixed name on a club's network); otherwise with the address the request came to,
so a tablet that reached the laptop at ``http://192.168.1.20:8000`` shares that,
not ``localhost``.
"""

from __future__ import annotations

from flask import request

from adjudicator.web.runtime.extension import runtime


def public_base() -> str:
    """``https://scrabble.example.org`` or ``http://192.168.1.20:8000``, no trailing ``/``."""
    return runtime().settings.public_url or request.host_url.rstrip("/")


def public_url(path: str) -> str:
    """``path`` (``/games/<id>``, as ``url_for`` gives it) as an address to share."""
    return public_base() + path
