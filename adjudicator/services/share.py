"""A picture of the spectator page's address, to scan at the table."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> str:
    """The address as a QR code, drawn as SVG on the server (no outside service)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=6, border=2, xmldecl=False, title="QR code: " + url
    )
    return out.getvalue().decode()
