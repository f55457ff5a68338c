"""What a GCG record can be refused for: each error names the line (1-based)."""

from __future__ import annotations

import typing as t

from adjudicator.errors.common import InputError


class GcgError(InputError):
    """A GCG record that cannot be read; ``line`` is 1-based, ``text`` the line."""

    code = "gcg-invalid"
    title = "Invalid GCG record"

    def __init__(self, line: int, text: str, reason: str, **fields: t.Any) -> None:
        super().__init__(f"line {line}: {reason}: {text!r}", line=line, text=text, **fields)
        self.line = line
        self.text = text
        self.reason = reason


class GcgEncodingError(GcgError):
    code = "gcg-encoding"
    title = "GCG record in an unreadable encoding"


class GcgSyntaxError(GcgError):
    code = "gcg-syntax"
    title = "GCG line not understood"

    def __init__(self, line: int, text: str, reason: str = "not a GCG line") -> None:
        super().__init__(line, text, reason)


class GcgPragmaError(GcgError):
    code = "gcg-pragma"
    title = "Bad GCG pragma"


class GcgUnknownPlayerError(GcgError):
    code = "gcg-unknown-player"
    title = "Move by an undeclared player"

    def __init__(self, line: int, text: str, nick: str) -> None:
        super().__init__(line, text, f"no #player pragma declares {nick!r}", nick=nick)


class GcgWithdrawalError(GcgError):
    code = "gcg-orphan-withdrawal"
    title = "Withdrawal without a play to withdraw"

    def __init__(self, line: int, text: str) -> None:
        super().__init__(line, text, "'--' must directly follow a tile play by the same player")


class GcgTileError(GcgError):
    """A word or rack of the record holds a character the ruleset's alphabet lacks."""

    code = "gcg-unknown-tile"
    title = "GCG record uses a tile the alphabet lacks"
