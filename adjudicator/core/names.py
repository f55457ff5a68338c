"""Players' names: what a club game accepts, from the API and from a GCG record alike.

A name is shown on the keeper, judge and spectator pages and written into GCG
lines, one field of one line: it is bounded in length and holds no control
character or line break, which would end the line and let the rest be read as
a line of its own (a move nobody made).
"""

from __future__ import annotations

import unicodedata

# Long enough for a full name with particles and a double surname ("Maria del
# Carmen Fernández-Villaverde Rodríguez" is 46), short enough to fit a
# scoreboard line on a phone and a GCG line.
MAX_NAME_LENGTH = 64
# Control characters (newlines among them), and the line and paragraph separators.
_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def breaks_a_line(ch: str) -> bool:
    """True for a control character or a line/paragraph separator."""
    return unicodedata.category(ch) in _BREAKING


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can."""
    if not name.strip():
        return "a player's name cannot be empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a player's name has at most {MAX_NAME_LENGTH} characters, not {len(name)}"
    if any(breaks_a_line(ch) for ch in name):
        return "a player's name cannot hold a line break or a control character"
    return None
