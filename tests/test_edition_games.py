"""Made games of each national edition, scored by hand from its tile values and
the standard board, imported as a club imports a record (GCG, digraph tiles in
brackets as Macondo writes them: ``[CH]``, a blank ``[ll]``).

Every play must score what the record says and every running total follow.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.core.game_gcg import import_record
from adjudicator.core.gcg import decode_gcg, parse_gcg, write_gcg
from adjudicator.loaders import load_config
from tests.conftest import CONFIG

GAMES = Path(__file__).parent / "data" / "games"
REGISTRY = load_config(CONFIG)
# The players' totals at the end of each made game, as worked out by hand.
TOTALS = {
    "scrabble-es": [36, 20],
    "scrabble-ca": [48, 14],
    "scrabble-de": [37, 9],
    "scrabble-fr": [59, 15],
    "scrabble-uk": [38, 30],
    "scrabble-nl": [84, 6],
    "scrabble-it": [10, 23],
    "scrabble-pt": [12, 7],
    "scrabble-ro": [8, 12],
}


@pytest.mark.parametrize("ruleset", sorted(TOTALS))
def test_a_made_game_scores_as_worked_out_by_hand(ruleset):
    record = parse_gcg(decode_gcg((GAMES / f"{ruleset}.gcg").read_bytes()))
    _, events, state = import_record(record, REGISTRY.rulesets[ruleset])
    assert state.flags == []
    assert state.scores == TOTALS[ruleset]
    # And it writes back as it was read, digraph tiles in brackets included.
    again = parse_gcg(write_gcg(record))
    assert [replace(e, line=0) for e in again.events] == [replace(e, line=0) for e in record.events]
