from __future__ import annotations

from adjudicator.cli import cli
from tests.conftest import board_rows


def test_score_prints_breakdown(runner):
    result = runner.invoke(cli, ["score", "--ruleset", "scrabble-en", "8D", "WINDY"])
    assert result.exit_code == 0, result.output
    assert "WINDY" in result.output and "32" in result.output.splitlines()[-1]


def test_score_with_board_file(runner, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("\n".join(board_rows(r7="...WINDY")), encoding="utf-8")
    result = runner.invoke(cli, ["score", "--ruleset", "scrabble-en", "--board", str(board),
                                 "9D", "OX"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].split() == ["total", "23"]


def test_score_illegal_exits_non_zero(runner):
    result = runner.invoke(cli, ["score", "--ruleset", "scrabble-en", "8A", "QI"])
    assert result.exit_code == 1
    assert "misses-start" in result.output


def test_rulesets(runner):
    result = runner.invoke(cli, ["rulesets"])
    assert result.exit_code == 0
    assert "erudite-ru" in result.output and "scrabble-en-9" in result.output
