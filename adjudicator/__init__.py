"""adjudicator: word validation and adjudication for Scrabble-family games."""

from __future__ import annotations

__version__ = "0.1.0"
