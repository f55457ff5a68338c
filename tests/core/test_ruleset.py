from __future__ import annotations

import shutil

import pytest
import yaml

from adjudicator.errors import ConfigError
from adjudicator.loaders import load_config
from tests.conftest import CONFIG


@pytest.fixture()
def config(tmp_path):
    dst = tmp_path / "config"
    shutil.copytree(CONFIG, dst)
    return dst


def edit(path, **changes):
    data = yaml.safe_load(path.read_text("utf-8"))
    data.update(changes)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")


@pytest.mark.parametrize(
    "changes,key",
    [
        ({"rack_sise": 7}, "rack_sise"),
        ({"alphabet": "klingon"}, "alphabet"),
        ({"layout": "hexagonal"}, "layout"),
        ({"challenge_rule": "quadruple"}, "challenge_rule"),
        ({"rack_size": "seven"}, "rack_size"),
        ({"rack_size": True}, "rack_size"),
        ({"word_filter": {"accept": [["nown"]]}}, "word_filter"),
        ({"fold": {"ЁЁ": "Е"}}, "fold"),
        ({"duplicate": [1]}, "duplicate"),
        ({"duplicate": {"round_secs": 180}}, "duplicate.round_secs"),
        ({"duplicate": {"round_seconds": "3 min"}}, "duplicate.round_seconds"),
        ({"duplicate": {"round_seconds": 0}}, "duplicate.round_seconds"),
        ({"duplicate": {"vowels": ["Ä"]}}, "duplicate.vowels"),
        ({"duplicate": {"blank_counts_as": "both"}}, "duplicate.blank_counts_as"),
        ({"duplicate": {"top_tie_break": ["luck"]}}, "duplicate.top_tie_break"),
        ({"duplicate": {"draw_minimums": [{"until": 15}]}}, "duplicate.draw_minimums"),
    ],
)
def test_bad_ruleset_names_file_and_key(config, changes, key):
    path = config / "rulesets" / "scrabble-en.yaml"
    edit(path, **changes)
    with pytest.raises(ConfigError) as info:
        load_config(config)
    assert info.value.fields["source"] == str(path)
    assert info.value.fields["key"] == key
    assert str(path) in info.value.detail


def test_bad_alphabet_key(config):
    path = config / "alphabets" / "english.yaml"
    edit(path, colour="red")
    with pytest.raises(ConfigError) as info:
        load_config(config)
    assert info.value.fields["key"] == "colour"


def test_missing_required_key(config):
    path = config / "rulesets" / "scrabble-en.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    del data["layout"]
    path.write_text(yaml.safe_dump(data), "utf-8")
    with pytest.raises(ConfigError, match="layout"):
        load_config(config)


def test_bundled_rulesets(registry):
    en = registry.ruleset("scrabble-en")
    assert (en.rack_size, en.bingo_bonus, en.alphabet.total_tiles) == (7, 50, 100)
    en9 = registry.ruleset("scrabble-en-9")
    assert (en9.rack_size, en9.bingo_min_tiles) == (9, 7)
    ru = registry.ruleset("scrabble-ru")
    assert (ru.bingo_bonus, ru.alphabet.total_tiles, ru.fold) == (15, 104, {})
    er = registry.ruleset("erudite-ru")
    assert er.multi_line_moves and er.star_swap and er.blank_scores_letter
