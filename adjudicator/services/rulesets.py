"""Describe the rulesets in force."""

from __future__ import annotations

import typing as t

from adjudicator.core.ruleset import Ruleset
from adjudicator.core.wordfilter import tag_names

if t.TYPE_CHECKING:
    from adjudicator.loaders import Registry


def list_rulesets(registry: Registry) -> list[dict[str, t.Any]]:
    return [
        {
            "name": r.name,
            "title": r.title,
            "language": r.language,
            "lexicon": r.lexicon,
            "lexicons": registry.fitting.get(r.name, []),
            "description": r.description,
        }
        for r in sorted(registry.rulesets.values(), key=lambda r: r.name)
    ]


def describe_ruleset(registry: Registry, name: str) -> dict[str, t.Any]:
    """The rules in force: tiles, layout, rack, bonuses and flags.

    :raises UnknownRulesetError: no such ruleset.
    """
    r: Ruleset = registry.ruleset(name)
    alpha, layout = r.alphabet, r.layout
    return {
        "name": r.name,
        "title": r.title,
        "description": r.description,
        "language": r.language,
        "lexicon": r.lexicon,
        "lexicons": registry.fitting.get(r.name, []),
        "rack_size": r.rack_size,
        "bingo_bonus": r.bingo_bonus,
        "bingo_min_tiles": r.bingo_min_tiles,
        "blank_scores": r.blank_scores,
        "multi_line_moves": r.multi_line_moves,
        "star_swap": r.star_swap,
        "first_play_min_tiles": r.first_play_min_tiles,
        "fold": dict(r.fold),
        "challenge_rule": r.challenge_rule,
        "challenge_bonus_per": r.challenge_bonus_per,
        "word_filter": {
            "accept": [tag_names(bits) for bits in r.word_filter.accept],
            "reject": tag_names(r.word_filter.reject),
        },
        "tiles": {
            "alphabet": alpha.name,
            "total": alpha.total_tiles,
            "blank": {"label": alpha.blank_label, "count": alpha.blank_count},
            "letters": [
                {"label": s.label, "blank_label": s.blank_label, "count": s.count, "score": s.score}
                for s in alpha.letters
            ],
        },
        "layout": {
            "name": layout.name,
            "rows": layout.rows,
            "cols": layout.cols,
            "start": {"row": layout.start[0], "col": layout.start[1]},
            "legend": [
                {
                    "symbol": p.symbol,
                    "letter_multiplier": p.letter,
                    "word_multiplier": p.word,
                    "name": p.name,
                    "colour": p.colour,
                }
                for p in layout.legend
            ],
            "grid": layout.grid(),
        },
        "sources": list(r.sources),
        "notes": list(r.notes),
    }
